"""RULES §3–§5: seats, turn order, leading, following, discarding, stacks, the last trick."""

from __future__ import annotations

import pickle
import random

import pytest

from tests.helpers import can_discard, make_deal, plays_of, run
from tiangow import Deal, DealError, IllegalPlay, Move, NotACombination, Rules, Tile, TileError, parse_tiles

# East holds one of each of the eight highest civil kinds, South the other copies: East's
# singles cannot be beaten (equal rank does not beat, R-C3) by anyone.
EAST = "66 11 44 13 55 33 22 56"
SOUTH = "66 11 44 13 55 33 22 56"
WEST = "46 46 16 16 15 15 36 45"
NORTH = "26 35 25 34 24 23 14 12"


def snapshot(d: Deal) -> tuple[object, ...]:
    return (d.to_play, d.trick_size, d.stacks, tuple(d.holding(s) for s in range(4)), d.history,
            d.is_over, d.winner, d.immediate_payments)


def test_R_S1_four_seats_play_counter_clockwise() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH, banker=2)
    order = []
    for _ in range(8):
        order.append(d.to_play)
        if d.trick_size is None:
            d.play(plays_of(d)[0])
        else:
            d.discard(d.holding(d.to_play)[:d.trick_size])  # type: ignore[index]
    assert order[:4] == [2, 3, 0, 1]
    with pytest.raises(DealError, match="four hands"):
        Deal([parse_tiles(EAST)] * 3)


def test_R_S3_eight_tiles_each_or_four_for_small_tien_gow() -> None:
    with pytest.raises(DealError, match="holds 8"):
        make_deal(EAST[:-3], SOUTH, WEST, NORTH + " 56")
    d = Deal.random(3, rules=Rules(hand_size=4))
    assert [len(d.holding(s)) for s in range(4)] == [4, 4, 4, 4]
    with pytest.raises(DealError, match="cannot come from one set"):
        make_deal(EAST, SOUTH, EAST, NORTH)  # three of each civil kind


def test_R_P1_banker_leads_first_and_trick_winner_leads_next() -> None:
    for banker in range(4):
        d = make_deal(EAST, SOUTH, WEST, NORTH, banker=banker)
        assert d.to_play == banker and d.leader == banker and d.trick_size is None


def test_R_P1_winner_leads_next() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH, banker=3)
    run(d, "23", "x 56", "x 22", "36")  # West's nine beats North's five
    assert d.stacks == (0, 0, 1, 0)
    assert d.to_play == 2 and d.leader == 2 and d.trick_size is None


def test_R_P2_leader_plays_any_combination_of_1_to_4() -> None:
    d = make_deal("66 66 36 45 11 44 13 55", "11 44 13 55 33 33 22 22",
                  "56 56 46 46 16 16 15 15", "26 35 25 34 24 23 14 12")
    leads = plays_of(d)
    sizes = {len(p) for p in leads}
    assert sizes == {1, 2, 3, 4}
    assert len(leads) == len(set(leads))  # no two alike
    with pytest.raises(IllegalPlay, match="R-P2"):
        d.play("66 66 36 45 11")
    with pytest.raises(IllegalPlay, match="R-P2"):
        d.play("")
    with pytest.raises(NotACombination, match="R-C2"):
        d.play("66 11")
    with pytest.raises(IllegalPlay, match="must play a combination"):
        d.discard("66")


def test_R_P3_follow_with_a_beating_play_of_the_same_class_or_discard() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    d.play("55")  # East leads 梅
    assert sorted(p[0].notation for p in plays_of(d)) == ["1-1", "1-3", "4-4", "6-6"]
    assert d.trick_size == 1
    with pytest.raises(IllegalPlay, match="R-P3"):
        d.play("66 66")
    with pytest.raises(IllegalPlay, match="R-P3"):
        d.discard("22 33")
    with pytest.raises(IllegalPlay, match="ranks higher"):
        d.play("33")
    # A player may discard even when able to beat (R-P3).
    assert can_discard(d, "66") and d.is_legal("66")
    d.discard("66")
    assert d.to_play == 2
    assert plays_of(d) == []  # West holds no civil single above 梅
    d.discard("15")
    d.discard("12")  # North: military tiles cannot beat a civil single
    assert d.stacks == (1, 0, 0, 0)


