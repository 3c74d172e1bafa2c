"""Figures for the static site (issue #10): time to the first tile, bytes, size, off-site requests.

    python scripts/measure_site.py [--site _site] [--build] [--runs 5] [--no-floor] [--before OTHER_SITE]

The site is served the way ``python -m http.server`` serves it (the same handler, in this
process, counting the bytes it sends) on 127.0.0.1. Headless Chromium (Debian's) opens the
index, lesson 01 and lesson 08; every request not to 127.0.0.1 (the pages', their workers')
goes to a proxy that refuses and counts it (tests/browser/sitetools.OffsiteTrap). Not Playwright's
routing: that would turn the HTTP cache off and make "warm" cold.

For each page: the time from navigation to the first ``svg[data-tile]``, cold (a new browser
profile: empty cache and storage) and warm (the same page again in that profile), and the
bytes the server sent for each. As a baseline in the same run, the same build of a notebook
holding one ipywidgets HTML with one tile is measured the same way: that is the floor the
kernel itself (Pyodide + IPython + ipywidgets in the browser) sets on this machine. With
``--before``, a site built from another checkout (``scripts/build_site.py`` run there) is
measured in the same run, its runs interleaved with these: a before/after comparison.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout: its tests package holds what drives Chromium

from scripts import build_site  # noqa: E402
from tests.browser.pages import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.browser.sitetools import OffsiteTrap  # noqa: E402
from tests.browser.sitetools import SiteServer as Site  # noqa: E402

PAGES = {"index": "index.html", "01": "01_tiles.html", "08": "08_play.html"}
TARGETS = {"cold index": 6.0, "size MB": 25.0, "off-site requests": 0}
FLOOR_CELL = ('import ipywidgets as w\n'
              'w.HTML(\'<svg data-tile="1-1" width="20" height="40"><rect width="20" height="40"/></svg>\')')
BLOCK_ELSEWHERE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def visit(page: Any, site: Site, path: str, timeout: float) -> tuple[float, int]:
    site.quiet(0.5)
    before = site.bytes
    start = time.monotonic()
    page.goto(site.url + "voici/render/" + path, timeout=timeout * 1000)
    page.wait_for_selector("svg[data-tile]", timeout=timeout * 1000)
    elapsed = time.monotonic() - start
    site.quiet(1.0)
    text = page.inner_text("body")
    if "There was an error" in text:
        raise RuntimeError(f"{path}: the page shows an error")
    return elapsed, site.bytes - before


def measure(pw: Any, chromium: str, site: Site, trap: OffsiteTrap, pages: dict[str, str], runs: int,
            timeout: float) -> dict[str, dict[str, list[float]]]:
    """Each run in a new browser profile on disk (a learner's first visit: empty cache and
    storage), then the same page again in it (the disk cache a real browser keeps; an
    in-memory profile would not keep the 8 MB WebAssembly file)."""
    results: dict[str, dict[str, list[float]]] = {}
    for name, path in pages.items():
        row = results.setdefault(name, {"cold": [], "warm": [], "cold bytes": [], "warm bytes": []})
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as profile:
                context = pw.chromium.launch_persistent_context(
                    profile, executable_path=chromium, args=[*CHROMIUM_ARGS, *trap.args, BLOCK_ELSEWHERE],
                    viewport={"width": 1280, "height": 900})
                offsite: list[str] = []
                trapped = len(trap.offsite)
                # Not context.route: routing turns off the browser's HTTP cache. The page's own
                # requests are seen here, and every request of the browser not to 127.0.0.1
                # (workers' too) goes to the trap, which refuses it.
                context.on("request", lambda r, offsite=offsite: None if r.url.startswith((site.url, "data:", "blob:"))
                           else offsite.append(r.url))
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                for kind in ("cold", "warm"):
                    elapsed, sent = visit(page, site, path, timeout)
                    row[kind].append(elapsed)
                    row[f"{kind} bytes"].append(sent)
                context.close()
            offsite += trap.offsite[trapped:]
            row.setdefault("off-site", []).append(len(offsite))
            row.setdefault("page errors", []).append(len(errors))
            if offsite or errors:
                print(f"  {name}: off-site {offsite[:3]} errors {errors[:3]}")
    return results


# Runs code in the page's kernel (the browser's Python) and returns what it printed.
KERNEL_EXEC = """async (code) => {
  const kernels = window.jupyterapp.serviceManager.kernels;
  const kernel = kernels.connectTo({model: [...kernels.running()][0]});
  let out = "";
  const future = kernel.requestExecute({code, store_history: false});
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += msg.content.ename + ": " + msg.content.evalue;
  };
  await future.done;
  return out;
}"""
def hints_code(hands: int) -> str:
    """What the site's kernel runs for the hint figures: benchmarks.search's hint_latencies (the
    benchmarks are not in the site's wheel), then its figures as JSON."""
    import inspect

    from benchmarks.search import hint_latencies

    return ("import json, random, time\nfrom tiangow import Deal\nfrom tiangow.coach.hints import Coach\n"
            "from tiangow.players.rule import RuleBot\n" + inspect.getsource(hint_latencies)
            + f"print(json.dumps(hint_latencies(hands={hands})))\n")


def run_in_lesson_08(pw: Any, chromium: str, site: Site, code: str, timeout: float) -> str:
    """Run ``code`` in lesson 08's kernel (a new browser, the table drawn first); what it printed."""
    browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
    page = browser.new_page()
    page.goto(site.url + "voici/render/08_play.html", timeout=timeout * 1000)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=timeout * 1000)
    out: str = page.evaluate(KERNEL_EXEC, code)
    browser.close()
    return out


