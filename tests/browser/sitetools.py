"""Serving and watching a built static site (scripts/build_site.py) from tests and
measurements: :class:`SiteServer` serves it on 127.0.0.1 and counts what it sends;
:class:`OffsiteTrap` catches every request for anywhere else. Used by the site's browser tests,
``scripts/measure_site.py`` and ``scripts/screenshots.py``."""

from __future__ import annotations

import time
from pathlib import Path

__all__ = ["OffsiteTrap", "SiteServer"]


class SiteServer:
    """Serve a built site on 127.0.0.1 with the handler ``python -m http.server`` uses, in a
    thread, counting the bytes sent and listing the requests it could not answer."""

    def __init__(self, folder: Path) -> None:
        import functools
        import http.server
        import threading

        self.bytes = 0
        self.missing: list[str] = []
        self.last = time.monotonic()
        lock = threading.Lock()
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
                with lock:
                    server.last = time.monotonic()
                    if isinstance(code, int) and code >= 400:
                        server.missing.append(f"{int(code)} {self.path}")

            def log_message(self, format: str, *args: object) -> None:
                pass

            def setup(self) -> None:
                super().setup()
                raw = self.wfile

                class Tally:
                    def write(self, data: bytes) -> int:
                        with lock:
                            server.bytes += len(data)
                        return raw.write(data)

                    def __getattr__(self, name: str) -> object:
                        return getattr(raw, name)

                self.wfile = Tally()  # type: ignore[assignment]

        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def quiet(self, seconds: float = 1.0, timeout: float = 30.0) -> None:
        """Wait until nothing has been requested for ``seconds``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and time.monotonic() - self.last < seconds:
            time.sleep(0.1)

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


class OffsiteTrap:
    """A proxy that refuses everything and writes down what was asked: give Chromium
    ``trap.args`` and every request not to 127.0.0.1, from pages, workers or service workers
    alike, lands here instead of leaving the machine. :attr:`offsite` leaves out the hosts
    Chromium calls on its own, even showing about:blank (:data:`BROWSER_OWN`)."""

    BROWSER_OWN = frozenset({
        "accounts.google.com", "clients2.google.com", "update.googleapis.com", "content-autofill.googleapis.com",
        "optimizationguide-pa.googleapis.com", "safebrowsing.googleapis.com",
    })

    def __init__(self) -> None:
        import socketserver
        import threading

        self.requests: list[str] = []
        trap = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                line = self.rfile.readline(4096).decode("latin-1").strip()
                if line:
                    trap.requests.append(line.rsplit(" ", 1)[0])  # "CONNECT host:443", "GET http://…"
                self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        port = self._server.server_address[1]
        # Loopback is never proxied (Chromium's implicit bypass); everything else comes here.
        self.args = [f"--proxy-server=http://127.0.0.1:{port}",
                     "--disable-features=AutofillServerCommunication,OptimizationHints,Translate,MediaRouter",
                     "--disable-client-side-phishing-detection"]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def offsite(self) -> list[str]:
        """The requests made for pages (not by the browser for itself)."""
        return [r for r in self.requests if _host(r) not in self.BROWSER_OWN]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _host(request: str) -> str:
    """The host of a proxy request line: "CONNECT host:443" or "GET http://host/path"."""
    method, _, target = request.partition(" ")
    if method == "CONNECT":
        return target.rsplit(":", 1)[0]
    return target.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
