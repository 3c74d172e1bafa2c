"""One search over the rest of a hand, every tile known (the double-dummy view of bridge solvers).

One alpha-beta — the compiled core, ``tiangow/ddcore.cpp``: CPython's extension, or the same
source as WebAssembly (:mod:`tiangow.wasmcore`) — on a :class:`tiangow.state.State`'s position
(a transposition table of value bounds), answers the questions the package asks, as a
:class:`Goal`:

- ``Goal.NET`` — the net a seat can *guarantee* from here to the end of the hand, whatever
  the other three do (they are taken to play against it together: the "paranoid" reduction
  of a four-player game to two sides, which lets alpha-beta prune). Immediate rewards still
  to come (賀尊, 四大賀) and the settlement count, as :meth:`tiangow.Deal.settlement` scores
  them. The bots and the coach's marks ask this.
- ``Goal.FORCED_WIN`` — 1 if the seat wins the hand whatever the others do, else 0 (the
  trick drills: :func:`forced_win`, :func:`winning_moves`, :func:`best_defence`).
- ``Goal.POSSIBLE_WIN`` — 1 if some way of playing, everyone helping, lets it win
  (:func:`can_win`, with one such line).

>>> from tiangow import Deal, parse_tiles
>>> d = Deal([parse_tiles("66 11 44 13 55 33 22 56"), parse_tiles("66 11 44 13 55 33 22 56"),
...           parse_tiles("46 46 16 16 15 15 36 45"), parse_tiles("26 35 25 34 24 23 14 12")])
>>> for t in "66 11 44 13 55".split():
...     _ = d.play(t)
...     for seat in (1, 2, 3):
...         _ = d.discard(d.holding(seat)[-1:])
>>> d.stacks, d.holding(0), d.holding(1)       # East has five stacks; South kept 天 地 人
((5, 0, 0, 0), Holding('3-3 2-2 5-6'), Holding('6-6 1-1 4-4'))
>>> forced_win(d, 0), forced_win(d, 1)          # South beats East's lead and takes the last three tricks
(False, True)
>>> solve(d, 1)          # West and North pay South 5 (空棟), South pays East 1 (入一)
9
>>> solve(d, 0)          # East, 入一, is paid 1 by South whatever it does
1
>>> [(str(m), v) for m, v in solve_moves(d)]   # East to lead: every move loses the hand
[('play 33', 1), ('play 22', 1), ('play 56', 1)]
"""

from __future__ import annotations

import enum
import os
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, Final

from . import coreabi, packed
from .combos import Combination
from .deal import Deal
from .errors import DealError
from .move import Move
from .policy import POLICY
from .state import State, Step, every_higher

CORES: Final = ("native", "wasm")
"""The cores ``TIANGOW_CORE`` may name: CPython's extension, or the WebAssembly module on
``wasmtime``."""


class SearchUnavailable(DealError):
    """No build of the search's core could run here (the message says why)."""


def _wanted() -> str:
    """The core asked for: ``TIANGOW_CORE`` (``native`` or ``wasm``), or ``""`` for the first
    that runs here (native, then wasm)."""
    wanted = os.environ.get("TIANGOW_CORE", "").strip().lower()
    if wanted not in ("", *CORES):
        raise ImportError(f"TIANGOW_CORE={wanted!r}: choose one of {', '.join(CORES)}")
    return wanted


def _load_core() -> tuple[Any, str]:
    """The search's core (tiangow/ddcore.cpp) and how it runs: CPython's extension where ``pip
    install`` built it; else the same source as WebAssembly — on ``wasmtime`` in CPython, on the
    browser's own engine in Pyodide (:mod:`tiangow.wasmcore`). ``TIANGOW_CORE`` chooses one; a
    core asked for that cannot run here is an ImportError that says why. Where none runs:
    ``(None, why)``, and every search raises :class:`SearchUnavailable` with that reason."""
    wanted = _wanted()
    from . import wasmcore

    if sys.platform == "emscripten":
        try:
            return wasmcore.load(wasmcore.pyodide_runtime()), "WebAssembly in the browser"
        except Exception as e:  # the browser refused the module
            return None, f"the browser could not run the search's WebAssembly module ({e})"
    stale = ""
    if wanted in ("", "native"):
        try:
            from . import ddcore
        except ImportError as e:  # pragma: no cover - depends on the build
            if wanted == "native":
                raise ImportError(f"TIANGOW_CORE=native: the extension was not built here ({e})") from e
        else:
            if getattr(ddcore, "ABI", None) == coreabi.ABI:
                return ddcore, "native"
            stale = (f"the search's extension was built for layout version {getattr(ddcore, 'ABI', 0)}, the "
                     f"package sends version {coreabi.ABI}: pip install -e . builds it again")
            if wanted == "native":
                raise ImportError(stale)
            warnings.warn(stale + "; the WebAssembly core runs meanwhile", stacklevel=2)
    try:
        import wasmtime  # noqa: F401
    except ImportError as e:  # pragma: no cover - wasmtime is a dependency
        if wanted == "wasm":
            raise ImportError("TIANGOW_CORE=wasm needs wasmtime (pip install wasmtime)") from e
        return None, "no search core: the extension was not built and wasmtime is missing (pip install wasmtime)"
    try:
        return wasmcore.load(wasmcore.wasmtime_runtime(), POLICY.wasmtime_share), "wasm"
    except (wasmcore.StaleCore, OSError) as e:
        if wanted == "wasm":
            raise ImportError(str(e)) from e
        warnings.warn(str(e), stacklevel=2)
        return None, f"no search core: {e}"


