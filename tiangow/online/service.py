"""The table service: pages reach tables over WebSocket; one owner task per table changes it.

Every table in memory has one :class:`Owner`, an asyncio task that alone changes it: commands
from the table's sockets wait in its queue and are taken one at a time — checked by the table
(:meth:`~tiangow.online.table.Table.propose_move` …), appended to the :class:`~tiangow.online.store.Store`
and committed, then applied and sent out, each socket getting only its role's view
(:mod:`tiangow.online.views`). Between commands the owner plays the seats no human plays,
with the course's bots, and deals the first hand, or another, when every human at the table
has asked for it (bots never start a hand on their own: friends have time to open their links).

HTTP and WebSocket routes (under ``base``, default ``/tiangow/``):

- ``POST tables`` with the settings (``{"bots": "rule", "hints": true, "rules": {…}}``) creates
  a table and answers its code, one token per seat, the spectator's and the creator's;
- ``GET tables/socket`` is the WebSocket (see :mod:`tiangow.online.protocol` for what a page
  sends; it is sent ``snapshot``, event, ``refused``, ``hint`` and ``pong`` messages).

:func:`make_app` builds a standalone Tornado application (``python -m tiangow.online``);
:func:`handlers` gives the same routes to mount in another (Jupyter Server's).
"""

from __future__ import annotations

import asyncio
import base64
import collections
import io
import json
import logging
import math
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

import tornado.ioloop
import tornado.iostream
import tornado.web
import tornado.websocket

from ..coach.hints import Coach, Hint
from ..coach.text import whole, win_share
from ..deal import DealView
from ..errors import TiangowError
from ..i18n import LANGS, Lang, T, Text
from ..move import Move
from ..players.base import Bot
from ..players.rule import RuleBot
from ..players.search import SearchBot
from . import protocol
from .address import lan_address, link_base, local_only
from .cluster import Cluster
from .http import Application
from .limits import Buckets, Limits, client_address
from .page import hint_parts, parts, seat_page_html
from .protocol import Command, Flood, ProtocolError, parse
from .store import Store
from .table import (
    ROLES,
    SPECTATOR,
    Event,
    Role,
    Said,
    Seeds,
    Table,
    TableConfig,
    TableError,
    is_refusal,
    new_seed,
    new_token,
    token_hash,
)
from .views import event_view, snapshot

_log = logging.getLogger(__name__)

__all__ = ["Service", "Owner", "Connection", "handlers", "make_app"]

Send = Callable[[dict[str, Any]], None]


class Connection:
    """One open socket at a table: its role, its language, whether it may end the table,
    and how to send it a message."""

    def __init__(self, send: Send, role: Role, lang: Lang, admin: bool) -> None:
        self.send = send
        self.role = role
        self.lang = lang
        self.admin = admin
        self.sent: dict[str, str] = {}
        """Each part of its page as it was last sent (a part is sent again only when it changed)."""


