"""The lessons of the course: id, notebook, title and summary in three languages, and how
to read a learner's progress in each from the saved state (no widgets)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from ..errors import TiangowError
from ..i18n import T, Text
from ..tiles import KINDS
from . import combinations, dealing, paigow, ranks, scoring, tiles, tricks, variants
from .base import Question
from .combinations import ComboDrill
from .dealing import DealingDrill
from .firsthand import FirstHandRecord
from .mastery import Generator, MasteryCheck
from .paigow import PaiGowDrill, SplitDrill
from .play import PlayRecord
from .ranks import RankDrill
from .scoring import ScoringDrill
from .tiles import TileDrill
from .tricks import TrickDrill
from .variants import VariantDrill

__all__ = ["LessonInfo", "LessonStatus", "LESSONS", "MASTERY", "Mastery", "lesson_info", "lesson_progress", "lesson_status"]


class Tracked(Protocol):
    """What the index reads of a drill's saved state: its id and its progress."""

    id: str

    def load(self, state: Any) -> None: ...

    def progress(self) -> tuple[int, int]: ...


@dataclass(frozen=True)
class LessonInfo:
    id: str
    notebook: str
    title: Text
    summary: Text
    tile: str
    """A tile that stands for the lesson on the index (pip notation)."""
    drills: tuple[Callable[[], Tracked], ...] = field(default=())
    mastery: Mastery | None = None
    """The lesson's mastery check (its state is saved as the drill "mastery")."""
    rules: tuple[str, ...] = ()
    """Rule ids of RULES.md the lesson teaches."""


@dataclass(frozen=True)
class Mastery:
    """How a lesson's mastery check is made: ``questions`` questions from ``make`` (a drill
    module's ``make_question``), one kind after another of ``kinds``, passed with ``pass_mark``
    right at the first try. With ``per_tile`` each question is about a tile drawn at random
    (``make(kind, tile, rng, 0)``), else ``make(kind, rng, 0)``. Calling it makes the check."""

    make: Callable[..., Question]
    kinds: tuple[str, ...]
    questions: int
    pass_mark: int
    per_tile: bool = False

    def generators(self) -> list[Generator]:
        def one(kind: str) -> Generator:
            if self.per_tile:
                return lambda rng: self.make(kind, rng.choice(KINDS), rng, 0)
            return lambda rng: self.make(kind, rng, 0)

        return [one(k) for k in self.kinds]

    def __call__(self) -> MasteryCheck:
        return MasteryCheck(self.generators(), questions=self.questions, pass_mark=self.pass_mark)


MASTERY: Final[Mapping[str, Mastery]] = {
    "01_tiles": Mastery(tiles.make_question, tuple(tiles.QUESTION_KINDS), 8, 7, per_tile=True),
    "02_ranks": Mastery(ranks.make_question, tuple(ranks.QUESTION_KINDS), 6, 5, per_tile=True),
    "03_combinations": Mastery(combinations.make_question, tuple(combinations.QUESTION_KINDS), 6, 5),
    "04_tricks": Mastery(tricks.make_question, tuple(tricks.QUESTION_KINDS), 6, 5),
    "05_scoring": Mastery(scoring.make_question, ("pay", "pay", "next_banker", "seven_eight"), 6, 5),
    "06_variants": Mastery(variants.make_question, tuple(variants.QUESTION_KINDS), 6, 5),
    "07_dealing": Mastery(dealing.make_question, tuple(dealing.QUESTION_KINDS), 8, 6),
    "09_paigow": Mastery(paigow.make_question, tuple(paigow.QUESTION_KINDS), 6, 5),
}
"""Each lesson's mastery check (lesson 08, the practice table, has none: it counts hands)."""


