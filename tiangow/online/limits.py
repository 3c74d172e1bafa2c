"""What one client may do to the table service, and how a client is told apart.

A *client* is an address: the peer's, or — where the peer is a proxy the operator trusts (by
default a proxy on this machine: loopback) — the last address its ``X-Forwarded-For`` names.
Each client has token buckets (:class:`~tiangow.online.protocol.Flood`) for the tables it
creates, the sockets it opens and the frames it sends across all its sockets (reconnecting does
not refill them); a link and a table have caps on the sockets open on them. The buckets of at
most :attr:`Limits.clients` clients are remembered (the longest unheard of forgotten first), so
the memory they take is bounded whatever a flood of addresses does.

>>> b = Buckets(rate=1.0, burst=2, size=10)
>>> b.take("a", 0.0), b.take("a", 0.0), b.take("a", 0.0)
(None, None, 1.0)
>>> b.take("b", 0.0)  # another client has its own
"""

from __future__ import annotations

import dataclasses
import ipaddress
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["Limits", "LimitsError", "Buckets", "client_address", "UNLIMITED"]


class LimitsError(ValueError):
    """Limits given by an operator that are not limits (unknown name, or a value out of range)."""


@dataclass(frozen=True)
class Limits:
    """Each limit and its default (docs/online.md, "Security", says why each is what it is)."""

    creates: tuple[float, int] = (0.1, 10)
    """Tables one client may create: a second, and at once (10 at once, then one every 10 s)."""
    connects: tuple[float, int] = (1.0, 30)
    """Sockets one client may open: a second, and at once."""
    frames: tuple[float, int] = (20.0, 60)
    """Frames one client may send across all its sockets: a second, and at once (a person's
    page sends a few a minute)."""
    per_link: int = 8
    """Sockets open at once on one seat's link (a player's phone and a few tabs)."""
    per_watch_link: int = 60
    """Sockets open at once on a table's spectator link (a class watching its teacher's table)."""
    per_table: int = 100
    """Sockets open at once on one table, every link together."""
    clients: int = 10_000
    """Clients whose buckets are remembered."""
    hello_seconds: float = 10.0
    """How long a new socket has to say which link it holds before it is closed."""
    ping_seconds: float = 30.0
    """How often a socket is pinged; one silent for twice that is closed."""
    creates_all: tuple[float, int] = (1.0, 100)
    """Tables all clients together may create: a second, and at once — with the sweep below, what
    bounds the log whatever number of addresses a flood comes from."""
    unopened_seconds: float = 86_400.0
    """A table no page has opened this long after its creation is removed."""
    retention_seconds: float = 30 * 86_400.0
    """A table nothing has happened at this long (no move, no page opening it) is removed."""
    sweep_seconds: float = 600.0
    """How often the log is swept of such tables."""
    send_buffer: int = 1 << 20
    """Bytes waiting to be sent to one socket past which it is dropped (a reader that stalled:
    it reconnects when it reads again, and is sent what it missed)."""

    def changed(self, text: str) -> Limits:
        """These limits with those ``text`` names changed: ``name=value`` pairs separated by
        commas, a rate and a burst written ``rate/burst`` (what ``--limits`` takes).

        >>> Limits().changed("creates=0.5/20, per_watch_link=200").creates
        (0.5, 20)
        >>> Limits().changed("per_link=0")
        Traceback (most recent call last):
        ...
        tiangow.online.limits.LimitsError: per_link must be at least 1, not 0
        """
        fields = {f.name: f for f in dataclasses.fields(self)}
        new: dict[str, object] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, eq, value = (x.strip() for x in part.partition("="))
            if name not in fields or not eq:
                raise LimitsError(f"{part!r} is not a limit: write name=value, a name among {', '.join(fields)}")
            new[name] = _value(name, value, getattr(self, name))
        return dataclasses.replace(self, **new)  # type: ignore[arg-type]


def _number(name: str, text: str, kind: type[int] | type[float], least: float) -> float:
    try:
        n = kind(text)
    except ValueError:
        raise LimitsError(f"{name} must be {'a whole number' if kind is int else 'a number'}, not {text!r}") from None
    if not least <= n < float("inf"):
        raise LimitsError(f"{name} must be at least {least:g}, not {text}")
    return n


def _value(name: str, text: str, now: object) -> object:
    if isinstance(now, tuple):
        rate, slash, burst = text.partition("/")
        if not slash:
            raise LimitsError(f"{name} is a rate a second and a burst: write it rate/burst (e.g. 0.1/10), not {text!r}")
        return (_number(name + "'s rate", rate, float, 1e-6), int(_number(name + "'s burst", burst, int, 1)))
    if isinstance(now, int):
        return int(_number(name, text, int, 1))
    return _number(name, text, float, 0.001)


UNLIMITED = Limits(creates=(1e9, 10**9), connects=(1e9, 10**9), frames=(1e9, 10**9), per_link=10**9,
                   per_watch_link=10**9, per_table=10**9, hello_seconds=3600.0, creates_all=(1e9, 10**9))
"""No limit per client: for a load test whose clients all share one address."""


class Buckets:
    """A token bucket per client: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int, size: int) -> None:
        self.rate = rate
        self.burst = burst
        self.size = size
        self._level: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str, now: float) -> float | None:
        """Take one for ``client``: ``None`` if allowed, else the seconds until one is."""
        level, at = self._level.pop(client, (float(self.burst), now))
        level = min(float(self.burst), level + (now - at) * self.rate)
        if level < 1:
            self._level[client] = (level, now)
            return (1 - level) / self.rate if self.rate > 0 else 3600.0
        self._level[client] = (level - 1, now)
        while len(self._level) > self.size:
            self._level.popitem(last=False)
        return None

    def __len__(self) -> int:
        return len(self._level)


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def client_address(peer: str, headers: Mapping[str, str], trusted: frozenset[str] | None = None) -> str:
    """The client a request comes from: ``peer``, or where ``peer`` is a trusted proxy (``None``:
    a proxy on this machine) the last address of its ``X-Forwarded-For``.

    >>> client_address("203.0.113.9", {"X-Forwarded-For": "1.2.3.4"})
    '203.0.113.9'
    >>> client_address("127.0.0.1", {"X-Forwarded-For": "1.2.3.4, 198.51.100.7"})
    '198.51.100.7'
    """
    proxy = _loopback(peer) if trusted is None else peer in trusted
    forwarded = headers.get("X-Forwarded-For", "") if proxy else ""
    last = forwarded.rsplit(",", 1)[-1].strip()[:64]
    try:
        return str(ipaddress.ip_address(last)) if last else peer
    except ValueError:
        return peer
