"""Pai Gow (推牌九, RULES §11, seed 003): the other game of the same 32 tiles.

Each player gets four tiles and sets them as two hands of two: the lower in **front**, the
higher **behind**. Each hand meets the banker's hand in the same place; winning both wins,
losing both loses, one each is a push. A two-tile hand ranks (high to low):

1. 至尊 — 1-2 with 2-4;
2. the civil pairs 雙天 … 雙銅錘, then the military pairs 雜九, 雜八, 雜七, 雜五;
3. 天王 / 地王 (天 or 地 with a nine), 天槓 / 地槓 (with any eight: 人, 2-6, 3-5),
   天高九 / 地高九 (with any seven: 高腳七, 2-5, 3-4);
4. everything else by the last digit of its points (RULES §1's Pai Gow points); equal digits
   go to the hand whose higher tile ranks higher in 天 地 人 和 梅 長 板 斧 紅頭 高腳 銅錘 九 八
   七 六 五 三; a complete tie goes to the banker. The 1-2 and the 2-4 each count as 3 or 6,
   whichever is better (the modern casino rule the seed describes).

>>> from tiangow import parse_tiles
>>> hand(parse_tiles("66 36")).name, hand(parse_tiles("13 23")).points
('天王', 9)
>>> compare(parse_tiles("22 56"), parse_tiles("15 45"))   # both 5 points; 板凳 outranks 銅錘
1
>>> compare(parse_tiles("22 56"), parse_tiles("56 22"))   # a complete tie goes to the banker
-1
>>> for s in splits(parse_tiles("22 15 56 45")):  # the seed's example: 板凳 零霖六 斧頭 雜九
...     print(s, "·", s.front.points, s.back.points)
斧頭 九 (4-5) | 板凳 銅錘六 · 0 0
銅錘六 九 (4-5) | 板凳 斧頭 · 5 5
板凳 九 (4-5) | 斧頭 銅錘六 · 3 7
"""

from __future__ import annotations

import enum
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from .errors import TiangowError
from .i18n import Lang, T, Text, pick
from .tiles import KINDS, Tile, as_tiles, check_counts, full_set

__all__ = ["PaiGowError", "HandClass", "Hand", "Split", "SplitValue", "hand", "compare", "splits", "result",
           "house_way", "rule_of_thumb", "rule_of_thumb_record", "split_values", "best_split", "RANK_ORDER",
           "ranked_hands"]


class PaiGowError(TiangowError):
    """Tiles that cannot make a Pai Gow hand or holding (RULES §11)."""


class HandClass(enum.Enum):
    """The classes of a two-tile hand, high to low (RULES §11)."""

    SUPREME = "至尊"
    CIVIL_PAIR = "文對"
    MILITARY_PAIR = "武對"
    HEAVEN_KING = "天王"
    EARTH_KING = "地王"
    HEAVEN_BAR = "天槓"
    EARTH_BAR = "地槓"
    HEAVEN_HIGH_NINE = "天高九"
    EARTH_HIGH_NINE = "地高九"
    POINTS = "點數"

    @property
    def name_en(self) -> str:
        return _CLASS_EN[self]

    def label(self, lang: Lang = "zh-Hant") -> str:
        return pick(lang, self.value, self.name_en)


_CLASS_EN: Final = {
    HandClass.SUPREME: "supreme", HandClass.CIVIL_PAIR: "civil pair", HandClass.MILITARY_PAIR: "military pair",
    HandClass.HEAVEN_KING: "Heaven king", HandClass.EARTH_KING: "Earth king", HandClass.HEAVEN_BAR: "Heaven bar",
    HandClass.EARTH_BAR: "Earth bar", HandClass.HEAVEN_HIGH_NINE: "Heaven high nine",
    HandClass.EARTH_HIGH_NINE: "Earth high nine", HandClass.POINTS: "points",
}

_T: Final = {t.pips: t for t in KINDS}
_HEAVEN, _EARTH = _T[(6, 6)], _T[(1, 1)]
_WILD: Final = (_T[(1, 2)], _T[(2, 4)])