_loaded = _load_core()
_ddcore: Any = _loaded[0]
CORE_BUILD: Final[str] = _loaded[1] if _ddcore is not None else "none"
"""How the search runs here: ``"native"`` (CPython's extension), ``"wasm"`` (the WebAssembly
module on ``wasmtime``), ``"WebAssembly in the browser"`` (Pyodide), or ``"none"``."""
_WHY_NONE: Final[str] = "" if _ddcore is not None else _loaded[1]


@contextmanager
def using_core(core: Any) -> Iterator[None]:
    """Inside the block every search runs on ``core``: an object with the compiled core's
    interface (``Context``, ``set_table_bits``, ``set_floor``, ``table_info``), such as the
    WebAssembly build of tiangow/ddcore.cpp (:func:`tiangow.wasmcore.load`) — for holding one
    build to another's values."""
    global _ddcore  # noqa: PLW0603 - the one switch every search reads
    was = _ddcore
    _ddcore = core
    try:
        yield
    finally:
        _ddcore = was


@contextmanager
def _core_switch(setter: str, value: object) -> Iterator[None]:
    """Inside the block the core in use has one of its switches (``set_floor``,
    ``set_relaxed_from``) set to ``value``; afterwards it is set back to what it was."""
    was = getattr(_ddcore, setter)(value) if _ddcore is not None else None
    try:
        yield
    finally:
        if _ddcore is not None and was is not None:
            getattr(_ddcore, setter)(was)


@contextmanager
def without_floor() -> Iterator[None]:
    """Inside the block the searches do not cut where the core's floor of a seat's net reaches
    the window (same values, more positions: to measure what the floor saves)."""
    with _core_switch("set_floor", False):
        yield


@contextmanager
def relaxed_from(tiles: int) -> Iterator[None]:
    """Inside the block the searches ask the relaxed game (the other three putting off their
    discards: a bound, docs/search.md) from ``tiles`` tiles a hand instead of
    ``coreabi.TUNING["RELAXED_FROM"]`` (the tests hold it to the reference on small endings;
    9: never). Same values."""
    with _core_switch("set_relaxed_from", tiles):
        yield


def core_in_use() -> str:
    """Which search runs now: ``"compiled"`` (a build of the core: :data:`CORE_BUILD`), or
    ``"none"`` where no core could run (or inside ``using_core(None)``)."""
    return "compiled" if _ddcore is not None else "none"


def core_budget_share() -> float:
    """The share of a budget of positions, set for CPython's extension, that the compiled core
    in use gets through in about the same time: 1, or less for the WebAssembly build in the
    browser (:attr:`tiangow.wasmcore.Core.BUDGET_SHARE`, with the rest of the coach's work in
    the browser's slower Python)."""
    return float(getattr(_ddcore, "BUDGET_SHARE", 1.0)) if _ddcore is not None else 1.0


__all__ = ["Goal", "SearchStats", "SearchTooLong", "SearchUnavailable", "INF", "CORE", "CORE_BUILD", "CORES",
           "core_in_use", "core_budget_share", "core_rule_move", "core_discards", "core_playouts", "using_core",
           "without_floor", "solve", "solve_range", "solve_above", "RangeSearch", "solve_moves", "step_values",
           "forced_win", "can_win", "winning_moves", "best_defence", "principal_line", "rule_line"]

INF: Final = 10**9


class Goal(enum.Enum):
    """The question a search answers (see the module's docstring)."""

    NET = "net"
    FORCED_WIN = "forced win"
    POSSIBLE_WIN = "possible win"


