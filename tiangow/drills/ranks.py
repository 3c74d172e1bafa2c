"""Lesson 02's drills: the order of the tiles as singles (R-T1, R-C1, R-C3).

Three kinds of question, generated from the tile table and checked with
:func:`tiangow.combos.can_beat`: which of two singles wins the trick; put five tiles of one
class in order; can this tile ever beat that one.

>>> import random
>>> q = make_question("order", Tile("36"), random.Random(2))
>>> q.mode, len(q.choices), q.check(q.answer)
('order', 5, True)
"""

from __future__ import annotations

import itertools
import random
from typing import Final

from ..combos import can_beat, classify
from ..i18n import T, Text
from ..tiles import CIVIL_KINDS, KINDS, MILITARY_KINDS, Tile
from .base import Choice, DrillError, LeitnerDrill, Question

__all__ = ["RankDrill", "make_question", "QUESTION_KINDS", "RULES_TAUGHT", "single_result"]

QUESTION_KINDS: Final = ("single", "order", "can_beat")
RULES_TAUGHT: Final = ("R-T1", "R-C1", "R-C3")

CIVIL_ORDER: Final = T("文子由大到小：天 地 人 和（四大）、梅 長 板 斧（四素）、紅頭 高腳 銅錘（三雜）。",
                       "Civil, high to low: 天 地 人 和 (the four greats), 梅 長 板 斧 (the four plain), "
                       "紅頭 高腳 銅錘 (the three mixed).")
MILITARY_ORDER: Final = T("武子由大到小：九、八、七、六（2-4）、五、三（1-2）；同級的兩張一樣大（R-T1）。",
                          "Military, high to low: nine, eight, seven, the six 2-4, five, the three 1-2; "
                          "two tiles of one rank are equal (R-T1).")


def _name(t: Tile) -> Text:
    return T(f"{t.name}（{t.notation}）", f"{t.name} ({t.notation})")


def single_result(led: Tile, follow: Tile) -> tuple[bool, Text, str]:
    """Whether ``follow`` beats ``led`` as singles, why (in words) and the rule.

    >>> single_result(Tile("55"), Tile("36"))[0], single_result(Tile("55"), Tile("36"))[2]
    (False, 'R-C1')
    """
    a, b = classify((led,)), classify((follow,))
    if can_beat(b, a):
        return True, T(f"{follow.name}比{led.name}大，同是{'文子' if led.is_civil else '武子'}，後出的贏（R-C1）。",
                       f"{follow.name} ranks above {led.name} in the same class, so the later tile wins (R-C1)."), "R-C1"
    if led.is_civil != follow.is_civil:
        return False, T(f"{follow.name}是{'文子' if follow.is_civil else '武子'}，{led.name}是"
                        f"{'文子' if led.is_civil else '武子'}：不同類的牌不能打（R-C1），先出的贏。",
                        f"{follow.name} is {'civil' if follow.is_civil else 'military'} and {led.name} is "
                        f"{'civil' if led.is_civil else 'military'}: only the same class can beat (R-C1), so the "
                        "tile led keeps the trick."), "R-C1"
    if led.rank == follow.rank:
        rule = "R-T1, R-C3" if not led.is_civil else "R-C3"
        return False, T(f"兩張一樣大（{rule}）：一樣大打不了，先出的保住這一墩。",
                        f"They rank equal ({rule}): equal does not beat, so the first keeps the trick."), rule
    return False, T(f"{led.name}比{follow.name}大，先出的贏（R-C1）。",
                    f"{led.name} ranks above {follow.name}, so the tile led keeps the trick (R-C1)."), "R-C1"


def _partner(tile: Tile, rng: random.Random) -> Tile:
    """Another tile to compare with: mostly of the same class, sometimes of equal rank."""
    r = rng.random()
    same = [t for t in KINDS if t.is_civil == tile.is_civil]
    if r < 0.2:
        equal = [t for t in same if t.rank == tile.rank]  # the twin, or the other civil copy
        return rng.choice(equal)
    if r < 0.6:
        return rng.choice([t for t in same if t is not tile])
    return rng.choice([t for t in KINDS if t.is_civil != tile.is_civil])


