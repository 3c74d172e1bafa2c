"""A holding packed into one int: how the engine and the search count tiles.

Each of the 21 kinds of tile has a 3-bit field holding its count (0–2; civil kinds come in
pairs). Fields are laid out family by family (天 36 45 | 地 26 35 | 人 25 34 | 和 23 14 | 梅 |
長 | 板凳 | 斧頭 | 紅頭 | 高腳 | 銅錘 | 24 12), so every combination lies inside one family
(R-C5) and the plays a leader holds can be read from three chunks of families.

Packed holdings add and subtract as ints: ``pack(a) + pack(b) == pack(a + b)``, and taking
``part`` out of ``holding`` is ``holding - part`` once :func:`contains` says it is there.
This module is the only place that knows the layout.

>>> from tiangow import parse_tiles
>>> h = pack(parse_tiles("66 66 36 12"))
>>> unpack(h), size(h), count(h, parse_tiles("66")[0])
((Tile('6-6'), Tile('6-6'), Tile('3-6'), Tile('1-2')), 4, 2)
>>> contains(h, pack(parse_tiles("66 36"))), contains(h, pack(parse_tiles("11")))
(True, False)
>>> [unpack(s) for s in subsets(pack(parse_tiles("66 66 36")), 2)]
[(Tile('6-6'), Tile('3-6')), (Tile('6-6'), Tile('6-6'))]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from typing import Final, TypeVar

from .tiles import KINDS, Tile

T = TypeVar("T")

__all__ = [
    "EMPTY", "BY_FIELD", "FAMILIES", "HEAVEN_NINE", "CHUNKS", "pack", "unpack", "one", "contains", "held", "count",
    "size", "subsets", "family_of", "field_of", "in_family", "fields", "every_copy", "chunk_subholdings", "excess",
]

# Field order: the kinds (tile indices) family by family (see the module's docstring).
_LAYOUT: Final = (0, 11, 12, 1, 13, 14, 2, 15, 16, 3, 18, 19, 4, 5, 6, 7, 8, 9, 10, 17, 20)
_SHIFT: Final = tuple(3 * _LAYOUT.index(k) for k in range(len(KINDS)))
_ONE: Final = tuple(1 << s for s in _SHIFT)
_GUARD: Final = sum(4 << (3 * f) for f in range(len(KINDS)))  # the top bit of every field
_LOW: Final = sum(_ONE)  # the low bit of every field
_BY_FIELD: Final = tuple(KINDS[k] for k in _LAYOUT)
BY_FIELD: Final = _BY_FIELD
"""The kind of tile of each count field, in layout order."""

EMPTY: Final = 0

# Slot ranges of the three chunks: 天九 地八 人七 | 和五 梅 長 板 | the rest.
_CHUNK_SLOTS: Final = ((0, 9), (9, 15), (15, 21))
CHUNKS: Final = tuple(sum(7 << (3 * s) for s in range(a, b)) for a, b in _CHUNK_SLOTS)
"""The fields of each chunk of families, as masks: every combination lies inside one."""


def field_of(tile: Tile) -> int:
    """The place of ``tile``'s count field in the layout (0–20)."""
    return _SHIFT[tile.index] // 3


def one(tile: Tile) -> int:
    """One copy of ``tile``, packed."""
    return _ONE[tile.index]


def pack(tiles: Iterable[Tile]) -> int:
    """The tiles, packed."""
    packed = 0
    for t in tiles:
        packed += _ONE[t.index]
    return packed


@lru_cache(maxsize=1 << 16)
def unpack(packed: int) -> tuple[Tile, ...]:
    """The tiles of a packed holding, in canonical order."""
    out: list[Tile] = []
    for t in KINDS:
        out.extend((t,) * ((packed >> _SHIFT[t.index]) & 7))
    return tuple(out)


def contains(holding: int, part: int) -> bool:
    """Whether ``holding`` holds every tile of ``part`` (both packed): no field of
    ``holding - part`` borrows."""
    return ((holding | _GUARD) - part) & _GUARD == _GUARD


def excess(a: int, b: int) -> int:
    """What ``a`` holds beyond ``b``, kind by kind (none of a kind where ``b`` holds as many or more).

    >>> from tiangow import parse_tiles
    >>> unpack(excess(pack(parse_tiles("66 66 11")), pack(parse_tiles("66 44"))))
    (Tile('6-6'), Tile('1-1'))
    """
    r = (a | _GUARD) - b
    return r & ((r & _GUARD) >> 2) * 3


