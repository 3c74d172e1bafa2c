"""Natural hands (例牌, RULES §8): hands that win at the deal when the table agreed to them.

>>> from tiangow import parse_tiles
>>> [n.value for n in naturals_in(parse_tiles("55 55 33 33 22 22 56 56"))]
['七文', '八文', '全白', '四對']
>>> naturals_in(parse_tiles("66 11 44 13 55 33 22 56"))   # 8 civil tiles, many red pips
[<Natural.SEVEN_CIVIL: '七文'>, <Natural.EIGHT_CIVIL: '八文'>]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .combos import Kind, classify
from .errors import NotACombination, TileError
from .rules import Natural
from .tiles import Tile, as_tiles, check_counts

__all__ = ["naturals_in", "is_four_pairs", "best_natural"]


def is_four_pairs(tiles: Iterable[Tile]) -> bool:
    """Whether 8 tiles split into four pairs, each a civil pair or a military pair
    (雜九, 雜八, 雜七, 雜五); mixed pairs such as 天九 and the supreme do not count (§8)."""
    ts = tuple(tiles)
    if len(ts) != 8:
        return False
    left = Counter(ts)
    for t in list(left):
        while left[t] >= 2 and t.is_civil:
            left[t] -= 2
    rest = sorted(left.elements(), key=lambda t: t.index)
    if len(rest) % 2:
        return False
    # Military tiles: each must meet its equal-rank partner.
    for a, b in zip(rest[::2], rest[1::2], strict=True):
        if a.is_civil or b.is_civil:
            return False
        try:
            if classify((a, b)).kind is not Kind.MILITARY_PAIR:
                return False
        except NotACombination:
            return False
    return True


def naturals_in(holding: Iterable[Tile] | str) -> list[Natural]:
    """Every natural hand of RULES §8 in an 8-tile ``holding``, in the order of
    :class:`Natural` (七支 naturals first). Seven-of-a-kind naturals count "seven or
    more", so eight civil tiles also show as seven civil tiles.
    """
    ts = as_tiles(holding, "holding")
    if len(ts) != 8:
        raise TileError(f"natural hands are hands of 8 tiles (RULES §8); {len(ts)} given")
    check_counts(ts)
    civil = sum(t.is_civil for t in ts)
    military = 8 - civil
    red = sum(t.red_pips for t in ts)
    found = []
    if civil >= 7:
        found.append(Natural.SEVEN_CIVIL)
    if military >= 7:
        found.append(Natural.SEVEN_MILITARY)
    if red == 1:
        found.append(Natural.ONE_RED)
    if civil == 8:
        found.append(Natural.EIGHT_CIVIL)
    if military == 8:
        found.append(Natural.EIGHT_MILITARY)
    if red == 0:
        found.append(Natural.NO_RED)
    if is_four_pairs(ts):
        found.append(Natural.FOUR_PAIRS)
    return found


def best_natural(holding: Iterable[Tile] | str, allowed: Iterable[Natural]) -> Natural | None:
    """The highest-scoring natural in ``holding`` among ``allowed``, or ``None``."""
    ok = set(allowed)
    found = [n for n in naturals_in(holding) if n in ok]
    if not found:
        return None
    return max(found, key=lambda n: (n.stacks_bonus, -list(Natural).index(n)))
