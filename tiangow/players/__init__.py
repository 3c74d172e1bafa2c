"""The computer players.

- :class:`RandomBot` — uniformly random legal actions, the baseline (:mod:`tiangow.players.random`).
- :class:`RuleBot` — a rule-based intermediate (:mod:`tiangow.players.rule`), played by the
  search's compiled core.
- :class:`SearchBot` — samples the hidden tiles and searches each sample
  (:mod:`tiangow.players.search`, exact endgames by :mod:`tiangow.search`), as hard as its
  :class:`tiangow.policy.SearchPolicy` says.
- :class:`ModelBot` — plays what the coach recommends from its own seat: lesson 08's strong
  opponents (:mod:`tiangow.players.model`).

Every player decides from one seat's :class:`tiangow.DealView` only. The coach that advises the
learner is :mod:`tiangow.coach`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Bot, BotError, play_hand, sample_deal
from .random import RandomBot
from .rule import RuleBot
from .search import Option, SearchBot

if TYPE_CHECKING:
    from .model import ModelBot

__all__ = ["Bot", "BotError", "ModelBot", "Option", "RandomBot", "RuleBot", "SearchBot", "play_hand", "sample_deal"]


def __getattr__(name: str) -> Any:
    # ModelBot is the coach's model, and the coach uses these players: it is loaded when asked for
    if name == "ModelBot":
        from .model import ModelBot

        return ModelBot
    raise AttributeError(f"module 'tiangow.players' has no attribute {name!r}")
