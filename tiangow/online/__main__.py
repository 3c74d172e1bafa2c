"""``python -m tiangow.online --port 8867 --db tables.db``: the table service on its own.

``--network`` listens on every interface and builds the links on this machine's address on its
network, so phones at home can open them; ``--public-url https://tables.example.org/`` builds
them on the address a proxy serves the tables at (docs/online.md); ``--limits
creates=0.5/20,per_watch_link=200`` changes what one client may do
(:class:`tiangow.online.limits.Limits`)."""

from __future__ import annotations

import argparse
import asyncio

from .address import check_public_url, lan_address, link_base
from .limits import UNLIMITED, Limits, LimitsError
from .service import make_app


async def _main(a: argparse.Namespace) -> None:
    cluster = None
    if a.redis:
        from .cluster import Cluster

        cluster = Cluster(a.redis, a.index, a.size)
        await cluster.start()
    public = check_public_url(a.public_url) if a.public_url else None
    limits = (Limits() if a.client_limits == "on" else UNLIMITED).changed(a.limits)
    app, _service = make_app(a.db, bot_pause=a.bot_pause, flood=(a.flood_rate, max(30, int(a.flood_rate * 3))),
                             cluster=cluster, public_url=public, network=a.network, limits=limits)
    host = a.host or ("0.0.0.0" if a.network else "127.0.0.1")
    # a connection that sends no request within 30 s (or is idle that long between requests) is closed
    app.listen(a.port, address=host, idle_connection_timeout=30, body_timeout=30)
    seen = f"http://127.0.0.1:{a.port}/"
    base = link_base(seen, public_url=public, lan=lan_address() if a.network else None)
    print(f"tiangow tables on {base}tiangow/tables (listening on {host}:{a.port}, log {a.db})", flush=True)
    await asyncio.Event().wait()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--port", type=int, default=8867)
    p.add_argument("--db", default="tables.db")
    p.add_argument("--bot-pause", type=float, default=0.6, help="seconds a bot waits before it acts")
    p.add_argument("--flood-rate", type=float, default=10.0, help="frames a connection may send a second")
    p.add_argument("--network", action="store_true",
                   help="serve other devices on the network: listen on every interface, links on this "
                        "machine's address")
    p.add_argument("--public-url",
                   help="https://host/… : build links on this address (a proxy in front of the service)")
    p.add_argument("--host", help="the address to listen on (default 127.0.0.1, or 0.0.0.0 with --network)")
    p.add_argument("--client-limits", choices=("on", "off"), default="on",
                   help="what one address may do (tiangow.online.limits); off: for a load test whose "
                        "clients all share one address")
    p.add_argument("--limits", default="",
                   help="limits changed from their defaults, e.g. creates=0.5/20,per_watch_link=200 "
                        "(names and defaults: docs/online.md, Security)")
    p.add_argument("--redis", help="redis://… : one of several processes sharing tables through this Redis")
    p.add_argument("--index", type=int, default=0, help="this process's number among them (0 …)")
    p.add_argument("--size", type=int, default=1, help="how many processes share the tables")
    a = p.parse_args()
    try:
        (Limits()).changed(a.limits)
    except LimitsError as e:
        p.error(f"--limits: {e}")
    asyncio.run(_main(a))


if __name__ == "__main__":
    main()
