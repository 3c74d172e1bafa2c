"""RULES §6–§7: settlement, immediate rewards, special finishes, the next banker.

Known-answer tests use the worked examples of RULES §6 and §6.2 and of seed 004's essay.
"""

from __future__ import annotations

import pytest

from tests.helpers import make_deal, run
from tiangow import Finish, Reason, Rules, SettlementError, Tile, banker_multiplier, next_banker, settle


def pays(s, payer: int, payee: int) -> int:  # type: ignore[no-untyped-def]
    return sum(p.amount for p in s.payments if p.payer == payer and p.payee == payee)


# --- the worked examples ------------------------------------------------------------------

def test_worked_example_1() -> None:
    """RULES §6 / seeds 000, 002: East banker (m = 2): E 1, S 4, W 0, N 3; North wins."""
    s = settle([1, 4, 0, 3], winner=3, banker=0)
    assert pays(s, 0, 3) == 6 and pays(s, 1, 3) == 0 and pays(s, 2, 3) == 5
    assert s.net == (-6, 0, -5, 11)


def test_worked_example_2() -> None:
    """RULES §6: E banker, E 1, S 5, W 0, N 2 wins: E pays 6, N pays S 1, W pays 5."""
    s = settle([1, 5, 0, 2], winner=3, banker=0)
    assert pays(s, 0, 3) == 6 and pays(s, 3, 1) == 1 and pays(s, 2, 3) == 5
    assert s.net == (-6, 1, -5, 10)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_capture_example_of_seed_004(n: int) -> None:
    """RULES §6.2: A leads 1-2, B wins with 2-4; A 1 stack, B 2, C 5 (入一), banker 0, m = n+1.
    Captured: A pays (3 + 5m)×2, the banker nothing, B still pays C 1."""
    m = n + 1
    # banker East, A South, B West, C North
    s = settle([0, 1, 2, 5], winner=2, banker=0, streak=n, captured=1)
    assert pays(s, 1, 2) == (3 + 5 * m) * 2
    assert pays(s, 0, 2) == 0
    assert pays(s, 2, 3) == 1
    assert s.net == (0, -(3 + 5 * m) * 2, (3 + 5 * m) * 2 - 1, 1)
    normal = settle([0, 1, 2, 5], winner=2, banker=0, streak=n)
    assert pays(normal, 1, 2) == 3 and pays(normal, 0, 2) == 5 * m and pays(normal, 2, 3) == 1


@pytest.mark.parametrize("n", [1, 2, 4])
def test_bao_zun_examples_of_seed_004(n: int) -> None:
    m = n + 1
    # (a) a non-banker 包尊, the banker has 1 stack, the others none.
    a = settle([1, 7, 0, 0], winner=1, banker=0, streak=n, finishes=["包尊"])
    assert pays(a, 0, 1) == 3 * m * 2 and pays(a, 2, 1) == 10 and pays(a, 3, 1) == 10
    # (b) the banker 包尊, A has 1 stack, the other two none.
    b = settle([7, 1, 0, 0], winner=0, banker=0, streak=n, finishes=[Finish.SUPREME])
    assert pays(b, 1, 0) == 3 * m * 2 and pays(b, 2, 0) == 5 * m * 2 and pays(b, 3, 0) == 5 * m * 2
    # (c) the banker 包尊, A 入一, B and C none: A is paid m, not 2m (R-$4).
    c = settle([3, 5, 0, 0], winner=0, banker=0, streak=n, finishes=["包尊"])
    assert pays(c, 0, 1) == m
    assert pays(c, 2, 0) == 10 * m and pays(c, 3, 0) == 10 * m


@pytest.mark.parametrize("n", [1, 3])
def test_eight_stacks_example_of_seed_004(n: int) -> None:
    """A non-banker 八支: the other non-bankers pay 20, the banker 20(n+1)."""
    s = settle([0, 8, 0, 0], winner=1, banker=0, streak=n, finishes=["八支"])
    assert pays(s, 2, 1) == 20 and pays(s, 3, 1) == 20 and pays(s, 0, 1) == 20 * (n + 1)


def test_combined_finishes_of_seed_004() -> None:
    """七支 with 么結: 10×2×m; 八支 with 四大包: 20×4×m (R-$4, R-$11)."""
    s = settle([0, 0, 8, 0], winner=2, banker=0, streak=2, finishes=["七支", "么結"])
    assert pays(s, 0, 2) == 10 * 2 * 3 and pays(s, 1, 2) == 20
    s = settle([0, 0, 8, 0], winner=2, banker=0, streak=2, finishes=["八支", "四大包"])
    assert pays(s, 0, 2) == 20 * 4 * 3 and pays(s, 1, 2) == 80
    assert s.finish_multiplier == 16


