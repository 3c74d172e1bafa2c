"""The messages a page sends a table, checked: what arrives from a socket is untrusted input.

Every frame is one JSON object of at most :data:`MAX_FRAME` bytes with a ``type``:

- ``{"type": "hello", "token": …, "last": n | null, "lang": "en", "admin": …}`` — first, once:
  the link's token says the seat (or the spectator); ``last`` is the last event the page
  has (a reconnecting page is sent what it missed, or a fresh snapshot); ``admin``, the
  creator's token, lets the connection end the table;
- ``{"type": "move", "against": n, "move": "play 66 66"}`` — a move, made against event ``n``;
- ``{"type": "again", "against": n}`` — ask for another hand after one is over;
- ``{"type": "hint"}`` — the coach's hint for the seat's own turn, where the table allows hints;
- ``{"type": "end"}`` — end the table (its creator only);
- ``{"type": "lang", "lang": "zh-Hans"}`` — the page's language changed: the table is sent again in it;
- ``{"type": "ping"}``.

Anything else — not JSON, not an object, an unknown type, a field missing or of the wrong
kind, a frame too large, too many frames too fast — is refused with a :class:`ProtocolError`
whose text is in 繁 / 简 / English, and changes nothing.

The messages a table sends a page (:data:`SENT`), each built in one place:

- ``snapshot`` — everything the page's role needs to draw the table
  (:func:`tiangow.online.views.snapshot`), with the changed ``parts`` of its page;
- ``dealt``, ``moved``, ``seated``, ``agreed``, ``ended`` — an event, as the role may see it
  (:func:`tiangow.online.views.event_view`);
- ``presence`` — who plays each seat changed (:func:`presence`);
- ``hint`` — the coach's hint for the seat's turn (:func:`hint`);
- ``refused`` — a command refused, and why, in the page's language (:func:`refused`);
- ``pong`` — the answer to ``ping`` (:func:`pong`).

>>> parse('{"type": "move", "against": 3, "move": "play 66 66"}')
Command(type='move', against=3, move=Move.parse('play 66 66'), token=None, admin=None, last=None, lang='en')
>>> parse('{"type": "dance"}')
Traceback (most recent call last):
...
tiangow.online.protocol.ProtocolError: Unknown command 'dance' (hello, move, again, hint, end, lang, ping).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..errors import TiangowError
from ..i18n import LANGS, Lang, T
from ..move import Move
from .table import Said

__all__ = ["Command", "ProtocolError", "parse", "Flood", "MAX_FRAME", "COMMANDS", "SENT", "EVENTS", "pong",
           "refused", "presence", "hint"]

MAX_FRAME: Final = 2048
"""The largest frame a page may send, in bytes (the longest real command is about 80)."""

COMMANDS: Final = ("hello", "move", "again", "hint", "end", "lang", "ping")

EVENTS: Final = ("dealt", "moved", "seated", "agreed", "ended")
"""The table's events (:class:`tiangow.online.table.Table`), sent as each role may see them."""

SENT: Final = ("snapshot", *EVENTS, "presence", "hint", "refused", "pong")
"""Every ``type`` of message a table sends a page."""


def pong(seq: int) -> dict[str, Any]:
    """The answer to ``ping``: the table's last event number."""
    return {"type": "pong", "seq": seq}


def refused(kind: str, text: str, seq: int | None, refusal: bool = False) -> dict[str, Any]:
    """A command refused: ``kind`` (a refusal's kind, or the protocol's), ``text`` in the page's
    language, the table's last event number (``None`` before the page has a table), and whether
    it is a move the rules refuse (``refusal``) rather than a command that was not one.

    >>> refused("flood", "Too many messages too fast: slow down.", 3)["type"]
    'refused'
    """
    return {"type": "refused", "kind": kind, "text": text, "seq": seq, "refusal": refusal}


def presence(seq: int, seats: Sequence[object], parts: dict[str, str]) -> dict[str, Any]:
    """Who plays each seat now, and the parts of the page that say so."""
    return {"type": "presence", "seq": seq, "seats": list(seats), "parts": parts}


