"""A classroom on one machine: N learners at once against one Voilà, in headless Chromium.

    python scripts/load_test.py                 # N = 1, 5, 10, 20
    python scripts/load_test.py --learners 3    # one size
    python scripts/load_test.py --json out.json

For each N it starts its own Voilà on 127.0.0.1 (a free port, the repository's voila.json:
pre-heated kernels for the index and lesson 01), waits for the pool, then opens N learners at
once, each in its own browser context (its own storage and cookies), each doing what a learner
does first: the index; lesson 01, answering three questions; lesson 08, asking for a hint and
making two moves (the bots reply at the table's pace); then leaving. It prints, per N:

- time to the first tile of each page (p50 / p95 over every page visited): the page is usable;
- drill feedback (p95): a click on an answer until its feedback shows;
- hint (p95): a click on Hint until the nudge shows;
- the server's memory (Voilà and its kernels, peak) and its kernels (peak while the learners
  work; then how long until only the pre-heated pool is left, waiting at most 90 s);
- CPU while the learners work: the server's (Voilà and every kernel it ran, per learner) and
  the whole machine's, so the server's share can be told from the browsers' on the same cores.

Bounded: at most 40 learners, every step times out (3 minutes), the server and the browser
are stopped at the end. Nothing leaves 127.0.0.1. Timings are figures to read, not pass/fail:
this machine's two cores run the server, the kernels and the learners' browser together.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
MAX_LEARNERS = 40
STEP_TIMEOUT_MS = 180_000
POOL_WAIT_S = 90
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ERROR_TEXT = "There was an error"


@dataclass
class Learner:
    """What one learner saw."""

    first_tile: dict[str, float] = field(default_factory=dict)
    feedback: list[float] = field(default_factory=list)
    hint: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    slow_starts: int = 0
    done: bool = False
    step: str = "start"


@dataclass
class Result:
    """One run of N learners."""

    learners: int
    first_tile_p50: float
    first_tile_p95: float
    first_tile_by_page_p95: dict[str, float]
    feedback_p95: float
    hint_p95: float
    memory_peak_mb: float
    kernels_before: int
    kernels_peak: int
    kernels_60s_after: int
    back_to_pool_s: float | None
    completed: int
    errors: list[str]
    wall_s: float = float("nan")
    server_cpu_s: float = float("nan")
    machine_cpu_s: float = float("nan")
    slow_starts: int = 0
    """Widgets whose module the browser loaded after anywidget's 2 s (tiangow reconnects them:
    tiangow/widgets/listen.js); counted, not errors."""

    @property
    def server_cpu_per_learner(self) -> float:
        return self.server_cpu_s / self.learners

    @property
    def server_share(self) -> float:
        """The server's part of the CPU the machine spent (the rest: the learners' browsers)."""
        return self.server_cpu_s / self.machine_cpu_s if self.machine_cpu_s > 0 else float("nan")

    def row(self) -> str:
        back = f"{self.back_to_pool_s:.0f} s" if self.back_to_pool_s is not None else f"not in {POOL_WAIT_S} s"

        def f(x: float, digits: int) -> str:
            return "—" if math.isnan(x) else f"{x:.{digits}f}"  # NaN: nothing measured

        return (f"| {self.learners} | {f(self.first_tile_p50, 1)} / {f(self.first_tile_p95, 1)} | "
                f"{f(self.feedback_p95, 2)} | {f(self.hint_p95, 2)} | {self.memory_peak_mb:,.0f} | {self.kernels_peak} "
                f"(pool {self.kernels_before}) | {self.kernels_60s_after}, {back} | "
                f"{self.completed}/{self.learners} | {len(self.errors)} | "
                f"{f(self.server_cpu_per_learner, 1)} ({f(100 * self.server_share, 0)} %) |")


HEADER = ("| learners | first tile p50 / p95 (s) | drill feedback p95 (s) | hint p95 (s) | server memory peak (MB) "
          "| kernels peak | kernels 60 s after (back to pool) | learners done | errors "
          "| server CPU per learner, s (share of the machine's) |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100), nearest rank; NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


# -- the server ---------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """Voilà on 127.0.0.1, with a sampler of its memory and kernels."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={self.port}", "--Voila.ip=127.0.0.1"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}/voila/render/lessons/"
        self.memory_peak = 0.0
        self.kernels_peak = 0
        self._sampling = False
        self._thread: threading.Thread | None = None
        self._cpu_base: dict[int, float] = {}
        self._cpu_last: dict[int, float] = {}
        self._lock = threading.Lock()

    def processes(self) -> list[psutil.Process]:
        try:
            root = psutil.Process(self.proc.pid)
            return [root, *root.children(recursive=True)]
        except psutil.Error:
            return []

    def kernels(self) -> int:
        n = 0
        for p in self.processes()[1:]:
            try:
                n += "ipykernel" in " ".join(p.cmdline())
            except psutil.Error:
                continue
        return n

    def memory_mb(self) -> float:
        total = 0
        for p in self.processes():
            try:
                total += p.memory_info().rss
            except psutil.Error:
                continue
        return total / 2**20

    def wait_ready(self, timeout: float = 120) -> int:
        """Wait for the server and its pre-heated kernels; return the pool's size."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=5) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        last, steady = -1, 0
        while time.monotonic() < deadline and steady < 4:
            n = self.kernels()
            steady = steady + 1 if n == last and n > 0 else 0
            last = n
            time.sleep(1)
        time.sleep(3)  # the pooled kernels run their notebooks once started
        return self.kernels()

    def _cpu_sample(self) -> None:
        """Each process's CPU seconds so far (a kernel that ends keeps its last sample)."""
        for p in self.processes():
            try:
                t = p.cpu_times()
            except psutil.Error:
                continue
            with self._lock:
                self._cpu_last[p.pid] = t.user + t.system

    def cpu_seconds(self) -> float:
        """CPU seconds the server (Voilà and every kernel) spent since sampling started."""
        self._cpu_sample()
        with self._lock:
            return sum(t - self._cpu_base.get(pid, 0.0) for pid, t in self._cpu_last.items())

    def start_sampling(self) -> None:
        self._sampling = True
        self._cpu_sample()
        with self._lock:
            self._cpu_base = dict(self._cpu_last)

        def sample() -> None:
            while self._sampling:
                self.memory_peak = max(self.memory_peak, self.memory_mb())
                self.kernels_peak = max(self.kernels_peak, self.kernels())
                self._cpu_sample()
                time.sleep(0.5)

        self._thread = threading.Thread(target=sample, daemon=True)
        self._thread.start()

    def stop_sampling(self) -> None:
        self._sampling = False
        if self._thread is not None:
            self._thread.join(5)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# -- a learner ----------------------------------------------------------------------------------