class Owner:
    """The one task that changes a table (see the module's docstring)."""

    def __init__(self, service: Service, table: Table,
                 views: collections.deque[dict[Role, dict[str, Any]]] | None = None) -> None:
        self.service = service
        self.table = table
        self.queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self.sockets: set[Connection] = set()
        self.views: collections.deque[dict[Role, dict[str, Any]]] = (
            views if views is not None else collections.deque(maxlen=service.catch_up))
        """The last events' messages per role (at most ``catch_up`` of them: what a page catching
        up is sent; one further behind gets a fresh snapshot), the last one last."""
        self.bots: dict[tuple[int, int], Bot] = {}
        self.coach: tuple[int, Coach] | None = None
        self.hinting: tuple[int, asyncio.Future[Hint]] | None = None
        """The hint being worked out, and the event it was asked at."""
        self.drawn: dict[tuple[Role, Lang], tuple[object, dict[str, str]]] = {}
        """The parts last drawn for each role and language, and the state they show (drawn once
        for every page showing the same)."""
        self.task = asyncio.get_running_loop().create_task(self._run())

    # -- the loop ---------------------------------------------------------------------------
    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        bot: asyncio.Future[tuple[int, Move, int]] | None = None
        getter: asyncio.Task[tuple[str, Any]] | None = None
        while True:
            now = self.service.clock()
            t = self.table
            if not t.ended and t.everyone_agrees(now):
                await self._commit([t.propose_deal()])
                continue
            if bot is None and (seat := t.bot_to_act(now)) is not None:
                bot = loop.create_task(self._bot_move(seat, t.seq))
            if getter is None:
                getter = loop.create_task(self.queue.get())
            wake = t.next_change(now)
            waiting: set[asyncio.Future[Any]] = {getter}
            if bot is not None:
                waiting.add(bot)
            idle = not self.sockets and bot is None and wake is None
            timeout = self.service.idle_seconds if idle else None if wake is None else max(0.0, wake - now) + 0.01
            done, _ = await asyncio.wait(waiting, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if idle and not done and not self.sockets:
                # Nobody here and nothing to do: out of memory (its log has everything; the next
                # page to open one of its links loads it again). No await from here on, so no
                # page can join it meanwhile.
                getter.cancel()
                if self.service.owners.get(t.code) is self:
                    del self.service.owners[t.code]
                return
            if bot is not None and bot in done:
                try:
                    seat, move, against = bot.result()
                    await self._commit([t.propose_move(seat, move, against, by="bot")])
                except TiangowError:
                    pass  # stale: the table moved on while the bot thought (its human came back and acted)
                bot = None
            if getter in done:
                kind, payload = getter.result()
                getter = None
                if kind == "stop":
                    if bot is not None:
                        bot.cancel()
                    return
                try:
                    await self._handle(kind, payload)
                except Exception as exc:  # a command must never stop the owner
                    conn = payload[0] if isinstance(payload, tuple) and payload else None
                    if isinstance(conn, Connection):
                        self._refuse(conn, exc)

    async def _bot_move(self, seat: int, against: int) -> tuple[int, Move, int]:
        await asyncio.sleep(self.service.bot_pause)
        t = self.table
        d = t.deal
        assert d is not None
        view = d.view(seat)
        key = (t.hand, seat)
        bot = self.bots.get(key)
        if bot is None:
            seed = t.hand_seed * 4 + seat  # the hand's own secret seed: the bots' play is not foreseeable either
            bot = self.bots[key] = SearchBot(seed) if t.config.bots == "search" else RuleBot(seed)
        try:
            if isinstance(bot, RuleBot):
                return seat, bot.choose(view), against
            move = await asyncio.get_running_loop().run_in_executor(self.service.pool, bot.choose, view)
        except Exception as exc:  # a bot that fails (no search core here …) must not stall the table
            self.service.faults.append(f"{type(bot).__name__}: {exc!r}")
            move = RuleBot(t.hand_seed * 4 + seat).choose(view)
        return seat, move, against

    # -- commands --------------------------------------------------------------------------
    async def _handle(self, kind: str, payload: Any) -> None:
        t = self.table
        now = self.service.clock()
        if kind == "join":
            conn, last = payload
            self.sockets.add(conn)
            t.connect(conn.role)
            events = []
            if isinstance(conn.role, int) and not t.ended:
                ev = t.propose_seat(conn.role)
                if ev is not None:
                    events.append(ev)
            self._catch_up(conn, last)
            if events:
                await self._commit(events)
            else:
                self._broadcast_presence(but=conn)
            return
        if kind == "leave":
            conn = payload
            if conn in self.sockets:
                self.sockets.discard(conn)
                t.disconnect(conn.role, now)
                self._broadcast_presence()
            return
        conn, cmd = payload
        assert isinstance(conn, Connection) and isinstance(cmd, Command)
        if cmd.type in ("move", "again", "hint") and conn.role == SPECTATOR:
            raise TableError("spectator", T("旁觀者只可以看，不可以出牌。", "A spectator watches; it cannot act."))
        if cmd.type == "move":
            assert isinstance(conn.role, int) and cmd.move is not None
            if t.controller(conn.role, now) != "human":
                raise TableError("not-yours", T("這個座位現在由機械人打。", "A bot plays this seat now."))
            await self._commit([t.propose_move(conn.role, cmd.move, cmd.against, by="human")])
        elif cmd.type == "again":
            assert isinstance(conn.role, int)
            ev = t.propose_agree(conn.role, cmd.against)
            if ev is not None:
                await self._commit([ev])
        elif cmd.type == "end":
            if not conn.admin:
                raise TableError("not-creator", T("只有開枱的人可以散枱。", "Only the table's creator can end it."))
            await self._commit([t.propose_end()])
        elif cmd.type == "hint":
            await self._hint(conn)
        elif cmd.type == "lang":
            conn.lang = cmd.lang
            self._send_state(conn)
        elif cmd.type == "ping":
            conn.send(protocol.pong(t.seq))

    async def _hint(self, conn: Connection) -> None:
        """Check the asker may have a hint, then have the coach work it out off this loop: the table
        goes on meanwhile (its other commands, its bots). The answer is sent if the table is
        still where it was asked; pages asking at the same point share one working-out."""
        t = self.table
        d = t.deal
        if not t.config.hints:
            raise TableError("no-hints", T("這張枱不准提示。", "Hints are off at this table."))
        if d is None or d.is_over or d.to_play != conn.role:
            raise TableError("not-your-turn", T("提示只在輪到你的時候（R-P4）。",
                                                "A hint is for your own turn (R-P4)."))
        seat = conn.role
        assert isinstance(seat, int)
        if self.coach is None or self.coach[0] != t.hand:
            self.coach = (t.hand, Coach(t.hand_seed))
        coach = self.coach[1]
        view = d.view(seat)
        at = t.seq
        if self.hinting is None or self.hinting[0] != at:
            work = asyncio.get_running_loop().run_in_executor(self.service.pool, coach.hint, view)
            self.hinting = (at, asyncio.ensure_future(work))
        asyncio.get_running_loop().create_task(self._answer_hint(conn, view, at, self.hinting[1]))

    async def _answer_hint(self, conn: Connection, view: DealView, at: int, work: asyncio.Future[Hint]) -> None:
        try:
            hint = await work
        except Exception as exc:  # the coach failed: said, and noted
            self._refuse(conn, exc)
            return
        if self.table.seq != at:  # the table moved on while the coach thought: the hint is of no use now
            conn.send(protocol.refused("stale-hint", _STALE_HINT(conn.lang), self.table.seq))
            return
        lang = conn.lang
        conn.send(protocol.hint(at, hint_parts(view, hint, lang), hint.nudge(lang), str(hint.recommended),
                                hint.reason(lang),
                                [{"move": str(o.move), "net": whole(o.mean), "exact": o.exact,
                                  "wins": None if (w := win_share(o)) is None else round(w, 2)}
                                 for o in hint.options]))

    def _refuse(self, conn: Connection, exc: BaseException) -> None:
        text: Text
        if isinstance(exc, Said):
            kind, text = exc.kind, exc.text
        elif getattr(exc, "refusal", None) is not None:
            ref = exc.refusal  # type: ignore[attr-defined]
            kind, text = ref.kind, ref.message
        else:
            kind, text = "fault", T("出了問題，這個指令沒有做。", "Something went wrong; the command did nothing.")
            self.service.faults.append(repr(exc))
        conn.send(protocol.refused(kind, text(conn.lang), self.table.seq, is_refusal(exc)))

    # -- events ------------------------------------------------------------------------------
    async def _commit(self, events: list[Event]) -> None:
        """Write ``events`` to the log (committed), then apply them, then send them out."""
        t = self.table
        for ev in events:
            await self.service.write(t.code, ev)
            t.apply(ev)
            msgs = {role: event_view(t, ev, role) for role in ROLES}
            self.views.append(msgs)
            for conn in list(self.sockets):
                conn.send(msgs[conn.role])
        self._broadcast_state()

    def _catch_up(self, conn: Connection, last: int | None) -> None:
        """What a (re)connecting page missed since event ``last``, or a fresh snapshot."""
        t = self.table
        behind = t.seq - last if last is not None else -1
        if 0 <= behind <= len(self.views):
            for msgs in list(self.views)[len(self.views) - behind:]:
                conn.send(msgs[conn.role])
        self._send_state(conn)

    def _parts(self, conn: Connection) -> dict[str, str]:
        """The parts of ``conn``'s page that changed since it was last sent them."""
        draw = self.service.render
        if draw is None:
            return {}
        t = self.table
        now = self.service.clock()
        shows = (t.seq, tuple(t.controller(s, now) for s in range(4)))
        key = (conn.role, conn.lang)
        found = self.drawn.get(key)
        if found is None or found[0] != shows:
            found = self.drawn[key] = (shows, draw(t, conn.role, conn.lang, now))
        changed = {name: part for name, part in found[1].items() if conn.sent.get(name) != part}
        conn.sent.update(changed)
        return changed

    def _send_state(self, conn: Connection) -> None:
        msg = snapshot(self.table, conn.role, self.service.clock())
        msg["parts"] = self._parts(conn)
        page = self.service.review_page
        if page is not None and isinstance(conn.role, int) and isinstance(msg.get("over"), dict):
            # the review of this seat's play: the course's page works it out (the table's service does not)
            packed = json.dumps({"record": msg["over"]["record"], "seat": conn.role}, separators=(",", ":"))
            msg["review"] = page + "#review=" + base64.urlsafe_b64encode(packed.encode()).decode().rstrip("=")
        conn.send(msg)

    def _broadcast_state(self) -> None:
        for conn in list(self.sockets):
            self._send_state(conn)

    def _broadcast_presence(self, but: Connection | None = None) -> None:
        """Who plays each seat changed (a page came or went): each other page is sent that, and
        the part of its page that says it — not the table again."""
        t = self.table
        seats = [t.controller(s, self.service.clock()) for s in range(4)]
        for conn in list(self.sockets):
            if conn is not but:
                conn.send(protocol.presence(t.seq, seats, self._parts(conn)))


class Service:
    """Every table this process owns, its log, and how its bots are paced.

    ``clock``: the time (monotonic seconds; a test passes its own); ``bot_pause``: seconds a
    bot waits before it acts, so players see each move; ``catch_up``: how many missed events
    a reconnecting page is sent before a fresh snapshot is sent instead of them; ``render``:
    the parts of a role's page drawn in a language (:func:`tiangow.online.page.parts`), each
    sent with a snapshot when it changed; ``flood``: how many
    frames a connection may send a second, and at once (a person sends a few; the load test's
    clients, which move the moment it is their turn, are given more); ``seeds``: where each
    hand's seed is drawn (:func:`~tiangow.online.table.new_seed`; a test passes a seeded one);
    ``public_url``, ``network`` and ``root``: where the links it hands out point
    (:mod:`tiangow.online.address`: the public URL a proxy serves this at; else, with ``network``,
    this machine's address on its network; ``root``, the server's base path)."""

    def __init__(self, store: Store, *, bot_pause: float = 0.6, clock: Callable[[], float] = time.monotonic,
                 catch_up: int = 200, render: Callable[[Table, Role, Lang, float], dict[str, str]] | None = None,
                 flood: tuple[float, int] = (10.0, 30), cluster: Cluster | None = None,
                 idle_seconds: float = 600.0, seeds: Seeds = new_seed, public_url: str | None = None,
                 network: bool = False, root: str = "/", review_page: str | None = None,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits if limits is not None else Limits()
        """What one client may do (:mod:`tiangow.online.limits`)."""
        lim = self.limits
        self.creating = Buckets(*lim.creates, lim.clients)
        self.creating_all = Buckets(*lim.creates_all, 1)
        self._sweeper: asyncio.Task[None] | None = None
        self.connecting = Buckets(*lim.connects, lim.clients)
        self.sending = Buckets(*lim.frames, lim.clients)
        self.open_on: Counter[str] = Counter()
        """Sockets open on each link (its token's digest) and each table (its code)."""
        self.review_page = review_page
        """The course's page that shows a seat the review of its play (``None``: no course here)."""
        self.public_url = public_url
        self.network = network
        self.root = root
        self.seeds = seeds
        self.bot_pause = bot_pause
        self.clock = clock
        self.catch_up = catch_up
        self.render = render
        self.idle_seconds = idle_seconds
        """How long a table nobody is at, with nothing for a bot to do, stays in memory."""
        self.flood = flood
        """Each connection's allowance: frames a second, and at once (:class:`~tiangow.online.protocol.Flood`)."""
        self.owners: dict[str, Owner] = {}
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tiangow-bots")
        self.drawing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tiangow-qr")
        self.disk = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tiangow-log")
        self.faults: list[str] = []
        """Unexpected errors met while handling commands (a test checks it stays empty)."""
        self.cluster = cluster
        """Where this process is one of several (:mod:`tiangow.online.cluster`), or ``None``."""
        self.remote: dict[tuple[int, int], tuple[Connection, str]] = {}
        """Pages held by other processes at tables this one owns: (process, connection) → the
        connection and its table."""
        self.relayed: set[SocketHandler] = set()
        """Pages here whose tables another process owns."""
        if cluster is not None:
            cluster.on_owner_message = self._from_cluster
            cluster.on_reset = self._cluster_reset

    async def write(self, code: str, ev: Event) -> None:
        await asyncio.get_running_loop().run_in_executor(self.disk, self.store.append, code, ev)

    def create(self, config: TableConfig) -> dict[str, Any]:
        """A new table: its code and its links' tokens (one per seat, the spectator's, the creator's),
        each token starting with the code (so any process can tell which table, and which process
        owns it). Where this process is one of several, the code is one it owns."""
        while True:
            code = secrets.token_urlsafe(6)
            if self.cluster is None or self.cluster.owns(code):
                break
        tokens: dict[str, Role] = {code + new_token(): role for role in ROLES}
        admin = code + new_token()
        self.store.create(code, config, tokens, admin)
        by_role = {role: tok for tok, role in tokens.items()}
        return {"code": code, "seats": [by_role[s] for s in range(4)], "watch": by_role[SPECTATOR], "admin": admin,
                "config": config.to_dict()}

    def keep_swept(self) -> None:
        """Start sweeping the log of tables nobody uses (:meth:`Store.sweep`), once, on this loop."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        lim = self.limits
        while True:
            await asyncio.sleep(lim.sweep_seconds)
            try:
                gone = await asyncio.get_running_loop().run_in_executor(
                    self.disk, self.store.sweep, time.time(), lim.unopened_seconds, lim.retention_seconds)
            except Exception as exc:  # the sweep never stops the service
                self.faults.append(f"sweep: {exc!r}")
                continue
            if gone:
                _log.info("tiangow: %d tables nobody used removed from the log", gone)

    async def owner(self, code: str) -> Owner:
        """Table ``code``'s owner, loading the table from its log (and dealing its first hand)."""
        found = self.owners.get(code)
        if found is not None:
            return found
        self.keep_swept()
        touched = asyncio.get_running_loop().run_in_executor(self.disk, self.store.opened, code)  # kept while in use
        touched.add_done_callback(lambda f: f.cancelled() or f.exception())  # a failure here costs nothing
        table, views = await asyncio.get_running_loop().run_in_executor(self.disk, self._load, code)
        found = self.owners.get(code)  # another connection may have loaded it meanwhile
        if found is not None:
            return found
        owner = self.owners[code] = Owner(self, table, views)
        return owner

    def _load(self, code: str) -> tuple[Table, collections.deque[dict[Role, dict[str, Any]]]]:
        """Table ``code`` from its log, replayed once (off the loop), with its last events' messages."""
        config, events = self.store.load(code)
        views: collections.deque[dict[Role, dict[str, Any]]] = collections.deque(maxlen=self.catch_up)
        start = len(events) - self.catch_up

        def keep(t: Table, ev: Event) -> None:
            if t.seq > start:
                views.append({role: event_view(t, ev, role) for role in ROLES})
        return Table.replay(code, config, events, now=self.clock(), seeds=self.seeds, each=keep), views

    # -- pages held by another process (a cluster) ------------------------------------------------
    def _cluster_reset(self) -> None:
        """Redis is back after an outage: what was relayed meanwhile is lost, so every relayed page
        here is closed (it reconnects and catches up), and pages elsewhere at tables here leave."""
        for handler in list(self.relayed):
            handler.close(1012, "relay restarted")
        for conn, code in list(self.remote.values()):
            owner = self.owners.get(code)
            if owner is not None:
                owner.queue.put_nowait(("leave", conn))
        self.remote.clear()

    def _from_cluster(self, data: dict[str, Any]) -> None:
        asyncio.get_running_loop().create_task(self._remote(data))

    async def _remote(self, data: dict[str, Any]) -> None:
        assert self.cluster is not None
        op, process, conn_id = data.get("op"), data.get("from"), data.get("conn")
        if not isinstance(process, int) or not isinstance(conn_id, int):
            return
        key = (process, conn_id)
        send = self.cluster.sender(process, conn_id)
        if op == "join":
            token, admin_token = data.get("token"), data.get("admin")
            lang: Lang = data["lang"] if data.get("lang") in LANGS else "en"
            found = self.store.lookup(token) if isinstance(token, str) else None
            if found is None or found[1] == "admin":
                send(protocol.refused("bad-token", _BAD_TOKEN(lang), None))
                return
            code, role = found
            admin = isinstance(admin_token, str) and self.store.lookup(admin_token) == (code, "admin")
            conn = Connection(send, role, lang, admin)  # type: ignore[arg-type]
            self.remote[key] = (conn, code)
            owner = await self.owner(code)
            last = data.get("last")
            await owner.queue.put(("join", (conn, last if isinstance(last, int) else None)))
        elif op == "cmd" and key in self.remote:
            conn, code = self.remote[key]
            frame = data.get("frame")
            try:
                cmd = parse(frame if isinstance(frame, str) else "")
            except ProtocolError as exc:
                send(protocol.refused(exc.kind, exc.say(conn.lang), None))
                return
            if cmd.type == "hello":
                said = T("已經打過招呼了。", "This connection has already said hello.")
                send(protocol.refused("hello-twice", said(conn.lang), None))
                return
            await (await self.owner(code)).queue.put(("command", (conn, cmd)))
        elif op == "leave" and key in self.remote:
            conn, code = self.remote.pop(key)
            await (await self.owner(code)).queue.put(("leave", conn))

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.cluster is not None:
            await self.cluster.stop()
        for owner in list(self.owners.values()):
            await owner.queue.put(("stop", None))
            await owner.task
        self.owners.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.drawing.shutdown(wait=False, cancel_futures=True)
        self.disk.shutdown(wait=True)


# -- Tornado --------------------------------------------------------------------------------

class _Base(tornado.web.RequestHandler):
    def initialize(self, service: Service) -> None:
        self.service = service

    def check_xsrf_cookie(self) -> None:
        return None  # a table is opened by its tokens, not by a session cookie


def links(play: str, info: dict[str, Any]) -> dict[str, Any]:
    """Each seat's link and the spectator's (``play#t=token``: the seat page, its token in the
    fragment, which a browser sends to no server), each with its QR code (SVG)."""
    out = {}
    for name, token in [*((str(s), t) for s, t in enumerate(info["seats"])), ("watch", info["watch"])]:
        url = f"{play}#t={token}"
        out[name] = {"url": url, "qr": qr_svg(url)}
    return out


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an SVG a phone's camera reads from across a room."""
    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="svg", scale=3, border=2, xmldecl=False, svgns=True,
                                    svgclass="tg-qr", lineclass=None, title="QR")
    return buf.getvalue().decode()


MAX_BODY: Final = 4096
"""The largest request to create a table, in bytes (real ones are under 300): larger is refused
before it is read."""

_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?$")


@tornado.web.stream_request_body
class CreateHandler(_Base):
    """``POST`` the settings to create a table. Any page may (a static site's pages come from
    another origin): tokens, not cookies, open tables. Everything in the request is untrusted: a
    body over :data:`MAX_BODY` is refused before it is read, and anything that is not settings —
    not JSON, nested too deep, text that is not Unicode, an unknown field — is answered 400 with
    nothing created."""

    def set_default_headers(self) -> None:
        self.set_header("Access-Control-Allow-Origin", "*")
        self.set_header("Access-Control-Allow-Methods", "POST, OPTIONS")
        self.set_header("Access-Control-Allow-Headers", "Content-Type")

    def prepare(self) -> None:
        self._body = bytearray()
        if self.request.method == "POST":
            # a larger Content-Length is answered 400 by Tornado before a byte of the body is read
            self.request.connection.set_max_body_size(MAX_BODY)  # type: ignore[union-attr]

    def data_received(self, chunk: bytes) -> None:
        self._body += chunk
        if len(self._body) > MAX_BODY:  # a body sent without its length
            raise tornado.web.HTTPError(413)

    def options(self) -> None:
        self.set_status(204)
        self.finish()

    def _answer(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps(body))  # ASCII: whatever a refusal quotes, it encodes

    def _play_page(self) -> tuple[str, bool]:
        """The seat page the links open, and whether only this computer can open it: on the public
        URL the operator gave, else (served to the network) on this machine's network address,
        else on the address this request reached the service at
        (:func:`~tiangow.online.address.link_base`)."""
        svc = self.service
        seen = f"{self.request.protocol}://{self.request.host}/"
        lan = lan_address() if svc.network else None
        base = link_base(seen, public_url=svc.public_url, lan=lan, root=svc.root)
        play = base + PLAY
        return play, not (svc.public_url or lan) and local_only(play)

    async def post(self) -> None:
        self.service.keep_swept()
        client = client_address(self.request.remote_ip or "", self.request.headers)
        now = self.service.clock()
        wait = self.service.creating.take(client, now)
        if wait is None:
            wait = self.service.creating_all.take("", now)  # all clients together
        if wait is not None:  # this client (or every client together) has made its tables for now
            self.set_header("Retry-After", str(math.ceil(wait)))
            self._answer(429, {"error": f"Too many tables created from this address: try again in "
                                        f"{math.ceil(wait)} s."})
            return
        try:
            if not self.service.public_url and not _HOST.match(self.request.host or ""):
                raise TableError("bad-host", T("這個請求的主機名稱不對。", "The request's Host is not a host name."))
            data = json.loads(bytes(self._body) or b"{}")
            if not isinstance(data, dict):
                raise TableError("bad-config", T("設定要是一個物件。", "A table's settings are a JSON object."))
            json.dumps(data, ensure_ascii=False).encode()  # text that is not Unicode (a lone surrogate): refused
            data.pop("page", None)  # the page that created it (links no longer open it: they open the seat page)
            config = TableConfig.from_dict(data)
        except (ValueError, RecursionError) as exc:  # UnicodeError is a ValueError
            self._answer(400, {"error": str(exc) if not isinstance(exc, RecursionError) else "nested too deep"})
            return
        # the log's own thread writes it (a commit waits for the disk: not on the loop the tables share)
        info = await asyncio.get_running_loop().run_in_executor(self.service.disk, self.service.create, config)
        play, local = self._play_page()
        # five QR codes are a few milliseconds of drawing: not on the loop the tables share
        info["links"] = await asyncio.get_running_loop().run_in_executor(self.service.drawing, links, play, info)
        info["local_only"] = local  # the page then says only this computer can open them, and how to fix it
        self._answer(200, info)


PLAY = "tiangow/play"
"""The seat page, under the server's base URL."""


class PlayHandler(_Base):
    """The seat page (:func:`tiangow.online.page.seat_page_html`): the same for every table and
    role, so a browser keeps it (its ETag answers a second visit with 304)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(seat_page_html())


_STALE_HINT = T("教練想好之前，枱上已經變了：再按一次「提示」。",
                "The table moved on while the coach was thinking: ask for a hint again.")
_TOO_MANY = T("這個地址開了太多連線，請等一會再試。",
              "Too many connections from this address: wait a little and try again.")
_FULL = T("這條連結或者這張枱已經有太多人打開了。", "Too many pages have this link or this table open.")
_BAD_TOKEN = T("這條連結不對，或者那張枱已經沒有了。", "This link is not right, or its table is gone.")


class HealthHandler(_Base):
    def get(self) -> None:
        out: dict[str, Any] = {"tables": len(self.service.owners)}
        if self.service.cluster is not None:  # a process that has lost Redis says so
            out["redis"] = "connected" if self.service.cluster.connected else "lost"
        self.finish(out)


class SocketHandler(tornado.websocket.WebSocketHandler):
    """One page's socket (see :mod:`tiangow.online.protocol`)."""

    def initialize(self, service: Service) -> None:
        self.service = service
        self.conn: Connection | None = None
        self.owner: Owner | None = None
        self.flood = Flood(*service.flood)
        self.lang: Lang = "en"
        self.remote: tuple[str, int] | None = None
        """(table code, connection number) where the table's owner is another process."""
        self.client = ""
        self.counted: tuple[str, str] | None = None
        """The link (its token's digest) and table this socket is counted on."""

    def open(self, *args: str, **kwargs: str) -> None:
        svc = self.service
        self.client = client_address(self.request.remote_ip or "", self.request.headers)
        asked = self.get_query_argument("lang", "en")
        self.lang = asked if asked in LANGS else "en"
        if svc.connecting.take(self.client, svc.clock()) is not None:
            self._refuse("too-many-connections", _TOO_MANY)
            self.close(1013, "too many connections from this address")
            return
        # a socket that never says which link it holds is closed (it would hold memory for nothing)
        self._deadline = tornado.ioloop.IOLoop.current().call_later(svc.limits.hello_seconds, self._silent)

    def _silent(self) -> None:
        if self.conn is None and self.remote is None:
            self._refuse("hello-late", T("連線之後要先打招呼（hello）。", "A connection says hello first, and soon."))
            self.close(1008, "no hello")

    @property
    def ping_interval(self) -> float:
        """Pings keep a socket honest: one that answers none within :attr:`ping_timeout` is closed."""
        return self.service.limits.ping_seconds

    @property
    def ping_timeout(self) -> float:
        return self.service.limits.ping_seconds * 2

    def check_origin(self, origin: str) -> bool:
        return True  # tokens, not cookies, open a table: any page holding a link may connect

    def get_compression_options(self) -> dict[str, Any]:
        """permessage-deflate where the page offers it (every browser does): a move's parts are
        HTML much alike from one move to the next, and shrink several times over. A small memory
        level keeps each socket's compressor to about 150 KB."""
        return {"compression_level": 6, "mem_level": 5}

    def _send(self, msg: dict[str, Any]) -> None:
        ws = self.ws_connection
        if ws is None or ws.is_closing():
            return
        stream = getattr(ws, "stream", None)
        if stream is not None:  # a reader that stopped reading is dropped, not buffered for without end
            stream.max_write_buffer_size = self.service.limits.send_buffer
        try:
            self.write_message(json.dumps(msg, ensure_ascii=False, separators=(",", ":")))
        except (tornado.iostream.StreamBufferFullError, tornado.iostream.StreamClosedError,
                tornado.websocket.WebSocketClosedError):
            self.close(1008, "not reading")
            if stream is not None:
                stream.close()

    def _refuse(self, kind: str, text: Text) -> None:
        self._send(protocol.refused(kind, text(self.lang), self.owner.table.seq if self.owner is not None else None))

    async def on_message(self, message: str | bytes) -> None:
        try:
            self.flood.take(self.service.clock())
            if self.service.sending.take(self.client, self.service.clock()) is not None:
                self.flood.refused += 1  # this address's frames, across all its sockets and reconnects
                raise ProtocolError("flood", T("訊息太多太快，請慢一點。", "Too many messages too fast: slow down."))
            cmd = parse(message)
        except ProtocolError as exc:
            self._refuse(exc.kind, exc.text)
            if exc.kind == "flood" and self.flood.refused > 50:
                self.close(1008, "flood")
            return
        if self.remote is not None:
            if cmd.type == "hello":
                self._refuse("hello-twice", T("已經打過招呼了。", "This connection has already said hello."))
                return
            assert self.service.cluster is not None
            if not self.service.cluster.command(self.remote[0], self.remote[1], message if isinstance(message, str)
                                                else message.decode("utf-8", "replace")):
                self._refuse("not-relayed", T("這個訊息傳不到那張枱。",
                                              "This message could not be passed on to its table."))
            return
        if self.conn is None:
            if cmd.type != "hello":
                self._refuse("hello-first", T("先用連結的代碼打招呼（hello）。",
                                              "Say hello with your link's token first."))
                return
            await self._hello(cmd)
            return
        if cmd.type == "hello":
            self._refuse("hello-twice", T("已經打過招呼了。", "This connection has already said hello."))
            return
        assert self.owner is not None
        await self.owner.queue.put(("command", (self.conn, cmd)))

    async def _hello(self, cmd: Command) -> None:
        self.lang = cmd.lang
        assert cmd.token is not None
        cluster = self.service.cluster
        code = cmd.token[:8]
        if cluster is not None and not cluster.owns(code):  # its owner is another process
            self.remote = (code, cluster.join(code, self._send, {"token": cmd.token, "admin": cmd.admin,
                                                                  "last": cmd.last, "lang": cmd.lang}))
            self.service.relayed.add(self)
            return
        found = self.service.store.lookup(cmd.token)
        if found is None or found[1] == "admin":
            self._refuse("bad-token", _BAD_TOKEN)
            return
        code, role = found
        svc = self.service
        link = token_hash(cmd.token)
        cap = svc.limits.per_watch_link if role == SPECTATOR else svc.limits.per_link
        if svc.open_on[link] >= cap or svc.open_on[code] >= svc.limits.per_table:
            self._refuse("full", _FULL)
            self.close(1013, "too many sockets on this link or table")
            return
        svc.open_on[link] += 1
        svc.open_on[code] += 1
        self.counted = (link, code)
        admin = False
        if cmd.admin is not None:
            mine = self.service.store.lookup(cmd.admin)
            admin = mine == (code, "admin")
        self.owner = await self.service.owner(code)
        self.conn = Connection(self._send, role, cmd.lang, admin)  # type: ignore[arg-type]
        await self.owner.queue.put(("join", (self.conn, cmd.last)))

    def on_close(self) -> None:
        deadline = getattr(self, "_deadline", None)
        if deadline is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(deadline)
        if self.counted is not None:
            for key in self.counted:
                self.service.open_on[key] -= 1
                if self.service.open_on[key] <= 0:
                    del self.service.open_on[key]
            self.counted = None
        self.service.relayed.discard(self)
        if self.remote is not None and self.service.cluster is not None:
            self.service.cluster.leave(*self.remote)
        if self.owner is not None and self.conn is not None:
            self.owner.queue.put_nowait(("leave", self.conn))


def handlers(service: Service, base: str = "/tiangow/") -> list[tuple[str, type, dict[str, Any]]]:
    """The table service's routes under ``base``."""
    args = {"service": service}
    return [(base + "tables", CreateHandler, args), (base + "tables/socket", SocketHandler, args),
            (base + "tables/health", HealthHandler, args), (base + "play", PlayHandler, args)]


def make_app(path: str | Path, **options: Any) -> tuple[Application, Service]:
    """A standalone application serving the tables logged at ``path``."""
    if "render" not in options:
        options["render"] = parts
    service = Service(Store(path), **options)
    app = Application(handlers(service), websocket_max_message_size=64 * 1024)  # larger: closed by Tornado
    return app, service
