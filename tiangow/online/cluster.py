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

Redis may go away and come back (restarted, a network hiccup): the subscriber and the publisher
each try again with a growing pause, a message that cannot be sent waits its turn (order is
kept), and one that cannot be written at all is dropped and logged — no frame ever ends either
task. When the subscriber comes back after an outage, messages published meanwhile are lost (Redis
pub/sub keeps none), so every relayed page is closed (:attr:`Cluster.on_reset`): each reconnects
by itself and is sent what it missed. :attr:`Cluster.connected` says whether Redis is reachable
(the health answer carries it). Redis is trusted: whoever can publish on it speaks for relayed
pages, so it listens on a private address with a password (docs/online.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import zlib
from collections.abc import Callable
from typing import Any

__all__ = ["Cluster", "owner_of"]

_log = logging.getLogger(__name__)


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
        self.connected = False
        """Whether this process's subscriber is listening on Redis now."""
        self.on_reset: Callable[[], None] | None = None
        """Called when the subscriber is back after an outage: relayed pages are to be closed."""
        self.dropped = 0
        """Messages that could not be written at all (logged)."""

    def owns(self, code: str) -> bool:
        return owner_of(code, self.size) == self.index

    async def start(self) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.Redis.from_url(self.url, decode_responses=True)
        loop = asyncio.get_running_loop()
        subscribed = loop.create_future()
        self._tasks = [loop.create_task(self._listen(subscribed)), loop.create_task(self._publish())]
        await asyncio.wait_for(asyncio.shield(subscribed), 30)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self._redis is not None:
            await self._redis.aclose()

    @staticmethod
    def _channel(index: int) -> str:
        return f"tiangow:proc:{index}"

    def _put(self, index: int, data: dict[str, Any]) -> bool:
        """Queue ``data`` for process ``index``; ``False`` if it cannot be written (dropped, logged)."""
        try:
            text = json.dumps(data, separators=(",", ":"))  # ASCII: whatever a page sent, it can be written
        except (TypeError, ValueError) as exc:
            self.dropped += 1
            _log.warning("tiangow cluster: a message to process %d could not be written (%r): dropped", index, exc)
            return False
        self._out.put_nowait((self._channel(index), text))
        return True

    async def _publish(self) -> None:
        delay = 0.1
        while True:  # one publisher: messages leave in the order they were put
            channel, text = await self._out.get()
            while True:
                try:
                    await self._redis.publish(channel, text)
                    delay = 0.1
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # Redis away: this message waits, and the ones behind it
                    _log.warning("tiangow cluster: publishing failed (%r); trying again in %.1f s", exc, delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 5.0)

    async def _listen(self, subscribed: asyncio.Future[None]) -> None:
        delay = 0.1
        lost = False
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self._channel(self.index))
                self.connected = True
                delay = 0.1
                if not subscribed.done():
                    subscribed.set_result(None)
                if lost:  # what was published meanwhile is gone: relayed pages start again
                    lost = False
                    _log.warning("tiangow cluster: Redis is back; relayed pages are closed to reconnect")
                    if self.on_reset is not None:
                        self.on_reset()
                async for item in pubsub.listen():
                    self._deliver(item)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.connected = False
                lost = True
                _log.warning("tiangow cluster: lost Redis (%r); subscribing again in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
            finally:
                with contextlib.suppress(Exception):  # a dead connection may not close cleanly: gone all the same
                    await pubsub.aclose()

    def _deliver(self, item: dict[str, Any]) -> None:
        """One message from Redis, to the service (a table here) or to a page here. A message that
        is not one, or that fails where it goes, is logged and dropped: the subscriber goes on."""
        if item.get("type") != "message":
            return
        try:
            data = json.loads(item["data"])
            if not isinstance(data, dict):
                return
            if "op" in data:
                if self.on_owner_message is not None:
                    self.on_owner_message(data)
            else:
                send = self.pages.get(data.get("conn"))  # type: ignore[arg-type]
                if send is not None and isinstance(data.get("msg"), dict):
                    send(data["msg"])
        except Exception as exc:
            self.dropped += 1
            _log.warning("tiangow cluster: a relayed message was dropped (%r)", exc)

    # -- a page here, its table elsewhere --------------------------------------------------------
    def join(self, code: str, send: Callable[[dict[str, Any]], None], hello: dict[str, Any]) -> int:
        """Send a page's hello to its table's owner; returns the page's connection number."""
        conn = next(self._ids)
        self.pages[conn] = send
        self._put(owner_of(code, self.size), {"op": "join", "from": self.index, "conn": conn, **hello})
        return conn

    def command(self, code: str, conn: int, frame: str) -> bool:
        """Relay a page's frame to its table's owner; ``False`` if it cannot be."""
        return self._put(owner_of(code, self.size), {"op": "cmd", "from": self.index, "conn": conn, "frame": frame})

    def leave(self, code: str, conn: int) -> None:
        self.pages.pop(conn, None)
        self._put(owner_of(code, self.size), {"op": "leave", "from": self.index, "conn": conn})

    # -- a page elsewhere, its table here --------------------------------------------------------
    def sender(self, process: int, conn: int) -> Callable[[dict[str, Any]], None]:
        """How the owner sends a message to a page held by ``process``."""
        def send(msg: dict[str, Any]) -> None:
            self._put(process, {"conn": conn, "msg": msg})
        return send
