"""The table service as a Jupyter Server extension: where Voilà runs as one (Binder), the tables
run beside it in the same server, at ``<base>/tiangow/tables``.

``binder/postBuild`` enables it (``jupyter server extension enable --sys-prefix
tiangow.online.extension``); ``python -m tiangow.app`` mounts the same routes in Voilà's own
application instead. Tables are logged in ``$TIANGOW_TABLES_DB`` (default
``.tiangow/tables.db`` under the server's root directory); ``$TIANGOW_LIMITS`` changes what one
client may do (``name=value,…``, :meth:`tiangow.online.limits.Limits.changed`).
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.utils import url_path_join

from .limits import Limits
from .page import parts
from .service import Service, handlers
from .store import Store

__all__ = ["_jupyter_server_extension_points", "_load_jupyter_server_extension"]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "tiangow.online.extension"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    root = getattr(serverapp, "root_dir", None) or os.getcwd()
    path = os.environ.get("TIANGOW_TABLES_DB") or os.path.join(root, ".tiangow", "tables.db")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    limits = Limits().changed(os.environ.get("TIANGOW_LIMITS", ""))
    service = Service(Store(path), render=parts, root=serverapp.base_url, limits=limits,
                      review_page=url_path_join(serverapp.base_url, "voila/render/lessons/friends.ipynb"))
    serverapp.web_app.add_handlers(".*$", handlers(service, base=url_path_join(serverapp.base_url, "/tiangow/")))
    serverapp.log.info("tiangow: shared tables at %stiangow/tables (logged in %s)", serverapp.base_url, path)
