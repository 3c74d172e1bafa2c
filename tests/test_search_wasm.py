"""The search's compiled core as WebAssembly — the module the package ships (tiangow/ddcore.wasm,
built by scripts/build_wasm.py from the same tiangow/core/), run by tiangow/wasmcore.py on
``wasmtime`` — against the CPython extension and the frozen reference: the same values — and,
being the same code, the same positions — on endings under every rule variant and on whole
hands; the same floor and ceiling; the same refusals. The shipped module is the source's
(its CRC-32), and ``TIANGOW_CORE`` chooses the core."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks import check_search
from scripts import build_wasm
from tiangow import Deal, search, wasmcore
from tiangow.players.positions import deal_until
from tiangow.search import SearchStats, SearchTooLong, packing

native = pytest.mark.skipif(search.CORE_BUILD != "native", reason="the CPython extension was not built here")


@pytest.fixture(scope="module")
def core() -> Iterator[Any]:
    """The module the package ships (tiangow/ddcore.wasm), on wasmtime (a dependency)."""
    yield wasmcore.load(wasmcore.wasmtime_runtime())


def test_the_shipped_module_is_built_from_this_source() -> None:
    """After an edit of the core's source (tiangow/core/) the shipped module must be built again
    (python scripts/build_wasm.py): it carries the CRC-32 of its source, and loading it beside
    another version of that source is refused."""
    assert wasmcore.WASM.is_file()
    crc = wasmcore.source_crc()
    assert crc is not None
    loaded = wasmcore.load(wasmcore.wasmtime_runtime())
    assert loaded.rt.call("tg_source") & 0xFFFFFFFF == crc


def test_a_module_built_from_another_source_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "core"
    shutil.copytree(wasmcore.SOURCE, other)
    (other / "search.h").write_bytes((other / "search.h").read_bytes() + b"\n// edited\n")
    with pytest.raises(wasmcore.StaleCore, match=r"python scripts/build_wasm\.py"):
        wasmcore.load(wasmcore.wasmtime_runtime(), source=other)


@pytest.mark.parametrize("wanted, build", [("wasm", "wasm"), ("native", "native")])
def test_tiangow_core_chooses_the_core(wanted: str, build: str) -> None:
    """``TIANGOW_CORE`` chooses; whichever runs, the search's own examples give their values."""
    if wanted == "native" and search.CORE_BUILD != "native":
        pytest.skip("the CPython extension was not built here")
    script = ("import doctest, sys; from tiangow import search; "
              "print(search.CORE_BUILD); sys.exit(doctest.testmod(search).failed)")
    out = subprocess.run([sys.executable, "-c", script], env={**os.environ, "TIANGOW_CORE": wanted},
                         capture_output=True, text=True, check=False, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert out.stdout.splitlines()[0] == build


def test_an_unknown_core_is_refused_in_words() -> None:
    out = subprocess.run([sys.executable, "-c", "import tiangow.search"], env={**os.environ, "TIANGOW_CORE": "gpu"},
                         capture_output=True, text=True, check=False, timeout=120)
    assert out.returncode != 0 and "TIANGOW_CORE='gpu': choose one of native, wasm" in out.stderr


@pytest.mark.slow  # a build of the module: the full run
def test_a_fresh_build_gives_the_shipped_modules_values() -> None:
    """Where clang can build the module, a fresh build searches as the shipped one does."""
    if build_wasm.compiler() is None:
        pytest.skip("no clang++ for wasm32-wasi here")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = wasmcore.load(wasmcore.wasmtime_runtime(build_wasm.build(Path(tmp) / "ddcore.wasm")))
    shipped = wasmcore.load(wasmcore.wasmtime_runtime())
    deals = check_search.endings(12, [3, 4], seed=7)
    with search.using_core(fresh):
        a = values(deals)
    with search.using_core(shipped):
        b = values(deals)
    assert a == b


def values(deals: list[Deal], goals: tuple[search.Goal, ...] = tuple(search.Goal)) -> tuple[list[int], int]:
    out, nodes = [], 0
    for d in deals:
        seat = d.to_play
        assert seat is not None
        for who in (seat, (seat + 1) % 4):
            for goal in goals:
                stats = SearchStats()
                out.append(search.solve(d, who, goal, stats=stats))
                nodes += stats.nodes
    return out, nodes


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_same_values_as_the_reference_on_endings_under_every_variant(core: Any) -> None:
    from tests.reference import search_v1

    deals = check_search.endings(30, [3, 4, 4], seed=41)
    assert len({d.rules for d in deals}) > 20
    with search.using_core(core):
        assert search.core_in_use() == "compiled"
        fast, _ = values(deals)
    slow = []
    for d in deals:
        seat = d.to_play
        assert seat is not None
        for who in (seat, (seat + 1) % 4):
            for goal in search.Goal:
                slow.append(search_v1.solve(d, who, getattr(search_v1.Goal, goal.name)))
    assert fast == slow


@native
def test_same_values_and_positions_as_the_extension(core: Any) -> None:
    deals = check_search.endings(40, [3, 4, 5], seed=43)
    with search.using_core(core):
        wasm, wasm_nodes = values(deals)
    ext, ext_nodes = values(deals)
    assert wasm == ext
    # the same code searches the same positions, but for where a table of another size or a
    # context numbered otherwise (both part of how positions are filed) makes entries collide
    assert abs(wasm_nodes - ext_nodes) <= ext_nodes // 100


@native
def test_same_whole_hands_as_the_extension(core: Any) -> None:
    rng = random.Random(0)
    hands = []
    while len(hands) < 4:
        d = Deal.random(rng, banker=rng.randrange(4))
        if d.natural is None:
            hands.append(d)
    for d in hands:
        seat = d.to_play
        assert seat is not None
        got, nodes = [], []
        for use in (search.using_core(core), search.using_core(search._ddcore)):
            with use:
                stats = SearchStats()
                got.append(search.solve(d, seat, stats=stats, max_nodes=3_000_000))
                nodes.append(stats.nodes)
        assert got[0] == got[1], d
        assert abs(nodes[0] - nodes[1]) <= nodes[1] // 100


@native
def test_same_floor_and_ceiling_as_the_extension(core: Any) -> None:
    rng = random.Random(9)
    checked = 0
    for i in range(20):
        d = deal_until(rng, 3 + i % 3)
        st = d.snapshot()
        while st.to_play is not None:
            state = packing.core_state(st)
            with search.using_core(core):
                ctx_w = packing.context(st)
            ctx_n = packing.context(st)
            for me in range(4):
                assert ctx_w.bounds(state, me) == ctx_n.bounds(state, me)
                checked += 1
            moves = st.moves()
            st.push(moves[rng.randrange(len(moves))])
    assert checked > 200


def test_gives_up_past_its_budget_and_refuses_what_is_not_a_position(core: Any) -> None:
    d = Deal.random(14)
    with search.using_core(core):
        with pytest.raises(SearchTooLong, match="1,000 positions"):
            search.solve(d, 0, search.Goal.FORCED_WIN, max_nodes=1000)
        st = d.snapshot()
        ctx = packing.context(st)
        bad = list(packing.core_state(st))
        bad[7] = 9  # nobody's seat to play
        with pytest.raises(ValueError, match="not a position"):
            ctx.solve(tuple(bad), 0, 0, -10, 10, True)
        with pytest.raises(ValueError, match="table bits"):
            core.set_table_bits(40)
        entries, size, _ = core.table_info()
        assert size == 32 and entries >= 1 << 10


def test_a_failing_settlement_is_raised_not_swallowed(core: Any) -> None:
    d = deal_until(random.Random(3), 2)
    st = d.snapshot()
    data = packing.context_data(st)

    def broken(*_: object) -> tuple[int, int, int, int]:
        raise ZeroDivisionError("the settlement failed")

    ctx = core.Context(data, broken)
    with pytest.raises(ZeroDivisionError):
        ctx.solve(packing.core_state(st), st.to_play or 0, 0, -search.INF, search.INF, True)
    with pytest.raises(ValueError, match="not as long"):
        core.Context(data[:-1], broken)


def test_a_search_in_steps_goes_on_from_what_it_stored(core: Any) -> None:
    rng = random.Random(0)
    d = Deal.random(rng, banker=rng.randrange(4))  # the first seeded whole hand: about 8,000 positions
    seat = d.to_play
    assert seat is not None
    with search.using_core(core):
        exact = search.solve(d, seat)
        r = search.RangeSearch(d, seat)
        steps = 0
        while not r.run(500):
            steps += 1
        assert r.bounds == (exact, exact) and steps >= 5
        assert core.table_info(1)[0] == 1 << core.BIG_BITS


def test_the_cores_layout_is_declared_once() -> None:
    """tiangow/core/abi.h is what tiangow/coreabi.py generates (python -m scripts.make_core_abi),
    and the position the search sends has the declared fields."""
    from tiangow import coreabi
    from tiangow.search.packing import core_state as _core_state

    assert (wasmcore.SOURCE / "abi.h").read_text(encoding="utf-8") == coreabi.header()
    st = Deal.random(3).snapshot()
    state = _core_state(st)
    assert len(state) == len(coreabi.STATE)
    for value, (name, kind) in zip(state, coreabi.STATE, strict=True):
        assert isinstance(value, tuple) if kind == "int4" else isinstance(value, int), name


def test_a_core_built_for_another_layout_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each core says the layout's version it was built for; a core of another is refused at load
    (TIANGOW_CORE naming it: an ImportError that says why; else the next core runs), and rules
    sent in another layout are refused by the core."""
    from tiangow import coreabi

    monkeypatch.setattr(coreabi, "ABI", coreabi.ABI + 1)
    with pytest.raises(wasmcore.StaleCore, match="layout version"):
        wasmcore.load(wasmcore.wasmtime_runtime())
    monkeypatch.setenv("TIANGOW_CORE", "wasm")
    with pytest.raises(ImportError, match="layout version"):
        search.core._load_core()
    if search.CORE_BUILD == "native":
        monkeypatch.setenv("TIANGOW_CORE", "native")
        with pytest.raises(ImportError, match="layout version"):
            search.core._load_core()
        monkeypatch.delenv("TIANGOW_CORE")
        with pytest.warns(UserWarning, match="layout version"):
            core, why = search.core._load_core()
        assert core is None and "layout version" in why  # neither build: every search says why
    st = Deal.random(3).snapshot()
    monkeypatch.undo()
    data = packing.context_data(st)
    for core in (search._ddcore, wasmcore.load(wasmcore.wasmtime_runtime())):
        with pytest.raises(ValueError, match="another layout's version"):
            core.Context([data[0] + 1, *data[1:]], lambda *a: (0, 0, 0, 0))


def test_the_rules_list_is_laid_out_by_its_declaration() -> None:
    """The rules' list follows tiangow/coreabi.py's RULES section by section, each after its tag:
    both cores refuse one with two sections swapped, and pack_rules one with a section missing or
    of the wrong shape; a search's results come back in RESULTS's order from both."""
    from tiangow import coreabi

    st = Deal.random(3).snapshot()
    data = packing.context_data(st)
    tags = [i for i, w in enumerate(data) if coreabi.RULES_TAG <= w < coreabi.RULES_TAG + len(coreabi.RULES)]
    assert [data[i] - coreabi.RULES_TAG for i in tags] == list(range(len(coreabi.RULES)))
    # the flags and the named plays (sections 3 and 4) swapped, each whole after its tag
    flags, named, movable = tags[3], tags[4], tags[5]
    swapped = data[:flags] + data[named:movable] + data[flags:named] + data[movable:]
    assert len(swapped) == len(data) and swapped != data
    cores = [wasmcore.load(wasmcore.wasmtime_runtime())] + ([search._ddcore] if search.CORE_BUILD == "native" else [])
    for core in cores:
        with pytest.raises(ValueError, match=r"order of tiangow/coreabi\.py"):
            core.Context(swapped, lambda *a: (0, 0, 0, 0))
    sections = {name: None for name, _, _ in coreabi.RULES}
    del sections["higher"]
    with pytest.raises(ValueError, match="the rules' sections are"):
        coreabi.pack_rules(sections)
    stats = search.SearchStats()
    v = search.solve(st, 0, stats=stats)
    for core in cores:
        with search.using_core(core):
            ctx = packing.context(st)
            r = coreabi.Result(*ctx.solve(packing.core_state(st), 0, 0, -search.INF, search.INF, True))
        assert r.value == v and r.nodes > 0 and r.stores > 0
