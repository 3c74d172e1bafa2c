"""Time from navigation to the first clickable tile, in headless Chromium (issue #3, figure).

For the index the clickable tile is a lesson card's tile (a link); for lesson 01 it is the
first thing of the drill the learner can click (a tile of the picker or an answer button).
Each page is opened several times on a cold server (``preheat_kernel=False``: a kernel is
started and the notebook run for each visit) and on a server with pre-heated kernels (our
``voila.json``: a kernel per page already started and the notebook already run; the pool is
given time to refill between visits). Prints the median and the range of each.

As a baseline measured in the same run, a notebook holding a single ipywidgets button is
served the same way: that is the floor Voilà itself sets on this machine, and the ratio of
each page to it shows what the lessons add.

    python scripts/measure_startup.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout: its tests package holds what drives Chromium

from tests.browser.pages import CHROMIUM_ARGS, chromium_path, free_port, wait_http  # noqa: E402

PAGES = {
    "index": ("index.ipynb", "a.tg-lesson-card svg[data-tile]"),
    "lesson 01": ("01_tiles.ipynb", ".tg-quiz .tg-pick:not([disabled]) svg[data-tile], .tg-quiz button.tg-choice"),
}
TARGETS = {"cold": 3.0, "pre-heated": 1.0}


FLOOR = "floor.ipynb"


def write_floor(folder: Path) -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    nb = new_notebook(cells=[new_code_cell('import ipywidgets as w\nw.Button(description="tile")')])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / FLOOR)


def start(port: int, preheat: bool, log: Path, cwd: Path = ROOT) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    if not preheat:
        cmd.append("--VoilaConfiguration.preheat_kernel=False")
    elif cwd != ROOT:  # the floor: the same pre-heating as voila.json gives the lessons
        cmd += ["--VoilaConfiguration.preheat_kernel=True", "--VoilaConfiguration.default_pool_size=1"]
    return subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=log.open("w"))


def wait_pools(log: Path, count: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.read_text(errors="replace").count("is filled") >= count:
            return
        time.sleep(0.2)
    raise RuntimeError("the kernel pools did not fill in time")


def filled_count(log: Path) -> int:
    return log.read_text(errors="replace").count("is filled")


def pools_full(log: Path, pools: int) -> bool:
    """Whether every pre-heated kernel taken so far has been replaced."""
    text = log.read_text(errors="replace")
    return text.count("is filled") >= pools + text.count("Using pre-heated kernel")


def visit(browser: object, url: str, selector: str) -> float:
    ctx = browser.new_context()  # type: ignore[attr-defined]
    page = ctx.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=120_000)
    page.wait_for_selector(selector, state="visible", timeout=120_000)
    elapsed = time.perf_counter() - start
    if "There was an error" in page.content():
        raise RuntimeError(f"{url} shows an error")
    ctx.close()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    chromium = chromium_path()
    if chromium is None:
        print("no Chromium: install Debian's chromium or set TIANGOW_CHROMIUM")
        return 1
    from playwright.sync_api import sync_playwright

    results: dict[tuple[str, str], list[float]] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        floor_dir = Path(tmp) / "floor"
        floor_dir.mkdir()
        write_floor(floor_dir)
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for mode, preheat in (("cold", False), ("pre-heated", True)):
            servers = [("lessons", ROOT, 2), ("floor", floor_dir, 1)]
            for label, cwd, pools in servers:
                port = free_port()
                log = Path(tmp) / f"voila-{mode}-{label}.log"
                proc = start(port, preheat, log, cwd)
                try:
                    wait_http(f"http://127.0.0.1:{port}/", 90)
                    if preheat:
                        wait_pools(log, pools)
                    if label == "floor":
                        base = f"http://127.0.0.1:{port}/voila/render/"
                        pages = {"floor (1 button)": (FLOOR, "button.jupyter-button")}
                    else:
                        base = f"http://127.0.0.1:{port}/voila/render/lessons/"
                        pages = PAGES
                    first = next(iter(pages.values()))
                    visit(browser, base + first[0], first[1])  # warm the server's caches
                    for name, (nb, selector) in pages.items():
                        times = []
                        for _ in range(args.runs):
                            if preheat:
                                # a visit takes the page's kernel: wait until the pool is full again
                                wait_pools(log, filled_count(log) if pools_full(log, pools)
                                           else filled_count(log) + 1)
                                time.sleep(0.5)
                            times.append(visit(browser, base + nb, selector))
                        results[(mode, name)] = times
                finally:
                    proc.terminate()
                    proc.wait(20)
        browser.close()

    print(f"navigation → first clickable tile, {args.runs} visits each (headless Chromium, this machine)")
    for mode in ("cold", "pre-heated"):
        floor = statistics.median(results[(mode, "floor (1 button)")])
        for name in (*PAGES, "floor (1 button)"):
            times = results[(mode, name)]
            med = statistics.median(times)
            verdict = ""
            if name in PAGES:
                ok = "ok" if med <= TARGETS[mode] else "over target"
                verdict = f"  ×{med / floor:.2f} the floor  target ≤ {TARGETS[mode]:.0f} s: {ok}"
            print(f"  {mode:<11} {name:<17} median {med:5.2f} s  (range {min(times):.2f}–{max(times):.2f}){verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
