"""What the browser tests (and the scripts that drive Chromium) share: starting Voilà and
finding Chromium, where the lessons are served (:class:`Lessons`), and the steps a learner takes
on a page — open a lesson, wait for the kernel, answer a question, make a move at the table."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tiangow import Tile

TIMEOUT = 90_000
"""Milliseconds a page gets for a step: generous, since two test processes share two cores."""
ERROR_TEXT = "There was an error"
"""What Voilà shows in place of a cell that failed (it still answers HTTP 200)."""

ROOT = Path(__file__).resolve().parents[2]


CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


def ready_to_click(page: object, selector: str, timeout: float = 90_000) -> None:
    """Wait until ``selector``'s button would act on a click: enabled, and let go by the page's
    click guard (``data-tg-busy`` gone: the kernel answered the last click and a double click's
    window has passed). Clicking sooner is what a double click does, and is ignored on purpose."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "s => { const b = document.querySelector(s); return b && !b.disabled && !b.hasAttribute('data-tg-busy'); }",
        arg=selector, timeout=timeout)


def progress_ready(page: object, timeout: float = 90_000) -> None:
    """Wait until the page's kernel has read the learner's saved progress and redrawn what
    depends on it (``<body data-tg-progress="ready">``, set by the progress store)."""
    page.wait_for_selector("body[data-tg-progress='ready']", state="attached", timeout=timeout)  # type: ignore[attr-defined]


def settle(page: object) -> None:
    """A barrier: ping the kernel through the progress store and wait for the answer, which
    comes after the replies to every message sent before it (a click, a value typed, a write to
    the saved progress). What has not arrived by then is not coming."""
    page.evaluate("() => window.tiangowSettle()")  # type: ignore[attr-defined]


def pick(picks: object, i: int, timeout: float = 90_000) -> None:
    """Click the ``i``-th tile of a picker and wait until the page shows it selected."""
    from playwright.sync_api import expect

    button = picks.nth(i)  # type: ignore[attr-defined]
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true", timeout=timeout)
    # The page shows a pick at once; the kernel's answer (or a redraw it sent before the click
    # reached it) may still undo it. Once the kernel has answered, the pick must still stand.
    settle(button.page)
    expect(button).to_have_attribute("aria-pressed", "true", timeout=timeout)


