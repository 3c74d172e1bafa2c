"""The rule-based player's statement in Python: the oracle the search's compiled core is held to.

The package plays the rule-based player in the core only (:func:`tiangow.players.rule.rule_move`,
``tiangow/core/rule.h``); this is its statement, step by step as
:mod:`tiangow.players.rule`'s text says, and ``tests/test_rule_core.py`` holds every build of the
core to it: the same choice in every position met along seeded hands, and the same lowest
discards (:func:`lowest_discards`, the discards a search bot tries besides its plays).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb

from tiangow import packed
from tiangow.combos import Combination, Table
from tiangow.players.base import unseen_mask
from tiangow.players.rule import rule_move
from tiangow.state import State, Step
from tiangow.tiles import KINDS, Tile, full_set

__all__ = ["python_rule_move", "Eye", "keep_values", "lowest_discards", "knowledge_key", "remembered", "RuleMemo"]

_FULL = packed.pack(full_set())


@lru_cache(maxsize=4096)
def _p_none(u: int, hidden: int, b: int) -> float:
    """Probability that none of ``b`` particular unseen tiles is among ``hidden`` tiles drawn
    from ``u`` unseen (the rest were discarded face down)."""
    if b <= 0 or hidden <= 0:
        return 1.0
    if u - b < hidden:
        return 0.0
    return comb(u - b, hidden) / comb(u, hidden)


@lru_cache(maxsize=4096)
def _p_holds(u: int, n: int, k: int) -> float:
    """Probability that one player holding ``n`` of the ``u`` unseen tiles holds ``k`` given ones."""
    if k > n or n > u:
        return 0.0
    return comb(u - k, n - k) / comb(u, n)


class Eye:
    """What one seat knows, and estimates from it."""

    __slots__ = ("pos", "seat", "own", "unseen", "u", "tab", "sizes")

    def __init__(self, pos: State, seat: int) -> None:
        self.pos = pos
        self.seat = seat
        self.own = pos.h[seat]
        self.unseen = unseen_mask(pos, seat)
        self.u = packed.size(self.unseen)
        self.tab: Table = pos.tab
        self.sizes = [packed.size(h) for h in pos.h]

    def p_beaten(self, c: Combination, after: tuple[int, ...]) -> float:
        """Estimated chance that a player in ``after`` holds a play beating ``c``."""
        if not after:
            return 0.0
        unseen = self.unseen
        if c.size == 1:
            # Singles: is any unseen copy of a higher tile in the hands of those after? (Only
            # singles beat a single: the unseen copies are those inside their count fields.)
            copies = packed.size(unseen & self.tab.better_fields[c.id])
            if not copies:
                return 0.0
            hidden = sum(self.sizes[s] for s in after)
            return 1.0 - _p_none(self.u, hidden, copies)
        beaters = packed.held(unseen, self.tab.better[c.id])
        if not beaters:
            return 0.0
        p_free = 1.0
        for o in beaters:
            k = o.size
            for s in after:
                p_free *= 1.0 - _p_holds(self.u, self.sizes[s], k)
        return 1.0 - p_free


def _strength(t: Tile) -> float:
    """1 for 天 and the nines, falling to about 0.1 for the lowest tile of each class."""
    return (12 - t.rank) / 11 if t.is_civil else (7 - t.rank) / 6


_STRENGTH: dict[Tile, float] = {t: _strength(t) for t in KINDS}


def keep_values(eye: Eye) -> dict[Tile, float]:
    """How much the seat wants to keep each kind of tile it holds: its strength, more if it
    is part of a combination in hand, more again if nothing unseen beats it."""
    own = eye.own
    tab = eye.tab
    in_combo = 0
    for c in tab.leader_plays(own, True):
        if c.size > 1:
            in_combo |= c.mask
    # Nothing unseen beats a single when no unseen copy lies in its beaters' count fields (see
    # Eye.p_beaten), or when the other three hold nothing.
    hidden = sum(eye.sizes) - eye.sizes[eye.seat]
    unseen = eye.unseen
    out: dict[Tile, float] = {}
    for t in KINDS:
        if packed.count(own, t):
            v = _STRENGTH[t]
            if packed.count(in_combo, t):
                v += 0.6
            if not hidden or not packed.size(unseen & tab.better_fields[tab.by_key[(t.index,)].id]):
                v += 1.0
            out[t] = v
    return out


def python_rule_move(pos: State) -> Step:
    """The rule-based player's choice in Python, step by step as :mod:`tiangow.players.rule`'s text says."""
    seat = pos.to_play
    assert seat is not None
    eye = Eye(pos, seat)
    moves = pos.moves()
    if not pos.size:
        return _lead(pos, eye, moves)
    return _follow(pos, eye, moves)


RuleMemo = dict[tuple[int, ...], Step]
"""Rule-based choices kept by :func:`knowledge_key` (see :func:`remembered`)."""


def knowledge_key(pos: State) -> tuple[int, ...]:
    """Everything :func:`rule_move` reads of ``pos`` (under one set of rules): the seat to act,
    its tiles, the tiles it has not seen, the hand sizes (from the tiles each held when the
    trick began, who led it and how many have acted), its stacks and the trick in progress.
    Two positions with the same key get the same rule-based choice."""
    seat = pos.to_play
    assert seat is not None
    own = pos.h[seat]
    best = pos.best
    led = pos.led
    return (seat, own, _FULL - pos.shown - pos.up - own - pos.disc[seat], pos.left, pos.leader, pos.acted,
            pos.size, pos.stacks[seat], -1 if best is None else best.id, pos.locked, pos.last,
            -1 if led is None else led.id)


def remembered(memo: RuleMemo) -> Callable[[State], Step]:
    """:func:`rule_move`, each choice kept in ``memo`` by :func:`knowledge_key`: in the coach's
    playouts the same seat meets the same knowledge again and again (the learner's own seat in
    every sample; the others after each of the learner's discards, which they cannot see).
    ``memo`` must serve positions under one set of rules only."""

    def move(pos: State) -> Step:
        key = knowledge_key(pos)
        found = memo.get(key)
        if found is None:
            found = memo[key] = rule_move(pos)
        return found

    return move


def _closer(pos: State, eye: Eye, plays: list[Combination]) -> Combination | None:
    """The play kept back for the last trick: the single least likely to be beaten, if it
    is likely to hold (R-W1)."""
    others = tuple(s for s in range(4) if s != eye.seat)
    best: tuple[float, float, Combination] | None = None
    for c in plays:
        if c.size != 1:
            continue
        p = eye.p_beaten(c, others)
        key = (p, -_strength(c.tiles[0]), c)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is None or best[0] > 0.5:
        return None
    return best[2]


def _lead(pos: State, eye: Eye, moves: list[Step]) -> Step:
    plays: list[Combination] = moves  # type: ignore[assignment]
    seat = eye.seat
    k = eye.sizes[seat]
    whole = [c for c in plays if c.size == k]
    if whole:
        return whole[0]  # every tile in one play: the last trick (R-W1)
    others = tuple(s for s in range(4) if s != seat)
    p = {c: eye.p_beaten(c, others) for c in plays}
    closer = _closer(pos, eye, plays)
    if closer is not None and pos.stacks[seat] == 0 and p[closer] == 0.0:
        closer = None  # with no stack a single closer could not win the last trick (R-W2): cash it
    sure = [c for c in plays if p[c] == 0.0 and c is not closer]
    if sure:
        # Cash the biggest sure winner; keep the lead.
        return max(sure, key=lambda c: (c.size, _strength(c.tiles[0])))
    keep = keep_values(eye)
    strong = [c for c in plays if c.size > 1 and p[c] <= 0.4 and c is not closer]
    if strong:
        return max(strong, key=lambda c: (c.size, -p[c]))
    loose = [c for c in plays if c.size == 1 and c is not closer and keep[c.tiles[0]] < 0.6 + _strength(c.tiles[0])]
    loose = [c for c in loose if not _in_combo(eye, c.tiles[0])] or loose
    if loose:
        return min(loose, key=lambda c: (keep[c.tiles[0]], c.tiles[0].index))
    rest = [c for c in plays if c is not closer] or plays
    return min(rest, key=lambda c: (sum(keep[t] for t in c.tiles) / c.size, -c.size))


def _in_combo(eye: Eye, t: Tile) -> bool:
    return any(c.size > 1 and t in c.tiles for c in eye.tab.leader_plays(eye.own, True))


def _follow(pos: State, eye: Eye, moves: list[Step]) -> Step:
    seat = eye.seat
    plays: list[Combination] = [m for m in moves if type(m) is not int]  # type: ignore[misc]
    n = pos.size
    if plays:
        if pos.last:
            return plays[0]  # the best play: winning the last trick wins the hand (R-W1)
        after = tuple((seat + i) & 3 for i in range(1, 4 - pos.acted))
        low = plays[-1]  # the lowest play that beats
        hold = 1.0 - eye.p_beaten(low, after)
        closer = _closer(pos, eye, [c for c in pos.tab.leader_plays(eye.own, True)])
        if n >= 2:
            if hold >= 0.3 or pos.stacks[seat] == 0:
                return low
        elif low is not closer or (pos.stacks[seat] == 0 and eye.sizes[seat] > 2):
            needy = pos.stacks[seat] == 0
            if hold >= (0.35 if needy else 0.55) or (hold >= 0.2 and eye.sizes[seat] <= 3):
                return low
    return _discard(pos, eye, n)


def _discard(pos: State, eye: Eye, n: int) -> Step:
    keep = keep_values(eye)
    options = packed.subsets(eye.own, n)
    return min(options, key=lambda m: (sum(keep[t] for t in packed.unpack(m)), m))


def lowest_discards(pos: State, n: int) -> list[Step]:
    """The seat to act's ``n`` lowest discards by keep-value (all of them when it has no more),
    summed in the canonical order of the tiles, ties in :meth:`State.moves`' order: the discards
    a search bot tries besides its plays (the core's ``discards``)."""
    ds: list[Step] = [m for m in pos.moves() if type(m) is int]
    if len(ds) <= n:
        return ds
    assert pos.to_play is not None
    keep = keep_values(Eye(pos, pos.to_play))
    ds.sort(key=lambda m: sum(keep[t] for t in pos.tiles_of(m)))
    return ds[:n]
