"""The app: the lessons served by Voilà and the shared tables, one process, one port.

``python3 -m tiangow.app --no-browser --port=8866`` takes every option ``python -m voila``
takes (and reads the same ``voila.json``): it *is* Voilà's own application with the table
service's routes (:func:`tiangow.online.service.handlers`) mounted beside the lessons. Voilà
run as ``python -m voila`` cannot load other server extensions (voila#495), and a second
process on a second port would make every page find the service's address and cross an origin;
mounted in Voilà's own Tornado application, a page reaches its table at
``/tiangow/tables/socket`` on the address it was loaded from. Tables are logged in
``--Tables.db`` (default ``.tiangow/tables.db`` under the directory served).

``--network`` serves the other devices on the network (phones at home): it listens on every
interface, builds the tables' links and QR codes on this machine's network address
(:mod:`tiangow.online.address`), and serves nothing but the course: ``/`` opens the course's
index, only ``lessons/*.ipynb`` render, no directory listing, no contents API, and no file from
outside ``lessons/``. A visitor's
page runs no code of its own on the server: Voilà's kernels accept only the widgets' messages
from a page (comm and kernel-info messages; ``execute_request`` is refused), and the notebooks
that run are the course's. ``--public-url=https://host/`` builds the links on the address a
proxy serves the app at (docs/online.md: Caddy or nginx in front, with TLS).
"""

from __future__ import annotations

import asyncio
import functools
import os
from typing import Any, ClassVar

import tornado.web
from jupyter_server.utils import url_path_join
from traitlets import Bool, Float, Unicode
from voila.app import Voila  # type: ignore[import-untyped]

from .online.address import check_public_url, lan_address, link_base
from .online.http import serve
from .online.limits import Limits, LimitsError
from .online.page import parts
from .online.service import Service, handlers
from .online.store import Store

__all__ = ["App", "main", "INDEX"]

INDEX = "voila/render/lessons/index.ipynb"
"""The course's first page, under the server's base URL (where ``/`` sends a visitor)."""


class _ToIndex(tornado.web.RequestHandler):
    def initialize(self, to: str) -> None:
        self.to = to

    def get(self) -> None:
        self.redirect(self.to)


class _NotServed(tornado.web.RequestHandler):
    """What the network is not shown: directory listings, the contents API, notebooks that are
    not the course's."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class App(Voila):  # type: ignore[misc]
    """Voilà with the shared tables (see the module's docstring)."""

    description = "The tiangow lessons and shared tables (Voilà with the table service)."
    tables_db = Unicode("", help="Where the tables' events are logged (SQLite).", config=True)
    bot_pause = Float(0.6, help="Seconds a bot waits before it acts at a shared table.", config=True)
    network = Bool(False, help="Serve other devices on the network: listen on every interface, build the "
                               "tables' links on this machine's network address, serve only the course.",
                   config=True)
    public_url = Unicode("", help="The address a proxy serves the app at (https://host/): the tables' links "
                                  "are built on it, and only the course is served.", config=True)

    limits = Unicode("", help="What one client may do at the tables, changed from the defaults: name=value "
                            "pairs separated by commas, e.g. creates=0.5/20,per_watch_link=200 "
                            "(tiangow.online.limits.Limits; docs/online.md, Security).", config=True)

    aliases: ClassVar[dict[str, str]] = {**Voila.aliases, "tables-db": "App.tables_db", "bot-pause": "App.bot_pause",
                                         "public-url": "App.public_url", "limits": "App.limits"}
    flags: ClassVar[dict[str, Any]] = {**Voila.flags, "network": (
        {"App": {"network": True}},
        "Serve phones and other computers on the network (listens on every interface; links on this "
        "machine's network address).")}

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        if self.public_url:
            self.public_url = check_public_url(self.public_url)
        try:
            self.client_limits = Limits().changed(self.limits)
        except LimitsError as e:
            self.log.critical("--limits: %s", e)
            self.exit(2)
        if self.network and "ip" not in self.config.get("Voila", {}):
            self.ip = "0.0.0.0"

    def init_handlers(self) -> list[Any]:
        path = self.tables_db or os.path.join(self.root_dir or os.getcwd(), ".tiangow", "tables.db")
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.tables = Service(Store(path), bot_pause=self.bot_pause, render=parts,
                              public_url=self.public_url or None, network=self.network, root=self.server_url,
                              limits=self.client_limits,
                              review_page=url_path_join(self.server_url, "voila/render/lessons/friends.ipynb"))
        self.log.info("Shared tables logged in %s.", path)
        ours: list[Any] = list(handlers(self.tables, base=url_path_join(self.server_url, "/tiangow/")))
        ours.append((self.server_url, _ToIndex, {"to": url_path_join(self.server_url, INDEX)}))
        if self.network or self.public_url:
            shut = [r"/voila/tree.*", r"/voila/api/contents.*", r"/voila/render/(?!lessons/[^/]+\.ipynb$).*",
                    r"/voila/files/(?!lessons/).*"]
            ours += [(url_path_join(self.server_url, pattern), _NotServed) for pattern in shut]
        return [*ours, *super().init_handlers()]

    def listen(self) -> None:
        """Voilà's ``listen``, on a server that answers a request too long to read (414 or 431,
        :mod:`tiangow.online.http`) where Tornado's would close without a word."""
        self.app.listen = functools.partial(serve, self.app)
        super().listen()

    @property
    def display_url(self) -> str:
        """The address Voilà prints when it starts: the course's first page — on this machine's
        network address with ``--network`` (what the phones open), on the public URL if given."""
        if self.network or self.public_url:
            base = link_base(f"http://localhost:{self.port}/", public_url=self.public_url or None,
                             lan=lan_address() if self.network else None, root=self.server_url)
            return base + INDEX
        return str(super().display_url).split("?")[0] + INDEX


def main() -> None:
    asyncio.set_event_loop(asyncio.new_event_loop())
    App.launch_instance()


if __name__ == "__main__":
    main()
