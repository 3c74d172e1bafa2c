"""What a stranger sends the table service (issue 67): every byte is hostile. Each request or
frame here is answered 4xx or refused — never a 5xx, never an uncaught error — and changes
nothing. The service runs in a thread of its own on a loopback port, as the app runs it."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import http.client
import itertools
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from tiangow.online.service import MAX_BODY, Service, make_app
from tiangow.online.table import TableConfig

from .browser.pages import free_port


class Running:
    """The service on a loopback port, its loop in a thread; what it logged as errors."""

    def __init__(self, path: Path) -> None:
        self.port = free_port()
        self.ready = threading.Event()
        self.errors: list[str] = []
        self.service: Service | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, args=(path,), daemon=True)
        self.thread.start()
        assert self.ready.wait(30)

    def _run(self, path: Path) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.set_exception_handler(lambda loop, ctx: self.errors.append(str(ctx.get("exception") or ctx)))
        app, self.service = make_app(path, bot_pause=0.0)
        app.listen(self.port, address="127.0.0.1")
        self.loop.call_soon(self.ready.set)
        self.loop.run_forever()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/tiangow/tables"

    def tables(self) -> int:
        assert self.service is not None
        return len(self.service.store.codes())

    def stop(self) -> None:
        assert self.loop is not None and self.service is not None
        asyncio.run_coroutine_threadsafe(self.service.stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    r = Running(tmp_path_factory.mktemp("abuse") / "t.db")
    yield r
    r.stop()


_n = itertools.count(1)


def _someone() -> str:
    """A client address of its own (the service trusts X-Forwarded-For from a loopback peer, as
    from a proxy on its machine): each fuzzed request is a new stranger, under no one's limits."""
    n = next(_n)
    return f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


