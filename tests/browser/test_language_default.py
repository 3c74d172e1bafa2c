"""Issue 25, point 2: the page speaks the learner's language from the first visit — the browser's
languages choose 繁, 简 or English until the learner picks one, and then the pick is kept (in
Voilà and on the static site)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import Lessons, progress_ready, settle

pytestmark = pytest.mark.browser

TIMEOUT = 120_000
ACTIVE = "() => document.querySelector('.tg-lang button.mod-active')?.textContent"


@pytest.mark.parametrize(("locale", "lang", "button"), [
    ("zh-TW", "zh-Hant", "繁"), ("zh-HK", "zh-Hant", "繁"), ("zh-CN", "zh-Hans", "简"), ("en-US", "en", "English"),
    ("fr-FR", "en", "English"),
])
def test_a_first_visit_follows_the_browser_then_the_learners_pick(open_page: Any, lessons: Lessons, locale: str,
                                                                   lang: str, button: str) -> None:
    page = open_page(lessons.url("01_tiles"), width=1100, height=1200, locale=locale, wait_for=None)
    page.wait_for_function(f"() => document.body.dataset.tgLang === '{lang}'", timeout=TIMEOUT)
    page.wait_for_function(f"() => ({ACTIVE})() === {button!r}", timeout=TIMEOUT)
    settle(page)
    page.wait_for_function(  # the lesson's prose shows in that language, and only in it
        "l => { const vis = e => e.offsetParent !== null;"
        " const ps = [...document.querySelectorAll('.tg-prose[lang]')];"
        " return ps.some(e => e.lang === l && vis(e)) && !ps.some(e => e.lang !== l && vis(e)); }",
        arg=lang, timeout=TIMEOUT)
    assert page.evaluate("() => localStorage.getItem('tiangow:prefs')") is None  # not kept as a choice
    # The learner picks another language: kept across a reload, whatever the browser says.
    other = "English" if button != "English" else "简"
    other_lang = "en" if other == "English" else "zh-Hans"
    page.get_by_role("button", name=other, exact=True).click()
    page.wait_for_function(f"() => document.body.dataset.tgLang === '{other_lang}'", timeout=TIMEOUT)
    settle(page)
    page.reload(timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    page.wait_for_function(f"() => document.body.dataset.tgLang === '{other_lang}'", timeout=TIMEOUT)
    page.wait_for_function(f"() => ({ACTIVE})() === {other!r}", timeout=TIMEOUT)
    assert "There was an error" not in page.content()