def test_R_P4_strict_turn_order_and_hidden_discards() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    with pytest.raises(IllegalPlay, match=r"East's turn, not South's.*R-P4"):
        d.play("66", seat=1)
    d.play("66", seat=0)
    with pytest.raises(IllegalPlay, match="R-P4"):
        d.discard("12", seat=3)
    d.discard("56", seat=1)
    west = d.view(2)
    south = d.view(1)
    full = d.full_view()
    disc = full.current.actions[1]  # type: ignore[union-attr]
    assert disc.kind == "discard" and disc.tiles == tuple(parse_tiles("56"))
    assert west.current.actions[1].tiles is None and west.current.actions[1].size == 1  # type: ignore[union-attr]
    assert south.current.actions[1].tiles == tuple(parse_tiles("56"))  # type: ignore[union-attr]
    assert west.hands[2] == d.holding(2) and west.hands[1] is None and west.hands[0] is None
    assert full.hands[1] == d.holding(1)
    # What West has not seen: everything but its own tiles and the face-up 天.
    assert len(west.unseen) == 32 - 8 - 1
    assert south.played == west.played == tuple(parse_tiles("66"))  # a discard is never "played"


def test_views_keep_discards_hidden_after_the_trick() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    run(d, "66", "x 56", "x 15", "x 12")
    v = d.view(3)
    trick = v.tricks[0]
    assert trick.winner == 0 and trick.winning.name == "天"  # type: ignore[union-attr]
    shown = [a.tiles for a in trick.actions]
    assert shown[0] == tuple(parse_tiles("66"))
    assert shown[1] is None and shown[2] is None
    assert shown[3] == tuple(parse_tiles("12"))
    assert v.played == tuple(parse_tiles("66"))
    assert len(v.unseen) == 32 - 7 - 1 - 1  # not its 7 tiles, the 天, its own discard


def test_R_P5_stacks_equal_tiles_per_player_and_total_eight() -> None:
    d = make_deal("66 66 36 45 11 44 13 55", "11 44 13 55 33 33 22 22",
                  "56 56 46 46 16 16 15 15", "26 35 25 34 24 23 14 12")
    run(d, "66 66 36 45", "x 33 33 22 22", "x 15 15 16 16", "x 26 35 25 34")
    assert d.stacks == (4, 0, 0, 0)
    rng = random.Random(5)
    for _ in range(200):
        d = Deal.random(rng)
        while not d.is_over:
            plays = plays_of(d)
            if d.trick_size is None or (plays and rng.random() < 0.5):
                d.play(rng.choice(plays))
            else:
                d.discard(rng.sample(d.holding(d.to_play), d.trick_size))  # type: ignore[arg-type]
        assert sum(d.stacks) == 8
        for tr in d.tricks:
            assert tr.size == len(tr.actions[0].tiles)  # type: ignore[arg-type]
            assert all(a.size == tr.size for a in tr.actions)


def test_R_W1_the_last_trick_wins_the_hand() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    # East leads all eight tricks; everyone discards.
    south, west, north = list(SOUTH.split()), list(WEST.split()), list(NORTH.split())
    for lead in EAST.split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    assert d.is_over and d.winner == 0 and d.to_play is None and d.stacks == (8, 0, 0, 0)
    with pytest.raises(IllegalPlay, match=r"the hand is over.*R-W1"):
        d.play("66")


def test_R_W2_no_stacks_no_single_last_trick() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    # East leads seven tricks; South keeps 天 for the last.
    south = "11 44 13 55 33 22 56".split()
    west, north = list(WEST.split()), list(NORTH.split())
    for lead in "66 11 44 13 55 33 22".split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    assert d.stacks == (7, 0, 0, 0)
    d.play("56")  # the last trick: East leads 斧頭
    assert d.is_last_trick
    assert d.holding(1) == tuple(parse_tiles("66"))
    assert plays_of(d) == []  # 天 would beat it, but South has no stack (R-W2)
    before = snapshot(d)
    with pytest.raises(IllegalPlay, match="R-W2") as exc:
        d.play("66")
    assert "0 stacks" in str(exc.value) and "must discard" in str(exc.value)
    assert snapshot(d) == before
    d.discard("66")
    d.discard(d.holding(2))
    d.discard(d.holding(3))
    assert d.winner == 0 and d.stacks == (8, 0, 0, 0)


def test_R_W2_two_tile_last_trick_open_to_a_player_with_no_stacks() -> None:
    d = make_deal("66 66 11 11 36 45 22 22", "55 55 44 13 33 33 56 56",
                  "44 13 46 46 16 16 15 15", "26 35 25 34 24 23 14 12")
    south, west, north = "44 13 33 33 56 56".split(), "13 46 46 16 16 44".split(), "26 35 25 34 24 23".split()
    for lead in "66 66 11 11 36 45".split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    assert d.stacks == (6, 0, 0, 0)
    d.play("22 22")  # the last trick has 2 tiles: 0 + 2 = 2 stacks would qualify
    assert [tuple(t.notation for t in p) for p in plays_of(d)] == [("5-5", "5-5")]
    run(d, "55 55", "x 15 15", "x 14 12")
    assert d.winner == 1 and d.stacks == (6, 2, 0, 0)


