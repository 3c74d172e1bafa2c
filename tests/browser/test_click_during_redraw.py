"""A click never gets lost to a redraw (the cause of the load test's rare stall on lesson 01).

The page sends the learner's saved progress and languages once it has loaded; the kernel then
sets the language and redraws every quiz. A learner who clicks an answer in that moment clicks a
button drawn before the redraw, and the click reaches the kernel after it. Here the test makes
that moment certain: it holds the page's "progress loaded" message until the first question is
on the page, lets it go, holds the kernel's replies, clicks the first answer, then lets the
replies go. The click must still be answered. (Voilà only: the static site's kernel has no
websocket to hold.)"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import _watched
from tests.browser.pages import ERROR_TEXT, TIMEOUT, Lessons

pytestmark = pytest.mark.browser

_LOADED = re.compile(rb'"loaded":\s*true')


class _Held:
    """The lesson's kernel channel, with each direction held on demand (in order)."""

    def __init__(self) -> None:
        self.hold_loaded = True  # hold from the page's "loaded" message on
        self.holding_up = False
        self.holding_down = False
        self.up: list[Any] = []
        self.down: list[Any] = []
        self.pairs: list[tuple[Any, Any]] = []

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.pairs.append((ws, server))

        def to_server(m: Any) -> None:
            raw = m.encode() if isinstance(m, str) else m
            if self.hold_loaded and _LOADED.search(raw):
                self.holding_up = True
            if self.holding_up:
                self.up.append((server, m))
            else:
                server.send(m)

        def to_page(m: Any) -> None:
            if self.holding_down:
                self.down.append((ws, m))
            else:
                ws.send(m)

        ws.on_message(to_server)
        server.on_message(to_page)

    def release_up(self) -> None:
        self.hold_loaded = self.holding_up = False
        for server, m in self.up:
            server.send(m)
        self.up.clear()

    def release_down(self) -> None:
        self.holding_down = False
        for ws, m in self.down:
            ws.send(m)
        self.down.clear()


def _open_at_a_choice_question(browser: Any, lessons: Lessons) -> tuple[Any, Any, _Held]:
    """Lesson 01 in an English browser, its progress held, at a question answered by a button
    (its first question is drawn at random, and some are answered by picking a tile instead)."""
    for _ in range(8):
        # An English browser: the kernel starts in 繁 and switches once the page's languages arrive.
        ctx = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 1400})
        page = _watched(ctx.new_page())
        held = _Held()
        page.route_web_socket(re.compile(r"/channels"), held.route)
        page.goto(lessons.url("01_tiles"), timeout=TIMEOUT)
        quiz = page.locator(".tg-quiz").first
        quiz.locator("button.tg-choice:not([disabled]), .tg-pick").first.wait_for(timeout=TIMEOUT)
        if quiz.locator("button.tg-choice").count():
            return ctx, page, held
        ctx.close()
    raise AssertionError("eight pages of lesson 01 began with a question answered by picking a tile")


def test_an_answer_clicked_as_the_saved_progress_redraws_the_quiz_is_answered(browser: Any, lessons: Lessons) -> None:
    ctx, page, held = _open_at_a_choice_question(browser, lessons)
    try:
        quiz = page.locator(".tg-quiz").first
        first = quiz.locator("button.tg-choice").first
        page.wait_for_timeout(500)
        assert held.up, "the page did not send its saved progress"  # held since: still 繁
        assert page.evaluate("() => document.body.dataset.tgProgress") is None
        held.release_up()        # the kernel reads the progress and switches to English …
        held.holding_down = True  # … while the page still shows the buttons of before
        first.click()
        page.wait_for_timeout(1500)
        held.release_down()
        page.wait_for_function("() => document.querySelector('.tg-quiz .tg-feedback').innerText.trim() !== ''",
                               timeout=TIMEOUT)
        text = quiz.locator(".tg-feedback").inner_text()
        assert re.search(r"Right|Not quite", text), text  # answered, in the language switched to
        assert page.evaluate("() => document.body.dataset.tgLang") == "en"
        assert ERROR_TEXT not in page.content()
        assert list(page.errors) == []
    finally:
        ctx.close()
