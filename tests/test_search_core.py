"""The compiled core of the search (tiangow/ddcore.cpp) against its pure-Python twin: the same
values on random endings, positions early in a hand and every public question of the search
(issue 23 §2). On CI (``CI=true``) the core must have been built by ``pip install``."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path

import pytest

from benchmarks import check_search
from tests.helpers import both_cores
from tiangow import Deal, search
from tiangow.bots.positions import deal_until
from tiangow.rules import Rules

ROOT = Path(__file__).resolve().parents[1]

compiled = pytest.mark.skipif(search.CORE != "compiled", reason="the compiled core was not built here")


pure = search.pure_python


def test_the_core_is_built_on_ci() -> None:
    if os.environ.get("CI") == "true":
        assert search.CORE == "compiled"
    assert search.CORE in ("compiled", "pure Python")


def test_tiangow_pure_forces_the_twin() -> None:
    out = subprocess.run([sys.executable, "-c", "from tiangow import search; print(search.CORE)"],
                         env={**os.environ, "TIANGOW_PURE": "1"}, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "pure Python"


@compiled
@pytest.mark.slow
def test_same_values_as_the_twin_on_random_endings() -> None:
    deals = check_search.endings(40, [3, 4, 4, 5], seed=77)
    assert len({d.rules for d in deals}) > 20
    for d in deals:
        seat = d.to_play
        assert seat is not None
        for who in (seat, (seat + 2) % 4) if d.snapshot().left < 5 else (seat,):
            for goal in search.Goal:
                fast = search.solve(d, who, goal)
                with pure():
                    slow = search.solve(d, who, goal)
                assert fast == slow, (d, who, goal)


@compiled
def test_same_move_values_and_drill_answers_as_the_twin() -> None:
    rng = random.Random(5)
    for i in range(12):
        d = deal_until(rng, 3 + i % 2, rules=Rules(civil_supreme=bool(i % 3), capture_wins_trick=i % 2 == 0))
        seat = d.to_play
        assert seat is not None
        other = (seat + 1) % 4
        answers = []
        for mode in ("core", "pure"):
            with search.pure_python() if mode == "pure" else nullcontext():
                answers.append((search.solve_moves(d), search.solve_moves(d, search.Goal.FORCED_WIN),
                                search.forced_win(d, seat), search.forced_win(d, other),
                                search.winning_moves(d, seat), search.best_defence(d, other),
                                search.can_win(d, other)[0]))
        assert answers[0] == answers[1], d


@compiled
@pytest.mark.slow
def test_same_values_as_the_twin_on_longer_positions() -> None:
    rng = random.Random(11)
    for tiles in (6,):
        d = deal_until(rng, tiles)
        fast = search.solve(d, d.to_play)
        with pure():
            slow = search.solve(d, d.to_play)
        assert fast == slow, d


@compiled
def test_a_small_table_gives_the_same_values() -> None:
    """The table has a fixed size and replaces entries: a tiny one must not change a value."""
    from tiangow import ddcore

    deals = check_search.endings(10, [4], seed=3)
    want = [search.solve(d, d.to_play) for d in deals]
    ddcore.set_table_bits(8)
    try:
        assert [search.solve(d, d.to_play) for d in deals] == want
    finally:
        ddcore.set_table_bits(20)


@compiled
def test_the_core_rejects_what_is_not_a_position() -> None:
    """The core reads plays by their place in the table: anything out of range is refused, not read."""
    d = deal_until(random.Random(1), 3)
    st = d.snapshot()
    ctx, good = search._context(st), list(search._core_state(st))
    assert ctx.solve(tuple(good), st.to_play, 0, -search.INF, search.INF, True)[0] == search.solve(d, st.to_play)
    for index, value in ((7, 9), (10, 99), (0, -1), (9, 3), (6, (1, 2, 3, 99)), (14, -5), (16, 64)):
        bad = list(good)
        bad[index] = value
        with pytest.raises(ValueError, match="not a position"):
            ctx.solve(tuple(bad), 0, 0, -1, 1, True)
    with pytest.raises(ValueError, match="not a position"):
        ctx.solve(tuple(good), 7, 0, -1, 1, True)


@compiled
@pytest.mark.slow
def test_same_values_as_the_twin_on_whole_hands_of_the_small_game() -> None:
    """Whole hands from the first lead: 小天九's four tiles a hand (R-S3), every seat, all goals."""
    for seed in range(6):
        d = Deal.random(seed, rules=Rules(hand_size=4, free_split=seed % 2 == 0, civil_supreme=seed % 3 == 0))
        if d.natural is not None:
            continue
        for seat in range(4):
            for goal in search.Goal:
                fast = search.solve(d, seat, goal)
                with pure():
                    slow = search.solve(d, seat, goal)
                assert fast == slow, (seed, seat, goal)



