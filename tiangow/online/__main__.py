"""``python -m tiangow.online --port 8867 --db tables.db``: the table service on its own."""

from __future__ import annotations

import argparse
import asyncio

from .service import make_app


async def _main(port: int, db: str, bot_pause: float, flood: float, redis: str | None, index: int,
                size: int) -> None:
    cluster = None
    if redis:
        from .cluster import Cluster

        cluster = Cluster(redis, index, size)
        await cluster.start()
    app, _service = make_app(db, bot_pause=bot_pause, flood=(flood, max(30, int(flood * 3))), cluster=cluster)
    app.listen(port, address="127.0.0.1")
    print(f"tiangow tables on http://127.0.0.1:{port}/tiangow/tables (log {db})", flush=True)
    await asyncio.Event().wait()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--port", type=int, default=8867)
    p.add_argument("--db", default="tables.db")
    p.add_argument("--bot-pause", type=float, default=0.6, help="seconds a bot waits before it acts")
    p.add_argument("--flood-rate", type=float, default=10.0, help="frames a connection may send a second")
    p.add_argument("--redis", help="redis://… : one of several processes sharing tables through this Redis")
    p.add_argument("--index", type=int, default=0, help="this process's number among them (0 …)")
    p.add_argument("--size", type=int, default=1, help="how many processes share the tables")
    a = p.parse_args()
    asyncio.run(_main(a.port, a.db, a.bot_pause, a.flood_rate, a.redis, a.index, a.size))


if __name__ == "__main__":
    main()
