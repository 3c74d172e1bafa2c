"""Issue 24 §2–3 in headless Chromium: a hand played to the end, its review opened, a step to
a costly action of the learner's, a retry wrong then right, a reload that brings back the review
and the "your mistakes" deck — in Voilà and the static site, and at a phone's 390 px."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import (
    ON_BOTH,
    Lessons,
    clear_selection,
    progress_ready,
    quick_move,
    ready_to_click,
    select,
    settle,
    wait_turn,
)

pytestmark = pytest.mark.browser

TIMEOUT = 90_000
ERROR_TEXT = "There was an error"


def retry_select(page: Any, tiles: list[str]) -> None:
    """Pick ``tiles`` (and only them) in the retry's picker, once it takes clicks."""
    page.wait_for_selector(".tg-retry-hand button.tg-pick:not([disabled])", timeout=TIMEOUT)
    clear_selection(page, ".tg-retry-hand")
    select(page, tiles, ".tg-retry-hand")


def play_hand_with_a_mistake(page: Any) -> tuple[list[str], bool, list[str], bool]:
    """The learner's first action: the hint's last option (the hint's best noted); then quick
    legal moves to the end. Returns (worst tiles, discard?, best tiles, discard?)."""
    state, step = wait_turn(page)
    assert state == "your-turn"
    for stage in ("1", "2"):
        ready_to_click(page, ".tg-hint-button", TIMEOUT)
        page.click(".tg-hint-button")
        page.wait_for_selector(f".tg-hintbox[data-stage='{stage}'][data-step='{step}']", timeout=TIMEOUT)
    rows = page.locator(".tg-options tr[data-option]")
    assert rows.count() >= 2
    best, worst = rows.nth(0), rows.nth(rows.count() - 1)
    best_tiles = str(best.get_attribute("data-tiles")).split()
    best_discard = best.get_attribute("data-discard") == "true"
    worst_tiles = str(worst.get_attribute("data-tiles")).split()
    worst_discard = worst.get_attribute("data-discard") == "true"
    clear_selection(page)
    select(page, worst_tiles)
    page.click(".tg-discard" if worst_discard else ".tg-play")
    page.wait_for_selector(f".tg-feedback-line[data-mark][data-step='{step + 1}']", timeout=TIMEOUT)
    state, step = wait_turn(page, step)
    while state == "your-turn":
        quick_move(page, step)
        state, step = wait_turn(page, step)
    page.wait_for_selector(".tg-settlement .tg-payment", timeout=TIMEOUT)
    return worst_tiles, worst_discard, best_tiles, best_discard


