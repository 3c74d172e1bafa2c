"""What one stranger's script costs the people playing, with the client limits on and off.

``python -m benchmarks.abuse --tables 20 --seconds 10`` starts the table service twice in a
process of its own (``python -m tiangow.online --bot-pause 0``): once with its default limits
(:class:`tiangow.online.limits.Limits`), once with ``--client-limits off``. Each time, N tables of
four humans play at people's pace (each player takes 0.5–1.5 s to choose; each table's four
players come from one address of their own, as a family behind its router), four times for
``--seconds``: quiet, then while one address (one script) attacks as issue 67 found it could:

- ``create``: creates tables as fast as it is answered;
- ``frames``: asks a table it watches to be drawn again in its language, as fast as it is
  answered, reconnecting every 30 frames (the flood limit of one socket would not hold it);
- ``storm``: opens 100 sockets on one spectator link, closes them, and again.

For each attack and each setting it prints the honest players' p50 and p95 (from a move sent to
its event at the last of the four seats), how much of the attack was served (tables created,
frames answered, sockets let in), and how the attacker was refused. Everything is on loopback;
the players, the attacker and the service share this machine's cores (the figures are for the
whole loop, not the service alone). The addresses are told to the service in
``X-Forwarded-For``, which it trusts from loopback as from a proxy on its machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClosedError, websocket_connect

from .tables import ROOT, _free_port, run_n, start_service

SETUP = "10.99.0.2"


def _serve(db: Path, limits: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    return start_service(ROOT, port, db, "--client-limits", limits), f"http://127.0.0.1:{port}/tiangow/tables"


async def _create(base: str, who: str, until: float, tally: Counter[str]) -> None:
    http = AsyncHTTPClient(max_clients=20)

    async def one() -> None:
        while time.monotonic() < until:
            try:
                await http.fetch(HTTPRequest(base, method="POST", body=b"{}", headers={"X-Forwarded-For": who}))
                tally["served"] += 1
            except HTTPClientError as e:
                tally[f"HTTP {e.code}"] += 1
            except OSError as e:
                tally[type(e).__name__] += 1
    await asyncio.gather(*(one() for _ in range(10)))


def _watch_link(base: str) -> str:
    req = urllib.request.Request(base, method="POST", data=b"{}", headers={"X-Forwarded-For": SETUP})
    with urllib.request.urlopen(req, timeout=30) as r:
        return str(json.loads(r.read())["watch"])


async def _socket(base: str, who: str) -> Any:
    url = base.replace("http://", "ws://") + "/socket?lang=en"
    return await websocket_connect(HTTPRequest(url, headers={"X-Forwarded-For": who}))


async def _answered(ws: Any, tally: Counter[str]) -> bool:
    """Read ``ws``'s next message and count how it came: served, refused (and why), closed, or
    no answer in 2 s. Whether the socket is still worth reading."""
    try:
        msg = await asyncio.wait_for(ws.read_message(), 2)
    except TimeoutError:
        tally["no answer in 2 s"] += 1
        return False
    except (OSError, WebSocketClosedError):
        msg = None
    if msg is None:
        tally[f"closed {ws.close_code}"] += 1
        return False
    data = json.loads(msg)
    tally["served" if data.get("type") != "refused" else f"refused {data.get('kind')}"] += 1
    return True


async def _frames(base: str, who: str, until: float, tally: Counter[str]) -> None:
    token = _watch_link(base)
    langs = ["zh-Hant", "en"]
    while time.monotonic() < until:
        try:
            ws = await _socket(base, who)
        except OSError as e:  # refused at the door
            tally[type(e).__name__] += 1
            await asyncio.sleep(0.01)
            continue
        try:
            await ws.write_message(json.dumps({"type": "hello", "token": token}))
        except WebSocketClosedError:
            tally["closed at once"] += 1
            continue
        for i in range(30):
            if time.monotonic() >= until:
                break
            try:
                await ws.write_message(json.dumps({"type": "lang", "lang": langs[i % 2]}))
            except WebSocketClosedError:
                tally[f"closed {ws.close_code}"] += 1
                break
            if not await _answered(ws, tally):
                break
        ws.close()


async def _storm(base: str, who: str, until: float, tally: Counter[str]) -> None:
    token = _watch_link(base)
    while time.monotonic() < until:
        sockets = []
        for _ in range(100):
            try:
                ws = await _socket(base, who)
                await ws.write_message(json.dumps({"type": "hello", "token": token}))
                sockets.append(ws)
            except (OSError, WebSocketClosedError) as e:
                tally[type(e).__name__] += 1
        for ws in sockets:
            await _answered(ws, tally)
        for ws in sockets:
            ws.close()
        await asyncio.sleep(0.05)


ATTACKS = {"quiet": None, "create": _create, "frames": _frames, "storm": _storm}


async def _phase(base: str, n: int, seconds: float, attack: str, seed: int) -> tuple[dict[str, Any], Counter[str]]:
    url = base.replace("http://", "ws://") + "/socket"
    who = f"10.99.{list(ATTACKS).index(attack)}.1"  # a new address for each attack: what it costs alone
    tally: Counter[str] = Counter()
    honest = run_n(url, n, seconds, random.Random(seed), think=1.0, address=lambda t: f"10.1.{t // 250}.{t % 250 + 1}")
    attacker = ATTACKS[attack]
    if attacker is None:
        return await honest, tally
    until = time.monotonic() + seconds + 2  # from before the tables are made to past their end
    out, _ = await asyncio.gather(honest, attacker(base, who, until, tally))
    return out, tally


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=20, help="tables of four honest players")
    p.add_argument("--seconds", type=float, default=10.0, help="how long each attack lasts")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    print(f"{a.tables} tables at people's pace, each attack {a.seconds:g} s, this checkout", flush=True)
    print(f"{'limits':<7} {'attack':<7} {'p50 ms':>7} {'p95 ms':>7} {'moves':>6} {'attack served':>13}  refused as",
          flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for limits in ("on", "off"):
            proc, base = _serve(Path(tmp) / f"{limits}.db", limits)
            try:
                for attack in ATTACKS:
                    r, tally = asyncio.run(_phase(base, a.tables, a.seconds, attack, a.seed))
                    served = tally.pop("served", 0)
                    how = ", ".join(f"{k} ×{v}" for k, v in tally.most_common()) or "—"
                    shown = "—" if attack == "quiet" else str(served)
                    print(f"{limits:<7} {attack:<7} {r['p50']:>7.1f} {r['p95']:>7.1f} {r['moves']:>6} "
                          f"{shown:>13}  {how}", flush=True)
            finally:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    main()
