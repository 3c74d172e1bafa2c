"""Every table's events on disk: SQLite in WAL mode with ``synchronous=FULL``.

The owner of a table appends each event here, and the append is committed, **before** anyone
is told of it; a service killed at any moment restarts with every event anyone heard of
(:meth:`Store.load` and :meth:`tiangow.online.table.Table.replay`). An event's number is
part of the key, so two owners can never both write event *n* of a table. Links' tokens are
kept as SHA-256 digests only.

>>> import tempfile, os
>>> from tiangow.online.table import TableConfig
>>> path = os.path.join(tempfile.mkdtemp(), "t.db")
>>> s = Store(path)
>>> s.create("abc", TableConfig(hints=False), {"tok-east": 0, "tok-watch": "watch"}, admin="tok-admin")
>>> s.append("abc", {"seq": 1, "type": "dealt", "hand": 1, "seed": 7, "banker": 0, "streak": 1})
>>> s.lookup("tok-east"), s.lookup("tok-admin"), s.lookup("nope")
(('abc', 0), ('abc', 'admin'), None)
>>> config, events = s.load("abc")
>>> config.hints, [e["type"] for e in events]
(False, ['dealt'])
>>> s.close()
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..i18n import T
from .table import Event, Role, TableConfig, TableError, token_hash

__all__ = ["Store", "StoreError"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, config TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (hash TEXT PRIMARY KEY, code TEXT NOT NULL, role TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (code TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,
                                   at REAL NOT NULL, PRIMARY KEY (code, seq));
"""


class StoreError(TableError):
    """The log refused a write (an event number already taken: another owner wrote it)."""


class Store:
    """The log of every table at ``path`` (``":memory:"`` for a test's).

    Each thread that uses the store has its own SQLite connection (the event loop's thread
    creates and looks up tables, the log's thread appends events): a transaction one of them
    holds never takes in another's writes, so an append is committed — durable — when it returns,
    whatever the other thread is doing."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._uri = self.path == ":memory:"
        if self._uri:  # one database in memory shared by this store's connections
            self.path = f"file:tiangow-{id(self)}-{time.monotonic_ns()}?mode=memory&cache=shared"
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._keep = self.db  # in memory, the database lasts as long as one connection to it does
        self.db.executescript(_SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        if "opened" not in columns:  # a log from before tables were swept: none opened yet
            self.db.execute("ALTER TABLE tables ADD COLUMN opened REAL")

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's connection."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            # used by this thread only; closed by whichever thread closes the store
            conn = sqlite3.connect(self.path, isolation_level=None, uri=self._uri, check_same_thread=False)
            if not self._uri:
                conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA busy_timeout=5000")
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()

    def create(self, code: str, config: TableConfig, tokens: Mapping[str, Role], admin: str) -> None:
        """A new table ``code`` with its links' ``tokens`` (token → role) and the creator's."""
        rows = [(token_hash(tok), code, str(role)) for tok, role in tokens.items()]
        rows.append((token_hash(admin), code, "admin"))
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO tables (code, config, created) VALUES (?, ?, ?)",
                            (code, json.dumps(config.to_dict()), time.time()))
            self.db.executemany("INSERT INTO tokens VALUES (?, ?, ?)", rows)

    def append(self, code: str, ev: Event) -> None:
        """Write event ``ev`` of table ``code``, committed to disk when this returns."""
        try:
            self.db.execute("INSERT INTO events VALUES (?, ?, ?, ?)",
                            (code, int(ev["seq"]), json.dumps(ev, separators=(",", ":")), time.time()))
        except sqlite3.IntegrityError:
            raise StoreError("taken", T(f"事件 {ev['seq']} 已經寫過了。",
                                        f"Event {ev['seq']} of table {code} is already written.")) from None

    def lookup(self, token: str) -> tuple[str, Role | str] | None:
        """The table and role a link's token opens (``"admin"`` for the creator's), or ``None``."""
        row = self.db.execute("SELECT code, role FROM tokens WHERE hash = ?", (token_hash(token),)).fetchone()
        if row is None:
            return None
        code, role = row
        return code, int(role) if role.isdigit() else role

    def exists(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def load(self, code: str) -> tuple[TableConfig, list[Event]]:
        """Table ``code``'s settings and every event, in order."""
        row = self.db.execute("SELECT config FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise StoreError("no-table", T(f"沒有 {code} 這張枱。", f"There is no table {code}."))
        stored = json.loads(row[0])
        stored.pop("seed", None)  # a table logged before each hand's seed was drawn fresh
        config = TableConfig.from_dict(stored)
        events: list[dict[str, Any]] = [json.loads(b) for (b,) in self.db.execute(
            "SELECT body FROM events WHERE code = ? ORDER BY seq", (code,))]
        return config, events

    def codes(self) -> list[str]:
        return [c for (c,) in self.db.execute("SELECT code FROM tables ORDER BY created")]

    def opened(self, code: str, now: float | None = None) -> None:
        """A page opened table ``code`` (it is kept while it is in use, see :meth:`sweep`)."""
        self.db.execute("UPDATE tables SET opened = ? WHERE code = ?", (time.time() if now is None else now, code))

    def sweep(self, now: float, unopened: float, retention: float) -> int:
        """Remove every table no page opened within ``unopened`` seconds of its creation, and every
        table nothing happened at (no event, no page opening it) for ``retention`` seconds — its
        settings, its links and its events. Returns how many were removed."""
        gone = [c for (c,) in self.db.execute(
            "SELECT code FROM tables t WHERE (t.opened IS NULL AND t.created < ?) OR MAX(t.created, "
            "COALESCE(t.opened, 0), COALESCE((SELECT MAX(at) FROM events e WHERE e.code = t.code), 0)) < ?",
            (now - unopened, now - retention))]
        for i in range(0, len(gone), 500):
            chunk = gone[i:i + 500]
            marks = ",".join("?" * len(chunk))
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute(f"DELETE FROM events WHERE code IN ({marks})", chunk)
                self.db.execute(f"DELETE FROM tokens WHERE code IN ({marks})", chunk)
                self.db.execute(f"DELETE FROM tables WHERE code IN ({marks})", chunk)
        return len(gone)