LESSONS: Final[tuple[LessonInfo, ...]] = (
    LessonInfo(
        id="00_start",
        notebook="00_start.ipynb",
        title=T("開始　五分鐘學天九", "Start here · Tien Gow in five minutes"),
        summary=T("跟着說明打一局：誰先出、甚麼牌打得過甚麼、為甚麼墊這張、最後誰付錢給誰。",
                  "Play one hand with every decision explained: who leads, what beats what, why this discard, "
                  "and who pays whom at the end."),
        tile="6-6",
        drills=(FirstHandRecord,),
        rules=("R-P1", "R-P3", "R-P5", "R-C1", "R-C3", "R-W1", "R-W2", "R-$2"),
    ),
    LessonInfo(
        id="01_tiles",
        notebook="01_tiles.ipynb",
        title=T("第一課　認識三十二張牌", "Lesson 1 · Meet the 32 tiles"),
        summary=T("文子與武子、牌名、紅點：看牌認名、看名認牌，錯過的牌會更快再出現。",
                  "Civil and military tiles, their names and red pips: name the tile, find the tile — "
                  "the ones you miss come back sooner."),
        tile="6-6",
        drills=(TileDrill,),
        mastery=MASTERY["01_tiles"],
        rules=("R-T1", "R-T2"),
    ),
    LessonInfo(
        id="02_ranks",
        notebook="02_ranks.ipynb",
        title=T("第二課　牌的大小", "Lesson 2 · Which tile is higher"),
        summary=T("天地人和、梅長板斧、紅頭高腳銅錘；武子看點數。單張只能打同類更大的牌，一樣大先出的贏。",
                  "The civil order, 天地人和 · 梅長板斧 · 紅頭高腳銅錘 (Heaven, Earth, Man, Harmony …), and the "
                  "military order by pips. A single beats only a higher single of its own class; of two "
                  "equal tiles the first keeps the trick."),
        tile="1-1",
        drills=(RankDrill,),
        mastery=MASTERY["02_ranks"],
        rules=("R-T1", "R-C1", "R-C3"),
    ),
    LessonInfo(
        id="03_combinations",
        notebook="03_combinations.ipynb",
        title=T("第三課　九種牌型", "Lesson 3 · The nine kinds of play"),
        summary=T("單張、對子、文武對、至尊、三文三武、四文武：只有同一類才能比大小，認出手上所有組合。",
                  "Singles, pairs, civil-military pairs, the supreme, triples and quads: only the same "
                  "class can beat; spot every play in a hand."),
        tile="2-4",
        drills=(ComboDrill,),
        mastery=MASTERY["03_combinations"],
        rules=("R-C1", "R-C2", "R-C3", "R-C4", "R-C5"),
    ),
    LessonInfo(
        id="04_tricks",
        notebook="04_tricks.ipynb",
        title=T("第四課　出牌、跟牌、墊牌", "Lesson 4 · Leading, following, discarding"),
        summary=T("輪流出牌、打或墊、贏棟；最後一墩和「至少兩棟」的規則；從真牌局練習，再打完最後三墩。",
                  "Turn order, beating or discarding, winning stacks; the last trick and the two-stack "
                  "rule; practise on positions from real deals, then play out the last three tricks."),
        tile="5-5",
        drills=(TrickDrill,),
        mastery=MASTERY["04_tricks"],
        rules=("R-S1", "R-P1", "R-P2", "R-P3", "R-P4", "R-P5", "R-W1", "R-W2", "R-W3"),
    ),
    LessonInfo(
        id="05_scoring",
        notebook="05_scoring.ipynb",
        title=T("第五課　計分", "Lesson 5 · Settling the hand"),
        summary=T("歸本、空棟、入一入二、莊家倍數；賀尊、四大賀；包尊、四大包、么結、擒、七支八支。",
                  "Par; 空棟 (no stack); 入一/入二 (five or six stacks, paid by the winner); the banker "
                  "multiplier; 賀尊 and 四大賀 (money at once for a supreme or a quad); the special "
                  "finishes 包尊, 四大包 and 么結 (the last trick won with a supreme, a quad or a led 1-2); "
                  "capture (擒); 七支 and 八支 (all eight stacks)."),
        tile="3-3",
        drills=(ScoringDrill,),
        mastery=MASTERY["05_scoring"],
        rules=("R-$1", "R-$2", "R-$3", "R-$4", "R-$5", "R-$6", "R-$7", "R-$8", "R-$9", "R-$10", "R-$11", "R-B1"),
    ),
    LessonInfo(
        id="06_variants",
        notebook="06_variants.ipynb",
        title=T("第六課　各家規則的分別", "Lesson 6 · Where the sources disagree"),
        summary=T("文至尊、擒尊、么雙擒四、以擒為大、拆牌、七支八支、飛莊輪莊、例牌、小天九：切換規則，看結果怎樣變。",
                  "The civil supreme, 擒尊, capture ×4, 以擒為大, splitting, seven or eight stacks, who banks "
                  "next, naturals, 小天九: switch each reading and watch the result change."),
        tile="1-5",
        drills=(VariantDrill,),
        mastery=MASTERY["06_variants"],
        rules=("R-S3", "R-C4", "R-C5", "R-$7", "R-$8", "R-$10", "R-$11", "R-B1"),
    ),
    LessonInfo(
        id="07_dealing",
        notebook="07_dealing.ipynb",
        title=T("第七課　擲骰、砌牌、開牌、例牌", "Lesson 7 · Dice, the wall, dealing and naturals"),
        summary=T("擲骰定莊、砌八棟牌牆、十種牌頭一張一張看，再學認例牌。",
                  "Dice for the first banker, the wall of eight stacks, the ten dealing methods tile by tile, "
                  "and spotting natural hands."),
        tile="1-3",
        drills=(DealingDrill,),
        mastery=MASTERY["07_dealing"],
        rules=("R-S1", "R-S2"),
    ),
    LessonInfo(
        id="08_play",
        notebook="08_play.ipynb",
        title=T("第八課　跟電腦打一局", "Lesson 8 · Play a hand against the computer"),
        summary=T("選座位和規則，跟三個電腦對手打完整的牌局；提示一步一步教你想，每一步都有評分。",
                  "Choose a seat and the rules and play whole hands against three computer players, coached "
                  "by hints and a mark on every move."),
        tile="6-6",
        drills=(PlayRecord,),
        rules=("R-P1", "R-P3", "R-W1", "R-W2", "R-B1"),
    ),
    LessonInfo(
        id="09_paigow",
        notebook="09_paigow.ipynb",
        title=T("第九課　推牌九", "Lesson 9 · Pai Gow, the other game"),
        summary=T("同一副牌的另一種玩法：兩張一手怎樣比大小、點數和平手、大細雞，四張牌怎樣擺最好。",
                  "The other game of the same tiles: how two-tile hands rank, points and ties, the wild 1-2 "
                  "and 2-4, and how best to set four tiles."),
        tile="1-2",
        drills=(PaiGowDrill, SplitDrill),
        mastery=MASTERY["09_paigow"],
        rules=(),
    ),
)


