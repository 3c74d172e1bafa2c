"""Where other devices can reach the tables: the address a table's links and QR codes are built on.

A family's phones cannot open ``http://localhost:8866/…``: that names each phone itself. Served
with ``--network`` (:mod:`tiangow.app`, ``python -m tiangow.online``), the links are built on
this machine's address on the home network (:func:`lan_address`); behind a proxy on a public
host, on the public URL the operator gives (``--public-url``). Otherwise they are built on the
address the creating page was opened at, and :func:`local_only` tells the page to say that
only this computer can open them.

>>> local_only("http://localhost:8866/x"), local_only("http://127.0.0.2:8866/"), local_only("https://t.example.org/")
(True, True, False)
>>> link_base("http://localhost:8866/voila/render/x.ipynb", public_url="https://t.example.org/app/")
'https://t.example.org/app/'
>>> link_base("http://localhost:8866/voila/render/x.ipynb", lan="192.168.1.20")
'http://192.168.1.20:8866/'
>>> link_base("http://localhost:8866/voila/render/x.ipynb")
'http://localhost:8866/'
"""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Final
from urllib.parse import urlsplit, urlunsplit

__all__ = ["lan_address", "local_only", "link_base", "LAN_ENV", "check_public_url"]

LAN_ENV: Final = "TIANGOW_LAN_ADDRESS"
"""Sets the address :func:`lan_address` gives (a test gives a loopback one such as 127.0.0.2;
an operator, the one to use on a machine with several networks)."""

_PROBE: Final = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): a UDP socket "connected" there sends nothing


def lan_address() -> str | None:
    """This machine's address on its network (the one its default route leaves from), or ``None``
    if it has none but loopback. Nothing is sent: connecting a UDP socket only asks the kernel
    which local address it would use."""
    given = os.environ.get(LAN_ENV, "").strip()
    if given:
        return given
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(_PROBE)
            found = str(s.getsockname()[0])
    except OSError:
        return None
    return None if _loopback(found) or found == "0.0.0.0" else found


def _loopback(host: str) -> bool:
    if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def local_only(url: str) -> bool:
    """Whether ``url`` names this computer itself (``localhost``, ``127.x.x.x``, ``::1``): a link
    only this computer can open."""
    return _loopback(urlsplit(url).hostname or "localhost")


def check_public_url(url: str) -> str:
    """``url`` as the base of every link (ending in ``/``), or :class:`ValueError` if it is not an
    ``http(s)://host[:port][/path]`` address."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"--public-url must be http(s)://host[:port][/path], not {url!r}")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def link_base(seen: str, *, public_url: str | None = None, lan: str | None = None, root: str = "/") -> str:
    """The base every link of a table is built on: ``public_url`` if the operator gave one; else
    this machine's network address ``lan`` with the port ``seen`` (the address the creating page
    was opened at) used; else ``seen``'s own scheme, host and port. ``root`` is the server's base
    path (Voilà's ``base_url``)."""
    if public_url:
        return check_public_url(public_url)
    parts = urlsplit(seen)
    netloc = parts.netloc
    if lan:
        host = f"[{lan}]" if ":" in lan else lan
        netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme or "http", netloc, root if root.endswith("/") else root + "/", "", ""))
