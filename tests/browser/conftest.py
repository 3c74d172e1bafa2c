"""Fixtures for browser tests: a Voilà server on a free port and the system Chromium.

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
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


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
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


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


@pytest.fixture(scope="session")
def browser(chromium: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()


class PageErrors(list[str]):
    """Uncaught errors in the page; a test fails if any are left at its end."""


@pytest.fixture
def context(browser: object) -> Iterator[object]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 1400})  # type: ignore[attr-defined]
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