def lesson_info(lesson_id: str) -> LessonInfo:
    for info in LESSONS:
        if info.id == lesson_id:
            return info
    raise TiangowError(f"no lesson {lesson_id!r}; the lessons are {', '.join(i.id for i in LESSONS)}")


@dataclass(frozen=True)
class LessonStatus:
    """A learner's standing in a lesson."""

    started: bool
    done: int
    total: int
    mastered: bool


def lesson_status(info: LessonInfo, state: Mapping[str, Any] | None) -> LessonStatus:
    """The lesson's drill progress and whether its mastery check was passed.

    >>> lesson_status(lesson_info("01_tiles"), {"drills": {"mastery": {"passed": True}}}).mastered
    True
    """
    if not isinstance(state, Mapping):
        return LessonStatus(False, 0, lesson_progress(info, {})[1], False)
    done, total = lesson_progress(info, state)
    # A lesson without a mastery check (the practice table) is done when its drills are.
    mastered = info.mastery is None and total > 0 and done >= total
    drills = state.get("drills", {})
    if info.mastery is not None and isinstance(drills, Mapping) and isinstance(drills.get("mastery"), Mapping):
        check = info.mastery()
        check.load(drills["mastery"])
        mastered = check.passed
    return LessonStatus(True, done, total, mastered)


def lesson_progress(info: LessonInfo, state: Mapping[str, Any]) -> tuple[int, int]:
    """(mastered, total) over the lesson's drills, read from its saved state.

    >>> lesson_progress(lesson_info("01_tiles"), {"drills": {"tiles": {"boxes": {"6-6": 4, "1-1": 5, "4-4": 2}}}})
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
