"""Play with friends: a shared table, four seats, bots in the empty ones (issue 47).

- :mod:`tiangow.online.table` — the table itself: its settings, its seats and their links'
  tokens, the hands of a session, and every change as a numbered event
  (:class:`~tiangow.online.table.Table`, pure Python, no input or output);
- :mod:`tiangow.online.views` — what each seat (or the spectator) may be sent of each event;
- :mod:`tiangow.online.protocol` — the messages a page sends, checked, and the errors it is
  told in 繁 / 简 / English;
- :mod:`tiangow.online.store` — every event appended to SQLite before anyone hears of it;
- :mod:`tiangow.online.service` — the WebSocket service: one owner per table.
"""

from __future__ import annotations

from .table import Role, Table, TableConfig, TableError

__all__ = ["Role", "Table", "TableConfig", "TableError"]
