"""The "Play with friends" page's widget: create a shared table and share its links; and the
review of one's own play at a table.

Its page module (``friends.js``) asks the table service (:mod:`tiangow.online.service`) for a
table; each link it hands out opens the service's own seat page (:mod:`tiangow.online.page`:
no kernel per player). The service is the one the page's ``?s=`` names (the static site's pages,
which have no server of their own), else the one ``TIANGOW_TABLES_URL`` names, else the app's
own (``python -m tiangow.app``: the page's own address). A seat page sends its player here
(``#review=…``) for the review of their play: this page's kernel works out the coach's marks.
"""

from __future__ import annotations

import html
import os
import sys
from typing import Any

import ipywidgets as w
import traitlets

from ..coach.record import HandRecord, marked
from ..coach.review import Review
from ..drills.base import now_ms
from ..drills.play import PlayRecord
from ..i18n import LANGS, Lang, T, Text
from ..online.page import LABELS as TABLE_LABELS
from ..online.page import labels
from ..players.base import BotError
from ..svg import tile_svg
from .pagewidget import PageWidget, esm
from .review import ReviewPanel
from .settings import VARIANT_CHOICES
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["FriendsTable", "TableWidget", "LABELS", "table_record", "bot_moves"]

LABELS: dict[str, Text] = {
    **TABLE_LABELS,
    "review_working": T("教練在看你每一步……", "The coach is going through each of your moves…"),
    "bad_review": T("這個覆盤連結不完整。", "This review link is not complete."),
}
"""Every word the page module shows, in each language (seat names are added)."""


