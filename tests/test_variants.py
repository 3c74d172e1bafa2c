"""RULES §10: every variant switch changes what it should and nothing else."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers import make_deal, plays_of, run
from tiangow import (
    VARIANT_NOTES,
    Deal,
    Finish,
    IllegalPlay,
    Natural,
    Reason,
    Rules,
    RulesError,
    SettlementError,
    parse_tiles,
)


def notations(plays: list[tuple[object, ...]]) -> list[str]:
    return [" ".join(t.notation for t in p) for p in plays]  # type: ignore[attr-defined]


def test_fields_match_the_rows_of_RULES_section_10_in_order() -> None:
    names = [f.name for f in dataclasses.fields(Rules)]
    assert names == ["civil_supreme", "capture_civil_supreme", "capture_multiplier", "capture_wins_trick",
                     "finish_collects_immediate", "eight_stack_rule", "free_split", "banker_rotation",
                     "naturals", "hand_size"]
    defaults = Rules()
    assert (defaults.civil_supreme, defaults.capture_civil_supreme, defaults.capture_multiplier,
            defaults.capture_wins_trick, defaults.finish_collects_immediate, defaults.eight_stack_rule,
            defaults.free_split, defaults.banker_rotation, defaults.naturals, defaults.hand_size) == (
        False, False, 2, False, False, "essay", True, "winner", frozenset(), 8)
    for row in VARIANT_NOTES:
        assert row["default_source"] and row["other_source"] and row["rule"]


def test_each_field_docstring_names_its_source() -> None:
    import ast
    import inspect

    import tiangow.rules as mod

    tree = ast.parse(inspect.getsource(mod.Rules))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for a, b in zip(body, body[1:], strict=False):
        if isinstance(a, ast.AnnAssign) and isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant):
            docs[a.target.id] = b.value.value  # type: ignore[union-attr]
    for f in dataclasses.fields(Rules):
        assert f.name in docs, f.name
        assert "seed" in docs[f.name] or "Ng" in docs[f.name] or "Wong" in docs[f.name], f.name


def test_rules_are_frozen_hashable_and_validated() -> None:
    r = Rules(civil_supreme=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.civil_supreme = False  # type: ignore[misc]
    assert hash(r) == hash(Rules(civil_supreme=True))
    assert r.replace(capture_civil_supreme=True).capture_civil_supreme
    for bad in [dict(civil_supreme="yes"), dict(capture_multiplier=3), dict(eight_stack_rule="celko"),
                dict(banker_rotation="clockwise"), dict(hand_size=6), dict(naturals={"七文X"}),
                dict(naturals="四對"), dict(capture_civil_supreme=True), dict(hand_size=4, naturals={"四對"})]:
        with pytest.raises(RulesError):
            Rules(**bad)  # type: ignore[arg-type]
    assert Rules(naturals={"FOUR_PAIRS", "四對", Natural.NO_RED}).naturals == {Natural.FOUR_PAIRS, Natural.NO_RED}
    assert repr(Rules(free_split=False)) == "Rules(free_split=False)"


def test_civil_supreme_bundle_lowest_finish_with_a_led_one_five() -> None:
    hands = ("66 66 11 11 36 45 44 15", "44 13 13 55 55 33 33 22",
             "22 56 56 46 46 16 16 15", "26 35 25 34 24 23 14 12")
    south, west, north = "22 33 33 55 55 13 13 44".split(), "15 16 16 46 46 56 56 22".split(), \
        "12 14 23 24 34 25 35 26".split()
    script = []
    for lead in "44 66 66 11 11 36 45 15".split():
        script.append((lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop()))
    finishes = {}
    for rules in (Rules(), Rules(civil_supreme=True)):
        d = make_deal(*hands, rules=rules)
        for step in script:
            run(d, *step)
        finishes[rules.civil_supreme] = d.settlement().finishes
    assert finishes[False] == (Finish.SEVEN,)
    assert finishes[True] == (Finish.LOWEST, Finish.SEVEN)


def test_capture_civil_supreme_pair_of_one_six() -> None:
    hands = ("15 15 66 66 11 11 36 45", "16 16 44 44 13 13 55 55",
             "22 22 56 56 46 46 33 33", "26 35 25 34 24 23 14 12")
    d = make_deal(*hands, rules=Rules(civil_supreme=True))
    d.play("15 15")
    assert plays_of(d) == []  # a supreme cannot be beaten (R-C4)
    r = Rules(civil_supreme=True, capture_civil_supreme=True)
    d = make_deal(*hands, rules=r)
    d.play("15 15")
    assert notations(plays_of(d)) == ["1-6 1-6"]
    d.play("16 16")
    assert plays_of(d) == []  # the capture cannot be beaten again
    with pytest.raises(IllegalPlay, match="cannot be beaten again"):
        d.play("33 33")
    run(d, "x 22 22", "x 26 35")
    assert d.stacks == (0, 2, 0, 0)
    got = [(p.payer, p.payee, p.amount, p.reason) for p in d.immediate_payments]
    assert got == [(2, 1, 2, Reason.SUPREME_CAPTURED), (3, 1, 2, Reason.SUPREME_CAPTURED),
                   (0, 1, 4, Reason.SUPREME_CAPTURED)]


CAPTURE_WINS_HANDS = ("15 15 26 35 25 34 23 14", "44 44 12 13 13 55 55 45",
                      "56 56 22 22 36 46 46 16", "66 66 11 11 24 16 33 33")
CAPTURE_WINS_SCRIPT = ["15|x 13|x 46|66", "66|x 15|x 13|x 46", "11|x 26|x 55|x 56", "33|x 35|x 55|x 22",
                       "11|x 25|x 45|x 16", "16|x 34|x 44|56", "22|x 33|x 23|44"]


def test_capture_wins_trick_yi_qin_wei_da() -> None:
    # Default: West's nine beats the led 1-2; North's 2-4 cannot beat a nine: West wins.
    d = make_deal(*CAPTURE_WINS_HANDS)
    for step in CAPTURE_WINS_SCRIPT:
        run(d, *step.split("|"))
    run(d, "12", "36")
    assert plays_of(d) == []
    run(d, "x 24", "x 14")
    s = d.settlement()
    assert d.winner == 2 and s.captured is None
    # 以擒為大: North may play 2-4 over the nine, nobody after may beat it, and it captures.
    d = make_deal(*CAPTURE_WINS_HANDS, rules=Rules(capture_wins_trick=True))
    for step in CAPTURE_WINS_SCRIPT:
        run(d, *step.split("|"))
    run(d, "12", "36")
    assert notations(plays_of(d)) == ["2-4"]
    d.play("24")
    assert plays_of(d) == []
    with pytest.raises(IllegalPlay, match="以擒為大"):
        d.play("14")
    d.discard("14")
    s = d.settlement()
    assert d.winner == 3 and s.captured == 1
    assert s.net == (0, -(3 + 3 + 10) * 2, 0, 32)


def test_finish_collects_immediate() -> None:
    hands = ("66 66 11 11 36 45 12 24", "44 44 13 13 55 55 33 33",
             "22 22 56 56 46 46 16 16", "15 15 26 35 25 34 23 14")
    nets = {}
    for rules in (Rules(), Rules(finish_collects_immediate=True)):
        d = make_deal(*hands, rules=rules)
        south, west, north = list(hands[1].split()), list(hands[2].split()), list(hands[3].split())
        for lead in "66 66 11 11 36 45".split():
            run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
        run(d, "12 24", "x " + " ".join(south), "x " + " ".join(west), "x " + " ".join(north))
        nets[rules.finish_collects_immediate] = d.settlement().net
        assert d.settlement().finishes == (Finish.SUPREME, Finish.EIGHT)
    assert nets[False] == (240, -80, -80, -80)
    assert nets[True] == (252, -84, -84, -84)  # plus 賀尊 2 × m from each


def test_eight_stack_rule_wikipedia() -> None:
    hands = ("66 66 11 11 36 45 44 12", "44 13 13 55 55 33 33 22",
             "22 56 56 46 46 16 16 15", "15 26 35 25 34 24 23 14")

    def play(order: str, rules: Rules) -> tuple[Finish, ...]:
        d = make_deal(*hands, rules=rules)
        south, west, north = "22 33 33 55 55 13 13 44".split(), "15 16 16 46 46 56 56 22".split(), \
            "14 23 24 34 25 35 26 15".split()
        for lead in order.split():
            run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
        return d.settlement().finishes

    wiki = Rules(eight_stack_rule="wikipedia")
    # The banker opened with 人 and finished with 1-2: 七支 by the essay (a single that unseen
    # tiles could beat), 八支 by Wikipedia (a 1-2 finish counts).
    assert play("44 66 66 11 11 36 45 12", Rules()) == (Finish.LOWEST, Finish.SEVEN)
    assert play("44 66 66 11 11 36 45 12", wiki) == (Finish.LOWEST, Finish.EIGHT)
    # Opening with 天, the banker gets only 七支 under Wikipedia's reading.
    assert play("66 66 11 11 36 45 44 12", wiki) == (Finish.LOWEST, Finish.SEVEN)


def test_free_split_wong_rule() -> None:
    hands = ("11 11 26 66 36 44 13 55", "66 44 13 55 33 33 22 22",
             "56 56 46 46 16 16 15 15", "45 35 25 34 24 23 14 12")
    d = make_deal(*hands, rules=Rules(free_split=False))
    leads = notations(plays_of(d))
    assert "1-1 1-1 2-6" in leads
    for split in ("1-1", "2-6", "1-1 1-1", "1-1 2-6"):
        assert split not in leads
    assert "6-6" in leads and "3-6" in leads and "6-6 3-6" in leads  # 天 and 九 may be split
    with pytest.raises(IllegalPlay, match="R-C5") as exc:
        d.play("11 26")
    assert "三文地八" in str(exc.value)
    assert make_deal(*hands).is_legal("11 26")  # free by default
    # A follower may still split: North (holding one seven, a whole family) leads it.
    d = make_deal("13 11 11 26 55 66 36 44", "66 44 13 55 33 34 22 22",
                  "56 56 46 46 16 16 15 15", "45 35 25 33 24 23 14 12", banker=3, rules=Rules(free_split=False))
    d.play("25")
    assert "2-6" in notations(plays_of(d))
    d.play("26")  # East splits its 三文地八 to beat
    assert d.best[1].name == "八"  # type: ignore[index]


def test_naturals_variant() -> None:
    hands = ("55 55 33 33 22 22 56 56", "66 66 11 11 44 44 13 13",
             "46 46 16 16 15 15 36 45", "26 35 25 34 24 23 14 12")
    assert not make_deal(*hands).is_over
    d = make_deal(*hands, streak=2, rules=Rules(naturals={Natural.FOUR_PAIRS}))
    assert d.is_over and d.winner == 0 and d.natural == (0, Natural.FOUR_PAIRS)
    assert d.stacks == (8, 0, 0, 0)
    s = d.settlement()
    assert s.natural is Natural.FOUR_PAIRS
    assert s.net == (3 * 5 * 4 * 3, -60, -60, -60)
    with pytest.raises(IllegalPlay, match="natural"):
        d.play("55")


def test_hand_size_four_plays_but_is_not_settled() -> None:
    r = Rules(hand_size=4)
    d = Deal([parse_tiles("66 66 36 45"), parse_tiles("11 11 26 35"), parse_tiles("44 44 25 34"),
              parse_tiles("13 13 23 14")], rules=r)
    d.play("66 66 36 45")
    assert d.is_last_trick
    run(d, "x 11 11 26 35", "x 44 44 25 34", "x 13 13 23 14")
    assert d.is_over and d.stacks == (4, 0, 0, 0) and d.winner == 0
    assert d.immediate_payments == ()  # no money at all: no source scores 小天九
    with pytest.raises(SettlementError, match="R-S3"):
        d.settlement()
