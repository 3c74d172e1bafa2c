"""Lessons 02–07 and 09 in headless Chromium: each renders, a wrong and a right answer get the right
feedback, the lesson's own exercises answer, and no page error occurs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.pages import Lessons, pick, progress_ready
from tests.browser.pages import settle as kernel_settled
from tiangow import Finish, Tile, classify, combinations_in, settle
from tiangow.combos import can_beat

pytestmark = pytest.mark.browser

TIMEOUT = 60_000
ERROR_TEXT = "There was an error"
RULE_ID = re.compile(r"R-[A-Z$]+\d+|§\d")


def open_lesson(page: Any, url: str) -> None:
    """Open a lesson and wait until every cell has run: the footer's link back to the index
    (the last cell) is there. (With the kernel in the page, cells run one by one after the
    first tiles show.)"""
    page.goto(url, timeout=TIMEOUT)
    page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    page.wait_for_selector(".tg-header", timeout=TIMEOUT)
    page.locator(".tg-prose a.tg-nav").nth(1).wait_for(timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    assert "There was an error" not in page.content()


def click_and_wait(page: Any, target: Any, watched: Any) -> str:
    """Click ``target`` and wait until ``watched``'s text changes; return the new text."""
    before = watched.inner_text()
    target.click()
    expect(watched).not_to_have_text(before, timeout=TIMEOUT)
    return str(watched.inner_text())


def answer_quiz_wrong_and_right(page: Any, quiz: Any) -> None:
    """Answer questions until both a wrong and a right answer have been seen; check both."""
    saw_wrong = saw_right = False
    for _ in range(15):
        feedback = quiz.locator(".tg-feedback")
        choices = quiz.locator("button.tg-choice")
        if choices.count():
            for i in range(choices.count()):
                button = choices.nth(i)
                if button.is_disabled():
                    continue
                text = click_and_wait(page, button, feedback)
                if quiz.locator(".tg-feedback-right").count():
                    assert "✓" in text and RULE_ID.search(text), text
                    saw_right = True
                    break
                assert "✗" in text, text
                saw_wrong = True
                if quiz.locator("button.tg-next").is_visible():
                    break
        else:  # "put these in order": the engine knows the order of the tiles shown
            kernel_settled(page)  # the question's tiles as the kernel has them (a redraw may be on its way)
            picks = quiz.locator(".tg-pick")
            tiles = [Tile(t) for t in quiz.locator(".tg-pick svg[data-tile]").evaluate_all(
                "els => els.map(e => e.dataset.tile)")]
            right = sorted(range(len(tiles)), key=lambda i: tiles[i].rank)
            k = next(i for i in range(len(right) - 1) if tiles[right[i]].rank != tiles[right[i + 1]].rank)
            wrong = [*right]
            wrong[k], wrong[k + 1] = wrong[k + 1], wrong[k]
            for order, expect_right in ((wrong, False), (right, True)):
                for i in order:
                    pick(picks, i, TIMEOUT)
                text = click_and_wait(page, quiz.locator("button.tg-check"), feedback)
                if expect_right:
                    assert "✓" in text and RULE_ID.search(text), text
                    saw_right = True
                else:
                    assert "✗" in text, text
                    saw_wrong = True
        if saw_wrong and saw_right:
            return
        nxt = quiz.locator("button.tg-next")
        nxt.wait_for(state="visible", timeout=TIMEOUT)
        nxt.click()
        expect(nxt).to_be_hidden(timeout=TIMEOUT)  # a new, unanswered question
    raise AssertionError(f"saw wrong: {saw_wrong}, saw right: {saw_right}")


@pytest.mark.parametrize("lesson", ["02_ranks", "03_combinations", "04_tricks", "05_scoring", "06_variants",
                                    "07_dealing", "09_paigow"])
def test_lesson_renders_and_its_drill_gives_feedback(page: Any, lessons: Lessons, lesson: str) -> None:
    open_lesson(page, lessons.url(lesson))
    answer_quiz_wrong_and_right(page, page.locator(".tg-quiz").first)
    assert page.locator("a.tg-nav").count() >= 2  # back to the index, and onwards


