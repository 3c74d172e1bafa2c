"""A shared table in real browsers (issue 47): several Chromium contexts at one table.

The app is started as the README starts it (``python -m tiangow.app``: Voilà with the table
service); pages talk to the service over their own WebSocket. Each learner is a separate
browser context (its own storage), at 1280 px or on a phone's 390 px, in its own language.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.pages import ROOT, TIMEOUT, free_port, progress_ready, ready_to_click, start_voila, wait_http

pytestmark = pytest.mark.browser

ERROR_TEXT = "There was an error"
_HAS_MOVES = "() => JSON.parse(document.querySelector('.tg-friends-board')?.dataset.legal || '[]').length > 0"
PAGE = "/voila/render/lessons/friends.ipynb"


@pytest.fixture(scope="module")
def app(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app as the README starts it: Voilà with the shared tables (bots quick, its own log)."""
    port = free_port()
    db = tmp_path_factory.mktemp("tables") / "tables.db"
    proc = start_voila(port, ["--bot-pause=0.05", f"--tables-db={db}"], module="tiangow.app")
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/tiangow/tables/health", 90)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


class Learner:
    """One person at the table: a browser context of their own, a page, its errors."""

    def __init__(self, browser: Any, width: int, lang: str) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900 if width > 600 else 844},
                                           is_mobile=width < 600)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.lang = lang
        self.langs: list[str] = []  # every language the page spoke, in order (for a failure's message)
        self.page.on("console", lambda m: m.text.startswith("tg-lang ") and self.langs.append(m.text[8:]))
        self.page.add_init_script(
            "new MutationObserver(() => console.log('tg-lang ' + document.body.dataset.tgLang + ' '"
            " + Math.round(performance.now()))).observe(document, {attributes: true, subtree: true,"
            " attributeFilter: ['data-tg-lang']});")

    def open(self, url: str) -> None:
        self.page.goto(url, timeout=TIMEOUT)
        self.page.wait_for_selector(".tg-friends-status[data-seq], .tg-friends-create-button", timeout=TIMEOUT)
        # Until the kernel has read the saved progress the page shows the kernel's default (繁);
        # then a first visit switches to the browser's language. A press before that could be on
        # the button already shown as pressed (doing nothing) and be undone by the switch.
        progress_ready(self.page, TIMEOUT)
        self.choose_language(self.lang)

    def choose_language(self, lang: str) -> None:
        """Press the page's language button until the page speaks ``lang``, failing with the
        language it speaks instead."""
        label = {"zh-Hant": "繁", "zh-Hans": "简", "en": "English"}[lang]
        spoken = f"() => document.body.dataset.tgLang === {json.dumps(lang)}"
        end = time.monotonic() + TIMEOUT / 1000
        while True:
            self.page.locator(".tg-lang button", has_text=label).first.click()
            try:
                self.page.wait_for_function(spoken, timeout=5_000)
                return
            except PlaywrightTimeout:
                now = self.page.evaluate("() => document.body.dataset.tgLang")
                assert time.monotonic() < end, f"the page never switched to {lang} (it speaks {now})"

    def wait_for_text(self, selector: str, text: str) -> None:
        """Wait for ``selector`` to show ``text``; else fail saying what it shows."""
        try:
            self.page.wait_for_selector(f"{selector}:has-text({json.dumps(text, ensure_ascii=False)})", timeout=TIMEOUT)
        except PlaywrightTimeout:
            shown = self.page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)")
            spoken = self.page.evaluate("() => [document.body.dataset.tgLang, "
                                        "document.querySelector('.tg-lang button.mod-active')?.textContent]")
            raise AssertionError(f"{selector} never showed {text!r}; it shows {shown}; the page speaks "
                                 f"{spoken[0]} ({spoken[1]} pressed); its languages: {self.langs}") from None

    def state(self) -> dict[str, Any]:
        board = self.page.locator(".tg-friends-board")
        return {"legal": json.loads(board.get_attribute("data-legal") or "[]"),
                "seq": int(board.get_attribute("data-seq") or "0")}

    def play_one(self) -> bool:
        """If it is this learner's turn, make the first legal move by clicking its tiles."""
        legal = self.state()["legal"]
        if not legal:
            return False
        verb, *tiles = legal[0].split()
        mine = self.page.locator(".tg-friends-board .tg-seat.tg-acting svg[data-tile]")
        names = [mine.nth(i).get_attribute("data-tile") for i in range(mine.count())]
        used: set[int] = set()
        for t in tiles:
            name = f"{t[0]}-{t[1]}" if "-" not in t else t
            i = next(i for i, n in enumerate(names) if n == name and i not in used)
            used.add(i)
            mine.nth(i).click()
        seq = self.state()["seq"]
        self.page.click(".tg-friends-play" if verb == "play" else ".tg-friends-discard")
        self.page.wait_for_function(
            f"() => Number(document.querySelector('.tg-friends-board').dataset.seq) > {seq}", timeout=TIMEOUT)
        return True

    def check(self) -> None:
        assert self.errors == [], self.errors
        assert ERROR_TEXT not in self.page.content()

    def close(self) -> None:
        self.context.close()