async def _open(page: Any, url: str, selector: str, learner: Learner, name: str) -> None:
    learner.step = f"opening {name}"
    start = time.perf_counter()
    await page.goto(url, timeout=STEP_TIMEOUT_MS)
    await page.wait_for_selector(selector, timeout=STEP_TIMEOUT_MS)
    learner.first_tile[name] = time.perf_counter() - start
    if ERROR_TEXT in await page.content():
        learner.errors.append(f"{name}: {ERROR_TEXT}")


async def _feedback_text(quiz: Any) -> str:
    return str(await quiz.locator(".tg-feedback").inner_text()).strip()


_QUESTION_DRAWN = """() => {
    const q = document.querySelector('.tg-quiz');
    const next = q.querySelector('button.tg-next');
    if ((next && next.offsetParent !== null) || q.querySelector('.tg-feedback').innerText.trim()) return false;
    return q.querySelectorAll('button.tg-choice:not([disabled]), button.tg-pick:not([disabled])').length > 0;
}"""


async def _answer_questions(page: Any, learner: Learner, count: int) -> None:
    """Answer ``count`` questions of lesson 01's first quiz, choice after choice until each is
    over, timing every click until its feedback shows."""
    quiz = page.locator(".tg-quiz").first
    for number in range(count):
        learner.step = f"01: question {number + 1}"
        # The question is drawn (its answers arrive in messages of their own, after the prompt).
        await page.wait_for_function(_QUESTION_DRAWN, timeout=STEP_TIMEOUT_MS)
        total = await quiz.locator("button.tg-choice").count()  # 0: answered by picking tiles
        for _attempt in range(4):
            before = await _feedback_text(quiz)
            choices = quiz.locator("button.tg-choice:not([disabled])")
            start = time.perf_counter()
            if total:
                await choices.first.click()
            else:  # a question answered by picking a tile: a different tile each try
                await quiz.locator(".tg-pick").nth(_attempt).click()
                await quiz.locator("button.tg-check").click()
            learner.step = f"01: question {number + 1}, feedback to answer {_attempt + 1}"
            await page.wait_for_function(
                "before => { const t = document.querySelector('.tg-quiz .tg-feedback').innerText.trim();"
                " return t && t !== before; }", arg=before, timeout=STEP_TIMEOUT_MS)
            learner.feedback.append(time.perf_counter() - start)
            learner.step = f"01: question {number + 1}, buttons after answer {_attempt + 1}"
            # The feedback and the redrawn buttons arrive in separate messages (the old buttons
            # give way to the new one by one): the feedback says whether the question is over
            # (right, or the answer shown); wait for Next then, else for the answers less the
            # ones spent (a click on a button of the state before would rightly be ignored).
            over = await quiz.locator(".tg-feedback .tg-feedback-right, .tg-feedback .tg-feedback-answer").count()
            if over:
                await quiz.locator("button.tg-next").wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
                break
            await page.wait_for_function(
                """([total, tries]) => { const q = document.querySelector('.tg-quiz');
                    return !total || q.querySelectorAll('button.tg-choice:not([disabled])').length === total - tries; }""",
                arg=[total, _attempt + 1], timeout=STEP_TIMEOUT_MS)
        else:
            raise RuntimeError("01: a question still open after four answers")
        learner.step = f"01: question {number + 1}, next question"
        await quiz.locator("button.tg-next").click()
        await page.wait_for_function("() => !document.querySelector('.tg-quiz .tg-feedback').innerText.trim()",
                                     timeout=STEP_TIMEOUT_MS)