def chromium_path() -> str | None:
    for candidate in (os.environ.get("TIANGOW_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


def start_voila(port: int, extra: list[str] | None = None, module: str = "voila") -> subprocess.Popen[bytes]:
    """Voilà on ``port`` (``module="tiangow.app"``: the app, Voilà with the shared tables)."""
    cmd = [sys.executable, "-m", module, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           *(extra or [])]
    # lesson 08's table starts a search in another process for each deal (tiangow.coach.ahead);
    # not in these tests' servers, which share two cores with the browsers (TIANGOW_OPEN_AHEAD=1
    # in the environment keeps it on; tests/test_ahead.py tests it)
    env = {**os.environ, "TIANGOW_OPEN_AHEAD": os.environ.get("TIANGOW_OPEN_AHEAD", "0")}
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


@dataclass(frozen=True)
class Lessons:
    """Where the lessons are served: ``url("01_tiles")`` is lesson 01's page."""

    backend: str
    base: str
    suffix: str

    def url(self, name: str) -> str:
        return f"{self.base}{name}{self.suffix}"


ON_BOTH = ["voila", pytest.param("site", marks=pytest.mark.site)]
"""``@pytest.mark.parametrize("lessons", ON_BOTH, indirect=True)``: a test run against Voilà and
against the static site (whose run carries the ``site`` mark)."""

LOCALE = "zh-TW"
"""The browsers' language in the tests: a first visit then shows 繁 (the lessons' first language);
tests of the language default set their own."""


def wait_turn(page: Any, after: int = -1, at: int | None = None) -> tuple[str, int]:
    """Wait for the learner's turn (after more than ``after`` actions, or after exactly ``at``,
    with the hand in the picker and the hint button live) or the end of the hand; return
    which, and the step.

    Widgets update in separate messages: the status may arrive before the picker, so wait
    until the page shows one consistent state."""
    page.wait_for_function(
        """([after, at]) => {
            const s = document.querySelector('.tg-status');
            if (!s || Number(s.dataset.step) <= after) return false;
            if (at !== null && Number(s.dataset.step) !== at) return false;
            if (s.dataset.state === 'over') return true;
            if (s.dataset.state !== 'your-turn') return false;
            const hand = [...document.querySelectorAll('.tg-hand .tg-pick svg[data-tile]')].map(e => e.dataset.tile);
            const hint = document.querySelector('.tg-hint-button');
            return hand.join(' ') === s.dataset.hand && hint && !hint.disabled;
        }""", arg=[after, at], timeout=TIMEOUT)
    state, step = page.eval_on_selector(".tg-status", "e => [e.dataset.state, Number(e.dataset.step)]")
    return str(state), int(step)


def select(page: Any, tiles: list[str], hand: str = ".tg-hand") -> None:
    """Click the learner's tiles in the picker ``hand`` (duplicates: distinct copies)."""
    used: set[str] = set()
    for t in tiles:
        buttons = page.locator(f"{hand} button.tg-pick:has(svg[data-tile='{t}'])")
        for i in range(buttons.count()):
            index = buttons.nth(i).get_attribute("data-index")
            if index not in used:
                used.add(index)
                buttons.nth(i).click()
                break
    page.wait_for_function(f"() => document.querySelectorAll('{hand} button.tg-picked').length === {len(tiles)}",
                           timeout=TIMEOUT)


def follow_hint(page: Any, step: int) -> tuple[list[str], bool]:
    """Ask lesson 08's coach (both stages) at ``step``: the recommended tiles, and whether they
    are discarded."""
    page.click(".tg-hint-button")
    page.wait_for_selector(f".tg-hintbox[data-stage='1'][data-step='{step}'] .tg-hint-nudge", timeout=TIMEOUT)
    ready_to_click(page, ".tg-hint-button", TIMEOUT)
    page.click(".tg-hint-button")
    page.wait_for_selector(f".tg-hintbox[data-stage='2'][data-step='{step}'] .tg-hint-rec", timeout=TIMEOUT)
    box = page.locator(".tg-hintbox")
    return str(box.get_attribute("data-tiles")).split(), box.get_attribute("data-discard") == "true"


def clear_selection(page: Any, hand: str = ".tg-hand") -> None:
    while (n := page.locator(f"{hand} button.tg-picked").count()):
        page.locator(f"{hand} button.tg-picked").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('{hand} button.tg-picked').length < {n}",
                               timeout=TIMEOUT)


def open_lesson(page: Any, url: str) -> None:
    page.goto(url, timeout=TIMEOUT)
    page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()


def wait_store_loaded(page: Any) -> None:
    """The progress store reads localStorage as soon as it is displayed; wait until the kernel
    has it (a saved language then shows in the switch) before acting."""
    progress_ready(page, TIMEOUT)


QUESTION_DRAWN = """() => {
    const q = document.querySelector('.tg-quiz');
    const prompt = q && q.querySelector('.tg-prompt');
    if (!prompt) return false;
    const text = prompt.innerText;
    const picks = q.querySelectorAll('.tg-pick svg[data-tile]').length;
    const shown = q.querySelectorAll('.tg-tiles svg[data-tile]').length;
    const choices = q.querySelectorAll('button.tg-choice').length;
    if (text.includes('「') || text.includes('Which tile is')) return picks >= 2 && choices === 0;
    return shown === 1 && picks === 0 && choices >= 2;
}"""


def current_question(page: Any) -> dict[str, Any]:
    quiz = page.locator(".tg-quiz").first
    quiz.wait_for(timeout=TIMEOUT)
    page.wait_for_function(QUESTION_DRAWN, timeout=TIMEOUT)
    drawn = quiz.inner_html()
    for _ in range(50):  # and no update still arriving (the same page twice, 0.2 s apart)
        page.wait_for_timeout(200)
        now = quiz.inner_html()
        if now == drawn and page.evaluate(QUESTION_DRAWN):
            break
        drawn = now
    prompt = quiz.locator(".tg-prompt").inner_text()
    shown = quiz.locator(".tg-tiles svg[data-tile]").all()
    picks = quiz.locator(".tg-pick svg[data-tile]").all()
    return {
        "quiz": quiz,
        "prompt": prompt,
        "shown": [Tile(s.get_attribute("data-tile")) for s in shown],
        "picks": [Tile(s.get_attribute("data-tile")) for s in picks],
    }


def right_and_wrong(q: dict[str, Any]) -> tuple[Any, Any]:
    """The locators of a right and a wrong answer, worked out with the rules engine from
    what the page shows (zh-Hant prompts)."""
    quiz = q["quiz"]
    prompt = q["prompt"]
    if q["picks"]:
        name = re.search(r"「(.+?)」", prompt)
        assert name, prompt
        right = [i for i, t in enumerate(q["picks"]) if t.name == name.group(1)]
        assert len(right) == 1, (prompt, q["picks"])
        wrong = next(i for i in range(len(q["picks"])) if i != right[0])
        picks = quiz.locator(".tg-pick")
        return picks.nth(right[0]), picks.nth(wrong)
    (tile,) = q["shown"]
    if "叫甚麼" in prompt:
        answer = tile.name
    elif "文子還是武子" in prompt:
        answer = "文子" if tile.is_civil else "武子"
    elif "紅點" in prompt:
        answer = str(tile.red_pips)
    else:  # pragma: no cover
        raise AssertionError(f"unknown question {prompt!r}")
    buttons = quiz.locator("button.tg-choice")
    labels = [b.inner_text().strip() for b in buttons.all()]
    assert answer in labels, (answer, labels)
    wrong = next(i for i, label in enumerate(labels) if label != answer)
    return buttons.nth(labels.index(answer)), buttons.nth(wrong)


def choice_count(q: dict[str, Any]) -> int:
    return len(q["picks"]) or int(q["quiz"].locator("button.tg-choice").count())


def wrong_then_right(q: dict[str, Any]) -> None:
    """Answer wrong, then right — unless the question has two choices, which one wrong answer
    ends (the answer is then shown: :attr:`Question.tries`)."""
    right, wrong = right_and_wrong(q)
    click_answer(q, wrong)
    q["quiz"].locator(".tg-feedback-wrong").wait_for(timeout=TIMEOUT)
    if choice_count(q) > 2:
        click_answer(q, right)
        q["quiz"].locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
    else:
        q["quiz"].locator(".tg-feedback-answer").wait_for(timeout=TIMEOUT)


def click_answer(q: dict[str, Any], choice: Any) -> None:
    choice.click()
    if q["picks"]:
        q["quiz"].locator("button.tg-check").click()


TABLE_NOW = """() => {
    const s = document.querySelector('.tg-status');
    const line = document.querySelector('.tg-deal-line');
    const score = document.querySelector('.tg-running-score');
    return s && line && score ? {state: s.dataset.state, step: Number(s.dataset.step), hand: s.dataset.hand,
        seed: line.dataset.seed, banker: line.dataset.banker, streak: line.dataset.streak,
        line: line.innerText, score: score.innerText, hands: score.dataset.hands} : null;
}"""


def quick_move(page: Any, step: int) -> None:
    """The learner's move, legal by construction: lead the first tile, or discard as many
    tiles as the trick needs (R-P3: a discard is always allowed)."""
    status = page.locator(".tg-status")
    size = int(status.get_attribute("data-size") or 0)
    hand = str(status.get_attribute("data-hand")).split()
    picks = page.locator(".tg-hand button.tg-pick")
    for i in range(max(size, 1)):
        picks.nth(i).click()
    page.wait_for_function(f"() => document.querySelectorAll('.tg-hand button.tg-picked').length === {max(size, 1)}",
                           timeout=TIMEOUT)
    assert hand
    page.click(".tg-discard" if size else ".tg-play")
    page.wait_for_selector(f".tg-feedback-line[data-mark][data-step='{step + 1}']", timeout=TIMEOUT)
