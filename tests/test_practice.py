"""Practice, every day (issue 25, point 4): what is due from the lessons' boxes and the mistakes
deck, puzzles at the learner's level with a rating that follows results, the streak and the chart —
through the practice page's widgets as a learner would use them."""

from __future__ import annotations

import random

import ipywidgets as w
import pytest

from tiangow.drills.base import now_ms
from tiangow.drills.practice import DueDrill, PracticeRecord, day_of, due_items
from tiangow.puzzles import PUZZLES
from tiangow.widgets import LANGUAGE
from tiangow.widgets.practice import PracticePage, chart_svg

DAY = 86_400_000


def _lessons(now: int) -> dict[str, object]:
    # lesson 01: 6-6 answered two days ago, in box 2 (wait 1 day: due); 1-1 answered just now
    # (box 2: not due); everything else never answered (new, not due)
    return {"01_tiles": {"drills": {"tiles": {"boxes": {"6-6": [2, now - 2 * DAY], "1-1": [2, now - 1000]}}}},
            "02_ranks": {"drills": {"ranks": {"boxes": {"4-4": [1, now - 5000]}}}},
            "08_play": {"drills": {"play": {"hands": 1, "mistakes": []}}}}


def test_what_is_due_comes_from_every_lessons_boxes() -> None:
    now = now_ms()
    due = due_items(_lessons(now), now)
    assert [(d.lesson, d.item) for d in due] == [("01_tiles", "6-6"), ("02_ranks", "4-4")]
    drill = DueDrill(_lessons(now), now)
    rng = random.Random(1)
    q = drill.next_question(rng)
    assert "6-6" in q.id
    drill.record(q, True, 1)
    assert drill.drills["01_tiles"].deck.box["6-6"] == 3  # the box moved in its own lesson's drill
    q2 = drill.next_question(rng)
    drill.record(q2, False, 3)
    assert drill.drills["02_ranks"].deck.box["4-4"] == 1
    assert drill.summary().en.startswith("The tiles due today are done: 2 answered")


def test_the_streak_and_days() -> None:
    r = PracticeRecord()
    for day in ("2026-11-20", "2026-11-22", "2026-11-23", "2026-11-24"):
        r.practised(day=day)
    assert r.streak("2026-11-24") == 3 and r.streak("2026-11-25") == 3 and r.streak("2026-11-21") == 1
    assert day_of(0, 8 * 60) == "1970-01-01" and day_of(DAY - 1, 8 * 60) == "1970-01-02"  # Hong Kong's day
    other = PracticeRecord()
    other.practised("puzzle", True, day="2026-11-25")
    r.merge(other.state())
    assert r.streak("2026-11-25") == 4
    bad = PracticeRecord()
    bad.load({"rating": "x", "puzzles": {"nope": True}, "days": {"yesterday": {}, "2026-11-01": {"due": -5}}})
    assert bad.rating == 1500 and bad.puzzles == {} and bad.days == {"2026-11-01": {}}


def test_the_chart_draws_every_day_and_the_mastery_line() -> None:
    r = PracticeRecord()
    r.practised(day="2026-11-24")
    r.practised("puzzle", True, day="2026-11-25")
    r.snapshot({"01_tiles": 40, "02_ranks": 60}, "2026-11-24")
    r.snapshot({"01_tiles": 60, "02_ranks": 80}, "2026-11-25")
    svg = chart_svg(r, "2026-11-25", "en")
    assert svg.count("data-day=") == 14 and 'data-day="2026-11-25" data-count="1"' in svg
    assert "<polyline" in svg and 'role="img"' in svg and "1 solved" in svg


def test_the_practice_page_end_to_end() -> None:
    LANGUAGE.lang = "en"
    try:
        page = PracticePage()
        page.header()
        quiz, board, stats = page.due_quiz(), page.puzzles(), page.stats()
        now = now_ms()
        page.store.set_state({"tz_offset": 480})
        page.store.set_state({"data": {"lessons": _lessons(now), "prefs": {}}, "loaded": True})
        assert quiz.question is not None and "6-6" in quiz.question.id
        quiz.answer(quiz.question.answer)
        saved = page.store.lesson("01_tiles")["drills"]["tiles"]["boxes"]["6-6"]
        assert saved[0] == 3  # answered on the practice page, kept in lesson 01
        today = day_of(now_ms(), 480)
        assert page.store.lesson("practice")["drills"]["practice"]["days"][today]["due"] == 1
        assert 'data-streak="1"' in stats.value
        # Issue 45 §4: one screen, one count — what was reviewed today agrees with what is done,
        # and today's bar in the chart has its date.
        assert "today: 1 reviewed" in stats.value and "1 done" in page.due_line.value
        assert f'font-weight="bold">{today[8:]}</text>' in stats.value
        # A puzzle: solved at the first try, the rating goes up and the line is shown.
        p = board.puzzle
        assert p is not None and p.prompt().en in board.head.value
        from tiangow import Move

        assert board.act(Move.parse(p.answers[0])) is True and "Solved" in board.feedback.value
        after = page.record.rating
        assert after > 1500 and page.store.lesson("practice")["drills"]["practice"]["puzzles"] == {p.id: True}
        board.next_button.click()
        p2 = board.puzzle
        assert p2 is not None and p2.id != p.id
        wrong = next(iter(p2.refutes))
        assert board.act(Move.parse(wrong)) is False
        assert "Not this one" in board.feedback.value and "The answer" in board.feedback.value
        assert page.record.rating < after
        assert "Your mistakes: nothing to try again today." in page.mistakes().head.value
    finally:
        LANGUAGE.lang = "zh-Hant"


