"""A rule-based player that plays like a sensible intermediate.

It reasons only from what its seat can see: its own tiles and discards, the tiles shown face
up, and how many tiles each other player still holds. From the tiles it has not seen it
estimates how likely each play is to be beaten, and then:

- **Keeps a closer** — its most reliable play, kept back to win the last trick (R-W1),
  together with at least one stack so that a single closer may still win (R-W2).
- **Cashes sure winners** — a play nothing unseen can beat keeps the lead; the biggest first.
- **Keeps combinations together** — a pair or triple is worth more than its tiles: it leads
  them when they are likely to hold, and never breaks them to discard while it has loose tiles.
- **Does not waste high tiles** — it beats with the lowest play that wins, takes single tricks
  only when its play is likely to stand, and never spends its closer on an early trick.
- **Discards to keep its strength** — the tiles with the least keep-value go face down first.

>>> from tiangow import Deal
>>> from tiangow.players import RuleBot, play_hand
>>> d = play_hand(Deal.random(5), [RuleBot() for _ in range(4)])
>>> d.is_over
True
"""

from __future__ import annotations

import random

from ..deal import DealView
from ..move import Move
from ..search import SearchUnavailable, core_rule_move
from ..state import State, Step
from .base import check_view, sample_state

__all__ = ["RuleBot", "rule_move"]


def rule_move(pos: State) -> Step:
    """The rule-based choice of the seat to act in ``pos``, from that seat's knowledge only
    (its tiles and discards, the tiles shown, the trick in progress, the hand sizes), as the
    search's compiled core makes it (:func:`tiangow.search.core_rule_move`; its statement in
    Python, ``tests/reference/rule.py``, is the oracle the core is held to).
    :class:`~tiangow.search.SearchUnavailable` where no core runs here."""
    found = core_rule_move(pos)
    if found is None:
        raise SearchUnavailable("the rule-based player runs in the search's core, and no core with it runs here")
    return found


class RuleBot:
    """The rule-based player (see the module text): deterministic, from its view only."""

    name = "rule"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        # The choice never depends on the sample drawn: the rng only fills in hidden tiles
        # the rules never look at.
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view: DealView) -> Move:
        check_view(view)
        st = sample_state(view, self.rng)
        return Move.of(rule_move(st))
