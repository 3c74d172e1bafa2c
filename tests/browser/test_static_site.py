"""The static site (scripts/build_site.py) in headless Chromium, with nothing but the site reachable.

(The lessons' own browser tests run against it too, through the ``lessons`` fixture; these
check what only the static site has: its front page, its links, and that nothing is fetched
from anywhere else.)

The site is built once, served by http.server's handler on a free port, and opened in a
Chromium whose every request elsewhere goes to a proxy that refuses it and writes it down
(pages, workers and service workers alike; its resolver knows no other host either), and
every request the site could not answer is recorded too. Each test fails on either, on a page error, and on
"There was an error" in the page. The kernel is Pyodide in the page: the first tile can take
several seconds on a 2-core machine, so the waits are generous.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import (
    CHROMIUM_ARGS,
    LOCALE,
    current_question,
    follow_hint,
    progress_ready,
    select,
    wait_turn,
    wrong_then_right,
)
from tests.browser.sitetools import OffsiteTrap, SiteServer

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.browser, pytest.mark.site, pytest.mark.slow]

TIMEOUT = 120_000
ERROR_TEXT = "There was an error"
BLOCK_ELSEWHERE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
# JupyterLite registers a service worker; the site's declines to install (see build_site.py).
PAGES = sorted(p.stem for p in (ROOT / "lessons").glob("*.ipynb"))


@pytest.fixture(scope="module")
def site(static_site: SiteServer) -> SiteServer:
    return static_site


@pytest.fixture(scope="module")
def trap() -> Iterator[OffsiteTrap]:
    trap = OffsiteTrap()
    yield trap
    trap.close()


@pytest.fixture(scope="module")
def offline_browser(playwright: Any, chromium: str, trap: OffsiteTrap) -> Iterator[Any]:
    browser = playwright.chromium.launch(executable_path=chromium, args=[*CHROMIUM_ARGS, *trap.args, BLOCK_ELSEWHERE])
    yield browser
    browser.close()


@contextlib.contextmanager
def watched(context: Any, site: SiteServer, trap: OffsiteTrap) -> Iterator[Any]:
    """A new page in ``context``; off-site requests, unanswered requests and page errors while
    it is open fail the test."""
    offsite: list[str] = []

    def note(r: Any) -> None:
        if not r.url.startswith((site.url, "data:", "blob:")):
            offsite.append(r.url)

    context.on("request", note)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    before, trapped = len(site.missing), len(trap.offsite)
    try:
        yield page
        site.quiet(0.5)
    finally:
        page.close()
        context.remove_listener("request", note)
    assert offsite == [] and trap.offsite[trapped:] == [], f"requests that left the site: {offsite} {trap.offsite[trapped:]}"
    assert errors == [], f"errors in the page: {errors}"
    assert site.missing[before:] == [], f"requests the site did not answer: {site.missing[before:]}"


@pytest.fixture
def learner(offline_browser: Any, site: SiteServer, trap: OffsiteTrap) -> Iterator[Any]:
    """A page in a new browser profile (nothing cached, nothing stored)."""
    context = offline_browser.new_context(viewport={"width": 1280, "height": 1400}, locale=LOCALE)
    try:
        with watched(context, site, trap) as page:
            yield page
    finally:
        context.close()


@pytest.fixture(scope="module")
def returning(offline_browser: Any) -> Iterator[Any]:
    """One browser profile for a module's pages: what it fetched once comes from its cache."""
    context = offline_browser.new_context(viewport={"width": 1280, "height": 1400}, locale=LOCALE)
    yield context
    context.close()


@pytest.fixture
def returning_learner(returning: Any, site: SiteServer, trap: OffsiteTrap) -> Iterator[Any]:
    """A new page in the returning learner's browser profile (the site's files cached)."""
    with watched(returning, site, trap) as page:
        yield page


def open_page(page: Any, site: SiteServer, name: str) -> None:
    page.goto(f"{site.url}voici/render/{name}.html", timeout=TIMEOUT)
    page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.inner_text("body")


