"""The search's core (tiangow/core/) as it runs here, held to the frozen reference
(tests/reference/search_v1.py) on every public question of the search, on whole hands of the
small game, and with a tiny table; what it refuses; giving up past a budget. On CI (``CI=true``)
the extension must have been built by ``pip install``."""

from __future__ import annotations

import os
import random

import pytest

from benchmarks import check_search
from tests.reference import search_v1
from tiangow import Deal, search
from tiangow.players.positions import deal_until
from tiangow.rules import Rules
from tiangow.search import packing


def _goal(goal: search.Goal) -> search_v1.Goal:
    return getattr(search_v1.Goal, goal.name)


def test_the_extension_is_built_on_ci() -> None:
    if os.environ.get("CI") == "true":
        assert search.CORE_BUILD == "native"
    assert search.CORE == "compiled" and search.CORE_BUILD in ("native", "wasm")


def test_same_move_values_and_drill_answers_as_the_reference() -> None:
    rng = random.Random(5)
    for i in range(12):
        d = deal_until(rng, 3 + i % 2, rules=Rules(civil_supreme=bool(i % 3), capture_wins_trick=i % 2 == 0))
        seat = d.to_play
        assert seat is not None
        other = (seat + 1) % 4
        for goal in search.Goal:
            assert search.solve_moves(d, goal) == search_v1.solve_moves(d, _goal(goal)), (d, goal)
        assert search.forced_win(d, seat) == search_v1.forced_win(d, seat)
        assert search.forced_win(d, other) == search_v1.forced_win(d, other)
        assert search.winning_moves(d, seat) == search_v1.winning_moves(d, seat)
        assert search.can_win(d, other)[0] == search_v1.can_win(d, other)[0]
        # a defence may differ where several stop the win: it must stop it as the reference's does
        stop = search.best_defence(d, other)
        after = d.copy()
        after.push(stop)
        stops = search_v1.best_defence(d, other)
        after_ref = d.copy()
        after_ref.push(stops)
        assert search_v1.forced_win(after, other) == search_v1.forced_win(after_ref, other)


@pytest.mark.slow
def test_same_values_as_the_reference_on_whole_hands_of_the_small_game() -> None:
    """Whole hands from the first lead: 小天九's four tiles a hand (R-S3), every seat, all goals."""
    for seed in range(6):
        d = Deal.random(seed, rules=Rules(hand_size=4, free_split=seed % 2 == 0, civil_supreme=seed % 3 == 0))
        if d.natural is not None:
            continue
        for seat in range(4):
            for goal in search.Goal:
                assert search.solve(d, seat, goal) == search_v1.solve(d, seat, _goal(goal)), (seed, seat, goal)


def test_a_small_table_gives_the_same_values() -> None:
    """The table has a fixed size and replaces entries: a tiny one must not change a value."""
    core = search._ddcore
    deals = check_search.endings(10, [4], seed=3)
    want = [search.solve(d, d.to_play) for d in deals]
    core.set_table_bits(8)
    try:
        assert [search.solve(d, d.to_play) for d in deals] == want
    finally:
        core.set_table_bits(20)


def test_the_core_rejects_what_is_not_a_position() -> None:
    """The core reads plays by their place in the table: anything out of range is refused, not read."""
    d = deal_until(random.Random(1), 3)
    st = d.snapshot()
    ctx, good = packing.context(st), list(packing.core_state(st))
    assert ctx.solve(tuple(good), st.to_play, 0, -search.INF, search.INF, True)[0] == search.solve(d, st.to_play)
    for index, value in ((7, 9), (10, 99), (0, -1), (9, 3), (6, (1, 2, 3, 99)), (14, -5), (16, 64)):
        bad = list(good)
        bad[index] = value
        with pytest.raises(ValueError, match="not a position"):
            ctx.solve(tuple(bad), 0, 0, -1, 1, True)
    with pytest.raises(ValueError, match="not a position"):
        ctx.solve(tuple(good), 7, 0, -1, 1, True)


def test_a_line_of_best_play_that_gives_up_leaves_the_position_as_it_was() -> None:
    """principal_line tries each step by taking it and searching; where the search gives up
    past its budget (SearchTooLong) with a step taken, that step is taken back too. (It was not:
    a coach whose exact endings ran out of budget in its first sample went on from a position a
    step further on, and a hint at 7 tiles failed with a KeyError.)"""
    rng = random.Random(41)
    gave_up = 0
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


def test_solve_range_keeps_what_its_budget_proved() -> None:
    rng = random.Random(41)
    proved = 0
    for _ in range(12):
        d = deal_until(rng, 4)
        seat = d.to_play
        v = search.solve(d, seat)
        assert search.solve_range(d, seat, 10**7) == (v, v)
        for budget in (20, 200, 2_000):
            low, high = search.solve_range(d, seat, budget)
            assert low is None or low <= v
            assert high is None or v <= high
            proved += (low is not None) + (high is not None)
    assert proved > 0
    with pytest.raises(ValueError, match="max_nodes"):
        search.solve_range(d, seat, 0)


