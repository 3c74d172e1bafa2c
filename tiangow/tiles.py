"""The 32 tiles of Tien Gow: 21 kinds, 11 civil (文) in identical pairs and 10 military (武).

A :class:`Tile` is a tile *kind*, identified by its pips; the two copies of a civil kind
are the same value, so hands are kept as sorted tuples (never sets) and the full set is a
list of 32 with every civil kind twice (RULES §1).

>>> t = Tile("66")
>>> t, t.name, t.name_en, t.is_civil, t.rank, t.red_pips
(Tile('6-6'), '天', 'Heaven', True, 1, 6)
>>> Tile("63") is Tile("3-6") is Tile.from_pips(6, 3)
True
>>> parse_tiles("天 地, 63 4-5 大頭六")
[Tile('6-6'), Tile('1-1'), Tile('3-6'), Tile('4-5'), Tile('2-4')]
>>> len(full_set()), len(set(full_set()))
(32, 21)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import ClassVar, Final, Self, cast

from .errors import TileError
from .i18n import Lang, pick, to_simplified

__all__ = [
    "Tile",
    "parse_tiles",
    "full_set",
    "KINDS",
    "CIVIL_KINDS",
    "MILITARY_KINDS",
    "sort_tiles",
    "format_tiles",
    "Holding",
]

# One row per kind, civil by rank then military by rank (this is also the kind index order).
# (pips, civil, rank, name, English name, aliases, Pai Gow points, group)
_KIND_TABLE: Final = (
    ((6, 6), True, 1, "天", "Heaven", ("天牌",), 12, "四大"),
    ((1, 1), True, 2, "地", "Earth", ("地牌",), 2, "四大"),
    ((4, 4), True, 3, "人", "Man", ("人牌",), 8, "四大"),
    ((1, 3), True, 4, "和", "Harmony", ("鵝", "爺", "合", "和牌", "鵝牌"), 4, "四大"),
    ((5, 5), True, 5, "梅", "Plum blossom", ("梅花", "梅牌"), 10, "四素"),
    ((3, 3), True, 6, "長三", "Long three", ("長衫", "長牌", "長"), 6, "四素"),
    ((2, 2), True, 7, "板凳", "Bench", ("板",), 4, "四素"),
    ((5, 6), True, 8, "斧頭", "Axe", ("虎頭", "斧"), 11, "四素"),
    ((4, 6), True, 9, "紅頭十", "Red-head ten", ("紅頭", "屏風"), 10, "三雜"),
    ((1, 6), True, 10, "高腳七", "Long-leg seven", ("高腳",), 7, "三雜"),
    ((1, 5), True, 11, "銅錘六", "Copper-hammer six", ("伶冧六", "銅錘", "零霖六", "玲瓏六", "拎冧六"), 6, "三雜"),
    ((3, 6), False, 1, "九", "Nine", (), 9, ""),
    ((4, 5), False, 1, "九", "Nine", (), 9, ""),
    ((2, 6), False, 2, "八", "Eight", (), 8, ""),
    ((3, 5), False, 2, "八", "Eight", (), 8, ""),
    ((2, 5), False, 3, "七", "Seven", (), 7, ""),
    ((3, 4), False, 3, "七", "Seven", (), 7, ""),
    ((2, 4), False, 4, "大頭六", "Big-head six", ("六", "二四", "大雞", "大雞六", "大么", "雜六"), 6, ""),
    ((2, 3), False, 5, "五", "Five", (), 5, ""),
    ((1, 4), False, 5, "五", "Five", (), 5, ""),
    ((1, 2), False, 6, "丁三", "Little three", ("三", "細雞", "三雞", "山雞", "細么", "么雞", "雜三"), 3, ""),
)

# Names shared by two military tiles of equal rank (R-T1): they cannot name one tile.
_AMBIGUOUS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    name: tuple(row[0] for row in _KIND_TABLE if row[3] == base)
    for base in ("九", "八", "七", "五")
    for name in (base, "雜" + base, "紮" + base, "武" + base)
}


class Tile:
    """One kind of tile, named by its pips ``(low, high)``; ``Tile("6-6")`` is 天.

    Construction interns: there are exactly 21 tile objects, so ``is`` and ``==`` agree.
    Accepts the notation of :func:`parse_tiles` for a single tile.

    >>> Tile("天") == Tile("6-6")
    True
    >>> Tile("12").name, Tile("1-2").is_civil, Tile("12").rank
    ('丁三', False, 6)
    """

    __slots__ = (
        "pips", "index", "is_civil", "rank", "name", "name_en", "aliases", "points",
        "group", "red_pips", "copies", "__weakref__",
    )

    pips: tuple[int, int]
    index: int
    is_civil: bool
    rank: int
    name: str
    name_en: str
    aliases: tuple[str, ...]
    points: int
    group: str
    red_pips: int
    copies: int

    _by_pips: ClassVar[dict[tuple[int, int], Tile]] = {}

    def __new__(cls, text: str) -> Self:
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise TileError(f"a tile is written as text such as '66' or '天', not {type(text).__name__} {text!r}")
        return _parse_token(text.strip())  # type: ignore[return-value]

    @classmethod
    def from_pips(cls, a: int, b: int) -> Tile:
        """The tile with die faces ``a`` and ``b`` (in either order).

        >>> Tile.from_pips(6, 5).name
        '斧頭'
        """
        for x in (a, b):
            if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 6:
                raise TileError(f"a tile's pips are die faces 1–6, not {x!r} (RULES §1)")
        # Each of the 21 pairs of die faces is exactly one kind.
        return cls._by_pips[(a, b) if a <= b else (b, a)]

    # -- derived facts -------------------------------------------------------------
    @property
    def is_military(self) -> bool:
        """True for the 10 military (武) tiles."""
        return not self.is_civil

    @property
    def notation(self) -> str:
        """The pip notation ``"low-high"``, as in ``data-tile`` attributes."""
        return f"{self.pips[0]}-{self.pips[1]}"

    @property
    def white_pips(self) -> int:
        """Pips drawn white (R-T2)."""
        return self.pips[0] + self.pips[1] - self.red_pips

    @property
    def pip_total(self) -> int:
        """The sum of the two faces."""
        return self.pips[0] + self.pips[1]

    @property
    def name_simplified(self) -> str:
        """The name in simplified Chinese."""
        return to_simplified(self.name)

    @property
    def full_name(self) -> str:
        """The name with the pips where two military tiles share it: ``'九 (3-6)'``."""
        if not self.is_civil and self.name in _AMBIGUOUS:
            return f"{self.name} ({self.notation})"
        return self.name

    def label(self, lang: Lang = "zh-Hant", pips: bool = False) -> str:
        """The tile's name in ``lang``; with ``pips`` (or for an equal-rank military tile
        in English) the pips are added so the name names this tile only.

        >>> Tile("45").label("en"), Tile("66").label("zh-Hans", pips=True)
        ('Nine (4-5)', '天 6-6')
        """
        zh = self.name
        en = self.name_en
        if pips:
            return f"{pick(lang, zh, en)} {self.notation}"
        if not self.is_civil and self.name in _AMBIGUOUS:
            return pick(lang, self.full_name, f"{en} ({self.notation})")
        return pick(lang, zh, en)

    def caption(self, lang: Lang = "zh-Hant") -> str:
        """The name to print under a drawn tile: in English the Chinese name comes first,
        since the Chinese names are what a learner must know.

        >>> Tile("66").caption("en"), Tile("36").caption("en"), Tile("33").caption("zh-Hans")
        ('天 Heaven', '九 Nine (3-6)', '长三')
        """
        if lang == "en":
            return f"{self.name} {self.label('en')}"
        return self.label(lang)

    def __repr__(self) -> str:
        return f"Tile('{self.notation}')"

    def __str__(self) -> str:
        return self.notation

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Tile.from_pips, self.pips)

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.tile_svg(self)


def _make_kinds() -> tuple[Tile, ...]:
    kinds = []
    for index, (pips, civil, rank, name, en, aliases, points, group) in enumerate(_KIND_TABLE):
        t = object.__new__(Tile)
        t.pips = pips
        t.index = index
        t.is_civil = civil
        t.rank = rank
        t.name = name
        t.name_en = en
        t.aliases = aliases
        t.points = points
        t.group = group
        # R-T2: every 1 and 4 is red; on 6-6 each half has three red pips.
        t.red_pips = 6 if pips == (6, 6) else sum(f for f in pips if f in (1, 4))
        t.copies = 2 if civil else 1
        Tile._by_pips[pips] = t
        kinds.append(t)
    return tuple(kinds)


KINDS: Final[tuple[Tile, ...]] = _make_kinds()
"""The 21 tile kinds: civil by rank (天 … 銅錘六), then military by rank (九 … 丁三)."""
CIVIL_KINDS: Final[tuple[Tile, ...]] = KINDS[:11]
MILITARY_KINDS: Final[tuple[Tile, ...]] = KINDS[11:]

_BY_NAME: Final[dict[str, Tile]] = {}
for _t in KINDS:
    for _n in (_t.name, *_t.aliases):
        if _n not in _AMBIGUOUS:
            _BY_NAME[_n] = _t
            _BY_NAME[to_simplified(_n)] = _t

_PIPS_RE: Final = re.compile(r"^([0-9])\s*[-:/]?\s*([0-9])$")
_SPLIT_RE: Final = re.compile(r"[\s,，、;；+]+")


def _parse_token(token: str) -> Tile:
    m = _PIPS_RE.match(token)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        if not (1 <= a <= 6 and 1 <= b <= 6):
            raise TileError(f"{token!r} is not a tile: each half shows a die face from 1 to 6 (RULES §1)")
        return Tile.from_pips(a, b)
    if token in _BY_NAME:
        return _BY_NAME[token]
    trad = token
    for name, pips in _AMBIGUOUS.items():
        if token in (name, to_simplified(name)):
            options = " or ".join(f"{p[0]}{p[1]}" for p in pips)
            raise TileError(
                f"{trad!r} names two tiles of equal rank (R-T1); write the pips: {options}"
            )
    if not token:
        raise TileError("an empty token is not a tile: write pips such as '66' or a name such as '天'")
    raise TileError(
        f"{token!r} is not a tile: write two die faces such as '66', '6-6' or '36', "
        "or a Chinese name such as 天, 地, 人, 和, 梅, 長三, 板凳, 斧頭, 紅頭十, 高腳七, 銅錘六, 大頭六, 丁三"
    )


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles from text: pip pairs (``"66 66 36"``, ``"6-6, 3-6"``; digit order free)
    and Chinese names where they name one tile (天, 地, 人, 長三, 大頭六 …), separated by
    spaces or commas. A set holds two of each civil tile and one of each military tile,
    so asking for more raises :class:`TileError`.

    >>> parse_tiles("66 66 36")
    [Tile('6-6'), Tile('6-6'), Tile('3-6')]
    >>> parse_tiles("")
    []
    >>> parse_tiles("77")
    Traceback (most recent call last):
    ...
    tiangow.errors.TileError: '77' is not a tile: each half shows a die face from 1 to 6 (RULES §1)
    >>> parse_tiles("九")
    Traceback (most recent call last):
    ...
    tiangow.errors.TileError: '九' names two tiles of equal rank (R-T1); write the pips: 36 or 45
    """
    if not isinstance(text, str):
        raise TileError(f"parse_tiles reads text such as '66 36', not {type(text).__name__}")
    tiles = [_parse_token(tok) for tok in _SPLIT_RE.split(text.strip()) if tok]
    check_counts(tiles)
    return tiles