def test_essay_banker_enter_two_is_not_multiplied() -> None:
    """Seed 004's argument: a 7-times banker (m = 8) with 6 stacks (入二) is paid 2, not 16."""
    s = settle([6, 2, 0, 0], winner=1, banker=0, streak=7)
    assert pays(s, 1, 0) == 2
    assert s.net == (2, 8, -5, -5)


# --- one test per rule -----------------------------------------------------------------

def test_R_D1_four_stacks_is_par() -> None:
    s = settle([4, 2, 2, 0], winner=1, banker=2)
    par = [p for p in s.payments if p.payer == 0]
    assert len(par) == 1 and par[0].amount == 0 and par[0].reason is Reason.PAR
    assert s.net[0] == 0


def test_R_D2_short_pays_four_minus_s_and_empty_pays_five() -> None:
    s = settle([3, 2, 1, 2], winner=3, banker=1)  # banker South (m = 2) pays (4 − 2) × 2
    assert pays(s, 0, 3) == 1 and pays(s, 2, 3) == 3 and pays(s, 1, 3) == 4
    s = settle([0, 8, 0, 0], winner=1, banker=1, finishes=["八支"])
    assert all(p.reason is Reason.EMPTY for p in s.payments)
    s = settle([0, 3, 3, 2], winner=3, banker=3)
    assert pays(s, 0, 3) == 5 * 2
    assert [p.reason for p in s.payments] == [Reason.EMPTY, Reason.SHORT, Reason.SHORT]


def test_R_D3_enter_one_and_two_are_paid_by_the_winner() -> None:
    s = settle([5, 2, 1, 0], winner=1, banker=2)  # a non-banker 入一
    assert pays(s, 1, 0) == 1
    s = settle([6, 2, 0, 0], winner=1, banker=0, streak=3)  # the banker 入二: not ×m
    assert pays(s, 1, 0) == 2
    s = settle([3, 5, 0, 0], winner=0, banker=0, streak=3)  # the winner is banker: ×m
    assert pays(s, 0, 1) == 4
    assert next(p.reason for p in settle([6, 2, 0, 0], winner=1).payments) is Reason.ENTER_TWO


def test_R_D4_finishes_multiply_only_what_the_winner_collects() -> None:
    s = settle([2, 5, 0, 1], winner=0, banker=0, finishes=["包尊"])  # hypothetical: 包尊 with 入一
    assert pays(s, 0, 1) == 2  # 1 × m, no ×2
    assert pays(s, 2, 0) == 5 * 2 * 2 and pays(s, 3, 0) == 3 * 2 * 2
    for f, mult in [("包尊", 2), ("四大包", 4), ("么結", 2)]:
        s = settle([2, 2, 2, 2], winner=1, banker=3, finishes=[f])
        assert pays(s, 0, 1) == 2 * mult and pays(s, 3, 1) == 2 * 2 * mult


def test_R_D5_supreme_bonus_paid_at_once() -> None:
    # East (banker, m = 2) leads 至尊 in the first trick: each other seat pays 2m.
    d = make_deal("12 24 66 66 11 11 36 45", "44 44 13 13 55 55 33 33",
                  "22 22 56 56 46 46 16 16", "15 15 26 35 25 34 23 14")
    run(d, "12 24", "x 33 33", "x 16 16", "x 23 14")
    rewards = d.immediate_payments
    assert [(p.payer, p.payee, p.amount, p.reason) for p in rewards] == [
        (1, 0, 4, Reason.SUPREME_BONUS), (2, 0, 4, Reason.SUPREME_BONUS), (3, 0, 4, Reason.SUPREME_BONUS)]
    assert d.tricks[0].rewards == rewards
    # A non-banker's supreme: the banker pays 2m, the others 2 (seed 004).
    d = make_deal("15 15 66 66 11 11 36 45", "12 24 44 44 13 13 55 55",
                  "22 22 56 56 46 46 16 16", "33 33 26 35 25 34 23 14", streak=2)
    run(d, "15", "44", "x 16", "x 23")  # South wins the first trick with 人
    run(d, "12 24", "x 56 56", "x 26 35", "x 66 66")
    assert [(p.payer, p.amount) for p in d.immediate_payments] == [(2, 2), (3, 2), (0, 6)]