RANK_ORDER: Final[tuple[Tile, ...]] = tuple(sorted(KINDS, key=lambda t: (not t.is_civil, t.rank, t.index)))
"""The order that breaks equal points: 天 地 人 和 梅 長 板 斧 紅頭 高腳 銅錘, then 九 八 七 六 五 三."""
_ORDER: Final = {t: (0 if t.is_civil else 11) + t.rank - 1 for t in KINDS}  # 0 (天) … 16 (三); equal ranks equal


def _order_index(t: Tile) -> int:
    return _ORDER[t]


_SPECIAL: Final = (  # (class, the civil tile, the points of its partner)
    (HandClass.HEAVEN_KING, _HEAVEN, 9), (HandClass.EARTH_KING, _EARTH, 9),
    (HandClass.HEAVEN_BAR, _HEAVEN, 8), (HandClass.EARTH_BAR, _EARTH, 8),
    (HandClass.HEAVEN_HIGH_NINE, _HEAVEN, 7), (HandClass.EARTH_HIGH_NINE, _EARTH, 7),
)
_SPECIAL_EN: Final = {
    HandClass.HEAVEN_KING: "Heaven king", HandClass.EARTH_KING: "Earth king", HandClass.HEAVEN_BAR: "Heaven bar",
    HandClass.EARTH_BAR: "Earth bar", HandClass.HEAVEN_HIGH_NINE: "Heaven high nine",
    HandClass.EARTH_HIGH_NINE: "Earth high nine",
}


@dataclass(frozen=True)
class Hand:
    """A two-tile hand: its class, points, the tile that breaks ties, and ``strength`` — an
    integer that orders all hands (higher wins; equal strength goes to the banker)."""

    tiles: tuple[Tile, Tile]
    cls: HandClass
    points: int
    """The last digit of the points (the 1-2 and 2-4 counted as 3 or 6, whichever is better)."""
    high: Tile
    """The higher-ranked tile in the tie-break order (RANK_ORDER)."""
    strength: int
    name: str
    name_en: str

    def label(self, lang: Lang = "zh-Hant") -> str:
        return pick(lang, self.name, self.name_en)

    def text(self) -> Text:
        return T(self.name, self.name_en)

    def __str__(self) -> str:
        return self.name

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.row_svg(self.tiles, caption=self.name)


def _points(a: Tile, b: Tile) -> int:
    options_a = (3, 6) if a in _WILD else (a.points,)
    options_b = (3, 6) if b in _WILD else (b.points,)
    return max((x + y) % 10 for x in options_a for y in options_b)


def _build(a: Tile, b: Tile) -> Hand:
    a, b = sorted((a, b), key=_order_index)  # a: the higher-ranked tile
    tiles = (a, b)
    if {a, b} == set(_WILD):
        return Hand(tiles, HandClass.SUPREME, _points(a, b), a, 10_000, "至尊", "supreme")
    if a is b or (not a.is_civil and not b.is_civil and a.rank == b.rank):
        from .combos import classify

        c = classify(tiles)
        if a.is_civil:
            return Hand(tiles, HandClass.CIVIL_PAIR, _points(a, b), a, 9_000 - a.rank, c.name, c.name_en)
        return Hand(tiles, HandClass.MILITARY_PAIR, _points(a, b), a, 8_000 - a.rank, c.name, c.name_en)
    for k, (cls, civil, partner_points) in enumerate(_SPECIAL):
        if civil in tiles:
            other = b if a is civil else a
            if other is not civil and other.points == partner_points and other not in _WILD:
                return Hand(tiles, cls, _points(a, b), a, 7_006 - k, cls.value, _SPECIAL_EN[cls])
    p = _points(a, b)
    strength = p * 100 + (20 - _order_index(a))
    return Hand(tiles, HandClass.POINTS, p, a, strength, f"{a.name}{p}點",
                f"{p} point{'s' if p != 1 else ''}, {a.label('en')} high")


@cache
def _hand(i: int, j: int) -> Hand:
    return _build(KINDS[i], KINDS[j])


def _checked(tiles: Iterable[Tile] | str, n: int, what: str) -> tuple[Tile, ...]:
    """``n`` tiles of one set, or :class:`PaiGowError` saying what is wrong."""
    try:
        ts = as_tiles(tiles, what)
        if len(ts) != n:
            raise PaiGowError(f"{what} is {'two' if n == 2 else 'four'} tiles (RULES §11), not {len(ts)}")
        check_counts(ts)
    except PaiGowError:
        raise
    except TiangowError as exc:
        raise PaiGowError(str(exc)) from None
    return ts


