"""Progress never lost, in a real browser (issue 13 §1–2): lesson 08 reloaded mid-hand comes
back with the same tiles, actions and running score; two tabs on one lesson join their
answers through the browser's storage; corrupt and foreign stored values are ignored with a
console warning and never break a page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.pages import (
    TABLE_NOW,
    Lessons,
    click_answer,
    current_question,
    open_lesson,
    progress_ready,
    quick_move,
    ready_to_click,
    right_and_wrong,
    settle,
    wait_turn,
)

pytestmark = pytest.mark.browser

TIMEOUT = 90_000
ERROR_TEXT = "There was an error"


def test_lesson_08_reloaded_mid_hand_comes_back_exactly(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "08_play.ipynb", timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    # A reload before any move: the same deal, not a new one.
    dealt = page.evaluate(TABLE_NOW)
    page.reload()
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    page.wait_for_function(f"() => ({TABLE_NOW})()?.seed === {json.dumps(dealt['seed'])}", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    settle(page)
    assert page.evaluate(TABLE_NOW) == dealt
    # Hand 1 to the end.
    state, step = wait_turn(page)
    while state == "your-turn":
        quick_move(page, step)
        state, step = wait_turn(page, step)
    assert state == "over"
    page.wait_for_function("() => document.querySelector('.tg-running-score').dataset.hands === '1'",
                           timeout=TIMEOUT)
    after_one = page.evaluate(TABLE_NOW)
    page.click(".tg-next-hand")
    page.wait_for_function("() => /Hand 2|第 2 局/.test(document.querySelector('.tg-deal-line').innerText)"
                           " && document.querySelector('.tg-status').dataset.state !== 'over'", timeout=TIMEOUT)
    # Two moves into hand 2, then reload at the learner's turn.
    state, step = wait_turn(page)
    for _ in range(2):
        if state != "your-turn":
            break
        quick_move(page, step)
        state, step = wait_turn(page, step)
    before = page.evaluate(TABLE_NOW)
    assert before["step"] > 0 and before["seed"] != after_one["seed"]
    mark = page.locator(".tg-feedback-line[data-mark]").first.inner_text()  # the last action's mark
    hint = ""
    if before["state"] == "your-turn":  # a hint left open, both stages
        for stage in ("1", "2"):
            ready_to_click(page, ".tg-hint-button", TIMEOUT)
            page.click(".tg-hint-button")
            page.wait_for_selector(f".tg-hintbox[data-stage='{stage}']", timeout=TIMEOUT)
            settle(page)
        hint = page.locator(".tg-hintbox").inner_text()
    page.reload()
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    page.wait_for_function(f"""() => {{
        const now = ({TABLE_NOW})();
        return now && now.step === {before['step']} && now.hand === {json.dumps(before['hand'])}
            && now.seed === {json.dumps(before['seed'])};
    }}""", timeout=TIMEOUT)
    settle(page)  # nothing else arrives: the restored table is the last word
    after = page.evaluate(TABLE_NOW)
    assert after == before
    assert after["hands"] == "1" and after["score"] == before["score"]
    assert page.locator(".tg-feedback-line[data-mark]").first.inner_text() == mark
    if hint:
        assert page.locator(".tg-hintbox[data-stage='2']").inner_text() == hint
    assert page.locator(".tg-play-table .tg-trick svg[data-tile], .tg-play-table .tg-seat").count() > 0
    # Play goes on from there: the next move is taken.
    if after["state"] == "your-turn":  # (the hint button stays spent: the hint is open at its second stage)
        quick_move(page, after["step"])
    assert ERROR_TEXT not in page.content()


def _asked(page: Any) -> int:
    return int(page.eval_on_selector(".tg-quiz .tg-score [data-asked]", "e => Number(e.dataset.asked)"))


def _answer_right(page: Any, n: int) -> None:
    for _ in range(n):
        start = _asked(page)
        q = current_question(page)
        right, _wrong = right_and_wrong(q)
        click_answer(q, right)
        q["quiz"].locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
        page.wait_for_function(f"() => Number(document.querySelector('.tg-quiz .tg-score [data-asked]')"
                               f".dataset.asked) === {start + 1}", timeout=TIMEOUT)
        q["quiz"].locator("button.tg-next").click()
        page.wait_for_function("() => !document.querySelector('.tg-quiz .tg-feedback').innerText.trim()",
                               timeout=TIMEOUT)


def _stored_asked(page: Any) -> int:
    raw = page.evaluate("() => localStorage.getItem('tiangow:lesson:01_tiles')")
    return int(json.loads(raw)["drills"]["tiles"]["score"]["asked"]) if raw else 0


def _wait_asked(page: Any, n: int) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('.tg-quiz .tg-score [data-asked]')"
                           f"?.dataset.asked) === {n}", timeout=TIMEOUT)


def test_two_tabs_join_their_answers(context: Any, lessons: Lessons) -> None:
    errors: list[str] = []
    a, b = context.new_page(), context.new_page()
    for p in (a, b):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    open_lesson(a, lessons.url("01_tiles"))
    _wait_asked(a, 0)
    progress_ready(a, TIMEOUT)
    _answer_right(a, 3)
    open_lesson(b, lessons.url("01_tiles"))
    _wait_asked(b, 3)  # B starts from A's answers
    _answer_right(a, 2)
    _wait_asked(b, 5)  # B hears of A's answers without a reload (the storage event)
    _answer_right(b, 1)
    _wait_asked(a, 6)  # and A of B's
    settle(a)
    settle(b)
    assert _stored_asked(a) == _stored_asked(b) == 6
    boxes_a = a.eval_on_selector_all(".tg-boxes [data-box]", "els => els.map(e => e.dataset.item + ':' + e.dataset.box)")
    boxes_b = b.eval_on_selector_all(".tg-boxes [data-box]", "els => els.map(e => e.dataset.item + ':' + e.dataset.box)")
    assert boxes_a == boxes_b and sum(int(x.split(":")[1]) - 1 for x in boxes_a) == 6
    a.reload()
    a.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    _wait_asked(a, 6)
    assert errors == []


def test_corrupt_and_foreign_values_are_ignored_with_a_warning(context: Any, lessons: Lessons) -> None:
    page = context.new_page()
    errors: list[str] = []
    warnings: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" and "tiangow" in m.text else None)
    page.goto(lessons.url("index"), timeout=TIMEOUT)
    future = json.dumps({"schema": 99, "drills": {"tiles": {"anything": [1]}}}, separators=(",", ":"))
    page.evaluate(f"""() => {{
        localStorage.setItem('tiangow:lesson:01_tiles', {json.dumps(future)});
        localStorage.setItem('tiangow:lesson:02_ranks', '[1, 2');
        localStorage.setItem('tiangow:lesson:03_combinations', '"a string"');
    }}""")
    open_lesson(page, lessons.url("01_tiles"))
    progress_ready(page, TIMEOUT)
    _answer_right(page, 1)  # the page works (the later version's value is not read)
    assert _asked(page) == 1
    settle(page)  # the write the answer asked for has been tried
    assert page.evaluate("() => localStorage.getItem('tiangow:lesson:01_tiles')") == future  # never overwritten
    assert any("later version" in w and "01_tiles" in w for w in warnings), warnings
    assert any("02_ranks" in w and "not JSON" in w for w in warnings), warnings
    assert any("03_combinations" in w and "not an object" in w for w in warnings), warnings
    # Another tab writing garbage while this one is open: ignored too.
    page.evaluate("() => localStorage.setItem('tiangow:lesson:01_tiles', '{oops')")
    other = context.new_page()
    other.goto(lessons.url("index"), timeout=TIMEOUT)
    with page.expect_console_message(lambda m: "01_tiles" in m.text and "not JSON" in m.text, timeout=TIMEOUT):
        other.evaluate("() => localStorage.setItem('tiangow:lesson:01_tiles', '{still not json')")
    _answer_right(page, 1)
    assert _asked(page) == 2 and errors == []
    assert ERROR_TEXT not in page.content()
