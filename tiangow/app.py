"""The app: the lessons served by Voilà and the shared tables, one process, one port.

``python3 -m tiangow.app --no-browser --port=8866`` takes every option ``python -m voila``
takes (and reads the same ``voila.json``): it *is* Voilà's own application with the table
service's routes (:func:`tiangow.online.service.handlers`) mounted beside the lessons. Voilà
run as ``python -m voila`` cannot load other server extensions (voila#495), and a second
process on a second port would make every page find the service's address and cross an origin;
mounted in Voilà's own Tornado application, a page reaches its table at
``/tiangow/tables/socket`` on the address it was loaded from. Tables are logged in
``--Tables.db`` (default ``.tiangow/tables.db`` under the directory served).
"""

from __future__ import annotations

import asyncio
import os
from typing import Any, ClassVar

from jupyter_server.utils import url_path_join
from traitlets import Float, Unicode
from voila.app import Voila  # type: ignore[import-untyped]

from .online.render import table_page_html
from .online.service import Service, handlers
from .online.store import Store

__all__ = ["App", "main"]


class App(Voila):  # type: ignore[misc]
    """Voilà with the shared tables (see the module's docstring)."""

    description = "The tiangow lessons and shared tables (Voilà with the table service)."
    tables_db = Unicode("", help="Where the tables' events are logged (SQLite).", config=True)
    bot_pause = Float(0.6, help="Seconds a bot waits before it acts at a shared table.", config=True)

    aliases: ClassVar[dict[str, str]] = {**Voila.aliases, "tables-db": "App.tables_db", "bot-pause": "App.bot_pause"}

    def init_handlers(self) -> list[Any]:
        path = self.tables_db or os.path.join(self.root_dir or os.getcwd(), ".tiangow", "tables.db")
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.tables = Service(Store(path), bot_pause=self.bot_pause, render=table_page_html)
        self.log.info("Shared tables logged in %s.", path)
        ours = handlers(self.tables, base=url_path_join(self.server_url, "/tiangow/"))
        return [*ours, *super().init_handlers()]


def main() -> None:
    asyncio.set_event_loop(asyncio.new_event_loop())
    App.launch_instance()


if __name__ == "__main__":
    main()