def hand(tiles: Iterable[Tile] | str) -> Hand:
    """The Pai Gow hand two tiles make (tiles or text such as ``"66 36"``)."""
    a, b = _checked(tiles, 2, "a Pai Gow hand")
    return _hand(*sorted((a.index, b.index)))


def compare(player: Iterable[Tile] | str | Hand, banker: Iterable[Tile] | str | Hand) -> int:
    """+1 when the player's two-tile hand beats the banker's, −1 when it does not (a complete
    tie goes to the banker, so never 0)."""
    p = player if isinstance(player, Hand) else hand(player)
    b = banker if isinstance(banker, Hand) else hand(banker)
    return 1 if p.strength > b.strength else -1


def ranked_hands() -> list[Hand]:
    """Every distinct hand of the ranked classes (至尊, the pairs, 天王 … 地高九), high to low;
    for the classes made with a nine, eight or seven, one hand per partner tile."""
    seen: dict[tuple[int, int], Hand] = {}
    for i, a in enumerate(KINDS):
        for b in KINDS[i:]:
            if a is b and a.copies < 2:
                continue
            h = _hand(a.index, b.index)
            if h.cls is not HandClass.POINTS:
                seen[(a.index, b.index)] = h
    return sorted(seen.values(), key=lambda h: (-h.strength, [_order_index(t) for t in h.tiles]))


# --- four tiles: the split ---------------------------------------------------------------------


@dataclass(frozen=True)
class Split:
    """Four tiles set as two hands: ``front`` (the lower) and ``back``."""

    front: Hand
    back: Hand

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.front.tiles + self.back.tiles

    def text(self) -> Text:
        return T(f"前 {self.front.name}　後 {self.back.name}",
                 f"front {self.front.name_en} · back {self.back.name_en}")

    def __str__(self) -> str:
        return (" ".join(t.full_name for t in self.front.tiles) + " | "
                + " ".join(t.full_name for t in self.back.tiles))


def _four(tiles: Iterable[Tile] | str) -> tuple[Tile, ...]:
    return _checked(tiles, 4, "a Pai Gow holding")


def _split(a: Tile, b: Tile, c: Tile, d: Tile) -> Split:
    h1 = _hand(*sorted((a.index, b.index)))
    h2 = _hand(*sorted((c.index, d.index)))
    return Split(h1, h2) if h1.strength <= h2.strength else Split(h2, h1)


def splits(tiles: Iterable[Tile] | str) -> list[Split]:
    """The three ways to set four tiles (the first tile with each of the others), the front
    never above the back."""
    a, b, c, d = _four(tiles)
    return [_split(a, b, c, d), _split(a, c, b, d), _split(a, d, b, c)]


def result(player: Split, banker: Split) -> int:
    """+1 if the player's split wins both hands, −1 if it loses both, 0 for a push (ties in a
    place go to the banker)."""
    f = compare(player.front, banker.front)
    b = compare(player.back, banker.back)
    return 1 if f + b == 2 else (-1 if f + b == -2 else 0)


def _is_pair(h: Hand) -> bool:
    return h.cls in (HandClass.SUPREME, HandClass.CIVIL_PAIR, HandClass.MILITARY_PAIR)  # strength > _PAIR_FLOOR


def _house(ss: Sequence[Split]) -> Split:
    paired = [s for s in ss if _is_pair(s.back)]  # the back is the stronger: a pair if either is
    if paired:
        return max(paired, key=lambda s: (s.back.strength, s.front.strength))
    return max(ss, key=lambda s: (s.front.strength, s.back.strength))


def house_way(tiles: Iterable[Tile] | str) -> Split:
    """The banker's fixed way of setting four tiles (a simple house way, documented here):

    1. keep 至尊 or a pair (civil or military) together — with two ways to do so, the one
       with the higher pair, then the stronger other hand;
    2. otherwise make the front as strong as possible, then the back.

    Casinos each have their own, longer house way; this one is short enough to learn.

    >>> from tiangow import parse_tiles
    >>> house_way(parse_tiles("22 15 56 45")).text()("en")
    'front 5 points, Copper-hammer six high · back 5 points, Bench high'
    """
    return _house(splits(tiles))