def _post(r: Running, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", r.port, timeout=30)
    try:
        conn.request("POST", "/tiangow/tables", body=body, headers={"X-Forwarded-For": _someone(), **(headers or {})})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def _log_errors(r: Running, caplog: Any) -> list[str]:
    return r.errors + [rec.getMessage() for rec in caplog.records if rec.levelname in ("ERROR", "CRITICAL")]


@pytest.mark.parametrize(("name", "body"), [
    ("nested 2,000 deep", b"[" * 2000 + b"]" * 2000),
    ("an object nested 650 deep", b'{"a":' * 650 + b"1" + b"}" * 650),
    ("a lone surrogate", b'{"bots": "\\ud800"}'),
    ("a lone surrogate as a key", b'{"\\udfff": 1}'),
    ("a lone surrogate in a page address", b'{"page": "http://x/\\ud800"}'),
    ("not UTF-8", b'{"bots": "\xff\xfe"}'),
    ("not JSON", b"{bots"),
    ("a list", b"[1, 2]"),
    ("a huge number", b'{"hold_seconds": 1e999999}'),
    ("a seed", b'{"seed": 5}'),
])
def test_a_bad_body_is_answered_400_and_creates_nothing(running: Running, caplog: Any, name: str,
                                                         body: bytes) -> None:
    before = running.tables()
    status, answer = _post(running, body)
    assert status == 400, (name, status, answer)
    assert "error" in json.loads(answer)
    assert running.tables() == before and not _log_errors(running, caplog)


def test_a_body_over_the_limit_is_refused_before_it_is_read(running: Running, caplog: Any) -> None:
    before = running.tables()
    try:
        status, _ = _post(running, b"{" + b" " * (100 * MAX_BODY) + b"}")  # with its length: refused unread
    except ConnectionError:
        status = 400  # answered and closed before the client had sent it all: refused all the same
    assert 400 <= status < 500
    # without a length (chunked): read up to the limit, then refused
    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    conn.putrequest("POST", "/tiangow/tables")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.putheader("X-Forwarded-For", _someone())
    conn.endheaders()
    try:
        for _ in range(8):
            chunk = b" " * 1024
            conn.send(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        conn.send(b"0\r\n\r\n")
        status = conn.getresponse().status
    except (ConnectionError, http.client.HTTPException):
        status = 413  # closed on us once past the limit: refused all the same
    finally:
        conn.close()
    assert 400 <= status < 500
    assert running.tables() == before and not _log_errors(running, caplog)


@pytest.mark.parametrize(("name", "request_", "status"), [
    ("an address of 100,000 characters", b"GET /tiangow/tables/health?q=" + b"a" * 100_000 + b" HTTP/1.1\r\n"
                                         b"Host: 127.0.0.1\r\n\r\n", 414),
    ("an address of 2 MB", b"GET /tiangow/play?" + b"a" * 2_000_000 + b" HTTP/1.1\r\n\r\n", 414),
    ("a header of 100,000 characters", b"POST /tiangow/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: "
                                       + b"b" * 100_000 + b"\r\nContent-Length: 2\r\n\r\n{}", 431),
    ("10,000 headers", b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 15_000 + b"\r\n", 431),
])
def test_a_request_too_long_to_read_is_answered_and_creates_nothing(running: Running, caplog: Any, name: str,
                                                                    request_: bytes, status: int) -> None:
    """Past 64 KB of address or headers, the service answers why (414 or 431) and reads no
    further, where Tornado alone closes the connection without a word."""
    before = running.tables()
    with socket.create_connection(("127.0.0.1", running.port), timeout=30) as s:
        with contextlib.suppress(OSError):  # the service stops reading; what it answered is still there
            s.sendall(request_)
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    assert answer.startswith(f"HTTP/1.1 {status} ".encode()), answer[:80]
    assert b"64 KB" in answer and running.tables() == before and not _log_errors(running, caplog)
    assert _post(running, b"{}")[0] == 200  # and the service serves on


def test_a_host_that_is_no_host_name_is_refused(running: Running, caplog: Any) -> None:
    before = running.tables()
    status, _ = _post(running, b"{}", {"Host": "x" * 600})
    assert status == 400 and running.tables() == before and not _log_errors(running, caplog)


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                   max_size=4), max_leaves=12)
_KEYS = st.sampled_from(["bots", "hints", "hold_seconds", "rules", "seed", "page", "type", "token"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(st.binary(max_size=300),
                      st.dictionaries(_KEYS, _JSON, max_size=4).map(lambda d: json.dumps(d).encode()),
                      _JSON.map(lambda v: json.dumps(v).encode())))
def test_fuzzed_bodies_never_answer_5xx(running: Running, caplog: Any, body: bytes) -> None:
    before = running.tables()
    status, _ = _post(running, body)
    assert status < 500, (body, status)
    if status != 200:
        assert running.tables() == before
    assert not _log_errors(running, caplog)


async def _frames(r: Running, frames: list[str], client: str | None = None) -> list[dict[str, Any]]:
    ws = await websocket_connect(HTTPRequest(f"ws://127.0.0.1:{r.port}/tiangow/tables/socket",
                                             headers={"X-Forwarded-For": client or _someone()}))
    got: list[dict[str, Any]] = []
    for f in frames:
        await ws.write_message(f)
    for _ in frames:
        msg = await asyncio.wait_for(ws.read_message(), 5)
        if msg is None:
            break
        got.append(json.loads(msg))
    ws.close()
    return got


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames=st.lists(st.one_of(
    st.text(max_size=60),
    st.dictionaries(_KEYS | st.sampled_from(["last", "lang", "admin", "against", "move"]), _JSON,
                    max_size=5).map(json.dumps),
    st.builds(lambda tok: json.dumps({"type": "hello", "token": tok}),  # json.dumps writes a lone surrogate as \\udxxx
              st.text(alphabet=st.characters(categories=["Cs", "Ll", "Nd"]), min_size=1, max_size=40)),
), min_size=1, max_size=4))
@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_fuzzed_frames_are_refused_and_change_nothing(running: Running, caplog: Any, frames: list[str]) -> None:
    before = running.tables()
    got = asyncio.run(_frames(running, frames))
    assert all(m.get("type") == "refused" for m in got), got
    assert running.tables() == before and not _log_errors(running, caplog)