def test_09_set_four_tiles_and_explore_the_house_way(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("09_paigow"))
    assert page.locator(".tg-paigow-ranks .tg-rank-row").count() == 22
    setting = page.locator(".tg-quiz").nth(1)
    answer_quiz_wrong_and_right(page, setting)
    assert "expected value" in setting.inner_text() or "期望值" in setting.inner_text()
    explorer = page.locator(".tg-split-explorer")
    assert explorer.locator(".tg-split-row").count() == 3
    page.locator("button.tg-split-differ").click()
    page.wait_for_selector(".tg-split-row[data-best='true'][data-house='false']", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()


def test_03_find_every_play(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("03_combinations"))
    box = page.locator(".tg-findall")
    tiles = [Tile(t) for t in box.locator(".tg-pick svg[data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")]
    targets = [c for c in combinations_in(tiles) if c.size >= 2]
    used: list[int] = []
    for t in targets[0].tiles:
        used.append(next(i for i, x in enumerate(tiles) if x == t and i not in used))
    for i in used:
        pick(box.locator(".tg-pick"), i, TIMEOUT)
    text = click_and_wait(page, box.locator("button.tg-add"), box.locator(".tg-feedback"))
    assert "✓" in text and "R-C" in text
    box.locator(".tg-pick").nth(0).click()
    text = click_and_wait(page, box.locator("button.tg-add"), box.locator(".tg-feedback"))
    assert "✗" in text


def test_04_act_in_a_position_and_play_out(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("04_tricks"))
    act = page.locator(".tg-act-quiz")
    # The table (HTML) and the picker (anywidget) update in separate messages: act only once
    # the picker shows the very hand the table holds for "you" (its seat's data-hand).
    in_sync = """(box) => {
        const seat = box.querySelector('.tg-seat[data-hand]');
        if (!seat || !box.querySelector('.tg-act')) return false;
        const shown = seat.dataset.hand;
        const picks = [...box.querySelectorAll('.tg-pick svg[data-tile]')].map(e => e.dataset.tile).join(' ');
        return shown === picks;
    }"""
    for _ in range(4):
        act.locator(".tg-table").wait_for(timeout=TIMEOUT)
        page.wait_for_function(in_sync, arg=act.element_handle(), timeout=TIMEOUT)
        trick = act.locator(".tg-act")
        plays = [a for a in trick.all() if a.locator("svg[data-tile]:not([data-tile=back])").count()]
        best = classify([Tile(t) for t in plays[-1].locator("svg[data-tile]").evaluate_all(
            "els => els.map(e => e.dataset.tile)")])
        me = act.locator(".tg-seat[data-hand]").first
        stacks = int(me.get_attribute("data-stacks"))
        last = act.locator(".tg-trick").get_attribute("data-last") == "true"
        hand = [Tile(t) for t in act.locator(".tg-pick svg[data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")]
        beating = [c for c in combinations_in(hand) if c.size == best.size and can_beat(c, best)]
        if last and stacks + best.size < 2:
            beating = []  # R-W2: must discard
        choice = beating[0].tiles if beating else tuple(hand[: best.size])
        used: list[int] = []
        for t in choice:
            used.append(next(i for i, x in enumerate(hand) if x == t and i not in used))
        for i in used:
            pick(act.locator(".tg-pick"), i, TIMEOUT)
        button = act.locator("button.tg-play" if beating else "button.tg-discard")
        text = click_and_wait(page, button, act.locator(".tg-feedback"))
        assert "✓" in text and RULE_ID.search(text), text
        nxt = act.locator("button.tg-next")
        nxt.click()
        expect(nxt).to_be_hidden(timeout=TIMEOUT)
    board = page.locator(".tg-playout")
    board.locator(".tg-pick").nth(0).click()
    visible = board.locator("button.tg-play")
    text = click_and_wait(page, visible, board.locator(".tg-feedback"))
    assert any(mark in text for mark in ("✓", "✗", "不行"))


def settlement_shown(quiz: Any) -> Any:
    """The settlement of the end of hand the drill describes, worked out by the engine from
    what the page says of it (its data attributes)."""
    end = quiz.locator(".tg-end")
    stacks = [int(x) for x in end.get_attribute("data-stacks").split(",")]
    finishes = [Finish[f] for f in end.get_attribute("data-finishes").split(",") if f]
    captured = end.get_attribute("data-captured")
    return settle(stacks, int(end.get_attribute("data-winner")), int(end.get_attribute("data-banker")),
                  int(end.get_attribute("data-streak")), finishes, int(captured) if captured else None)


def test_05_type_every_seat_s_result(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("05_scoring"))
    quiz = page.locator(".tg-settle-quiz")
    s = settlement_shown(quiz)
    feedback = quiz.locator(".tg-feedback")

    def type_results(values: list[int]) -> None:
        for seat, value in enumerate(values):
            box = quiz.locator(f".tg-net-{seat} input")
            box.fill(str(value))
            box.press("Tab")  # an integer box sends its value when it loses focus
        kernel_settled(page)  # the four values are in the kernel before Check

    type_results([s.net[0] + 7, *s.net[1:]])
    quiz.locator("button.tg-check").click()
    expect(feedback).to_contain_text("✗", timeout=TIMEOUT)
    assert "東" in feedback.inner_text()  # East's result is the wrong one
    type_results(list(s.net))
    quiz.locator("button.tg-check").click()
    expect(feedback).to_contain_text("✓", timeout=TIMEOUT)
    quiz.locator(".tg-settlement").wait_for(timeout=TIMEOUT)


BOXES = """() => [0, 1, 2, 3].map(seat => {
    const box = document.querySelector(`.tg-settle-quiz .tg-net-${seat}`);
    const input = box.querySelector('input').getBoundingClientRect();
    const label = box.querySelector('label').getBoundingClientRect();
    const mark = box.parentElement.lastElementChild.getBoundingClientRect();
    return {input: input.width, inputLeft: input.left, inputRight: input.right, labelRight: label.right,
            markLeft: mark.left, page: document.documentElement.clientWidth};
})"""


@pytest.mark.parametrize("width", [390, 1280])
def test_05_the_result_boxes_can_be_read_and_take_what_the_page_prints(open_page: Any, lessons: Lessons,
                                                                       width: int) -> None:
    page = open_page(lessons.url("05_scoring"), width=width)
    quiz = page.locator(".tg-settle-quiz")
    quiz.locator(".tg-net-0 input").scroll_into_view_if_needed()
    for box in page.evaluate(BOXES):
        assert box["input"] >= 80, box  # room for "−20" and more
        assert box["labelRight"] <= box["inputLeft"] + 1 and box["markLeft"] >= box["inputRight"] - 1, box
        assert box["inputRight"] <= box["page"], box
    s = settlement_shown(quiz)
    feedback = quiz.locator(".tg-feedback")
    first = quiz.locator(".tg-net-0 input")
    first.fill("2.5")
    first.press("Tab")
    kernel_settled(page)
    quiz.locator("button.tg-check").click()
    expect(feedback).to_contain_text("只填整數", timeout=TIMEOUT)
    for seat, value in enumerate(s.net):  # as the page prints them: −20, with U+2212
        box = quiz.locator(f".tg-net-{seat} input")
        box.fill(f"{value:+d}".replace("-", "\u2212") if value else "0")
        box.press("Tab")
    kernel_settled(page)
    quiz.locator("button.tg-check").click()
    expect(feedback).to_contain_text("✓", timeout=TIMEOUT)
    assert "There was an error" not in page.content()


def test_06_switch_a_variant(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("06_variants"))
    explorer = page.locator(".tg-variant").first
    outcome = explorer.locator(".tg-outcome")
    before = outcome.inner_text()
    explorer.locator(".tg-variant-switch button").nth(1).click()
    expect(outcome).not_to_have_text(before, timeout=TIMEOUT)
    assert "文至尊" in outcome.inner_text() and "R-C4" in outcome.inner_text()


def test_07_step_through_a_deal(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("07_dealing"))
    stepper = page.locator(".tg-stepper")
    view = stepper.locator(".tg-dealing")
    click_and_wait(page, stepper.locator("button.tg-throw-banker"), view)
    expect(stepper.locator(".tg-banker-round").first).to_be_visible(timeout=TIMEOUT)
    stepper.locator("button.tg-throw").click()
    expect(view).to_contain_text("0 / 32", timeout=TIMEOUT)
    stepper.locator("button.tg-next-tile").click()
    expect(view).to_contain_text("1 / 32", timeout=TIMEOUT)
    stepper.locator("button.tg-deal-all").click()
    expect(view).to_contain_text("32 / 32", timeout=TIMEOUT)
    assert view.locator('.tg-hand[data-count="8"]').count() == 4
