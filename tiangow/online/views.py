"""What each seat, and the spectator, may be sent: every message is built from one role's view.

A seat sees its own tiles, every tile played face up, how many tiles the others put face
down (not which), and, once a hand is over, every hand as dealt and every discard (the review
needs them). The spectator sees the public play live and every hand once it is over; it never
acts. Nothing here reads another seat's tiles while a hand is in play except through
:meth:`tiangow.Deal.view` (a seat's) and the public record; the seed of a hand, which would
give every tile away, is sent only when the hand is over. ``tests/test_online.py`` checks over
many seeded hands that no tile hidden from a seat appears in any message sent to it.

>>> from tiangow.online.table import Table, TableConfig
>>> t = Table("demo", TableConfig())
>>> t.apply(t.propose_deal())
>>> msg = event_view(t, t.last, 1)
>>> msg["type"], len(msg["tiles"]), "seed" in msg
('dealt', 8, False)
>>> "tiles" in event_view(t, t.last, "watch")
False
"""

from __future__ import annotations

from typing import Any

from ..deal import Action, Deal, DealView, Trick
from ..tiles import Tile
from .table import SPECTATOR, Event, Role, Table

__all__ = ["event_view", "snapshot", "tiles_of", "over_view", "deal_view"]


def tiles_of(tiles: tuple[Tile, ...] | list[Tile] | None) -> list[str] | None:
    """Tiles as their notation (``"6-6"``), or ``None`` for tiles face down."""
    return None if tiles is None else [t.notation for t in tiles]


def _seat_of(role: Role) -> int | None:
    return None if role == SPECTATOR else int(role)


def _public(d: Deal, role: Role) -> DealView:
    """``role``'s view of ``d``: a seat's own view; the spectator's is a seat's view with that
    seat's tiles taken away as well (the public record only)."""
    seat = _seat_of(role)
    if seat is not None:
        return d.view(seat)
    v = d.view(0)
    hide = tuple(None for _ in range(4))
    tricks = tuple(_hide_all(t) for t in v.tricks)
    cur = _hide_all(v.current) if v.current is not None else None
    return DealView(seat=None, hands=hide, hand_sizes=v.hand_sizes, stacks=v.stacks, banker=v.banker,
                    streak=v.streak, rules=v.rules, to_play=v.to_play, leader=v.leader, trick_size=v.trick_size,
                    tricks=tricks, current=cur, is_over=v.is_over, winner=v.winner, immediate=v.immediate,
                    trick=v.trick)


def _hide_all(tr: Trick) -> Trick:
    acts = tuple(a if a.kind != "discard" else a._replace(tiles=None) for a in tr.actions)
    return tr._replace(actions=acts)


def deal_view(t: Table, role: Role) -> DealView | None:
    """What ``role`` may see of the hand in play (every tile once it is over), or ``None``."""
    d = t.deal
    if d is None:
        return None
    return d.full_view() if d.is_over else _public(d, role)


def _action(a: Action) -> dict[str, Any]:
    return {"seat": a.seat, "kind": a.kind, "tiles": tiles_of(a.tiles), "size": a.size}


def _trick(tr: Trick) -> dict[str, Any]:
    return {"number": tr.number, "leader": tr.leader, "size": tr.size, "actions": [_action(a) for a in tr.actions],
            "winner": tr.winner, "last": tr.is_last}


def over_view(t: Table) -> dict[str, Any]:
    """Everything about the finished hand in play: sent to every role (``record``: enough to deal
    it again and replay it, for each seat's review)."""
    d = t.deal
    assert d is not None and d.is_over
    full = d.full_view()
    ev, *played = t.this_hand
    moves = [e["move"] for e in played]
    # who made each move: a seat's review marks only its human's
    by = "".join("h" if e.get("by") == "human" else "b" for e in played)
    seed = str(ev["seed"])  # a string: 128 bits do not survive a page's JSON numbers
    return {"record": {"seed": seed, "banker": ev["banker"], "streak": ev["streak"], "hand": ev["hand"],
                       "rules": t.config.rules.to_dict(), "moves": moves, "by": by, "opp": [t.config.bots, 20]},
            "winner": d.winner, "net": list(t.last_net), "totals": list(t.totals), "seed": seed,
            "hands": [tiles_of(d.initial_holding(s)) for s in range(4)], "stacks": list(d.stacks),
            "tricks": [_trick(tr) for tr in full.tricks], "next_banker": t.banker, "next_streak": t.streak,
            "natural": d.natural[1].name if d.natural is not None else None}


def event_view(t: Table, ev: Event, role: Role) -> dict[str, Any]:
    """What ``role`` is sent of event ``ev``, just applied to ``t``."""
    kind = ev["type"]
    out: dict[str, Any] = {"seq": ev["seq"], "type": kind}
    d = t.deal
    if kind == "dealt":
        assert d is not None
        out.update(hand=ev["hand"], banker=ev["banker"], streak=ev["streak"], hand_size=d.rules.hand_size)
        seat = _seat_of(role)
        if seat is not None:
            out["tiles"] = tiles_of(d.initial_holding(seat))
    elif kind == "moved":
        assert d is not None
        a = d.history[-1]
        seen = a.kind != "discard" or a.seat == role or d.is_over
        out.update(seat=a.seat, kind=a.kind, size=a.size, trick=a.trick, by=ev["by"],
                   tiles=tiles_of(a.tiles) if seen else None)
        done = d.completed_tricks
        if done and done[-1].number == a.trick:
            out["won"] = {"winner": done[-1].winner, "stacks": list(d.stacks)}
    elif kind in ("seated", "agreed"):
        out["seat"] = ev["seat"]
    if kind in ("dealt", "moved") and d is not None and d.is_over:
        out["over"] = over_view(t)
    return out


def snapshot(t: Table, role: Role, now: float) -> dict[str, Any]:
    """Everything ``role`` needs to draw the table now (a fresh connection, or one that
    missed too much): the table's state, the hand as ``role`` may see it, and its legal moves
    when it is to act. The tricks already won are not repeated (each page was sent them as events,
    and the table drawn): a snapshot stays small however far the hand has gone."""
    d = t.deal
    v = deal_view(t, role)
    seat = _seat_of(role)
    out: dict[str, Any] = {
        "type": "snapshot", "seq": t.seq, "code": t.code, "role": role, "hand": t.hand, "banker": t.banker,
        "streak": t.streak, "totals": list(t.totals), "hands_played": t.hands_played, "ended": t.ended,
        "seats": [t.controller(s, now) for s in range(4)], "seated": sorted(t.seated), "agreed": sorted(t.agreed),
        "bots": t.config.bots, "hints": t.config.hints, "rules": t.config.rules.to_dict(), "legal": [],
    }
    if d is not None and v is not None:
        out["deal"] = {
            "banker": v.banker, "streak": v.streak, "to_play": v.to_play, "stacks": list(v.stacks),
            "hand_sizes": list(v.hand_sizes), "tricks_done": len(v.tricks),
            "current": _trick(v.current) if v.current is not None else None,
            "mine": tiles_of(v.hands[seat]) if seat is not None and v.hands[seat] is not None else None,
            "over": d.is_over,
        }
        out["legal"] = [str(m) for m in d.legal_moves()] if seat is not None and d.to_play == seat else []
        if d.is_over:
            out["over"] = over_view(t)
    return out
