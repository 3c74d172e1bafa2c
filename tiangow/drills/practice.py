"""Practice, every day (the practice page): what is due today from every lesson's
spaced-repetition boxes and the "your mistakes" deck, the puzzles and the learner's puzzle
rating, and the days practised — the streak and the chart of progress.

>>> r = PracticeRecord()
>>> r.practised(day="2026-11-23"); r.practised(day="2026-11-24"); r.practised(day="2026-11-25")
>>> r.streak("2026-11-25"), r.streak("2026-11-26"), r.streak("2026-11-27")
(3, 3, 0)
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from ..i18n import T, Text
from ..puzzles import PUZZLES, rated
from ..tiles import Tile
from .base import DrillFinished, LeitnerDrill, Question, Score, now_ms
from .play import BOX_DAYS, PlayRecord
from .ranks import RankDrill
from .tiles import TileDrill

__all__ = ["PracticeRecord", "DueItem", "due_items", "saved_drill", "DueDrill", "LEITNER_LESSONS", "day_of", "START_RATING",
           "DAYS_KEPT"]

START_RATING: Final = 1500
DAYS_KEPT: Final = 120
_DAY_MS: Final = 86_400_000

LEITNER_LESSONS: Final[tuple[tuple[str, type[LeitnerDrill]], ...]] = (("01_tiles", TileDrill), ("02_ranks", RankDrill))
"""The lessons whose drills keep spaced-repetition boxes, and their drills."""


def day_of(ms: int, offset_minutes: int = 0) -> str:
    """The learner's calendar day (``YYYY-MM-DD``) at ``ms``, ``offset_minutes`` east of UTC.

    >>> day_of(0), day_of(0, -60)
    ('1970-01-01', '1969-12-31')
    """
    t = dt.datetime.fromtimestamp(ms / 1000, dt.UTC) + dt.timedelta(minutes=offset_minutes)
    return t.date().isoformat()


@dataclass(frozen=True)
class DueItem:
    """One thing due: a tile of a lesson's boxes (``lesson``, ``drill``, ``item``), or a position
    of the mistakes deck (``drill == "play"``, ``item`` its key)."""

    lesson: str
    drill: str
    item: str
    due: int


D = TypeVar("D", LeitnerDrill, PlayRecord)


def saved_drill(lessons: Mapping[str, Any], lesson: str, drill: D) -> D:
    """``drill`` loaded with its state saved in ``lesson`` (untrusted: anything malformed is left out)."""
    saved = lessons.get(lesson, {}) if isinstance(lessons, Mapping) else {}
    drills = saved.get("drills", {}) if isinstance(saved, Mapping) else {}
    if isinstance(drills, Mapping) and isinstance(drills.get(drill.id), Mapping):
        drill.load(drills[drill.id])
    return drill


def due_items(lessons: Mapping[str, Any], now: int) -> list[DueItem]:
    """Everything due at ``now`` (ms) in the saved lessons: an answered tile whose box's wait
    (:data:`~tiangow.drills.play.BOX_DAYS`) has passed, and every due position of the mistakes
    deck; most overdue first. Tiles never answered are not due (they are new, for the lessons)."""
    out: list[DueItem] = []
    for lesson, kind in LEITNER_LESSONS:
        drill = saved_drill(lessons, lesson, kind())
        for item in drill.deck.items:
            at = drill.deck.at[item]
            if at <= 0:
                continue
            wait = BOX_DAYS[min(drill.deck.box[item], len(BOX_DAYS)) - 1] * _DAY_MS
            if at + wait <= now:
                out.append(DueItem(lesson, drill.id, item, at + wait))
    play = saved_drill(lessons, "08_play", PlayRecord())
    for m in play.mistakes:
        if m.get("due", 0) <= now:
            out.append(DueItem("08_play", play.id, str(m["key"]), int(m.get("due", 0))))
    out.sort(key=lambda d: d.due)
    return out


class DueDrill:
    """The tiles due today from the lessons' boxes, asked one after another with the lessons'
    own questions; each answer moves the tile's box in its lesson (``on_answer`` saves it).
    Finite: once nothing is due, it is finished."""

    id: str = "due"
    title: Text = T("今天要溫習的", "Due today")
    again = False
    """(The quiz offers no "Try again": the drill ends when nothing is left due.)"""

    def __init__(self, lessons: Mapping[str, Any], now: int | None = None) -> None:
        self.now = now if now is not None else now_ms()
        self.drills: dict[str, LeitnerDrill] = {}
        self.reload(lessons)
        self.score = Score()
        self.answered: list[tuple[str, str]] = []
        self._asked: dict[str, tuple[str, str]] = {}
        self.defer: Callable[[DueItem], bool] | None = None
        """Asked with the next tile: whether something else due (a mistake) comes first; then
        the drill pauses (finished until restarted)."""

    def reload(self, lessons: Mapping[str, Any]) -> None:
        """Read the lessons' boxes again (the saved progress arrived, or another tab saved)."""
        for lesson, kind in LEITNER_LESSONS:
            self.drills[lesson] = saved_drill(lessons, lesson, kind())
        self.lessons = lessons

    def restart(self) -> None:
        """Ask again from what is due now (the page loaded the progress, or a pause for a
        more overdue mistake is over); the day's count goes on."""

    def due(self) -> list[DueItem]:
        return [d for d in due_items(self.lessons, self.now) if d.drill != "play"
                and (d.lesson, d.item) not in self.answered]

    def next_question(self, rng: random.Random) -> Question:
        due = self.due()
        if not due or (self.defer is not None and self.defer(due[0])):
            raise DrillFinished
        item = due[0]
        drill = self.drills[item.lesson]
        q = drill.make(rng.choice(drill.kinds), Tile(item.item), rng, len(self.answered) + 1)
        self._asked[q.id] = (item.lesson, item.item)
        return q

    def record(self, question: Question, first_try: bool, tries: int) -> None:
        lesson, item = self._asked.get(question.id, ("", ""))
        if lesson in self.drills:
            self.drills[lesson].record(question, first_try, tries)
            self.answered.append((lesson, item))
        self.score.record(first_try)

    # (the quiz's Drill protocol: the boxes are saved in their own lessons, not here)
    def state(self) -> dict[str, Any]:
        return {}

    def load(self, state: Mapping[str, Any]) -> None:
        return None

    def merge(self, state: Mapping[str, Any]) -> None:
        return None

    def progress(self) -> tuple[int, int]:
        return len(self.answered), len(self.answered) + len(self.due())

    def summary(self) -> Text:
        n = self.score.asked
        if n == 0:
            return T("今天沒有要溫習的牌。做幾道題目吧！", "Nothing is due today. Try a few puzzles!")
        return T(f"今天要溫習的牌都做完了：{n} 張，第一次就答對 {self.score.first_try} 張。",
                 f"The tiles due today are done: {n} answered, {self.score.first_try} right at the first try.")


