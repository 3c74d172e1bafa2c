"""RULES §1: the tiles, their names, colours, ranks and notation."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

import tiangow
from tiangow import CIVIL_KINDS, KINDS, MILITARY_KINDS, Tile, TileError, full_set, parse_tiles

# RULES §1, civil table: (pips, rank, name, red pips, Pai Gow points) written out by hand.
CIVIL = [
    ((6, 6), 1, "天", 6, 12), ((1, 1), 2, "地", 2, 2), ((4, 4), 3, "人", 8, 8),
    ((1, 3), 4, "和", 1, 4), ((5, 5), 5, "梅", 0, 10), ((3, 3), 6, "長三", 0, 6),
    ((2, 2), 7, "板凳", 0, 4), ((5, 6), 8, "斧頭", 0, 11), ((4, 6), 9, "紅頭十", 4, 10),
    ((1, 6), 10, "高腳七", 1, 7), ((1, 5), 11, "銅錘六", 1, 6),
]
# RULES §1, military table: (pips, rank, red pips).
MILITARY = [
    ((3, 6), 1, 0), ((4, 5), 1, 4), ((2, 6), 2, 0), ((3, 5), 2, 0), ((2, 5), 3, 0),
    ((3, 4), 3, 4), ((2, 4), 4, 4), ((2, 3), 5, 0), ((1, 4), 5, 5), ((1, 2), 6, 1),
]


def test_32_tiles_21_kinds_civil_copies_never_collapse() -> None:
    tiles = full_set()
    assert len(tiles) == 32
    counts = Counter(tiles)
    assert len(counts) == 21
    assert all(counts[t] == 2 for t in CIVIL_KINDS)
    assert all(counts[t] == 1 for t in MILITARY_KINDS)
    assert sum(t.is_civil for t in tiles) == 22
    assert len(CIVIL_KINDS) == 11 and len(MILITARY_KINDS) == 10


@pytest.mark.parametrize(("pips", "rank", "name", "red", "points"), CIVIL)
def test_civil_table(pips: tuple[int, int], rank: int, name: str, red: int, points: int) -> None:
    t = Tile.from_pips(*pips)
    assert t.is_civil and not t.is_military
    assert (t.rank, t.name, t.red_pips, t.points) == (rank, name, red, points)
    assert t.white_pips == sum(pips) - red


@pytest.mark.parametrize(("pips", "rank", "red"), MILITARY)
def test_military_table(pips: tuple[int, int], rank: int, red: int) -> None:
    t = Tile.from_pips(*pips)
    assert t.is_military
    assert (t.rank, t.red_pips, t.points) == (rank, red, sum(pips))


def test_R_T1_equal_military_ranks() -> None:
    """R-T1: the two nines, eights, sevens and fives rank equal."""
    for a, b in (("36", "45"), ("26", "35"), ("25", "34"), ("23", "14")):
        ta, tb = Tile(a), Tile(b)
        assert ta.rank == tb.rank and ta.name == tb.name
        ca, cb = tiangow.classify([ta]), tiangow.classify([tb])
        assert not ca.beats(cb) and not cb.beats(ca)
    assert Tile("24").rank == 4 and Tile("12").rank == 6


def test_R_T2_red_pips_follow_chinese_dice() -> None:
    """R-T2: every 1 and 4 is red; 6-6 has three red pips in each half."""
    for t in KINDS:
        expected = 6 if t.pips == (6, 6) else sum(f for f in t.pips if f in (1, 4))
        assert t.red_pips == expected, t
    # The values seed 003 gives for single tiles.
    assert Tile("66").red_pips == 6 and Tile("66").white_pips == 6
    assert Tile("45").red_pips == 4 and Tile("14").red_pips == 5 and Tile("24").red_pips == 4
    assert sum(t.red_pips for t in full_set()) == 2 * (6 + 2 + 8 + 1 + 4 + 1 + 1) + (4 + 4 + 4 + 5 + 1)


def test_groups() -> None:
    assert [t.name for t in KINDS if t.group == "四大"] == ["天", "地", "人", "和"]
    assert [t.name for t in KINDS if t.group == "四素"] == ["梅", "長三", "板凳", "斧頭"]
    assert [t.name for t in KINDS if t.group == "三雜"] == ["紅頭十", "高腳七", "銅錘六"]


def test_names_three_languages() -> None:
    t = Tile("1-5")
    assert t.label("zh-Hant") == "銅錘六"
    assert t.label("zh-Hans") == "铜锤六"
    assert t.label("en") == "Copper-hammer six"
    assert "伶冧六" in t.aliases
    assert Tile("36").label("en") == "Nine (3-6)"
    assert Tile("36").full_name == "九 (3-6)"
    assert Tile("24").label("zh-Hans") == "大头六"


@pytest.mark.parametrize(
    ("text", "pips"),
    [("66", (6, 6)), ("6-6", (6, 6)), ("63", (3, 6)), ("3-6", (3, 6)), ("天", (6, 6)),
     ("長三", (3, 3)), ("长三", (3, 3)), ("長衫", (3, 3)), ("鵝", (1, 3)), ("鹅", (1, 3)),
     ("虎頭", (5, 6)), ("屏風", (4, 6)), ("伶冧六", (1, 5)), ("大頭六", (2, 4)), ("二四", (2, 4)),
     ("丁三", (1, 2)), ("細雞", (1, 2)), ("高腳", (1, 6)), ("6:6", (6, 6))],
)
def test_notation(text: str, pips: tuple[int, int]) -> None:
    assert Tile(text).pips == pips
    assert parse_tiles(text) == [Tile.from_pips(*pips)]


def test_parse_separators_and_order() -> None:
    assert parse_tiles("66 66 36") == parse_tiles("6-6, 6-6, 3-6") == parse_tiles("66,66,63")
    assert parse_tiles(" 天、地，人 ") == [Tile("66"), Tile("11"), Tile("44")]
    assert parse_tiles("") == []


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("77", "'77' is not a tile"), ("06", "'06' is not a tile"), ("16x", "'16x' is not a tile"),
     ("九", "names two tiles"), ("雜八", "names two tiles"), ("五", "23 or 14"),
     ("66 66 66", "appears 3 times"), ("36 36", "appears 2 times"), ("banana", "'banana' is not a tile")],
)
def test_bad_tokens_raise_TileError_naming_the_token(text: str, fragment: str) -> None:
    with pytest.raises(TileError) as exc:
        parse_tiles(text)
    assert fragment in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_every_pair_of_die_faces_is_a_kind() -> None:
    all_pairs = {(a, b) for a in range(1, 7) for b in range(a, 7)}
    assert {t.pips for t in KINDS} == all_pairs


def test_wrong_types() -> None:
    with pytest.raises(TileError):
        parse_tiles(66)  # type: ignore[arg-type]
    with pytest.raises(TileError):
        Tile(66)  # type: ignore[arg-type]
    with pytest.raises(TileError):
        Tile.from_pips(0, 7)
    with pytest.raises(TileError):
        Tile.from_pips(True, 2)  # type: ignore[arg-type]


def test_interned_value_semantics() -> None:
    t = Tile("66")
    assert t is Tile("6-6") is Tile.from_pips(6, 6)
    assert pickle.loads(pickle.dumps(t)) is t
    assert copy.deepcopy(t) is t and copy.copy(t) is t
    assert eval(repr(t), {"Tile": Tile}) is t
    assert str(t) == "6-6" and t.notation == "6-6"
    assert sorted([Tile("12"), Tile("66"), Tile("36")]) == [Tile("66"), Tile("36"), Tile("12")]
