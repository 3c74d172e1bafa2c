"""A shared table in real browsers: several Chromium contexts at one table.

The app is started as the README starts it, with ``--network`` (``python -m tiangow.app``:
Voilà with the table service), its address finder giving the loopback 127.0.0.2 so that every
link and QR code names that address and no traffic leaves this machine. The creator's page is
the course's (Voilà); every seat's link opens the service's own seat page (no kernel). Each
learner is a separate browser context (its own storage), at 1280 px or on a phone's 390 px, in
its own language.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.pages import ROOT, TIMEOUT, free_port, progress_ready, start_voila, wait_http

pytestmark = pytest.mark.browser

ERROR_TEXT = "There was an error"
PAGE = "/voila/render/lessons/friends.ipynb"
LAN = "127.0.0.2"


@pytest.fixture(scope="module")
def app(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app as the README starts it for a family (``--network``; bots quick, its own log)."""
    port = free_port()
    db = tmp_path_factory.mktemp("tables") / "tables.db"
    cmd = [sys.executable, "-m", "tiangow.app", "--no-browser", f"--port={port}", "--network", "--bot-pause=0.05",
           f"--tables-db={db}"]
    env = {**os.environ, "TIANGOW_LAN_ADDRESS": LAN, "TIANGOW_OPEN_AHEAD": "0"}
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://{LAN}:{port}"
    try:
        wait_http(base + "/tiangow/tables/health", 90)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


class Person:
    """One person: a browser context of their own (storage, viewport, language), a page, its errors."""

    def __init__(self, browser: Any, width: int, lang: str, **options: Any) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 800 if width > 600 else 844},
                                           is_mobile=width < 600, locale={"zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}.get(
                                               lang, "en-GB"), **options)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.sockets: list[str] = []
        """The address of every WebSocket the page opened."""
        self.frames: list[str] = []
        """Every frame the page's sockets received."""

        def opened(ws: Any) -> None:
            self.sockets.append(ws.url)
            ws.on("framereceived", lambda payload: self.frames.append(payload if isinstance(payload, str) else ""))
        self.page.on("websocket", opened)
        self.lang = lang

    def check(self) -> None:
        assert self.errors == [], self.errors
        assert ERROR_TEXT not in self.page.content()

    def close(self) -> None:
        self.context.close()


class Seat(Person):
    """Someone at the table, on the seat page a link opens."""

    def open(self, url: str) -> None:
        self.page.goto(url, timeout=TIMEOUT)
        self.page.wait_for_selector(".tg-play-page[data-seq]", timeout=TIMEOUT)
        self.page.click(f".tg-lang button[data-lang='{self.lang}']")
        self.page.wait_for_function(f"() => document.documentElement.lang === {json.dumps(self.lang)}", timeout=TIMEOUT)

    def wait_for_text(self, selector: str, text: str) -> None:
        try:
            self.page.wait_for_selector(f"{selector}:has-text({json.dumps(text, ensure_ascii=False)})", timeout=TIMEOUT)
        except PlaywrightTimeout:
            shown = self.page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)")
            raise AssertionError(f"{selector} never showed {text!r}; it shows {shown}") from None

    def state(self) -> dict[str, Any]:
        main = self.page.locator(".tg-play-page")
        return {"legal": json.loads(main.get_attribute("data-legal") or "[]"),
                "seq": int(main.get_attribute("data-seq") or "0")}

    def play_one(self) -> bool:
        """If it is this person's turn, make the first legal move by tapping its tiles."""
        legal = self.state()["legal"]
        if not legal:
            return False
        verb, *tiles = legal[0].split()
        names = self.page.eval_on_selector_all(".tg-pick", "els => els.map(e => e.dataset.pick)")
        used: set[int] = set()
        for t in tiles:
            name = f"{t[0]}-{t[1]}" if "-" not in t else t
            i = next(i for i, n in enumerate(names) if n == name and i not in used)
            used.add(i)
            self.page.locator(".tg-pick").nth(i).click()
        seq = self.state()["seq"]
        self.page.click(".tg-play" if verb == "play" else ".tg-discard")
        self.page.wait_for_function(
            f"() => Number(document.querySelector('.tg-play-page').dataset.seq) > {seq}", timeout=TIMEOUT)
        return True

    def play_to_the_end(self, *others: Seat, minutes: float = 4) -> int:
        moves = 0
        end = time.monotonic() + minutes * 60
        while not self.page.locator(".tg-again:not([hidden])").count():
            assert time.monotonic() < end, f"the hand did not end in {minutes} minutes"
            acted = self.play_one() or any(o.play_one() for o in others)
            moves += acted
            if not acted:
                time.sleep(0.1)
        return moves


