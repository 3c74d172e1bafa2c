"""Fixtures for browser tests: a Voilà server on a free port, the static site, the system
Chromium, and pages opened in it as a learner opens them.

``lessons`` is where a test opens the lessons: Voilà (the kernel on the server). A test that must
also pass on the static site built by scripts/build_site.py (the kernel in the page) says so with
``@pytest.mark.parametrize("lessons", ON_BOTH, indirect=True)``: its site run carries the
``site`` mark, so ``-m "not site"`` leaves it out. The site is built once a run, which needs
``node`` and ``npm``: missing, those runs are skipped, except in CI.

Chromium is the Debian package (``/usr/bin/chromium``, or ``$TIANGOW_CHROMIUM``), driven by
Playwright through ``executable_path`` — Playwright never downloads a browser. Outside CI a
missing Chromium skips these tests with a message; with ``CI=true`` it fails them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import (
    CHROMIUM_ARGS,
    LOCALE,
    ROOT,
    TIMEOUT,
    Lessons,
    chromium_path,
    free_port,
    progress_ready,
    settle,
    start_voila,
    wait_http,
)


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
    from scripts import build_site
    from tests.browser.sitetools import SiteServer

    out = _built_once(tmp_path_factory, lambda folder: build_site.build(folder, ROOT / ".site-cache"))
    server = SiteServer(out)
    yield server
    server.close()


@pytest.fixture
def lessons(request: pytest.FixtureRequest) -> Lessons:
    """Voilà's lessons, or the static site's where the test is parametrized with ``ON_BOTH``."""
    if getattr(request, "param", "voila") == "voila":
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


class PageErrors(list[str]):
    """Uncaught errors in the page; a test fails if any are left at its end."""


THIRD_PARTY: list[tuple[str, re.Pattern[str], str]] = [
    ("", re.compile(r"^(Unsatisfied version \S+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module "
                    r"@jupyterlab/[a-z-]+ \(required \^\S+\)|No satisfying version \(\^\S+\) of shared module "
                    r"@jupyterlab/[a-z-]+ found in shared scope default)"),
     "the widgets' manager (jupyterlab_widgets 3.0.17, which ipywidgets 8.1.9 requires) and anywidget are "
     "built against JupyterLab 4.5–4.6, and Voilà 0.5.13's page carries JupyterLab 4.2's core "
     "(_JUPYTERLAB.CORE_OUTPUT): webpack warns, then uses the core's modules (not strict), and the widgets "
     "work — every browser test here uses them"),
    ("", re.compile(r"^WebSocket connection to 'wss?://[^']+/api/kernels/[^']+/channels[^']*' failed: WebSocket is closed "
                    r"before the connection is established\.$"),
     "a page left (a link followed, a reload) while its widgets' manager is still opening the kernel's socket: "
     "the browser says the socket closed before it opened; the next page opens its own"),
    ("/voici/", re.compile(r"^(TypeError: Failed to register a ServiceWorker .*tiangow: no service worker|"
                           r"TypeError: Failed to register a ServiceWorker .*ServiceWorker script evaluation failed|"
                           r"JupyterLite ServiceWorker registration unexpectedly failed: |undefined$|"
                           r"Pyodide contents will NOT be synced with Jupyter Contents)"),
     "the static site declines JupyterLite's service worker on purpose (scripts/build_site.py, "
     "NO_SERVICE_WORKER: the lessons need no file drive, which costs each page about 1.5 s); JupyterLite "
     "says so in these words, and its promise of a worker is rejected with nothing (undefined)"),
    ("/voici/", re.compile(r"^\[yjs#509\] Not same Y\.Doc$|^Failed to fetch ipywidgets through the "
                           r"\"jupyter\.widget\.control\" comm channel, fallback to fetching individual model state"),
     "Voici's bundle carries two copies of yjs, and its widgets' manager asks the Pyodide kernel's ipywidgets "
     "for a control comm it answers late or not at all, then fetches each widget's state (the fallback "
     "works: the site's browser tests use every widget)"),
]
"""Console warnings and errors of the packages the app is built on, each with the pages it
concerns (a part of their address; empty: any), why it is there and why it is harmless. Any
other warning or error in a page fails its test (issue 68.7)."""


def _noise(kind: str, text: str, url: str) -> bool:
    return kind in ("warning", "error") and not any(where in url and p.search(text) for where, p, _ in THIRD_PARTY)


def _watched(pg: Any) -> Any:
    errors = PageErrors()
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda m: errors.append(f"console {m.type}: {m.text[:300]}")
          if _noise(m.type, m.text, pg.url) else None)
    pg.errors = errors
    return pg


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """Open a page as a learner does: ``open_page(url, width=…, locale=…)`` makes a new browser
    profile (a phone's, touch and all, below 600 px wide) unless given ``context``, goes to
    ``url``, waits for ``wait_for`` (a tile, by default; ``None``: nothing), for the saved
    progress to be read and for the kernel to answer, and returns the page. Uncaught errors in
    any page it opened fail the test at its end."""
    contexts: list[Any] = []
    pages: list[Any] = []

    def open_(url: str, *, width: int = 1100, height: int | None = None, locale: str = LOCALE,
              wait_for: str | None = "svg[data-tile]", context: Any = None) -> Any:
        if context is None:
            phone = width < 600
            context = browser.new_context(locale=locale, viewport={"width": width, "height": height or (844 if phone else 1400)},
                                          is_mobile=phone, has_touch=phone)
            contexts.append(context)
        pg = _watched(context.new_page())
        pages.append(pg)
        pg.goto(url, timeout=TIMEOUT)
        if wait_for:
            pg.wait_for_selector(wait_for, timeout=TIMEOUT)
        progress_ready(pg, TIMEOUT)
        settle(pg)
        return pg

    yield open_
    errors = [e for pg in pages for e in pg.errors]
    for ctx in contexts:
        ctx.close()
    assert errors == [], f"errors in the page: {errors}"


@pytest.fixture
def context(browser: object) -> Iterator[object]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 1400}, locale=LOCALE)  # type: ignore[attr-defined]
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: object) -> Iterator[object]:
    pg = _watched(context.new_page())  # type: ignore[attr-defined]
    yield pg
    assert list(pg.errors) == [], f"errors in the page: {list(pg.errors)}"