def held(holding: int, options: Iterable[tuple[int, T]]) -> list[T]:
    """The items of ``options`` (``(packed tiles, item)`` pairs) whose tiles ``holding`` holds,
    in order: :func:`contains` over a list, in one call (the engine's hot path)."""
    h = holding | _GUARD
    return [item for part, item in options if (h - part) & _GUARD == _GUARD]


def count(packed: int, tile: Tile) -> int:
    """How many copies of ``tile`` a packed holding has."""
    return (packed >> _SHIFT[tile.index]) & 7


def size(packed: int) -> int:
    """How many tiles a packed holding has."""
    return (packed & _LOW).bit_count() + 2 * (packed & (_LOW << 1)).bit_count()


# ``(one copy, count)`` for each kind held in each 9-bit slice (three fields) of a holding.
_SLICES: Final = tuple(
    tuple(tuple((1 << (3 * f), (v >> (3 * (f - 3 * c))) & 7) for f in range(3 * c, 3 * c + 3)
                if (v >> (3 * (f - 3 * c))) & 7)
          for v in range(512))
    for c in range(len(_LAYOUT) // 3))


def _kinds(packed: int) -> tuple[tuple[int, int], ...]:
    """``(one copy, count)`` for each kind held, strongest field first."""
    s = _SLICES
    return (s[0][packed & 511] + s[1][(packed >> 9) & 511] + s[2][(packed >> 18) & 511]
            + s[3][(packed >> 27) & 511] + s[4][(packed >> 36) & 511] + s[5][(packed >> 45) & 511]
            + s[6][(packed >> 54) & 511])


@lru_cache(maxsize=1 << 18)
def subsets(packed: int, k: int) -> tuple[int, ...]:
    """Every distinct set of ``k`` tiles of a packed holding, packed, the weakest tiles first
    (the layout ends with the weakest families)."""
    kinds = _kinds(packed)[::-1]
    if k == 1:
        return tuple(bit for bit, _ in kinds)
    # Combinations of the tiles, weakest first, in lexicographic order: the first of equal
    # sums takes as many of the weakest kinds as it can, so dropping repeats keeps that order.
    tiles = [bit for bit, n in kinds for _ in range(n)]
    return tuple(dict.fromkeys(map(sum, combinations(tiles, k))))


def fields(tiles: Iterable[Tile]) -> int:
    """The count fields of the kinds of ``tiles``: ``packed & fields(ts)`` keeps only those kinds."""
    mask = 0
    for t in set(tiles):
        mask |= 7 << _SHIFT[t.index]
    return mask


def every_copy(tiles: Iterable[Tile]) -> int:
    """Every copy of each kind among ``tiles``, packed (two of a civil kind, one military)."""
    return sum(t.copies * _ONE[t.index] for t in set(tiles))


def chunk_subholdings(chunk: int) -> list[int]:
    """Every holding of tiles of the chunk ``chunk`` (an index into :data:`CHUNKS`) that one
    set of tiles allows, packed."""
    lo, hi = _CHUNK_SLOTS[chunk]
    subs = [0]
    for slot in range(lo, hi):
        subs = [sub + (n << (3 * slot)) for sub in subs for n in range(_BY_FIELD[slot].copies + 1)]
    return subs


# -- families: the tiles a combination can be taken from together (R-C5) ---------------
def _families() -> tuple[tuple[Tile, ...], ...]:
    index = {t.pips: t for t in KINDS}

    def ts(*pips: str) -> tuple[Tile, ...]:
        return tuple(index[(int(p[0]), int(p[1]))] for p in pips)

    return (ts("66", "36", "45"), ts("11", "26", "35"), ts("44", "25", "34"), ts("13", "23", "14"),
            *((t,) for t in KINDS[4:11]), ts("24", "12"))


FAMILIES: Final = _families()
"""The families, in layout order: 天 with the nines, 地 with the eights, 人 with the sevens,
和 with the fives, each other civil kind alone, and 24 with 12 (the supreme)."""
HEAVEN_NINE: Final = 0
"""The family of 天 and the nines: under Wong's rule the only one a leader may split (R-C5)."""
_FAMILY_FIELDS: Final = tuple(fields(f) for f in FAMILIES)
_FAMILY_OF: Final = {t.index: i for i, f in enumerate(FAMILIES) for t in f}


def family_of(tile: Tile) -> int:
    """The family of ``tile`` (an index into :data:`FAMILIES`)."""
    return _FAMILY_OF[tile.index]


def in_family(packed: int, family: int) -> int:
    """The part of a packed holding in ``family``."""
    return packed & _FAMILY_FIELDS[family]
