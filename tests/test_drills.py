"""Every drill generator: well-formed questions whose answers agree with the engine."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from tests.helpers import combinations_of
from tiangow import (
    KINDS,
    Deal,
    Method,
    Move,
    Rules,
    classify,
    combinations_in,
    first_banker,
    first_taker,
    naturals_in,
    search,
    settle,
)
from tiangow import next_banker as engine_next_banker
from tiangow.combos import can_beat
from tiangow.drills import DrillFinished, MasteryCheck, dealing, ranks, scoring, tricks, variants
from tiangow.drills import combinations as combos_drill
from tiangow.drills.base import AnswerError, Question
from tiangow.errors import NotACombination, TiangowError
from tiangow.players.positions import deal_until

SEEDS = range(40)


def well_formed(q: Question) -> None:
    assert q.check(q.answer)
    if q.mode == "choice":
        labels = [c.label("zh-Hant") for c in q.choices]
        assert len(set(labels)) == len(labels), labels
        for c in q.choices:
            assert (c.why is None) == (c.key == q.answer), (q.id, c.key)
    assert q.explanation("en") and q.explanation("zh-Hant")
    assert q.rule
    with pytest.raises(AnswerError):
        q.check("no such answer")


# --- 02 ranks -------------------------------------------------------------------------------

def test_R_C1_R_C3_rank_questions_agree_with_the_engine() -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        for kind in ranks.QUESTION_KINDS:
            q = ranks.make_question(kind, rng.choice(KINDS), rng, seed)
            well_formed(q)
            if kind == "single":
                (led,), (follow,) = (tiles for _, tiles in q.groups)
                beats = can_beat(classify([follow]), classify([led]))
                assert q.answer == ("follow" if beats else "lead")
            if kind == "can_beat":
                (other,), (tile,) = (tiles for _, tiles in q.groups)
                assert q.answer == ("yes" if can_beat(classify([tile]), classify([other])) else "no")
            if kind == "order":
                tiles = [c.tiles[0] for c in q.choices]
                expected = {
                    ",".join(map(str, perm)) for perm in itertools.permutations(range(5))
                    if all(tiles[a].rank <= tiles[b].rank for a, b in itertools.pairwise(perm))
                }
                assert q.accepts == expected
                wrong = next(",".join(map(str, p)) for p in itertools.permutations(range(5))
                             if ",".join(map(str, p)) not in expected)
                assert not q.check(wrong) and q.why(wrong)("en")
                with pytest.raises(AnswerError):
                    q.check("0,0,1,2,3")


# --- 03 combinations ------------------------------------------------------------------------

def test_R_C2_combination_questions_agree_with_classify() -> None:
    kinds_seen = set()
    for seed in SEEDS:
        rng = random.Random(seed)
        q = combos_drill.make_question("classify", rng, seed)
        well_formed(q)
        try:
            c = classify(q.shown)
            assert q.answer == c.kind.name
            kinds_seen.add(c.kind.name)
        except NotACombination:
            assert q.answer == "none" and q.rule == "R-C2"
            kinds_seen.add("none")
        q = combos_drill.make_question("compare", rng, seed)
        well_formed(q)
        (_, a_tiles), (_, b_tiles) = q.groups
        a, b = classify(a_tiles), classify(b_tiles)
        if can_beat(a, b):
            assert q.answer == "a"
        elif can_beat(b, a):
            assert q.answer == "b"
        elif a.kind is b.kind and a.kind.name != "SUPREME":
            assert q.answer == "equal"
        else:
            assert q.answer == "neither"
    assert "none" in kinds_seen and len(kinds_seen) >= 6


def test_R_C5_find_every_play_task() -> None:
    rng = random.Random(3)
    for _ in range(20):
        task = combos_drill.find_task(rng)
        assert len(task.holding) == 8
        assert {c.key for c in task.targets} == {c.key for c in combinations_in(task.holding) if c.size >= 2}
        assert 3 <= len(task.targets) <= 7
        play, _ = task.check(task.targets[0].tiles)
        assert play is not None and play.key == task.targets[0].key
        assert task.check(task.holding[:1])[0] is None
        bad = task.check((task.holding[0], task.holding[-1]))
        assert bad[0] is None or bad[0].size == 2


# --- 04 tricks ------------------------------------------------------------------------------

def test_R_P5_who_wins_the_trick_agrees_with_the_deal() -> None:
    seats = ("East", "South", "West", "North")
    for seed in SEEDS:
        q = tricks.make_question("winner", random.Random(seed), seed)
        well_formed(q)
        assert len(q.groups) == 4
        best = None
        winner = None
        for label, tiles in q.groups:
            if None in tiles:  # a discard, face down: never wins (R-P3)
                continue
            play = classify(tiles)
            assert best is None or can_beat(play, best)  # each face-up play beat the best so far
            best, winner = play, seats.index(label("en").split()[0])
        assert q.answer == str(winner)


def test_R_W1_R_W2_could_this_seat_still_win_agrees_with_the_search() -> None:
    rules_seen = set()
    for seed in range(80):
        rng = random.Random(seed)
        q = tricks.make_question("can_win", rng, seed)
        well_formed(q)
        rules_seen.add(q.rule)
    assert rules_seen == {"R-W1", "R-W2"}


def test_R_P3_act_tasks_accept_exactly_the_right_actions() -> None:
    rng = random.Random(7)
    w2 = 0
    for _ in range(40):
        task = tricks.act_task(rng)
        d = task.deal
        assert d.to_play == task.seat and d.trick_size is not None
        plays = combinations_of(d)
        hand = d.holding(task.seat)
        some = hand[: d.trick_size]
        ok, why = task.check(Move(some, discard=True))
        assert ok == (not plays), why("en")
        if plays:
            ok, why = task.check(Move(plays[-1].tiles))
            assert ok and "R-C1" in why("en")
        if d.is_last_trick and d.stacks[task.seat] + d.trick_size < 2:
            w2 += 1
            ok, why = task.check(Move(some, discard=True))
            assert ok and "R-W2" in why("en")
        for combo in combinations_in(hand):
            if combo.size == d.trick_size and combo not in plays:
                assert not task.check(Move(combo.tiles))[0]
    assert w2 >= 5


def test_R_W3_play_out_positions_are_winnable_with_a_choice_to_make() -> None:
    rng = random.Random(11)
    for _ in range(6):
        task = tricks.play_out_task(rng)
        assert search.forced_win(task.start, task.seat)
        assert max(len(task.start.holding(s)) for s in range(4)) == 3


# --- 05 scoring -----------------------------------------------------------------------------

def test_R_D1_R_D11_scoring_questions_agree_with_settle() -> None:
    finishes = set()
    for seed in range(120):
        rng = random.Random(seed)
        end = scoring.random_end(rng)
        s = end.settle()
        assert sum(s.net) == 0
        finishes.update(f.value for f in end.finishes)
        if end.captured is not None:
            finishes.add("擒")
    assert finishes >= {"包尊", "四大包", "么結", "七支", "八支", "擒"}
    for seed in SEEDS:
        q = scoring.make_question("pay", random.Random(seed), seed)
        well_formed(q)
        q = scoring.make_question("next_banker", random.Random(seed), seed)
        well_formed(q)


def test_R_B1_next_banker_question() -> None:
    rng = random.Random(5)
    for _ in range(30):
        end = scoring.random_end(rng)
        s = end.settle()
        assert (s.next_banker, s.next_streak) == engine_next_banker(end.banker, end.streak, end.winner)


def test_classic_mistakes_differ_from_the_right_result() -> None:
    from tiangow import settle

    s = settle([0, 1, 2, 5], winner=2, banker=0)  # banker empty, West wins, North 入一
    wrong = scoring.mistakes(s, 0)
    assert wrong["no_banker"] == -5 and wrong["empty_as_four"] == -8 and s.net[0] == -10
    s = settle([3, 5, 0, 0], winner=0, banker=0, finishes=["包尊"])
    assert scoring.mistakes(s, 1)["finish_on_enter"] == 4  # the 入一 multiplied by the finish: wrong
    s = settle([2, 5, 1, 0], winner=0, banker=2, streak=3, finishes=["四大包"])
    assert s.net[1] == 1 and scoring.mistakes(s, 1) == {"finish_on_enter": 4, "enter_as_par": 0, "reversed": -1}
    # (×4 of 四大包, not ×2)
    s = settle([2, 5, 1, 0], winner=0, banker=1, streak=3)  # the banker (m = 4) has 入一
    assert s.net[1] == 1 and scoring.mistakes(s, 1) == {"banker_enter_multiplied": 4, "enter_as_par": 0,
                                                        "reversed": -1}  # ×m, not ×2
    assert "banker_enter_multiplied" not in scoring.mistakes(settle([2, 5, 1, 0], winner=0, banker=2), 1)


# --- 06 variants ----------------------------------------------------------------------------

def test_every_variant_demo_changes_with_the_reading() -> None:
    from dataclasses import fields

    assert [d.field for d in variants.DEMOS] == [f.name for f in fields(Rules)]
    for demo in variants.DEMOS:
        texts = {demo.show(demo.rules(value))[1]("en") for value, _ in demo.options}
        assert len(texts) == len(demo.options), demo.field
        assert demo.who("en") and demo.reasons("en")


def _seat_of(name: str) -> int:
    return ("East", "South", "West", "North").index(name)


def _variant_answer_from_the_engine(q: Question) -> str:
    """The answer to a variant question worked out again from what the question says (its
    English prompt and the tiles it shows), by the engine: not by the drill's own code."""
    prompt = q.prompt("en")
    if q.item == "civil_supreme":
        on = prompt.startswith("With the civil supreme")
        assert on or prompt.startswith("Without the civil supreme"), prompt
        return classify(q.shown, Rules(civil_supreme=on)).kind.name  # type: ignore[arg-type]
    if q.item == "capture_multiplier":
        m = re.search(r"Banker: (\w+) \(hand (\d+) of the streak.*Stacks: East (\d), South (\d), West (\d), "
                      r"North (\d)\. (\w+) won the last trick\. (\w+) led .* A capture pays ×(\d)\.", prompt)
        assert m, prompt
        banker, streak, *stacks = m.groups()[:6]
        winner, captured, cm = _seat_of(m.group(7)), _seat_of(m.group(8)), int(m.group(9))
        s = settle([int(x) for x in stacks], winner, _seat_of(banker), int(streak), captured=captured,
                   rules=Rules(capture_multiplier=cm))
        paid = sum(p.amount for p in s.payments if p.payer == captured)
        other = settle([int(x) for x in stacks], winner, _seat_of(banker), int(streak), captured=captured,
                       rules=Rules(capture_multiplier=6 - cm))
        assert sum(p.amount for p in other.payments if p.payer == captured) * cm == paid * (6 - cm)  # R-$10
        return str(paid)
    if q.item == "free_split":
        wong = prompt.startswith("Under Wong's rule")
        assert wong or prompt.startswith("With free splitting"), prompt
        (_, east), (_, play) = q.groups
        rest = [t for t in KINDS for _ in range(t.copies)]
        for t in east:
            rest.remove(t)  # type: ignore[arg-type]
        d = Deal([east, rest[:8], rest[8:16], rest[16:24]], banker=0, rules=Rules(free_split=not wong))
        allowed = d.is_legal(Move(play))  # type: ignore[arg-type]
        if not wong:
            assert allowed  # free splitting: any held combination may be led (R-C5)
        return "yes" if allowed else "no"
    if q.item == "banker_rotation":
        m = re.search(r"(\w+) is banker and (\w+) wins the hand", prompt)
        assert m, prompt
        rotate = prompt.startswith("輪莊")
        nb, _ = engine_next_banker(_seat_of(m.group(1)), 1, _seat_of(m.group(2)),
                                   Rules(banker_rotation="rotate" if rotate else "winner"))
        return str(nb)
    raise AssertionError(q.item)


