"""Issue 25, point 4: the practice page in the browser — a tile due from lesson 1's boxes is served
and answered (its box moves in lesson 1's saved progress), a puzzle is solved (the rating follows),
the streak counts the day and survives a reload. In Voilà and on the static site."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.browser.pages import Lessons, pick, progress_ready, ready_to_click, settle
from tiangow.puzzles import PUZZLES

pytestmark = pytest.mark.browser

TIMEOUT = 120_000
DAY = 86_400_000


def answer_until_done(page: Any) -> None:
    """Answer the due question, trying choices (or tiles) in turn until it is finished."""
    quiz = page.locator(".tg-quiz").first
    for attempt in range(8):
        if quiz.locator(".tg-feedback-answer, .tg-feedback-right").count():
            return
        # a click while the page's click guard still holds the buttons would be dropped as the
        # second click of a double click: wait until it lets go
        page.wait_for_function("() => !document.querySelector('.tg-quiz [data-tg-busy]')", timeout=TIMEOUT)
        choices = quiz.locator("button.tg-choice:not([disabled])")
        if choices.count():
            choices.first.click()
        else:
            # a picked tile stays picked after a wrong check: pick the next tile each time (a
            # disabled choice marks a tried answer; a tile picker has no such mark)
            pick(quiz.locator(".tg-pick"), attempt)
            quiz.locator(".tg-check").click()
        settle(page)
    raise AssertionError("the due question did not finish")


@pytest.mark.parametrize(("lessons", "width"), [("voila", 1100), ("voila", 390),
                                              pytest.param("site", 1100, marks=pytest.mark.site)],
                         indirect=["lessons"])
def test_practice_serves_what_is_due_and_a_puzzle_and_counts_the_day(open_page: Any, lessons: Lessons,
                                                                       width: int) -> None:
    page = open_page(lessons.url("index"), width=width, wait_for=None)
    now = int(time.time() * 1000)
    deck = {"drills": {"tiles": {"boxes": {"6-6": [2, now - 2 * DAY]}}}, "schema": 2}
    page.evaluate("v => localStorage.setItem('tiangow:lesson:01_tiles', v)", json.dumps(deck))
    page.goto(lessons.url("practice"), timeout=TIMEOUT)
    page.wait_for_selector(".tg-puzzle svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    settle(page)
    quiz = page.locator(".tg-quiz").first
    assert "今天要溫習的" in quiz.inner_text()
    assert quiz.locator("svg[data-tile]").count() >= 1  # the due tile's question is asked
    answer_until_done(page)
    settle(page)
    saved = json.loads(page.evaluate("() => localStorage.getItem('tiangow:lesson:01_tiles')"))
    assert saved["drills"]["tiles"]["boxes"]["6-6"][1] > now  # answered here, kept in lesson 1
    # one screen, one count: what is done today agrees with what the streak line says was reviewed
    page.wait_for_selector(".tg-due-line[data-done='1']", timeout=30_000)
    assert "溫習了 1 項" in page.locator(".tg-streak").inner_text()
    page.wait_for_selector('.tg-streak[data-streak="1"]', timeout=30_000)
    # A puzzle: the right move, found from the puzzle shown.
    pid = page.locator(".tg-puzzle-rating").get_attribute("data-puzzle")
    settle(page)
    page.reload(timeout=TIMEOUT)  # an unanswered puzzle is served again after a reload
    page.wait_for_selector(".tg-puzzle svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    page.wait_for_selector(f'.tg-puzzle-rating[data-puzzle="{pid}"]', timeout=30_000)
    settle(page)
    puzzle = next(p for p in PUZZLES if p.id == pid)
    move = puzzle.answers[0].split()
    for tile in move[1:]:
        page.locator(f'.tg-puzzle .tg-pick:not(.tg-picked) svg[data-tile="{tile[0]}-{tile[1]}"]').first.click()
    button = ".tg-puzzle .tg-discard" if move[0] == "discard" else ".tg-puzzle .tg-play"
    ready_to_click(page, button, TIMEOUT)
    page.click(button)
    page.wait_for_selector(".tg-puzzle .tg-feedback-right", timeout=TIMEOUT)
    assert "解開了" in page.locator(".tg-puzzle .tg-feedback").inner_text()
    settle(page)
    page.reload(timeout=TIMEOUT)
    page.wait_for_selector(".tg-puzzle svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    page.wait_for_selector('.tg-streak[data-streak="1"]', timeout=30_000)
    rating = int(page.locator(".tg-puzzle-rating").get_attribute("data-rating") or 0)
    assert rating > 1500  # the solved puzzle raised the rating, kept across the reload
    assert page.locator(".tg-puzzle-rating").get_attribute("data-puzzle") != pid  # not served again
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1
    assert "There was an error" not in page.content()


def test_a_mistake_answered_wrong_gets_a_second_try_or_the_answer(open_page: Any, lessons: Lessons) -> None:
    """Issue 45 §4: on the practice page, a position of the mistakes deck answered wrong says
    "Try again, or show the answer" and means it: the tiles stay live and the answer comes on
    request."""
    from tiangow.drills.play import PlayRecord
    from tiangow.drills.session import Session

    s = Session(seat=1, seed=3, opponents="rule", samples=8, coach_samples=8)
    s.run_bots()
    position = s.hand_record()
    wrong = next(m for m in position.deal().legal_moves()
                 if not position.try_move(m, coach_samples=position.samples).right)
    record = PlayRecord()
    record.keep_mistake(position, int(time.time() * 1000) - DAY)
    page = open_page(lessons.url("index"), wait_for=None, locale="en-US")
    page.evaluate("v => localStorage.setItem('tiangow:lesson:08_play', v)",
                  json.dumps({"drills": {"play": record.state()}, "schema": 2}))
    page.goto(lessons.url("practice"), timeout=TIMEOUT)
    retry = page.locator(".tg-mistake-retry")
    retry.locator("svg[data-tile]").first.wait_for(timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    settle(page)
    for tile in wrong.tiles:
        retry.locator(f'.tg-pick:not(.tg-picked) svg[data-tile="{tile.notation}"]').first.click()
    button = ".tg-mistake-retry .tg-discard" if wrong.discard else ".tg-mistake-retry .tg-play"
    ready_to_click(page, button, TIMEOUT)
    page.click(button)
    feedback = retry.locator(".tg-feedback")
    feedback.locator(".tg-feedback-wrong").wait_for(timeout=TIMEOUT)
    settle(page)
    assert "Try again, or show the answer" in feedback.inner_text()
    assert "The answer" not in feedback.inner_text() and retry.locator("button.tg-next:visible").count() == 0
    ready_to_click(page, ".tg-mistake-retry .tg-show-answer", TIMEOUT)
    page.click(".tg-mistake-retry .tg-show-answer")
    feedback.locator(".tg-feedback-answer").wait_for(timeout=TIMEOUT)
    assert "The answer" in feedback.inner_text()
    assert "There was an error" not in page.content()
