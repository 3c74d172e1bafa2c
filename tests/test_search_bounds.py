"""The floor under the exact search (net_floor in tiangow/core/bounds.h, stated in tests/reference/bounds.py): what
it rests on, that it is never above a position's exact value, and that cutting on it leaves
every value as it was (issue 23 §1: a bound proven by test)."""

from __future__ import annotations

import itertools
import random

import pytest

from benchmarks import check_search
from tests.reference.bounds import Floor
from tiangow import Deal, Rules, parse_tiles
from tiangow.players.positions import deal_until, sensible_action
from tiangow.rules import DEFAULT_RULES
from tiangow.scoring import Finish, compute_settlement
from tiangow.search import CORE, SearchStats, solve, without_floor

_FINISHES = [(), (Finish.SUPREME,), (Finish.QUAD,), (Finish.LOWEST,), (Finish.SEVEN,), (Finish.EIGHT,),
             (Finish.SUPREME, Finish.EIGHT), (Finish.QUAD, Finish.EIGHT), (Finish.LOWEST, Finish.SEVEN)]


def _stack_vectors() -> list[tuple[int, int, int, int]]:
    return [(a, b, c, 8 - a - b - c) for a in range(9) for b in range(9 - a) for c in range(9 - a - b)]


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_winning_the_hand_is_worth_more_than_0_to_the_winner_under_every_settlement() -> None:
    """What the floor rests on: the worst for a seat is to lose, never to win (R-$1–R-$4, R-$10),
    whatever the stacks, banker, streak, finishes, capture and capture multiplier."""
    checked = 0
    for rules in (DEFAULT_RULES, Rules(capture_multiplier=4), Rules(civil_supreme=True)):
        for st in _stack_vectors():
            for w in range(4):
                if st[w] < 2:  # R-W2: the winner ends with at least 2 stacks
                    continue
                for banker, streak, fins in itertools.product(range(4), (0, 1, 3), _FINISHES):
                    if (Finish.SEVEN in fins or Finish.EIGHT in fins) != (st[w] == 8):
                        continue
                    for captured in [None, *(s for s in range(4) if s != w)]:
                        net = compute_settlement(st, w, banker, streak, fins, captured, rules, []).net
                        assert net[w] > 0, (st, w, banker, streak, fins, captured, rules)
                        checked += 1
    assert checked > 10_000


def test_a_loser_pays_less_the_more_stacks_it_ends_with() -> None:
    """The other thing it rests on: stacks only grow, and a loser's net never falls as its
    own stacks rise, the others' held as they are (R-$1–R-$3)."""
    for st in _stack_vectors():
        for w, me in itertools.permutations(range(4), 2):
            if st[w] < 2 or st[me] == 0:
                continue
            fewer = list(st)
            fewer[me] -= 1
            for other in range(4):
                if other == me:
                    continue
                moved = list(fewer)
                moved[other] += 1  # the stack me did not take went to another seat
                if moved[w] < 2:
                    continue
                for banker in range(4):
                    more = compute_settlement(st, w, banker, 1, (), None, DEFAULT_RULES, []).net[me]
                    less = compute_settlement(tuple(moved), w, banker, 1, (), None,  # type: ignore[arg-type]
                                              DEFAULT_RULES, []).net[me]
                    assert more >= less


def _positions(count: int, seed: int) -> list[tuple[Deal, int]]:
    """Seeded endings of 3–4 tiles under the variants in turn, some taken one or two steps into
    a trick, each with a seat to search for."""
    rng = random.Random(seed)
    out = []
    for i, d in enumerate(check_search.endings(count, [3, 4, 3], seed=seed)):
        for _ in range(i % 3):
            if not d.is_over:
                sensible_action(d, rng)
        if not d.is_over:
            out.append((d, rng.randrange(4)))
    return out


