"""Perfect-information search: the value of a position when every tile is known.

This is the double-dummy view a bridge solver takes: :func:`solve` gives the net a seat can
*guarantee* from here to the end of the hand, whatever the other three do (they are assumed
to play against it together: the "paranoid" reduction of a four-player game to a two-player
one, which makes alpha-beta pruning possible). Immediate rewards still to come (賀尊, 四大賀)
and the final settlement both count, exactly as :meth:`tiangow.Deal.settlement` scores them.

The search runs on a compact copy of the deal (:class:`Position`: four packed holdings, the
trick in progress) with make/unmake moves, a transposition table of value bounds, and the
rules shared with :class:`tiangow.Deal` (:func:`tiangow.deal.follower_plays`,
:func:`tiangow.deal.trick_bonus`, :func:`tiangow.deal.last_trick_finishes`), so the two
cannot disagree; the tests play thousands of hands through both.

>>> from tiangow import Deal, parse_tiles
>>> d = Deal([parse_tiles("66 11 44 13 55 33 22 56"), parse_tiles("66 11 44 13 55 33 22 56"),
...           parse_tiles("46 46 16 16 15 15 36 45"), parse_tiles("26 35 25 34 24 23 14 12")])
>>> for t in "66 11 44 13 55".split():
...     _ = d.play(t)
...     for seat in (1, 2, 3):
...         _ = d.discard(d.holding(seat)[-1:])
>>> d.stacks
(5, 0, 0, 0)
>>> solve(d, 1)          # South takes the last three tricks: West and North pay 5 (空棟), South pays East 1 (入一)
9
>>> solve(d, 0)          # East, 入一, is paid 1 by South whatever it does
1
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from .. import packed
from ..combos import Combination, Kind, _Table, table
from ..deal import Deal, capturing_tile, follower_plays, last_trick_finishes, trick_bonus
from ..errors import DealError
from ..rules import Rules
from ..scoring import Finish
from ..scoring import _compute as _settle
from ..tiles import Tile

__all__ = ["Position", "PMove", "solve", "solve_moves", "solve_position", "SearchStats", "INF"]

INF: Final = 10**9
_SUPREME: Final = Kind.SUPREME
_QUAD: Final = Kind.QUAD


PMove = Combination | int
"""A move in a :class:`Position`: a play (its :class:`Combination`) or a discard (the packed
tiles, an ``int``)."""


class Position:
    """A mutable, compact copy of a :class:`tiangow.Deal` for search (every tile known).

    ``h[s]``: seat ``s``'s tiles, packed (see :mod:`tiangow.packed`);
    ``disc[s]``: the tiles it discarded face down; ``shown``: the tiles played face up in
    finished tricks, ``up`` those in the trick in progress.
    """

    __slots__ = ("rules", "tab", "banker", "m", "h", "disc", "stacks", "to_play", "leader", "size",
                 "best", "best_seat", "locked", "last", "led", "acted", "shown", "up", "first",
                 "winner", "_undo", "_net_cache", "free_split", "_capture", "left", "_moves_cache")

    def __init__(self, d: Deal) -> None:
        if d.natural is not None:
            raise DealError("a natural hand ended this deal at once: there is nothing to search")
        self.rules: Rules = d.rules
        self.tab: _Table = table(d.rules)
        self.free_split: bool = d.rules.free_split
        self._capture: bool = d.rules.capture_wins_trick
        self.banker: int = d.banker
        self.m: int = d.multiplier
        self.h: list[int] = list(d._h)
        self.stacks: tuple[int, ...] = tuple(d._stacks)
        self.to_play: int | None = d._to_play
        self.leader: int = d._leader
        self.size: int = d._size
        self.best: Combination | None = d._best
        self.best_seat: int = d._best_seat
        self.locked: bool = bool(d._locked)
        self.last: bool = d._last
        self.led: Combination | None = d._led
        self.acted: int = len(d._cur)
        disc = [0, 0, 0, 0]
        shown = up = 0
        for tr in d._tricks:
            for a in tr.actions:
                assert a.tiles is not None
                if a.kind == "discard":
                    disc[a.seat] += packed.pack(a.tiles)
                else:
                    shown += packed.pack(a.tiles)
        for a in d._cur:
            assert a.tiles is not None
            if a.kind == "discard":
                disc[a.seat] += packed.pack(a.tiles)
            else:
                up += packed.pack(a.tiles)
        self.disc: list[int] = disc
        self.shown: int = shown
        self.up: int = up
        self.first: Combination | None = d._tricks[0].led if d._tricks else (
            d._cur[0].combination if d._cur else None)
        self.winner: int | None = d.winner
        self.left: int = len(d._hands[d._leader]) + (d._size if d._cur else 0)
        """Tiles each player held when the trick in progress began."""
        self._undo: list[tuple[Any, ...]] = []
        self._net_cache: dict[tuple[object, ...], tuple[int, int, int, int]] = {}
        self._moves_cache: dict[tuple[object, ...], tuple[PMove, ...]] = {}

    # -- moves -----------------------------------------------------------------------------
    def moves(self) -> list[PMove]:
        """Every move of the seat to act: its plays, then its distinct discards (lowest first)."""
        seat = self.to_play
        if seat is None:
            return []
        if not self.size:
            return list(self.tab.leader_plays(self.h[seat], self.free_split))
        best = self.best
        assert best is not None
        hs = self.h[seat]
        blocked = self.last and self.stacks[seat] + self.size < 2
        led = self.led
        key = (hs, best.id, self.size, self.last, blocked, self.locked, -1 if led is None else led.id)
        found = self._moves_cache.get(key)
        if found is None:
            plays: list[PMove] = follower_plays(  # type: ignore[assignment]
                self.tab, self.rules, hs, best, self.size, self.last, self.stacks[seat], self.locked, led)
            found = self._moves_cache[key] = (*plays, *packed.subsets(hs, self.size))
        return list(found)

    def key(self) -> tuple[object, ...]:
        """Everything that decides the rest of the hand (for the transposition table)."""
        st = self.stacks
        # What was shown face up matters only while one seat could still take all 8 stacks
        # (七支 or 八支, R-$11); the first lead only under the seeds 000–002 reading.
        shown = (self.shown, self.up, self.first) if (st[0] > 0) + (st[1] > 0) + (st[2] > 0) + (st[3] > 0) <= 1 \
            else None
        best = self.best
        led = self.led
        h = self.h
        return (h[0], h[1], h[2], h[3], st, self.to_play, self.leader,
                -1 if best is None else best.id, self.best_seat, self.locked,
                -1 if led is None else led.id, shown)

    def make(self, move: PMove) -> tuple[int, int, int, int] | None:
        """Play ``move`` (from :meth:`moves`); returns the immediate rewards it settled, if any."""
        seat = self.to_play
        assert seat is not None
        self._undo.append((seat, move, self.stacks, self.leader, self.size, self.best, self.best_seat,
                           self.locked, self.last, self.led, self.acted, self.shown, self.up, self.first,
                           self.winner, self.left))
        if type(move) is int:
            self.h[seat] -= move
            self.disc[seat] += move
        else:
            comb: Combination = move  # type: ignore[assignment]
            self.h[seat] -= comb.mask
            if not self.size:
                self.size = comb.size
                self.last = self.h[seat] == 0
                self.led = comb
                self.up = comb.mask
                if self.first is None:
                    self.first = comb
            else:
                self.up += comb.mask
                prev = self.best
                if prev is not None and prev.kind is _SUPREME:
                    self.locked = True  # 擒尊: the capture cannot be beaten again
                elif self.last and self._capture and comb.size == 1 and \
                        comb.tiles[0] is capturing_tile(self.led, self.rules):
                    self.locked = True  # 以擒為大
            self.best = comb
            self.best_seat = seat
        self.acted += 1
        if self.acted < 4:
            self.to_play = (seat + 1) & 3
            return None
        return self._resolve()

    def _resolve(self) -> tuple[int, int, int, int] | None:
        w = self.best_seat
        best = self.best
        assert best is not None
        st = list(self.stacks)
        st[w] += self.size
        self.stacks = tuple(st)
        paid: tuple[int, int, int, int] | None = None
        if best.kind is _SUPREME or best.kind is _QUAD or self.locked:
            bonus = trick_bonus(self.rules, best, self.locked, self.led, self.last)
            if bonus is not None:
                base = bonus[0]
                net = [0, 0, 0, 0]
                for other in range(4):
                    if other != w:
                        amount = base * (self.m if self.banker in (w, other) else 1)
                        net[other] -= amount
                        net[w] += amount
                paid = (net[0], net[1], net[2], net[3])
        if self.last:
            self.winner = w
            self.to_play = None
        else:
            self.shown += self.up
            self.up = 0
            self.leader = self.to_play = w
            self.left -= self.size
            self.size = 0
            self.best = None
            self.best_seat = -1
            self.locked = False
            self.led = None
            self.acted = 0
        return paid

    def unmake(self) -> None:
        """Take back the last :meth:`make`."""
        (seat, move, self.stacks, self.leader, self.size, self.best, self.best_seat, self.locked, self.last,
         self.led, self.acted, self.shown, self.up, self.first, self.winner, self.left) = self._undo.pop()
        self.to_play = seat
        if type(move) is int:
            self.h[seat] += move
            self.disc[seat] -= move
        else:
            self.h[seat] += move.mask

    def final_net(self) -> tuple[int, int, int, int]:
        """The settlement of the finished hand, without the immediate rewards (cached). Under
        小天九, which the sources leave unscored (R-S3), +3 for the winner and −1 for the
        others: the search then simply tries to win the hand."""
        w = self.winner
        assert w is not None and self.led is not None and self.best is not None and self.first is not None
        st = self.stacks
        fins, captured = last_trick_finishes(self.rules, self.leader, self.led, self.best, w, st[w], self.banker,
                                             self.first, self.shown, self.size)
        return self.net_for(st, w, fins, captured)

    def net_for(self, st: tuple[int, ...], w: int, fins: tuple[Finish, ...], captured: int | None
                ) -> tuple[int, int, int, int]:
        """The settlement's net for final stacks ``st``, winner ``w`` and the finishes (cached)."""
        key = (st, w, fins, captured)
        found = self._net_cache.get(key)
        if found is not None:
            return found
        net: tuple[int, int, int, int]
        if self.rules.scored:
            net = _settle((st[0], st[1], st[2], st[3]), w, self.banker, self.m - 1, fins, captured, self.rules,
                          []).net
        else:  # 小天九 has no settlement (R-S3): the search just tries to win the hand
            net = (3 if w == 0 else -1, 3 if w == 1 else -1, 3 if w == 2 else -1, 3 if w == 3 else -1)
        self._net_cache[key] = net
        return net

    def tiles_of(self, move: PMove) -> tuple[Tile, ...]:
        """The tiles a move puts down."""
        return packed.unpack(move) if type(move) is int else move.tiles  # type: ignore[union-attr]