CORE: Final = "compiled" if _ddcore is not None else "none"
"""Whether the search runs here: ``"compiled"`` (tiangow/ddcore.cpp: the extension ``pip
install`` built, or the same source as WebAssembly; :data:`CORE_BUILD` says which), or
``"none"``. Every build gives the same values (tests/test_search_wasm.py), held to the small
Python reference in ``tests/reference`` (tests/test_search_reference.py)."""


@dataclass
class SearchStats:
    """How much work a search did."""

    nodes: int = 0
    tt_size: int = 0
    """Positions in the table (the compiled core: positions stored, some since replaced)."""
    hits: int = 0
    limit: int = 0
    """Give up (:class:`SearchTooLong`) once ``nodes`` passes this (0: never)."""
    windows: list[tuple[int, int, int, int]] | None = None
    """Where a list: each search of a window the search made, as ``(alpha, beta, value,
    positions)`` (where the time of a hard search goes: ``python -m benchmarks.search --hard``)."""


class SearchTooLong(DealError):
    """A search gave up: it would take more than the nodes it was allowed
    (:attr:`SearchStats.limit`, ``solve(..., max_nodes=...)``)."""


TT = dict[tuple[object, ...], tuple[int, int, int]]


def _lead_order(c: Combination) -> tuple[int, int]:
    return (-c.size, c.rank)


_GOAL_CODE: Final = {Goal.NET: 0, Goal.FORCED_WIN: 1, Goal.POSSIBLE_WIN: 2}
_CONTEXTS: dict[tuple[object, ...], object] = {}


def _context(st: State) -> Any:
    """The compiled core's context for ``st``'s rules, banker and multiplier (built once, and
    kept on ``st`` and its copies for the core in use)."""
    kept = st.core_context
    if kept is not None and kept[0] is _ddcore:
        return kept[1]
    key = (id(_ddcore), st.rules, st.banker, st.m)
    found = _CONTEXTS.get(key)
    if found is not None:
        st.core_context = (_ddcore, found)
        return found
    from .state import last_trick_finishes

    tab, rules = st.tab, st.rules
    plays = tab.plays
    proto = st.copy()

    def final_net(stacks: tuple[int, int, int, int], w: int, leader: int, led: int, best: int, first: int,
                  shown: int, size: int) -> tuple[int, int, int, int]:
        fins, captured = last_trick_finishes(rules, leader, plays[led], plays[best], w, stacks[w], st.banker,
                                             plays[first], shown, size)
        return proto.net_for(stacks, w, fins, captured)

    assert _ddcore is not None
    ctx = _ddcore.Context(_context_data(st, getattr(_ddcore, "ABI", coreabi.ABI)), final_net)
    if len(_CONTEXTS) > 64:
        _CONTEXTS.clear()
    _CONTEXTS[key] = ctx
    st.core_context = (_ddcore, ctx)
    return ctx