@pytest.mark.parametrize("frame", [
    '{"type": "hello", "token": "\\ud800abcdefgh"}',
    '{"type": "hello", "token": "abcdefgh\\udfffxyz", "admin": "\\ud800"}',
    "[" * 1500 + "]" * 500,
    '{"type": "move", "against": 0, "move": "play \\ud800"}',
])
def test_a_frame_with_a_lone_surrogate_or_deep_nesting_is_refused(running: Running, caplog: Any, frame: str) -> None:
    before = running.tables()
    got = asyncio.run(_frames(running, [frame]))
    assert [m.get("type") for m in got] == ["refused"], got
    assert running.tables() == before and not _log_errors(running, caplog)


# -- the limits per client ----------------------------------------------------------------------

def test_one_client_creates_ten_tables_at_once_then_is_told_when_to_come_back(running: Running) -> None:
    """A creation flood from one address: 10 tables at once, then HTTP 429 with Retry-After (one
    more every 10 s); another address is not held back by it."""
    flood = _someone()
    answers = [_post(running, b"{}", {"X-Forwarded-For": flood})[0] for _ in range(40)]
    assert answers[:10] == [200] * 10 and set(answers[10:]) == {429}
    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    conn.request("POST", "/tiangow/tables", body=b"{}", headers={"X-Forwarded-For": flood})
    resp = conn.getresponse()
    assert resp.status == 429 and 1 <= int(resp.getheader("Retry-After") or "0") <= 10
    assert "try again" in json.loads(resp.read())["error"]
    conn.close()
    assert _post(running, b"{}")[0] == 200  # someone else


def _table(running: Running) -> dict[str, Any]:
    status, body = _post(running, b"{}")
    assert status == 200
    return json.loads(body)  # type: ignore[no-any-return]


async def _socket(running: Running, client: str, lang: str = "en") -> Any:
    return await websocket_connect(HTTPRequest(f"ws://127.0.0.1:{running.port}/tiangow/tables/socket?lang={lang}",
                                               headers={"X-Forwarded-For": client}))


def test_one_client_opens_thirty_sockets_at_once_then_is_refused_in_its_language(running: Running) -> None:
    async def main() -> tuple[list[Any], Any]:
        client = _someone()
        open_ = [await _socket(running, client) for _ in range(30)]
        extra = await _socket(running, client, "zh-Hant")
        msg = json.loads(await asyncio.wait_for(extra.read_message(), 5))
        closed = await asyncio.wait_for(extra.read_message(), 5)
        for ws in open_:
            ws.close()
        return [msg, closed, extra.close_code], None
    (msg, closed, code), _ = asyncio.run(main())
    assert msg["kind"] == "too-many-connections" and "太多連線" in msg["text"]
    assert closed is None and code == 1013


def test_a_client_that_reconnects_does_not_refill_its_frames(running: Running) -> None:
    """Reconnecting every 20 frames: the address's frames are counted across its sockets (60 at
    once, then 20 a second), so most of 300 frames sent as fast as it can are refused; another
    address's pings are answered all the while."""
    async def main() -> tuple[int, int, int]:
        client, other = _someone(), _someone()
        answered = refused = 0
        for _ in range(15):
            ws = await _socket(running, client)
            for _ in range(20):
                await ws.write_message('{"type": "ping"}')
            for _ in range(20):
                msg = await asyncio.wait_for(ws.read_message(), 5)
                if msg is None:
                    break
                kind = json.loads(msg).get("kind")
                refused += kind == "flood"
                answered += kind == "hello-first"  # a ping before hello: refused, but read and answered
            ws.close()
        calm = await _socket(running, other)
        await calm.write_message('{"type": "ping"}')
        theirs = json.loads(await asyncio.wait_for(calm.read_message(), 5))
        calm.close()
        return answered, refused, theirs["kind"] != "flood"
    answered, refused, fine = asyncio.run(main())
    assert refused >= 150 and answered <= 150 and fine, (answered, refused)


