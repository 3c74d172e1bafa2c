"""The rule-based player as the search's compiled core makes it (``rule`` of a core's context,
which :func:`tiangow.players.rule.rule_move` asks where a core runs) against its statement in
Python (``tests/reference/rule.py``): the same choice, and the same lowest discards, in every position met
along seeded hands under every rule variant, played by a mix of players so that leads, follows,
discards, last tricks and blocked plays all come up — natively and as WebAssembly."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import all_rules
from tests.reference.rule import lowest_discards, python_rule_move
from tiangow import Deal, Rules, search, wasmcore
from tiangow.players.rule import rule_move
from tiangow.search import core_discards, core_rule_move, packing
from tiangow.state import State, Step


def positions(rules: Rules, hands: int, seed: int) -> Iterator[State]:
    """Every position to act in ``hands`` seeded hands under ``rules``, each step the rule-based
    player's or (one time in three) a random legal step."""
    rng = random.Random(seed)
    for _ in range(hands):
        d = Deal.random(rng.randrange(10**9), rules=rules)
        if d.natural is not None or d.to_play is None:
            continue
        st = d.snapshot()
        while st.to_play is not None:
            yield st
            step: Step = rng.choice(st.moves()) if rng.random() < 1 / 3 else python_rule_move(st)
            st.push(step)


def test_the_native_core_chooses_as_the_statement_in_python() -> None:
    if search.CORE_BUILD != "native":
        pytest.skip("the CPython extension was not built here")
    seen = 0
    for n, rules in enumerate(all_rules()):
        for st in positions(rules, 3, n):
            assert core_rule_move(st) == python_rule_move(st), (rules, st.key())
            for n in (1, 3):
                assert core_discards(st, n) == lowest_discards(st, n), (rules, st.key(), n)
            seen += 1
    assert seen > 10_000


@pytest.fixture(scope="module")
def wasm() -> Any:
    return wasmcore.load(wasmcore.wasmtime_runtime())


@pytest.mark.slow  # the full run
def test_the_webassembly_core_chooses_as_the_statement_in_python(wasm: Any) -> None:
    seen = 0
    with search.using_core(wasm):
        for n, rules in enumerate(all_rules()):
            if n % 3:
                continue
            for st in positions(rules, 2, 1000 + n):
                assert core_rule_move(st) == python_rule_move(st), (rules, st.key())
                assert core_discards(st, 3) == lowest_discards(st, 3), (rules, st.key())
                seen += 1
    assert seen > 2_000


def test_rule_move_is_the_cores_where_one_runs() -> None:
    st = Deal.random(3).snapshot()
    assert rule_move(st) == core_rule_move(st) == python_rule_move(st)


def test_the_core_refuses_a_position_with_no_seat_to_act() -> None:
    st = Deal.random(3).snapshot()
    bad = list(packing.core_state(st))
    bad[7] = 5  # to_play
    with pytest.raises(ValueError, match="not a position"):
        packing.context(st).rule(tuple(bad), 0)


def endings(rules: Rules, count: int, seed: int, tiles: int = 4) -> Iterator[State]:
    """Positions of ``tiles`` tiles a hand (or the first position below) met in seeded hands."""
    found = 0
    for st in positions(rules, count * 3, seed):
        if st.left <= tiles and found < count:
            found += 1
            yield st.copy()


@pytest.mark.slow  # the full run
def test_the_cores_line_of_best_play_is_principal_line_preferring_the_rule_based_player() -> None:
    """search.rule_line (the core's, one call) against principal_line(prefer=python_rule_move):
    the same steps on endings under every variant, from each seat, the table fresh or warm."""
    if search.CORE_BUILD != "native":
        pytest.skip("the CPython extension was not built here")
    seen = 0
    for n, rules in enumerate(all_rules()):
        for st in endings(rules, 2, 500 + n):
            me = (st.to_play or 0) if n % 2 else ((st.to_play or 0) + 1) & 3
            v = search.solve(st, me)
            tt: search.TT = {}
            expected = search.principal_line(st, me, v, prefer=python_rule_move)
            assert search.rule_line(st, me, v) == expected, (rules, st.key())
            search.solve(st, me, tt=tt)
            assert search.rule_line(st, me, v, tt) == expected
            seen += 1
    assert seen > 100


def test_the_webassembly_cores_line_is_the_same(wasm: Any) -> None:
    seen = 0
    with search.using_core(wasm):
        for n, rules in enumerate(all_rules()):
            if n % 4:
                continue
            for st in endings(rules, 2, 700 + n, tiles=3):
                me = st.to_play or 0
                v = search.solve(st, me)
                assert search.rule_line(st, me, v) == search.principal_line(st, me, v, prefer=python_rule_move)
                seen += 1
    assert seen > 20


def test_a_line_past_its_budget_gives_up_and_a_wrong_value_is_refused() -> None:
    st = next(endings(Rules(), 1, 11, tiles=5))
    me = st.to_play or 0
    v = search.solve(st, me)
    stats = search.SearchStats(limit=1)
    with pytest.raises(search.SearchTooLong):
        search.rule_line(st, me, v, stats=stats)
    with pytest.raises(ValueError, match="no step keeps"):
        search.rule_line(st, me, v + 1000)