def early_code(per_size: int) -> str:
    """What the site's kernel runs for the early hints' figures: benchmarks.search's
    early_hint_latencies over coach_positions, then its figures as JSON."""
    import inspect

    from benchmarks.search import coach_positions, early_hint_latencies

    return ("import json, random, time\nfrom collections.abc import Sequence\nfrom tiangow import Deal\n"
            "from tiangow.coach.hints import Coach\nfrom tiangow.players.positions import deal_until\n"
            "from tiangow.players.rule import RuleBot\n" + inspect.getsource(coach_positions)
            + inspect.getsource(early_hint_latencies)
            + f"print(json.dumps(early_hint_latencies({per_size})))\n")


def early_figures(pw: Any, chromium: str, site: Site, per_size: int,
                  timeout: float) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """Seconds per hint at ``per_size`` seeded positions of 8 and of 7 tiles a hand in the
    browser's Python, and for the same positions in this CPython."""
    from benchmarks.search import early_hint_latencies

    out = run_in_lesson_08(pw, chromium, site, early_code(per_size), timeout)
    got = {int(k): v for k, v in json.loads(out.strip().splitlines()[-1]).items()}
    return got, early_hint_latencies(per_size)


def hint_figures(pw: Any, chromium: str, site: Site, hands: int, timeout: float) -> tuple[list[float], list[float]]:
    """Seconds per hint (lesson 08's coach, every turn of one seat in seeded hands) in the
    browser's Python, and for the same hands in this CPython."""
    from benchmarks.search import hint_latencies

    out = run_in_lesson_08(pw, chromium, site, hints_code(hands), timeout)
    return json.loads(out.strip().splitlines()[-1]), hint_latencies(hands=hands)


BOTS_CODE = """
import json, time
from tiangow.players.rule import RuleBot
from tiangow.drills.session import Session


def bot_latencies(hands):
    # Every bot action of lesson 08's table in seeded hands (the learner in East, played by the
    # rule bot through Session.act, so the coach marks it), by the actor's tiles in hand; and the
    # learner's wait from an action to the next turn (the mark and the bots' thinking).
    bot, wait = {}, {}
    for seed in range(hands):
        s, me = Session(seat=0, seed=seed), RuleBot(seed)
        start, size = None, None
        while not s.is_over:
            d = s.deal
            if s.learner_to_act:
                if start is not None:
                    wait.setdefault(size, []).append(time.perf_counter() - start)
                size, start = d.view(0).hand_sizes[0], time.perf_counter()
                s.act(me.choose(d.view(0)))
            else:
                n, t = d.view(d.to_play).hand_sizes[d.to_play], time.perf_counter()
                s.bot_step()
                bot.setdefault(n, []).append(time.perf_counter() - t)
        if start is not None:
            wait.setdefault(size, []).append(time.perf_counter() - start)
    return {"bot": bot, "wait": wait}
"""