def _create(base: str, **settings: Any) -> dict[str, Any]:
    req = urllib.request.Request(base + "/tiangow/tables", method="POST", data=json.dumps(settings).encode())
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def test_create_a_table_and_a_phone_opens_its_qr_codes_address(app: str, browser: Any) -> None:
    """The creator's page (the course, 1280 px) makes a table; every link and its QR code name
    the machine's network address; a phone (390 px) opens the address the QR code holds and sits
    at the table in under a second's drawing; the creator's page finds the table again after a
    reload."""
    from tiangow.online.service import qr_svg

    host = Person(browser, 1280, "en")
    phone = Seat(browser, 390, "zh-Hant")
    try:
        host.page.goto(app + PAGE, timeout=TIMEOUT)
        progress_ready(host.page, TIMEOUT)
        host.page.wait_for_selector(".tg-friends-create-button", timeout=TIMEOUT)
        host.page.click(".tg-friends-create-button")
        host.page.wait_for_selector(".tg-friends-link", timeout=TIMEOUT)
        urls = host.page.eval_on_selector_all(".tg-friends-link-url", "els => els.map(e => e.value)")
        assert len(urls) == 5 and len(set(urls)) == 5 and all(u.startswith(app + "/tiangow/play#t=") for u in urls)
        assert not host.page.locator(".tg-friends-local").count()  # on the network: no "only this computer"
        qr = host.page.locator(".tg-friends-qr").nth(1).inner_html()
        drawn = re.findall(r' d="([^"]+)"', qr)
        assert drawn and drawn == re.findall(r' d="([^"]+)"', qr_svg(urls[1]))  # the QR code holds that address
        host.page.reload()
        progress_ready(host.page, TIMEOUT)
        host.page.wait_for_selector(".tg-friends-link", timeout=TIMEOUT)  # the table found again
        assert host.page.eval_on_selector_all(".tg-friends-link-url", "els => els.map(e => e.value)") == urls
        started = time.perf_counter()
        phone.page.goto(urls[1], timeout=TIMEOUT)
        phone.page.wait_for_selector(".tg-online-status", timeout=TIMEOUT)
        assert time.perf_counter() - started < 10  # no kernel: the table's figures are in docs/online.md
        phone.page.click(".tg-lang button[data-lang='zh-Hant']")
        phone.wait_for_text(".tg-deal-line", "你坐南")
        host.check()
        phone.check()
    finally:
        host.close()
        phone.close()


def test_a_localhost_table_says_only_this_computer_can_open_its_links(chromium: str, browser: Any,
                                                                      tmp_path: Path) -> None:
    port = free_port()
    proc = start_voila(port, ["--bot-pause=0.05", f"--tables-db={tmp_path / 't.db'}"], module="tiangow.app")
    host = Person(browser, 390, "zh-Hans")
    try:
        base = f"http://127.0.0.1:{port}"
        wait_http(base + "/tiangow/tables/health", 90)
        host.page.goto(base.replace("127.0.0.1", "localhost") + PAGE, timeout=TIMEOUT)
        progress_ready(host.page, TIMEOUT)
        host.page.locator(".tg-lang button", has_text="简").first.click()
        host.page.wait_for_function("() => document.body.dataset.tgLang === 'zh-Hans'", timeout=TIMEOUT)
        host.page.click(".tg-friends-create-button")
        host.page.wait_for_selector(".tg-friends-local", timeout=TIMEOUT)
        text = host.page.inner_text(".tg-friends-local")
        assert "只有这台电脑能打开" in text and "--network" in text
        host.check()
    finally:
        host.close()
        proc.terminate()
        proc.wait(15)