def hint(seq: int, html: dict[str, str], nudge: str, recommended: str, reason: str,
         options: list[dict[str, Any]]) -> dict[str, Any]:
    """The coach's hint at event ``seq``: the page's parts for it (``html``), the nudge, the
    recommended move, the reason, and every option (``move``, ``net`` — a whole number, as the
    hint shows it — ``exact``, ``wins``)."""
    return {"type": "hint", "seq": seq, "html": html, "nudge": nudge, "recommended": recommended,
            "reason": reason, "options": options}


class ProtocolError(Said):
    """A frame refused before it reaches the table: ``kind`` says which refusal."""


@dataclass(frozen=True)
class Command:
    """One checked command."""

    type: str
    against: int | None = None
    move: Move | None = None
    token: str | None = None
    admin: str | None = None
    last: int | None = None
    lang: Lang = "en"


def _int(data: dict[str, Any], key: str, optional: bool = False) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise ProtocolError("bad-field", T(f"「{key}」要是一個非負整數。",
                                           f"{key!r} must be a whole number ≥ 0, not {value!r}."))
    return value


def _str(data: dict[str, Any], key: str, optional: bool = False, limit: int = 64) -> str | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= limit or not _unicode(value):
        raise ProtocolError("bad-field", T(f"「{key}」要是一段文字。", f"{key!r} must be a short string."))
    return value


def _unicode(text: str) -> bool:
    """Whether ``text`` is Unicode text (JSON may spell a lone surrogate, which is not)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse(frame: str | bytes) -> Command:
    """The command in ``frame``, or :class:`ProtocolError`."""
    if len(frame) > MAX_FRAME:
        raise ProtocolError("too-large", T(f"訊息太長（最多 {MAX_FRAME} 字節）。",
                                           f"The message is too large (at most {MAX_FRAME} bytes)."))
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested past what is read
        raise ProtocolError("bad-json", T("訊息不是 JSON。", "The message is not JSON.")) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-json", T("訊息要是一個 JSON 物件。", "The message must be a JSON object."))
    kind = data.get("type")
    if kind not in COMMANDS:
        raise ProtocolError("unknown-command", T(f"不明的指令 {kind!r}（{'、'.join(COMMANDS)}）。",
                                                 f"Unknown command {kind!r} ({', '.join(COMMANDS)})."))
    if kind in ("hello", "lang"):
        lang = data.get("lang", "en")
        if lang not in LANGS:
            raise ProtocolError("bad-field", T(f"語言只有 {'、'.join(LANGS)}。",
                                               f"The languages are {', '.join(LANGS)}."))
        if kind == "lang":
            return Command("lang", lang=lang)
        return Command("hello", token=_str(data, "token"), admin=_str(data, "admin", optional=True),
                       last=_int(data, "last", optional=True), lang=lang)
    if kind == "move":
        text = _str(data, "move", limit=80)
        assert text is not None
        try:
            move = Move.parse(text)
        except TiangowError as exc:
            raise ProtocolError("bad-move", T(f"看不懂這一步：{exc}", f"That move cannot be read: {exc}")) from None
        return Command("move", against=_int(data, "against"), move=move)
    if kind == "again":
        return Command("again", against=_int(data, "against"))
    return Command(kind)


class Flood:
    """A token bucket per connection: ``burst`` frames at once, then ``rate`` a second;
    :meth:`take` refuses a frame beyond that (the connection is told, and closed if it
    keeps on)."""

    def __init__(self, rate: float = 10.0, burst: int = 30) -> None:
        self.rate = rate
        self.burst = burst
        self.level = float(burst)
        self.at: float | None = None
        self.refused = 0

    def take(self, now: float) -> None:
        if self.at is not None:
            self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            self.refused += 1
            raise ProtocolError("flood", T("訊息太多太快，請慢一點。", "Too many messages too fast: slow down."))
        self.level -= 1
