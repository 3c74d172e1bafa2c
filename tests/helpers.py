"""Helpers for scripted hands: build a deal from four strings and play a script.

A script is a list of actions in turn order; ``"66 66"`` plays (or leads) those tiles and
``"x 13"`` discards them face down.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

from tiangow import Combination, Deal, Move, Rules, Tile, TileError, parse_tiles
from tiangow.combos import table
from tiangow.deal import Action


def make_deal(east: str, south: str, west: str, north: str, banker: int = 0, streak: int = 1,
              rules: Rules | None = None) -> Deal:
    return Deal([parse_tiles(h) for h in (east, south, west, north)], banker, streak, rules)


def run(d: Deal, *script: str) -> list[Action]:
    """Play each step of ``script`` in turn order; return the actions."""
    out = []
    for step in script:
        step = step.strip()
        if step.startswith("x"):
            out.append(d.discard(step[1:]))
        else:
            out.append(d.play(step))
    return out


def all_rules(hand_sizes: Iterable[int] = (8, 4)) -> Iterator[Rules]:
    """Every combination of the variant switches of RULES §10 (naturals: none, or all)."""
    for cs, cap, cm, cwt, fci, esr, fs, br, hs in itertools.product(
        (False, True), (False, True), (2, 4), (False, True), (False, True),
        ("essay", "wikipedia"), (True, False), ("winner", "rotate"), tuple(hand_sizes),
    ):
        if cap and not cs:
            continue
        naturals_options: list[frozenset[object]] = [frozenset()]
        if hs == 8:
            from tiangow import Natural

            naturals_options.append(frozenset(Natural))
        for nat in naturals_options:
            options: dict[str, Any] = dict(
                civil_supreme=cs, capture_civil_supreme=cap, capture_multiplier=cm, capture_wins_trick=cwt,
                finish_collects_immediate=fci, eight_stack_rule=esr, free_split=fs, banker_rotation=br,
                naturals=nat, hand_size=hs)
            yield Rules(**options)


def plays_of(d: Deal) -> list[tuple[Tile, ...]]:
    """The tiles of every play (not discard) open to the seat to act, from ``legal_moves``."""
    return [m.tiles for m in d.legal_moves(discards=False)]


def combinations_of(d: Deal) -> list[Combination]:
    """The combinations of every play open to the seat to act, from ``legal_moves``."""
    tab = table(d.rules)
    return [tab.by_tiles[m.tiles] for m in d.legal_moves(discards=False)]


def can_discard(d: Deal, tiles: Iterable[Tile] | str) -> bool:
    """Whether ``d`` accepts discarding ``tiles`` now (a move of no tiles is no move)."""
    try:
        move = Move(tuple(parse_tiles(tiles)) if isinstance(tiles, str) else tuple(tiles), discard=True)
    except TileError:
        return False
    return d.is_legal(move)


def random_action(d: Deal, rng: random.Random) -> Action:
    """One uniformly random legal action (a leader plays; a follower plays or discards)."""
    plays = plays_of(d)
    size = d.trick_size
    if size is None:
        return d.play(rng.choice(plays))
    k = rng.randrange(len(plays) + 1)
    if k < len(plays):
        return d.play(plays[k])
    return d.discard(rng.sample(d.holding(d.to_play), size))  # type: ignore[arg-type]


def known_ending() -> Deal:
    """East has led five singles and won them all; it leads the last three holding 長三 板凳
    斧頭, while South, with no stack, kept 天 地 人."""
    d = make_deal("66 11 44 13 55 33 22 56", "66 11 44 13 55 33 22 56", "46 46 16 16 15 15 36 45",
                  "26 35 25 34 24 23 14 12")
    for t in "66 11 44 13 55".split():
        d.play(t)
        for seat in (1, 2, 3):
            d.discard(d.holding(seat)[-1:])
    return d


PASSAGE = re.compile(r'<div class="tg-prose mathjax_ignore" lang="(zh-Hant|en)">\n\n(.*?)\n\n</div>', re.S)
"""A lesson's prose passage: ``<div class="tg-prose" lang=…>`` around markdown."""


def passages(cell: Any) -> list[tuple[str, str]]:
    """A prose cell's passages as (language, markdown); the cell holds nothing else."""
    found = PASSAGE.findall(cell.source)
    assert PASSAGE.sub("", cell.source).strip() == "", f"text outside a passage: {cell.source[:80]!r}"
    return found