_TURN = """after => {
    const s = document.querySelector('.tg-status');
    if (!s || Number(s.dataset.step) <= after) return false;
    if (s.dataset.state === 'over') return true;
    if (s.dataset.state !== 'your-turn') return false;
    const hand = [...document.querySelectorAll('.tg-hand .tg-pick svg[data-tile]')].map(e => e.dataset.tile);
    const hint = document.querySelector('.tg-hint-button');
    return hand.join(' ') === s.dataset.hand && hint && !hint.disabled;
}"""


async def _turn(page: Any, after: int) -> tuple[str, int]:
    await page.wait_for_function(_TURN, arg=after, timeout=STEP_TIMEOUT_MS)
    state, step = await page.eval_on_selector(".tg-status", "e => [e.dataset.state, Number(e.dataset.step)]")
    return str(state), int(step)


async def _play(page: Any, learner: Learner, moves: int) -> None:
    """Ask a hint, then make ``moves`` moves: lead the first tile, or discard (always legal, R-P3)."""
    state, step = await _turn(page, -1)
    if state != "your-turn":
        return
    learner.step = "08: hint"
    start = time.perf_counter()
    await page.click(".tg-hint-button")
    await page.wait_for_selector(f".tg-hintbox[data-stage='1'][data-step='{step}']", timeout=STEP_TIMEOUT_MS)
    learner.hint.append(time.perf_counter() - start)
    for move in range(moves):
        if state != "your-turn":
            break
        learner.step = f"08: move {move + 1}"
        size = int(await page.get_attribute(".tg-status", "data-size") or 0)
        picks = page.locator(".tg-hand button.tg-pick")
        for i in range(max(size, 1)):
            await picks.nth(i).click()
        await page.wait_for_function(
            f"() => document.querySelectorAll('.tg-hand button.tg-picked').length === {max(size, 1)}",
            timeout=STEP_TIMEOUT_MS)
        await page.click(".tg-discard" if size else ".tg-play")
        await page.wait_for_selector(f".tg-feedback-line[data-mark][data-step='{step + 1}']", timeout=STEP_TIMEOUT_MS)
        state, step = await _turn(page, step)


SLOW_START = "[anywidget] Failed to initialize model."


def _page_error(learner: Learner, exc: object) -> None:
    if str(exc) == SLOW_START:  # recovered by the page (listen.js); the lesson goes on
        learner.slow_starts += 1
    else:
        learner.errors.append(f"page error: {exc}")


async def learner_run(browser: Any, base: str, learner: Learner, questions: int = 3, moves: int = 2) -> None:
    context = await browser.new_context(viewport={"width": 1100, "height": 1000})
    page = await context.new_page()
    page.on("pageerror", lambda exc: _page_error(learner, exc))
    try:
        await _open(page, base + "index.ipynb", "svg[data-tile]", learner, "index")
        await _open(page, base + "01_tiles.ipynb", ".tg-quiz svg[data-tile]", learner, "01_tiles")
        await page.wait_for_timeout(800)  # the saved progress comes back before the first answer
        await _answer_questions(page, learner, questions)
        await _open(page, base + "08_play.ipynb", ".tg-play-table svg[data-tile]", learner, "08_play")
        await page.wait_for_timeout(800)
        await _play(page, learner, moves)
        await page.goto("about:blank")  # leave: Voilà shuts the page's kernel down
        learner.done = True
    except Exception as exc:  # a timeout or a crash is a finding, not the end of the run
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
        why = lines[0][:200] + (f" (last: {lines[-1][:200]})" if len(lines) > 2 else "")
        learner.errors.append(f"{learner.step}: {type(exc).__name__}: {why}")
    finally:
        if not learner.done:  # leave the page all the same, so that its kernel is shut down
            try:
                await page.goto("about:blank", timeout=30_000)
            except Exception as exc:
                learner.errors.append(f"leaving: {type(exc).__name__}")
        await context.close()


