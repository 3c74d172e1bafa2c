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

    def state(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in _FIELDS}

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
