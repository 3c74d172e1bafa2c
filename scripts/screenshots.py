"""Screenshots of the lessons for the README, in headless Chromium (``python scripts/screenshots.py``).

``--site`` takes the static site's screenshot instead (lesson 08 running with Python in the
browser, served from ``_site``; built first if missing).

Install Debian's fonts-noto-cjk first, or the Chinese shows as boxes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout: its tests package holds what drives Chromium

from tests.browser.pages import (  # noqa: E402  # noqa: E402
    CHROMIUM_ARGS,
    chromium_path,
    current_question,
    free_port,
    ready_to_click,
    start_voila,
    wait_http,
    wrong_then_right,
)

OUT = ROOT / "docs"


def shoot_lesson08_hint(page: Any, url: str, name: str) -> None:
    """Lesson 08 in English with the hint opened to its recommendation: the table's picture."""
    page.goto(url)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=120_000)
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("text=Lesson 8 · Play a hand against the computer", timeout=60_000)
    page.wait_for_selector(".tg-status[data-state='your-turn']", timeout=60_000)
    ready_to_click(page, ".tg-hint-button")
    page.click(".tg-hint-button")
    page.wait_for_selector(".tg-hintbox[data-stage='1']", timeout=60_000)
    ready_to_click(page, ".tg-hint-button")  # the click guard ignores a second click too soon
    page.click(".tg-hint-button")
    page.wait_for_selector(".tg-hintbox[data-stage='2']", timeout=60_000)
    page.wait_for_timeout(800)
    page.locator(".tg-play-table").screenshot(path=str(OUT / name))

def shoot_lesson05_feedback(page: Any, url: str, name: str) -> None:
    """Lesson 05's scoring quiz in English after one wrong answer: feedback without the answer."""
    page.goto(url)
    page.wait_for_selector(".tg-quiz", timeout=120_000)
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("text=Lesson 5 · Settling the hand", timeout=60_000)
    page.wait_for_timeout(800)
    quiz = page.locator(".tg-quiz").first
    for _ in range(10):  # the first choice, until it is a wrong one
        quiz.locator("button.tg-choice").first.click()
        quiz.locator(".tg-feedback-wrong, .tg-feedback-right").first.wait_for()
        if quiz.locator(".tg-feedback-wrong").count():
            break
        quiz.locator("button.tg-next").click()
        page.wait_for_timeout(800)
    page.wait_for_timeout(500)
    quiz.screenshot(path=str(OUT / name))


def shoot_lesson07_dealing(page: Any, url: str, name: str) -> None:
    """Lesson 07's dealing table in English: dice for the banker, then two takes dealt."""
    page.goto(url)
    page.wait_for_selector(".tg-stepper svg[data-tile]", timeout=120_000)
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("text=Throw for the banker", timeout=60_000)
    page.click(".tg-stepper .tg-throw-banker")
    page.wait_for_selector(".tg-stepper .tg-banker-round", timeout=60_000)
    page.click(".tg-stepper .tg-throw")
    page.wait_for_timeout(600)
    for _ in range(2):
        page.click(".tg-stepper .tg-take")
        page.wait_for_timeout(600)
    page.locator(".tg-stepper").first.screenshot(path=str(OUT / name))


def static_site(chromium: str) -> int:
    """Lesson 08 from the static site, in English, after a hint: docs/static-site-lesson08.png."""
    from playwright.sync_api import sync_playwright

    from scripts import build_site

    site = ROOT / "_site"
    if not (site / "voici" / "render" / "08_play.html").exists():
        build_site.build(site, ROOT / ".site-cache")
    from tests.browser.sitetools import SiteServer

    server = SiteServer(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 1400}, device_scale_factor=1)
            shoot_lesson08_hint(page, server.url + "voici/render/08_play.html", "static-site-lesson08.png")
            browser.close()
    finally:
        server.close()
    print("wrote docs/static-site-lesson08.png")
    return 0


def main() -> int:
    chromium = chromium_path()
    if chromium is None:
        print("no Chromium: install Debian's chromium")
        return 1
    if "--site" in sys.argv[1:]:
        return static_site(chromium)
    from playwright.sync_api import sync_playwright

    port = free_port()
    proc = start_voila(port)
    try:
        wait_http(f"http://127.0.0.1:{port}/", 90)
        url = f"http://127.0.0.1:{port}/voila/render/lessons/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 2600}, device_scale_factor=1)
            page.goto(url + "01_tiles.ipynb")
            page.wait_for_selector(".tg-quiz", timeout=60_000)
            page.wait_for_timeout(1000)
            wrong_then_right(current_question(page))
            page.get_by_role("button", name="English").click()
            page.wait_for_selector("text=Lesson 1 · Meet the 32 tiles")
            page.wait_for_timeout(800)
            OUT.mkdir(exist_ok=True)
            page.screenshot(path=str(OUT / "lesson01-tiles.png"), clip={"x": 0, "y": 0, "width": 1000, "height": 1010})
            page.locator(".tg-quiz").first.screenshot(path=str(OUT / "lesson01-quiz.png"))
            page.goto(url + "index.ipynb")
            page.wait_for_selector("a.tg-lesson-card", timeout=60_000)
            page.wait_for_timeout(1000)
            page.screenshot(path=str(OUT / "index.png"), clip={"x": 0, "y": 0, "width": 1000, "height": 560})
            shoot_lesson08_hint(page, url + "08_play.ipynb", "lesson08-hint.png")
            shoot_lesson05_feedback(page, url + "05_scoring.ipynb", "lesson05-feedback.png")
            shoot_lesson07_dealing(page, url + "07_dealing.ipynb", "lesson07-dealing.png")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(20)
    for name in ("lesson01-tiles.png", "lesson01-quiz.png", "index.png", "lesson08-hint.png",
                 "lesson05-feedback.png", "lesson07-dealing.png"):
        print(f"wrote docs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
