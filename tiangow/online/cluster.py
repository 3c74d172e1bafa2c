"""Past one process: several table services, each the owner of some tables, joined by Redis.

Process *i* of *n* owns the tables whose code hashes to *i* (:func:`owner_of`); it creates only
such codes, so a table's log and its links' tokens live with its owner. A page may reach any
process: one that does not own its table sends the page's commands to the owner over Redis
(channel ``tiangow:proc:<owner>``), and the owner sends that page's messages back the same way
(``tiangow:proc:<its process>``), in order (one publisher per process). The owner treats such a
page as any other connection: the table still has exactly one owner, through the engine's
checked ``push``.

Messages between processes are JSON: ``{"op": "join", "from", "conn", "token", "admin", "last",
"lang"}``, ``{"op": "cmd", "from", "conn", "frame"}`` (the page's frame as sent, parsed again by
the owner), ``{"op": "leave", "from", "conn"}`` to an owner; ``{"conn", "msg"}`` back.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import zlib
from collections.abc import Callable
from typing import Any

__all__ = ["Cluster", "owner_of"]


def owner_of(code: str, size: int) -> int:
    """The process (0 … ``size`` − 1) that owns table ``code``."""
    return zlib.crc32(code.encode()) % size


class Cluster:
    """This process's place among ``size`` table services sharing the Redis at ``url``."""

    def __init__(self, url: str, index: int, size: int) -> None:
        if not 0 <= index < size:
            raise ValueError(f"process {index} of {size}: the index is 0 to {size - 1}")
        self.url = url
        self.index = index
        self.size = size
        self.pages: dict[int, Callable[[dict[str, Any]], None]] = {}
        """This process's pages at tables owned elsewhere, by connection number: how to send them."""
        self.on_owner_message: Callable[[dict[str, Any]], None] | None = None
        """What the service does with a message for a table this process owns."""
        self._ids = itertools.count(1)
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._redis: Any = None

    def owns(self, code: str) -> bool:
        return owner_of(code, self.size) == self.index

    async def start(self) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.Redis.from_url(self.url, decode_responses=True)
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self._channel(self.index))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(pubsub)), loop.create_task(self._publish())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self._redis is not None:
            await self._redis.aclose()

    @staticmethod
    def _channel(index: int) -> str:
        return f"tiangow:proc:{index}"

    def _put(self, index: int, data: dict[str, Any]) -> None:
        self._out.put_nowait((self._channel(index), json.dumps(data, ensure_ascii=False, separators=(",", ":"))))

    async def _publish(self) -> None:
        while True:  # one publisher: messages leave in the order they were put
            channel, text = await self._out.get()
            await self._redis.publish(channel, text)

    async def _listen(self, pubsub: Any) -> None:
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                data = json.loads(item["data"])
            except ValueError:
                continue
            if "op" in data:
                if self.on_owner_message is not None:
                    self.on_owner_message(data)
            else:
                send = self.pages.get(data.get("conn"))
                if send is not None and isinstance(data.get("msg"), dict):
                    send(data["msg"])

    # -- a page here, its table elsewhere --------------------------------------------------------
    def join(self, code: str, send: Callable[[dict[str, Any]], None], hello: dict[str, Any]) -> int:
        """Send a page's hello to its table's owner; returns the page's connection number."""
        conn = next(self._ids)
        self.pages[conn] = send
        self._put(owner_of(code, self.size), {"op": "join", "from": self.index, "conn": conn, **hello})
        return conn

    def command(self, code: str, conn: int, frame: str) -> None:
        self._put(owner_of(code, self.size), {"op": "cmd", "from": self.index, "conn": conn, "frame": frame})

    def leave(self, code: str, conn: int) -> None:
        self.pages.pop(conn, None)
        self._put(owner_of(code, self.size), {"op": "leave", "from": self.index, "conn": conn})

    # -- a page elsewhere, its table here --------------------------------------------------------
    def sender(self, process: int, conn: int) -> Callable[[dict[str, Any]], None]:
        """How the owner sends a message to a page held by ``process``."""
        return lambda msg: self._put(process, {"conn": conn, "msg": msg})
