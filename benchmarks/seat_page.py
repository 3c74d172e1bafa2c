"""How fast a seat's link opens on a phone: ``python -m benchmarks.seat_page --opens 10``.

Starts the table service (``python -m tiangow.online``) in a process of its own, deals a hand at
a table with a seat taken by a Python client (which then leaves, its seat held), and opens that
seat's link ``--opens`` times in Debian's Chromium at 390 px, each in a new browser context (a
cold cache: nothing kept from the last open), all on loopback. For each open it measures, by the
page's own clock from the start of navigation, when the table is drawn with the seat's own tiles
(the first ``.tg-pick``), and the bytes that arrived before then (the page as transferred and
every WebSocket frame). It prints each open, the median and the largest; then the bytes a seat
is sent per move over one whole hand played by two such pages and two bots — on the wire, through
permessage-deflate as the service compresses a page's messages, and before compression — and what
another seat is sent when a page comes or goes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tiangow.online.client import Client

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _table(base: str) -> dict[str, Any]:
    req = urllib.request.Request(base + "/tiangow/tables", method="POST", data=b"{}")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


async def _deal(base: str, token: str) -> None:
    """A hand dealt with this seat taken by a human, who then leaves (the seat is held)."""
    c = Client(base.replace("http", "ws") + "/tiangow/tables/socket", token, reconnect=False)
    await c.open()
    await c.wait_for(lambda c: c.state is not None)
    await c.send(type="again", against=c.state["seq"])  # type: ignore[index]
    await c.wait_for(lambda c: c.state is not None and "deal" in c.state, 30)
    await c.close()


_DRAWN = """() => new Promise(done => {
  const check = () => {
    if (document.querySelector('.tg-pick')) done(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})"""


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--opens", type=int, default=10)
    p.add_argument("--chromium", default="/usr/bin/chromium")
    a = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-m", "tiangow.online", "--port", str(port), "--db",
                                 str(Path(tmp) / "t.db"), "--bot-pause", "0.05", "--client-limits", "off"], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/tiangow/tables/health", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=a.chromium, args=CHROMIUM_ARGS)
                print(f"{'open':>4} {'drawn ms':>9} {'KB before':>9}")
                times, sizes = [], []
                for i in range(a.opens):
                    info = _table(base)
                    with ThreadPoolExecutor(1) as pool:  # Playwright's own loop runs in this thread
                        pool.submit(asyncio.run, _deal(base, info["seats"][1])).result()
                    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
                    page = ctx.new_page()
                    frames: list[tuple[float, int]] = []

                    def on_socket(ws: Any, frames: list[tuple[float, int]] = frames) -> None:
                        ws.on("framereceived", lambda payload: frames.append(
                            (time.perf_counter(), len(payload.encode() if isinstance(payload, str) else payload))))

                    page.on("websocket", on_socket)
                    page.goto(info["links"]["1"]["url"], wait_until="commit")
                    drawn = page.evaluate(_DRAWN)
                    at = time.perf_counter()
                    nav = page.evaluate("() => performance.getEntriesByType('navigation')[0].transferSize")
                    ws_bytes = sum(n for t, n in frames if t <= at)
                    kb = (nav + ws_bytes) / 1024
                    times.append(drawn)
                    sizes.append(kb)
                    print(f"{i + 1:>4} {drawn:>9.0f} {kb:>9.1f}", flush=True)
                    ctx.close()
                browser.close()
            print(f"median: drawn {statistics.median(times):.0f} ms, {statistics.median(sizes):.1f} KB before it; "
                  f"largest {max(times):.0f} ms, {max(sizes):.1f} KB (target: ≤ 1,000 ms, ≤ 300 KB)")
            asyncio.run(_per_move(base))
        finally:
            proc.kill()
            proc.wait()


def _past(seq: int) -> Callable[[Client], bool]:
    """Whether a client has heard of an event after ``seq``."""
    return lambda c: c.state is not None and c.state["seq"] > seq


async def _per_move(base: str) -> None:
    """One whole hand, East and West humans (random legal moves), South and North bots: the bytes
    West is sent for each move (its event and every other message of that move), and what a page
    coming and going costs West."""
    import random

    url = base.replace("http", "ws") + "/tiangow/tables/socket"
    info = _table(base)
    east, west = Client(url, info["seats"][0]), Client(url, info["seats"][2])
    for c in (east, west):
        await c.open()
    for c in (east, west):
        await c.wait_for(lambda c: c.state is not None)
        await c.send(type="again", against=c.state["seq"])  # type: ignore[index]
    await west.wait_for(lambda c: c.state is not None and "deal" in c.state, 30)
    dealt = west.state["seq"]  # type: ignore[index]
    start = len(west.messages)
    rng = random.Random(1)
    while True:
        await asyncio.sleep(0.02)
        s = west.state
        if s is not None and s.get("over"):
            break
        for c in (east, west):
            st = c.state
            if st is not None and st["legal"] and not st.get("over"):
                await c.send(type="move", against=st["seq"], move=rng.choice(st["legal"]))
                await c.wait_for(_past(st["seq"]), 30)
    await asyncio.sleep(0.3)
    # What goes on the wire: every message West was sent, in order, through permessage-deflate as
    # the service compresses them (tornado: level 6, memory level 5, the window kept between
    # messages), plus each frame's header.
    deflate = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS, 5)
    per: dict[int, int] = {}
    plain: dict[int, int] = {}
    for k, m in enumerate(west.messages):
        text = json.dumps(m, ensure_ascii=False, separators=(",", ":")).encode()
        wire = len(deflate.compress(text) + deflate.flush(zlib.Z_SYNC_FLUSH)) - 4
        wire += 2 if wire < 126 else 4
        seq = m.get("seq")
        if k >= start and isinstance(seq, int) and seq > dealt and m.get("type") in ("moved", "snapshot"):
            per[seq] = per.get(seq, 0) + wire
            plain[seq] = plain.get(seq, 0) + len(text)
    last = max(per)
    moves = [n for seq, n in sorted(per.items()) if seq != last]  # the last move also carries the hand's end
    raw = [n for seq, n in sorted(plain.items()) if seq != last]
    print(f"a seat is sent, per move over one hand ({len(moves)} moves, the last one apart), on the wire "
          f"(permessage-deflate): median {statistics.median(moves) / 1024:.2f} KB, largest {max(moves) / 1024:.2f} KB "
          f"(target ≤ 4 KB); before compression: median {statistics.median(raw) / 1024:.2f} KB, largest "
          f"{max(raw) / 1024:.2f} KB; the move that ends the hand, with its settlement and every hand as dealt: "
          f"{per[last] / 1024:.2f} KB on the wire, {plain[last] / 1024:.2f} KB before compression")
    mark = len(west.messages)
    watch = Client(url, info["watch"], reconnect=False)
    await watch.open()
    await watch.wait_for(lambda c: c.state is not None)
    await watch.close()
    await asyncio.sleep(0.3)
    got = west.messages[mark:]
    size = sum(len(json.dumps(m, ensure_ascii=False, separators=(",", ":")).encode()) for m in got)
    print(f"a spectator coming and going sends West {len(got)} messages ({', '.join(m['type'] for m in got)}), "
          f"{size} bytes in all")
    for c in (east, west):
        await c.close()


if __name__ == "__main__":
    main()