def _context_data(st: State, abi: int = coreabi.ABI) -> list[int]:
    """The rules of ``st`` (its rule set, banker and multiplier) as the compiled core reads them:
    one list of whole numbers, laid out by :data:`tiangow.coreabi.RULES` (in the layout version
    ``abi``: a frozen earlier core's, :data:`tiangow.coreabi.READS`)."""
    from .combos import Kind

    tab, rules = st.tab, st.rules
    plays = tab.plays
    kinds = list(Kind)
    single = {c.tiles[0].notation: c.id for c in plays if c.size == 1}
    lead_order = [c.id for c in sorted(plays, key=_lead_order)]
    # the rule-based player's order of a leader's plays (Table.leader_plays: chunk by chunk of the
    # layout, by id within one), and each play's tiles as fields in its own order (0: none)
    chunk = {c.id: next(i for i, m in enumerate(packed.CHUNKS) if c.mask & m == c.mask) for c in plays}
    lead_places = {c.id: place for place, c in enumerate(sorted(plays, key=lambda c: (chunk[c.id], c.id)))}

    def fields_of(c: Combination) -> list[int]:
        out = [packed.field_of(t) + 1 for t in c.tiles]
        return out + [0] * (4 - len(out))

    # the families of fields the core may relabel (天's stays put under Wong's rule), and the
    # plain civil fields that keep their place (1-5 and 1-6 where a variant names them)
    movable = (0, 1, 2, 3) if rules.free_split else (1, 2, 3)
    fixed = sorted({*((_FIELD_16,) if rules.civil_supreme or rules.capture_civil_supreme else ()),
                    *((_FIELD_15,) if rules.civil_supreme else ())})
    # R-$11: a last single makes 八支 only if every higher tile of its class was shown (none
    # needed under the Wikipedia reading, where any single sweep is 八支)
    wiki = rules.eight_stack_rule == "wikipedia"
    return coreabi.pack_rules(abi=abi, sections={
        "plays": [(c.mask, _family_fields(c), c.size, kinds.index(c.kind), c.rank, c.family) for c in plays],
        "better": [[o.id for _, o in tab.better[c.id]] for c in plays],
        "lead_order": lead_order,
        "flags": {"free_split": rules.free_split, "capture_wins_trick": rules.capture_wins_trick,
                  "civil_supreme": rules.civil_supreme, "capture_civil_supreme": rules.capture_civil_supreme,
                  "finish_collects": rules.finish_collects_immediate, "bonus_on": rules.hand_size == 8},
        "named_plays": {"id12": single["1-2"], "id24": single["2-4"], "id15": single["1-5"], "id16": single["1-6"]},
        "movable": {f"family{f}": f in movable for f in range(4)},
        "fixed_fields": fixed,
        "table": {"banker": st.banker, "m": st.m},
        "higher": [(0 if wiki or c.size != 1 else every_higher(c.tiles[0]),) for c in plays],
        "rule_plays": [(lead_places[c.id], tab.better_fields[c.id], *fields_of(c)) for c in plays],
        "kinds": [(int(t.is_civil), t.rank, t.index, tab.by_key[(t.index,)].id) for t in packed.BY_FIELD],
    })


_FIELD_16: Final = 17
"""The packed holding's field of 1-6 (tiangow/packed.py's layout)."""
_FIELD_15: Final = 18
"""… and of 1-5."""


def _family_fields(c: Combination) -> int:
    from .packed import FAMILIES, fields

    return fields(FAMILIES[c.family])


_BIG_FROM: Final = 6
"""From how many tiles a hand a search gets the big table."""
_BIG_BITS: Final = 22
"""The big table: 2**22 positions × 32 bytes = 128 MB (a small one, 2**20, 32 MB, serves the coach)."""


def _big_table() -> None:
    assert _ddcore is not None
    bits = getattr(_ddcore, "BIG_BITS", _BIG_BITS)  # a core may keep a smaller table (wasmcore)
    if _ddcore.table_info()[0] < 1 << bits:
        _ddcore.set_table_bits(bits)


def _core_state(st: State) -> tuple[object, ...]:
    h = st.h
    return (h[0], h[1], h[2], h[3], st.shown, st.up, st.stacks, st.to_play, st.leader, st.size,
            -1 if st.best is None else st.best.id, st.best_seat, st.locked, int(st.last),
            -1 if st.led is None else st.led.id, st.acted, -1 if st.first is None else st.first.id, st.left)


def core_rule_move(st: State) -> Step | None:
    """The rule-based player's choice for the seat to act in ``st``
    (:func:`tiangow.players.rule.rule_move`), as the compiled core makes it (``tests/test_rule_core.py``
    holds every build to its statement in Python, ``tests/reference/rule.py``). ``None`` where no
    core with the rule-based player runs here."""
    if _ddcore is None or st.to_play is None or coreabi.SINCE["rule_plays"] > _ddcore.ABI:
        return None  # (no core, or a frozen one from before the rule-based player)
    play, tiles = _context(st).rule(_core_state(st), st.disc[st.to_play])
    return st.tab.plays[play] if play >= 0 else int(tiles)


def core_discards(st: State, n: int) -> list[Step]:
    """The seat to act's ``n`` lowest discards by the rule-based player's keep-values (all of them
    when it has no more), as the compiled core finds them: the discards a search bot tries
    besides its plays. :class:`SearchUnavailable` where no core with them runs here."""
    if _ddcore is None or coreabi.DISCARDS_SINCE > _ddcore.ABI:
        raise SearchUnavailable(f"the search cannot run here: {_WHY_NONE or 'no core with discards in use'}")
    if st.to_play is None or not st.size:
        return []
    return list(_context(st).discards(_core_state(st), st.disc[st.to_play], n))


def _budget_left(stats: SearchStats) -> int:
    """The positions a call into the core may still visit within ``stats.limit`` (0: no limit);
    :class:`SearchTooLong` where none are left."""
    if not stats.limit:
        return 0
    budget = stats.limit - stats.nodes
    if budget <= 0:
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    return budget


