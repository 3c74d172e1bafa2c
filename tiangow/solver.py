"""Exhaustive search over the end of a hand, with every tile known (a double-dummy view).

- :func:`actions`: every action open to the seat to act — its legal plays and each
  distinct discard.
- :func:`can_win`: whether *some* continuation lets a seat win the hand (everyone
  co-operating), with one such line.
- :func:`forced_win`: whether a seat can win the hand whatever the others do, and
  :func:`winning_actions` / :func:`best_defence` for the moves that keep or stop it.

Positions are searched with memoisation on the deal's state, so the last three or four
tricks (three or four tiles each) are solved in a fraction of a second.

>>> from tiangow import Deal, parse_tiles
>>> d = Deal([parse_tiles("66 11 44 13 55 33 22 56"), parse_tiles("66 11 44 13 55 33 22 56"),
...           parse_tiles("46 46 16 16 15 15 36 45"), parse_tiles("26 35 25 34 24 23 14 12")])
>>> for t in "66 11 44 13 55".split():
...     _ = d.play(t)
...     for seat in (1, 2, 3):
...         _ = d.discard(d.holding(seat)[-1:])
>>> d.holding(0), d.holding(1)       # East has five stacks; South kept 天 地 人
(Holding('3-3 2-2 5-6'), Holding('6-6 1-1 4-4'))
>>> forced_win(d, 0), forced_win(d, 1)   # South beats East's lead and takes the last three tricks
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from .combos import Combination
from .deal import Deal
from .errors import DealError
from .tiles import Tile

__all__ = ["Move", "actions", "apply", "can_win", "forced_win", "winning_actions", "best_defence", "state_key"]


@dataclass(frozen=True)
class Move:
    """A play (``combination`` set) or a discard of ``tiles``."""

    tiles: tuple[Tile, ...]
    combination: Combination | None

    @property
    def is_play(self) -> bool:
        return self.combination is not None


def actions(d: Deal) -> list[Move]:
    """Every action open to the seat to act: its legal plays, then each distinct discard."""
    if d.is_over:
        return []
    out = [Move(c.tiles, c) for c in d.legal_combinations()]
    size = d.trick_size
    if size is not None:
        seen = set()
        for ts in combinations(d.holding(d.to_play), size):  # type: ignore[arg-type]
            if ts not in seen:
                seen.add(ts)
                out.append(Move(ts, None))
    return out


def apply(d: Deal, move: Move) -> Deal:
    """A copy of ``d`` after ``move`` (unchecked: ``move`` must come from :func:`actions`)."""
    nd = d.copy()
    if move.combination is not None:
        nd.play_combination(move.combination)
    else:
        nd.discard_unchecked(move.tiles)
    return nd


def state_key(d: Deal) -> tuple[object, ...]:
    """Everything about ``d`` that decides its future (not its past)."""
    best = d._best
    led = d._led
    return (tuple(d._h), tuple(d._stacks), d._to_play, d._leader, d._size,
            -1 if best is None else best.id, d._best_seat, bool(d._locked), d._last,
            -1 if led is None else led.id)


def _check(d: Deal, seat: int, tiles_left: int = 5) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise DealError(f"seat must be 0–3, not {seat!r}")
    if max(len(d.holding(s)) for s in range(4)) > tiles_left:
        raise DealError(f"the solver searches the end of a hand: at most {tiles_left} tiles each")


def can_win(d: Deal, seat: int) -> tuple[bool, list[Move]]:
    """Whether some continuation lets ``seat`` win the hand, and one such line of moves."""
    _check(d, seat)
    memo: dict[tuple[object, ...], bool] = {}

    def search(node: Deal, line: list[Move]) -> list[Move] | None:
        if node.is_over:
            return line if node.winner == seat else None
        key = state_key(node)
        if memo.get(key) is False:
            return None
        for m in actions(node):
            found = search(apply(node, m), [*line, m])
            if found is not None:
                return found
        memo[key] = False
        return None

    line = search(d, [])
    return (line is not None), (line or [])


def forced_win(d: Deal, seat: int, _memo: dict[tuple[object, ...], bool] | None = None) -> bool:
    """Whether ``seat`` wins the hand whatever the other three do (all tiles known)."""
    _check(d, seat)
    memo = {} if _memo is None else _memo

    def search(node: Deal) -> bool:
        if node.is_over:
            return node.winner == seat
        key = state_key(node)
        if key in memo:
            return memo[key]
        moves = actions(node)
        if node.to_play == seat:
            result = any(search(apply(node, m)) for m in moves)
        else:
            result = all(search(apply(node, m)) for m in moves)
        memo[key] = result
        return result

    return search(d)


def winning_actions(d: Deal, seat: int) -> list[Move]:
    """The actions of ``seat`` (to act) after which it still wins whatever the others do."""
    if d.to_play != seat:
        raise DealError(f"it is not seat {seat}'s turn")
    memo: dict[tuple[object, ...], bool] = {}
    return [m for m in actions(d) if forced_win(apply(d, m), seat, memo)]


def best_defence(d: Deal, seat: int) -> Move:
    """An action for the seat to act (not ``seat``) that stops ``seat``'s forced win if any
    does; otherwise its first action. Prefers plays that win tricks, then low discards."""
    if d.to_play == seat or d.is_over:
        raise DealError("best_defence is for one of the other seats, with the hand not over")
    memo: dict[tuple[object, ...], bool] = {}
    moves = actions(d)
    for m in moves:
        if not forced_win(apply(d, m), seat, memo):
            return m
    return moves[0]


def lines(d: Deal, depth: int) -> Iterator[list[Move]]:  # pragma: no cover - a debugging aid
    """Every line of ``depth`` moves from ``d``."""
    if depth == 0 or d.is_over:
        yield []
        return
    for m in actions(d):
        for rest in lines(apply(d, m), depth - 1):
            yield [m, *rest]