@dataclass
class SearchStats:
    """How much work a search did."""

    nodes: int = 0
    tt_size: int = 0


TT = dict[tuple[object, ...], tuple[int, int, int]]


def _lead_order(c: Combination) -> tuple[int, int]:
    return (-c.size, c.rank)


def _search(pos: Position, me: int, tt: TT, stats: SearchStats) -> Callable[[int, int], int]:
    """Alpha-beta for ``me`` against the other three, over ``pos`` (changed and restored)."""
    make, unmake, moves = pos.make, pos.unmake, pos.moves
    tt_get = tt.get

    h = pos.h

    def value(alpha: int, beta: int) -> int:
        stats.nodes += 1
        to_play = pos.to_play
        if to_play is None:
            return pos.final_net()[me]
        first = 0
        k: tuple[object, ...] | None = None
        entry = None
        if pos.left > 1 or not pos.acted:  # inside a last trick of single tiles the table costs more than it saves
            st = pos.stacks
            best_c, led = pos.best, pos.led
            k = (h[0], h[1], h[2], h[3], st, to_play, pos.leader, -1 if best_c is None else best_c.id,
                 pos.best_seat, pos.locked, -1 if led is None else led.id,
                 (pos.shown, pos.up, pos.first) if (st[0] > 0) + (st[1] > 0) + (st[2] > 0) + (st[3] > 0) <= 1
                 else None)
            entry = tt_get(k)
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        a0, b0 = alpha, beta
        maximize = to_play == me
        ms = moves()
        if not pos.size:
            ms.sort(key=_lead_order)  # type: ignore[arg-type]  # a leader's moves are all plays
        elif not maximize and pos.best_seat != me and len(ms) > 1:
            # The best play so far is a partner's (the other three play as one side): try
            # letting it stand before overtaking it.
            ms = [mv for mv in ms if type(mv) is int] + [mv for mv in ms if type(mv) is not int]  # type: ignore[misc,assignment]
        if first:
            ms[0], ms[first] = ms[first], ms[0]
        best = -INF if maximize else INF
        best_i = 0
        for i, mv in enumerate(ms):
            paid = make(mv)
            if paid is None:
                v = value(alpha, beta)
            else:
                d = paid[me]
                v = d + value(alpha - d, beta - d)
            unmake()
            if maximize:
                if v > best:
                    best = v
                    best_i = i
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                best_i = i
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if first:
            if best_i == 0:
                best_i = first
            elif best_i == first:
                best_i = 0
        if k is None:
            return best
        if best <= a0:
            tt[k] = (-INF, best, best_i)
        elif best >= b0:
            tt[k] = (best, INF, best_i)
        else:
            tt[k] = (best, best, best_i)
        return best

    return value


