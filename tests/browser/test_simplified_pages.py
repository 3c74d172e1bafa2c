"""Every page in 简: once the learner picks simplified Chinese, no character on the page is one
OpenCC's t2s would change — prose, widgets, buttons, drop-down options and hover titles (the
language switch's own tooltip "繁體中文" names the traditional script and is left out)."""

from __future__ import annotations

import re
from typing import Any

import opencc
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.pages import Lessons, settle
from tiangow.drills.catalog import LESSONS
from tiangow.i18n import MAINLAND_WORDS, to_simplified

pytestmark = pytest.mark.browser

TIMEOUT = 120_000
CJK = re.compile(r"[\u3400-\u9fff]")
PAGES = ["index", *(info.id for info in LESSONS), "rules", "glossary", "practice"]
SHOWN_TEXT = """() => [
    document.body.innerText,
    ...[...document.querySelectorAll('option')].map(o => o.textContent),
    ...[...document.querySelectorAll('[title]')].filter(e => !e.closest('.tg-lang'))
        .map(e => e.getAttribute('title')),
    ...[...document.querySelectorAll('svg title')].map(e => e.textContent),
].join('\\n')"""


def _choose_simplified(page: Any) -> None:
    """Press 简 until the page says so: under a loaded machine a press that comes before the
    page's widgets are live does nothing (seen once in CI on the rules page), and pressing 简
    again once it is chosen changes nothing."""
    button = page.get_by_role("button", name="简", exact=True)
    for _ in range(TIMEOUT // 15_000):
        button.click()
        try:
            page.wait_for_function("() => document.body.dataset.tgLang === 'zh-Hans'", timeout=15_000)
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError("the page never switched to 简")


@pytest.mark.parametrize("name", PAGES)
def test_page_in_simplified_has_no_traditional_character(page: Any, lessons: Lessons, name: str) -> None:
    page.goto(lessons.url(name), timeout=TIMEOUT)
    page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    page.locator(".tg-header").wait_for(timeout=TIMEOUT)
    title = page.locator(".tg-header h1")
    expected = to_simplified(title.inner_text())
    _choose_simplified(page)
    # The body's language is set in the page at once; the heading is redrawn by the kernel.
    expect(title).to_have_text(expected, timeout=30_000)
    settle(page)  # every widget has relabelled: the kernel answered after the language change
    text = page.evaluate(SHOWN_TEXT)
    t2s = opencc.OpenCC("t2s")
    traditional = sorted({c for c in CJK.findall(text) if t2s.convert(c) != c})
    lines = [line for line in text.splitlines() if any(c in line for c in traditional)]
    assert traditional == [], f"{name} in 简 shows {''.join(traditional)}: {lines[:5]}"
    hong_kong = [hk for hk, _ in MAINLAND_WORDS if hk in text]
    assert hong_kong == [], f"{name} in 简 says {hong_kong}, where a mainland reader writes otherwise"
    assert "There was an error" not in page.content()
