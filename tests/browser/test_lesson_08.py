"""Lesson 08 in headless Chromium: a whole hand played through the page, taking the hint's
recommended play every turn, until the settlement appears — with no page error."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

TIMEOUT = 90_000
ERROR_TEXT = "There was an error"


def wait_turn(page: Any) -> str:
    """Wait for the learner's turn or the end of the hand; return which."""
    page.wait_for_function(
        "() => { const s = document.querySelector('.tg-status');"
        " return s && ['your-turn', 'over'].includes(s.dataset.state) }", timeout=TIMEOUT)
    return str(page.eval_on_selector(".tg-status", "e => e.dataset.state"))


def select(page: Any, tiles: list[str]) -> None:
    """Click the learner's tiles (duplicates: distinct copies)."""
    used: set[str] = set()
    for t in tiles:
        buttons = page.locator(f".tg-hand button.tg-pick:has(svg[data-tile='{t}'])")
        for i in range(buttons.count()):
            index = buttons.nth(i).get_attribute("data-index")
            if index not in used:
                used.add(index)
                buttons.nth(i).click()
                break
    page.wait_for_function(f"() => document.querySelectorAll('.tg-hand button.tg-picked').length === {len(tiles)}",
                           timeout=TIMEOUT)


def clear_selection(page: Any) -> None:
    while page.locator(".tg-hand button.tg-picked").count():
        page.locator(".tg-hand button.tg-picked").first.click()
        page.wait_for_timeout(100)


def test_lesson_08_plays_a_whole_hand_with_hints(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "08_play.ipynb", timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()

    # An illegal choice is explained in words, and nothing is played.
    assert wait_turn(page) == "your-turn"
    history = page.eval_on_selector(".tg-deal-line", "e => e.dataset.seed")
    if page.locator(".tg-ptrick[data-trick]").count() == 0:  # the learner leads: a leader may not discard
        select(page, [page.locator(".tg-hand svg[data-tile]").first.get_attribute("data-tile")])
        assert page.locator(".tg-discard").is_disabled()
    else:
        page.click(".tg-play")  # nothing selected
        page.wait_for_selector(".tg-feedback-wrong", timeout=TIMEOUT)
    assert history == page.eval_on_selector(".tg-deal-line", "e => e.dataset.seed")

    turns = 0
    while wait_turn(page) == "your-turn":
        turns += 1
        page.click(".tg-hint-button")  # stage one: the nudge
        page.wait_for_selector(".tg-hintbox[data-stage='1'] .tg-hint-nudge", timeout=TIMEOUT)
        page.click(".tg-hint-button")  # stage two: the recommendation and every option
        page.wait_for_selector(".tg-hintbox[data-stage='2'] .tg-hint-rec", timeout=TIMEOUT)
        box = page.locator(".tg-hintbox")
        tiles = str(box.get_attribute("data-tiles")).split()
        discard = box.get_attribute("data-discard") == "true"
        assert page.locator(".tg-options tr[data-option]").count() >= 1
        clear_selection(page)
        select(page, tiles)
        page.click(".tg-discard" if discard else ".tg-play")
        page.wait_for_selector(".tg-feedback-line[data-mark]", timeout=TIMEOUT)
        mark = page.eval_on_selector(".tg-feedback-line[data-mark]", "e => e.dataset.mark")
        assert mark == "best"  # the recommended play is the best by the coach's own measure
        assert turns <= 8

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