def test_two_humans_two_bots_a_spectator_a_reload_and_a_hand_to_the_end(app: str, browser: Any) -> None:
    info = _create(app, hold_seconds=30)
    links = info["links"]
    east = Seat(browser, 1280, "en")
    west = Seat(browser, 390, "zh-Hant")
    watch = Seat(browser, 390, "zh-Hans")
    people = (east, west, watch)
    try:
        east.open(links["0"]["url"])
        west.open(links["2"]["url"])
        watch.open(links["watch"]["url"])
        assert watch.page.locator(".tg-again").is_hidden()  # the spectator never acts
        east.page.click(".tg-again")
        west.page.click(".tg-again")
        east.page.wait_for_function("() => JSON.parse(document.querySelector('.tg-play-page').dataset.legal).length",
                                    timeout=TIMEOUT)  # the banker leads
        west.wait_for_text(".tg-deal-line", "你坐西")
        watch.wait_for_text(".tg-deal-line", "你在旁观")
        watch.wait_for_text(".tg-online-status", "东：在线")
        # one's own tiles: large and named
        box = west.page.locator(".tg-pick svg").first.bounding_box()
        assert box is not None and box["width"] >= 34, box
        assert west.page.locator(".tg-pick .tg-pick-label").first.inner_text().strip()
        reloaded = False
        moves = 0
        end = time.monotonic() + 240
        while not east.page.locator(".tg-again:not([hidden])").count():
            assert time.monotonic() < end, "the hand did not end in 4 minutes"
            acted = east.play_one() or west.play_one()
            moves += acted
            if moves == 3 and not reloaded:  # a reload mid-hand: the same table, the same tiles
                before = west.page.locator(".tg-pick").count()
                west.page.reload()
                west.page.wait_for_selector(".tg-play-page[data-seq]", timeout=TIMEOUT)
                west.page.wait_for_function("n => document.querySelectorAll('.tg-pick').length === n",
                                            arg=before, timeout=TIMEOUT)
                reloaded = True
            if not acted:
                time.sleep(0.1)
        assert reloaded and moves >= 4
        # the end of the hand: the itemised settlement, each in its own language, with a real minus sign
        watch.wait_for_text(".tg-hand-result", "这一局的结算")
        east.wait_for_text(".tg-hand-result", "Settlement of this hand")
        assert watch.page.locator(".tg-settlement .tg-payment").count() >= 1
        net = watch.page.inner_text(".tg-net")
        assert "净输赢：" in net and not re.search(r"(?<!\d)-\d", net), net
        # once over, everybody sees all four hands face up
        watch.page.wait_for_function(
            "() => document.querySelectorAll('.tg-online-dealt svg[data-tile]:not([data-tile=\"back\"])')"
            ".length === 32", timeout=TIMEOUT)
        for p in people:
            p.check()
    finally:
        for p in people:
            p.close()


def test_a_human_drops_a_bot_takes_the_seat_and_the_human_reclaims_it(app: str, browser: Any) -> None:
    info = _create(app, hold_seconds=1)
    links = info["links"]
    east = Seat(browser, 1280, "en")
    watch = Seat(browser, 1280, "en")
    try:
        east.open(links["0"]["url"])
        watch.open(links["watch"]["url"])
        east.page.click(".tg-again")
        east.page.wait_for_selector(".tg-pick", timeout=TIMEOUT)
        east.close()  # East leaves holding the lead
        watch.page.wait_for_selector(".tg-online-status:has-text('dropped, seat held')", timeout=TIMEOUT)
        watch.page.wait_for_selector(".tg-online-status:has-text('East: bot')", timeout=TIMEOUT)
        watch.page.wait_for_selector(".tg-act[data-seat='0']", timeout=TIMEOUT)  # a bot led for East
        back = Seat(browser, 390, "zh-Hant")
        try:
            back.open(links["0"]["url"])
            watch.page.wait_for_selector(".tg-online-status:has-text('East: here')", timeout=TIMEOUT)
            end = time.monotonic() + 120
            while not back.play_one():  # East's next turn is East's own again
                if back.page.locator(".tg-again:not([hidden]):not([disabled])").count():
                    back.page.click(".tg-again")  # the bots finished the hand meanwhile: the next one
                assert time.monotonic() < end, "East never had a turn again"
                time.sleep(0.1)
            back.check()
        finally:
            back.close()
        watch.check()
    finally:
        watch.close()


def test_a_double_click_on_play_makes_one_move_and_no_refusal(app: str, browser: Any) -> None:
    """Clicking twice: the second press, before the table's answer, sends nothing again (no
    "the table has moved on" for a move the player made once)."""
    info = _create(app)
    east = Seat(browser, 390, "en")
    try:
        east.open(info["links"]["0"]["url"])
        east.page.click(".tg-again")
        east.page.wait_for_function("() => JSON.parse(document.querySelector('.tg-play-page').dataset.legal).length",
                                    timeout=TIMEOUT)
        legal = east.state()["legal"]
        single = next(m for m in legal if m.startswith("play ") and len(m.split()) == 2)
        tile = single.split()[1]
        names = east.page.eval_on_selector_all(".tg-pick", "els => els.map(e => e.dataset.pick)")
        east.page.locator(".tg-pick").nth(names.index(f"{tile[0]}-{tile[1]}" if "-" not in tile else tile)).click()
        seq = east.state()["seq"]
        east.page.dblclick(".tg-play")
        east.page.wait_for_function(
            f"() => Number(document.querySelector('.tg-play-page').dataset.seq) > {seq}", timeout=TIMEOUT)
        time.sleep(1.0)
        refused = [f for f in east.frames if '"type":"refused"' in f]
        assert refused == [] and east.page.inner_text(".tg-seat-feedback").strip() == ""
        assert east.page.locator(".tg-pick").count() == 7  # one tile played, once
        east.check()
    finally:
        east.close()