def core_playouts(st: State, me: int, options: Sequence[Step], tiles: int, own_best: bool, max_discards: int,
                  stats: SearchStats) -> list[tuple[int, int, int, int, int, int]]:
    """Each of ``options`` (steps of the seat to act, ``me``) played out in the sample ``st`` as
    :class:`tiangow.players.SearchBot` plays its samples out (its statement in Python,
    ``tests/reference/playouts.py``, is the oracle ``tests/test_playout_core.py`` holds every
    build to): the rule-based player in the
    other seats, in ``me``'s with ``own_best`` its best step in the sample (of the rule-based
    player's and its plays and ``max_discards`` lowest discards), else the rule-based player's,
    then from ``tiles`` tiles a hand a line of best play. The same searches as the statement, so
    the same figures and the same positions counted into ``stats`` (within its limit: past it,
    :class:`SearchTooLong`). ``tiles`` 0: the rule-based player plays on to the end (no ending to
    search). Each option's :data:`tiangow.coreabi.PLAYOUT`. :class:`SearchUnavailable` where no
    core with playouts runs here; a ``ValueError`` for an ending from :data:`_BIG_FROM` tiles or
    more (its searches would need the big table: the policy's endings start lower). The searches
    are not listed in ``stats.windows``."""
    core = _ddcore
    if core is None or coreabi.PLAYOUT_SINCE > core.ABI:
        raise SearchUnavailable(f"the search cannot run here: {_WHY_NONE or 'no core with playouts in use'}")
    if tiles >= _BIG_FROM:
        raise ValueError(f"a playout's exact ending starts from {_BIG_FROM - 1} tiles a hand at most, not {tiles}")
    budget = _budget_left(stats)
    d = st.disc
    steps = [(-1, step) if type(step) is int else (step.id, 0) for step in options]  # type: ignore[union-attr]
    found, nodes, hits, stores = _context(st).playout(_core_state(st), (d[0], d[1], d[2], d[3]), me, steps, tiles,
                                                      own_best, max_discards, budget)
    stats.nodes += nodes  # (past the limit where a search gave up, at it where the limit came between searches)
    stats.hits += hits
    stats.tt_size += stores
    if found is None:
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    return [tuple(r) for r in found]


def _core_value(st: State, me: int, goal: Goal, stats: SearchStats, fresh: bool,
                window: tuple[int, int] | None = None, table: int = 0) -> int:
    if st.to_play is None:  # the step just taken ended the hand
        stats.nodes += 1
        return st.final_net()[me] if goal is Goal.NET else int(st.winner == me)
    if fresh and st.left >= _BIG_FROM and table == 0:
        _big_table()
    lo, hi = _window(goal) if window is None else window
    budget = _budget_left(stats)
    v, nodes, hits, stored = coreabi.Result(*_context(st).solve(_core_state(st), me, _GOAL_CODE[goal], lo, hi, fresh,
                                                                budget, table))
    if v is None:
        stats.hits += hits
        stats.nodes = stats.limit + 1
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    stats.nodes += nodes
    stats.hits += hits
    stats.tt_size += stored
    return int(v)


def _searcher(st: State, me: int, goal: Goal, tt: TT, stats: SearchStats,
              warm: bool = False) -> Callable[[int, int], int]:
    """The value of ``st`` for ``me`` as it stands when called, as a function of the window:
    the core's (one table for every call: emptied at the first unless ``warm``, when the search
    just before was of the same sample and its entries serve). ``tt`` is kept for the callers'
    sake: the core's table is its own."""
    if _ddcore is None:
        raise SearchUnavailable(f"the search cannot run here: {_WHY_NONE or 'no core in use'}")
    calls = [0]

    def value(alpha: int, beta: int) -> int:
        calls[0] += 1
        before = stats.nodes
        v = _core_value(st, me, goal, stats, calls[0] == 1 and not warm, (alpha, beta))
        if stats.windows is not None:
            stats.windows.append((alpha, beta, v, stats.nodes - before))
        return v

    return value


def _window(goal: Goal) -> tuple[int, int]:
    return (-INF, INF) if goal is Goal.NET else (0, 1)


def _exact(value: Callable[[int, int], int], goal: Goal, guess: int = 0, proved: list[int] | None = None) -> int:
    """The exact value of a searcher (:func:`_searcher`) for ``goal``. For the net, by searches
    of null windows around a guess, each from the bounds the one before proved (MTD(f), as
    chess and bridge solvers do: cheaper than one search of the whole window, its cuts coming
    from the first bound tried); the win goals are already a null window. ``proved``: a list
    ``[low, high]`` kept up to date with the bounds proved so far (what is left of them if a
    search gives up)."""
    if goal is not Goal.NET:
        return value(0, 1)
    bounds = [-INF, INF] if proved is None else proved
    g = guess
    while bounds[0] < bounds[1]:
        beta = g + 1 if g == bounds[0] else g
        g = value(beta - 1, beta)
        bounds[0 if g >= beta else 1] = g
    return g


