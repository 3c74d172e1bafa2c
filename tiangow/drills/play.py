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
from dataclasses import dataclass, field, replace
from typing import Any

from ..coach.record import HandRecord
from ..i18n import T, Text

__all__ = ["PlayRecord", "HANDS_TO_MASTER", "MISTAKES_KEPT", "BOX_DAYS"]

MISTAKES_KEPT = 20
"""Positions kept in the "your mistakes" deck (the oldest go first)."""
BOX_DAYS = (0, 1, 3, 7, 21)
"""Days until a position in each box of the deck is due again (Leitner boxes: right moves it
up a box, wrong sends it back to the first)."""
_DAY_MS = 86_400_000

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
    mistakes: list[dict[str, Any]] = field(default_factory=list)
    """The "your mistakes" deck: positions before an action the learner got wrong and has not
    yet put right, each ``{"key", "pos" (a HandRecord's JSON), "box", "due" (ms)}``."""

    # -- the "your mistakes" deck --------------------------------------------------------------
    def keep_mistake(self, position: HandRecord, now: int) -> None:
        """Put ``position`` (a record ending where the learner is to act) in the deck, due now
        (back in the first box if it is there already)."""
        slim = HandRecord(position.seed, position.banker, position.streak, position.rules, position.seat,
                          list(position.moves), [replace(j, text=T("", "")) for j in position.judged], position.hand,
                          position.opponents, position.samples)
        key = slim.key()
        self.mistakes = [m for m in self.mistakes if m.get("key") != key]
        self.mistakes.append({"key": key, "pos": slim.to_json(), "box": 0, "due": int(now), "at": int(now)})
        self.mistakes = self.mistakes[-MISTAKES_KEPT:]

    def answer_mistake(self, key: str, right: bool, now: int) -> None:
        """A try at a position of the deck: right moves it up a box (due later; off the deck
        after the last box), wrong back to the first, due now."""
        for m in list(self.mistakes):
            if m.get("key") != key:
                continue
            box = min(int(m.get("box", 0)) + 1, len(BOX_DAYS)) if right else 0
            if box >= len(BOX_DAYS):
                self.mistakes.remove(m)
                continue
            m.update(box=box, due=int(now) + BOX_DAYS[box] * _DAY_MS, at=int(now))

    def due_count(self, now: int) -> int:
        """How many of the deck's positions are due at ``now`` (ms)."""
        return sum(1 for m in self.mistakes if m.get("due", 0) <= now)

    def due_mistakes(self, now: int) -> list[tuple[str, HandRecord]]:
        """The deck's positions due at ``now`` (ms), oldest first, as (key, record)."""
        out = []
        for m in sorted(self.mistakes, key=lambda m: m.get("due", 0)):
            if m.get("due", 0) <= now:
                out.append((str(m["key"]), HandRecord.from_json(m["pos"])))
        return out

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
        if self.mistakes:
            out["mistakes"] = [dict(m) for m in self.mistakes]
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
        self.mistakes = _deck(state.get("mistakes"))

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
        # the deck: every position either tab kept; for one in both, the later answer
        mine = {m["key"]: m for m in self.mistakes}
        for m in other.mistakes:
            if m["key"] not in mine or m.get("at", 0) > mine[m["key"]].get("at", 0):
                mine[m["key"]] = m
        self.mistakes = sorted(mine.values(), key=lambda m: m.get("at", 0))[-MISTAKES_KEPT:]


def _deck(raw: object) -> list[dict[str, Any]]:
    """The saved deck's entries that check out (a position that does not replay is left out)."""
    if not isinstance(raw, list):
        return []
    out = []
    for m in raw[-MISTAKES_KEPT:]:
        if not isinstance(m, Mapping):
            continue
        box, due, at = m.get("box"), m.get("due"), m.get("at", 0)
        if not (isinstance(box, int) and isinstance(due, int) and isinstance(at, int)) or not all(
                not isinstance(x, bool) and 0 <= x <= 10**14 for x in (box, due, at)):
            continue
        try:
            rec = HandRecord.from_json(m.get("pos"))
        except ValueError:
            continue
        if rec.deal().to_play != rec.seat or not 0 <= box < len(BOX_DAYS):
            continue
        out.append({"key": rec.key(), "pos": rec.to_json(), "box": box, "due": due, "at": at})
    return out


def _when(table: Mapping[str, Any] | None) -> int:
    """When a saved table was last acted on (ms; -1 for none)."""
    at = table.get("at") if table is not None else None
    return at if isinstance(at, int) and not isinstance(at, bool) else -1 if table is None else 0
