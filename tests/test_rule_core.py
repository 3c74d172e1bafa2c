"""The rule-based player as the search's compiled core makes it (``rule`` of a core's context,
which :func:`tiangow.bots.rule.rule_move` asks where a core runs) against its statement in
Python (:func:`tiangow.bots.rule.python_rule_move`): the same choice in every position met
along seeded hands under every rule variant, played by a mix of players so that leads, follows,
discards, last tricks and blocked plays all come up — natively and as WebAssembly."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import all_rules
from tiangow import Deal, Rules, search, wasmcore
from tiangow.bots.rule import python_rule_move, rule_move
from tiangow.search import core_rule_move
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
            seen += 1
    assert seen > 10_000


@pytest.fixture(scope="module")
def wasm() -> Any:
    return wasmcore.load(wasmcore.wasmtime_runtime())


def test_the_webassembly_core_chooses_as_the_statement_in_python(wasm: Any) -> None:
    seen = 0
    with search.using_core(wasm):
        for n, rules in enumerate(all_rules()):
            if n % 3:
                continue
            for st in positions(rules, 2, 1000 + n):
                assert core_rule_move(st) == python_rule_move(st), (rules, st.key())
                seen += 1
    assert seen > 2_000


def test_rule_move_is_the_cores_where_one_runs() -> None:
    st = Deal.random(3).snapshot()
    assert rule_move(st) == core_rule_move(st) == python_rule_move(st)


def test_the_core_refuses_a_position_with_no_seat_to_act() -> None:
    st = Deal.random(3).snapshot()
    bad = list(search._core_state(st))
    bad[7] = 5  # to_play
    with pytest.raises(ValueError, match="not a position"):
        search._context(st).rule(tuple(bad), 0)
