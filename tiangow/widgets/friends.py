"""The "Play with friends" page's widget: create a shared table, share its links, play at it.

Its page module (``friends.js``) talks to the table service (:mod:`tiangow.online.service`)
itself, over the page's own WebSocket: the kernel only draws the widget, so a table needs no
kernel per player, and everything shown of a table is drawn by the service from that seat's
view. The service is the one the page's ``?s=`` names (the static site's pages, which have no
server of their own), else the one ``TIANGOW_TABLES_URL`` names, else the app's own
(``python -m tiangow.app``: the page's own address).
"""

from __future__ import annotations

import html
import os
import sys
from typing import Any

import ipywidgets as w
import traitlets

from ..bots.base import BotError
from ..bots.record import HandRecord, marked
from ..bots.review import Review
from ..drills.base import now_ms
from ..drills.play import PlayRecord
from ..i18n import LANGS, T, Text, seat_name
from ..svg import tile_svg
from .pagewidget import PageWidget, esm
from .render import CSS
from .review import ReviewPanel
from .settings import VARIANT_CHOICES
from .text import current_lang
from .views import STYLE

__all__ = ["FriendsTable", "TableWidget", "LABELS", "table_record"]

LABELS: dict[str, Text] = {
    "bots": T("空位由電腦打：", "Bots in the empty seats:"),
    "bots_rule": T("中：規則電腦", "medium: rule-based bots"),
    "bots_search": T("強：搜尋電腦", "strong: search bots"),
    "hints": T("准許提示（教練）", "Hints allowed (the coach)"),
    "variants": T("規則的變化（預設：吳氏 1886 的玩法）", "Rule variants (default: as Ng 1886 plays)"),
    "create": T("開一張枱", "Create a table"),
    "create_failed": T("開不到枱：", "The table could not be created:"),
    "links_intro": T("每個座位有自己的連結：把連結傳給朋友（或者讓他們用手機掃描二維碼）。沒有人坐的位由電腦打。"
                     "旁觀連結只可以看，適合老師。你自己也坐下的話，打開你那個座位的連結。",
                     "Each seat has its own link: send one to each friend (or let them scan its QR code with a "
                     "phone). Bots play the seats nobody takes. The spectator's link only watches: for a "
                     "teacher. To play yourself, open your own seat's link."),
    "local_only": T("這些連結只有這台電腦能打開。", "Only this computer can open these links."),
    "local_fix": T("它們指向 localhost（這台電腦自己），家人的手機無法打開。要讓同一個網絡（例如家裏的 Wi-Fi）上的手機加入："
                   "用 python -m tiangow.app --network 重新開啟課程，再開一張枱；遠方的朋友需要一台公開的主機（見 docs/online.md）。",
                   "They point to localhost (this computer itself), which a family member's phone cannot open. To let "
                   "phones on the same network (your home Wi-Fi) join, start the course again with python -m "
                   "tiangow.app --network and create a table; for friends far away, a public host (see "
                   "docs/online.md)."),
    "new_table": T("再開一張枱", "Create another table"),
    "watch": T("旁觀", "Spectator"),
    "copy": T("複製", "Copy"),
    "copied": T("已複製", "Copied"),
    "sit_here": T("坐這個位 →", "Sit here →"),
    "watch_here": T("旁觀 →", "Watch →"),
    "qr": T("二維碼", "QR code"),
    "play": T("出牌（打）", "Play"),
    "discard": T("墊牌", "Discard"),
    "hint": T("提示", "Hint"),
    "hint2": T("看建議", "Show the recommended play"),
    "again": T("再來一局", "Another hand"),
    "review": T("覆盤：看看自己打得怎樣", "Review my play"),
    "review_working": T("教練在看你每一步……", "The coach is going through each of your moves…"),
    "start": T("開始", "Start"),
    "lobby": T("已經坐下的：{seats}。大家都按「開始」就發牌；沒有人坐的位由電腦打。",
               "Seated: {seats}. The hand is dealt when everyone seated presses Start; bots play the empty seats."),
    "waiting_start": T("等其他人按「開始」。", "Waiting for the others to press Start."),
    "end": T("散枱", "End the table"),
    "end_confirm": T("真的要散枱嗎？", "End this table for everyone?"),
    "pick_first": T("先點選要出的牌。", "Select tiles first."),
    "thinking": T("教練想緊……", "The coach is thinking…"),
    "your_turn": T("輪到你", "your turn"),
    "to_act": T("輪到{seat}", "{seat} to act"),
    "you_are": T("你坐{seat}", "You are {seat}"),
    "watching": T("你在旁觀", "You are watching"),
    "hand_no": T("第 {n} 局", "hand {n}"),
    "won_by": T("{seat}贏了這一局。", "{seat} won the hand."),
    "totals": T("累計：", "Running score:"),
    "waiting_again": T("等其他人也按「再來一局」。", "Waiting for the others to ask for another hand."),
    "ended": T("這張枱已經散了。", "This table has ended."),
    "recommended": T("建議：{move}。", "Recommended: {move}."),
    "expected": T("預計 {net}", "expected {net}"),
    "connecting": T("連接中……", "Connecting…"),
    "reconnecting": T("斷了線，重新連接中……", "Connection lost, reconnecting…"),
    "needs_server": T("一齊打的枱要有伺服器：用 python -m tiangow.app 開課程，或者在 Binder 上打開這一頁。",
                      "Shared tables need a server: start the course with python -m tiangow.app, or open this "
                      "page on Binder."),
}
"""Every word the page module shows, in each language (seat names are added)."""