def review_and_retry(page: Any, reload: bool = True) -> None:
    worst, worst_discard, best, best_discard = play_hand_with_a_mistake(page)
    ready_to_click(page, ".tg-review-toggle", TIMEOUT)
    page.click(".tg-review-toggle")
    head = page.wait_for_selector(".tg-review-head[data-expected]", timeout=TIMEOUT)
    assert head.get_attribute("data-result") is not None
    # the costliest actions, dearest first, each a click away
    jumps = page.locator(".tg-review-jump")
    assert jumps.count() >= 1
    # it opens at the costliest action; step forward, to the end, to the start, and back to it
    at = int(page.locator(".tg-review-step").get_attribute("data-step") or 0)
    steps = int(page.locator(".tg-review-step").get_attribute("data-steps") or 0)
    page.click(".tg-review-next")
    page.wait_for_selector(f".tg-review-step[data-step='{at + 1}']", timeout=TIMEOUT)
    if at + 1 < steps:
        page.click(".tg-review-last")
    else:  # the costliest action was the last: next is already the end, which has no further step
        assert page.locator(".tg-review-last").is_disabled()
    page.wait_for_selector(f".tg-review-step[data-step='{steps}']", timeout=TIMEOUT)
    assert any(w in page.locator(".tg-review-then").inner_text() for w in ("netted", "淨得", "净得"))
    page.click(".tg-review-first")
    page.wait_for_selector(".tg-review-step[data-step='0']", timeout=TIMEOUT)
    assert page.locator(".tg-review-step .tg-seat svg[data-tile]").count() >= 32  # all four hands shown
    # a costly action is a click away
    jumps.nth(0).click()
    page.wait_for_selector(f".tg-review-step[data-step='{at}'][data-mark]", timeout=TIMEOUT)
    # the learner's first action (East banks the first hand and leads): the one taken from the hint's last option
    if at != 0:
        page.click(".tg-review-first")
    page.wait_for_selector(".tg-review-step[data-step='0'][data-mark]", timeout=TIMEOUT)
    mark = page.locator(".tg-review-step").get_attribute("data-mark")
    assert mark in ("fine", "mistake"), mark
    assert page.locator(".tg-review-step .tg-why").count() == 1
    assert page.locator(".tg-review-better").count() == 1
    # retry: the same action again is wrong, and the position goes into the deck …
    page.click(".tg-retry-open")
    page.wait_for_selector(".tg-retry-hand svg[data-tile]", timeout=TIMEOUT)
    assert page.locator(".tg-review-step[data-concealed='true']").count() == 1  # the answer is hidden
    retry_select(page, worst)
    page.click(".tg-retry-discard" if worst_discard else ".tg-retry-play")
    page.wait_for_selector(".tg-retry-verdict[data-verdict='wrong']", timeout=TIMEOUT)
    page.wait_for_selector(".tg-deck-line[data-count='1']", timeout=TIMEOUT)
    # … and the coach's best is right
    retry_select(page, best)
    page.click(".tg-retry-discard" if best_discard else ".tg-retry-play")
    page.wait_for_selector(".tg-retry-verdict[data-verdict='right']", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()
    if not reload:
        return
    # a reload: the review comes back where it was, and the deck still holds the position
    at = page.locator(".tg-review-step").get_attribute("data-step")
    settle(page)
    page.reload()
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    page.wait_for_selector(f".tg-review-step[data-step='{at}']", timeout=TIMEOUT)
    page.wait_for_selector(".tg-deck-line[data-count='1']", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()


@pytest.mark.parametrize("lessons", ON_BOTH, indirect=True)
def test_a_hand_reviewed_and_a_mistake_retried(page: Any, lessons: Lessons) -> None:
    page.goto(lessons.url("08_play"), timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    page.get_by_role("button", name="English", exact=True).click()
    page.wait_for_selector(".tg-play-table button.tg-play:has-text('Play')", timeout=TIMEOUT)
    review_and_retry(page)
    # the next hand: the review of the last one stays a pick away
    page.click(".tg-next-hand")
    page.wait_for_selector(".tg-running-score[data-hands='1']", timeout=TIMEOUT)
    page.wait_for_selector(".tg-review-head", state="hidden", timeout=TIMEOUT)
    page.locator(".tg-review-past select").select_option(index=1)
    page.wait_for_selector(".tg-review-head[data-hand='1']", timeout=TIMEOUT)


def test_the_review_on_a_phone(open_page: Any, voila_url: str) -> None:
    page = open_page(voila_url + "08_play.ipynb", width=390, height=844, wait_for=".tg-play-table svg[data-tile]")
    review_and_retry(page, reload=False)
    wide = page.evaluate("""() => [...document.querySelectorAll('.tg-review *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length""")
    assert wide == 0, "the review is wider than the phone"


def test_a_hand_to_learn_from_from_the_settings(page: Any, voila_url: str) -> None:
    from tiangow.drills.session import LEARNABLE

    page.goto(voila_url + "08_play.ipynb", timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    page.click(".tg-settings-toggle")
    page.wait_for_selector(".tg-learnable", state="visible", timeout=TIMEOUT)
    page.locator(".tg-seat-choice button").nth(2).click()  # West
    page.click(".tg-learnable")
    page.wait_for_function("() => document.querySelector('.tg-deal-line').textContent.includes('西')", timeout=TIMEOUT)
    line = page.locator(".tg-deal-line")
    assert int(line.get_attribute("data-seed") or -1) in LEARNABLE[2]
    assert (line.get_attribute("data-banker"), line.get_attribute("data-streak")) == ("0", "1")
    page.wait_for_selector(".tg-feedback-answer", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()


def test_the_mistakes_deck_reaches_a_second_tab(context: Any, voila_url: str) -> None:
    """Two tabs of lesson 08: a position kept in the deck in one shows in the other's count
    (the storage event; joined item by item, nothing lost)."""
    pages = []
    for _ in range(2):
        p = context.new_page()
        p.goto(voila_url + "08_play.ipynb", timeout=TIMEOUT)
        p.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
        progress_ready(p, TIMEOUT)
        pages.append(p)
    a, b = pages
    a.bring_to_front()
    worst, worst_discard, _best, _ = play_hand_with_a_mistake(a)
    ready_to_click(a, ".tg-review-toggle", TIMEOUT)
    a.click(".tg-review-toggle")
    a.wait_for_selector(".tg-review-head[data-expected]", timeout=TIMEOUT)
    if a.locator(".tg-review-step").get_attribute("data-step") != "0":
        a.click(".tg-review-first")
        a.wait_for_selector(".tg-review-step[data-step='0'][data-mark]", timeout=TIMEOUT)
    a.click(".tg-retry-open")
    retry_select(a, worst)
    a.click(".tg-retry-discard" if worst_discard else ".tg-retry-play")
    a.wait_for_selector(".tg-deck-line[data-count='1']", timeout=TIMEOUT)
    b.bring_to_front()
    b.wait_for_selector(".tg-deck-line[data-count='1']", timeout=TIMEOUT)
    for p in pages:
        assert ERROR_TEXT not in p.content()
