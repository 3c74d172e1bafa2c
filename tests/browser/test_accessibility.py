"""Issue 25, point 7: everyone can use it — every page passes axe-core (WCAG 2.1 AA) with no
violation, in 繁 and in English; and an exercise can be done with the keyboard alone: Tab to a tile,
Space to pick it (the focus stays on it, visibly), Tab to Play, Enter."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import ROOT, Lessons, progress_ready, settle

pytestmark = pytest.mark.browser

TIMEOUT = 120_000
AXE_VERSION = "4.10.2"
PAGES = ["index", "00_start", "01_tiles", "02_ranks", "03_combinations", "04_tricks", "05_scoring", "06_variants",
         "07_dealing", "08_play", "09_paigow", "rules", "glossary", "practice"]
RUN_AXE = """async () => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}});
  return r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
}"""


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """npm's axe-core, installed once into .site-cache (npm is needed; in CI it must be there)."""
    folder = ROOT / ".site-cache" / f"axe-{AXE_VERSION}"
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            if os.environ.get("CI", "").lower() == "true":
                pytest.fail("the accessibility audit needs npm (axe-core) — and CI requires it")
            pytest.skip("the accessibility audit needs npm to fetch axe-core")
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(folder),
                        f"axe-core@{AXE_VERSION}"], check=True, timeout=600)
    return script


@pytest.mark.parametrize(("lessons", "lang", "pages"), [
    ("voila", "繁", PAGES), ("voila", "English", PAGES),
    # the static site's page around the lessons is voici's, not Voilà's: its front page, a drill and the table
    pytest.param("site", "English", ["index", "01_tiles", "08_play"], marks=pytest.mark.site),
], indirect=["lessons"])
def test_every_page_passes_axe_core(browser: Any, lessons: Lessons, axe_script: Path, lang: str,
                                    pages: list[str]) -> None:
    ctx = browser.new_context(locale="zh-TW" if lang == "繁" else "en-US", viewport={"width": 1280, "height": 1000})
    failures: dict[str, Any] = {}
    try:
        for name in pages:
            page = ctx.new_page()
            page.goto(lessons.url(name), timeout=TIMEOUT)
            page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
            progress_ready(page, TIMEOUT)
            settle(page)
            page.add_script_tag(path=str(axe_script))
            violations = page.evaluate(RUN_AXE)
            if violations:
                failures[name] = violations
            page.close()
    finally:
        ctx.close()
    assert failures == {}, f"axe-core (WCAG 2.1 AA) violations in {lang}: {failures}"


def test_the_first_hand_with_the_keyboard_alone(open_page: Any, lessons: Lessons) -> None:
    page = open_page(lessons.url("00_start"), width=1280, height=1000, locale="en-US", wait_for=".tg-first-hand svg[data-tile]")
    # Tab from the page's top until a tile of the hand has the focus.
    page.locator(".tg-first-hand").evaluate("e => e.scrollIntoView()")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.classList.contains('tg-pick')"):
            break
    else:
        raise AssertionError("Tab never reached a tile of the hand")
    tile = page.evaluate("() => document.activeElement.querySelector('svg').dataset.tile")
    assert tile == "6-6"  # the hand's first tile: 天, the one the first decision asks for
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")  # the focus is visible
    page.keyboard.press("Space")
    page.wait_for_function("() => document.activeElement?.getAttribute('aria-pressed') === 'true'", timeout=10_000)
    for _ in range(20):  # on to the Play button
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.classList.contains('tg-play')"):
            break
    else:
        raise AssertionError("Tab never reached Play")
    page.keyboard.press("Enter")
    page.wait_for_selector('.tg-first-hand .tg-step[data-decision="2"]', timeout=TIMEOUT)
    assert "There was an error" not in page.content()


def test_feedback_and_next_pass_axe_core(open_page: Any, lessons: Lessons, axe_script: Path) -> None:
    """After answers: the feedback lines, the marked choices and the Next button (whose green
    was 4.1:1 under white text) pass too."""
    page = open_page(lessons.url("05_scoring"), width=1280, height=1000, locale="en-US", wait_for="svg[data-tile]")
    quiz = page.locator(".tg-quiz").first
    for _ in range(4):
        if quiz.locator(".tg-next:visible").count():
            break
        quiz.locator("button.tg-choice:not([disabled])").first.click()
        settle(page)
    quiz.locator(".tg-next:visible").wait_for(timeout=TIMEOUT)
    page.add_script_tag(path=str(axe_script))
    assert page.evaluate(RUN_AXE) == []
