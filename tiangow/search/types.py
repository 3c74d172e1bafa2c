"""The search's questions, its counts, and what it raises when it gives up."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from ..errors import DealError

INF: Final = 10**9


class Goal(enum.Enum):
    """The question a search answers (see the module's docstring)."""

    NET = "net"
    FORCED_WIN = "forced win"
    POSSIBLE_WIN = "possible win"


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