def test_R_D6_quad_bonus_goes_to_the_winning_quad() -> None:
    d = make_deal("44 44 25 34 11 11 26 35", "66 66 36 45 13 13 55 55",
                  "22 22 56 56 46 46 16 16", "15 15 33 33 24 23 14 12")
    run(d, "44 44 25 34", "66 66 36 45", "x 22 22 56 56", "x 15 15 33 33")
    assert d.stacks == (0, 4, 0, 0)
    got = [(p.payer, p.payee, p.amount, p.reason) for p in d.immediate_payments]
    assert got == [(2, 1, 4, Reason.QUAD_BONUS), (3, 1, 4, Reason.QUAD_BONUS), (0, 1, 8, Reason.QUAD_BONUS)]


def test_R_D7_supreme_finish_doubles_and_pays_no_bonus() -> None:
    d = make_deal("66 66 11 11 36 45 12 24", "44 44 13 13 55 55 33 33",
                  "22 22 56 56 46 46 16 16", "15 15 26 35 25 34 23 14")
    south, west, north = "44 44 13 13 55 55 33 33".split(), "22 22 56 56 46 46 16 16".split(), \
        "15 15 26 35 25 34 23 14".split()
    for lead in "66 66 11 11 36 45".split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    run(d, "12 24", "x " + " ".join(south), "x " + " ".join(west), "x " + " ".join(north))
    assert d.immediate_payments == ()  # no 賀尊 money for a 包尊 (R-$7)
    s = d.settlement()
    assert s.finishes == (Finish.SUPREME, Finish.EIGHT)
    assert s.net == (3 * 5 * 2 * 2 * 4, -80, -80, -80)


def test_R_D8_quad_finish_collects_times_four() -> None:
    d = make_deal("11 11 26 35 66 36 45 44", "66 13 13 55 55 33 33 22",
                  "22 56 56 46 46 16 16 15", "15 44 25 34 24 23 14 12")
    south, west, north = "22 33 33 55".split(), "15 16 16 46".split(), "12 14 23 24".split()
    for lead in ("66", "36", "45", "44"):
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    assert d.stacks == (4, 0, 0, 0)
    run(d, "11 11 26 35", "x 66 13 13 55", "x 22 56 56 46", "x 15 44 25 34")
    s = d.settlement()
    assert s.finishes == (Finish.QUAD, Finish.EIGHT)
    assert d.immediate_payments == ()  # no 四大賀 money for a 四大包 (R-$8)
    assert s.net[1] == -5 * 4 * 4 * 2


