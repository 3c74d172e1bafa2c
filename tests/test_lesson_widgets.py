"""The Python side of the widgets of lessons 02–07, including values the page should never send."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.helpers import combinations_of
from tiangow import KINDS, Move, search, settle
from tiangow.drills import ranks
from tiangow.drills.catalog import LESSONS, lesson_status
from tiangow.drills.combinations import ComboDrill
from tiangow.drills.ranks import RankDrill
from tiangow.drills.scoring import ScoringDrill
from tiangow.drills.tricks import TrickDrill
from tiangow.drills.variants import DEMOS
from tiangow.widgets import (
    LANGUAGE,
    ActQuiz,
    DealingStepper,
    FindAllPlays,
    IndexPage,
    LessonPage,
    PlayOutBoard,
    Quiz,
    SettlementQuiz,
    VariantExplorer,
)


@pytest.fixture(autouse=True)
def traditional() -> Iterator[None]:
    LANGUAGE.lang = "zh-Hant"
    yield
    LANGUAGE.lang = "zh-Hant"


def test_order_question_in_the_quiz() -> None:
    quiz = Quiz(RankDrill(kinds=("order",)), rng=4)
    q = quiz.question
    assert q is not None and q.mode == "order" and quiz.picker.ordered and quiz.picker.max_select == 5
    quiz.picker.set_state({"selected": [0, 1]})
    quiz._check_pick()
    assert "全部 5 張" in quiz.feedback.value and quiz.tries == 0
    wrong = next(k for k in ("0,1,2,3,4", "4,3,2,1,0", "1,0,2,3,4") if k not in q.accepts)
    quiz.picker.set_state({"selected": [int(i) for i in wrong.split(",")]})
    quiz._check_pick()
    assert quiz.tries == 1 and "要排在前面" in quiz.feedback.value
    quiz.picker.set_state({"selected": [int(i) for i in q.answer.split(",")]})
    quiz._check_pick()
    assert quiz.done and quiz.picker.disabled


def test_find_all_plays() -> None:
    drill = ComboDrill()
    results: list[bool] = []
    w = FindAllPlays(drill, rng=2, on_result=lambda task, perfect: results.append(perfect))
    task = w.task
    assert task is not None
    holding = list(task.holding)

    def select(tiles: tuple[object, ...]) -> None:
        used: list[int] = []
        for t in tiles:
            used.append(next(i for i, x in enumerate(holding) if x == t and i not in used))
        w.picker.set_state({"selected": used})

    select(task.targets[0].tiles)
    w.add()
    assert len(w.found) == 1 and "✓" in w.feedback.value
    select(task.targets[0].tiles)
    w.add()
    assert len(w.found) == 1 and w.wrong == 0 and "已經找到" in w.feedback.value
    for target in task.targets[1:]:
        select(target.tiles)
        w.add()
    assert w.done and results == [True] and drill.found.first_try == 1
    w.new_task()
    assert not w.done
    for _ in range(3):
        w.picker.set_state({"selected": [0]})  # a single tile is never a play to find
        w.add()
    assert w.done and results == [True, False] and "data-play" in w.found_view.value
    w.picker.set_state({"selected": [0, 1, 2, 3, 4]})  # too many: refused (max 4)
    assert w.picker.refused == 1


def test_act_quiz() -> None:
    drill = TrickDrill()
    w = ActQuiz(drill, rng=5)
    for _ in range(8):
        task = w.task
        assert task is not None
        plays = combinations_of(task.deal)
        size = task.deal.trick_size
        hand = list(task.deal.holding(task.seat))
        w.picker.set_state({"selected": []})
        assert w.act(w.picker.selected_move(discard=True)) is None  # nothing selected: no try spent
        if plays:
            w.picker.set_state({"selected": list(range(size))})  # type: ignore[arg-type]
            right = w.act(w.picker.selected_move(discard=True))
            assert right is False and "✗" in w.feedback.value
            used: list[int] = []
            for t in plays[0].tiles:
                used.append(next(i for i, x in enumerate(hand) if x == t and i not in used))
            w.picker.set_state({"selected": used})
            assert w.act(w.picker.selected_move()) is True
        else:
            w.picker.set_state({"selected": list(range(size))})  # type: ignore[arg-type]
            assert w.act(w.picker.selected_move(discard=True)) is True
        assert w.done
        w.new_task()
    assert drill.acted.asked == 8


def test_play_out_board_against_the_solver() -> None:
    drill = TrickDrill()
    board = PlayOutBoard(drill, rng=6)
    task = board.task
    assert task is not None

    def select(move: Move) -> None:
        hand = list(board.deal.holding(task.seat))  # type: ignore[union-attr]
        used: list[int] = []
        for t in move.tiles:
            used.append(next(i for i, x in enumerate(hand) if x == t and i not in used))
        board.picker.set_state({"selected": used})

    made_mistake = False
    while not board.done:
        d = board.deal
        assert d is not None and d.to_play == task.seat
        good = search.winning_moves(d, task.seat)
        bad = [m for m in d.legal_moves() if m not in good]
        if bad and not made_mistake:
            select(bad[0])
            assert board.act(board.picker.selected_move(bad[0].discard)) is False
            assert "✗" in board.feedback.value and board.wrong == 1
            made_mistake = True
        select(good[0])
        board.act(board.picker.selected_move(good[0].discard))
    assert board.deal is not None and board.deal.winner == task.seat
    assert board.picker.tiles == () and board.picker.svgs == []  # the tile just played is gone from the hand
    assert drill.played.asked == 1 and drill.played.first_try == (0 if made_mistake else 1)


def test_settlement_quiz_checks_each_seat_and_refuses_bad_values() -> None:
    drill = ScoringDrill()
    quiz = SettlementQuiz(drill, rng=3)
    end = quiz.end
    assert end is not None
    net = list(settle(end.stacks, end.winner, end.banker, end.streak, end.finishes, end.captured).net)
    quiz.boxes[0].set_state({"value": 5})  # the page sends text
    assert quiz.boxes[0].value == "0" and quiz.boxes[0].refused == 1
    quiz.boxes[0].set_state({"value": "9" * 300})
    assert quiz.boxes[0].value == "0" and quiz.boxes[0].refused == 2
    quiz.boxes[0].set_state({"disabled": True, "value": "5"})  # the page may type, not disable the box
    assert quiz.boxes[0].value == "5" and quiz.boxes[0].disabled is False and quiz.boxes[0].refused == 3
    wrong: list[int | str] = [*net]
    wrong[0] = net[0] + 3
    quiz.enter(wrong)
    assert quiz.check() is False
    assert quiz.right[0] is False and all(quiz.right[1:]) and "加起來應該是 0" in quiz.feedback.value
    assert quiz.tries == 1
    quiz.enter(net)  # typed as the page prints them: −20 with the minus sign U+2212
    assert quiz.check() is True and quiz.done and 'class="tg-payment"' in quiz.table.value
    assert drill.settled.asked == 1 and drill.settled.first_try == 0
    quiz.new_end()
    end = quiz.end
    assert end is not None
    quiz.enter(list(end.settle().net))
    assert quiz.check() is True and drill.settled.first_try == 1


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_a_result_that_is_not_a_whole_number_is_refused_with_why_and_costs_no_try(lang: str) -> None:
    """What the page prints (−20) is taken; a fraction, a 20-digit number, a word or an empty box
    is refused with a sentence saying why, and is not counted as a try."""
    LANGUAGE.lang = lang
    try:
        quiz = SettlementQuiz(ScoringDrill(), rng=11)
        end = quiz.end
        assert end is not None
        net = list(end.settle().net)
        quiz.enter(["2.5", "100000000000000000042", "ten", ""])
        assert quiz.check() is False and quiz.tries == 0 and not quiz.done
        text = quiz.feedback.value
        if lang == "en":
            assert "whole numbers only" in text and "too large" in text and "not a whole number" in text
            assert "empty" in text and "+100000000000000000042" not in text
        else:
            assert "只填整數" in text and "太大" in text and "不是整數" in text and "空格" in text
        quiz.enter([str(n).replace("-", "\u2212") for n in net])
        assert quiz.check() is True and quiz.tries == 1
    finally:
        LANGUAGE.lang = "zh-Hant"


def test_variant_explorer_switches_and_refuses_bad_indices() -> None:
    for demo in DEMOS:
        ex = VariantExplorer(demo)
        first = ex.body.value
        ex.switch.set_state({"index": 1})
        assert ex.body.value != first and ex.value == demo.options[1][0]
        ex.switch.set_state({"index": 9})
        assert ex.switch.value == 1 and ex.switch.refused == 1
    ex = VariantExplorer(DEMOS[0])
    LANGUAGE.lang = "en"
    assert "civil pair" in ex.body.value and ex.switch.options[0][0] == "off"


def test_dealing_stepper() -> None:
    stepper = DealingStepper(seed=3)
    stepper.throw_for_banker()
    assert stepper.banker_rounds and 'class="tg-banker-round"' in stepper.view.value
    stepper.choose.set_state({"index": 7})  # 龍頭鳳尾
    stepper.throw()
    assert stepper.dealt is not None and stepper.dealt.method.value == "龍頭鳳尾"
    stepper.next_tile()
    stepper.next_take()
    assert stepper.step == 8
    stepper.deal_all()
    assert stepper.step == 32 and stepper.view.value.count('data-count="8"') == 4
    stepper.choose.set_state({"index": 99})
    assert stepper.choose.refused == 1


def test_mastery_check_on_the_page_and_the_index() -> None:
    page = LessonPage("02_ranks")
    quiz = page.mastery(seed=1)
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    for _ in range(6):
        q = quiz.question
        assert q is not None
        quiz.answer(q.answer)
        quiz.next()
    assert quiz.finished and "通過" in quiz.feedback.value
    saved = page.store.lesson("02_ranks")["drills"]["mastery"]
    assert saved["passed"] is True and saved["best"] == 6
    quiz.restart()
    assert not quiz.finished and quiz.question is not None
    index = IndexPage()
    index.store.set_state({"data": {"lessons": {"02_ranks": {"drills": {"mastery": saved}}}}, "loaded": True})
    assert "掌握測驗已通過" in index.index.value and 'data-mastered="true"' in index.index.value
    card = index.index.value.split('data-lesson="02_ranks"')[1].split("</a>")[0]
    assert "width:100%" in card and "已掌握 0" not in card  # passed: a full bar, not "0 of 21"
    index.store.set_state({"data": {"lessons": {"08_play": {"drills": {"play": {"hands": 2}}}}}, "loaded": True})
    card = index.index.value.split('data-lesson="08_play"')[1].split("</a>")[0]
    assert "已打完 2 / 5 局" in card and "width:40%" in card and "掌握" not in card


def test_a_mastery_check_says_its_size_and_pass_mark_and_ends_with_finish() -> None:
    """Issue 25, point 5: the terms from the start, the question's number, "Finish" last."""
    page = LessonPage("03_combinations")
    quiz = page.mastery(seed=2)
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    LANGUAGE.lang = "en"
    try:
        for n in range(1, 7):
            assert f"Question {n} of 6" in quiz.head.value
            assert "to pass, get 5 right at the first try." in quiz.head.value
            terms = quiz.head.value.split('class="tg-muted tg-terms"')[1].split(">", 1)[1]
            assert "questions" not in terms  # the count is said once: "Question n of 6"
            q = quiz.question
            assert q is not None
            quiz.answer(q.answer)
            assert f"Question {n} of 6" in quiz.head.value  # answered: still this question's number
            assert quiz.next_button.description == ("Finish ✓" if n == 6 else "Next question →")
            quiz.next()
        assert quiz.finished and "Passed" in quiz.feedback.value
        LANGUAGE.lang = "zh-Hans"
        again = page.mastery(seed=3)
        terms = again.head.value.split('class="tg-muted tg-terms"')[1].split(">", 1)[1]
        assert terms.count("共 6 题") == 1 and "第一次就答对 5 题才算通过" in terms
        LANGUAGE.lang = "zh-Hant"
        quiz.restart()
        assert "第 1 題，共 6 題" in quiz.head.value and "第一次就答對 5 題才算通過" in quiz.head.value
    finally:
        LANGUAGE.lang = "zh-Hant"