def test_the_floor_is_never_above_the_exact_value_nor_the_ceiling_below() -> None:
    checked = floors = ceilings = 0
    for d, me in _positions(64, seed=71):
        st = d.snapshot()
        bounds = Floor.for_rules(st.rules)
        floor = bounds(st, me)
        ceiling = bounds.ceiling(st, me)
        with without_floor():
            exact = solve(d, me)
        checked += 1
        if floor is not None:
            floors += 1
            assert floor <= exact, (d, me, floor, exact)
            assert floor <= Floor.quick(st, me)
        if ceiling is not None:
            ceilings += 1
            assert ceiling >= exact, (d, me, ceiling, exact)
            assert ceiling >= Floor.least_ceiling(st, me)
    assert checked >= 50 and floors >= 20 and ceilings >= 3


def test_cutting_on_the_floor_changes_no_value_and_saves_positions() -> None:
    values = {}
    nodes = {}
    for on in (False, True):
        vals = []
        total = 0
        for d, me in _positions(36, seed=72):
            stats = SearchStats()
            if on:
                vals.append(solve(d, me, stats=stats))
            else:
                with without_floor():
                    vals.append(solve(d, me, stats=stats))
            total += stats.nodes
        values[on] = vals
        nodes[on] = total
    assert values[True] == values[False]
    assert nodes[True] < nodes[False]


def test_no_floor_where_the_rules_are_not_scored() -> None:
    small = Deal.random(5, rules=Rules(hand_size=4))
    assert Floor.for_rules(small.rules)(small.snapshot(), 0) is None


def test_R_10_a_seat_that_could_be_captured_has_the_floor_of_getting_rid_of_its_1_2() -> None:
    """R-$10: a seat holding 1-2 while another holds 2-4 is captured only by leading 1-2 alone
    into the last trick. Where 1-2 is all it will lead the last trick with, there is no floor;
    elsewhere the floor is that of leading or putting 1-2 in its next play — its own stacks (and a
    trick its play stands in unbeaten), nothing cashed — never above the exact value."""
    from tiangow import packed
    from tiangow.state import State

    # East (the banker, m = 2) holds 1-2 and South 2-4, East to lead: the floor is of East
    # leading 1-2 first and taking nothing more — a loser with no stack (5), ×m, ×4 while
    # another seat could still take all eight stacks (八支).
    d = Deal([parse_tiles("12 66 11 44 13 55 33 22"), parse_tiles("24 66 11 44 13 55 33 22"),
              parse_tiles("46 46 16 16 15 15 36 45"), parse_tiles("26 35 25 34 56 23 14 56")])
    st = d.snapshot()
    floor = Floor.for_rules(st.rules)
    assert floor(st, 0) == -5 * 2 * 4
    rng = random.Random(81)
    seen = {"none": 0, "floor": 0}
    starts: list[State] = []
    while len(starts) < 40:  # random lines keep 1-2 and 2-4 in play more often than sensible ones
        st = Deal.random(rng, banker=rng.randrange(4)).snapshot()
        while st.to_play is not None and (st.size or st.left > 4):
            moves = st.moves()
            st.push(moves[rng.randrange(len(moves))])
        if st.to_play is not None and any(packed.contains(st.h[a], floor.m12) and packed.contains(st.h[b], floor.m24)
                                          for a in range(4) for b in range(4) if a != b):
            starts.append(st)
    for st in starts:
        bounds = floor
        while st.to_play is not None:
            for me in range(4):
                m12, m24 = bounds.m12, bounds.m24
                if not packed.contains(st.h[me], m12) or not any(
                        packed.contains(st.h[o], m24) for o in range(4) if o != me):
                    continue
                f = bounds(st, me)
                if packed.size(st.h[me]) == 1 and not st.size and st.to_play == me:
                    assert f is None  # it must lead 1-2 alone into the last trick
                    seen["none"] += 1
                elif f is not None:
                    with without_floor():
                        assert f <= solve(st, me)
                    seen["floor"] += 1
            moves = st.moves()
            st.push(moves[rng.randrange(len(moves))])
    assert seen["none"] >= 1 and seen["floor"] >= 100, seen


