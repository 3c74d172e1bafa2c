"""Dealing (牌頭, RULES §9): the wall of eight stacks, the ten methods, dice and the first banker.

The banker builds a wall of 8 stacks (棟) of 4 tiles face down. The player opposite the
banker names a method and throws two dice; counting counter-clockwise (in turn order)
from the thrower as 1, the total picks who takes first; the others follow in turn.

Stacks are numbered 1–8 from the left, layers 1–4 from the top. RULES §9 names the
methods and their restacking; the order in which players take the blocks is spelled out
here per method (the sources give it only in words, see each :class:`Method` member).

>>> from tiangow import full_set
>>> wall = Wall.build(full_set())
>>> dealt = deal_wall(wall, Method.KAI_BIAN, dice=(3, 4), banker=0)
>>> dealt.thrower, dealt.first_taker        # West throws 7: West 1, North 2, East 3 … East 7
(2, 0)
>>> dealt.hands[0][:4]                       # East took stacks 1 and 2
(Tile('6-6'), Tile('6-6'), Tile('1-1'), Tile('1-1'))
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, cast

from .errors import DealError
from .i18n import Lang, pick
from .tiles import Tile, as_tiles, check_counts, full_set

__all__ = [
    "Method",
    "Wall",
    "Step",
    "Dealt",
    "deal_wall",
    "throw_dice",
    "first_taker",
    "first_banker",
    "draw_first_banker",
    "random_deal",
]

Position = tuple[int, int]
"""(stack 1–8, layer 1–4 from the top) in the wall as built."""


def _stack(s: int) -> list[Position]:
    return [(s, layer) for layer in range(1, 5)]


def _stacks(*ss: int) -> list[Position]:
    return [p for s in ss for p in _stack(s)]


def _rows(stacks: Sequence[int], layers: Sequence[int]) -> list[Position]:
    return [(s, layer) for layer in layers for s in stacks]


class Method(enum.Enum):
    """The ten 牌頭 methods of RULES §9 (seeds 000 and 002)."""

    KAI_BIAN = "開邊"
    """Two stacks each from one end: 1–2, 3–4, 5–6, 7–8."""
    TIAN_ZI = "田字"
    """開邊 turned 90°: the wall's face split into four blocks of two rows of four tiles
    (田); takers go left half top, left half bottom, right half top, right half bottom."""
    LUN_DONG = "輪棟"
    """One stack each, twice round: 1, 2, 3, 4, then 5, 6, 7, 8."""
    JIAN_DONG = "間棟"
    """First taker stacks 1 and 3, second 2 and 4, third 5 and 7, fourth 6 and 8."""
    PIAN_MIAN = "片面"
    """Each takes the top eight tiles: the top layer, then the next …"""
    WA_XIN = "挖心"
    """First taker the middle stacks 4 and 5, then 3 and 6, 2 and 7, 1 and 8."""
    QIE_ER = "切耳"
    """The reverse of 挖心: 1 and 8, 2 and 7, 3 and 6, 4 and 5."""
    LONG_TOU_FENG_WEI = "龍頭鳳尾"
    """Stacks 7 and 8 put on 1 and 2; takers: the tall stack 1, the tall stack 2, 3–4, 5–6."""
    SHUANG_YI_QI_FEI = "雙翼齊飛"
    """Stacks 1 and 8 put on 4 and 5; takers: the tall stack 4, the tall stack 5, 2–3, 6–7."""
    WU_SAN_SHI = "舞三獅"
    """Stacks 6, 7, 8 put on 1, 3, 5; takers: the tall 1, 3 and 5, then 2 and 4."""

    @property
    def name_en(self) -> str:
        return _METHOD_EN[self]

    def label(self, lang: Lang = "zh-Hant") -> str:
        return pick(lang, self.value, self.name_en)

    @property
    def restack(self) -> tuple[tuple[int, int], ...]:
        """(moved stack, stack it is put on) before taking, as in RULES §9."""
        return _RESTACK[self]

    def takes(self) -> tuple[tuple[int, tuple[Position, ...]], ...]:
        """The takes in order: (taker 1–4, positions taken top to bottom)."""
        return _PLANS[self]


_METHOD_EN: Final = {
    Method.KAI_BIAN: "open the side", Method.TIAN_ZI: "field pattern",
    Method.LUN_DONG: "stack by stack", Method.JIAN_DONG: "alternate stacks",
    Method.PIAN_MIAN: "slice the top", Method.WA_XIN: "dig the heart",
    Method.QIE_ER: "cut the ears", Method.LONG_TOU_FENG_WEI: "dragon head, phoenix tail",
    Method.SHUANG_YI_QI_FEI: "two wings fly", Method.WU_SAN_SHI: "three lions dance",
}

_RESTACK: Final[dict[Method, tuple[tuple[int, int], ...]]] = {m: () for m in Method}
_RESTACK[Method.LONG_TOU_FENG_WEI] = ((7, 1), (8, 2))
_RESTACK[Method.SHUANG_YI_QI_FEI] = ((1, 4), (8, 5))
_RESTACK[Method.WU_SAN_SHI] = ((6, 1), (7, 3), (8, 5))

_PLANS: Final[dict[Method, tuple[tuple[int, tuple[Position, ...]], ...]]] = {
    Method.KAI_BIAN: tuple((k, tuple(_stacks(2 * k - 1, 2 * k))) for k in range(1, 5)),
    Method.TIAN_ZI: (
        (1, tuple(_rows((1, 2, 3, 4), (1, 2)))), (2, tuple(_rows((1, 2, 3, 4), (3, 4)))),
        (3, tuple(_rows((5, 6, 7, 8), (1, 2)))), (4, tuple(_rows((5, 6, 7, 8), (3, 4)))),
    ),
    Method.LUN_DONG: tuple((1 + (s - 1) % 4, tuple(_stack(s))) for s in range(1, 9)),
    Method.JIAN_DONG: ((1, tuple(_stacks(1, 3))), (2, tuple(_stacks(2, 4))),
                       (3, tuple(_stacks(5, 7))), (4, tuple(_stacks(6, 8)))),
    Method.PIAN_MIAN: tuple((k, tuple(_rows(range(1, 9), (k,)))) for k in range(1, 5)),
    Method.WA_XIN: ((1, tuple(_stacks(4, 5))), (2, tuple(_stacks(3, 6))),
                    (3, tuple(_stacks(2, 7))), (4, tuple(_stacks(1, 8)))),
    Method.QIE_ER: ((1, tuple(_stacks(1, 8))), (2, tuple(_stacks(2, 7))),
                    (3, tuple(_stacks(3, 6))), (4, tuple(_stacks(4, 5)))),
    # A stack put on another is taken with it, the moved stack on top.
    Method.LONG_TOU_FENG_WEI: ((1, tuple(_stacks(7, 1))), (2, tuple(_stacks(8, 2))),
                               (3, tuple(_stacks(3, 4))), (4, tuple(_stacks(5, 6)))),
    Method.SHUANG_YI_QI_FEI: ((1, tuple(_stacks(1, 4))), (2, tuple(_stacks(8, 5))),
                              (3, tuple(_stacks(2, 3))), (4, tuple(_stacks(6, 7)))),
    Method.WU_SAN_SHI: ((1, tuple(_stacks(6, 1))), (2, tuple(_stacks(7, 3))),
                        (3, tuple(_stacks(8, 5))), (4, tuple(_stacks(2, 4)))),
}


@dataclass(frozen=True)
class Wall:
    """Eight stacks of four tiles, face down; ``stacks[i][j]`` is stack i+1, layer j+1."""

    stacks: tuple[tuple[Tile, Tile, Tile, Tile], ...]

    @classmethod
    def build(cls, tiles: Sequence[Tile] | str) -> Wall:
        """Stack 32 tiles in order: the first four make stack 1 (top first), and so on."""
        ts = as_tiles(tiles, "wall tiles")
        if len(ts) != 32:
            raise DealError(f"a wall is built from all 32 tiles, not {len(ts)} (RULES §9)")
        check_counts(ts)
        return cls(tuple((ts[i], ts[i + 1], ts[i + 2], ts[i + 3]) for i in range(0, 32, 4)))

    @classmethod
    def shuffled(cls, rng: random.Random | int | None = None) -> Wall:
        """A wall built from a shuffled set."""
        r = rng if isinstance(rng, random.Random) else random.Random(rng)
        tiles = full_set()
        r.shuffle(tiles)
        return cls.build(tiles)

    def at(self, position: Position) -> Tile:
        stack, layer = position
        return self.stacks[stack - 1][layer - 1]


@dataclass(frozen=True)
class Step:
    """One tile taken: by ``seat`` (the ``taker``-th to take) from ``position``."""

    taker: int
    seat: int
    position: Position
    tile: Tile


@dataclass(frozen=True)
class Dealt:
    """The result of dealing a wall: each seat's 8 tiles and every step, in order."""

    method: Method
    dice: tuple[int, int]
    banker: int
    thrower: int
    first_taker: int
    hands: tuple[tuple[Tile, ...], ...]
    steps: tuple[Step, ...]


