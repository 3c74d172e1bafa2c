"""Load test of the table service on loopback: N tables × 4 humans making moves.

``python -m benchmarks.tables --tables 1,5,10,20,40 --seconds 20`` starts the service
(``python -m tiangow.online``, bots never acting: every seat is a human; each connection allowed
1,000 frames a second, since these clients move the moment it is their turn) in a process of its own,
and for each N opens N tables with four WebSocket clients each (no browsers; in this process),
has every client make a random legal move whenever it is its turn, and prints for N:

- moves per second (all tables);
- p50 / p95 from a move sent to its event reaching all four seats (ms);
- the service's memory per table (resident set growth over the N tables, MB);
- moves, those whose event had not reached all four seats when the time was up (``cut``), and
  commands refused (should be 0).

``--think 1`` has each player take 0.5–1.5 s to choose, as people do: the load a class makes.

It stops at the first N where p95 passes ``--limit`` ms (100) and says so. Each N runs at most
``--seconds``; hands are played to the end and dealt again while time remains. The clients
share the machine's cores with the service: the figures are for this whole loop, not the
service alone (the docs say so).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from tiangow.online.client import Client

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mb(pid: int) -> float:
    import psutil  # type: ignore[import-untyped]

    return float(psutil.Process(pid).memory_info().rss) / 2**20


async def run_n(url: str, n: int, seconds: float, rng: random.Random, think: float = 0.0) -> dict[str, Any]:
    base = url.replace("ws://", "http://").rsplit("/socket", 1)[0]
    tables: list[list[Client]] = []
    for _ in range(n):
        req = urllib.request.Request(base, method="POST", data=b"{}")
        with urllib.request.urlopen(req, timeout=30) as r:
            info = json.loads(r.read())
        clients = [Client(url, tok) for tok in info["seats"]]
        for c in clients:
            await c.open()
        tables.append(clients)
    for clients in tables:
        for c in clients:
            await c.wait_for(lambda c: c.state is not None and c.state["seats"] == ["human"] * 4, 30)
            await c.send(type="again", against=c.state["seq"])  # type: ignore[index]
    latencies: list[float] = []
    moves = 0
    sent_at: dict[tuple[int, int], float] = {}
    end = time.monotonic() + seconds

    async def seat(t: int, s: int) -> None:
        nonlocal moves
        c = tables[t][s]
        done_seq = -1
        refused = 0
        agreed_hand = 0
        while time.monotonic() < end:
            st = c.state
            if len(c.refusals()) > refused:  # refused: look again at the latest state
                refused = len(c.refusals())
                done_seq = -1
            if st is None or st["seq"] == done_seq:
                try:
                    await asyncio.wait_for(c.changed(), max(0.01, end - time.monotonic()))
                except TimeoutError:
                    return
                continue
            done_seq = st["seq"]
            if st.get("over") and s not in st["agreed"] and agreed_hand != st["hand"]:
                agreed_hand = st["hand"]
                await c.send(type="again", against=st["seq"])
            elif st["legal"]:
                if think:  # a person takes a moment to choose
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    if c.state is not st:
                        continue
                sent_at[(t, st["seq"] + 1)] = time.perf_counter()
                await c.send(type="move", against=st["seq"], move=rng.choice(st["legal"]))
                moves += 1

    await asyncio.gather(*(seat(t, s) for t in range(n) for s in range(4)))
    # the time from each move sent to its event at the last of the four seats
    for t, clients in enumerate(tables):
        arrived: dict[int, list[float]] = {}
        for c in clients:
            for at, msg in c.times:
                if msg.get("type") == "moved":
                    arrived.setdefault(msg["seq"], []).append(at)
        for (tt, seq), t0 in sent_at.items():
            if tt == t and len(arrived.get(seq, ())) == 4:
                latencies.append((max(arrived[seq]) - t0) * 1000)
    refused = sum(len(c.refusals()) for clients in tables for c in clients)
    kinds = sorted({r["kind"] for clients in tables for c in clients for r in c.refusals()})
    for clients in tables:
        for c in clients:
            await c.close()
    lat = sorted(latencies)
    return {"tables": n, "moves": moves, "per_second": moves / seconds, "timed": len(lat),
            "p50": statistics.median(lat) if lat else float("nan"),
            "p95": lat[int(0.95 * (len(lat) - 1))] if lat else float("nan"), "refused": refused, "kinds": kinds,
            "cut": moves - len(lat)}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", default="1,5,10,20,40", help="the values of N, comma separated")
    p.add_argument("--seconds", type=float, default=20.0, help="how long each N plays")
    p.add_argument("--limit", type=float, default=100.0, help="the p95 (ms) past which N stops growing")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds each player takes to choose, on average (0: at once, the most load)")
    a = p.parse_args(argv)
    ns = [int(x) for x in a.tables.split(",")]
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-m", "tiangow.online", "--port", str(port), "--db",
                                 str(Path(tmp) / "t.db"), "--bot-pause", "0", "--flood-rate", "1000"], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            health = f"http://127.0.0.1:{port}/tiangow/tables/health"
            for _ in range(300):
                try:
                    urllib.request.urlopen(health, timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            url = f"ws://127.0.0.1:{port}/tiangow/tables/socket"
            print(f"{'N':>4} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'MB/table':>8} {'moves':>6} "
                  f"{'cut':>4} {'refused':>7}")
            rng = random.Random(a.seed)
            for n in ns:
                before = _rss_mb(proc.pid)
                r = asyncio.run(run_n(url, n, a.seconds, rng, a.think))
                grew = (_rss_mb(proc.pid) - before) / n
                print(f"{n:>4} {r['per_second']:>8.1f} {r['p50']:>7.1f} {r['p95']:>7.1f} {grew:>8.2f} "
                      f"{r['moves']:>6} {r['cut']:>4} {r['refused']:>7} {' '.join(r['kinds'])}", flush=True)
                if r["p95"] > a.limit:
                    print(f"p95 passed {a.limit:.0f} ms at N = {n}: this machine keeps p95 ≤ {a.limit:.0f} ms "
                          f"below that", flush=True)
                    break
        finally:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    main()
