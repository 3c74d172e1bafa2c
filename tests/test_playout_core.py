"""The coach's playouts as the search's compiled core plays them
(:func:`tiangow.search.core_playouts`, which :class:`tiangow.players.SearchBot` asks where a core
runs) against their statement in Python (``tests/reference/playouts.py``'s ``StatementBot``): the
same figures for every option — means, spreads, outlooks — and the same positions searched, so
that a budget drops the same samples, on seeded positions of 5–8 tiles a hand under the rule
variants, with and without the seat's own best steps, endings from 5 to 3 tiles and budgets
that bind — natively and as WebAssembly."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import all_rules
from tests.reference.playouts import StatementBot
from tiangow import Deal, search, wasmcore
from tiangow.players import SearchBot
from tiangow.players.positions import deal_until, sensible_action
from tiangow.policy import POLICY
from tiangow.search import packing


def cases(count: int, seed: int, every: int = 5) -> Iterator[Deal]:
    """Seeded positions of 5–8 tiles a hand under every ``every``-th rule variant, some at a
    trick's start and some within it (seat to act)."""
    variants = [r for n, r in enumerate(all_rules((8,))) if n % every == 0]
    rng = random.Random(seed)
    for i in range(count):
        rules = variants[i % len(variants)]
        d = deal_until(rng, rng.choice((8, 7, 6, 5)), rules)
        for _ in range(rng.randrange(3)):
            if d.is_over or len(d.holding(d.to_play)) <= 2:  # type: ignore[arg-type]
                break
            sensible_action(d, rng)
        if not d.is_over:
            yield d


def figures(bot: SearchBot, d: Deal) -> tuple[Any, ...]:
    view = d.view(d.to_play)
    opts = bot.options(view)
    scored = ()
    if bot.used and not opts[0].exact:
        worst = opts[-1]
        scored = (bot.score(view, worst.move, opts[0], bot.used),)
    return tuple(opts), scored, bot.stats.nodes, bot.stats.hits, bot.stats.tt_size


def both(d: Deal, seed: int, samples: int, **knobs: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    core = SearchBot(seed, POLICY.but(**knobs), samples=samples)
    statement = StatementBot(seed, POLICY.but(**knobs), samples=samples)
    return figures(core, d), figures(statement, d)


SETTINGS = [dict(samples=4, bot_ending=e, bot_own_best=ob, bot_budget=b)
            for e, ob, b in itertools.product((5, 4, 3), (True, False), (None, 60_000))]


def check(count: int, seed: int, every: int) -> int:
    played = 0
    for n, d in enumerate(cases(count, seed, every)):
        kw = SETTINGS[n % len(SETTINGS)]
        core, statement = both(d, n, **kw)
        assert core == statement, (n, kw, d.rules)
        played += any(not o.exact for o in core[0])
    return played


@pytest.mark.slow  # the statements on 160 positions: the full run
def test_the_native_cores_playouts_are_the_statements() -> None:
    if search.CORE_BUILD != "native":
        pytest.skip("the CPython extension was not built here")
    assert check(120, 1, 3) > 80


@pytest.fixture(scope="module")
def wasm() -> Any:
    return wasmcore.load(wasmcore.wasmtime_runtime())


@pytest.mark.slow  # the statements on 160 positions: the full run
def test_the_webassembly_cores_playouts_are_the_statements(wasm: Any) -> None:
    with search.using_core(wasm):
        assert check(40, 2, 5) > 25


def test_a_budget_that_binds_drops_the_same_samples() -> None:
    d = deal_until(random.Random(11), 8)
    core, statement = both(d, 3, samples=12, bot_ending=5, bot_own_best=True, bot_budget=150_000)
    assert core == statement
    assert core[0][0].ending is not None and core[0][0].ending < 5  # it bound: the endings start later


def test_the_core_refuses_an_option_not_in_the_table() -> None:
    st = Deal.random(3).snapshot()
    with pytest.raises(ValueError, match="not in the table"):
        packing.context(st).playout(packing.core_state(st), (0, 0, 0, 0), st.to_play, [(999, 0)], 5, True, 3)