def test_no_core_says_why_at_the_first_search() -> None:
    """Where no build of the core can run, the package imports all the same and a search says
    why, in words."""
    d = deal_until(random.Random(2), 3)
    with search.using_core(None), pytest.raises(search.SearchUnavailable, match="cannot run here"):
        search.solve(d, d.to_play)


def test_R_W1_the_forced_win_is_asked_only_while_it_pays() -> None:
    """The 99th of the benchmark's seeded whole hands (``Random(0)``, the seat to act, +1):
    asking at every trick start from 5 tiles whether the seat can force the win (R-W1) took
    19.2 million positions, 73,688 of 78,401 asks finding none; asked only while it pays
    (``WIN_FLOOR_GRACE``, ``WIN_FLOOR_RATE`` in tiangow/coreabi.py), the net takes about 0.22
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


def test_a_search_lists_its_windows_when_asked() -> None:
    """``SearchStats(windows=[])``: each search of a window, with its positions, which add up to
    the search's (the MTD(f) searches of null windows around a guess, the last one the value's)."""
    d = deal_until(random.Random(4), 4)
    me = d.to_play
    stats = search.SearchStats(windows=[])
    v = search.solve(d, me, stats=stats)
    windows = stats.windows or []
    assert windows and sum(n for *_, n in windows) == stats.nodes
    for alpha, beta, _value, _ in windows:
        assert beta == alpha + 1
    assert any(value == v for _, _, value, _ in windows)
    assert search.SearchStats().windows is None  # not kept unless asked


def test_a_warm_search_of_the_same_sample_gives_the_fresh_value() -> None:
    """``solve(..., warm=True)`` keeps the core's table from the search before (of the same
    sample, for the same seat): the positions two steps on give the values fresh searches do."""
    rng = random.Random(17)
    checked = 0
    for _ in range(6):
        st = deal_until(rng, 6).snapshot()
        me = st.to_play
        assert me is not None
        first = True
        for mv in st.moves()[:4]:
            st.push(mv)
            for mv2 in st.moves()[:3] if st.to_play is not None else []:
                st.push(mv2)
                warm = search.solve(st, me, warm=not first)
                first = False
                assert warm == search.solve(st, me) and warm == search.solve(st, me, warm=True)
                st.pop()
                checked += 1
            st.pop()
    assert checked >= 30


def few_holding_stacks(count: int, seed: int) -> list[tuple[Deal, int]]:
    """Seeded positions of 3 or 4 tiles a hand (some within a trick) where one seat at most
    holds stacks, under the free-splitting variants, each with a seat to search for."""
    from tests.helpers import all_rules
    from tiangow.players.positions import sensible_action

    variants = [r for r in all_rules((8,)) if r.free_split]
    rng = random.Random(seed)
    out: list[tuple[Deal, int]] = []
    while len(out) < count:
        d = Deal.random(rng, banker=rng.randrange(4), rules=rng.choice(variants))
        if d.natural is not None:
            continue
        tiles = rng.choice((3, 4))
        while not d.is_over and len(d.holding(d.to_play)) > tiles:  # type: ignore[arg-type]
            sensible_action(d, rng)
        for _ in range(rng.randrange(3)):
            if not d.is_over:
                sensible_action(d, rng)
        if not d.is_over and sum(s > 0 for s in d.snapshot().stacks) <= 1:
            out.append((d, rng.randrange(4)))
    return out


def test_dominated_discards_while_one_seat_holds_stacks_keep_the_references_values() -> None:
    """While one seat at most holds stacks a sweep's 八支 reads what was shown (R-$11): the core
    still leaves out dominated discards there where the tiles swapped cannot change it."""
    for d, seat in few_holding_stacks(80, 7):
        assert search.solve(d, seat) == search_v1.solve(d, seat), (d.rules, seat)


def test_dominated_discards_while_one_seat_holds_stacks_save_positions_not_values() -> None:
    if search.CORE_BUILD != "native":
        pytest.skip("the switch is the extension's")
    from tiangow import ddcore  # type: ignore[attr-defined]

    nodes = {}
    for on in (True, False):
        was = ddcore.set_early_dominance(on)
        try:
            stats = search.SearchStats()
            nodes[on] = [search.solve(d, seat, stats=stats) for d, seat in few_holding_stacks(40, 8)], stats.nodes
        finally:
            ddcore.set_early_dominance(was)
    assert nodes[True][0] == nodes[False][0]
    assert nodes[True][1] < nodes[False][1]


def test_the_review_benchmark_gives_each_seat_its_net_or_bounds_around_it() -> None:
    from benchmarks.search import review_searches, seeded_hands

    d = next(seeded_hands(1))
    rows = review_searches(1, 100_000_000, seed=1)
    assert [(i, seat) for i, seat, *_ in rows] == [(0, s) for s in range(4)]
    nets = [search.solve(d, s) for s in range(4)]
    assert [(low, high) for _, _, low, high, _, _ in rows] == [(n, n) for n in nets]
    for (_, _, low, high, nodes, _), net in zip(review_searches(1, 2_000, seed=1), nets, strict=True):
        assert nodes <= 2_001 and (low is None or low <= net) and (high is None or net <= high)