def test_R_D9_led_one_two_wins_the_last_trick() -> None:
    d = make_deal("66 66 11 11 36 45 44 12", "44 13 13 55 55 33 33 22",
                  "22 56 56 46 46 16 16 15", "15 26 35 25 34 24 23 14")
    south, west, north = "22 33 33 55 55 13 13 44".split(), "15 16 16 46 46 56 56 22".split(), \
        "14 23 24 34 25 35 26 15".split()
    for lead in "66 66 11 11 36 45".split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    # Trick 7: East leads 人; South takes it with … nothing higher is left: South discards.
    run(d, "44", "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    run(d, "12", "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    s = d.settlement()
    assert s.finishes == (Finish.LOWEST, Finish.SEVEN)  # 1-2 was beatable by unseen tiles
    assert s.net == (3 * 5 * 2 * 2 * 2, -40, -40, -40)


def test_R_D10_capture_in_play() -> None:
    """The seed 004 capture played out: South leads 1-2 into the last trick, West's 2-4 wins."""
    d = make_deal("15 15 26 35 25 34 23 14", "44 44 12 13 13 55 55 45",
                  "56 56 22 22 24 46 46 16", "66 66 11 11 36 16 33 33")
    run(d, "15", "x 13", "x 46", "66")
    run(d, "66", "x 15", "x 13", "x 46")
    run(d, "11", "x 26", "x 55", "x 56")
    run(d, "36", "x 35", "x 55", "x 22")
    run(d, "11", "x 25", "x 45", "x 16")
    run(d, "16", "x 34", "x 44", "56")
    run(d, "22", "x 33", "x 23", "44")
    assert d.stacks == (0, 1, 1, 5) and d.to_play == 1 and d.is_last_trick is False
    run(d, "12", "24", "x 33", "x 14")
    s = d.settlement()
    assert s.captured == 1 and s.finishes == ()
    m = 2
    assert pays(s, 1, 2) == (3 + 5 * m) * 2 and pays(s, 0, 2) == 0 and pays(s, 2, 3) == 1
    assert [p.reason for p in s.payments if p.amount] == [Reason.CAPTURE, Reason.CAPTURE, Reason.ENTER_ONE]
    four = make_deal("15 15 26 35 25 34 23 14", "44 44 12 13 13 55 55 45",
                     "56 56 22 22 24 46 46 16", "66 66 11 11 36 16 33 33",
                     rules=Rules(capture_multiplier=4))
    for step in [a for tr in d.tricks for a in tr.actions]:
        (four.play if step.kind != "discard" else four.discard)(step.tiles)  # type: ignore[operator]
    assert pays(four.settlement(), 1, 2) == (3 + 5 * m) * 4


def test_R_D10_a_higher_single_by_someone_else_is_a_normal_loss() -> None:
    """South leads 1-2 into the last trick, West plays 2-4, but North's nine wins: no capture."""
    d = make_deal("15 15 26 35 25 34 23 14", "44 44 12 13 13 55 55 45",
                  "56 56 22 22 24 46 46 16", "66 66 11 11 36 16 33 33")
    for step in ["15|x 13|x 46|66", "66|x 15|x 13|x 46", "11|x 26|x 55|x 56", "33|x 35|x 55|x 22",
                 "11|x 25|x 45|x 16", "16|x 34|x 44|56", "22|x 33|x 23|44"]:
        run(d, *step.split("|"))
    assert d.stacks == (0, 1, 1, 5) and d.to_play == 1
    run(d, "12", "24", "36", "x 14")
    s = d.settlement()
    assert d.winner == 3 and s.captured is None and s.finishes == ()
    assert s.net == (-10, -3, -3, 16)


CIVIL_CAPTURE_HANDS = ("33 33 44 15 13 13 55 22", "55 66 66 11 11 36 22 16",
                       "44 56 56 46 46 16 15 45", "26 35 25 34 24 23 14 12")
CIVIL_CAPTURE_SCRIPT = ["33|55|x 44|x 12", "66|x 56|x 14|x 13", "66|x 56|x 23|x 13", "11|x 46|x 24|x 55",
                        "11|x 46|x 34|x 33", "36|x 45|x 25|x 22", "22|x 16|x 35|44", "15|16|x 15|x 26"]


def test_R_D10_a_led_one_five_captured_by_one_six_under_civil_supreme() -> None:
    """Under the civil supreme (R-$10), East's led 1-5 in the last trick is taken by South's
    winning 1-6: East, the banker, pays everyone's loss ×2."""
    d = make_deal(*CIVIL_CAPTURE_HANDS, rules=Rules(civil_supreme=True))
    for step in CIVIL_CAPTURE_SCRIPT:
        run(d, *step.split("|"))
    assert d.stacks == (1, 7, 0, 0) and d.winner == 1
    s = d.settlement()
    assert s.captured == 0
    assert pays(s, 0, 1) == (3 * 2 + 5 + 5) * 2 and s.net == (-32, 32, 0, 0)
    # Without the civil supreme the same play is a normal loss.
    d = make_deal(*CIVIL_CAPTURE_HANDS)
    for step in CIVIL_CAPTURE_SCRIPT:
        run(d, *step.split("|"))
    s = d.settlement()
    assert s.captured is None and s.net == (-6, 16, -5, -5)


def test_R_D11_seven_or_eight_stacks() -> None:
    # 七支: the last single (斧頭) could have been beaten by South's unseen 天; only R-W2
    # kept South out.
    others = ("66 11 44 13 55 33 22 56", "46 46 16 16 15 15 36 45", "26 35 25 34 24 23 14 12")
    d = make_deal("66 11 44 13 55 33 22 56", *others)
    south, west, north = "11 44 13 55 33 22 56".split(), others[1].split(), others[2].split()
    for lead in "66 11 44 13 55 33 22".split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    run(d, "56", "x 66", "x " + west.pop(), "x " + north.pop())
    s = d.settlement()
    assert s.finishes == (Finish.SEVEN,)
    assert s.net == (60, -20, -20, -20)  # 5 × 2 (七支) × 2 (banker) each
    # 八支: the last single is 地, after both 天 were shown face up (雙天 led).
    d = make_deal("66 66 11 44 44 13 13 36", "11 55 55 33 33 22 22 56",
                  "56 46 46 16 16 15 15 45", "26 35 25 34 24 23 14 12")
    south, west, north = "55 55 33 33 22 22 56".split(), "46 46 16 16 15 15 45 56".split(), \
        "26 35 25 34 24 23 14 12".split()
    for lead in ("66 66", "44 44", "13 13"):
        run(d, lead, "x " + south.pop() + " " + south.pop(), "x " + west.pop() + " " + west.pop(),
            "x " + north.pop() + " " + north.pop())
    run(d, "36", "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    assert d.stacks == (7, 0, 0, 0) and d.holding(0) == (Tile("11"),)
    run(d, "11", "x 11", "x " + west.pop(), "x " + north.pop())
    s = d.settlement()
    assert s.finishes == (Finish.EIGHT,)
    assert s.net == (120, -40, -40, -40)  # 5 × 4 (八支) × 2 (banker) each
    # 八支 also for a last trick of two or more tiles (R-$11): see the 包尊 and 四大包 tests.


def test_R_B1_winner_banks_next_and_streak_grows() -> None:
    assert next_banker(0, 1, 0) == (0, 2)
    assert next_banker(0, 3, 0) == (0, 4)
    assert next_banker(0, 3, 2) == (2, 1)
    s = settle([1, 4, 0, 3], winner=3, banker=0)
    assert (s.next_banker, s.next_streak) == (3, 1)
    s = settle([3, 4, 0, 1], winner=0, banker=0, streak=2)
    assert (s.next_banker, s.next_streak) == (0, 3)
    assert s.multiplier == 3 == banker_multiplier(2)


def test_R_S2_first_banker_by_dice_then_the_winner_banks() -> None:
    from tiangow import first_banker

    assert first_banker([(1, 2), (6, 6), (3, 3), (5, 6)]) == 1
    assert first_banker([(6, 6), (6, 6), (3, 3), (5, 6)]) is None  # tie: throw again
    assert next_banker(1, 1, 3) == (3, 1)  # 飛莊


def test_banker_rotation_variant() -> None:
    r = Rules(banker_rotation="rotate")
    assert next_banker(0, 1, 2, r) == (1, 1)
    assert next_banker(3, 1, 1, r) == (0, 1)
    assert next_banker(2, 2, 2, r) == (2, 3)


def test_payment_lines_explain_the_rule() -> None:
    s = settle([0, 0, 8, 0], winner=2, banker=0, finishes=["八支"])
    line = s.payments[0]
    assert line.explain("en") == "East pays West 40: 空棟 no stack, 5 ×2 banker ×4 eight stacks (R-$2, R-$11)"
    assert "R-$11" in line.rules and "八支" in line.explain("zh-Hant")
    assert "庄" in line.explain("zh-Hans")
    assert "net:" in str(s)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"stacks": [1, 1, 1, 1], "winner": 0}, "sum to 8"),
        ({"stacks": [1, 4, 0, 3], "winner": 0}, "at least 2 stacks"),
        ({"stacks": [0, 8, 0, 0], "winner": 1}, "七支 or 八支"),
        ({"stacks": [2, 6, 0, 0], "winner": 1, "finishes": ["八支"]}, "all 8 stacks"),
        ({"stacks": [2, 6, 0, 0], "winner": 1, "finishes": ["包尊", "么結"]}, "cannot both"),
        ({"stacks": [2, 6, 0, 0], "winner": 1, "captured": 1}, "cannot be the winner"),
        ({"stacks": [2, 6, 0, 0], "winner": 1, "captured": 0, "finishes": ["包尊"]}, "cannot go with"),
        ({"stacks": [2, 6, 0, 0], "winner": 1, "finishes": ["雙天"]}, "not a special finish"),
        ({"stacks": [2, 6, 0, 0], "winner": 5}, "seat 0–3"),
        ({"stacks": [2, 6, 0, 0], "winner": 1, "streak": 0}, "streak"),
        ({"stacks": "2600", "winner": 1}, "four whole numbers"),
        ({"stacks": [2, 6, 0], "winner": 1}, "four whole numbers"),
        ({"stacks": [2, 6, 0, 0], "winner": 1, "rules": Rules(hand_size=4)}, "小天九"),
    ],
)
def test_settle_rejects_inconsistent_ends(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(SettlementError) as exc:
        settle(**kwargs)  # type: ignore[arg-type]
    assert fragment in str(exc.value)
