"""The lessons of the course: id, notebook, title and summary in three languages, and how
to read a learner's progress in each from the saved state (no widgets)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from .drills import combinations, dealing, paigow, ranks, scoring, tiles, tricks, variants
from .drills.base import Question
from .drills.combinations import ComboDrill
from .drills.dealing import DealingDrill
from .drills.mastery import Generator, MasteryCheck
from .drills.paigow import PaiGowDrill, SplitDrill
from .drills.play import PlayRecord
from .drills.ranks import RankDrill
from .drills.scoring import ScoringDrill
from .drills.tiles import TileDrill
from .drills.tricks import TrickDrill
from .drills.variants import VariantDrill
from .errors import TiangowError
from .i18n import T, Text

__all__ = ["LessonInfo", "LessonStatus", "LESSONS", "lesson_info", "lesson_progress", "lesson_status"]


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
    mastery: Callable[[], MasteryCheck] | None = None
    """The lesson's mastery check (its state is saved as the drill "mastery")."""
    rules: tuple[str, ...] = ()
    """Rule ids of RULES.md the lesson teaches."""


def _kinds(make: Callable[[str, random.Random, int], Question], kinds: Sequence[str]) -> list[Generator]:
    """One question generator per kind: ``make(kind, rng, 0)``."""

    def one(kind: str) -> Generator:
        return lambda rng: make(kind, rng, 0)

    return [one(k) for k in kinds]


def _gen(make: Callable[[str, Any, random.Random, int], Question], kind: str,
         items: Callable[[random.Random], Any]) -> Callable[[random.Random], Question]:
    """A question generator for a mastery check: ``make(kind, item, rng)``."""
    return lambda rng: make(kind, items(rng), rng, 0)


def _any_kind(rng: random.Random) -> Any:
    from .tiles import KINDS

    return rng.choice(KINDS)


def tiles_mastery() -> MasteryCheck:
    return MasteryCheck([_gen(tiles.make_question, k, _any_kind) for k in tiles.QUESTION_KINDS],
                        questions=8, pass_mark=7)


def combinations_mastery() -> MasteryCheck:
    return MasteryCheck(_kinds(combinations.make_question, combinations.QUESTION_KINDS),
                        questions=6, pass_mark=5)


def tricks_mastery() -> MasteryCheck:
    return MasteryCheck(_kinds(tricks.make_question, tricks.QUESTION_KINDS),
                        questions=6, pass_mark=5)


def scoring_mastery() -> MasteryCheck:
    return MasteryCheck(_kinds(scoring.make_question, ("pay", "pay", "next_banker")),
                        questions=6, pass_mark=5)


def variants_mastery() -> MasteryCheck:
    return MasteryCheck(_kinds(variants.make_question, variants.QUESTION_KINDS),
                        questions=6, pass_mark=5)


def dealing_mastery() -> MasteryCheck:
    return MasteryCheck(_kinds(dealing.make_question, dealing.QUESTION_KINDS),
                        questions=8, pass_mark=6)


def paigow_mastery() -> MasteryCheck:
    return MasteryCheck(_kinds(paigow.make_question, paigow.QUESTION_KINDS), questions=6, pass_mark=5)


def ranks_mastery() -> MasteryCheck:
    return MasteryCheck([_gen(ranks.make_question, k, _any_kind) for k in ranks.QUESTION_KINDS],
                        questions=6, pass_mark=5)


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
        mastery=tiles_mastery,
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
        mastery=ranks_mastery,
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
        mastery=combinations_mastery,
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
        mastery=tricks_mastery,
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
        mastery=scoring_mastery,
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
        mastery=variants_mastery,
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
        mastery=dealing_mastery,
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
        mastery=paigow_mastery,
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

    >>> lesson_status(LESSONS[0], {"drills": {"mastery": {"passed": True}}}).mastered
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
