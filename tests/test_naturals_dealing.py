"""RULES §8 (natural hands) and §9 (the wall, the ten dealing methods, dice)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.helpers import make_deal
from tiangow import (
    DealError,
    Method,
    Natural,
    Rules,
    TileError,
    Wall,
    deal_wall,
    draw_first_banker,
    first_banker,
    first_taker,
    full_set,
    naturals_in,
    parse_tiles,
    random_deal,
)
from tiangow.naturals import best_natural, is_four_pairs

# --- §8 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("66 11 44 13 55 33 22 36", {Natural.SEVEN_CIVIL}),
        ("66 11 44 13 55 33 22 56", {Natural.SEVEN_CIVIL, Natural.EIGHT_CIVIL}),
        ("36 45 26 35 25 34 24 66", {Natural.SEVEN_MILITARY}),
        ("36 45 26 35 25 34 24 23", {Natural.SEVEN_MILITARY, Natural.EIGHT_MILITARY}),
        # exactly one red pip: 和 1-3 among white tiles
        ("13 55 33 22 56 36 26 35", {Natural.ONE_RED}),
        ("55 55 33 33 22 22 56 56", {Natural.SEVEN_CIVIL, Natural.EIGHT_CIVIL, Natural.NO_RED, Natural.FOUR_PAIRS}),
        ("36 45 26 35 25 34 23 14", {Natural.SEVEN_MILITARY, Natural.EIGHT_MILITARY, Natural.FOUR_PAIRS}),
        ("66 36 11 26 44 25 13 23", set()),  # four mixed pairs do not count
        ("66 66 36 45 11 11 26 35", {Natural.FOUR_PAIRS}),
    ],
)
def test_naturals_detected(hand: str, expected: set[Natural]) -> None:
    assert set(naturals_in(hand)) == expected


def test_one_red_counts_pips_not_tiles() -> None:
    hand = parse_tiles("13 55 33 22 56 36 26 35")
    assert sum(t.red_pips for t in hand) == 1
    assert Natural.ONE_RED in naturals_in(hand)
    assert Natural.ONE_RED not in naturals_in("14 55 33 22 56 36 26 35")  # 1-4 has five red pips


def test_four_pairs_shapes() -> None:
    assert is_four_pairs(parse_tiles("12 24 55 55 33 33 22 22")) is False  # the supreme is not a pair
    assert is_four_pairs(parse_tiles("23 14 55 55 33 33 22 22")) is True
    with pytest.raises(TileError):
        naturals_in("66 66")


def test_natural_priority_banker_then_turn_order() -> None:
    # East and South: eight civil tiles; West: none; North: eight military tiles.
    hands = ("66 11 44 13 55 33 22 15", "55 66 11 44 13 33 22 56",
             "46 46 16 16 15 36 45 56", "26 35 25 34 24 23 14 12")
    assert naturals_in(hands[2]) == []
    r = Rules(naturals=frozenset(Natural))
    d = make_deal(*hands, banker=1, rules=r)
    assert d.natural == (1, Natural.EIGHT_CIVIL)  # the banker first
    d = make_deal(*hands, banker=2, rules=r)
    assert d.natural == (3, Natural.EIGHT_MILITARY)  # then turn order from the banker: North before East
    d = make_deal(*hands, banker=3, rules=Rules(naturals={Natural.EIGHT_CIVIL}))
    assert d.natural == (0, Natural.EIGHT_CIVIL)  # North's natural is not agreed: East, then South
    assert best_natural(hands[3], {Natural.SEVEN_MILITARY}) is Natural.SEVEN_MILITARY


# --- §9 -------------------------------------------------------------------------------------


def labelled_wall() -> Wall:
    return Wall.build(full_set())


def positions(method: Method, taker: int) -> list[tuple[int, int]]:
    return [p for k, ps in method.takes() for p in ps if k == taker]


def test_every_method_deals_each_tile_once() -> None:
    for m in Method:
        taken = [p for _, ps in m.takes() for p in ps]
        assert sorted(taken) == sorted((s, layer) for s in range(1, 9) for layer in range(1, 5)), m
        for k in range(1, 5):
            assert len(positions(m, k)) == 8


@pytest.mark.parametrize(
    ("method", "first_stacks"),
    [(Method.KAI_BIAN, {1, 2}), (Method.JIAN_DONG, {1, 3}), (Method.WA_XIN, {4, 5}),
     (Method.QIE_ER, {1, 8}), (Method.LUN_DONG, {1, 5}), (Method.LONG_TOU_FENG_WEI, {7, 1}),
     (Method.SHUANG_YI_QI_FEI, {1, 4}), (Method.WU_SAN_SHI, {6, 1})],
)
def test_methods_first_taker(method: Method, first_stacks: set[int]) -> None:
    assert {s for s, _ in positions(method, 1)} == first_stacks


def test_methods_as_described() -> None:
    # 間棟: second 2 and 4, third 5 and 7, fourth 6 and 8.
    assert {s for s, _ in positions(Method.JIAN_DONG, 4)} == {6, 8}
    # 片面: each takes a whole layer.
    assert positions(Method.PIAN_MIAN, 2) == [(s, 2) for s in range(1, 9)]
    # 田字: blocks of two rows of four.
    assert set(positions(Method.TIAN_ZI, 3)) == {(s, layer) for s in (5, 6, 7, 8) for layer in (1, 2)}
    # 挖心 then outwards; 切耳 the reverse.
    assert [{s for s, _ in positions(Method.WA_XIN, k)} for k in range(1, 5)] == [{4, 5}, {3, 6}, {2, 7}, {1, 8}]
    assert [{s for s, _ in positions(Method.QIE_ER, k)} for k in range(1, 5)] == [{1, 8}, {2, 7}, {3, 6}, {4, 5}]
    # The restacking of RULES §9.
    assert Method.LONG_TOU_FENG_WEI.restack == ((7, 1), (8, 2))
    assert Method.SHUANG_YI_QI_FEI.restack == ((1, 4), (8, 5))
    assert Method.WU_SAN_SHI.restack == ((6, 1), (7, 3), (8, 5))
    # A moved stack is taken on top of the stack it was put on.
    assert positions(Method.WU_SAN_SHI, 2)[:4] == [(7, 1), (7, 2), (7, 3), (7, 4)]


def test_dice_decide_the_first_taker() -> None:
    # The player opposite the banker throws; count counter-clockwise from the thrower as 1.
    assert first_taker(0, (1, 1)) == 3  # West 1, North 2
    assert first_taker(0, (2, 3)) == 2  # 5: West, North, East, South, West
    assert first_taker(1, (6, 6)) == 2  # thrower North; 12 → … → West
    with pytest.raises(DealError):
        first_taker(0, (0, 3))
    with pytest.raises(DealError):
        first_taker(0, (3,))  # type: ignore[arg-type]


def test_deal_wall_steps_and_hands() -> None:
    wall = labelled_wall()
    dealt = deal_wall(wall, "開邊", (3, 4), banker=0)
    assert dealt.method is Method.KAI_BIAN and dealt.first_taker == 0
    assert len(dealt.steps) == 32
    assert [s.seat for s in dealt.steps[:8]] == [0] * 8 and dealt.steps[8].seat == 1
    assert Counter(t for h in dealt.hands for t in h) == Counter(full_set())
    for step in dealt.steps:
        assert wall.at(step.position) is step.tile
    # the 32 tiles of a wall build into a valid deal
    d = make_deal(*(" ".join(t.notation for t in h) for h in dealt.hands))
    assert d.to_play == 0
    with pytest.raises(DealError, match="not a dealing method"):
        deal_wall(wall, "亂來", (3, 4))
    with pytest.raises(DealError, match="32 tiles"):
        Wall.build(full_set()[:31])


def test_random_deal_and_first_banker() -> None:
    rng = random.Random(4)
    for m in Method:
        dealt = random_deal(rng, banker=rng.randrange(4), method=m)
        assert sorted(len(h) for h in dealt.hands) == [8, 8, 8, 8]
    assert first_banker([(6, 5), (2, 2), (6, 4), None]) == 0
    for seed in range(50):
        banker, rounds = draw_first_banker(seed)
        final = rounds[-1]
        top = max(sum(t) for t in final if t is not None)
        assert sum(final[banker]) == top  # type: ignore[arg-type]
        for earlier in rounds[:-1]:
            assert first_banker(earlier) is None