def test_variant_questions_agree_with_the_engine() -> None:
    seen: set[tuple[str, str]] = set()
    for seed in SEEDS:
        rng = random.Random(seed)
        for kind in variants.QUESTION_KINDS:
            q = variants.make_question(kind, rng, seed)
            well_formed(q)
            assert q.answer == _variant_answer_from_the_engine(q), (kind, q.prompt("en"), q.answer)
            seen.add((kind, q.answer))
    # Both readings are asked: each variant's question has more than one answer over the seeds.
    for kind in variants.QUESTION_KINDS:
        assert len({a for k, a in seen if k == kind}) > 1, kind


# --- 07 dealing -----------------------------------------------------------------------------

def test_R_S2_dealing_questions_agree_with_the_engine() -> None:
    answers = set()
    for seed in range(80):
        rng = random.Random(seed)
        for kind in dealing.QUESTION_KINDS:
            q = dealing.make_question(kind, rng, seed)
            well_formed(q)
            answers.add((kind, q.answer))
    assert ("first_banker", "tie") in answers
    assert {a for k, a in answers if k == "natural"} == {"none", "seven", "eight"}


def test_dealing_answers_recomputed() -> None:
    rng = random.Random(2)
    for _ in range(40):
        q = dealing.make_question("first_taker", rng)
        banker = next(s for s in range(4) if q.prompt("en").startswith(("East", "South", "West", "North")[s]))
        dice = tuple(int(x) for x in q.prompt("en").split("dice show ")[1].split(".")[0].split(" and "))
        assert q.answer == str(first_taker(banker, dice))  # type: ignore[arg-type]
        q = dealing.make_question("natural", rng)
        best = max((n.stacks_bonus for n in naturals_in(q.shown)), default=0)
        assert q.answer == {0: "none", 2: "seven", 4: "eight"}[best]
        q = dealing.make_question("method", rng)
        method = next(m for m in Method if m.value in q.prompt("en"))
        taker = int(q.prompt("en").split("taker ")[1].split(" ")[0].rstrip("?"))
        stacks = sorted({s for k, ps in method.takes() if k == taker for s, _ in ps})
        assert q.answer == ",".join(map(str, stacks))
    assert first_banker([(6, 6), (6, 6), (1, 1), (1, 2)]) is None