def _dice(dice: object) -> tuple[int, int]:
    if isinstance(dice, (str, bytes)):
        raise DealError(f"dice must be two die faces such as (3, 5), not {dice!r}")
    try:
        faces = tuple(cast("Iterable[object]", dice))
    except TypeError:
        raise DealError(f"dice must be two die faces such as (3, 5), not {dice!r}") from None
    if len(faces) != 2:
        raise DealError(f"dice must be two die faces such as (3, 5), not {dice!r}")
    out: list[int] = []
    for x in faces:
        if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 6:
            raise DealError(f"a die shows 1 to 6, not {x!r}")
        out.append(x)
    return out[0], out[1]


def first_taker(banker: int, dice: tuple[int, int]) -> int:
    """Who takes first: the player opposite the banker throws; counting counter-clockwise
    from the thrower as 1 (RULES §9).

    >>> first_taker(0, (1, 1)), first_taker(0, (6, 6))   # West throws: 2 → North, 12 → South
    (3, 1)
    """
    a, b = _dice(dice)
    if isinstance(banker, bool) or not isinstance(banker, int) or not 0 <= banker <= 3:
        raise DealError(f"banker must be a seat 0–3, not {banker!r}")
    thrower = (banker + 2) % 4
    return (thrower + a + b - 1) % 4


