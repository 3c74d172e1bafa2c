"""A page's kernel goes away when the learner leaves it (issue 13 §3).

Voilà asks the server to shut the kernel down when a page is left, with the `_xsrf` cookie's
value; its page never set that cookie, so the request was refused (403, voila-dashboards/voila
issue 1458) and every visit left a kernel running until culled. The lessons' page script sets
the cookie. This test runs its own Voilà, visits three lessons one after the other, leaves each,
and counts the server's kernel processes: back to the pre-heated pool within 60 s."""

from __future__ import annotations

import subprocess
import time
from typing import Any

import psutil
import pytest

from tests.browser.pages import CHROMIUM_ARGS, LOCALE, free_port, start_voila, wait_http

pytestmark = pytest.mark.browser

TIMEOUT = 120_000


def kernels(proc: subprocess.Popen[bytes]) -> int:
    """Kernel processes under the server."""
    count = 0
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            count += "ipykernel" in " ".join(child.cmdline())
        except psutil.Error:
            continue
    return count


def settle(proc: subprocess.Popen[bytes], want: int | None, seconds: float) -> int:
    """Wait up to ``seconds`` for the kernel count to reach ``want`` (or to stop changing)."""
    deadline = time.monotonic() + seconds
    last, steady = -1, 0
    while time.monotonic() < deadline:
        n = kernels(proc)
        if want is not None and n == want:
            return n
        steady = steady + 1 if n == last else 0
        if want is None and steady >= 3:
            return n
        last = n
        time.sleep(1)
    return kernels(proc)


def test_a_left_page_frees_its_kernel_within_60_s(playwright: Any, chromium: str) -> None:
    port = free_port()
    proc = start_voila(port)
    base = f"http://127.0.0.1:{port}/voila/render/lessons/"
    try:
        wait_http(f"http://127.0.0.1:{port}/", 90)
        pool = settle(proc, None, 60)  # the pre-heated kernels (voila.json), once they are up
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)  # type: ignore[attr-defined]
        try:
            page = browser.new_page(locale=LOCALE)
            for name in ("09_paigow", "02_ranks", "05_scoring"):
                page.goto(base + f"{name}.ipynb", timeout=TIMEOUT)
                page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
                assert any(c["name"] == "_xsrf" for c in page.context.cookies())
                assert settle(proc, pool + 1, 30) == pool + 1  # this page's kernel, the last one gone
            page.goto("about:blank")  # leave the last lesson too
            left = settle(proc, pool, 60)
        finally:
            browser.close()
        assert left == pool, f"{left} kernels 60 s after the pages were left; the pool holds {pool}"
    finally:
        proc.terminate()
        proc.wait(30)