# --- the mastery check ----------------------------------------------------------------------

def test_mastery_check_asks_a_fixed_number_and_records_a_pass() -> None:
    check = MasteryCheck([lambda rng: ranks.make_question("can_beat", rng.choice(KINDS), rng)], questions=3, pass_mark=2)
    rng = random.Random(1)
    for right in (True, False, True):
        q = check.next_question(rng)
        check.record(q, right, 1)
    with pytest.raises(DrillFinished):
        check.next_question(rng)
    assert check.passed and check.best == 2 and check.attempts == 1
    assert "Passed" in check.summary()("en")
    check.restart()
    for _ in range(3):
        check.record(check.next_question(rng), False, 3)
    assert check.passed and check.best == 2 and check.attempts == 2  # a pass is kept
    assert "Not yet" in check.summary()("en")
    fresh = MasteryCheck([lambda rng: ranks.make_question("can_beat", rng.choice(KINDS), rng)])
    fresh.load({"best": 99, "attempts": -2, "passed": "yes"})
    assert (fresh.best, fresh.attempts, fresh.passed) == (0, 0, False)
    fresh.load(check.state())
    assert fresh.passed and fresh.progress() == (1, 1)
    with pytest.raises(TiangowError):
        MasteryCheck([])
    with pytest.raises(TiangowError):
        MasteryCheck([lambda rng: ranks.make_question("can_beat", KINDS[0], rng)], questions=3, pass_mark=4)