def deal_wall(wall: Wall, method: Method | str, dice: tuple[int, int], banker: int = 0) -> Dealt:
    """Deal ``wall`` by ``method`` after the thrower's ``dice`` (RULES §9)."""
    if not isinstance(wall, Wall):
        raise DealError(f"deal_wall needs a Wall, not {type(wall).__name__}")
    m = _method(method)
    d = _dice(dice)
    first = first_taker(banker, d)
    hands: list[list[Tile]] = [[], [], [], []]
    steps: list[Step] = []
    for taker, positions in m.takes():
        seat = (first + taker - 1) % 4
        for pos in positions:
            tile = wall.at(pos)
            hands[seat].append(tile)
            steps.append(Step(taker, seat, pos, tile))
    return Dealt(m, d, banker, (banker + 2) % 4, first, tuple(tuple(h) for h in hands), tuple(steps))


def _method(method: Method | str) -> Method:
    if isinstance(method, Method):
        return method
    if isinstance(method, str):
        if method in Method.__members__:
            return Method[method]
        for m in Method:
            if method in (m.value, m.label("zh-Hans")):
                return m
    names = ", ".join(m.value for m in Method)
    raise DealError(f"{method!r} is not a dealing method of RULES §9; use one of {names}")


def throw_dice(rng: random.Random) -> tuple[int, int]:
    """Two dice from ``rng``."""
    return rng.randint(1, 6), rng.randint(1, 6)


def first_banker(throws: Sequence[tuple[int, int] | None]) -> int | None:
    """The seat with the highest of four throws (``None`` for a seat not throwing), or
    ``None`` if the highest total is tied and the tied players throw again (R-S2 names no tie rule; this is tiangow's).

    >>> first_banker([(3, 4), (6, 5), (2, 2), (1, 6)])
    1
    >>> first_banker([(6, 6), (1, 1), (6, 6), (1, 2)]) is None
    True
    """
    if len(throws) != 4:
        raise DealError("first_banker needs four throws, one per seat (None for a seat not throwing)")
    totals = {s: sum(_dice(t)) for s, t in enumerate(throws) if t is not None}
    if not totals:
        raise DealError("first_banker needs at least one throw")
    top = max(totals.values())
    best = [s for s, v in totals.items() if v == top]
    return best[0] if len(best) == 1 else None


def draw_first_banker(rng: random.Random | int | None = None) -> tuple[int, list[list[tuple[int, int] | None]]]:
    """Throw for the first banker, the tied players throwing again until one is highest.
    Returns the banker and every round of throws."""
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    throwing = [0, 1, 2, 3]
    rounds: list[list[tuple[int, int] | None]] = []
    while True:
        throws: list[tuple[int, int] | None] = [throw_dice(r) if s in throwing else None for s in range(4)]
        rounds.append(throws)
        winner = first_banker(throws)
        if winner is not None:
            return winner, rounds
        top = max(sum(t) for t in throws if t is not None)
        throwing = [s for s, t in enumerate(throws) if t is not None and sum(t) == top]


def random_deal(rng: random.Random | int | None = None, banker: int = 0,
                method: Method | str | None = None) -> Dealt:
    """Shuffle, build the wall, choose a method (random if not given), throw and deal."""
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    wall = Wall.shuffled(r)
    m = _method(method) if method is not None else r.choice(list(Method))
    return deal_wall(wall, m, throw_dice(r), banker)