def check_counts(tiles: Iterable[Tile]) -> None:
    """Raise :class:`TileError` if ``tiles`` holds more copies of a kind than a set has."""
    for tile, n in Counter(tiles).items():
        if n > tile.copies:
            have = "two" if tile.copies == 2 else "one"
            raise TileError(
                f"{tile.name} ({tile.notation}) appears {n} times, but a set has only "
                f"{have} (RULES §1: civil tiles come in identical pairs, military tiles singly)"
            )


def as_tiles(tiles: object, what: str = "tiles") -> tuple[Tile, ...]:
    """Accept text or an iterable of :class:`Tile` and return a tuple of tiles.

    Anything else raises :class:`TileError` naming what was wrong (never AttributeError).
    """
    if type(tiles) is tuple:  # the common case: a move's tiles
        for x in tiles:
            if type(x) is not Tile:
                break
        else:
            return tiles
    if isinstance(tiles, str):
        return tuple(parse_tiles(tiles))
    if isinstance(tiles, Tile):
        return (tiles,)
    try:
        items: tuple[object, ...] = tuple(cast("Iterable[object]", tiles))
    except TypeError:
        raise TileError(f"{what} must be tiles or text such as '66 36', not {type(tiles).__name__}") from None
    for x in items:
        if type(x) is not Tile:
            raise TileError(f"{what} must all be tiles; got {type(x).__name__} {x!r}")
    return cast("tuple[Tile, ...]", items)


class Holding(tuple[Tile, ...]):
    """A player's tiles: a tuple that draws itself in a notebook.

    >>> h = Holding(parse_tiles("66 36"))
    >>> h == (Tile("66"), Tile("36")), 'data-tile="3-6"' in h._repr_svg_()
    (True, True)
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Holding({format_tiles(self)!r})"

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.row_svg(self, names=True)


def full_set() -> list[Tile]:
    """The 32 tiles of a set, civil kinds twice: 天 天 地 地 … 丁三.

    >>> tiles = full_set()
    >>> len(tiles), sum(t.is_civil for t in tiles)
    (32, 22)
    """
    return [t for t in KINDS for _ in range(t.copies)]


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in the canonical order: civil by rank, then military by rank."""
    return tuple(sorted(tiles, key=_index))


def _index(t: Tile) -> int:
    return t.index


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Pip notation for several tiles: ``'6-6 3-6'``."""
    return " ".join(t.notation for t in tiles)
