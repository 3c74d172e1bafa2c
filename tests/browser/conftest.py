"""Fixtures for browser tests: a Voilà server on a free port, the static site, and the system Chromium.

``lessons`` runs a test twice: against Voilà (the kernel on the server) and against the static
site built by scripts/build_site.py (the kernel in the page). The site is built once a session,
which needs ``node`` and ``npm``: missing, those runs are skipped, except in CI.

Chromium is the Debian package (``/usr/bin/chromium``, or ``$TIANGOW_CHROMIUM``), driven by
Playwright through ``executable_path`` — Playwright never downloads a browser. Outside CI a
missing Chromium skips these tests with a message; with ``CI=true`` it fails them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

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


def start_voila(port: int, extra: list[str] | None = None) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           *(extra or [])]
    # lesson 08's table starts a search in another process for each deal (tiangow.bots.ahead);
    # not in these tests' servers, which share two cores with the browsers (TIANGOW_OPEN_AHEAD=1
    # in the environment keeps it on; tests/test_ahead.py tests it)
    env = {**os.environ, "TIANGOW_OPEN_AHEAD": os.environ.get("TIANGOW_OPEN_AHEAD", "0")}
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


@pytest.fixture(scope="session")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        message = ("no Chromium found (install Debian's chromium, or set TIANGOW_CHROMIUM); "
                   "the browser tests need a real browser")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " — and CI requires them")
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def voila_url(chromium: str) -> Iterator[str]:
    port = free_port()
    proc = start_voila(port)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/", 90)
        yield base + "/voila/render/lessons/"
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


def _built_once(tmp_path_factory: pytest.TempPathFactory, build: Callable[[Path], None]) -> Path:
    """The site's folder, built by the first test process that needs it: with pytest-xdist the
    others wait for it (a file lock in the run's shared temporary folder) and serve the same
    files; a single process builds it as before."""
    import fcntl

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the folder every worker's own temporary folder is in
    out = shared / "static-site" / "_site"
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (out.parent / "done").exists():
                build(out)
                (out.parent / "done").write_text("built\n")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return out


@pytest.fixture(scope="session")
def static_site(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The static site, built once for the session and served on a free port."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        message = f"building the static site needs {' and '.join(missing)}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " — and CI requires it")
        pytest.skip(message)
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_site
    from sitetools import SiteServer

    out = _built_once(tmp_path_factory, lambda folder: build_site.build(folder, ROOT / ".site-cache"))
    server = SiteServer(out)
    yield server
    server.close()


@dataclass(frozen=True)
class Lessons:
    """Where the lessons are served: ``url("01_tiles")`` is lesson 01's page."""

    backend: str
    base: str
    suffix: str

    def url(self, name: str) -> str:
        return f"{self.base}{name}{self.suffix}"


@pytest.fixture(params=["voila", "site"])
def lessons(request: pytest.FixtureRequest) -> Lessons:
    if request.param == "voila":
        return Lessons("voila", request.getfixturevalue("voila_url"), ".ipynb")
    site = request.getfixturevalue("static_site")
    return Lessons("site", f"{site.url}voici/render/", ".html")  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def playwright(chromium: str) -> Iterator[object]:
    """One Playwright for the session (a second one cannot start while it runs)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: object, chromium: str) -> Iterator[object]:
    b = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)  # type: ignore[attr-defined]
    yield b
    b.close()


LOCALE = "zh-TW"
"""The browsers' language in the tests: a first visit then shows 繁 (the lessons' first language);
tests of the language default set their own."""


class PageErrors(list[str]):
    """Uncaught errors in the page; a test fails if any are left at its end."""


@pytest.fixture
def context(browser: object) -> Iterator[object]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 1400}, locale=LOCALE)  # type: ignore[attr-defined]
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: object) -> Iterator[object]:
    pg = context.new_page()  # type: ignore[attr-defined]
    errors = PageErrors()
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors
    yield pg
    assert list(errors) == [], f"errors in the page: {list(errors)}"