def test_the_site_opens_at_the_course_index(learner: Any, site: SiteServer) -> None:
    learner.goto(site.url, timeout=TIMEOUT)
    learner.wait_for_selector("a.tg-lesson-card svg[data-tile]", timeout=TIMEOUT)
    assert learner.url.endswith("/voici/render/index.html")
    cards = learner.locator("a.tg-lesson-card")
    assert cards.count() == len(PAGES) - 1
    assert cards.first.get_attribute("href") == "00_start.html"  # the five-minute hand comes first
    cards.nth(1).click()
    learner.wait_for_selector(".tg-quiz svg[data-tile]", timeout=TIMEOUT)
    assert learner.url.endswith("/voici/render/01_tiles.html")


@pytest.mark.parametrize("name", PAGES)
def test_every_lesson_runs_in_the_browser(returning_learner: Any, site: SiteServer, name: str) -> None:
    learner = returning_learner
    open_page(learner, site, name)
    # Every cell ran: the footer (lessons) or the lesson cards (index) come last.
    last = {"index": "a.tg-lesson-card", "rules": "#rule-s11", "glossary": 'tr[data-term="點數"]'}.get(
        name, ".tg-prose a.tg-nav >> nth=1")
    learner.wait_for_selector(last, timeout=TIMEOUT)
    assert ERROR_TEXT not in learner.inner_text("body")


def test_lesson_01_drill_language_and_progress_kept(learner: Any, site: SiteServer) -> None:
    page = learner
    open_page(page, site, "01_tiles")
    progress_ready(page, TIMEOUT)
    wrong_then_right(current_question(page))
    page.wait_for_function("document.querySelector('.tg-score').innerText.includes('0 / 1')", timeout=TIMEOUT)

    page.get_by_role("button", name="English").click()
    page.wait_for_selector("text=Lesson 1 · Meet the 32 tiles", timeout=TIMEOUT)
    page.wait_for_function("document.querySelector('.tg-score').innerText.includes('Right first time: 0 of 1')",
                           timeout=TIMEOUT)
    page.get_by_role("button", name="简").click()
    page.wait_for_selector("text=认识三十二张牌", timeout=TIMEOUT)

    # Reload: the answer and the language are kept in this browser's storage …
    page.reload(timeout=TIMEOUT)
    page.wait_for_selector("text=认识三十二张牌", timeout=TIMEOUT)
    page.wait_for_function("document.querySelector('.tg-score') && "
                           "document.querySelector('.tg-score').innerText.includes('0 / 1')", timeout=TIMEOUT)
    # … and another lesson's page reads them: the index shows lesson 01 started.
    page.goto(f"{site.url}voici/render/index.html", timeout=TIMEOUT)
    card = page.locator('a[data-lesson="01_tiles"]')
    card.wait_for(timeout=TIMEOUT)
    page.wait_for_function("document.querySelector('a[data-lesson=\"01_tiles\"]').innerText.includes('已掌握 0 / 21')",
                           timeout=TIMEOUT)


def test_lesson_08_hint_and_a_trick_in_the_browser(learner: Any, site: SiteServer) -> None:
    page = learner
    page.goto(f"{site.url}voici/render/08_play.html", timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    # the coach searches on the compiled core: the WebAssembly module the package ships
    assert page.locator(".tg-deal-line").get_attribute("data-search") == "compiled"
    state, step = wait_turn(page)
    assert state == "your-turn"
    tiles, discard = follow_hint(page, step)
    select(page, tiles)
    page.click(".tg-discard" if discard else ".tg-play")
    marked = page.wait_for_selector(f".tg-feedback-line[data-mark][data-step='{step + 1}']", timeout=TIMEOUT)
    assert marked.get_attribute("data-mark") == "best"
    # The bots answer in the browser's Python: the learner's turn comes back (or the hand ends).
    state, new_step = wait_turn(page, step)
    assert new_step > step + 1 or state == "over"
    assert ERROR_TEXT not in page.inner_text("body")