async def _learners(n: int, base: str, chromium: str) -> list[Learner]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            learners = [Learner() for _ in range(n)]
            await asyncio.gather(*(learner_run(browser, base, x) for x in learners))
            return learners
        finally:
            await browser.close()


def chromium_path() -> str:
    for candidate in (os.environ.get("TIANGOW_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    raise SystemExit("no Chromium: install Debian's chromium (or set TIANGOW_CHROMIUM)")


def _run_apart(coro: Any) -> Any:
    """``asyncio.run`` — in a thread of its own when this thread already runs a loop (pytest
    after Playwright's sync API, a notebook)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    out: list[Any] = []
    err: list[BaseException] = []

    def target() -> None:
        try:
            out.append(asyncio.run(coro))
        except BaseException as e:  # handed to the caller's thread
            err.append(e)

    t = threading.Thread(target=target, name="load-test")
    t.start()
    t.join()
    if err:
        raise err[0]
    return out[0]


def machine_busy_s() -> float:
    """CPU seconds this machine has spent on anything (all cores), idle and I/O wait left out."""
    t = psutil.cpu_times()
    return float(sum(t) - t.idle - getattr(t, "iowait", 0.0))


def run(n: int, chromium: str | None = None) -> Result:
    """N learners at once against a fresh Voilà; the figures."""
    if not 1 <= n <= MAX_LEARNERS:
        raise ValueError(f"the load test runs 1 to {MAX_LEARNERS} learners, not {n}")
    server = Server()
    try:
        pool = server.wait_ready()
        server.start_sampling()
        started, busy0 = time.monotonic(), machine_busy_s()
        learners = _run_apart(_learners(n, server.base, chromium or chromium_path()))
        left_at = time.monotonic()
        server_cpu, machine_cpu = server.cpu_seconds(), machine_busy_s() - busy0
        back: float | None = None
        after_60 = -1
        while time.monotonic() - left_at < POOL_WAIT_S:
            k = server.kernels()
            if time.monotonic() - left_at >= 60 and after_60 < 0:
                after_60 = k
            if k <= pool:
                back = time.monotonic() - left_at
                after_60 = k if after_60 < 0 else after_60
                break
            time.sleep(1)
        if after_60 < 0:
            after_60 = server.kernels()
        server.stop_sampling()
        tiles = [t for x in learners for t in x.first_tile.values()]
        pages = sorted({name for x in learners for name in x.first_tile})
        return Result(
            learners=n,
            first_tile_p50=percentile(tiles, 50),
            first_tile_p95=percentile(tiles, 95),
            first_tile_by_page_p95={p: round(percentile([x.first_tile[p] for x in learners if p in x.first_tile], 95), 2)
                                    for p in pages},
            feedback_p95=percentile([t for x in learners for t in x.feedback], 95),
            hint_p95=percentile([t for x in learners for t in x.hint], 95),
            memory_peak_mb=server.memory_peak,
            kernels_before=pool,
            kernels_peak=server.kernels_peak,
            kernels_60s_after=after_60,
            back_to_pool_s=back,
            completed=sum(x.done for x in learners),
            errors=[e for x in learners for e in x.errors],
            wall_s=left_at - started,
            server_cpu_s=server_cpu,
            machine_cpu_s=machine_cpu,
            slow_starts=sum(x.slow_starts for x in learners),
        )
    finally:
        server.stop_sampling()
        server.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[1, 5, 10, 20])
    parser.add_argument("--json", type=Path, help="write the results here too")
    args = parser.parse_args(argv)
    chromium = chromium_path()
    results = []
    print(f"{os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.1f} GB; Voilà with voila.json's pool")
    print(HEADER, flush=True)
    for n in args.learners:
        r = run(n, chromium)
        results.append(r)
        print(r.row(), flush=True)
    for r in results:
        print(f"N = {r.learners}: first tile p95 by page {r.first_tile_by_page_p95}; {r.wall_s:.0f} s from "
              f"arrival to the last learner leaving; CPU: server {r.server_cpu_s:.0f} s, whole machine "
              f"{r.machine_cpu_s:.0f} s of {r.wall_s * (os.cpu_count() or 1):.0f} available; widgets "
              f"started after anywidget's 2 s (reconnected): {r.slow_starts}")
        for e in r.errors[:10]:
            print(f"  error: {e}")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
