"""A shared table drawn for one role in one language: lesson 08's drawing of a table
(:func:`tiangow.widgets.render.table_html`) from that role's view only."""

from __future__ import annotations

import html

from ..i18n import Lang, T, colon, seat_name
from ..widgets.render import CSS, history_html, table_html, tiles_html
from ..widgets.views import STYLE
from .table import SPECTATOR, Role, Table
from .views import deal_view

__all__ = ["table_page_html", "TABLE_CSS"]

TABLE_CSS = STYLE + CSS
"""The style every drawing below needs, given to the page once (the drawings leave it out: a
snapshot is sent after every move to every seat)."""

_DEALT = T("這一局發的牌：", "The hands as dealt:")
_WHO = {"human": T("在線", "here"), "held": T("斷了線，座位保留中", "dropped, seat held"), "bot": T("機械人", "bot")}


def table_page_html(t: Table, role: Role, lang: Lang, now: float = 0.0) -> str:
    """The table as ``role`` sees it: the seats around the trick (its own tiles at the bottom
    for a seat), who plays each seat, and the running score; once the hand is over, every hand
    as dealt and every trick, discards face up."""
    v = deal_view(t, role)
    seat = None if role == SPECTATOR else int(role)
    parts = []
    if v is not None:
        parts.append(table_html(v, lang, you=seat).removeprefix(STYLE + CSS))
        d = t.deal
        if d is not None and d.is_over:  # every hand as dealt, and every trick with its discards
            rows = "".join(f'<div class="tg-dealt-hand" data-seat="{s}"><span class="tg-hand-seat">'
                           f"{html.escape(seat_name(s, lang))}</span>{tiles_html(d.initial_holding(s), lang, 20)}</div>"
                           for s in range(4))
            parts.append(f'<div class="tg-online-dealt"><b>{html.escape(_DEALT(lang))}</b>{rows}</div>'
                         + history_html(v, lang).removeprefix(CSS))
    who = " · ".join(f"{html.escape(seat_name(s, lang))}{colon(lang)}{html.escape(_WHO[t.controller(s, now)](lang))}"
                     for s in range(4))
    score = " · ".join(f"{html.escape(seat_name(s, lang))} {t.totals[s]:+d}" for s in range(4))
    parts.append(f'<div class="tg-online-status" data-seq="{t.seq}">{who}<br>{score}</div>')
    return "".join(parts)