# --- the search's win questions -----------------------------------------------------------------------------

def test_search_lines_and_forced_wins_replay() -> None:
    rng = random.Random(9)
    checked = 0
    for _ in range(25):
        d = deal_until(rng, 3)
        for seat in range(4):
            possible, line = search.can_win(d, seat)
            if search.forced_win(d, seat):
                assert possible
            if possible:
                node = d.copy()
                for m in line:
                    node.push(m)
                assert node.is_over and node.winner == seat
            if search.forced_win(d, seat):
                # winning moves against random defence always win
                for _ in range(5):
                    node = d.copy()
                    while not node.is_over:
                        if node.to_play == seat:
                            node.push(rng.choice(search.winning_moves(node, seat)))
                        else:
                            node.push(rng.choice(node.legal_moves()))
                    assert node.winner == seat
                    checked += 1
    assert checked > 0
    with pytest.raises(TiangowError, match="at most 5 tiles"):
        search.can_win(Deal.random(1), 0)  # a whole hand is too big to search


def test_a_wrong_name_names_every_tile_that_bears_it() -> None:
    """Issue 25: "八 is 3-5, not this tile" — 2-6 is 八 too: the feedback says every tile of the name."""
    from tiangow.drills.tiles import make_question as tile_question
    from tiangow.tiles import Tile

    seen = set()
    for i in range(300):
        rng = random.Random(i)
        q = tile_question("name", rng.choice(KINDS), rng, i)
        for c in q.choices:
            if c.key == q.answer:
                continue
            named = [t.notation for t in KINDS if t.name == Tile(c.key).name]
            why = q.why(c.key)
            assert why is not None and all(n in why("en") and n in why("zh-Hant") for n in named)
            if len(named) == 2:
                seen.add(Tile(c.key).name)
    assert seen == {"九", "八", "七", "五"}