def test_a_seats_link_is_open_in_at_most_eight_pages(running: Running) -> None:
    info = _table(running)

    async def main() -> tuple[list[str], Any]:
        sockets = []
        kinds = []
        for _ in range(9):
            ws = await _socket(running, _someone())
            await ws.write_message(json.dumps({"type": "hello", "token": info["seats"][2]}))
            msg = json.loads(await asyncio.wait_for(ws.read_message(), 5))
            kinds.append(msg["type"] if msg["type"] != "refused" else msg["kind"])
            sockets.append(ws)
        last = sockets[-1]
        end = await asyncio.wait_for(last.read_message(), 5)
        code = last.close_code if end is None else "open"
        for ws in sockets:
            ws.close()
        return kinds, code
    kinds, code = asyncio.run(main())
    assert kinds[:8] == ["snapshot"] * 8 or all(k != "full" for k in kinds[:8]), kinds
    assert kinds[8] == "full" and code == 1013


def test_a_socket_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    """A socket that connects and says nothing is told and closed once its time to say hello is
    up (10 s by default; half a second here)."""
    from tiangow.online.limits import Limits

    async def main() -> tuple[dict[str, Any], Any, float]:
        port = free_port()
        app, service = make_app(tmp_path / "t.db", bot_pause=0.0, limits=Limits(hello_seconds=0.5))
        server = app.listen(port, address="127.0.0.1")
        try:
            start = time.monotonic()
            ws = await websocket_connect(f"ws://127.0.0.1:{port}/tiangow/tables/socket?lang=zh-Hans")
            msg = json.loads(await asyncio.wait_for(ws.read_message(), 5))
            end = await asyncio.wait_for(ws.read_message(), 5)
            return msg, (end, ws.close_code), time.monotonic() - start
        finally:
            await service.stop()
            server.stop()
    msg, (end, code), took = asyncio.run(main())
    assert msg["kind"] == "hello-late" and "打招呼" in msg["text"]
    assert end is None and code == 1008 and 0.4 < took < 4


