"""Lesson 01's drills: recognise the 32 tiles (RULES §1, R-T1, R-T2).

Four kinds of question, generated from the tile table: see a tile, pick its name; see a
name, pick the tile; civil or military; how many red pips. Spaced repetition (Leitner boxes
over the 21 kinds) brings missed tiles back sooner.

>>> import random
>>> drill = TileDrill()
>>> q = drill.next_question(random.Random(1))
>>> q.check(q.answer), len(q.choices) >= 2
(True, True)
"""

from __future__ import annotations

import random
from typing import Final

from ..i18n import T, Text
from ..tiles import KINDS, Tile
from .base import Choice, DrillError, LeitnerDrill, Question

__all__ = ["TileDrill", "describe", "every_tile_named", "QUESTION_KINDS", "RULES_TAUGHT"]

QUESTION_KINDS: Final = ("name", "tile", "class", "red")
RULES_TAUGHT: Final = ("§1", "R-T1", "R-T2")
"""The rules these drills teach (for the coverage test)."""


def _twin(tile: Tile) -> Tile | None:
    for t in KINDS:
        if t is not tile and not t.is_civil and not tile.is_civil and t.rank == tile.rank:
            return t
    return None


def describe(tile: Tile) -> Text:
    """One sentence placing ``tile`` in the set.

    >>> describe(Tile("66"))("en")
    '天 (6-6) is a civil tile, rank 1 of the 11 civil kinds.'
    >>> describe(Tile("45"))("en")
    '九 (4-5) is a military tile, rank 1 of 6; it ranks equal to 3-6 (R-T1).'
    """
    if tile.is_civil:
        return T(f"{tile.name}（{tile.notation}）是文子，十一種文子中排第{tile.rank}。",
                 f"{tile.name} ({tile.notation}) is a civil tile, rank {tile.rank} of the 11 civil kinds.")
    twin = _twin(tile)
    zh = f"{tile.name}（{tile.notation}）是武子，六級武子中排第{tile.rank}"
    en = f"{tile.name} ({tile.notation}) is a military tile, rank {tile.rank} of 6"
    if twin is not None:
        zh += f"，與 {twin.notation} 同級（R-T1）"
        en += f"; it ranks equal to {twin.notation} (R-T1)"
    return T(zh + "。", en + ".")


def _red_text(tile: Tile) -> Text:
    n = tile.red_pips
    return T(f"每個一點和四點都是紅色，天牌每半邊三紅三白（R-T2）。{tile.name}（{tile.notation}）有 {n} 個紅點。",
             f"Every 1 and every 4 is red, and on 天 each half has three red and three white pips (R-T2). "
             f"{tile.name} ({tile.notation}) has {n} red pip{'s' if n != 1 else ''}.")


_CLASS_TEXT: Final = T("文子是成對的十一種牌（共二十二張），武子是十張單牌（§1）。",
                       "Civil tiles are the 11 kinds that come in identical pairs (22 tiles); military "
                       "tiles are the 10 single tiles (RULES §1).")


def _others(tile: Tile, rng: random.Random, n: int) -> list[Tile]:
    """``n`` other kinds that do not share ``tile``'s name, mostly of its own class."""
    pool = [t for t in KINDS if t is not tile and t.name != tile.name]
    same = [t for t in pool if t.is_civil == tile.is_civil]
    other = [t for t in pool if t.is_civil != tile.is_civil]
    rng.shuffle(same)
    rng.shuffle(other)
    take = same[: n - 1] + other[:1]
    out: list[Tile] = []
    for t in take + same[n - 1:]:
        if len(out) == n:
            break
        if all(t.name != o.name for o in out):
            out.append(t)
    return out


def every_tile_named(tile: Tile) -> Text:
    """Why a name is not this tile: every tile that bears it (the military names 九, 八, 七, 五
    are each on two tiles).

    >>> every_tile_named(Tile("35"))("en")
    '八 is 2-6 or 3-5 (two military tiles of that name), not this tile.'
    """
    same = [t.notation for t in KINDS if t.name == tile.name]
    if len(same) == 1:
        return T(f"{tile.name}是 {tile.notation}，不是這張。", f"{tile.name} is {tile.notation}, not this tile.")
    return T(f"{tile.name}是 {' 或 '.join(same)}（兩張武子同名），不是這張。",
             f"{tile.name} is {' or '.join(same)} (two military tiles of that name), not this tile.")


def make_question(kind: str, tile: Tile, rng: random.Random, number: int = 0) -> Question:
    """One question of ``kind`` about ``tile`` (choices shuffled with ``rng``)."""
    qid = f"{kind}:{tile.notation}:{number}"
    if kind == "name":
        options = [tile, *_others(tile, rng, 3)]
        rng.shuffle(options)
        choices = tuple(
            Choice(t.notation, T(t.name, f"{t.name} {t.name_en}"),
                   why=None if t is tile else every_tile_named(t))
            for t in options
        )
        return Question(qid, tile.notation, T("這張牌叫甚麼？", "What is this tile called?"), choices,
                        tile.notation, describe(tile), "§1", shown=(tile,))
    if kind == "tile":
        options = [tile, *_others(tile, rng, 3)]
        rng.shuffle(options)
        choices = tuple(
            Choice(t.notation, T(t.name, f"{t.name} {t.name_en}"), (t,),
                   why=None if t is tile else T(f"那張是{t.name}（{t.notation}）。",
                                                f"That one is {t.name} ({t.notation})."))
            for t in options
        )
        return Question(qid, tile.notation,
                        T(f"哪一張是「{tile.name}」？", f"Which tile is {tile.name} ({tile.name_en})?"),
                        choices, tile.notation, describe(tile), "§1", mode="pick")
    if kind == "class":
        right = "civil" if tile.is_civil else "military"
        choices = (
            Choice("civil", T("文子", "civil (文)"),
                   why=None if tile.is_civil else T(f"{tile.full_name}只有一張，是武子。",
                                                    f"There is only one {tile.notation}: it is military.")),
            Choice("military", T("武子", "military (武)"),
                   why=None if not tile.is_civil else T(f"{tile.name}有兩張相同的，是文子。",
                                                        f"{tile.name} comes in two identical copies: it is civil.")),
        )
        return Question(qid, tile.notation, T("這張是文子還是武子？", "Is this tile civil or military?"), choices,
                        right, _CLASS_TEXT + T(" ", " ") + describe(tile), "§1", shown=(tile,))
    if kind == "red":
        n = tile.red_pips
        pool = [x for x in (0, 1, 2, 4, 5, 6, 8) if x != n]
        rng.shuffle(pool)
        numbers = sorted([n, *pool[:3]])
        choices = tuple(
            Choice(str(x), T(str(x), str(x)),
                   why=None if x == n else T("再數一數：紅的是一點和四點。", "Count again: the 1s and the 4s are red."))
            for x in numbers
        )
        return Question(qid, tile.notation, T("這張牌有幾個紅點？", "How many red pips does this tile have?"),
                        choices, str(n), _red_text(tile), "R-T2", shown=(tile,))
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


class TileDrill(LeitnerDrill):
    """Recognition drills over the 21 kinds with Leitner scheduling."""

    id = "tiles"
    title = T("認牌練習", "Recognition drill")
    question_kinds = QUESTION_KINDS

    maker = make_question