def test_the_hint_in_two_stages_then_the_review_of_ones_own_play(app: str, browser: Any) -> None:
    """Lesson 08's hint at the table — the nudge, then the recommended play named and every
    option — and, after the hand, the review of the seat's own play on the course's page."""
    info = _create(app)
    south = Seat(browser, 1280, "en")
    try:
        south.open(info["links"]["1"]["url"])
        south.page.click(".tg-again")
        south.page.wait_for_function("() => JSON.parse(document.querySelector('.tg-play-page').dataset.legal).length",
                                     timeout=TIMEOUT)
        south.page.click(".tg-hint-button")  # lesson 08's two stages: the nudge …
        south.page.wait_for_selector(".tg-seat-hint .tg-hint-nudge", timeout=TIMEOUT)
        assert not south.page.locator(".tg-seat-hint .tg-hint-rec").count()
        south.page.click(".tg-hint-button")  # … then the recommendation and every option
        south.page.wait_for_selector(".tg-seat-hint .tg-hint-rec", timeout=TIMEOUT)
        rec = south.page.inner_text(".tg-seat-hint .tg-hint-rec")
        first = rec.split("\n")[0]
        assert first.startswith("Recommended: ") and not re.search(r"\b[1-6]{2}\b", first), first  # tiles named
        assert south.page.locator(".tg-seat-hint .tg-options tr").count() >= 1
        assert not re.search(r"(?<!\d)-\d", south.page.inner_text(".tg-seat-hint .tg-options"))  # a real minus sign
        south.play_to_the_end()
        link = south.page.locator(".tg-seat-review a")
        assert link.is_visible() and link.inner_text() == "Review my play"
        href = link.get_attribute("href")
        assert href is not None and "#review=" in href
        course = Person(browser, 1280, "en")
        try:
            course.page.goto(app + href if href.startswith("/") else href, timeout=TIMEOUT)
            progress_ready(course.page, TIMEOUT)
            course.page.wait_for_selector(".tg-review-next", timeout=TIMEOUT)
            course.page.locator(".tg-lang button", has_text="English").first.click()
            course.page.click(".tg-review-next")
            course.page.wait_for_selector("text=review of your play", timeout=TIMEOUT)
            course.check()
        finally:
            course.close()
        south.check()
    finally:
        south.close()


@pytest.mark.site
def test_the_static_sites_page_makes_a_table_at_a_service_named_by_its_link(
        static_site: Any, browser: Any, tmp_path: Path) -> None:
    """The static site's pages have no server: opened with ?s=<a table service>, the page creates
    a table there, and each link opens that service's seat page."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "tiangow.online", "--port", str(port), "--db",
                             str(tmp_path / "t.db"), "--bot-pause", "0.05"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    service = f"http://127.0.0.1:{port}/"
    host = Person(browser, 1280, "en")
    seat = Seat(browser, 390, "en")
    try:
        wait_http(service + "tiangow/tables/health", 60)
        host.page.goto(f"{static_site.url}voici/render/friends.html?s={service}", timeout=TIMEOUT)
        host.page.wait_for_selector(".tg-friends-create-button", timeout=TIMEOUT)
        host.page.click(".tg-friends-create-button")
        host.page.wait_for_selector(".tg-friends-link", timeout=TIMEOUT)
        east = host.page.eval_on_selector_all(".tg-friends-link-url", "els => els.map(e => e.value)")[0]
        assert east.startswith(f"{service}tiangow/play#t=")
        seat.open(east)
        seat.page.click(".tg-again")
        seat.page.wait_for_selector(".tg-pick", timeout=TIMEOUT)
        assert seat.play_one()
        host.check()
        seat.check()
    finally:
        host.close()
        seat.close()
        proc.kill()
        proc.wait()


def test_the_address_the_app_prints_opens_the_course_quietly(app: str, browser: Any) -> None:
    """Issue 68.6: the first address a newcomer opens — the app's root — shows the course's index,
    asks no other host for anything (no CDN), and logs no warning or error of the project's own
    (tests/browser/conftest.py lists the packages' own, with why)."""
    import re

    from tests.browser.conftest import _watched

    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    try:
        page = _watched(ctx.new_page())
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.goto(app + "/", timeout=TIMEOUT)
        page.locator("a.tg-lesson-card").first.wait_for(timeout=TIMEOUT)
        assert page.url == app + "/voila/render/lessons/index.ipynb"
        assert "There was an error" not in page.content() and "Select items to open" not in page.content()
        progress_ready(page, TIMEOUT)
        elsewhere = [u for u in asked if not re.match(rf"(https?|wss?)://{re.escape(LAN)}[:/]", u)
                     and not u.startswith(("data:", "blob:"))]
        assert elsewhere == [], elsewhere
        assert list(page.errors) == [], list(page.errors)
    finally:
        ctx.close()
