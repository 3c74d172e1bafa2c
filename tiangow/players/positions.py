"""Positions part-way through a hand, for benchmarks, drills and tests: seeded deals played
by a plausible (not strong) player until a given number of tiles is left.

>>> import random
>>> d = deal_until(random.Random(1), 3)
>>> d.trick_size is None and len(d.holding(d.to_play)) <= 3
True
"""

from __future__ import annotations

import random

from ..deal import Action, Deal
from ..move import Move
from ..rules import Rules
from .base import BotError

__all__ = ["deal_until", "sensible_action"]


def sensible_action(d: Deal, rng: random.Random) -> Action:
    """A plausible action: leaders lead any play (multi-tile ones now and then); followers
    often beat with their lowest beating play, otherwise discard their lowest tiles."""
    plays = d.legal_moves(discards=False)
    size = d.trick_size
    if size is None:
        multi = [m for m in plays if len(m.tiles) > 1]
        pick = rng.choice(multi) if multi and rng.random() < 0.35 else rng.choice(plays)
        return d.push(pick)
    if plays and rng.random() < 0.65:
        return d.push(plays[-1])
    hand = list(d.holding(d.to_play))  # type: ignore[arg-type]
    hand.sort(key=lambda t: (t.is_civil, -t.rank), reverse=False)
    return d.push(Move(tuple(hand[:size]), discard=True))


def deal_until(rng: random.Random, tiles_left: int, rules: Rules | None = None) -> Deal:
    """A seeded deal played sensibly until the next trick starts with ``tiles_left`` tiles
    each (or fewer); retried until the hand is still on."""
    for _ in range(1000):
        d = Deal.random(rng, banker=rng.randrange(4), rules=rules)
        while not d.is_over and not (d.trick_size is None and len(d.holding(d.to_play)) <= tiles_left):  # type: ignore[arg-type]
            sensible_action(d, rng)
        if not d.is_over:
            return d
    raise BotError(f"no deal of 1,000 reached a trick with {tiles_left} tiles each still on")