def test_the_bounds_hold_all_along_random_lines_of_play() -> None:
    """Floor ≤ exact value ≤ ceiling at every position of random lines played out from seeded
    endings (most positions a search meets are inside a trick), for every seat; the cases where
    me leads all the tricks left with plays nobody can beat (it wins the hand) included."""
    from tiangow.state import State

    rng = random.Random(73)
    seen = {"floor": 0, "ceiling": 0, "wins": 0}
    for d, _ in _positions(40, seed=74):
        st: State = d.snapshot()
        bounds = Floor.for_rules(st.rules)
        while st.to_play is not None:
            for me in range(4):
                floor, ceiling = bounds(st, me), bounds.ceiling(st, me)
                if floor is None and ceiling is None:
                    continue
                with without_floor():
                    exact = solve(st, me)
                if floor is not None:
                    seen["floor"] += 1
                    assert floor <= exact, (st, me, floor, exact)
                    assert floor <= Floor.quick(st, me)
                    others = 0
                    for s in range(4):
                        if s != me and st.h[s]:
                            others |= bounds.plays_of(st.h[s])[0]
                    seen["wins"] += bounds.sure_stacks(st, me, others)[2]
                if ceiling is not None:
                    seen["ceiling"] += 1
                    assert exact <= ceiling, (st, me, ceiling, exact)
            moves = st.moves()
            st.push(moves[rng.randrange(len(moves))])
    assert seen["floor"] > 500 and seen["ceiling"] > 50 and seen["wins"] > 20, seen


def test_R_W1_the_bounds_of_a_forced_win_hold_all_along_random_lines_of_play() -> None:
    """Where win_bound says a seat is sure to win the hand (it leads every trick left in plays
    nobody can beat) or sure not to (another seat takes every trick left), the exact forced win
    says the same (R-W1, R-W2) — at every position of random lines from seeded endings under the
    variants, for every seat."""
    from tiangow.search import Goal
    from tiangow.state import State

    rng = random.Random(76)
    seen = {"win": 0, "loss": 0}
    for d, _ in _positions(40, seed=77):
        st: State = d.snapshot()
        bounds = Floor.for_rules(st.rules)
        while st.to_play is not None:
            for me in range(4):
                w = bounds.win_bound(st, me)
                if w is not None:
                    seen["win" if w else "loss"] += 1
                    with without_floor():
                        assert w == solve(st, me, Goal.FORCED_WIN), (st, me, w)
            moves = st.moves()
            st.push(moves[rng.randrange(len(moves))])
    assert seen["win"] > 20 and seen["loss"] > 20, seen


@pytest.mark.skipif(CORE != "compiled", reason="the compiled core is not built here")
def test_the_compiled_bounds_are_their_twins() -> None:
    """net_floor, net_ceiling and win_bound in tiangow/core/bounds.h give what tests/reference/bounds.py gives,
    for every
    seat, at every position of random lines from seeded endings and whole hands under every
    variant (the values only show that a bound is sound; this shows the two are one)."""
    from tiangow.search.packing import context as _context
    from tiangow.search.packing import core_state as _core_state

    rng = random.Random(75)
    rules = [r for r in check_search.all_rules(hand_sizes=(8,)) if r.scored]
    compared = 0
    for i in range(160):
        d = Deal.random(rng, banker=rng.randrange(4), streak=rng.randrange(1, 4), rules=rules[i % len(rules)])
        if d.natural is not None:
            continue
        st = d.snapshot()
        bounds = Floor.for_rules(st.rules)
        ctx = _context(st)
        while st.to_play is not None:
            for me in range(4):
                assert ctx.bounds(_core_state(st), me) == (bounds(st, me), bounds.ceiling(st, me),
                                                           bounds.win_bound(st, me)), (st, me)
                compared += 1
            moves = st.moves()
            st.push(moves[rng.randrange(len(moves))])
    assert compared > 10_000