def rule_of_thumb(tiles: Iterable[Tile] | str) -> Split:
    """The learner's rule of thumb (lesson 09): put the strongest two-tile hand you can make
    behind — which keeps 至尊 or a pair together, since they outrank every other hand — and the
    other two tiles in front. Not always best: :func:`rule_of_thumb_record` measures it.

    >>> from tiangow import parse_tiles
    >>> rule_of_thumb(parse_tiles("22 15 56 45")).text()("en")
    'front 3 points, Bench high · back 7 points, Axe high'
    """
    return max(splits(tiles), key=lambda s: (s.back.strength, s.front.strength))


def rule_of_thumb_record(holdings: int = 300, seed: int = 25, margin: float = 0.05) -> tuple[int, int, int, int]:
    """Over ``holdings`` shuffled four-tile holdings whose best split is ahead of the others by
    at least ``margin`` (the lesson's "set" questions): (how many, how often
    :func:`rule_of_thumb` gives the best split, how often :func:`house_way` does, and of the
    times the rule missed, how often the best split had the stronger front)."""
    rng = random.Random(seed)
    asked = thumb = house = front = 0
    while asked < holdings:
        tiles = list(full_set())
        rng.shuffle(tiles)
        values = split_values(tiles[:4])
        if values[0].ev - values[1].ev < margin:
            continue
        asked += 1
        best, rule = values[0].split, rule_of_thumb(tiles[:4])
        thumb += rule == best
        house += house_way(tiles[:4]) == best
        front += rule != best and best.front.strength > rule.front.strength
    return asked, thumb, house, front


# --- the expected value of a split -------------------------------------------------------------


@dataclass(frozen=True)
class SplitValue:
    """A split and how it fares against every banker holding from the other 28 tiles, the
    banker setting them by :func:`house_way`."""

    split: Split
    ev: float
    """Expected result per unit staked: P(win) − P(lose)."""
    win: float
    push: float
    lose: float


_INDEX: Final = {t: t.index for t in KINDS}
_HOUSE_CACHE: dict[tuple[int, ...], tuple[int, int]] = {}


_PAIR_FLOOR: Final = 7_900
"""Strengths of 至尊 and the pairs lie above this, 天王 and all below it under it (:func:`_build`)."""
_STRENGTH: list[list[int]] = []


def _strength_table() -> list[list[int]]:
    if not _STRENGTH:
        n = len(KINDS)
        _STRENGTH.extend([0] * n for _ in range(n))
        for i in range(n):
            for j in range(n):
                if i != j or KINDS[i].copies == 2:  # one copy of a military tile: no hand of two
                    _STRENGTH[i][j] = _hand(*sorted((i, j))).strength
    return _STRENGTH


def _house_strengths(kinds: tuple[int, ...]) -> tuple[int, int]:
    """(front, back) strengths of :func:`house_way` for four tile kinds, from the integer
    table alone (the same rule, kept in step by the tests)."""
    found = _HOUSE_CACHE.get(kinds)
    if found is None:
        st = _strength_table()
        a, b, c, d = kinds
        best: tuple[int, int, int, int] | None = None  # (kept a pair, the pair, front, back)
        for x, y in ((st[a][b], st[c][d]), (st[a][c], st[b][d]), (st[a][d], st[b][c])):
            f, bk = (x, y) if x <= y else (y, x)
            key = (1, bk, f, bk) if bk > _PAIR_FLOOR else (0, 0, f, bk)  # the back is the stronger hand
            if best is None or key > best:
                best = key
        assert best is not None
        found = _HOUSE_CACHE[kinds] = (best[2], best[3])
    return found


