"""Lesson 08 in headless Chromium: a whole hand played through the page, taking the hint's
recommended play every turn, until the settlement appears — with no page error."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import Lessons, clear_selection, ready_to_click, select, settle, wait_turn
from tiangow import Tile, combinations_in

pytestmark = pytest.mark.browser

TIMEOUT = 90_000
ERROR_TEXT = "There was an error"


def test_lesson_08_plays_a_whole_hand_with_hints(page: Any, lessons: Lessons) -> None:
    page.goto(lessons.url("08_play"), timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()

    # An illegal choice is explained in words, and nothing is played. East banks the first hand,
    # so the learner (East) leads: two tiles that make no play (R-C2).
    state, step = wait_turn(page)
    assert state == "your-turn" and step == 0
    hand = [Tile(t) for t in page.locator(".tg-hand .tg-pick svg[data-tile]").evaluate_all(
        "els => els.map(e => e.dataset.tile)")]
    pair = next((a, b) for i, a in enumerate(hand) for b in hand[i + 1:]
                if not any(set(c.tiles) == {a, b} and c.size == 2 for c in combinations_in((a, b))))
    select(page, [pair[0].notation, pair[1].notation])
    assert page.locator(".tg-discard").is_disabled()  # a leader may not discard (R-P2)
    page.click(".tg-play")
    page.wait_for_selector(".tg-feedback-wrong", timeout=TIMEOUT)
    assert "R-C2" in page.locator(".tg-feedback-wrong").inner_text()
    assert page.eval_on_selector(".tg-status", "e => e.dataset.step") == "0"
    clear_selection(page)

    turns = 0
    undone = False
    state, step = wait_turn(page)
    while state == "your-turn":
        turns += 1
        page.click(".tg-hint-button")  # stage one: the nudge
        page.wait_for_selector(f".tg-hintbox[data-stage='1'][data-step='{step}'] .tg-hint-nudge", timeout=TIMEOUT)
        ready_to_click(page, ".tg-hint-button", TIMEOUT)
        page.click(".tg-hint-button")  # stage two: the recommendation and every option
        page.wait_for_selector(f".tg-hintbox[data-stage='2'][data-step='{step}'] .tg-hint-rec", timeout=TIMEOUT)
        box = page.locator(".tg-hintbox")
        tiles = str(box.get_attribute("data-tiles")).split()
        discard = box.get_attribute("data-discard") == "true"
        assert page.locator(".tg-options tr[data-option]").count() >= 1
        clear_selection(page)
        select(page, tiles)
        page.click(".tg-discard" if discard else ".tg-play")
        marked = page.wait_for_selector(f".tg-feedback-line[data-mark][data-step='{step + 1}']", timeout=TIMEOUT)
        assert marked.get_attribute("data-mark") == "best"  # the recommended play, by the coach's own measure
        state, new_step = wait_turn(page, step)
        if turns == 1 and state == "your-turn":
            # Undo takes back the learner's lead and the bots' replies: the same tiles, the lead again.
            page.click(".tg-undo")
            undone = True
            state, new_step = wait_turn(page, at=step)
            assert page.eval_on_selector(".tg-status", "e => e.dataset.hand") == " ".join(t.notation for t in hand)
            page.wait_for_selector(".tg-feedback-answer", timeout=TIMEOUT)  # "Undone: …", and no mark
            page.wait_for_function("() => !document.querySelector('.tg-hintbox')", timeout=TIMEOUT)  # hints start over
        step = new_step
        assert turns <= 9
    assert undone

    # The end: every discard turned up, the settlement line by line with its rules.
    page.wait_for_selector(".tg-settlement .tg-payment", timeout=TIMEOUT)
    text = page.locator(".tg-result").inner_text()
    assert "R-$" in text
    assert page.locator(".tg-history-row").count() >= 1
    assert page.locator(".tg-next-hand").is_visible()
    assert ERROR_TEXT not in page.content()

    # Next hand: the bank passes by R-B1 and the running score counts the hand.
    banker = page.eval_on_selector(".tg-hand-result", "e => e.dataset.winner")
    page.click(".tg-next-hand")
    page.wait_for_function("() => document.querySelector('.tg-deal-line') && "
                           f"document.querySelector('.tg-deal-line').dataset.banker === '{banker}'", timeout=TIMEOUT)
    page.wait_for_selector(".tg-running-score[data-hands='1']", timeout=TIMEOUT)


OVERLAPS = """sel => {
    const boxes = [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
    const hits = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) hits.push([i, j]);
    }
    return hits;
}"""


def test_lesson_08_layout_in_english_at_1280_and_a_double_click(page: Any, lessons: Lessons) -> None:
    """Issue 12 §17, §21: eight tiles in one row, seat boxes without overflow, the previous
    trick's labels apart; a double click on Play keeps the mark of the move just made."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(lessons.url("08_play"), timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    page.get_by_role("button", name="English", exact=True).click()
    page.wait_for_selector(".tg-play-table button.tg-play:has-text('Play')", timeout=TIMEOUT)
    state, step = wait_turn(page)
    assert state == "your-turn" and step == 0
    tops = page.eval_on_selector_all(".tg-hand .tg-pick", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert len(tops) == 8 and len(set(tops)) == 1, f"the hand wraps: {tops}"
    overflow = page.eval_on_selector_all(".tg-play-table .tg-seat", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).length")
    assert overflow == 0

    first = page.eval_on_selector(".tg-hand .tg-pick svg[data-tile]", "e => e.dataset.tile")
    select(page, [first])
    page.dblclick(".tg-play")  # a single tile is always a lead (R-P2); the second click is stale
    page.wait_for_selector(".tg-feedback-line[data-mark][data-step='1']", timeout=TIMEOUT)
    settle(page)  # the second click's answer, had it been sent, is in by now
    assert page.locator(".tg-feedback-wrong").count() == 0, "the second click replaced the mark"
    assert page.locator(".tg-feedback-line[data-mark][data-step='1']").count() == 1

    state, step = wait_turn(page, 1)
    if state == "your-turn" and page.locator(".tg-prev-trick .tg-act").count():
        assert page.evaluate(OVERLAPS, ".tg-prev-trick .tg-act") == []
        assert page.evaluate(OVERLAPS, ".tg-play-table .tg-table > *") == []
    assert ERROR_TEXT not in page.content()


def test_lesson_08_a_costly_action_is_marked_with_its_reason(page: Any, lessons: Lessons) -> None:
    # The learner takes the option the hint ranks last: the mark says how much it cost and why,
    # with the samples' own counts (issue 24 §1).
    page.goto(lessons.url("08_play"), timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    page.get_by_role("button", name="English").click()
    for _ in range(9):
        state, step = wait_turn(page)
        if state != "your-turn":
            break
        for stage in ("1", "2"):
            ready_to_click(page, ".tg-hint-button", TIMEOUT)
            page.click(".tg-hint-button")
            page.wait_for_selector(f".tg-hintbox[data-stage='{stage}'][data-step='{step}']", timeout=TIMEOUT)
        rows = page.locator(".tg-options tr[data-option]")
        worst = rows.nth(rows.count() - 1)
        tiles = str(worst.get_attribute("data-tiles")).split()
        discard = worst.get_attribute("data-discard") == "true"
        clear_selection(page)
        select(page, tiles)
        page.click(".tg-discard" if discard else ".tg-play")
        line = page.wait_for_selector(f".tg-feedback-line[data-mark][data-step='{step + 1}']", timeout=TIMEOUT)
        if line.get_attribute("data-mark") != "best":
            text = line.inner_text()
            assert "Why: " in text and "R-" in text.split("Why: ")[1]
            assert " of " in text or "on average" in text
            assert ERROR_TEXT not in page.content()
            return
    pytest.fail("no action short of the best was taken in a whole hand")


def test_lesson_08_ideas_of_play_with_their_figures_at_390(page: Any, lessons: Lessons) -> None:
    """The tested ideas of play under the table: each with its figure and what it makes of it,
    in English and 繁, and an exception that opens on a phone to a drawn position that fits."""
    from tiangow.coach.principles import PRINCIPLES, measured
    from tiangow.widgets.principles import kind_of

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(lessons.url("08_play"), timeout=TIMEOUT)
    page.wait_for_selector(".tg-principle", timeout=TIMEOUT)
    assert page.locator(".tg-principle").count() == len(PRINCIPLES)
    _, tallies = measured()
    first = tallies[0]
    row = page.locator(f'.tg-principle[data-principle="{first.principle.id}"]')
    assert f"{round(100 * first.holds)}%" in row.inner_text() and kind_of(first).zh in row.inner_text()
    row.locator("summary").click()
    drawn = row.locator(".tg-principle-example svg[data-tile]")
    drawn.first.wait_for(timeout=TIMEOUT)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"the page scrolls sideways: {wide}px"
    page.get_by_role("button", name="English", exact=True).click()
    page.wait_for_function("() => document.querySelector('.tg-principle').innerText.includes('positions')",
                           timeout=TIMEOUT)
    assert kind_of(first).en in page.locator(".tg-principle").first.inner_text()
    assert ERROR_TEXT not in page.content()
