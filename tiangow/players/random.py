"""The baseline player: uniformly random legal actions.

>>> from tiangow import Deal
>>> from tiangow.players import RandomBot, play_hand
>>> d = play_hand(Deal.random(3), [RandomBot(1), RandomBot(2), RandomBot(3), RandomBot(4)])
>>> d.is_over, sum(d.stacks), sum(d.settlement().net)
(True, 8, 0)
"""

from __future__ import annotations

import random

from ..deal import DealView
from ..move import Move
from .base import check_view

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among its legal actions (plays and distinct discards): the baseline."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view: DealView) -> Move:
        check_view(view)
        return self.rng.choice(view.legal_moves())