def _labels() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        words = {key: text(lang) for key, text in LABELS.items()}
        words.update({f"seat{s}": seat_name(s, lang) for s in range(4)})
        out[lang] = words
    return out


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
    table_css = traitlets.Unicode("").tag(sync=True)
    """The style of the table's drawings (lesson 08's), which the service leaves out of each one."""

    _page_writable = frozenset()  # the page sets nothing: it only asks for a review, by a message
    review_state = traitlets.Unicode("").tag(sync=True)
    """The review asked for: '' (none), 'working', 'shown' or 'failed' (the page shows it)."""

    def __init__(self, service: str | None = None, **kwargs: Any) -> None:
        super().__init__(
            service=service if service is not None else os.environ.get("TIANGOW_TABLES_URL", ""),
            static=sys.platform == "emscripten", labels=_labels(), variants=_variants(), picture=_picture(),
            lang=current_lang(), table_css=STYLE + CSS, **kwargs)


_REVIEW_HEAD = T("你這一局的覆盤：每一步的評語、原因，還可以重試。",
                 "The review of your play in this hand: each move's mark and why, and retries.")
_REVIEW_FAILED = T("這一局不能覆盤：", "This hand cannot be reviewed: ")


def table_record(data: object, seat: object) -> HandRecord:
    """The finished hand a page sends (the table's ``over.record``) as ``seat``'s record, with
    the coach's mark on each of that seat's actions (as lesson 08 marks them when they are
    made). Untrusted input: checked by :meth:`HandRecord.from_json`."""
    if not isinstance(data, dict):
        raise BotError("a hand to review is an object")
    rec = HandRecord.from_json({**data, "seat": seat}, marked=False)
    if not rec.deal().is_over:
        raise BotError("only a finished hand is reviewed (R-W1)")
    return marked(rec)


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
        super().__init__([self.table, self.note, self.review_panel])

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if not (isinstance(content, dict) and content.get("type") == "review"):
            return
        self.table.review_state = "working"
        try:
            rec = table_record(content.get("record"), content.get("seat"))
        except (ValueError, TypeError) as exc:  # a page's request never crashes the kernel
            self.table.review_state = "failed"
            self.note.value = STYLE + f'<div class="tg-feedback-wrong">{html.escape(_REVIEW_FAILED(current_lang()))}' \
                f"{html.escape(str(exc))}</div>"
            return
        self.note.value = STYLE + f'<div class="tg-prose">{html.escape(_REVIEW_HEAD(current_lang()))}</div>'
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