def _create(base: str, **settings: Any) -> dict[str, Any]:
    req = urllib.request.Request(base + "/tiangow/tables", method="POST",
                                 data=json.dumps({"page": base + PAGE, **settings}).encode())
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def _until(pred: Any, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "not reached in time"
        time.sleep(0.1)


def test_create_a_table_and_share_its_links(app: str, browser: Any) -> None:
    host = Learner(browser, 1280, "en")
    try:
        host.open(app + PAGE)
        host.page.wait_for_selector(".tg-friends-empty svg[data-tile]", timeout=TIMEOUT)
        host.page.wait_for_selector(".tg-friends-create-button:has-text('Create a table')", timeout=TIMEOUT)
        host.page.click(".tg-friends-create-button")
        host.page.wait_for_selector(".tg-friends-link", timeout=TIMEOUT)
        urls = host.page.eval_on_selector_all(".tg-friends-link-url", "els => els.map(e => e.value)")
        assert len(urls) == 5 and len(set(urls)) == 5 and all(u.startswith(app + PAGE + "?t=") for u in urls)
        host.choose_language("zh-Hans")  # the links follow the language
        host.page.wait_for_selector(".tg-friends-copy:has-text('复制')", timeout=TIMEOUT)
        host.page.locator(".tg-friends-qr summary").first.click()
        assert host.page.locator(".tg-friends-qr svg").first.is_visible()
        host.check()
    finally:
        host.close()


def test_two_humans_two_bots_a_spectator_a_reload_and_a_hand_to_the_end(app: str, browser: Any) -> None:
    info = _create(app, hold_seconds=30)
    links = info["links"]
    east = Learner(browser, 1280, "en")
    west = Learner(browser, 390, "zh-Hant")
    watch = Learner(browser, 390, "zh-Hans")
    people = (east, west, watch)
    try:
        east.open(links["0"]["url"])
        west.open(links["2"]["url"])
        watch.open(links["watch"]["url"])
        assert watch.page.locator(".tg-friends-again").is_hidden()  # the spectator never acts
        east.page.click(".tg-friends-again")
        west.page.click(".tg-friends-again")
        east.page.wait_for_function(_HAS_MOVES, timeout=TIMEOUT)  # the banker leads
        west.wait_for_text(".tg-friends-status", "你坐西")
        watch.wait_for_text(".tg-friends-status", "你在旁观")
        watch.wait_for_text(".tg-online-status", "东：在线")
        reloaded = False
        moves = 0
        end = time.monotonic() + 240
        while not east.page.locator(".tg-friends-again").is_visible():
            assert time.monotonic() < end, "the hand did not end in 4 minutes"
            acted = east.play_one() or west.play_one()
            moves += acted
            if moves == 3 and not reloaded:  # a reload mid-hand: the same table, the same tiles
                before = west.page.locator('.tg-friends-board .tg-seat[data-seat="2"] svg[data-tile]').count()
                west.page.reload()
                west.page.wait_for_selector('.tg-friends-board .tg-seat[data-seat="2"] svg[data-tile]',
                                            timeout=TIMEOUT)
                west.page.wait_for_function(
                    "n => document.querySelectorAll('.tg-friends-board .tg-seat[data-seat=\"2\"] svg[data-tile]')"
                    ".length === n", arg=before, timeout=TIMEOUT)
                reloaded = True
            if not acted:
                time.sleep(0.1)
        assert reloaded and moves >= 4
        # East's page saw the end first; the spectator's may be a message behind it
        watch.wait_for_text(".tg-friends-result", "赢了这一局")
        assert "累计" in watch.page.inner_text(".tg-friends-result")
        # once over, everybody sees all four hands face up
        watch.page.wait_for_function(
            "() => document.querySelectorAll('.tg-friends-board svg[data-tile]:not([data-tile=\"back\"])')"
            ".length >= 8", timeout=TIMEOUT)
        for p in people:
            p.check()
    finally:
        for p in people:
            p.close()


def test_a_human_drops_a_bot_takes_the_seat_and_the_human_reclaims_it(app: str, browser: Any) -> None:
    info = _create(app, hold_seconds=1)
    links = info["links"]
    east = Learner(browser, 1280, "en")
    watch = Learner(browser, 1280, "en")
    try:
        east.open(links["0"]["url"])
        watch.open(links["watch"]["url"])
        east.page.click(".tg-friends-again")
        east.page.wait_for_function(_HAS_MOVES, timeout=TIMEOUT)
        east.close()  # East leaves holding the lead
        watch.page.wait_for_selector(".tg-online-status:has-text('dropped, seat held')", timeout=TIMEOUT)
        watch.page.wait_for_selector(".tg-online-status:has-text('East: bot')", timeout=TIMEOUT)
        watch.page.wait_for_selector(".tg-act[data-seat='0']", timeout=TIMEOUT)  # a bot led for East
        back = Learner(browser, 390, "zh-Hant")
        try:
            back.open(links["0"]["url"])
            watch.page.wait_for_selector(".tg-online-status:has-text('East: here')", timeout=TIMEOUT)
            # the bots may have finished the hand meanwhile: then East, back, asks for the next
            back.page.wait_for_function(_HAS_MOVES + " || !!document.querySelector('.tg-friends-again:not([style*=none])')",
                                        timeout=TIMEOUT)
            if back.page.locator(".tg-friends-again").is_visible():
                back.page.click(".tg-friends-again")
            end = time.monotonic() + 120
            while not back.play_one():  # East's next turn is East's own again
                assert time.monotonic() < end, "East never had a turn again"
                time.sleep(0.1)
            back.check()
        finally:
            back.close()
        watch.check()
    finally:
        watch.close()


def test_after_a_hand_a_human_opens_the_review_of_their_own_play(app: str, browser: Any) -> None:
    """§5: lesson 08's review (marks, why, retry) of the seat's own play, from the finished hand."""
    info = _create(app)
    south = Learner(browser, 1280, "en")
    try:
        south.open(info["links"]["1"]["url"])
        south.page.click(".tg-friends-again")
        south.page.wait_for_selector(".tg-friends-again", state="hidden", timeout=TIMEOUT)  # dealt
        south.page.wait_for_function(_HAS_MOVES, timeout=TIMEOUT)
        south.page.click(".tg-friends-hint-button")  # lesson 08's two stages: the nudge …
        south.page.wait_for_selector(".tg-friends-hintbox .tg-hint-nudge", timeout=TIMEOUT)
        assert not south.page.locator(".tg-friends-hintbox .tg-hint-rec").count()
        ready_to_click(south.page, ".tg-friends-hint-button", TIMEOUT)  # past the double-click guard
        south.page.click(".tg-friends-hint-button")  # … then the recommendation and every option
        south.page.wait_for_selector(".tg-friends-hintbox .tg-hint-rec", timeout=TIMEOUT)
        assert south.page.locator(".tg-friends-hintbox .tg-options tr").count() >= 1
        end = time.monotonic() + 240
        while not south.page.locator(".tg-friends-again").is_visible():
            assert time.monotonic() < end, "the hand did not end in 4 minutes"
            if not south.play_one():
                time.sleep(0.1)
        south.page.click(".tg-friends-review")
        south.page.wait_for_selector(".tg-review-next", timeout=TIMEOUT)
        south.page.click(".tg-review-next")
        south.page.wait_for_selector("text=review of your play", timeout=TIMEOUT)  # the kernel answers the click
        south.check()
    finally:
        south.close()


@pytest.mark.site
def test_the_static_sites_page_plays_at_a_table_service_named_by_its_link(
        static_site: Any, browser: Any, tmp_path: Path) -> None:
    """The static site's pages have no server: opened with ?s=<a table service>, the same widget
    creates a table there, hands out links that carry s=, and plays at it."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "tiangow.online", "--port", str(port), "--db",
                             str(tmp_path / "t.db"), "--bot-pause", "0.05"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    service = f"http://127.0.0.1:{port}/"
    host = Learner(browser, 1280, "en")
    try:
        wait_http(service + "tiangow/tables/health", 60)
        host.open(f"{static_site.url}voici/render/friends.html?s={service}")
        host.page.click(".tg-friends-create-button")
        host.page.wait_for_selector(".tg-friends-link", timeout=TIMEOUT)
        east = host.page.eval_on_selector_all(".tg-friends-link-url", "els => els.map(e => e.value)")[0]
        assert east.startswith(f"{static_site.url}voici/render/friends.html?s=") and "&t=" in east
        host.page.goto(east, timeout=TIMEOUT)
        host.page.wait_for_selector(".tg-friends-again", timeout=TIMEOUT)
        host.page.click(".tg-friends-again")
        host.page.wait_for_function(_HAS_MOVES, timeout=TIMEOUT)
        assert host.play_one()
        host.check()
    finally:
        host.close()
        proc.kill()
        proc.wait()