def test_a_wrong_settlement_number_says_which_slip_gives_it() -> None:
    """Issue 25: each wrong number of a settlement question names the slip that gives it (the
    multiplier forgotten, paid instead of collected, 空棟 as 4 …), checked by recomputing it."""
    from tiangow.drills.scoring import MISTAKE_TEXT, mistakes, random_end
    from tiangow.drills.scoring import make_question as pay_question
    from tiangow.scoring import Finish

    named = generic = 0
    slips_seen: set[str] = set()
    for i in range(300):
        q = pay_question("pay", random.Random(i), i)
        for c in q.choices:
            if c.key == q.answer:
                continue
            why = q.why(c.key)
            assert why is not None
            slip = next((m for m, t in MISTAKE_TEXT.items() if t.en == why.en), None)
            if slip is None:
                generic += 1
                assert "Work it out again" in why.en
            else:
                named += 1
                slips_seen.add(slip)
    assert generic * 10 < named  # almost every wrong number is a named slip
    assert {"no_banker", "reversed", "empty_as_four", "stacks_paid", "no_finish"} <= slips_seen
    # the slips are what they say: recomputed on RULES's worked examples
    s = settle((1, 4, 0, 3), 3, 0, 1)
    assert mistakes(s, 0) == {"no_banker": -3, "stacks_paid": -2, "reversed": 6}
    assert mistakes(s, 2)["empty_as_four"] == -4 and mistakes(s, 2)["reversed"] == 5
    s = settle((1, 5, 0, 2), 3, 0, 1)  # worked example 2: South 入一, paid 1 by North
    assert s.net[1] == 1 and mistakes(s, 1)["enter_as_par"] == 0
    s = settle((1, 2, 0, 5), 1, 0, 1, (), 0)  # East captured
    assert mistakes(s, 2)["no_capture"] == -5 and s.net[2] == 0
    # 七支 on a mastery question's end of hand is explained where it is shown
    for i in range(400):
        end = random_end(random.Random(i))
        if Finish.SEVEN in end.finishes:
            assert "could have been beaten" in end.describe().en and "R-$11" in end.describe().zh
            break
    else:
        raise AssertionError("no 七支 end in 400 draws")


def test_a_two_way_question_shows_why_the_line_that_wins_or_why_none_can() -> None:
    """Issue 25: "can West still win?" ends after one miss, so its explanation shows why: the
    line that wins, trick by trick, replayed here; or a reason checked against the tiles."""
    from tiangow.combos import can_beat, combinations_in
    from tiangow.drills.tricks import _why_none_can, line_text

    kinds = {"yes": 0, "two stacks": 0, "never takes a trick": 0}
    for seed in range(120):
        rng = random.Random(seed)
        d = deal_until(rng, rng.choice((1, 2, 2, 3)))
        for seat in range(4):
            possible, line = search.can_win(d, seat)
            if possible:
                board = d.copy()
                for mv in line:
                    board.push(mv)
                assert board.winner == seat
                text = line_text(d, line)("en")
                assert text.endswith(f"{SEATS[seat]} takes it.") and f"Trick {board.tricks[-1].number}:" in text
                kinds["yes"] += 1
                continue
            reason = _why_none_can(d, seat)
            if reason is None:
                assert d.stacks[seat] < 2  # then it is the two-stack rule (R-W2), said as such
                kinds["two stacks"] += 1
                continue
            kinds["never takes a trick"] += 1
            # the takers it names hold every play the seat would have to beat; it beats none
            takers = [s for s in range(4) if SEATS[s] in reason("en").split(". ")[0] and s != seat]
            mine = combinations_in(d.holding(seat))
            assert not any(can_beat(m, c) for m in mine for t in takers for c in combinations_in(d.holding(t)))
    assert min(kinds.values()) > 0, kinds


