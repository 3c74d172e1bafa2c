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

``--against REV`` runs the same N first on the service as it was at git revision ``REV`` (a
worktree of it in a temporary folder: the same machine, the same run) and prints each N's moves
a second against it; ``KB/seat`` is the bytes each seat is sent per move, all messages counted.

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
from collections.abc import Callable
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


async def run_n(url: str, n: int, seconds: float, rng: random.Random, think: float = 0.0,
                address: Callable[[int], str] | None = None) -> dict[str, Any]:
    """N tables of four humans playing for ``seconds``; ``address(t)``: the address table ``t``'s
    players come from (sent as ``X-Forwarded-For``; a family behind one router), if any."""
    base = url.replace("ws://", "http://").rsplit("/socket", 1)[0]
    tables: list[list[Client]] = []
    for t in range(n):
        headers = {"X-Forwarded-For": address(t)} if address else {}
        req = urllib.request.Request(base, method="POST", data=b"{}", headers=headers)
        with urllib.request.urlopen(req, timeout=30) as r:
            info = json.loads(r.read())
        # as a browser: compressed
        clients = [Client(url, tok, compress=True, headers=headers) for tok in info["seats"]]
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
    received = sum(c.bytes_in for clients in tables for c in clients)
    refused = sum(len(c.refusals()) for clients in tables for c in clients)
    kinds = sorted({r["kind"] for clients in tables for c in clients for r in c.refusals()})
    for clients in tables:
        for c in clients:
            await c.close()
    lat = sorted(latencies)
    return {"tables": n, "moves": moves, "per_second": moves / seconds, "timed": len(lat),
            "p50": statistics.median(lat) if lat else float("nan"),
            "p95": lat[int(0.95 * (len(lat) - 1))] if lat else float("nan"), "refused": refused, "kinds": kinds,
            "cut": moves - len(lat), "kb_seat": received / max(1, 4 * moves) / 1024}


def _serve(where: Path, db: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The service from the code at ``where``, on a free port: its process and its socket's address."""
    port = _free_port()
    loose = ["--client-limits", "off"] if where == ROOT else []  # every client here is one address
    proc = start_service(where, port, db, "--flood-rate", "1000", *loose)
    return proc, f"ws://127.0.0.1:{port}/tiangow/tables/socket"


def start_service(where: Path, port: int, db: Path, *options: str) -> subprocess.Popen[bytes]:
    """``python -m tiangow.online`` from the code at ``where`` on loopback ``port`` (bots acting at
    once, ``options`` added), once its health answers (30 s at most)."""
    proc = subprocess.Popen([sys.executable, "-m", "tiangow.online", "--port", str(port), "--db", str(db),
                             "--bot-pause", "0", *options], cwd=where,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    health = f"http://127.0.0.1:{port}/tiangow/tables/health"
    for _ in range(300):
        try:
            urllib.request.urlopen(health, timeout=2).read()
            break
        except OSError:
            time.sleep(0.1)
    return proc


def _run(where: Path, label: str, ns: list[int], a: argparse.Namespace, tmp: Path) -> dict[int, dict[str, Any]]:
    proc, url = _serve(where, tmp / f"{label}.db")
    out: dict[int, dict[str, Any]] = {}
    try:
        print(f"{label}:\n{'N':>4} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'MB/table':>8} {'KB/seat':>7} "
              f"{'moves':>6} {'cut':>4} {'refused':>7}", flush=True)
        rng = random.Random(a.seed)
        for n in ns:
            before = _rss_mb(proc.pid)
            r = asyncio.run(run_n(url, n, a.seconds, rng, a.think))
            grew = (_rss_mb(proc.pid) - before) / n
            out[n] = r
            print(f"{n:>4} {r['per_second']:>8.1f} {r['p50']:>7.1f} {r['p95']:>7.1f} {grew:>8.2f} {r['kb_seat']:>7.2f} "
                  f"{r['moves']:>6} {r['cut']:>4} {r['refused']:>7} {' '.join(r['kinds'])}", flush=True)
            if r["p95"] > a.limit:
                print(f"p95 passed {a.limit:.0f} ms at N = {n}: this machine keeps p95 ≤ {a.limit:.0f} ms "
                      f"below that", flush=True)
                break
    finally:
        proc.kill()
        proc.wait()
    return out


def log_size(n: int) -> None:
    """Create ``n`` tables in a fresh log as the service does, and print the bytes each takes and
    what the limits bound the log to under a creation flood from every address at once."""
    from tiangow.online.limits import Limits
    from tiangow.online.service import Service
    from tiangow.online.store import Store
    from tiangow.online.table import TableConfig

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.db"
        service = Service(Store(path))
        for _ in range(n):
            service.create(TableConfig())
        service.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        per = path.stat().st_size / n
        service.store.close()
    lim = Limits()
    rate, burst = lim.creates_all
    most = burst + rate * (lim.unopened_seconds + lim.sweep_seconds)
    print(f"{n} tables: {per:.0f} bytes a table in the log; at the limits (all clients together "
          f"{burst} at once, then {rate:g} a second; an unopened table swept after "
          f"{lim.unopened_seconds / 3600:g} h, the sweep every {lim.sweep_seconds / 60:g} min) the log holds at most "
          f"{most:,.0f} unopened tables: {most * per / 2**20:,.0f} MB")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", default="1,5,10,20,40", help="the values of N, comma separated")
    p.add_argument("--seconds", type=float, default=20.0, help="how long each N plays")
    p.add_argument("--limit", type=float, default=100.0, help="the p95 (ms) past which N stops growing")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--log-size", type=int, help="only: create this many tables in a log and print its size")
    p.add_argument("--against", help="a git revision: run the same loads on the service as it was there first")
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds each player takes to choose, on average (0: at once, the most load)")
    a = p.parse_args(argv)
    if a.log_size:
        log_size(a.log_size)
        return
    ns = [int(x) for x in a.tables.split(",")]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        base: dict[int, dict[str, Any]] | None = None
        if a.against:
            tree = tmp / "baseline"
            subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tree), a.against], cwd=ROOT, check=True)
            try:
                base = _run(tree, f"the service at {a.against}", ns, a, tmp)
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
        now = _run(ROOT, "this checkout's service", ns, a, tmp)
        if base is not None:
            print("moves a second, this checkout against the baseline (same run):")
            for n in ns:
                if n in base and n in now:
                    b, c = base[n], now[n]
                    ratio = c["per_second"] / max(b["per_second"], 1e-9)
                    print(f"{n:>4} tables: {c['per_second']:.1f} / {b['per_second']:.1f} = ×{ratio:.2f}; "
                          f"p95 {c['p95']:.1f} / {b['p95']:.1f} ms; "
                          f"KB a seat a move {c['kb_seat']:.2f} / {b['kb_seat']:.2f}", flush=True)


if __name__ == "__main__":
    main()
