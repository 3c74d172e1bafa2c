"""Computer players and the coach.

- :class:`RandomBot` — uniformly random legal actions, the baseline.
- :class:`RuleBot` — a rule-based intermediate (:mod:`tiangow.bots.rule`).
- :class:`SearchBot` — samples the hidden tiles and searches each sample
  (:mod:`tiangow.bots.search`, exact endgames by :mod:`tiangow.search`).
- :class:`ModelBot` — plays what the coach recommends from its own seat: lesson 08's strong
  opponents (ahead of :class:`SearchBot` in play; docs/performance.md, "The bots").
- :class:`Coach` — :meth:`Coach.hint`: a nudge, then the recommended play with the expected
  outcome of each option; :meth:`Coach.mark`: best / fine / mistake for a play made
  (:mod:`tiangow.bots.hints`).

Every bot decides from one seat's :class:`tiangow.DealView` only; the search bots and the
coach think as hard as their :class:`tiangow.policy.SearchPolicy` says.
"""

from __future__ import annotations

from .base import Bot, BotError, RandomBot, play_hand, sample_deal
from .hints import Coach, Hint, Mark, Marked, ModelBot
from .rule import RuleBot
from .search import Option, SearchBot
from .session import ActResult, Session

__all__ = [
    "ActResult",
    "Bot",
    "BotError",
    "Coach",
    "Hint",
    "Mark",
    "Marked",
    "ModelBot",
    "Option",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "Session",
    "play_hand",
    "sample_deal",
]
