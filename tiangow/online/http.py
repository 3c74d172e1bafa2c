"""An HTTP server that answers a request too long to read, where Tornado's closes without a word.

Tornado reads a request's line and headers up to ``max_header_size`` (64 KB) and, past it, closes
the connection with no answer: a client with an over-long address never learns why. This server
answers such a request ``414 URI Too Long`` (its first line alone is over the limit) or ``431
Request Header Fields Too Large`` (its headers are), with a sentence saying so, then closes. It
reads no further: the memory a request takes stays within the limit whatever is sent.

:class:`Application` is a Tornado application whose ``listen`` starts this server;
:func:`serve` starts it for any application (Voilà's, in :mod:`tiangow.app`).
"""

from __future__ import annotations

import contextlib
import socket
from typing import Any

import tornado.httpserver
import tornado.iostream
import tornado.web

__all__ = ["AnsweringServer", "Application", "serve", "MAX_HEADER"]

MAX_HEADER = 64 * 1024
"""The longest request line and headers read (Tornado's default)."""


def _answer(status: str, text: str) -> bytes:
    body = text.encode()
    return (f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode() + body


_URI = _answer("414 URI Too Long", f"The address asked for is longer than {MAX_HEADER // 1024} KB.\n")
_HEADERS = _answer("431 Request Header Fields Too Large",
                   f"The request's headers are longer than {MAX_HEADER // 1024} KB.\n")


class AnsweringServer(tornado.httpserver.HTTPServer):
    """Tornado's HTTP server, answering 414 or 431 what it would close unanswered."""

    def handle_stream(self, stream: tornado.iostream.IOStream, address: tuple[str, int]) -> None:
        close = stream.close

        def answered(exc_info: Any = False) -> None:
            if isinstance(exc_info, tornado.iostream.UnsatisfiableReadError) and not stream.closed():
                buffered = getattr(stream, "_read_buffer", b"")
                line_ended = b"\n" in bytes(memoryview(buffered)[:MAX_HEADER + 1])
                sock: socket.socket = stream.socket
                with contextlib.suppress(OSError):
                    sock.send(_HEADERS if line_ended else _URI)
                    sock.shutdown(socket.SHUT_WR)  # the answer is sent before the connection goes
            close(exc_info)

        stream.close = answered  # type: ignore[method-assign]
        super().handle_stream(stream, address)


def serve(app: tornado.web.Application, port: int, address: str | None = None,
          **settings: Any) -> AnsweringServer:
    """Serve ``app`` on ``address``:``port`` (``settings``: :class:`tornado.httpserver.HTTPServer`'s)."""
    settings.setdefault("max_header_size", MAX_HEADER)
    server = AnsweringServer(app, **settings)
    server.listen(port, address=address or "")
    return server


class Application(tornado.web.Application):
    """A Tornado application served by :class:`AnsweringServer`."""

    def listen(self, port: int, address: str | None = None, **settings: Any) -> AnsweringServer:
        return serve(self, port, address, **settings)
