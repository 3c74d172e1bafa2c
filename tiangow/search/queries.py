"""The trick drills' questions: who wins the hand whatever the others do, with which moves, the
best defence, and whether a win is possible at all."""

from __future__ import annotations

from ..deal import Deal
from ..errors import DealError
from ..move import Move
from ..state import State
from .solver import searcher, state_of, step_values
from .types import TT, Goal, SearchStats


def _end_of_hand(position: Deal | State, seat: int) -> State:
    st = state_of(position, seat)
    if max(_tiles(st, s) for s in range(4)) > 5:
        raise DealError("the win questions search the end of a hand: at most 5 tiles each")
    return st


def _tiles(st: State, seat: int) -> int:
    from ..packed import size

    return size(st.h[seat])


def forced_win(position: Deal | State, seat: int) -> bool:
    """Whether ``seat`` wins the hand whatever the other three do (every tile known)."""
    st = _end_of_hand(position, seat)
    if st.to_play is None:
        return st.winner == seat
    return searcher(st, seat, Goal.FORCED_WIN, {}, SearchStats())(0, 1) == 1


def winning_moves(position: Deal | State, seat: int) -> list[Move]:
    """The moves of ``seat`` (to act) after which it still wins whatever the others do."""
    st = _end_of_hand(position, seat)
    if st.to_play != seat:
        raise DealError(f"it is not seat {seat}'s turn")
    return [Move.of(mv) for mv, v in step_values(st, Goal.FORCED_WIN) if v == 1]


def best_defence(position: Deal | State, seat: int) -> Move:
    """A move for the seat to act (not ``seat``) that stops ``seat``'s forced win if any does;
    otherwise its first move (plays that may take the trick first, then the weakest discards)."""
    st = _end_of_hand(position, seat)
    if st.to_play == seat or st.to_play is None:
        raise DealError("best_defence is for one of the other seats, with the hand not over")
    tt: TT = {}
    value = searcher(st, seat, Goal.FORCED_WIN, tt, SearchStats())
    moves = st.moves()
    for mv in moves:
        st.push(mv)
        v = value(0, 1)
        st.pop()
        if v == 0:
            return Move.of(mv)
    return Move.of(moves[0])


def can_win(position: Deal | State, seat: int) -> tuple[bool, list[Move]]:
    """Whether some way of playing (everyone helping) lets ``seat`` win the hand, and one
    such line of moves."""
    st = _end_of_hand(position, seat)
    tt: TT = {}
    value = searcher(st, seat, Goal.POSSIBLE_WIN, tt, SearchStats())
    if st.to_play is None:
        return st.winner == seat, []
    if value(0, 1) == 0:
        return False, []
    line: list[Move] = []
    while st.to_play is not None:
        for mv in st.moves():
            st.push(mv)
            if (st.to_play is None and st.winner == seat) or (st.to_play is not None and value(0, 1) == 1):
                line.append(Move.of(mv))
                break
            st.pop()
        else:  # pragma: no cover - the value said a winning line exists
            raise AssertionError("no move keeps the win")
    return True, line
