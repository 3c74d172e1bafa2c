"""The lessons of the course: id, notebook, title and summary in three languages, and how
to read a learner's progress in each from the saved state (no widgets)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .drills.base import Drill
from .drills.tiles import TileDrill
from .errors import TiangowError
from .i18n import T, Text

__all__ = ["LessonInfo", "LESSONS", "lesson_info", "lesson_progress"]


@dataclass(frozen=True)
class LessonInfo:
    id: str
    notebook: str
    title: Text
    summary: Text
    tile: str
    """A tile that stands for the lesson on the index (pip notation)."""
    drills: tuple[Callable[[], Drill], ...] = field(default=())
    rules: tuple[str, ...] = ()
    """Rule ids of RULES.md the lesson teaches."""


LESSONS: Final[tuple[LessonInfo, ...]] = (
    LessonInfo(
        id="01_tiles",
        notebook="01_tiles.ipynb",
        title=T("第一課　認識三十二張牌", "Lesson 1 · Meet the 32 tiles"),
        summary=T("文子與武子、牌名、紅點：看牌認名、看名認牌，錯過的牌會更快再出現。",
                  "Civil and military tiles, their names and red pips: name the tile, find the tile — "
                  "the ones you miss come back sooner."),
        tile="6-6",
        drills=(TileDrill,),
        rules=("R-T1", "R-T2"),
    ),
)


def lesson_info(lesson_id: str) -> LessonInfo:
    for info in LESSONS:
        if info.id == lesson_id:
            return info
    raise TiangowError(f"no lesson {lesson_id!r}; the lessons are {', '.join(i.id for i in LESSONS)}")


def lesson_progress(info: LessonInfo, state: Mapping[str, Any]) -> tuple[int, int]:
    """(mastered, total) over the lesson's drills, read from its saved state.

    >>> lesson_progress(LESSONS[0], {"drills": {"tiles": {"boxes": {"6-6": 4, "1-1": 5, "4-4": 2}}}})
    (2, 21)
    """
    done = total = 0
    drills = state.get("drills", {}) if isinstance(state, Mapping) else {}
    for make in info.drills:
        drill = make()
        saved = drills.get(drill.id) if isinstance(drills, Mapping) else None
        if isinstance(saved, Mapping):
            drill.load(saved)
        d, t = drill.progress()
        done += d
        total += t
    return done, total