def test_R_W3_the_last_trick_leader_always_qualifies() -> None:
    rng = random.Random(11)
    for _ in range(300):
        d = Deal.random(rng, banker=rng.randrange(4))
        while not d.is_over:
            if d.is_last_trick and d.trick_size is None:
                assert d.stacks[d.to_play] >= 1  # type: ignore[index]
                assert plays_of(d)  # the leader can always lead
            plays = plays_of(d)
            if d.trick_size is None or (plays and rng.random() < 0.6):
                d.play(rng.choice(plays))
            else:
                d.discard(rng.sample(d.holding(d.to_play), d.trick_size))  # type: ignore[arg-type]
        last = d.tricks[-1]
        assert d.stacks[last.leader] >= 2 or last.winner != last.leader
        assert d.stacks[d.winner] >= 2  # type: ignore[index]


def test_refused_actions_leave_the_state_unchanged() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    d.play("55")
    before = snapshot(d)
    bad_calls = [
        lambda: d.play("33"),          # does not beat
        lambda: d.play("46"),          # not held
        lambda: d.play("66 66"),       # wrong count / not held
        lambda: d.discard("66 11"),    # wrong count
        lambda: d.discard("12"),       # not held
        lambda: d.play("66", seat=0),  # out of turn
        lambda: d.play("66", seat=7),  # no such seat
        lambda: d.play(42),            # wrong type
        lambda: d.play([66]),          # wrong element type
        lambda: d.play(None),          # wrong type
        lambda: d.discard("zz"),       # bad token
        lambda: d.play("66 44"),       # not a combination (and wrong count)
    ]
    for call in bad_calls:
        with pytest.raises(ValueError) as exc:
            call()  # type: ignore[no-untyped-call]
        assert not isinstance(exc.value, AttributeError)
        assert snapshot(d) == before
    with pytest.raises(IllegalPlay, match="does not hold 紅頭十"):
        d.play("46")
    with pytest.raises(TileError):
        d.play(42)  # type: ignore[arg-type]


def test_errors_are_value_errors_with_reasons() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    assert d.why_not("46") is not None and "does not hold" in str(d.why_not("46"))
    assert d.why_not("66") is None and d.why_not(Move.parse("play 66")) is None
    assert d.why_not(Move.parse("discard 66")) is not None
    with pytest.raises(DealError):
        Deal("66 66")  # type: ignore[arg-type]
    with pytest.raises(DealError, match="banker"):
        make_deal(EAST, SOUTH, WEST, NORTH, banker=4)
    with pytest.raises(DealError, match="streak"):
        make_deal(EAST, SOUTH, WEST, NORTH, streak=0)
    with pytest.raises(DealError, match="rules"):
        Deal([parse_tiles(h) for h in (EAST, SOUTH, WEST, NORTH)], rules="wong")  # type: ignore[arg-type]
    with pytest.raises(DealError, match="seat"):
        d.holding(4)


def test_history_undo_copy() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    run(d, "55", "66", "x 15", "x 12")
    assert d.stacks == (0, 1, 0, 0) and d.to_play == 1
    assert [a.kind for a in d.history] == ["lead", "play", "discard", "discard"]
    assert d.tricks[0].winner == 1
    c = d.copy()
    undone = d.pop()
    assert undone.seat == 3 and undone.kind == "discard"
    assert d.stacks == (0, 0, 0, 0) and d.to_play == 3 and d.holding(3) == tuple(parse_tiles(NORTH))
    assert c.stacks == (0, 1, 0, 0)  # the copy is independent
    for _ in range(3):
        d.pop()
    assert d.history == () and d.to_play == 0
    with pytest.raises(IllegalPlay, match="nothing to take back"):
        d.pop()
    assert pickle.loads(pickle.dumps(c)).stacks == (0, 1, 0, 0)


def test_legal_discards() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)

    def discards() -> list[tuple[Tile, ...]]:
        return [m.tiles for m in d.legal_moves() if m.discard]

    assert discards() == []
    d.play("66 ")
    assert len(discards()) == 8  # South's eight different tiles
    d.discard("66")
    assert sorted(discards()) == sorted((t,) for t in set(d.holding(2)))
    assert discards()[0] == (Tile("15"),)  # the weakest tiles first
    d.discard("46")
    assert d.to_play == 3


def test_random_deal_is_seeded_and_valid() -> None:
    a, b = Deal.random(123), Deal.random(123)
    assert [a.holding(s) for s in range(4)] == [b.holding(s) for s in range(4)]
    assert sorted(t for s in range(4) for t in a.holding(s)) == sorted(parse_tiles(" ".join([EAST, SOUTH, WEST, NORTH])))