def test_me_cannot_stop_both_lowest_with_its_one_last_tile() -> None:
    """Under the civil supreme, another seat holds 1-2 and another 1-5: South, the banker with one
    stack, holds a civil single that beats 1-5 (和) and military ones that beat 1-2, but keeps only
    one tile to the last trick, so one 么結 stays possible (R-$9) and the floor counts it: North
    leads 長三, East takes it with 地, leads 和 for North's 天, and North leads 1-5 last."""
    from tiangow import parse_tiles

    rules = Rules(civil_supreme=True)
    d = Deal([parse_tiles("11 13 12 45 11 44 56 34"), parse_tiles("13 36 26 66 23 14 25 24"),
              parse_tiles("55 33 22 44 56 46 46 16"), parse_tiles("66 33 15 16 35 15 22 55")], banker=1, rules=rules)
    for lead, rest in [("66", "44 16 34"), ("23", "56 35 45!"), ("11", "14 46 15"), ("44", "25 46 22"),
                       ("56", "24 16 55!")]:
        d.play(lead)
        for t in rest.split():
            if t.endswith("!"):
                d.play(t[:-1])
            else:
                d.discard(t)
    assert d.stacks == (3, 1, 0, 1) and d.to_play == 3
    st = d.snapshot()
    with without_floor():
        exact = solve(d, 1)
    assert exact == -12  # 3 for one stack, x2 the banker, x2 么結
    assert Floor.for_rules(rules)(st, 1) == -12
    assert solve(d, 1) == exact


_SUPREME_EAST = ["66 44 33 22 16 34 24 12", "66 44 13 55 33 46 35 23", "13 55 22 56 16 15 45 14",
                 "11 11 56 46 15 36 26 25"]
"""East holds 至尊 (2-4 and 1-2); West can lead 4-5 unbeaten (the 200-deal benchmark's hand #31)."""


def test_R_7_a_supreme_earns_its_reward_or_its_finish_not_both() -> None:
    """R-$5, R-$7, R-$9: West, the banker, can lead 4-5 unbeaten (one stack sure); East holds
    至尊 (2-4 and 1-2). Won with the supreme, East's last trick doubles West's payment (包尊) but
    earns no 賀尊; 1-2 led alone (么結) breaks the supreme, so no 賀尊 either; with its 賀尊 East
    finishes at ×1. The floor is the worst of the three, 3 × 2 (banker) × 2 = 12 — not the reward
    and the finish both (16) — which is West's exact net, so no line need be searched to show
    West gets that much (with the floor of both, 8 million positions). Unless the variant pays
    both (R-$7's variant): then 16."""
    d = Deal(_SUPREME_EAST, banker=2)
    assert Floor.for_rules(d.rules)(d.snapshot(), 2) == -12
    stats = SearchStats()
    assert solve(d, 2, stats=stats) == -12
    assert stats.nodes < 100_000
    both = Rules(finish_collects_immediate=True)
    assert Floor.for_rules(both)(Deal(_SUPREME_EAST, banker=2, rules=both).snapshot(), 2) == -16


def test_R_dollar_between_two_non_bankers_the_floor_counts_x1() -> None:
    """The same hands, South the banker (m = 2), West searched for: South leads, so West is sure of
    no stack. The worst the floor finds is East (not the banker) taking all eight and the last
    trick with 至尊: 5 (空棟) × 8 (八支 ×4, 包尊 ×2) = 40 and no 賀尊 for it, or with 賀尊 (2)
    and 八支 alone, 22 — ×1 both, since neither West nor East is the banker (RULES §6: m only
    between the banker and another). Counting m on every payment gave 80."""
    d = Deal(_SUPREME_EAST, banker=1)
    assert Floor.for_rules(d.rules)(d.snapshot(), 2) == -40
    from tiangow.search.packing import context as _context
    from tiangow.search.packing import core_state as _core_state

    st = d.snapshot()
    assert _context(st).bounds(_core_state(st), 2)[0] == -40