def _position(d: Deal, seat: int) -> Position:
    if not isinstance(d, Deal):
        raise DealError(f"the search reads a tiangow.Deal, not {type(d).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise DealError(f"seat must be 0–3 (East, South, West, North), not {seat!r}")
    return Position(d)


def solve(d: Deal, seat: int, stats: SearchStats | None = None) -> int:
    """The net (immediate rewards still to come plus the final settlement) that ``seat`` can
    guarantee from this position whatever the others do, every tile known."""
    pos = _position(d, seat)
    if pos.to_play is None:
        return 0
    st = SearchStats() if stats is None else stats
    tt: TT = {}
    v = _search(pos, seat, tt, st)(-INF, INF)
    st.tt_size = len(tt)
    return v


def solve_position(pos: Position, tt: TT | None = None,
                   stats: SearchStats | None = None) -> list[tuple[PMove, int]]:
    """Each move of the seat to act in ``pos`` with its exact guaranteed value for that seat."""
    seat = pos.to_play
    if seat is None:
        return []
    st = SearchStats() if stats is None else stats
    table_: TT = {} if tt is None else tt
    value = _search(pos, seat, table_, st)
    out: list[tuple[PMove, int]] = []
    for mv in pos.moves():
        paid = pos.make(mv)
        dv = 0 if paid is None else paid[seat]
        out.append((mv, dv + value(-INF, INF)))
        pos.unmake()
    st.tt_size = len(table_)
    return out


def solve_moves(d: Deal, stats: SearchStats | None = None) -> list[tuple[PMove, int]]:
    """Each move of the seat to act with its exact guaranteed value for that seat."""
    if d.to_play is None:
        return []
    return solve_position(_position(d, d.to_play), None, stats)

