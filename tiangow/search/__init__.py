"""One search over the rest of a hand, every tile known (the double-dummy view of bridge solvers).

One alpha-beta — the compiled core, ``tiangow/core/``: CPython's extension, or the same
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

The package's rooms: :mod:`~tiangow.search.core` (which build of the core runs here),
:mod:`~tiangow.search.packing` (what the core is sent), :mod:`~tiangow.search.solver` (the
solver's API) and :mod:`~tiangow.search.queries` (the trick drills' questions).
"""

from __future__ import annotations

from typing import Any

from . import core as _core
from .core import (
    CORE,
    CORE_BUILD,
    CORES,
    SearchUnavailable,
    core_budget_share,
    core_in_use,
    relaxed_from,
    using_core,
    without_floor,
)
from .queries import best_defence, can_win, forced_win, winning_moves
from .solver import (
    RangeSearch,
    core_discards,
    core_playouts,
    core_rule_move,
    principal_line,
    rule_line,
    solve,
    solve_above,
    solve_moves,
    solve_range,
    step_values,
)
from .types import INF, TT, Goal, SearchStats, SearchTooLong

__all__ = ["Goal", "SearchStats", "SearchTooLong", "SearchUnavailable", "INF", "CORE", "CORE_BUILD", "CORES",
           "core_in_use", "core_budget_share", "core_rule_move", "core_discards", "core_playouts", "using_core",
           "without_floor", "solve", "solve_range", "solve_above", "RangeSearch", "solve_moves", "step_values",
           "forced_win", "can_win", "winning_moves", "best_defence", "principal_line", "rule_line", "relaxed_from",
           "TT"]


def __getattr__(name: str) -> Any:
    # the core in use, read where it is swapped (tiangow.search.core: using_core)
    if name in ("_ddcore", "_load_core", "_WHY_NONE", "_loaded"):
        return getattr(_core, name)
    raise AttributeError(f"module 'tiangow.search' has no attribute {name!r}")