def _frame(text: str) -> bytes:
    """One masked text frame, as a client sends it."""
    payload = text.encode()
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack("!H", n))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_reader_that_stops_reading_is_dropped_not_buffered_for(tmp_path: Path) -> None:
    """A page that never reads, asking again and again for its table redrawn: what waits to be sent
    to it is capped (256 KB here, 1 MB by default) and the socket is dropped; the table goes on."""
    from tiangow.online.limits import UNLIMITED

    async def main() -> tuple[int, int]:
        port = free_port()
        limits = dataclasses.replace(UNLIMITED, send_buffer=256 * 1024)
        app, service = make_app(tmp_path / "t.db", bot_pause=0.0, limits=limits, flood=(1e6, 10**6))
        server = app.listen(port, address="127.0.0.1")
        try:
            info = service.create(TableConfig())
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            sock = writer.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(f"GET /tiangow/tables/socket HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            await reader.readuntil(b"\r\n\r\n")
            writer.write(_frame(json.dumps({"type": "hello", "token": info["seats"][0]})))
            owner = None
            for _ in range(200):
                await asyncio.sleep(0.02)
                owner = service.owners.get(info["code"])
                if owner is not None and owner.sockets:
                    break
            assert owner is not None and owner.sockets
            sent = 0
            while owner.sockets and sent < 20000:  # never read: each asks for the whole page again
                try:
                    writer.write(_frame('{"type": "lang", "lang": "zh-Hant"}') + _frame('{"type": "lang", "lang": "en"}'))
                    await writer.drain()
                except ConnectionError:  # dropped by the service
                    break
                sent += 2
                if sent % 100 == 0:
                    await asyncio.sleep(0.01)
            for _ in range(100):
                if not owner.sockets:
                    break
                await asyncio.sleep(0.05)
            writer.close()
            t = owner.table
            assert not service.faults and t.seq >= 1  # the table itself goes on
            return sent, len(owner.sockets)
        finally:
            await service.stop()
            server.stop()
    sent, left = asyncio.run(main())
    assert left == 0 and sent < 20000, sent


def test_the_log_is_swept_of_tables_nobody_opened_or_uses(tmp_path: Path) -> None:
    """A table no page opened within a day of its creation is removed, links and all; one in use
    stays until nothing has happened at it for 30 days."""
    from tiangow.online.store import Store

    store = Store(tmp_path / "t.db")
    for code in ("never", "opened", "played"):
        store.create(code, TableConfig(), {f"{code}-tok": 0}, admin=f"{code}-adm")
    store.opened("opened")
    store.append("played", {"seq": 1, "type": "ended"})
    store.opened("played")
    now = time.time()
    assert store.sweep(now, 86_400, 30 * 86_400) == 0  # nothing is a day old yet
    assert store.sweep(now + 2 * 86_400, 86_400, 30 * 86_400) == 1
    assert store.codes() == ["opened", "played"] and store.lookup("never-tok") is None
    assert store.sweep(now + 31 * 86_400, 86_400, 30 * 86_400) == 2
    assert store.codes() == [] and store.lookup("played-tok") is None
    assert store.db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 0
    store.close()


def test_all_clients_together_create_at_most_so_many_tables(tmp_path: Path) -> None:
    """Many addresses at once (a flood from everywhere): all of them together create at most the
    service-wide allowance (100 at once, then one a second; 5 here), the rest told to come back."""
    from tiangow.online.limits import Limits

    r = Running.__new__(Running)
    r.port = free_port()
    r.ready, r.errors = threading.Event(), []

    async def main() -> list[int]:
        app, service = make_app(tmp_path / "t.db", bot_pause=0.0, limits=Limits(creates_all=(0.01, 5)))
        server = app.listen(r.port, address="127.0.0.1")
        try:
            loop = asyncio.get_running_loop()
            return [(await loop.run_in_executor(None, _post, r, b"{}"))[0] for _ in range(12)]
        finally:
            await service.stop()
            server.stop()
    answers = asyncio.run(main())
    assert answers[:5] == [200] * 5 and set(answers[5:]) == {429}


def test_an_operator_changes_the_limits_on_the_command_line(tmp_path: Path) -> None:
    """``--limits`` changes what one client may do (here: a seat's link open in two pages, one
    table at once); limits that are not limits stop the service before it starts."""
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    from .browser.pages import wait_http

    bad = subprocess.run([sys.executable, "-m", "tiangow.online", "--limits", "per_link=two"],
                         check=False, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "per_link must be a whole number, not 'two'" in bad.stderr
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "tiangow.online", "--port", str(port), "--db", str(tmp_path / "t.db"),
                             "--limits", "per_link=2, creates=0.001/1"], stdout=subprocess.DEVNULL)
    try:
        wait_http(f"http://127.0.0.1:{port}/tiangow/tables/health", timeout=30)

        def create() -> tuple[int, dict[str, Any]]:
            req = urllib.request.Request(f"http://127.0.0.1:{port}/tiangow/tables", data=b"{}", method="POST")
            try:
                with urllib.request.urlopen(req, timeout=10) as resp:
                    return resp.status, json.loads(resp.read())
            except urllib.error.HTTPError as e:
                return e.code, {"retry": e.headers.get("Retry-After")}
        status, info = create()
        assert status == 200
        again, told = create()
        assert again == 429 and int(told["retry"]) > 100  # one table, then one every 1,000 s

        async def main() -> list[str]:
            kinds = []
            for _ in range(3):
                ws = await websocket_connect(f"ws://127.0.0.1:{port}/tiangow/tables/socket?lang=en")
                await ws.write_message(json.dumps({"type": "hello", "token": info["seats"][1]}))
                msg = json.loads(await asyncio.wait_for(ws.read_message(), 5))
                kinds.append(msg["type"] if msg["type"] != "refused" else msg["kind"])
            return kinds
        assert asyncio.run(main()) == ["snapshot", "snapshot", "full"]
    finally:
        proc.terminate()
        proc.wait(10)
