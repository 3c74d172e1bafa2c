"""The record of the hands a learner played against the bots (lesson 08), as saved progress.

>>> r = PlayRecord()
>>> r.record(won=True, net=11, marks={"best": 5, "fine": 2, "mistake": 1})
>>> r.progress(), r.state()["won"]
((1, 5), 1)
>>> r2 = PlayRecord(); r2.load({"hands": "lots", "won": -3, "score": 7}); r2.progress(), r2.score
((0, 5), 7)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..i18n import T, Text

__all__ = ["PlayRecord", "HANDS_TO_MASTER"]

HANDS_TO_MASTER = 5
"""Hands to play to the end for the lesson to count as done."""

_FIELDS = ("hands", "won", "best", "fine", "mistake", "score")


@dataclass
class PlayRecord:
    """Hands played to the end, hands won, the coach's marks on every action, the running score."""

    id: str = "play"
    title: Text = field(default_factory=lambda: T("對局紀錄", "Hands played"))
    hands: int = 0
    won: int = 0
    best: int = 0
    fine: int = 0
    mistake: int = 0
    score: int = 0
    table: dict[str, Any] | None = None
    """The table in play (:meth:`tiangow.widgets.PlayTable.saved`): restored on reload, checked
    then (this record keeps it as it came)."""

    def record(self, won: bool, net: int, marks: Mapping[str, int]) -> None:
        """Count one finished hand."""
        self.hands += 1
        self.won += bool(won)
        self.score += int(net)
        for k in ("best", "fine", "mistake"):
            n = marks.get(k, 0)
            if isinstance(n, int) and n >= 0:
                setattr(self, k, getattr(self, k) + n)

    def progress(self) -> tuple[int, int]:
        """(hands played to the end, capped, and how many count as done)."""
        return min(self.hands, HANDS_TO_MASTER), HANDS_TO_MASTER

    def state(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in _FIELDS}
        if self.table is not None:
            out["table"] = self.table
        return out

    def load(self, state: object) -> None:
        """Restore from saved progress, ignoring anything malformed."""
        if not isinstance(state, Mapping):
            return
        for k in _FIELDS:
            v = state.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10**9:
                if k != "score" and v < 0:
                    continue
                setattr(self, k, v)
        self.won = min(self.won, self.hands)
        table = state.get("table")
        self.table = dict(table) if isinstance(table, Mapping) else None

    def merge(self, state: object) -> None:
        """Join another tab's record: every count only grows; the running score goes with the
        record that played more hands; the saved table is the one acted on last.

        >>> r = PlayRecord(hands=3, won=1, score=12, table={"at": 5})
        >>> r.merge({"hands": 2, "won": 2, "score": -4, "table": {"at": 9}})
        >>> r.hands, r.won, r.score, r.table
        (3, 2, 12, {'at': 9})
        """
        other = PlayRecord()
        other.load(state)
        if (other.hands, other.score) > (self.hands, self.score):
            self.score = other.score
        for k in ("hands", "won", "best", "fine", "mistake"):
            setattr(self, k, max(getattr(self, k), getattr(other, k)))
        if other.table is not None and _when(other.table) > _when(self.table):
            self.table = other.table


def _when(table: Mapping[str, Any] | None) -> int:
    """When a saved table was last acted on (ms; -1 for none)."""
    at = table.get("at") if table is not None else None
    return at if isinstance(at, int) and not isinstance(at, bool) else -1 if table is None else 0