@pytest.mark.slow
def test_a_seat_that_may_capture_the_last_lead_gives_no_ceiling() -> None:
    """Found by benchmarks/check_search.py (seed 605): a last trick led with 1-2 and captured under
    以擒為大 — the captured leader alone pays (R-$10), so East, another loser, pays nothing; a
    ceiling that had East pay as a loser cut the search at the wrong value."""
    from tests.reference import search_v1

    d = check_search.endings(618, [3, 4, 5], seed=605)[617]
    assert search_v1.solve(d, 0) == 0
    assert solve(d, 0) == 0


def test_R_11_the_floor_counts_a_sweep_only_as_far_as_its_seat_can_force_it() -> None:
    """R-$11 (七支/八支), R-W2: where ``me`` has no stack and one seat could still take all eight,
    the floor counts that seat's sweep only as far as it can force it against ``me``
    (Floor.sweep_mult: ``me`` beats what it can, and keeps the last trick's multiplier low).
    Along lines where the leader keeps the lead (the others mostly discard), at every position
    with ≤ 4 tiles each where me has no stack: the floor is never above the exact value, and the
    sweep bound raises it in some."""
    from tiangow.state import State

    rules = [r for r in check_search.all_rules(hand_sizes=(8,)) if r.scored]
    rng = random.Random(83)
    checked = raised = 0
    for i in range(100):
        d = Deal.random(rng, banker=rng.randrange(4), rules=rules[i % len(rules)])
        if d.natural is not None:
            continue
        st: State = d.snapshot()
        bounds = Floor.for_rules(st.rules)
        plain = bounds.plain_sweeps
        while st.to_play is not None:
            if st.left <= 4:
                for me in range(4):
                    if st.stacks[me] or sum(1 for s in st.stacks if s) > 1:
                        continue
                    f = bounds(st, me)
                    if f is None:
                        continue
                    bounds.plain_sweeps = False
                    before = bounds(st, me)
                    bounds.plain_sweeps = plain
                    assert before is not None and before <= f
                    raised += before < f
                    with without_floor():
                        assert f <= solve(st, me), (st, me)
                    checked += 1
            moves = st.moves()
            discards = [mv for mv in moves if type(mv) is int]
            st.push(discards[rng.randrange(len(discards))] if discards and rng.random() < 0.8
                    else moves[rng.randrange(len(moves))])
    assert checked > 1000 and raised > 50, (checked, raised)


def test_R_W1_a_seat_that_can_force_the_win_gets_at_least_the_least_win() -> None:
    """The floor of a forced win (tests.reference.bounds.Floor.win_floor): where a seat can make sure of
    taking the last trick (R-W1) from a trick start, its exact net is at least what the least win
    brings — the others ending with any stacks still to come (R-$1–R-$3), less the rewards they
    may still collect (R-$5, R-$6) — under every variant; and the search, which cuts on it from
    5 tiles a hand, gives the values it gives without its floors."""
    from tests.helpers import all_rules
    from tiangow.search import Goal

    rng = random.Random(31)
    variants = [r for r in all_rules((8,)) if not r.naturals]
    checked = forced = 0
    for i in range(40):
        rules = variants[i % len(variants)]
        d = deal_until(rng, 5 if i % 2 else 4, rules)
        st = d.snapshot()
        if st.size:
            continue
        for me in range(4):
            if solve(d, me, Goal.FORCED_WIN):
                forced += 1
                exact = solve(d, me)
                least = Floor.for_rules(rules).win_floor(st, me)
                assert least is None or exact >= least, (d, me, exact, least)
                with without_floor():
                    assert solve(d, me) == exact
        checked += 1
    assert checked >= 10 and forced >= 6, (checked, forced)
