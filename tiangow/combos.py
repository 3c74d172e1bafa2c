"""Combinations (牌型): the nine classes of play, their ranks, and which play beats which.

Every valid play is one of a few dozen tile multisets, so the tables are built once at
import (one per civil-supreme setting) from the readable lists below and then looked up.

>>> from tiangow import parse_tiles
>>> c = classify(parse_tiles("11 26"))
>>> c, c.kind, c.rank, c.name
(Combination('1-1 2-6'), <Kind.MIXED_PAIR: '文武對'>, 2, '地八')
>>> classify(parse_tiles("66 45")).beats(c)
True
>>> classify(parse_tiles("66 66")).beats(c)   # only the same class can beat (R-C1)
False
>>> classify(parse_tiles("66 44"))
Traceback (most recent call last):
...
tiangow.errors.NotACombination: 天 + 人 is not a play: a civil pair is two identical civil tiles (R-C2)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Final

from . import packed
from .errors import NotACombination
from .i18n import Lang, Text, pick, to_simplified
from .rules import DEFAULT_RULES, Rules
from .tiles import KINDS, Tile, as_tiles, check_counts

__all__ = [
    "Kind",
    "Combination",
    "classify",
    "combinations_in",
    "all_combinations",
    "explain_not_beating",
    "not_beating",
    "why_not_a_combination",
    "too_many",
    "Table",
    "table",
    "table_of",
]


class Kind(enum.Enum):
    """The nine classes of play (RULES §2). Only the same class can beat (R-C1)."""

    CIVIL_SINGLE = "文"
    """A single civil tile."""
    MILITARY_SINGLE = "武"
    """A single military tile; equal ranks are equal (R-T1)."""
    CIVIL_PAIR = "文對"
    """Two identical civil tiles, 雙天 … 雙銅錘."""
    MILITARY_PAIR = "武對"
    """Two military tiles of equal rank: 雜九, 雜八, 雜七, 雜五."""
    MIXED_PAIR = "文武對"
    """A civil tile with its military partner: 天九, 地八, 人七, 和五."""
    SUPREME = "至尊"
    """1-2 with 2-4 (and, with the civil-supreme variant, two 1-5): led only, never beaten,
    beats nothing (R-C4)."""
    CIVIL_TRIPLE = "三文"
    """A civil pair with its partner: 三文天九 … 三文和五."""
    MILITARY_TRIPLE = "三武"
    """A civil tile with both partners: 三武天九 … 三武和五."""
    QUAD = "四文武"
    """A civil pair with both partners: 四天九 … 四和五."""

    @property
    def size(self) -> int:
        """Tiles in a play of this class."""
        return _KIND_SIZE[self]

    @property
    def name_en(self) -> str:
        return _KIND_EN[self]

    def label(self, lang: Lang = "zh-Hant") -> str:
        """The class name in ``lang``.

        >>> Kind.MIXED_PAIR.label("en")
        'civil-military pair'
        """
        return pick(lang, self.value, self.name_en)


_KIND_SIZE: Final = {
    Kind.CIVIL_SINGLE: 1, Kind.MILITARY_SINGLE: 1, Kind.CIVIL_PAIR: 2, Kind.MILITARY_PAIR: 2,
    Kind.MIXED_PAIR: 2, Kind.SUPREME: 2, Kind.CIVIL_TRIPLE: 3, Kind.MILITARY_TRIPLE: 3,
    Kind.QUAD: 4,
}
_KIND_EN: Final = {
    Kind.CIVIL_SINGLE: "civil single", Kind.MILITARY_SINGLE: "military single",
    Kind.CIVIL_PAIR: "civil pair", Kind.MILITARY_PAIR: "military pair",
    Kind.MIXED_PAIR: "civil-military pair", Kind.SUPREME: "supreme",
    Kind.CIVIL_TRIPLE: "civil triple", Kind.MILITARY_TRIPLE: "military triple",
    Kind.QUAD: "quad",
}

# --- the readable source of every play --------------------------------------------------

_T: Final = {t.pips: t for t in KINDS}


def _tiles(*pips: str) -> tuple[Tile, ...]:
    return tuple(_T[(int(p[0]), int(p[1]))] for p in pips)


# Short names used inside pair names (雙長, 雙板凳 …; RULES §2).
_SHORT: Final = {
    "6-6": ("天", "Heaven"), "1-1": ("地", "Earth"), "4-4": ("人", "Man"),
    "1-3": ("和", "Harmony"), "5-5": ("梅", "Plum"), "3-3": ("長", "Long three"),
    "2-2": ("板凳", "Bench"), "5-6": ("斧頭", "Axe"), "4-6": ("紅頭", "Red-head"),
    "1-6": ("高腳", "Long-leg"), "1-5": ("銅錘", "Copper-hammer"),
}

# The four "families" of a civil tile and the military rank that partners it (天九 …).
_PARTNERS: Final = (
    ("66", ("36", "45"), "天九", "Heaven-nine", "九", "nines"),
    ("11", ("26", "35"), "地八", "Earth-eight", "八", "eights"),
    ("44", ("25", "34"), "人七", "Man-seven", "七", "sevens"),
    ("13", ("23", "14"), "和五", "Harmony-five", "五", "fives"),
)


@dataclass(frozen=True)
class _Spec:
    tiles: tuple[Tile, ...]
    kind: Kind
    rank: int
    name: str
    name_en: str


def _specs(civil_supreme: bool) -> list[_Spec]:
    out: list[_Spec] = []
    for t in KINDS:
        kind = Kind.CIVIL_SINGLE if t.is_civil else Kind.MILITARY_SINGLE
        out.append(_Spec((t,), kind, t.rank, t.name, t.name_en))
    rank = 0
    for t in KINDS[:11]:
        if civil_supreme and t.pips == (1, 5):
            continue  # two 1-5 are the civil supreme instead (R-C4)
        rank += 1
        zh, en = _SHORT[t.notation]
        out.append(_Spec((t, t), Kind.CIVIL_PAIR, rank, "雙" + zh, "double " + en))
    for rank, (civil, mil, mixed_zh, mixed_en, mil_zh, mil_en) in enumerate(_PARTNERS, 1):
        c = _T[(int(civil[0]), int(civil[1]))]
        m1, m2 = _tiles(*mil)
        out.append(_Spec((m1, m2), Kind.MILITARY_PAIR, rank, "雜" + mil_zh, "mixed " + mil_en))
        for m in (m1, m2):
            out.append(_Spec((c, m), Kind.MIXED_PAIR, rank, mixed_zh, mixed_en))
            out.append(_Spec((c, c, m), Kind.CIVIL_TRIPLE, rank, "三文" + mixed_zh, "civil triple " + mixed_en))
        out.append(_Spec((c, m1, m2), Kind.MILITARY_TRIPLE, rank, "三武" + mixed_zh, "military triple " + mixed_en))
        out.append(_Spec((c, c, m1, m2), Kind.QUAD, rank, "四" + mixed_zh, "quad " + mixed_en))
    out.append(_Spec(_tiles("24", "12"), Kind.SUPREME, 1, "至尊", "Supreme"))
    if civil_supreme:
        out.append(_Spec(_tiles("15", "15"), Kind.SUPREME, 1, "文至尊", "civil Supreme"))
    return out


class Combination:
    """A valid play: its tiles, class (:class:`Kind`), rank within the class (1 = highest,
    as in the tables of RULES §2) and name. Get one from :func:`classify`.

    Combinations are interned per rule table, so they are cheap to compare and hash.
    """

    __slots__ = (
        "tiles", "kind", "rank", "size", "name", "name_en", "key", "mask", "family", "id",
        "_civil_supreme", "_capture_civil_supreme", "_hash", "__weakref__",
    )

    tiles: tuple[Tile, ...]
    kind: Kind
    rank: int
    size: int
    name: str
    name_en: str
    key: tuple[int, ...]
    mask: int
    family: int
    id: int

    def __init__(self, spec: _Spec, civil_supreme: bool, capture_civil_supreme: bool, id: int) -> None:
        self.tiles = tuple(sorted(spec.tiles, key=lambda t: t.index))
        self.kind = spec.kind
        self.rank = spec.rank
        self.size = len(spec.tiles)
        self.name = spec.name
        self.name_en = spec.name_en
        self.key = tuple(t.index for t in self.tiles)
        self.mask = packed.pack(self.tiles)
        self.family = packed.family_of(self.tiles[0])
        self.id = id  # position in its rule table
        self._civil_supreme = civil_supreme
        self._capture_civil_supreme = capture_civil_supreme
        self._hash = hash((self.key, self.kind.value))

    # -- facts -----------------------------------------------------------------------
    @property
    def is_civil_supreme(self) -> bool:
        """Two 1-5 under the civil-supreme variant (R-C4)."""
        return self.kind is Kind.SUPREME and self.tiles[0].pips == (1, 5)

    @property
    def is_pair_of_long_legs(self) -> bool:
        """Two 1-6: the pair that may capture a civil supreme under 擒尊."""
        return self.kind is Kind.CIVIL_PAIR and self.tiles[0].pips == (1, 6)

    @property
    def name_simplified(self) -> str:
        return to_simplified(self.name)

    def label(self, lang: Lang = "zh-Hant") -> str:
        """The combination's name in ``lang``.

        >>> from tiangow import parse_tiles
        >>> classify(parse_tiles("36 45")).label("en")
        'mixed nines'
        """
        if self.size == 1:
            return self.tiles[0].label(lang)
        return pick(lang, self.name, self.name_en)

    # -- comparison --------------------------------------------------------------------
    def beats(self, other: Combination) -> bool:
        """Whether ``self`` may beat the standing play ``other``: same class, strictly
        higher rank (R-C1, R-C3); a supreme neither beats nor is beaten (R-C4), except
        that under 擒尊 (``capture_civil_supreme``) two 1-6 beat a civil supreme.

        >>> from tiangow import parse_tiles
        >>> nine_a, nine_b = classify(parse_tiles("36")), classify(parse_tiles("45"))
        >>> nine_a.beats(nine_b), nine_b.beats(nine_a)   # equal rank does not beat (R-C3)
        (False, False)
        """
        if not isinstance(other, Combination):
            raise NotACombination(f"beats() compares two combinations, not {type(other).__name__}")
        return can_beat(self, other)

    def __repr__(self) -> str:
        return f"Combination('{' '.join(t.notation for t in self.tiles)}')"

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Combination):
            return NotImplemented
        return self.key == other.key and self.kind is other.kind and self.rank == other.rank

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, tuple[tuple[Tile, ...], bool, bool]]:
        return (_reclassify, (self.tiles, self._civil_supreme, self._capture_civil_supreme))

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.row_svg(self.tiles, caption=self.name)


def _reclassify(tiles: tuple[Tile, ...], civil_supreme: bool, capture: bool) -> Combination:
    return _table(civil_supreme, capture).by_key[tuple(t.index for t in tiles)]


def can_beat(play: Combination, standing: Combination) -> bool:
    """Whether ``play`` may beat ``standing`` (R-C1, R-C3, R-C4; 擒尊 under the variant).
    :func:`explain_not_beating` gives the reason when it may not."""
    if standing.kind is Kind.SUPREME:
        return play._capture_civil_supreme and standing.is_civil_supreme and play.is_pair_of_long_legs
    if play.kind is Kind.SUPREME or play.kind is not standing.kind:
        return False
    return play.rank < standing.rank


def explain_not_beating(play: Combination, standing: Combination) -> str | None:
    """Why ``play`` cannot beat ``standing`` in a learner's words, citing the rule, or
    ``None`` when it can (the English of :func:`not_beating`).

    >>> from tiangow import parse_tiles
    >>> print(explain_not_beating(classify(parse_tiles("44 25")), classify(parse_tiles("11 26"))))
    人七 does not beat 地八: within the civil-military pairs 地八 ranks higher (R-C1)
    """
    why = not_beating(play, standing)
    return None if why is None else why.en


_KIND_PLURAL: Final = {
    Kind.CIVIL_SINGLE: "civil tiles", Kind.MILITARY_SINGLE: "military tiles",
    Kind.CIVIL_PAIR: "civil pairs", Kind.MILITARY_PAIR: "military pairs",
    Kind.MIXED_PAIR: "civil-military pairs", Kind.CIVIL_TRIPLE: "civil triples",
    Kind.MILITARY_TRIPLE: "military triples", Kind.QUAD: "quads", Kind.SUPREME: "supremes",
}


def not_beating(play: Combination, standing: Combination) -> Text | None:
    """Why ``play`` cannot beat ``standing``, in traditional Chinese and English, citing the
    rule (R-C1, R-C3, R-C4), or ``None`` when it can.

    >>> from tiangow import parse_tiles
    >>> print(not_beating(classify("45"), classify("36")).zh)
    九 (4-5)打不過九 (3-6)：兩者一樣大，一樣大的牌先出的贏（R-C3）
    """
    p_zh, s_zh = play.label("zh-Hant"), standing.label("zh-Hant")  # the English names them so too
    if standing.kind is Kind.SUPREME:
        if (play._capture_civil_supreme and standing.is_civil_supreme
                and play.is_pair_of_long_legs):
            return None
        if play.kind is Kind.SUPREME:
            return Text(f"{play.name}不能打在{standing.name}上：至尊只能先出，也沒有牌打得過至尊（R-C4）",
                        f"{play.name} cannot be played on {standing.name}: a supreme is led only, "
                        "and nothing beats a supreme (R-C4)")
        return Text(f"沒有牌打得過{standing.name}：至尊永遠不會被打敗（R-C4）",
                    f"nothing beats {standing.name}: a supreme is never beaten (R-C4)")
    if play.kind is Kind.SUPREME:
        return Text(f"{play.name}打不過任何牌：至尊只能先出（R-C4）",
                    f"{play.name} beats nothing: a supreme can only be led (R-C4)")
    if play.kind is not standing.kind:
        return Text(
            f"{p_zh}打不過{s_zh}：只有同一類的牌才能打（R-C1），{s_zh}是{standing.kind.value}，"
            f"{p_zh}是{play.kind.value}",
            f"{p_zh} cannot beat {s_zh}: only the same class can beat "
            f"(R-C1), and {s_zh} is a {standing.kind.name_en} ({standing.kind.value}) "
            f"while {p_zh} is a {play.kind.name_en} ({play.kind.value})")
    if play.rank == standing.rank:
        return Text(f"{p_zh}打不過{s_zh}：兩者一樣大，一樣大的牌先出的贏（R-C3）",
                    f"{p_zh} does not beat {s_zh}: they rank equal, and of two "
                    "equal plays the first keeps the trick (R-C3)")
    if play.rank > standing.rank:
        return Text(f"{p_zh}打不過{s_zh}：同是{play.kind.value}，{s_zh}比較大（R-C1）",
                    f"{p_zh} does not beat {s_zh}: within the {_KIND_PLURAL[play.kind]} "
                    f"{s_zh} ranks higher (R-C1)")
    return None


# --- tables ------------------------------------------------------------------------------


class Table:
    """All plays under one civil-supreme setting, indexed for lookups."""

    def __init__(self, civil_supreme: bool, capture_civil_supreme: bool) -> None:
        self.plays: tuple[Combination, ...] = tuple(
            Combination(s, civil_supreme, capture_civil_supreme, i)
            for i, s in enumerate(_specs(civil_supreme))
        )
        self.by_key: dict[tuple[int, ...], Combination] = {c.key: c for c in self.plays}
        assert len(self.by_key) == len(self.plays)
        # Every order of every play's tiles → the play, so a tuple of tiles needs no sorting.
        self.by_tiles: dict[tuple[Tile, ...], Combination] = {
            perm: c for c in self.plays for perm in permutations(c.tiles)
        }
        # better[c.id]: the plays that beat play c, best first (R-C1, R-C3, R-C4).
        self.better: tuple[tuple[tuple[int, Combination], ...], ...] = tuple(
            tuple(sorted(((o.mask, o) for o in self.plays if can_beat(o, c)),
                         key=lambda mo: (mo[1].rank, mo[1].key)))
            for c in self.plays
        )
        # better_fields[c.id]: the count fields of every tile of a play that beats c; what a
        # follower may play against c depends only on its holding inside them (cached).
        self.better_fields: tuple[int, ...] = tuple(
            packed.fields(t for _, o in better for t in o.tiles) for better in self.better)
        self._beating: dict[tuple[int, int], list[Combination]] = {}
        # (mask, play) for every play, for listing the plays in a holding.
        self.masks: tuple[tuple[int, Combination], ...] = tuple((c.mask, c) for c in self.plays)
        # Plays of each class, best first, for listing what beats a standing play.
        by_kind: dict[Kind, list[Combination]] = {k: [] for k in Kind}
        for c in self.plays:
            by_kind[c.kind].append(c)
        self.by_kind: dict[Kind, tuple[Combination, ...]] = {
            k: tuple(sorted(v, key=lambda c: (c.rank, c.key))) for k, v in by_kind.items()
        }
        # For each chunk of families, every sub-holding of it → the plays a leader may
        # make from it: all of them (free split), or under Wong's rule (R-C5) only whole
        # families, except 天九's.
        free: list[tuple[int, dict[int, tuple[Combination, ...]]]] = []
        wong: list[tuple[int, dict[int, tuple[Combination, ...]]]] = []
        for chunk, cmask in enumerate(packed.CHUNKS):
            chunk_plays = [c for c in self.plays if c.mask & cmask == c.mask]
            d_free: dict[int, tuple[Combination, ...]] = {}
            d_wong: dict[int, tuple[Combination, ...]] = {}
            for sub in packed.chunk_subholdings(chunk):
                held = tuple(c for c in chunk_plays if packed.contains(sub, c.mask))
                d_free[sub] = held
                d_wong[sub] = tuple(
                    c for c in held
                    if c.family == packed.HEAVEN_NINE or packed.in_family(sub, c.family) == c.mask
                )
            free.append((cmask, d_free))
            wong.append((cmask, d_wong))
        self.leads: tuple[tuple[int, dict[int, tuple[Combination, ...]]], ...] = tuple(free)
        self.leads_wong: tuple[tuple[int, dict[int, tuple[Combination, ...]]], ...] = tuple(wong)

    def beating(self, standing: Combination, holding: int) -> list[Combination]:
        """The plays in ``holding`` (packed) that beat ``standing``, best first (a new list)."""
        key = (standing.id, holding & self.better_fields[standing.id])
        found = self._beating.get(key)
        if found is None:
            if len(self._beating) > 200_000:  # bounded: a long-running server keeps no more
                self._beating.clear()
            found = self._beating[key] = packed.held(key[1], self.better[standing.id])
        return list(found)

    def leader_plays(self, holding_mask: int, free_split: bool) -> tuple[Combination, ...]:
        """Every play a leader holding ``holding_mask`` may lead."""
        (ma, da), (mb, db), (mc, dc) = self.leads if free_split else self.leads_wong
        return da[holding_mask & ma] + db[holding_mask & mb] + dc[holding_mask & mc]


_TABLES: Final[dict[tuple[bool, bool], Table]] = {}


def _table(civil_supreme: bool, capture: bool) -> Table:
    """The table for one civil-supreme setting, built on first use and kept."""
    key = (civil_supreme, capture)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Table(civil_supreme, capture)
    return found


def table(rules: Rules | None) -> Table:
    """The play table for ``rules`` (only the civil-supreme settings change it)."""
    r = DEFAULT_RULES if rules is None else rules
    return _table(r.civil_supreme, r.capture_civil_supreme)


def table_of(play: Combination) -> Table:
    """The table ``play`` belongs to (its civil-supreme settings)."""
    return _table(play._civil_supreme, play._capture_civil_supreme)


_table(False, False)  # the default rules' table, built at import


def _check_rules(rules: object) -> Rules | None:
    if rules is None or isinstance(rules, Rules):
        return rules
    from .errors import RulesError

    raise RulesError(f"rules must be a tiangow.Rules, not {type(rules).__name__}")


def classify(tiles: Iterable[Tile] | str, rules: Rules | None = None) -> Combination:
    """The combination that ``tiles`` (1–4 tiles, or text) form, or :class:`NotACombination`
    saying why not (R-C2).

    >>> classify("12 24").kind
    <Kind.SUPREME: '至尊'>
    >>> classify("15 15").kind, classify("15 15", Rules(civil_supreme=True)).kind
    (<Kind.CIVIL_PAIR: '文對'>, <Kind.SUPREME: '至尊'>)
    """
    rules = _check_rules(rules)
    ts = as_tiles(tiles)
    key = tuple(sorted(t.index for t in ts))
    found = table(rules).by_key.get(key)
    if found is None:
        raise NotACombination(why_not_a_combination(ts).en)
    return found


def _join(ts: Sequence[Tile]) -> str:
    return " + ".join(t.full_name for t in ts)


_PARTNER: Final = {0: ("九（天九）", "a nine (天九)"), 1: ("八（地八）", "an eight (地八)"),
                   2: ("七（人七）", "a seven (人七)"), 3: ("五（和五）", "a five (和五)")}


def why_not_a_combination(tiles: Sequence[Tile]) -> Text:
    """Why ``tiles`` make no play (R-C2, or R-P2 for a count outside 1–4), in traditional
    Chinese and English.

    >>> print(why_not_a_combination(as_tiles("66 44")).zh)
    天 + 人不是牌型：文對是兩張相同的文牌（R-C2）
    """
    ts = list(tiles)
    n = len(ts)
    if n == 0:
        return Text("沒有牌不算出牌：一次出一至四張（R-P2）",
                    "no tiles is not a play: a play has 1 to 4 tiles (R-P2)")
    if n > 4:
        return Text(f"{n}張不是牌型：一次出一至四張（R-P2）",
                    f"{n} tiles is not a play: a play has 1 to 4 tiles (R-P2)")
    over = too_many(ts)
    if over is not None:
        return Text(f"{_join(ts)}不是牌型：{over.zh}", f"{_join(ts)} is not a play: {over.en}")
    ordered = sorted(ts, key=lambda t: t.index)
    shown = _join(ordered)
    if n == 2:
        a, b = ordered
        if a.is_civil and b.is_civil:
            return Text(f"{shown}不是牌型：文對是兩張相同的文牌（R-C2）",
                        f"{shown} is not a play: a civil pair is two identical civil tiles (R-C2)")
        if a.is_civil:
            if a.index in _PARTNER:
                zh, en = _PARTNER[a.index]
                return Text(f"{shown}不是牌型：{a.name}只跟{zh}配對（R-C2）",
                            f"{shown} is not a play: {a.name} pairs only with {en} (R-C2)")
            return Text(f"{shown}不是牌型：{a.name}只跟另一張{a.name}成對（R-C2）",
                        f"{shown} is not a play: {a.name} pairs only with another {a.name} (R-C2)")
        return Text(f"{shown}不是牌型：兩張武牌只有點數一樣大（雜九、雜八、雜七、雜五）"
                    "或一二配二四（至尊）才成對（R-C2）",
                    f"{shown} is not a play: two military tiles pair only when they rank equal "
                    "(雜九, 雜八, 雜七, 雜五) or as 1-2 with 2-4, the supreme (R-C2)")
    if n == 1:  # every single tile is a play; unreachable
        return Text(f"{shown}不是牌型（R-C2）", f"{shown} is not a play (R-C2)")
    return Text(f"{shown}不是牌型：三張或四張只能是天九、地八、人七或和五的三文、三武或四文武（R-C2）",
                f"{shown} is not a play: three or four tiles play only as a triple or quad of "
                "天九, 地八, 人七 or 和五 (R-C2)")


def too_many(tiles: Iterable[Tile]) -> Text | None:
    """Why ``tiles`` cannot all come from one set (more copies of a kind than it has;
    RULES §1), or ``None`` when they can.

    >>> print(too_many([Tile("66")] * 3).zh)
    天（6-6）出現3次，但一副牌只有2張（RULES §1：文牌成對，武牌各一張）
    """
    for tile, n in Counter(tiles).items():
        if n > tile.copies:
            have = "two" if tile.copies == 2 else "one"
            return Text(f"{tile.name}（{tile.notation}）出現{n}次，但一副牌只有{tile.copies}張"
                        "（RULES §1：文牌成對，武牌各一張）",
                        f"{tile.name} ({tile.notation}) appears {n} times, but a set has only "
                        f"{have} (RULES §1: civil tiles come in identical pairs, military tiles singly)")
    return None


def combinations_in(holding: Iterable[Tile] | str, rules: Rules | None = None) -> list[Combination]:
    """Every distinct combination that can be taken from ``holding``: singles, then pairs,
    then each family's combinations (雜九, 天九, 三文天九 …), then supremes.

    Two civil tiles of a kind give one 雙 pair; two different nines with one 天 give two
    distinct 天九 plays (their tiles differ), as the leader may choose either.

    >>> [c.name for c in combinations_in("66 36 45 12")]
    ['天', '九', '九', '丁三', '雜九', '天九', '天九', '三武天九']
    """
    rules = _check_rules(rules)
    ts = as_tiles(holding, "holding")
    check_counts(ts)
    held = packed.pack(ts)
    return [c for m, c in table(rules).masks if packed.contains(held, m)]


def all_combinations(rules: Rules | None = None) -> tuple[Combination, ...]:
    """Every valid play under ``rules``, in table order (singles, pairs …, supremes)."""
    return table(_check_rules(rules)).plays


def counts(tiles: Iterable[Tile]) -> Counter[Tile]:
    """A Counter of tiles (kept here so callers need not import collections)."""
    return Counter(tiles)