SEATS = ("East", "South", "West", "North")


def test_R_11_seven_or_eight_stacks_question() -> None:
    """Issue 25: a drill asks 七支 or 八支 at the end of a hand (it was only in prose); the
    engine's answer checked against R-$11 read directly, and the why names the tiles."""
    from tiangow.combos import can_beat, classify
    from tiangow.tiles import full_set

    seen = set()
    for i in range(80):
        q = scoring.make_question("seven_eight", random.Random(i), i)
        well_formed(q)
        assert q.rule == "R-$11" and q.tries == 1  # two choices: one miss ends it, with the why
        (_, leads), (_, last) = q.groups
        beaters = [t for t in full_set() if can_beat(classify((t,)), classify(last))] if len(last) == 1 else []
        unseen = [t for t in beaters if t not in leads or leads.count(t) < full_set().count(t)]
        eight = len(last) >= 2 or not unseen
        assert q.answer == ("eight" if eight else "seven")
        why = q.explanation("en")
        if not eight:
            assert all(t.name in why for t in unseen) and "R-W2" in why
        seen.add((q.answer, len(last) >= 2, bool(beaters)))
    assert seen == {("seven", False, True), ("eight", True, False), ("eight", False, False), ("eight", False, True)}


def test_R_C1_cross_off_the_tiles_the_highest_tile_not_seen_of_each_class() -> None:
    """A counting question from real deals, civil or military: the answer is the highest rank of
    the class of which not every tile is in the learner's hand or played face up (face-down
    discards cannot be crossed off; two military tiles of equal rank count together: 九 is 3-6
    or 4-5), recomputed here from the tiles the question shows."""
    from tiangow import CIVIL_KINDS, MILITARY_KINDS, full_set
    from tiangow.drills.tricks import make_question

    rng = random.Random(8)
    classes = set()
    for n in range(60):
        q = make_question("unseen", rng, n)
        civil = "civil tile?" in q.prompt.en
        assert civil or "military tile?" in q.prompt.en
        classes.add(civil)
        known = [t for _, tiles in q.groups for t in tiles if t is not None]  # face-down discards are None
        kinds = CIVIL_KINDS if civil else MILITARY_KINDS
        ranks = sorted({k.rank for k in kinds})
        left = {r: sum(full_set().count(k) - known.count(k) for k in kinds if k.rank == r) for r in ranks}
        highest = next(r for r in ranks if left[r] > 0)
        assert highest != ranks[0]  # something was crossed off
        assert q.answer == next(k for k in kinds if k.rank == highest).notation, (q.answer, highest)
        assert q.answer in {c.key for c in q.choices} and len(q.choices) >= 3
        for c in q.choices:
            assert (c.why is None) == (c.key == q.answer)
        assert "R-P3" in q.explanation.en and "R-P3" in q.explanation.zh
        if not civil:
            assert "equal rank count together" in q.explanation.en
    assert classes == {True, False}


@pytest.mark.parametrize("seed", range(3))
def test_R_D5_a_hands_result_with_the_reward_paid_during_play(seed: int) -> None:
    """Issue 45 §8d: a scoring question that adds 賀尊 / 四大賀 money into the hand's result,
    checked against the engine: the settlement with the immediate rewards (R-$5, R-$6, ×m
    between the banker and another); its holder has at least the stacks that trick gave."""
    from tiangow.drills.scoring import make_question

    rng = random.Random(50 + seed)
    for n in range(15):
        q = make_question("with_reward", rng, n)
        right = int(q.answer)
        assert q.answer in {c.key for c in q.choices} and len({c.key for c in q.choices}) == 4
        assert all((c.why is None) == (c.key == q.answer) for c in q.choices)
        reward, plain, total = re.findall(r"[+-]?\d+", q.explanation.en.replace("\u2212", "-"))[-3:]
        assert int(reward) + int(plain) == int(total) == right
        assert q.rule in ("R-$5", "R-$6")


