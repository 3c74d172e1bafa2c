"""Double-dummy puzzles (issue 25, point 4b): every shipped puzzle re-checked by the exact solver —
its answers are exactly the moves that meet its goal, its lines are legal and end as they say —
and the rating that serves them at the learner's level."""

from __future__ import annotations

import random

import pytest

from tiangow import Move, search
from tiangow.deal import Deal
from tiangow.puzzles import PUZZLES, THEMES, Puzzle, PuzzleError, make_puzzle, pick_puzzle, rated, sure_stacks


def _after(d: Deal, m: Move) -> Deal:
    c = d.copy()
    c.push(m)
    return c


def _meets(d: Deal, p: Puzzle) -> bool:
    if p.goal == "stacks":
        return sure_stacks(d, p.seat, 4)
    if p.goal == "win":
        return d.winner == p.seat if d.is_over else search.forced_win(d, p.seat)
    assert p.rival is not None
    return not (d.winner == p.rival if d.is_over else search.forced_win(d, p.rival))


def _play(d: Deal, line: tuple[str, ...]) -> Deal:
    board = d.copy()
    for m in line:
        board.push(Move.parse(m))
    assert board.is_over
    return board


def test_the_shipped_set_is_varied() -> None:
    assert len(PUZZLES) >= 60 and len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert {p.goal for p in PUZZLES} == {"win", "stop", "stacks"}
    assert len({t for p in PUZZLES for t in p.themes}) >= 5 and all(t in THEMES for p in PUZZLES for t in p.themes)
    ratings = sorted(p.rating for p in PUZZLES)
    assert ratings[0] < 1450 and ratings[-1] > 1750


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_shipped_puzzle_holds_under_the_solver(puzzle: Puzzle) -> None:
    d = puzzle.deal()
    assert d.to_play == puzzle.seat and not d.is_over
    options = list(d.legal_moves(discards=True))
    solving = {str(m) for m in options if _meets(_after(d, m), puzzle)}
    assert solving == set(puzzle.answers) and 1 <= len(solving) < len(options)
    end = _play(_after(d, Move.parse(puzzle.answers[0])), puzzle.line)
    if puzzle.goal == "win":
        assert end.winner == puzzle.seat
    elif puzzle.goal == "stacks":
        assert end.stacks[puzzle.seat] >= 4
    else:
        assert end.winner != puzzle.rival
    assert set(puzzle.refutes) == {str(m) for m in options} - solving
    for m, line in puzzle.refutes.items():
        end = _play(_after(d, Move.parse(m)), line)
        if puzzle.goal == "win":
            assert end.winner != puzzle.seat
        elif puzzle.goal == "stacks":
            assert end.stacks[puzzle.seat] < 4
        else:
            assert end.winner == puzzle.rival
        assert not puzzle.check(m)
    assert all(puzzle.check(a) for a in puzzle.answers)
    assert puzzle.prompt().en and puzzle.prompt().zh


def test_a_move_the_rules_refuse_is_refused_and_json_round_trips() -> None:
    p = PUZZLES[0]
    held = {t.notation for t in p.deal().holding(p.seat)}
    foreign = next(t for t in ("6-6", "1-1", "4-4", "1-3", "5-5", "3-3") if t not in held)
    with pytest.raises(PuzzleError):
        p.check("play " + foreign.replace("-", ""))
    assert Puzzle.from_json(p.to_json()) == p


def test_puzzles_are_made_from_real_deals() -> None:
    made = [p for i in range(60) if (p := make_puzzle(random.Random(10_000 + i), i)) is not None]
    assert made and all(p.answers and p.line for p in made)


def test_sure_stacks_is_exact_on_small_endings() -> None:
    """The stacks solver against a plain minimax over the public API (no table), on endings."""
    from tiangow.players.positions import deal_until

    def brute(d: Deal, seat: int, k: int) -> bool:
        if d.stacks[seat] >= k:
            return True
        if d.is_over:
            return False
        results = (brute(_after(d, m), seat, k) for m in d.legal_moves(discards=True))
        return any(results) if d.to_play == seat else all(results)

    for i in range(12):
        d = deal_until(random.Random(i), 2)
        for seat in range(4):
            for k in (2, 3, 4):
                assert sure_stacks(d, seat, k) == brute(d, seat, k), (i, seat, k)


def test_the_rating_follows_results_and_serves_near_it() -> None:
    assert rated(1500, 1500, True) == 1520 and rated(1500, 1500, False) == 1480
    assert rated(1200, 1800, True) > 1235 and rated(1800, 1200, False) < 1765  # surprises move it most
    rng = random.Random(1)
    low = pick_puzzle(1300, set(), rng)
    high = pick_puzzle(1900, set(), rng)
    assert low.rating < high.rating
    done = {p.id for p in PUZZLES[:-1]}
    assert pick_puzzle(1500, done, rng).id == PUZZLES[-1].id  # the one not yet done
