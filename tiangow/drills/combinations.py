"""Lesson 03's drills: the nine classes of play (R-C1 … R-C5).

Is this a play, and of which class; which of two plays ranks higher (or neither: different
classes); find every play in a holding of eight. Everything is generated from the engine's
tables and checked with :func:`tiangow.classify` and :func:`tiangow.combos.can_beat`.

>>> import random
>>> q = make_question("classify", random.Random(3))
>>> q.check(q.answer)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ..combos import (
    Combination,
    Kind,
    all_combinations,
    can_beat,
    classify,
    combinations_in,
    why_not_a_combination,
)
from ..errors import NotACombination, TileError
from ..i18n import T, Text
from ..rules import Rules
from ..tiles import KINDS, Tile, check_counts, full_set
from .base import Choice, DrillError, Leitner, Question, Score

__all__ = ["ComboDrill", "FindTask", "make_question", "find_task", "QUESTION_KINDS", "RULES_TAUGHT",
           "describe_play"]

QUESTION_KINDS: Final = ("classify", "compare")
RULES_TAUGHT: Final = ("R-C1", "R-C2", "R-C3", "R-C4", "R-C5")
CLASS_COUNTS: Final = {Kind.CIVIL_SINGLE: 11, Kind.MILITARY_SINGLE: 6, Kind.CIVIL_PAIR: 11,
                       Kind.MILITARY_PAIR: 4, Kind.MIXED_PAIR: 4, Kind.SUPREME: 1, Kind.CIVIL_TRIPLE: 4,
                       Kind.MILITARY_TRIPLE: 4, Kind.QUAD: 4}
"""How many ranks each class has (the table of RULES §2)."""


def _tiles_text(tiles: tuple[Tile, ...]) -> str:
    return " + ".join(t.full_name for t in tiles)


def describe_play(c: Combination) -> Text:
    """The play, its class and rank, in words.

    >>> describe_play(classify("11 26"))("en")
    '地八 is a civil-military pair (文武對), rank 2 of 4 (R-C1).'
    """
    if c.kind is Kind.SUPREME:
        return T(f"{c.name}是至尊：只能先出，打不了別的牌，也沒有牌打得過它（R-C4）。",
                 f"{c.name} is the supreme: it can only be led, beats nothing and is beaten by nothing (R-C4).")
    total = CLASS_COUNTS[c.kind]
    return T(f"{c.name}是{c.kind.value}，{total}級中排第{c.rank}（R-C1）。",
             f"{c.name} is a {c.kind.name_en} ({c.kind.value}), rank {c.rank} of {total} (R-C1).")


def _near_miss(rng: random.Random) -> tuple[Tile, ...]:
    """2–4 tiles a set can hold that are not a play (a real play with one tile swapped)."""
    plays = [c for c in all_combinations() if c.size >= 2]
    while True:
        base = list(rng.choice(plays).tiles)
        base[rng.randrange(len(base))] = rng.choice(KINDS)
        if rng.random() < 0.25 and len(base) < 4:
            base.append(rng.choice(KINDS))
        try:
            check_counts(base)
            classify(base)
        except NotACombination:
            return tuple(sorted(base, key=lambda t: t.index))
        except ValueError:
            continue


_CLASS_LABELS: Final = {Kind.CIVIL_SINGLE: "文子單張", Kind.MILITARY_SINGLE: "武子單張"}


KIND_DEFINITION: Final = {
    Kind.CIVIL_SINGLE: T("文子單張是一張文子", "a civil single is one civil tile"),
    Kind.MILITARY_SINGLE: T("武子單張是一張武子", "a military single is one military tile"),
    Kind.CIVIL_PAIR: T("文對是兩張相同的文子", "a civil pair is two identical civil tiles"),
    Kind.MILITARY_PAIR: T("武對是兩張同點的武子：雜九、雜八、雜七、雜五",
                          "a military pair is two military tiles of one rank: 雜九, 雜八, 雜七, 雜五"),
    Kind.MIXED_PAIR: T("文武對是天、地、人或和，配上同一組的一張武子（天九、地八、人七、和五）",
                       "a civil-military pair is 天, 地, 人 or 和 with one military tile of its family "
                       "(天九, 地八, 人七, 和五)"),
    Kind.SUPREME: T("至尊只有一種：丁三配二四", "the supreme is 1-2 with 2-4, nothing else"),
    Kind.CIVIL_TRIPLE: T("三文是一對天、地、人或和，配上同一組的一張武子",
                         "a civil triple is a pair of 天, 地, 人 or 和 with one military tile of its family"),
    Kind.MILITARY_TRIPLE: T("三武是一張天、地、人或和，配上同一組的兩張武子",
                            "a military triple is one 天, 地, 人 or 和 with both military tiles of its family"),
    Kind.QUAD: T("四文武是一對天、地、人或和，配上同一組的兩張武子",
                 "a quad is a pair of 天, 地, 人 or 和 with both military tiles of its family"),
}
"""What makes a play of each class (RULES §2), said without naming any particular play."""


def _class_choices(answer: str, size: int) -> tuple[Choice, ...]:
    """The nine classes and "not a play"; each wrong choice says what its class needs, never
    which class the tiles make."""
    def why(key: str) -> Text | None:
        if key == answer:
            return None
        if key == "none":
            return T("其實這幾張牌成牌：對照九種牌型再看一次（R-C2）。",
                     "These tiles do make a play: go through the nine classes again (R-C2).")
        kind = Kind[key]
        if kind.size != size:
            return T(f"{KIND_DEFINITION[kind].zh}，要 {kind.size} 張，這裏有 {size} 張（R-C2）。",
                     f"{KIND_DEFINITION[kind].en}: {kind.size} tile{'s' if kind.size > 1 else ''}, and here are "
                     f"{size} (R-C2).")
        return T(f"{KIND_DEFINITION[kind].zh}；這幾張不是（R-C2）。",
                 f"{KIND_DEFINITION[kind].en}; these tiles are not (R-C2).")

    out = [Choice(k.name, T(_CLASS_LABELS.get(k, k.value), k.name_en), why=why(k.name)) for k in Kind]
    out.append(Choice("none", T("不成牌", "not a play"), why=why("none")))
    return tuple(out)


def _compare(a: Combination, b: Combination) -> tuple[str, Text, str]:
    """Which of two plays ranks higher: "a", "b", "equal" or "neither", why, and the rule."""
    if a.kind is Kind.SUPREME or b.kind is Kind.SUPREME:
        return "neither", T("至尊自成一類：打不了別的牌，也沒有牌打得過它（R-C4）。",
                            "A supreme is a class of its own: it beats nothing and nothing beats it (R-C4)."), "R-C4"
    if a.kind is not b.kind:
        return "neither", T(f"{a.name}是{a.kind.value}，{b.name}是{b.kind.value}：只有同一類才能比大小（R-C1）。",
                            f"{a.name} is a {a.kind.name_en} and {b.name} a {b.kind.name_en}: only plays of the "
                            "same class compare (R-C1)."), "R-C1"
    if a.rank == b.rank:
        return "equal", T("兩者同類同級，一樣大：先出的保住這一墩（R-C3）。",
                          "Same class, same rank: they are equal, and the first played keeps the trick (R-C3)."), "R-C3"
    hi, lo = (a, b) if can_beat(a, b) else (b, a)
    return ("a" if hi is a else "b"), T(f"同是{a.kind.value}，{hi.name}排第{hi.rank}，{lo.name}排第{lo.rank}（R-C1）。",
                                        f"Both are {a.kind.name_en}s: {hi.name} is rank {hi.rank}, {lo.name} rank "
                                        f"{lo.rank} (R-C1)."), "R-C1"


def _one_set(a: Combination, b: Combination) -> bool:
    """Whether both plays can be held at once: one set has two of each civil tile, one of each
    military tile (so no supreme against a supreme, no 雙天 against 雙天)."""
    try:
        check_counts(a.tiles + b.tiles)
    except TileError:
        return False
    return True


def _compare_hint(key: str, answer: str, a: Combination, b: Combination) -> Text | None:
    """What is wrong with choosing ``key``, without saying which choice is right."""
    if key == answer:
        return None
    if answer == "neither":
        return T("先看類別：只有同一類的牌才能比大小，至尊跟甚麼都不比（R-C1、R-C4）。",
                 "Check the classes first: only plays of one class compare, and a supreme compares with "
                 "nothing (R-C1, R-C4).")
    if key == "neither":
        return T(f"兩手都是{a.kind.value}，同一類，可以比（R-C1）。",
                 f"Both are {a.kind.name_en}s, one class, so they do compare (R-C1).")
    if key == "equal":
        return T(f"同是{a.kind.value}，但兩手的級數真的一樣嗎？查一查各自排第幾（R-C1）。",
                 f"Both are {a.kind.name_en}s, but is their rank really the same? Look up where each "
                 "ranks (R-C1).")
    if answer == "equal":
        return T("同類的兩手要排得比較高才算大；再查一查兩手各自排第幾（R-C1、R-C3）。",
                 "Of one class, a play is higher only if it ranks above the other; look up where each ranks "
                 "(R-C1, R-C3).")
    return T(f"同是{a.kind.value}，比的是級數：再查一查兩手各自排第幾（R-C1）。",
             f"Both are {a.kind.name_en}s, so the rank decides: look up where each ranks again (R-C1).")


def _pair_to_compare(rng: random.Random) -> tuple[Combination, Combination]:
    """Two plays from one set: 40% of one class, 15% equal where possible, else of two classes."""
    plays = [c for c in all_combinations() if c.size >= 2]
    while True:
        r = rng.random()
        a = rng.choice(plays)
        if r < 0.4:
            pool = [c for c in plays if c.kind is a.kind and c.rank != a.rank]
        elif r < 0.55:
            pool = [c for c in plays if c.kind is a.kind and c.rank == a.rank and c is not a]
        else:
            # different classes, often of the same size (地八 against 雙天, 三文 against 三武)
            pool = [c for c in plays if c.kind is not a.kind and (c.size == a.size or rng.random() < 0.3)]
        pool = [c for c in pool if _one_set(a, c)]
        if pool:
            return a, rng.choice(pool)


def make_question(kind: str, rng: random.Random, number: int = 0) -> Question:
    qid = f"{kind}:{number}"
    if kind == "classify":
        if rng.random() < 0.6:
            plays = all_combinations()
            if rng.random() < 0.85:
                plays = tuple(c for c in plays if c.size >= 2)
            play = rng.choice(plays)
            tiles = play.tiles
            answer, why = play.kind.name, describe_play(play)
            rule = "R-C4" if play.kind is Kind.SUPREME else "R-C1"
        else:
            tiles = _near_miss(rng)
            reason = why_not_a_combination(tiles)
            answer = "none"
            why = T(reason.zh + "。", reason.en[0].upper() + reason.en[1:] + ".")
            rule = "R-C2"
        shuffled = list(tiles)
        rng.shuffle(shuffled)
        return Question(qid, "classify", T("這幾張牌成不成牌？成的話是哪一類？",
                                           "Is this a play? If so, of which class?"),
                        _class_choices(answer, len(tiles)), answer, why, rule, shown=tuple(shuffled))
    if kind == "compare":
        a, b = _pair_to_compare(rng)
        answer, why, rule = _compare(a, b)
        labels = {"a": T("甲大", "A is higher"),
                  "b": T("乙大", "B is higher"),
                  "equal": T("一樣大", "they are equal"),
                  "neither": T("不能比：不同類", "neither: different classes")}
        choices = tuple(Choice(k, v, why=_compare_hint(k, answer, a, b)) for k, v in labels.items())
        return Question(qid, f"{a.kind.name}:{b.kind.name}", T("哪一手比較大？", "Which play ranks higher?"),
                        choices, answer, why, rule, groups=((T("甲", "A"), a.tiles), (T("乙", "B"), b.tiles)))
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


@dataclass(frozen=True)
class FindTask:
    """Find every play of two or more tiles in ``holding`` (distinct by their tiles)."""

    holding: tuple[Tile, ...]
    targets: tuple[Combination, ...]

    prompt: ClassVar[Text] = T(
        "找出這手牌裏所有兩張或以上的組合，包括拆開大組合得到的（拆牌自由，R-C5）。點選牌，再按「加入」。",
        "Find every play of two or more tiles in this holding, splitting big ones too (splitting is free, "
        "R-C5). Select its tiles, then press Add.")

    def check(self, tiles: tuple[Tile, ...], rules: Rules | None = None) -> tuple[Combination | None, Text]:
        """The play ``tiles`` make, if it is one to find, else why not (in words)."""
        if len(tiles) < 2:
            return None, T("要找兩張或以上的組合。", "Look for plays of two or more tiles.")
        try:
            c = classify(tiles, rules)
        except NotACombination:
            reason = why_not_a_combination(tiles)
            return None, T(reason.zh + "。", reason.en + ".")
        return c, describe_play(c)


def find_task(rng: random.Random, minimum: int = 3, maximum: int = 7) -> FindTask:
    """A random holding of eight with between ``minimum`` and ``maximum`` plays of 2+ tiles."""
    tiles = full_set()
    for _ in range(10_000):
        rng.shuffle(tiles)
        holding = tuple(sorted(tiles[:8], key=lambda t: t.index))
        targets = tuple(c for c in combinations_in(holding) if c.size >= 2)
        if minimum <= len(targets) <= maximum:
            return FindTask(holding, targets)
    raise DrillError("could not deal a holding with that many plays")


class ComboDrill:
    """Classify and compare questions, with Leitner boxes over the nine classes."""

    id = "combinations"
    title = T("牌型練習", "Combination drill")

    def __init__(self, kinds: tuple[str, ...] = QUESTION_KINDS) -> None:
        for k in kinds:
            if k not in QUESTION_KINDS:
                raise DrillError(f"unknown question kind {k!r}: use {', '.join(QUESTION_KINDS)}")
        self.kinds = kinds
        self.score = Score()
        self.found = Score()
        self.deck = Leitner([k.name for k in Kind] + ["none"])
        self._count = 0

    def next_question(self, rng: random.Random) -> Question:
        self._count += 1
        return make_question(rng.choice(self.kinds), rng, self._count)

    def record(self, question: Question, first_try: bool, tries: int) -> None:
        self.score.record(first_try)
        if question.id.startswith("classify"):
            self.deck.record(question.answer, first_try)

    # find-all tasks
    def next_task(self, rng: random.Random) -> FindTask:
        return find_task(rng)

    def record_task(self, task: FindTask, perfect: bool) -> None:
        self.found.record(perfect)

    def state(self) -> dict[str, Any]:
        return {"boxes": self.deck.state(), "score": self.score.state(), "found": self.found.state()}

    def load(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        self.deck.load(state.get("boxes"))
        self.score = Score.from_state(state.get("score"))
        self.found = Score.from_state(state.get("found"))

    def merge(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        self.deck.merge(state.get("boxes"))
        self.score.merge(state.get("score"))
        self.found.merge(state.get("found"))

    def progress(self) -> tuple[int, int]:
        """(classes recognised reliably, 10): the nine classes and "not a play"."""
        return len(self.deck.mastered()), len(self.deck.items)
