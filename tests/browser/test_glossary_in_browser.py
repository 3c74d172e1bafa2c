"""Issue 25, point 1: names you can say — on an English page a Chinese term shows its Cantonese and
Mandarin readings and meaning on tap (and on focus, from the keyboard); the glossary page fits a
phone. In Voilà and on the static site."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import Lessons, settle

pytestmark = pytest.mark.browser

TIMEOUT = 120_000


def test_a_chinese_term_on_an_english_page_says_how_to_read_it(open_page: Any, lessons: Lessons) -> None:
    page = open_page(lessons.url("01_tiles"), width=390, height=844, locale="en-GB", wait_for="svg[data-tile]")
    page.wait_for_function("() => document.body.dataset.tgLang === 'en'", timeout=TIMEOUT)
    heaven = page.locator('.tg-term[data-term="天"]:visible').first
    heaven.wait_for(timeout=30_000)
    heaven.scroll_into_view_if_needed()
    heaven.tap()
    bubble = page.locator(".tg-term-bubble")
    bubble.wait_for(state="visible", timeout=10_000)
    text = bubble.inner_text()
    assert "tin1" in text and "tiān" in text and "Heaven" in text
    box = bubble.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391
    page.keyboard.press("Escape")
    bubble.wait_for(state="hidden", timeout=10_000)
    # From the keyboard: a term takes the focus and says the same.
    page.locator('.tg-term[data-term="長三"]:visible').first.focus()
    bubble.wait_for(state="visible", timeout=10_000)
    assert "coeng4 saam1" in bubble.inner_text() and "cháng sān" in bubble.inner_text()
    # Chinese pages are left alone: no bubble in 繁.
    page.get_by_role("button", name="繁", exact=True).click()
    page.wait_for_function("() => document.body.dataset.tgLang === 'zh-Hant'", timeout=TIMEOUT)
    settle(page)
    assert page.locator(".tg-term-bubble:visible").count() == 0
    # The glossary page, on the phone.
    page.goto(lessons.url("glossary"), timeout=TIMEOUT)
    page.wait_for_selector('tr[data-term="長三"]', timeout=TIMEOUT)
    assert "coeng4 saam1" in page.locator('tr[data-term="長三"]').inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 391
    assert "There was an error" not in page.content()