def test_R_D5_reward_payments_are_the_engines() -> None:
    """The drill's reward money is what the engine pays in play: the same lines as a real deal's
    賀尊 (R-$5), ×m between the banker and another."""
    from tiangow import Deal
    from tiangow.drills.scoring import reward_payments
    from tiangow.scoring import Reason
    from tiangow.state import Bonus

    for banker, streak, holder in ((3, 3, 0), (0, 2, 0), (1, 1, 2)):
        d = Deal.random(1, banker=banker, streak=streak)
        engine = d._bonus(Bonus(holder, 2, Reason.SUPREME_BONUS, (0, 0, 0, 0)), 1)
        mine = reward_payments(holder, 2, Reason.SUPREME_BONUS, banker, streak)
        assert [(p.payer, p.payee, p.amount) for p in mine] == [(p.payer, p.payee, p.amount) for p in engine]
    east = reward_payments(0, 2, Reason.SUPREME_BONUS, banker=3, streak=3)
    assert sum(p.amount for p in east) == 2 + 2 + 2 * 4


@pytest.mark.parametrize("seed", range(3))
def test_R_D7_cash_the_supreme_now_or_keep_it_for_the_last_trick(seed: int) -> None:
    """The 賀尊-or-包尊 decision (R-$5, R-$7): the answer is what exact search says of leading
    the supreme now against the best action that keeps it (every move's value from
    ``solve_moves``), and every figure the explanation gives is the engine's: the nets, the
    賀尊 money, the winner and whether the line ends in 包尊 — replayed here on the deal."""
    from tiangow import Finish, Tile
    from tiangow.drills.scoring import cash_or_keep_at, supreme_lines, supreme_position
    from tiangow.search import solve_moves

    low, high = Tile("1-2"), Tile("2-4")
    rng = random.Random(90 + seed)
    for n in range(6):
        d, me = supreme_position(rng)
        assert d.to_play == me and d.trick_size is None and {low, high} <= set(d.holding(me))
        values = solve_moves(d)
        cash_v = next(v for m, v in values if not m.discard and set(m.tiles) == {low, high})
        keep_v = max(v for m, v in values if low not in m.tiles and high not in m.tiles)
        cash, keep, best = supreme_lines(d, me)
        assert (cash.net, keep.net, best) == (cash_v, keep_v, max(v for _, v in values))
        q = cash_or_keep_at(d, me, n)
        assert q.answer == ("now" if cash_v > keep_v else "keep" if keep_v > cash_v else "same")
        assert all((c.why is None) == (c.key == q.answer) for c in q.choices)
        en = q.explanation.en.replace("\u2212", "-")
        assert f"your net from here {cash_v:+d}." in en.replace("here 0.", "here +0.")
        assert f"your net from here {keep_v:+d}." in en.replace("here 0.", "here +0.")
        assert f"賀尊 pays you {cash.reward:+d} at once" in en
        # the 賀尊 money: 2 from each of the others, ×m between the banker and another (R-$5)
        m = d.multiplier
        assert cash.reward == sum(2 * (m if d.banker in (me, x) else 1) for x in range(4) if x != me)
        # each line replayed on the deal: its net, winner and 包尊 are the engine's settlement's
        paid_before = sum(p.amount * (1 if p.payee == me else -1) for p in d.immediate_payments if me in (p.payee, p.payer))
        for line in (cash, keep):
            played = d.copy()
            for mv in line.line:
                played.push(mv)
            s = played.settlement()
            assert played.is_over and s.net[me] - paid_before == line.net and s.winner == line.winner
            assert line.doubled == (s.winner == me and Finish.SUPREME in s.finishes)
            assert ("包尊 doubles" in en) == (cash.doubled or keep.doubled)
        assert set(cash.line[0].tiles) == {low, high} and keep.line[0] == keep.move
        for x, g in enumerate(q.groups):
            assert tuple(g[1]) == tuple(d.holding(x)) and f"{d.stacks[x]} stack" in g[0].en