def test_puzzles_served_follow_the_rating() -> None:
    r = PracticeRecord()
    easy = sorted(PUZZLES, key=lambda p: p.rating)[:6]
    for p in easy:
        r.solved_puzzle(p.id, True, day="2026-11-25")
    assert r.rating > 1500 and r.days["2026-11-25"] == {"puzzles": 6, "solved": 6}
    r.solved_puzzle(easy[0].id, False)  # a puzzle already done does not count again
    assert len(r.puzzles) == 6


def test_a_due_position_of_the_mistakes_deck_is_tried_again_on_the_practice_page() -> None:
    """The deck lesson 08's reviews fill (issue 24) is drawn from here: a due position is shown,
    one try judged by the coach of that hand, the box moves, lesson 08's progress is saved."""
    from tiangow.drills.play import PlayRecord
    from tiangow.drills.session import Session

    s = Session(seat=1, seed=3, opponents="rule", samples=8, coach_samples=8)
    s.run_bots()  # to the learner's (South's) first action
    position = s.hand_record()
    record = PlayRecord()
    record.keep_mistake(position, now_ms() - DAY)
    lessons = {"08_play": {"drills": {"play": {**record.state(), "table": {"kept": 1}}}}}
    LANGUAGE.lang = "en"
    try:
        page = PracticePage()
        retry = page.mistakes()
        page.store.set_state({"data": {"lessons": lessons, "prefs": {}}, "loaded": True})
        assert retry.position is not None and "went wrong here" in retry.head.value
        best = position.answer(coach_samples=position.samples)
        assert retry.act(best) is True and "Right" in retry.feedback.value
        saved = page.store.lesson("08_play")["drills"]["play"]
        assert saved["table"] == {"kept": 1}  # the rest of lesson 08's state is left alone
        assert saved["mistakes"][0]["box"] == 1  # moved up a box
        retry.next_button.click()
        assert retry.position is None and "All done: 1 position tried today." in retry.head.value
    finally:
        LANGUAGE.lang = "zh-Hant"


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_a_wrong_try_at_a_mistake_leaves_a_second_try_or_the_answer() -> None:
    """Issue 45 §4: "Try again, or show the answer" means it — a wrong try leaves the position
    open for a second one, or the answer on request; the deck moves by the first try."""
    from tiangow.drills.play import PlayRecord
    from tiangow.drills.session import Session

    s = Session(seat=1, seed=3, opponents="rule", samples=8, coach_samples=8)
    s.run_bots()
    position = s.hand_record()
    best = position.answer(coach_samples=position.samples)
    wrong = next(m for m in position.deal().legal_moves()
                 if not position.try_move(m, coach_samples=position.samples).right)
    for second in ("right", "answer", "wrong"):
        record = PlayRecord()
        record.keep_mistake(position, now_ms() - DAY)
        LANGUAGE.lang = "en"
        try:
            page = PracticePage()
            retry = page.mistakes()
            page.store.set_state({"data": {"lessons": {"08_play": {"drills": {"play": record.state()}}},
                                           "prefs": {}}, "loaded": True})
            assert retry.act(wrong) is False
            assert "Try again, or show the answer" in retry.feedback.value and "The answer" not in retry.feedback.value
            assert not retry.done and retry.picker.disabled is False
            assert retry.answer_button.layout.display == ""
            row = next(c for c in retry.children if isinstance(c, w.HBox) and retry.play_button in c.children)
            assert list(row.children).count(retry.answer_button) == 1  # one "Show the answer", not two
            assert page.store.lesson("08_play")["drills"]["play"]["mistakes"][0]["box"] == 0  # moved by the first try
            if second == "right":
                assert retry.act(best) is True and "Right" in retry.feedback.value
            elif second == "answer":
                retry.answer_button.click()
                assert "The answer" in retry.feedback.value
            else:
                assert retry.act(wrong) is False and "The answer" in retry.feedback.value
            assert retry.done and retry.answer_button.layout.display == "none"
        finally:
            LANGUAGE.lang = "zh-Hant"


