"""A table's client in Python: what the page's JavaScript does, for tests and the load test.

It says hello with its link's token, keeps every message it is sent, tracks the last event
it has, and — when its socket drops — reconnects by itself, sending that number so the
service sends what it missed (or a fresh snapshot).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Coroutine
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

__all__ = ["Client"]


class Client:
    """One page at a table, by its link's ``token``, at the service's socket ``url``."""

    def __init__(self, url: str, token: str, *, lang: str = "en", admin: str | None = None,
                 reconnect: bool = True, compress: bool = False, headers: dict[str, str] | None = None) -> None:
        self.url = url
        self.headers = headers or {}
        """Sent with each connection (a load test's ``X-Forwarded-For``: clients at many addresses)."""
        self.compress = compress
        self.token = token
        self.lang = lang
        self.admin = admin
        self.reconnect = reconnect
        self.messages: list[dict[str, Any]] = []
        self.parts: dict[str, str] = {}
        """The page as the service has drawn it: each part as last sent (only changed ones are)."""
        self.bytes_in = 0
        """Every byte of every message received."""
        self.last: int | None = None
        self.state: dict[str, Any] | None = None
        """The latest snapshot."""
        self.connects = 0
        self._ws: WebSocketClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._closed = False
        self.times: list[tuple[float, dict[str, Any]]] = []
        """When each message arrived (``time.perf_counter()``)."""

    async def open(self) -> None:
        await self._connect()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _connect(self) -> None:
        # compress: permessage-deflate, as a browser offers it
        self._ws = await websocket_connect(HTTPRequest(self.url, headers=self.headers),
                                           compression_options={} if self.compress else None)
        self.connects += 1
        hello: dict[str, Any] = {"type": "hello", "token": self.token, "last": self.last, "lang": self.lang}
        if self.admin is not None:
            hello["admin"] = self.admin
        await self._ws.write_message(json.dumps(hello))

    async def _read(self) -> None:
        delay = 0.05
        while not self._closed:
            ws = self._ws
            msg = await ws.read_message() if ws is not None else None
            if msg is None:
                if self._closed or not self.reconnect:
                    return
                while not self._closed:  # the socket dropped: come back by ourselves
                    await asyncio.sleep(delay)
                    try:
                        await self._connect()
                        delay = 0.05
                        break
                    except OSError:
                        delay = min(1.0, delay * 2)
                continue
            data = json.loads(msg)
            self.bytes_in += len(msg.encode() if isinstance(msg, str) else msg)
            self.messages.append(data)
            self.times.append((time.perf_counter(), data))
            seq = data.get("seq")
            self.parts.update(data.get("parts") or {})
            if data.get("type") == "snapshot":
                self.state = data
                self.last = seq
            elif data.get("type") == "presence" and self.state is not None:
                self.state = {**self.state, "seats": data["seats"]}
            elif data.get("type") not in ("refused", "hint", "pong") and isinstance(seq, int):
                self.last = seq if self.last is None else max(self.last, seq)
            self._changed.set()

    async def send(self, **cmd: Any) -> None:
        assert self._ws is not None
        with contextlib.suppress(WebSocketClosedError):
            await self._ws.write_message(json.dumps(cmd))

    async def send_raw(self, frame: str) -> None:
        assert self._ws is not None
        await self._ws.write_message(frame)

    def changed(self) -> Coroutine[Any, Any, None]:
        """Wait for a message after those this client has now (counted at the call, not when
        the wait starts: ``asyncio.wait_for`` may start it after more have come)."""
        seen = len(self.messages)

        async def wait() -> None:
            while len(self.messages) == seen:
                self._changed.clear()
                await self._changed.wait()
        return wait()

    async def wait_for(self, pred: Callable[[Client], bool], timeout: float = 10.0) -> None:
        """Wait until ``pred(self)`` holds (checked after each message)."""
        end = time.monotonic() + timeout
        while not pred(self):
            left = end - time.monotonic()
            if left <= 0:
                last = [{k: v for k, v in m.items() if k != "html"} for m in self.messages[-3:]]
                raise TimeoutError(f"client {self.token[:6]}…: condition not met in {timeout} s; "
                                   f"last messages {str(last)[:3000]}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    def drop(self) -> None:
        """Cut the socket (as a network would): the client comes back by itself."""
        if self._ws is not None:
            self._ws.close()

    async def close(self) -> None:
        self._closed = True
        if self._ws is not None:
            self._ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 2)
            except (TimeoutError, asyncio.CancelledError):
                self._reader.cancel()

    @property
    def html(self) -> str:
        """The whole page as drawn (every part, in order)."""
        from .page import PART_NAMES

        return "".join(self.parts.get(name, "") for name in PART_NAMES)

    def refusals(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("type") == "refused"]