def test_every_lesson_has_a_mastery_check_and_a_next_link() -> None:
    for i, info in enumerate(LESSONS):
        if info.id == "00_start":  # the five-minute hand: done once played to the end
            assert lesson_status(info, {"drills": {"first-hand": {"finished": True}}}).mastered
            assert f'href="{LESSONS[1].notebook}"' in LessonPage(info.id).footer().value
            continue
        if info.id == "08_play":  # the practice table: its progress is hands played to the end
            st = lesson_status(info, {"drills": {"play": {"hands": 3, "won": 1}}})
            assert (st.done, st.total, st.mastered) == (3, 5, False)
            assert lesson_status(info, {"drills": {"play": {"hands": 6}}}).mastered
            continue
        assert info.mastery is not None
        check = info.mastery()
        q = check.next_question(random.Random(i))
        assert q.check(q.answer)
        page = LessonPage(info.id)
        footer = page.footer().value
        if i + 1 < len(LESSONS):
            assert f'href="{LESSONS[i + 1].notebook}"' in footer
    assert ranks.make_question("single", KINDS[0], random.Random(1)).groups


def test_every_exercise_shares_one_frame() -> None:
    """Quiz, FindAllPlays, ActQuiz, PlayOutBoard and SettlementQuiz are one Exercise frame:
    caption first, then the exercise's own widgets, the feedback, Next and the score last; Next
    only once the task is done; the rng a seed or a generator."""
    from tiangow.widgets import Exercise

    made = [Quiz(RankDrill(), rng=1), FindAllPlays(ComboDrill(), rng=random.Random(2)), ActQuiz(TrickDrill(), rng=3),
            PlayOutBoard(TrickDrill(), rng=4), SettlementQuiz(ScoringDrill(), rng=5)]
    for ex in made:
        assert isinstance(ex, Exercise), type(ex)
        kids = list(ex.children)
        assert kids[0] is ex.head and kids[-1] is ex.score_line and kids[-2] is ex.next_button
        assert ex.feedback in kids and ex.frame_class in ex._dom_classes
        assert "tg-caption" in ex.head.value and ex.next_button.layout.display == "none"
        assert isinstance(ex.rng, random.Random) and not ex.done
