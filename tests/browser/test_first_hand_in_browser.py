"""Issue 25, point 3: Tien Gow in five minutes — the scripted first hand played in the browser as
a newcomer would: read, pick the tiles the text names, press Play or Discard (a wrong pick is
refused with a reason), reach the settlement, then a reload keeps it done. Voilà and the static
site; 1280 px and a phone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import Lessons, progress_ready, ready_to_click, settle
from tiangow.drills.firsthand import script

pytestmark = pytest.mark.browser

TIMEOUT = 120_000


def pick(page: Any, tiles: list[str]) -> None:
    """Select these tiles (pip notation, e.g. "6-6") in the hand."""
    for tile in tiles:
        cands = page.locator(f'.tg-first-hand .tg-pick:not(.tg-picked) svg[data-tile="{tile}"]')
        cands.first.click()


@pytest.mark.parametrize("width", [1280, 390])
def test_a_newcomer_plays_the_five_minute_hand(open_page: Any, lessons: Lessons, width: int) -> None:
    page = open_page(lessons.url("00_start"), width=width, height=900, wait_for=".tg-first-hand svg[data-tile]")
    assert "第 1 步，共 6 步" in page.locator(".tg-first-hand").inner_text()
    # A wrong pick first: refused with the reason, nothing played.
    pick(page, ["1-5"])
    page.click(".tg-first-hand .tg-play")
    page.wait_for_function("() => document.querySelector('.tg-first-hand .tg-feedback').innerText.includes('示範')",
                           timeout=30_000)
    page.locator('.tg-first-hand .tg-pick.tg-picked').first.click()  # unpick
    for n, step in enumerate(s for s in script() if s.learner):
        page.wait_for_selector(f'.tg-first-hand .tg-step[data-decision="{n + 1}"]', timeout=TIMEOUT)
        pick(page, [t.notation for t in step.move.tiles])
        button = ".tg-first-hand .tg-discard" if step.move.discard else ".tg-first-hand .tg-play"
        ready_to_click(page, button, TIMEOUT)
        page.click(button)
    page.wait_for_selector(".tg-first-hand-end .tg-settlement", timeout=TIMEOUT)
    text = page.locator(".tg-first-hand").inner_text()
    assert "你一共收 22" in text and "第一課" in text
    if width < 600:
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1
    settle(page)
    page.reload(timeout=TIMEOUT)
    page.wait_for_selector(".tg-first-hand svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    page.wait_for_selector(".tg-first-hand-end .tg-settlement", timeout=TIMEOUT)  # still done after a reload
    page.goto(lessons.url("index"), timeout=TIMEOUT)
    page.wait_for_function(
        "() => document.querySelector('a[data-lesson=\"00_start\"]')?.innerText.includes('已完成')", timeout=TIMEOUT)
    assert "There was an error" not in page.content()