def _state(position: Deal | State, seat: int | None = None) -> State:
    if isinstance(position, Deal):
        if position.natural is not None:
            raise DealError("a natural hand ended this deal at once: there is nothing to search")
        st = position.snapshot()
    elif isinstance(position, State):
        st = position.copy()
    else:
        raise DealError(f"the search reads a tiangow.Deal (or a State), not {type(position).__name__}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3):
        raise DealError(f"seat must be 0–3 (East, South, West, North), not {seat!r}")
    return st


def solve(position: Deal | State, seat: int, goal: Goal = Goal.NET, stats: SearchStats | None = None,
          max_nodes: int | None = None, tt: TT | None = None, warm: bool = False) -> int:
    """The answer to ``goal`` for ``seat`` from ``position``, every tile known: the net it can
    guarantee (``Goal.NET``; 0 when the hand is over), or 1 or 0 (the win goals).

    ``max_nodes``: give up, raising :class:`SearchTooLong`, rather than visit more positions
    than that (a whole hand can take from thousands to a hundred million). ``tt``: the table to
    use (pass it on to :func:`principal_line` to follow a line of the value cheaply). ``warm``:
    the search just before was of the same sample of the hidden tiles for the same ``seat``, so
    the core's table still serves (else it starts empty).

    >>> from tiangow import Deal
    >>> solve(Deal.random(1), 0, Goal.FORCED_WIN)
    0
    >>> solve(Deal.random(14), 0, Goal.FORCED_WIN, max_nodes=1000)
    Traceback (most recent call last):
    ...
    tiangow.search.SearchTooLong: the search gave up after 1,000 positions
    """
    st = _state(position, seat)
    if st.to_play is None:
        return 0 if goal is Goal.NET else int(st.winner == seat)
    stats = SearchStats() if stats is None else stats
    if max_nodes is not None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise DealError(f"max_nodes is a positive whole number, not {max_nodes!r}")
        stats.limit = stats.nodes + max_nodes
    table: TT = {} if tt is None else tt
    v = _exact(_searcher(st, seat, goal, table, stats, warm), goal)
    return v


def solve_above(position: Deal | State, seat: int, floor: int, stats: SearchStats | None = None,
                warm: bool = False) -> int:
    """The net ``seat`` can guarantee from ``position`` (as :func:`solve`) where it is above
    ``floor``; where it is not, a bound at or below ``floor`` that it does not exceed — what a
    choice among several needs to know of the ones that cannot beat the best so far, at the
    cost of one search of a null window. ``warm`` as for :func:`solve`.

    >>> from tiangow import Deal
    >>> from tiangow.players.positions import deal_until
    >>> import random
    >>> st = deal_until(random.Random(3), 4).snapshot()
    >>> v = solve(st, 0)
    >>> solve_above(st, 0, v - 1) == v and solve_above(st, 0, v) <= v
    True
    """
    st = _state(position, seat)
    if st.to_play is None:
        return 0
    stats = SearchStats() if stats is None else stats
    value = _searcher(st, seat, Goal.NET, {}, stats, warm)
    g = value(floor, floor + 1)
    if g <= floor:
        return g
    return _exact(value, Goal.NET, g, [g, INF])


def solve_range(position: Deal | State, seat: int, max_nodes: int,
                stats: SearchStats | None = None) -> tuple[int | None, int | None]:
    """The net ``seat`` can guarantee from ``position``, every tile known, as far as a search of
    at most ``max_nodes`` positions proves it: ``(low, high)``, the value lying between them
    (both ends included), equal where the search finished; ``None`` for an end it did not prove.
    The searches are those of :func:`solve` (null windows around 0), each proving one end
    before the next begins, so what the budget allowed is kept when it runs out.

    >>> from tiangow import Deal
    >>> d = Deal.random(3)
    >>> solve_range(d, 0, 10_000_000) == (solve(d, 0),) * 2
    True
    >>> low, high = solve_range(d, 0, 1_000)    # a bound or none, never a wrong one
    >>> (low is None or low <= solve(d, 0)) and (high is None or solve(d, 0) <= high)
    True
    """
    st = _state(position, seat)
    if st.to_play is None:
        return 0, 0
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise DealError(f"max_nodes is a positive whole number, not {max_nodes!r}")
    stats = SearchStats() if stats is None else stats
    stats.limit = stats.nodes + max_nodes
    table: TT = {}
    value = _searcher(st, seat, Goal.NET, table, stats)
    proved = [-INF, INF]
    with suppress(SearchTooLong):
        _exact(value, Goal.NET, 0, proved)
    lo, hi = proved
    return (None if lo == -INF else lo), (None if hi == INF else hi)


class RangeSearch:
    """:func:`solve_range` in steps, for a caller that cannot hand a search to another process
    (the static site's browser): each :meth:`run` searches on for at most so many positions,
    keeping what it proved, so that one search of a whole hand can be spread over the pauses of
    play. It searches in the core's second table, which keeps what a search cut short had
    stored, so the next step goes on from there (other searches use the first). It gives
    :func:`solve_range`'s bounds: once :attr:`done`, the exact value; meanwhile the bounds
    proved so far.

    >>> from tiangow import Deal
    >>> d = Deal.random(3)
    >>> r = RangeSearch(d, 0)
    >>> while not r.run(2_000):
    ...     pass
    >>> r.bounds == solve_range(d, 0, 10_000_000)
    True
    """

    def __init__(self, position: Deal | State, seat: int) -> None:
        self._st = _state(position, seat)
        self.stats = SearchStats()
        self._proved = [-INF, INF]
        self._guess = 0
        self.gave_up = False
        """Whether it stopped for good short of the exact value (kept for its callers: the
        core's table never makes it give up); :attr:`bounds` says what it proved."""
        if self._st.to_play is None:
            self._proved = [0, 0]
        if _ddcore is None:
            raise SearchUnavailable(f"the search cannot run here: {_WHY_NONE or 'no core in use'}")
        bits = getattr(_ddcore, "BIG_BITS", _BIG_BITS)
        if _ddcore.table_info(1)[0] != 1 << bits:
            _ddcore.set_table_bits(bits, 1)
        st, calls = self._st, [0]

        def value(alpha: int, beta: int) -> int:
            calls[0] += 1  # the first search empties the table, the rest go on from it
            return _core_value(st, seat, Goal.NET, self.stats, calls[0] == 1, (alpha, beta), table=1)

        self._value: Callable[[int, int], int] = value

    @property
    def done(self) -> bool:
        """Whether the exact value is known."""
        return self._proved[0] == self._proved[1]

    @property
    def bounds(self) -> tuple[int | None, int | None]:
        """What is proved so far, as :func:`solve_range` gives it: ``(low, high)``, ``None`` for
        an end not proved yet."""
        lo, hi = self._proved
        return (None if lo == -INF else lo), (None if hi == INF else hi)

    def run(self, max_nodes: int) -> bool:
        """Search on for at most ``max_nodes`` positions (the same searches of null windows as
        :func:`solve_range`, the one cut short taken up again where the table left it); returns
        :attr:`done`."""
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise DealError(f"max_nodes is a positive whole number, not {max_nodes!r}")
        if self.done or self.gave_up:
            return self.done
        bounds = self._proved
        self.stats.limit = self.stats.nodes + max_nodes
        try:
            while bounds[0] < bounds[1]:
                g = self._guess
                beta = g + 1 if g == bounds[0] else g
                g = self._value(beta - 1, beta)
                bounds[0 if g >= beta else 1] = g
                self._guess = g
        except SearchTooLong:
            pass
        finally:
            self.stats.limit = 0
        return self.done


def step_values(st: State, goal: Goal = Goal.NET, tt: TT | None = None,
                stats: SearchStats | None = None) -> list[tuple[Step, int]]:
    """Each step open to the seat to act in ``st`` with its exact value for that seat (for a
    search that samples hidden tiles: ``st`` is one sample; ``tt`` may be shared between
    calls on the same sample)."""
    seat = st.to_play
    if seat is None:
        return []
    stats = SearchStats() if stats is None else stats
    table: TT = {} if tt is None else tt
    value = _searcher(st, seat, goal, table, stats)
    out: list[tuple[Step, int]] = []
    guess = 0
    for mv in st.moves():
        paid = st.push(mv)
        dv = 0 if paid is None or goal is not Goal.NET else paid.net[seat]
        guess = _exact(value, goal, guess)  # the step before's value: the first guess
        out.append((mv, dv + guess))
        st.pop()
    return out


def principal_line(st: State, me: int, value: int, tt: TT | None = None, stats: SearchStats | None = None,
                   prefer: Callable[[State], Step] | None = None) -> list[Step]:
    """A line of best play from ``st`` to the end of the hand: every seat's steps, ``me``
    getting its exact net ``value`` (immediate rewards still to come included) and the other
    three holding it there. Where several steps keep the value, ``prefer(st)`` (if given, and
    if it keeps it) is taken, else the first listed. ``st`` is left as it was; ``tt`` may be
    the table of the search that found ``value`` (the same sample).

    Each step is checked with a null-window search (does it keep ``value``?), so the line
    costs little more than the search that valued it (given its ``tt``: with the compiled
    core, whose table is its own, giving ``tt`` says that search was the last one)."""
    stats = SearchStats() if stats is None else stats
    table: TT = {} if tt is None else tt
    search = _searcher(st, me, Goal.NET, table, stats, warm=tt is not None)
    line: list[Step] = []
    v = value
    trying = False  # a step taken to be tried, not yet kept or taken back
    try:
        while st.to_play is not None:
            mover = st.to_play
            first = prefer(st) if prefer is not None else None
            steps = st.moves()
            if first is not None and first in steps:
                steps = [first, *(s for s in steps if s != first)]
            for mv in steps:
                paid = st.push(mv)
                trying = True
                d = 0 if paid is None else paid.net[me]
                target = v - d
                if st.to_play is None:
                    c = st.final_net()[me]
                    keeps = c == target
                elif mover == me:
                    keeps = search(target - 1, target) >= target
                else:
                    keeps = search(target, target + 1) <= target
                if keeps:
                    line.append(mv)
                    trying = False
                    v = target
                    break
                st.pop()
                trying = False
            else:
                raise DealError(f"no step keeps the value {value} for seat {me}: it is not this position's value")
    finally:  # also when a search gives up (SearchTooLong) while a step is being tried
        if trying:
            st.pop()
        for _ in line:
            st.pop()
    return line


def rule_line(st: State, me: int, value: int, tt: TT | None = None, stats: SearchStats | None = None) -> list[Step]:
    """:func:`principal_line` with the rule-based player's step preferred wherever it keeps the
    value (``prefer=``:func:`tiangow.players.rule.rule_move`): the coach follows each sample along
    such a line. The compiled core finds the whole line in one call — the same line, step for
    step as :func:`principal_line` preferring the rule-based player's statement
    (``tests/test_rule_core.py``). :class:`SearchUnavailable` where no core with the rule-based
    player runs here."""
    stats = SearchStats() if stats is None else stats
    core = _ddcore
    if st.to_play is None:
        return []
    if core is None or coreabi.SINCE["rule_plays"] > core.ABI:
        raise SearchUnavailable(f"the search cannot run here: {_WHY_NONE or 'no core with the rule-based player'}")
    budget = _budget_left(stats)
    d = st.disc
    steps, nodes = _context(st).line(_core_state(st), (d[0], d[1], d[2], d[3]), me, value, tt is None, budget)
    stats.nodes += nodes
    if steps is None:
        stats.nodes = stats.limit + 1
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    plays = st.tab.plays
    return [plays[play] if play >= 0 else int(tiles) for play, tiles in steps]


def solve_moves(position: Deal | State, goal: Goal = Goal.NET,
                stats: SearchStats | None = None) -> list[tuple[Move, int]]:
    """Each move of the seat to act with its exact value for that seat."""
    st = _state(position)
    return [(Move.of(mv), v) for mv, v in step_values(st, goal, None, stats)]


# --- the trick drills' questions ------------------------------------------------------------

def _end_of_hand(position: Deal | State, seat: int) -> State:
    st = _state(position, seat)
    if max(_tiles(st, s) for s in range(4)) > 5:
        raise DealError("the win questions search the end of a hand: at most 5 tiles each")
    return st


def _tiles(st: State, seat: int) -> int:
    from .packed import size

    return size(st.h[seat])


def forced_win(position: Deal | State, seat: int) -> bool:
    """Whether ``seat`` wins the hand whatever the other three do (every tile known)."""
    st = _end_of_hand(position, seat)
    if st.to_play is None:
        return st.winner == seat
    return _searcher(st, seat, Goal.FORCED_WIN, {}, SearchStats())(0, 1) == 1


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
    value = _searcher(st, seat, Goal.FORCED_WIN, tt, SearchStats())
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
    value = _searcher(st, seat, Goal.POSSIBLE_WIN, tt, SearchStats())
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