def _orders(tiles: list[Tile]) -> tuple[str, frozenset[str]]:
    """The canonical high-to-low order of ``tiles`` (positions) and every accepted order."""
    ranked = sorted(range(len(tiles)), key=lambda i: tiles[i].rank)
    groups = [list(g) for _, g in itertools.groupby(ranked, key=lambda i: tiles[i].rank)]
    accepts = set()
    for combo in itertools.product(*(itertools.permutations(g) for g in groups)):
        accepts.add(",".join(str(i) for part in combo for i in part))
    return ",".join(str(i) for i in ranked), frozenset(accepts)


def make_question(kind: str, tile: Tile, rng: random.Random, number: int = 0) -> Question:
    """One question of ``kind`` centred on ``tile``."""
    qid = f"{kind}:{tile.notation}:{number}"
    if kind == "single":
        other = _partner(tile, rng)
        led, follow = (tile, other) if rng.random() < 0.5 else (other, tile)
        beats, why, rule = single_result(led, follow)
        choices = (
            Choice("lead", T(f"先出的 {led.name}", f"the tile led, {led.name}"),
                   why=None if not beats else why),
            Choice("follow", T(f"後出的 {follow.name}", f"the tile played after, {follow.name}"),
                   why=None if beats else why),
        )
        return Question(qid, tile.notation, T("單張：這一墩誰贏？", "Single tiles: who wins the trick?"), choices,
                        "follow" if beats else "lead", why, rule,
                        groups=((T("先出", "led"), (led,)), (T("後出", "played after"), (follow,))))
    if kind == "order":
        pool = list(CIVIL_KINDS if tile.is_civil else MILITARY_KINDS)
        others = [t for t in pool if t is not tile]
        rng.shuffle(others)
        tiles = [tile, *others[:4]]
        rng.shuffle(tiles)
        answer, accepts = _orders(tiles)
        cls = T("文子", "civil") if tile.is_civil else T("武子", "military")

        def judge(key: str) -> Text:
            seq = [tiles[int(i)] for i in key.split(",")]
            for a, b in itertools.pairwise(seq):
                if b.rank < a.rank:
                    return T(f"{b.name}（{b.notation}）比{a.name}（{a.notation}）大，要排在前面。",
                             f"{b.name} ({b.notation}) ranks above {a.name} ({a.notation}): it comes first.")
            return T("", "")

        return Question(
            qid, tile.notation,
            T("由大到小，按次序點選這五張{cls}。", "Click these five {cls} tiles from highest to lowest.").format(cls=cls),
            tuple(Choice(str(i), T(t.name, f"{t.name} {t.name_en}"), (t,)) for i, t in enumerate(tiles)),
            answer, CIVIL_ORDER if tile.is_civil else MILITARY_ORDER, "R-C1" if tile.is_civil else "R-T1",
            mode="order", accepts=accepts, judge=judge,
        )
    if kind == "can_beat":
        if rng.random() < 0.55:
            other = rng.choice([t for t in KINDS if t.is_civil != tile.is_civil])
        else:
            other = rng.choice([t for t in KINDS if t.is_civil == tile.is_civil])
        beats, why, rule = single_result(other, tile)
        yes = T("能", "yes")
        no = T("不能", "no")
        return Question(
            qid, tile.notation,
            T(f"單張的{tile.name}能打{other.name}嗎？",
              f"As a single, can {tile.name} ever beat {other.name}?"),
            (Choice("yes", yes, why=None if beats else why), Choice("no", no, why=why if beats else None)),
            "yes" if beats else "no", why, rule,
            groups=((T("先出", "led"), (other,)), (T("能打它嗎？", "can this beat it?"), (tile,))),
        )
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


class RankDrill(LeitnerDrill):
    """The three kinds of rank question, with Leitner scheduling over the 21 kinds."""

    id = "ranks"
    title = T("大小練習", "Rank drill")
    question_kinds = QUESTION_KINDS

    maker = make_question