def test_the_twins_relabelling_keeps_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure twin relabels only from five tiles a hand (below, it costs more than it saves);
    forced on everywhere, it still gives the reference's values."""
    from tests.reference import search_v1

    monkeypatch.setattr(search, "_PURE_RELABEL_FROM", 0)
    deals = check_search.endings(24, [3, 4], seed=31)
    with pure():
        for d in deals:
            for goal in search.Goal:
                want = search_v1.solve(d, d.to_play, getattr(search_v1.Goal, goal.name))
                assert search.solve(d, d.to_play, goal) == want, (d, goal)


@pytest.mark.parametrize("pure", both_cores())
def test_a_line_of_best_play_that_gives_up_leaves_the_position_as_it_was(pure: bool) -> None:
    """principal_line tries each step by taking it and searching; where the search gives up
    past its budget (SearchTooLong) with a step taken, that step is taken back too. (It was not:
    a coach whose exact endings ran out of budget in its first sample went on from a position a
    step further on, and a hint at 7 tiles failed with a KeyError.)"""
    rng = random.Random(41)
    ctx = search.pure_python() if pure else nullcontext()
    gave_up = 0
    with ctx:
        for _ in range(12):
            st = deal_until(rng, 5).snapshot()
            me = st.to_play
            assert me is not None
            before = (st.key(), st.shown, st.up, st.stacks, st.acted)
            tt: search.TT = {}
            value = search.solve(st, me, tt=tt)
            for budget in (1, 5, 20, 80):
                stats = search.SearchStats()
                stats.limit = budget
                try:
                    search.principal_line(st, me, value, None, stats)
                except search.SearchTooLong:
                    gave_up += 1
                assert (st.key(), st.shown, st.up, st.stacks, st.acted) == before
    assert gave_up >= 20


@pytest.mark.parametrize("pure", [False, True])
def test_solve_range_keeps_what_its_budget_proved(pure: bool) -> None:
    from tiangow.search import pure_python, solve, solve_range
    rng = random.Random(41)
    with pure_python() if pure else nullcontext():
        proved = 0
        for _ in range(12):
            d = deal_until(rng, 4)
            seat = d.to_play
            v = solve(d, seat)
            assert solve_range(d, seat, 10**7) == (v, v)
            for budget in (20, 200, 2_000):
                low, high = solve_range(d, seat, budget)
                assert low is None or low <= v
                assert high is None or v <= high
                proved += (low is not None) + (high is not None)
        assert proved > 0
    with pytest.raises(ValueError, match="max_nodes"):
        solve_range(d, seat, 0)


@compiled
def test_R_W1_the_forced_win_is_asked_only_while_it_pays() -> None:
    """The 99th of the benchmark's seeded whole hands (``bench.whole_hands``: ``Random(0)``, the
    seat to act, +1): asking at every trick start from 5 tiles whether the seat can force the
    win (R-W1) took 19.2 million positions, 73,688 of 78,401 asks finding none; asked only
    while it pays (``search.WIN_FLOOR_GRACE``, ``WIN_FLOOR_RATE``), the net takes about 0.22
    million."""
    rng = random.Random(0)
    hands = 0
    while True:
        d = Deal.random(rng, banker=rng.randrange(4))
        if d.natural is not None:
            continue
        if hands == 98:
            break
        hands += 1
    stats = search.SearchStats()
    assert search.solve(d, d.to_play or 0, stats=stats, max_nodes=2_000_000) == 1
    assert stats.nodes < 1_000_000