def _json_value(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(n.name for n in value)
    return value


def _variants() -> list[dict[str, Any]]:
    return [{"field": field, "label": {lang: label(lang) for lang in LANGS},
             "options": [{"value": _json_value(v), "label": {lang: t(lang) for lang in LANGS}} for v, t in options]}
            for field, label, options in VARIANT_CHOICES]


def _picture() -> str:
    """An empty table: four seats of face-down tiles (what the page shows before a table exists)."""
    back = tile_svg(None, 14)
    seats = "".join(f'<div class="tg-friends-seat" data-seat="{s}">{back * 8}</div>' for s in range(4))
    return f'<div class="tg-friends-empty" aria-hidden="true">{seats}</div>'


class TableWidget(PageWidget):
    """The page module's part (see the module's docstring): it talks to the table service, and
    to the kernel only to ask for the review of its seat's play once a hand is over."""

    _esm = esm("friends.js")
    _css = """
.tg-friends { max-width: 820px; }
.tg-friends-field { display: block; margin: 6px 0; }
.tg-friends-variants { margin: 6px 0 10px; }
.tg-friends-variants label { display: block; margin: 4px 0 4px 12px; font-size: 14px; }
.tg-friends-empty { display: grid; grid-template-columns: repeat(2, max-content); gap: 6px 18px; margin-bottom: 8px; }
.tg-friends-link { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0;
  padding-bottom: 6px; border-bottom: 1px solid #eee6d6; }
.tg-friends-link-name { width: 5.5em; }
.tg-friends-link-url { flex: 1 1 16em; min-width: 0; font-size: 13px; }
.tg-friends-qr summary { cursor: pointer; color: #7a4a00; }
.tg-friends-status { font-weight: 600; margin: 4px 0; }
.tg-friends-local { border-left: 4px solid #b3261e; background: #fbe4e2; padding: 6px 10px; margin-bottom: 8px; }
.tg-friends-local b { color: #b3261e; }
.tg-friends-actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.tg-friends-feedback { color: #b3261e; min-height: 1.3em; }
.tg-friends-result { margin: 6px 0; font-weight: 600; }
.tg-friends-board svg.tg-picked { transform: translateY(-6px); outline: 3px solid #f2b705; border-radius: 4px; }
.tg-friends-board svg[role="button"] { cursor: pointer; }
.tg-online-status { color: #555; font-size: 13px; margin-top: 6px; }
@media (max-width: 600px) { .tg-friends-link-name { width: auto; flex: 1 1 100%; } }
"""
    service = traitlets.Unicode("").tag(sync=True)
    """The table service's address ('': the page's own server)."""
    static = traitlets.Bool(False).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    variants: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    picture = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("zh-Hant").tag(sync=True)

    _page_writable = frozenset()  # the page sets nothing: it only asks for a review, by a message
    review_state = traitlets.Unicode("").tag(sync=True)
    """The review asked for: '' (none), 'working', 'shown' or 'failed' (the page shows it)."""

    def __init__(self, service: str | None = None, **kwargs: Any) -> None:
        super().__init__(
            service=service if service is not None else os.environ.get("TIANGOW_TABLES_URL", ""),
            static=sys.platform == "emscripten", labels=labels(LABELS), variants=_variants(), picture=_picture(),
            lang=current_lang(), **kwargs)


_REVIEW_HEAD = T("你這一局的覆盤：每一步的評語、原因，還可以重試。",
                 "The review of your play in this hand: each move's mark and why, and retries.")
def _REVIEW_AWAY(n: int) -> Text:
    return T(f"你不在的時候，電腦替你打了 {n} 步：那些是電腦的，不算你的。",
             f" The bot made {n} of your seat's moves while you were away: they are the bot's, not marked as yours.")


_REVIEW_FAILED = T("這一局不能覆盤：", "This hand cannot be reviewed: ")


def table_record(data: object, seat: object) -> HandRecord:
    """The finished hand a page sends (the table's ``over.record``) as ``seat``'s record, with
    the coach's mark on each of that seat's actions (as lesson 08 marks them when they are
    made). Untrusted input: checked by :meth:`HandRecord.from_json`."""
    if not isinstance(data, dict):
        raise BotError("a hand to review is an object")
    by = data.get("by")
    data = {k: v for k, v in data.items() if k != "by"}
    rec = HandRecord.from_json({**data, "seat": seat}, marked=False)
    if not rec.deal().is_over:
        raise BotError("only a finished hand is reviewed (R-W1)")
    if by is None:
        return marked(rec)
    if not isinstance(by, str) or len(by) != len(rec.moves) or set(by) - {"h", "b"}:
        raise BotError("who made each move is one letter a move, h (a human) or b (a bot)")
    return marked(rec, only={k for k, who in enumerate(by) if who == "h"})


def bot_moves(data: object, seat: int) -> int:
    """How many of ``seat``'s moves in a table's finished hand a bot made (its human away)."""
    if not isinstance(data, dict) or not isinstance(data.get("by"), str):
        return 0
    rec = HandRecord.from_json({k: v for k, v in data.items() if k != "by"} | {"seat": seat}, marked=False)
    return sum(1 for k, a in enumerate(rec.deal().history) if a.seat == seat and data["by"][k:k + 1] == "b")


class FriendsTable(w.VBox):
    """The page: the table (:class:`TableWidget`), and below it the review of the learner's own
    play once a hand is over (lesson 08's :class:`~tiangow.widgets.review.ReviewPanel`: marks,
    why, retry), its mistakes kept in lesson 08's deck when ``page`` (the page's
    :class:`~tiangow.widgets.ReferencePage`) is given."""

    def __init__(self, page: Any = None, service: str | None = None) -> None:
        self.page = page
        self.table = TableWidget(service)
        self.note = w.HTML()
        self.review_panel = ReviewPanel(on_mistake=self._on_mistake)
        self.review_panel.layout.display = "none"
        self.table.on_msg(self._message)
        self._note: tuple[str, Text, str] | None = None  # (class, text, detail): drawn again in each language
        on_language(self._draw_note)
        super().__init__([self.table, self.note, self.review_panel])

    def _draw_note(self, lang: Lang) -> None:
        if self._note is not None:
            cls, text, detail = self._note
            self.note.value = STYLE + f'<div class="{cls}">{html.escape(text(lang))}{html.escape(detail)}</div>'

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if not (isinstance(content, dict) and content.get("type") == "review"):
            return
        self.table.review_state = "working"
        try:
            rec = table_record(content.get("record"), content.get("seat"))
        except (ValueError, TypeError) as exc:  # a page's request never crashes the kernel
            self.table.review_state = "failed"
            self._note = ("tg-feedback-wrong", _REVIEW_FAILED, str(exc))
            self._draw_note(current_lang())
            return
        away = bot_moves(content.get("record"), rec.seat)
        self._note = ("tg-prose", _REVIEW_HEAD + (_REVIEW_AWAY(away) if away else T("", "")), "")
        self._draw_note(current_lang())
        self.review_panel.layout.display = ""
        self.review_panel.show(Review(rec))
        self.table.review_state = "shown"

    def _on_mistake(self, position: HandRecord, right: bool) -> None:
        """A retry ended: kept in (or answered in) lesson 08's mistakes deck, as lesson 08 does."""
        store = getattr(self.page, "store", None)
        if store is None or not getattr(store, "loaded", False):
            return
        state = store.lesson("08_play")
        drills = dict(state.get("drills") or {})
        record = PlayRecord()
        record.load(drills.get(record.id))
        if right:
            record.answer_mistake(position.key(), True, now_ms())
        else:
            record.keep_mistake(position, now_ms())
        drills[record.id] = record.state()
        state["drills"] = drills
        store.save("08_play", state)
