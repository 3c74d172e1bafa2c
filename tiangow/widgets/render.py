"""The table, drawn (:mod:`tiangow.draw`, which the shared tables' pages use as well): the names
the widgets import."""

from __future__ import annotations

from ..draw import CSS, VERBS, history_html, position, seat_html, table_html, tiles_html, trick_html

__all__ = ["VERBS", "CSS", "tiles_html", "seat_html", "trick_html", "table_html", "history_html", "position"]