def bot_figures(pw: Any, chromium: str, site: Site, hands: int, timeout: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seconds per bot action and per wait at lesson 08's table (:data:`BOTS_CODE`) in the
    browser's Python, and for the same hands in this CPython."""
    out = run_in_lesson_08(pw, chromium, site, BOTS_CODE + f"print(json.dumps(bot_latencies({hands})))\n", timeout)
    here: dict[str, Any] = {}
    exec(BOTS_CODE, here)
    return json.loads(out.strip().splitlines()[-1]), json.loads(json.dumps(here["bot_latencies"](hands)))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def floor_site(cache: Path, folder: Path) -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    lessons = folder / "lessons"
    lessons.mkdir(parents=True)
    nb = new_notebook(cells=[new_code_cell(FLOOR_CELL)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lessons / "floor.ipynb")
    build_site.build(folder / "site", cache, lessons)


def fmt(values: list[float]) -> str:
    return f"{statistics.median(values):5.1f} s [{min(values):.1f}–{max(values):.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--cache", type=Path, default=ROOT / ".site-cache")
    parser.add_argument("--build", action="store_true", help="build the site first")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--no-floor", action="store_true", help="skip the one-widget baseline")
    parser.add_argument("--hint-hands", type=int, default=10, help="hands of hints timed in lesson 08's kernel")
    parser.add_argument("--early", type=int, default=10, metavar="N",
                        help="also time hints at N seeded positions of 8 and of 7 tiles a hand (0: not)")
    parser.add_argument("--bot-hands", type=int, default=3, metavar="N",
                        help="time lesson 08's bots over N seeded hands (0: not)")
    parser.add_argument("--before", type=Path, help="another built site to measure in the same run, interleaved")
    args = parser.parse_args()
    if args.build or not (args.site / "voici" / "render" / "index.html").exists():
        build_site.build(args.site.resolve(), args.cache.resolve())
    chromium = chromium_path()
    if chromium is None:
        raise SystemExit("no Chromium (install Debian's chromium)")

    from playwright.sync_api import sync_playwright

    size = sum(p.stat().st_size for p in args.site.rglob("*") if p.is_file())
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        sites = {"lessons": (Site(args.site), PAGES)}
        if args.before is not None:
            sites["before"] = (Site(args.before), {f"before {k}": v for k, v in PAGES.items()})
        if not args.no_floor:
            floor_site(args.cache.resolve(), Path(tmp))
            sites["floor"] = (Site(Path(tmp) / "site"), {"floor": "floor.html"})
        trap = OffsiteTrap()
        rows: dict[str, dict[str, list[float]]] = {}
        # Interleave the pages' runs with the floor's so that load on the machine hits both alike.
        for run in range(args.runs):
            # Each site's runs interleaved with the others', the order turned round every run.
            order = list(sites.values()) if run % 2 == 0 else list(reversed(sites.values()))
            for site, pages in order:
                for name, got in measure(pw, chromium, site, trap, pages, 1, args.timeout).items():
                    for key, values in got.items():
                        rows.setdefault(name, {}).setdefault(key, []).extend(values)
        browser_hints, cpython_hints = hint_figures(pw, chromium, sites["lessons"][0], args.hint_hands, args.timeout)
        early = (early_figures(pw, chromium, sites["lessons"][0], args.early, args.timeout) if args.early
                 else None)
        bots = (bot_figures(pw, chromium, sites["lessons"][0], args.bot_hands, args.timeout * args.bot_hands)
                if args.bot_hands else None)
        missing = [m for site, _ in sites.values() for m in site.missing]
        for site, _ in sites.values():
            site.close()
        trap.close()

    print(f"\nStatic site {args.site} — {size / 1e6:.1f} MB on disk, "
          f"{sum(1 for p in args.site.rglob('*') if p.is_file())} files; {args.runs} runs per page "
          f"(headless Chromium, http.server on 127.0.0.1)\n")
    if args.before is not None:
        before = sum(p.stat().st_size for p in args.before.rglob("*") if p.is_file())
        print(f"Before: {args.before} — {before / 1e6:.1f} MB on disk (×{size / before:.3f} now)\n")
    print(f"{'page':8} {'cold: first tile':24} {'warm: first tile':24} {'cold MB':>8} {'warm MB':>8} {'off-site':>9}")
    floor = statistics.median(rows["floor"]["cold"]) if "floor" in rows else None
    for name, row in rows.items():
        ratio = f"  ×{statistics.median(row['cold']) / floor:.2f} floor" if floor and name != "floor" else ""
        was = rows.get("before " + name)
        if was is not None:
            ratio += (f"  ×{statistics.median(row['cold']) / statistics.median(was['cold']):.2f} cold, "
                      f"×{statistics.median(row['warm']) / statistics.median(was['warm']):.2f} warm vs before")
        print(f"{name:8} {fmt(row['cold']):24} {fmt(row['warm']):24} "
              f"{statistics.median(row['cold bytes']) / 1e6:8.1f} {statistics.median(row['warm bytes']) / 1e6:8.2f} "
              f"{sum(row['off-site']):9d}{ratio}")
    print(f"\nHints in lesson 08 (the coach, every turn of one seat, {args.hint_hands} seeded hands, "
          f"{len(browser_hints)} hints):")
    for name, lat in (("browser (Pyodide)", browser_hints), ("CPython, this process", cpython_hints)):
        print(f"  {name:22} median {statistics.median(lat):.3f} s, p95 {pct(lat, 0.95):.3f} s, max {max(lat):.3f} s")
    print(f"  ratio browser / CPython at p95: ×{pct(browser_hints, 0.95) / pct(cpython_hints, 0.95):.2f} "
          "(target: p95 < 2 s in the browser)")
    if early is not None:
        print(f"Hints early in a hand ({args.early} seeded positions of each size, benchmarks.search.coach_positions):")
        for tiles in sorted(early[0], reverse=True):
            for name, lat in (("browser (Pyodide)", early[0][tiles]), ("CPython, this process", early[1][tiles])):
                print(f"  {tiles} tiles, {name:22} median {statistics.median(lat):.3f} s, "
                      f"p95 {pct(lat, 0.95):.3f} s, max {max(lat):.3f} s")
    if bots is not None:
        print(f"Lesson 08's bots ({args.bot_hands} seeded hands; the learner's wait from an action to the next "
              "turn is the coach's mark and the bots' thinking, without the table's pace):")
        for kind, what in (("bot", "a bot action"), ("wait", "the wait")):
            for tiles in sorted(bots[0][kind], key=int, reverse=True):
                for name, got in (("browser (Pyodide)", bots[0]), ("CPython, this process", bots[1])):
                    lat = got[kind].get(tiles, [])
                    if lat:
                        print(f"  {what:12} at {tiles} tiles, {name:22} median {statistics.median(lat):.3f} s, "
                              f"max {max(lat):.3f} s ({len(lat)})")
    offsite = sum(sum(r["off-site"]) for r in rows.values())
    errors = sum(sum(r["page errors"]) for r in rows.values())
    print(f"\nTargets: cold index ≤ {TARGETS['cold index']} s: {statistics.median(rows['index']['cold']):.1f} s; "
          f"size ≤ {TARGETS['size MB']} MB: {size / 1e6:.1f} MB; off-site requests: {offsite}; "
          f"page errors: {errors}; requests the site did not answer: {len(missing)} {missing[:5]}")


if __name__ == "__main__":
    main()