@dataclass
class PracticeRecord:
    """The practice page's own record: the puzzle rating, the puzzles tried, and each day
    practised with what was done (for the streak and the chart)."""

    id: str = "practice"
    title: Text = field(default_factory=lambda: T("每日練習", "Daily practice"))
    rating: int = START_RATING
    puzzles: dict[str, bool] = field(default_factory=dict)
    """Puzzle id → solved at the first try."""
    days: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Day → {"due": answered, "puzzles": tried, "solved": solved, "mastery": {lesson: percent}}."""

    def practised(self, what: str = "due", solved: bool = False, day: str | None = None) -> None:
        d = self.days.setdefault(day or day_of(now_ms()), {})
        if what == "puzzle":
            d["puzzles"] = int(d.get("puzzles", 0)) + 1
            d["solved"] = int(d.get("solved", 0)) + (1 if solved else 0)
        else:
            d["due"] = int(d.get("due", 0)) + 1
        self._trim()

    def snapshot(self, mastery: Mapping[str, int], day: str) -> None:
        """Keep the day's mastery per lesson (percent) for the chart."""
        self.days.setdefault(day, {})["mastery"] = {k: int(v) for k, v in mastery.items()}
        self._trim()

    def solved_puzzle(self, puzzle_id: str, solved: bool, day: str | None = None) -> None:
        p = next((p for p in PUZZLES if p.id == puzzle_id), None)
        if p is None or puzzle_id in self.puzzles:
            return
        self.puzzles[puzzle_id] = solved
        self.rating = rated(self.rating, p.rating, solved)
        self.practised("puzzle", solved, day)

    def streak(self, today: str) -> int:
        """Days in a row practised, up to today (or up to yesterday, if today is not done yet)."""
        day = dt.date.fromisoformat(today)
        active = {k for k, v in self.days.items() if v.get("due") or v.get("puzzles")}
        if day.isoformat() not in active:
            day -= dt.timedelta(days=1)
        n = 0
        while day.isoformat() in active:
            n += 1
            day -= dt.timedelta(days=1)
        return n

    def _trim(self) -> None:
        for k in sorted(self.days)[:-DAYS_KEPT]:
            del self.days[k]

    # -- saved progress ---------------------------------------------------------------------------
    current: str | None = None
    """The puzzle on the board, not answered yet: served again after a reload."""

    def state(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rating": self.rating, "puzzles": dict(self.puzzles),
                               "days": {k: dict(v) for k, v in self.days.items()}}
        if self.current is not None and self.current not in self.puzzles:
            out["current"] = self.current
        return out

    def load(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        r = state.get("rating")
        if isinstance(r, int) and not isinstance(r, bool) and 100 <= r <= 4000:
            self.rating = r
        puzzles = state.get("puzzles")
        if isinstance(puzzles, Mapping):
            known = {p.id for p in PUZZLES}
            self.puzzles = {k: v for k, v in puzzles.items() if k in known and isinstance(v, bool)}
        current = state.get("current")
        self.current = current if isinstance(current, str) and current in {p.id for p in PUZZLES} \
            and current not in self.puzzles else None
        days = state.get("days")
        if isinstance(days, Mapping):
            self.days = {}
            for k, v in days.items():
                if isinstance(k, str) and _is_day(k) and isinstance(v, Mapping):
                    self.days[k] = _clean_day(v)
            self._trim()

    def merge(self, state: Mapping[str, Any]) -> None:
        """Join another tab's record: puzzles and days united (counts: the larger), and the
        rating of the side that did more puzzles."""
        other = PracticeRecord()
        other.load(state)
        if len(other.puzzles) > len(self.puzzles):
            self.rating = other.rating
        self.puzzles = {**other.puzzles, **self.puzzles}
        for k, v in other.days.items():
            mine = self.days.setdefault(k, {})
            for key in ("due", "puzzles", "solved"):
                if key in v:
                    mine[key] = max(int(mine.get(key, 0)), int(v[key]))
            if "mastery" in v and "mastery" not in mine:
                mine["mastery"] = v["mastery"]
        self._trim()

    def progress(self) -> tuple[int, int]:
        return sum(self.puzzles.values()), len(PUZZLES)


def _is_day(k: str) -> bool:
    try:
        dt.date.fromisoformat(k)
    except ValueError:
        return False
    return len(k) == 10


def _clean_day(v: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("due", "puzzles", "solved"):
        x = v.get(key)
        if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 100_000:
            out[key] = x
    m = v.get("mastery")
    if isinstance(m, Mapping):
        out["mastery"] = {k: x for k, x in m.items() if isinstance(k, str) and len(k) < 40 and isinstance(x, int)
                          and not isinstance(x, bool) and 0 <= x <= 100}
    return out