def _banker_holdings(left: Counter[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of four tiles from ``left`` (kind index → copies) with its weight (the
    number of physical holdings it stands for)."""
    kinds = sorted(left)
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(i: int, need: int, acc: tuple[int, ...], weight: int) -> None:
        if need == 0:
            out.append((acc, weight))
            return
        if i == len(kinds):
            return
        k = kinds[i]
        for take in range(min(need, left[k]), -1, -1):
            rec(i + 1, need - take, acc + (k,) * take, weight * math.comb(left[k], take))

    rec(0, 4, (), 1)
    return out


def split_values(tiles: Iterable[Tile] | str) -> list[SplitValue]:
    """Each of the three splits of four tiles with its exact expected value against all
    20,475 banker holdings of the remaining 28 tiles (banker by :func:`house_way`), best first."""
    ts = _four(tiles)
    left = Counter({t.index: t.copies for t in KINDS})
    for t in ts:
        left[t.index] -= 1
    left = Counter({k: n for k, n in left.items() if n > 0})
    mine = splits(ts)
    fronts = [s.front.strength for s in mine]
    backs = [s.back.strength for s in mine]
    wins = [0, 0, 0]
    losses = [0, 0, 0]
    total = 0
    for kinds, weight in _banker_holdings(left):
        bf, bb = _house_strengths(kinds)
        total += weight
        for i in range(3):
            f, b = fronts[i] > bf, backs[i] > bb
            if f and b:
                wins[i] += weight
            elif not f and not b:
                losses[i] += weight
    assert total == math.comb(28, 4)
    out = [SplitValue(s, (wins[i] - losses[i]) / total, wins[i] / total, (total - wins[i] - losses[i]) / total,
                      losses[i] / total) for i, s in enumerate(mine)]
    out.sort(key=lambda v: -v.ev)
    return out


def best_split(tiles: Iterable[Tile] | str) -> SplitValue:
    """The split with the highest expected value (see :func:`split_values`)."""
    return split_values(tiles)[0]


def all_hands() -> list[Hand]:
    """Every two-tile hand of the set, one per pair of kinds (for tables and tests)."""
    out = []
    for i, a in enumerate(KINDS):
        for b in KINDS[i:]:
            if a is b and a.copies < 2:
                continue
            out.append(_hand(a.index, b.index))
    return out


def brute_force_values(tiles: Iterable[Tile] | str) -> list[tuple[Split, float]]:
    """The same expected values as :func:`split_values`, the slow way: every one of the
    20,475 banker holdings of physical tiles set by :func:`house_way` (for tests and the
    benchmark's baseline)."""
    from itertools import combinations

    ts = _four(tiles)
    rest = Counter(full_set())
    rest.subtract(ts)
    pool = [t for t in KINDS for _ in range(rest[t])]
    mine = splits(ts)
    totals = [0, 0, 0]
    n = 0
    for banker in combinations(pool, 4):
        house = house_way(banker)
        n += 1
        for i, s in enumerate(mine):
            totals[i] += result(s, house)
    return [(s, totals[i] / n) for i, s in enumerate(mine)]


def bench(holdings: int = 50, seed: int = 11) -> str:
    """Timings of :func:`best_split` (cold, then warm over random holdings) and the ratio to
    the brute force in the same process; ``python -m tiangow.paigow`` prints them."""
    import random
    import statistics
    import time

    rng = random.Random(seed)
    _HOUSE_CACHE.clear()
    deck = full_set()
    rng.shuffle(deck)
    t0 = time.perf_counter()
    best_split(deck[:4])
    cold = time.perf_counter() - t0
    times = []
    for _ in range(holdings):
        rng.shuffle(deck)
        t = time.perf_counter()
        best_split(deck[:4])
        times.append(time.perf_counter() - t)
    times.sort()
    t = time.perf_counter()
    brute_force_values(deck[:4])
    slow = time.perf_counter() - t
    return (f"best split (exact EV of the 3 splits against all 20,475 banker holdings, banker by the house way):\n"
            f"  first call (builds the house-way table): {1000 * cold:.0f} ms\n"
            f"  then, over {holdings} random holdings: median {1000 * statistics.median(times):.1f} ms, "
            f"p95 {1000 * times[int(0.95 * len(times))]:.1f} ms, max {1000 * times[-1]:.1f} ms\n"
            f"  brute force over the 20,475 holdings one by one: {1000 * slow:.0f} ms "
            f"(×{slow / statistics.median(times):.0f} the median)")


__all__ += ["all_hands", "brute_force_values", "bench"]


if __name__ == "__main__":  # pragma: no cover
    print(bench())