def test_tiles_and_mistakes_due_come_in_one_stream_most_overdue_first() -> None:
    """Issue 25, point 4a: the day's due items are mixed — a position of the mistakes deck due
    before a tile comes before it, then the tile, in one box on the page."""
    from tiangow.drills.play import PlayRecord
    from tiangow.drills.session import Session

    s = Session(seat=1, seed=3, opponents="rule", samples=8, coach_samples=8)
    s.run_bots()
    position = s.hand_record()
    record = PlayRecord()
    now = now_ms()
    record.keep_mistake(position, now - 5 * DAY)  # due five days ago: before lesson 01's tile
    lessons = {**_lessons(now), "08_play": {"drills": {"play": record.state()}}}
    page = PracticePage()
    box = page.due_today()
    page.store.set_state({"data": {"lessons": lessons, "prefs": {}}, "loaded": True})
    assert box.children[1] is page.retry and page.retry.position is not None
    assert 'data-left="3"' in page.due_line.value  # two tiles and one position
    page.retry.act(position.answer(coach_samples=position.samples))
    page.retry.next_button.click()
    assert box.children[1] is page.quiz and page.quiz.question is not None and "6-6" in page.quiz.question.id
    page.quiz.answer(page.quiz.question.answer)
    page.quiz.next_button.click()
    assert page.quiz.question is not None and "4-4" in page.quiz.question.id
    assert 'data-done="2"' in page.due_line.value


def test_a_puzzles_line_starts_with_the_trick_under_way() -> None:
    """Issue 45 §4: after an answer, the line shown says how the trick under way ended (the
    learner's own action in it and who took it), then the tricks after it."""
    from tiangow import Move
    from tiangow.widgets.practice import PuzzleBoard

    LANGUAGE.lang = "en"
    try:
        for p in PUZZLES[:20]:
            board = PuzzleBoard(PracticeRecord(), rng=1)
            board.puzzle, board.deal = p, p.deal()
            board.done = False
            trick = board.deal.current_trick
            assert trick is not None
            assert board.act(Move.parse(p.answers[0])) is True
            assert f"Trick {trick.number}:" in board.feedback.value, (p.id, board.feedback.value)
    finally:
        LANGUAGE.lang = "zh-Hant"


def test_an_unanswered_puzzle_stays_served_after_a_reload() -> None:
    """Issue 45 §4: a puzzle left unanswered is the one served again when the page is reloaded;
    once answered it is not."""
    from tiangow import Move

    page = PracticePage()
    board = page.puzzles()
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    first = board.puzzle
    assert first is not None
    saved = page.store.all_lessons()
    for _ in range(3):  # reloads: a new kernel, the saved progress
        again = PracticePage()
        again_board = again.puzzles()
        again.store.set_state({"data": {"lessons": saved, "prefs": {}}, "loaded": True})
        assert again_board.puzzle is not None and again_board.puzzle.id == first.id
    assert again_board.act(Move.parse(first.answers[0])) is True
    again_board.next_button.click()
    after = again.store.all_lessons()
    assert after["practice"]["drills"]["practice"].get("current") != first.id
    third = PracticePage()
    third_board = third.puzzles()
    third.store.set_state({"data": {"lessons": after, "prefs": {}}, "loaded": True})
    assert third_board.puzzle is not None and third_board.puzzle.id != first.id


def test_after_a_puzzle_the_board_plays_the_line_out_step_by_step() -> None:
    """Issue 45 §4: after an answer the board plays the line out one move at a time, from the
    learner's own action in the trick under way, then starts again."""
    from tiangow import Move
    from tiangow.widgets.practice import PuzzleBoard

    p = PUZZLES[3]
    board = PuzzleBoard(PracticeRecord(), rng=1)
    board.puzzle, board.deal, board.done = p, p.deal(), False
    board._render()
    assert board.step_button.layout.display == "none" and board.step_line() is False
    assert board.act(Move.parse(p.answers[0])) is True
    n = len(board.line)
    assert n == 1 + len(p.line) and board.line[0] == Move.parse(p.answers[0])
    after = p.deal()
    for k in range(1, n + 1):
        assert board.step_line() is True
        after.push(board.line[k - 1])
        assert f'data-at="{k}"' in board.table.value
        last = after.history[-1]
        if last.kind != "discard":  # a play shows its tiles; a discard goes face down
            assert all(f'data-tile="{t.notation}"' in board.table.value for t in last.tiles or ())
    assert "From the start" in board.step_button.description or "從頭" in board.step_button.description
    assert board.step_line() is False and 'data-at="0"' in board.table.value


def test_the_same_words_said_again_still_change_the_page() -> None:
    """A second press of Play with nothing picked says the same sentence again; the feedback's
    value still changes, so the page sees an answer (its "working on it" note waits for one)."""
    page = PracticePage()
    board = page.puzzles()
    board.act(None)
    first = board.feedback.value
    board.act(None)
    assert board.feedback.value != first
    assert "先選牌" in board.feedback.value or "Pick the tiles first" in board.feedback.value
