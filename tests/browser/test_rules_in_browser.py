"""Issue 25, point 1: the rules a click away — every rule id a page shows is a link; a click opens
the rule beside the lesson (the lesson keeps its place), in the page's language; "All the rules"
opens the rules page at that rule. In Voilà and on the static site, at 1280 and 390 px."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import Lessons

pytestmark = pytest.mark.browser

TIMEOUT = 120_000


@pytest.mark.parametrize("width", [1280, 390])
def test_a_rule_id_opens_its_rule_beside_the_lesson(open_page: Any, lessons: Lessons, width: int) -> None:
    page = open_page(lessons.url("04_tricks"), width=width, height=900, wait_for="svg[data-tile]")
    links = page.locator("a.tg-rule-link:visible")
    links.first.wait_for(timeout=30_000)
    # Every rule id shown in the prose is a link (R-W2 is cited in the lesson's text).
    w2 = page.locator('.tg-prose a.tg-rule-link[data-rule="R-W2"]:visible').first
    w2.scroll_into_view_if_needed()
    before = page.evaluate("() => [window.scrollY, location.href]")
    w2.click()
    panel = page.locator(".tg-rule-panel")
    panel.wait_for(state="visible", timeout=10_000)
    assert "R-W2" in panel.inner_text() and "至少兩棟" in panel.inner_text()
    assert page.evaluate("() => [window.scrollY, location.href]") == before  # the lesson kept its place
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    # The panel follows the language switch.
    page.get_by_role("button", name="English", exact=True).click()
    page.wait_for_function("() => document.querySelector('.tg-rule-panel h4')?.textContent.includes('two stacks')",
                           timeout=30_000)
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden", timeout=10_000)
    # A rule id a widget draws (the worked examples' text) is a link too, to the rule's anchor.
    in_widget = page.locator(".widget-html a.tg-rule-link:visible").first
    href = in_widget.get_attribute("href")
    assert href is not None and "#rule-" in href and "rules." in href
    # "All the rules" opens the rules page at the rule, in a tab of its own.
    page.locator('a.tg-rule-link[data-rule="R-P1"]:visible').first.click()
    panel.wait_for(state="visible", timeout=10_000)
    with page.context.expect_page(timeout=30_000) as opened:
        page.locator(".tg-rule-all").click()
    rules = opened.value
    rules.wait_for_selector("#rule-R-P1", timeout=TIMEOUT)
    rules.wait_for_function(
        "() => { const r = document.getElementById('rule-R-P1').getBoundingClientRect();"
        " return r.top > -2 && r.top < 80; }", timeout=TIMEOUT)
    assert rules.locator("#rule-R-P1.tg-rule-target").count() == 1
    assert "There was an error" not in rules.content() and "There was an error" not in page.content()
