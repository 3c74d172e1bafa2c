"""Lesson 08 on a laptop's short screen (1280 × 800), in English (the longest words): the buttons
stay in reach, and no tile's name breaks inside its pips (issue 68.5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import wait_turn

pytestmark = pytest.mark.browser

TIMEOUT = 90_000


def test_lesson_08_on_a_laptop_keeps_play_and_hint_in_reach(open_page: Any, voila_url: str) -> None:
    page = open_page(voila_url + "08_play.ipynb", width=1280, height=800, wait_for=".tg-play-table svg[data-tile]")
    page.get_by_role("button", name="English", exact=True).click()
    page.wait_for_function("() => document.body.dataset.tgLang === 'en'", timeout=TIMEOUT)
    wait_turn(page)
    # wherever the table is in view — as the page opens, and scrolled to the table's top or to
    # the seats — Play and Hint are on the screen, kept at its bottom edge
    for where in ("window.scrollTo(0, 0)",
                  "document.querySelector('.tg-play-table .tg-table').scrollIntoView({block: 'start'})",
                  "document.querySelector('.tg-play-table .tg-table').scrollIntoView({block: 'center'})"):
        page.evaluate(f"() => {where}")
        page.wait_for_timeout(300)
        top = page.locator(".tg-play-table").bounding_box()
        assert top is not None and top["y"] < 800, ("the table is in view", where, top)
        for button in (".tg-play", ".tg-hint-button"):
            box = page.locator(button).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, (where, button, box)
    # a name under a tile wraps between words, never inside its pips: "(2-6)" is on one line
    names = page.evaluate("""() => [...document.querySelectorAll('.tg-hand .tg-pick-label')].map(e => {
        const pips = e.querySelector('.tg-nowrap');
        return [e.innerText, pips ? pips.getClientRects().length : 0];
    })""")
    with_pips = [(text, lines) for text, lines in names if "(" in text]  # the military tiles' names
    assert with_pips and all(lines == 1 for _, lines in with_pips), names


def test_the_way_on_looks_like_a_link(open_page: Any, voila_url: str) -> None:
    """The links at a lesson's end are links to the eye: the next lesson a button-like link,
    the way back underlined — not plain text."""
    page = open_page(voila_url + "01_tiles.ipynb", width=1280)
    page.locator("a.tg-next-lesson").wait_for(timeout=TIMEOUT)
    style = page.evaluate("""() => [...document.querySelectorAll('.tg-navbar a.tg-nav')].map(a => {
        const cs = getComputedStyle(a);
        return [a.classList.contains('tg-next-lesson'), cs.textDecorationLine, cs.backgroundColor, cs.color];
    })""")
    nxt = [s for s in style if s[0]]
    back = [s for s in style if not s[0]]
    assert nxt and all(bg not in ("rgba(0, 0, 0, 0)", "transparent") for _, _, bg, _ in nxt), style
    assert back and all("underline" in line for _, line, _, _ in back), style
