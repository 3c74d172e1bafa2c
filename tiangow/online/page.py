"""A seat's page, served by the table service itself: no notebook kernel and no Pyodide per phone.

A seat's link (or the spectator's) opens ``<service>/tiangow/play#t=<token>``: one small page —
the course's style, every tile's face once (:func:`tiangow.svg.faces_svg`), the words of its
buttons in 繁 / 简 / English, and a script (``seat.js``) that holds the table's WebSocket. The
script draws nothing of the game itself: everything shown of the table comes from the service as
*parts* (:func:`parts`) drawn from that role's view only by the course's own drawing
(:mod:`tiangow.draw`: lesson 08's table, its words, its settlement, its hints), tiles drawn as
references to the faces the page already has (:func:`tiangow.svg.by_reference`). Each
connection is sent only the parts that changed since it was last sent them, so a move costs a
seat a few of them, not the whole table. The token travels in the link's fragment, which a
browser does not send to any server (nor to a proxy's log).

Nothing here imports a widget kit.
"""

from __future__ import annotations

import functools
import html
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from ..coach.hints import Hint
from ..deal import DealView
from ..draw import (
    CSS,
    STYLE,
    hint_box_html,
    history_html,
    settlement_html,
    signed,
    status_text,
    table_slots,
    tiles_html,
)
from ..i18n import LANGS, Lang, T, Text, colon, seat_name
from ..svg import by_reference, faces_svg
from .table import SPECTATOR, Role, Table
from .views import deal_view

__all__ = ["LABELS", "labels", "parts", "hint_parts", "seat_page_html", "PART_NAMES"]

_HERE = Path(__file__).parent

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
    "start": T("開始", "Start"),
    "end": T("散枱", "End the table"),
    "end_confirm": T("真的要散枱嗎？", "End this table for everyone?"),
    "pick_first": T("先點選要出的牌。", "Select tiles first."),
    "thinking": T("教練正在想……", "The coach is thinking…"),
    "waiting_start": T("等其他人按「開始」。", "Waiting for the others to press Start."),
    "waiting_again": T("等其他人也按「再來一局」。", "Waiting for the others to ask for another hand."),
    "connecting": T("連接中……", "Connecting…"),
    "reconnecting": T("斷了線，重新連接中……", "Connection lost, reconnecting…"),
    "bad_link": T("這條連結不完整：請再打開一次朋友傳來的連結。",
                  "This link is not complete: open the link your friend sent once more."),
    "title": T("天九 · 和朋友一起打", "Tien Gow · Play with friends"),
    "needs_server": T("一齊打的枱要有伺服器：用 python -m tiangow.app 開課程，或者在 Binder 上打開這一頁。",
                      "Shared tables need a server: start the course with python -m tiangow.app, or open this "
                      "page on Binder."),
}
"""Every word the pages of a table show besides what the service draws (seat names are added)."""

PART_NAMES: Final = ("head", "bottom", "right", "top", "left", "middle", "corner", "status", "hand", "result", "who")
"""The parts of a seat's page, in the order they stand on it."""

_WHO = {"human": T("在線", "here"), "held": T("斷了線，座位保留中", "dropped, seat held"), "bot": T("機械人", "bot")}
_DEALT = T("這一局發的牌：", "The hands as dealt:")
_LOBBY = T("還沒發牌：大家都按「開始」就發第一局；沒有人坐的位由電腦打。",
           "No hand yet: the first is dealt when everyone seated presses Start; bots play the empty seats.")


def _seat(role: Role) -> int | None:
    return None if role == SPECTATOR else int(role)


def _head(t: Table, role: Role, lang: Lang) -> str:
    seat = _seat(role)
    you = (T(f"你坐{seat_name(seat, 'zh-Hant')}", f"You are {seat_name(seat)}") if seat is not None
           else T("你在旁觀", "You are watching"))(lang)
    if t.deal is None:
        line = you
    else:
        d = t.deal
        banker = seat_name(d.banker, lang)
        line = T(f"第 {t.hand} 局 · 莊家：{seat_name(d.banker, 'zh-Hant')}（連莊第 {d.streak} 局，倍數 ×{d.multiplier}）",
                 f"Hand {t.hand} · banker {banker} (hand {d.streak} of the streak, ×{d.multiplier})")(lang) + " · " + you
    return f'<div class="tg-muted tg-deal-line" data-hand="{t.hand}">{html.escape(line)}</div>'


def _hand(v: DealView, seat: int | None, lang: Lang) -> str:
    """One's own tiles, large and named, each a button to select (the page sends the move)."""
    if seat is None or v.is_over or v.hands[seat] is None:
        return ""
    # the button's text names the tile: the drawing inside it is hidden from screen readers
    buttons = "".join(
        f'<button class="tg-pick" data-pick="{t.notation}">'
        + tiles_html((t,), lang, 40).replace(' role="img" ', ' aria-hidden="true" ', 1)
        + f'<span class="tg-pick-label">{html.escape(t.label(lang))}</span></button>'
        for t in v.hands[seat] or ())
    return f'<div class="tg-picker tg-hand" data-hand="{" ".join(t.notation for t in v.hands[seat] or ())}">{buttons}</div>'


def _result(t: Table, lang: Lang) -> str:
    """A finished hand: its itemised settlement, the next banker, every hand as dealt and every
    trick with its discards turned up."""
    d = t.deal
    if d is None or not d.is_over:
        return ""
    st = d.settlement()
    nb = seat_name(st.next_banker, lang)
    nxt = T(f"下一局莊家：{seat_name(st.next_banker, 'zh-Hant')}（連莊第 {st.next_streak} 局，R-B1）",
            f"Next banker: {nb} (hand {st.next_streak} of the streak, R-B1)")
    rows = "".join(f'<div class="tg-dealt-hand" data-seat="{s}"><span class="tg-hand-seat">'
                   f"{html.escape(seat_name(s, lang))}</span>{tiles_html(d.initial_holding(s), lang, 20)}</div>"
                   for s in range(4))
    return (f'<div class="tg-card tg-hand-result" data-winner="{st.winner}">'
            + settlement_html(st, lang, T("這一局的結算", "Settlement of this hand")).removeprefix(STYLE)
            + f'<div class="tg-muted">{html.escape(nxt(lang))}</div></div>'
            f'<div class="tg-online-dealt"><b>{html.escape(_DEALT(lang))}</b>{rows}</div>'
            + history_html(d.full_view(), lang).removeprefix(CSS))


def _who(t: Table, lang: Lang, now: float) -> str:
    who = " · ".join(f"{html.escape(seat_name(s, lang))}{colon(lang)}{html.escape(_WHO[t.controller(s, now)](lang))}"
                     for s in range(4))
    score = " · ".join(f"{html.escape(seat_name(s, lang))} {signed(t.totals[s])}" for s in range(4))
    label = T(f"累計（{t.hands_played} 局）", f"Running score ({t.hands_played} hand{'s' if t.hands_played != 1 else ''})")
    return (f'<div class="tg-online-status">{who}<br>'
            f"{html.escape(label(lang))}{colon(lang)}{score}</div>")


def parts(t: Table, role: Role, lang: Lang, now: float = 0.0) -> dict[str, str]:
    """Every part of ``role``'s page (:data:`PART_NAMES`) in ``lang``, drawn from its view only."""
    seat = _seat(role)
    out = dict.fromkeys(PART_NAMES, "")
    with by_reference():
        out["head"] = _head(t, role, lang)
        out["who"] = _who(t, lang, now)
        v = deal_view(t, role)
        if v is None:
            out["status"] = f'<div class="tg-prose tg-status" data-state="lobby"><b>{html.escape(_LOBBY(lang))}</b></div>'
            return out
        out.update(table_slots(v, lang, you=seat, previous=True, seat_width=24, hide_own=True, acting=False))
        state = "over" if v.is_over else "your-turn" if seat is not None and v.to_play == seat else "others"
        out["status"] = (f'<div class="tg-prose tg-status" data-state="{state}">'
                         f"<b>{html.escape(status_text(v, seat)(lang))}</b></div>")
        out["hand"] = _hand(v, seat, lang)
        out["result"] = _result(t, lang)
    return out


def hint_parts(view: DealView, hint: Hint, lang: Lang) -> dict[str, str]:
    """The coach's hint as lesson 08 shows it: stage 1 (a nudge) and stage 2 (the recommended
    move with its tiles named, why, and every option's outcome)."""
    with by_reference():
        return {str(stage): hint_box_html(view, hint, stage, lang).removeprefix(STYLE) for stage in (1, 2)}


def labels(texts: Mapping[str, Text] = LABELS) -> dict[str, dict[str, str]]:
    """``texts`` in each language, with the seats' names (``seat0`` …): what a page script shows."""
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        words = {key: text(lang) for key, text in texts.items()}
        words.update({f"seat{s}": seat_name(s, lang) for s in range(4)})
        out[lang] = words
    return out


@functools.cache
def seat_page_html() -> str:
    """The page a seat's or the spectator's link opens (the same for every table and role: the
    link's fragment says which). Built once."""
    script = (_HERE / "seat.js").read_text(encoding="utf-8")
    style = (_HERE / "seat.css").read_text(encoding="utf-8")
    picker = (_HERE.parent / "widgets" / "picker.css").read_text(encoding="utf-8")
    words = json.dumps(labels(), ensure_ascii=False).replace("</", "<\\/")
    return ("<!doctype html><html lang=\"zh-Hant\"><head><meta charset=\"utf-8\">"
             '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">'
             f"<title>{html.escape(LABELS['title']('zh-Hant'))}</title>"
             f"{STYLE}{CSS}<style>{picker}{style}</style></head>"
             f'<body class="tg-seat-page">{faces_svg()}'
             '<main class="tg-play-page"><div class="tg-seat-top"><div class="tg-part" data-part="head"></div>'
             '<div class="tg-lang" role="group">'
             '<button type="button" data-lang="zh-Hant">繁</button><button type="button" data-lang="zh-Hans">简</button>'
             '<button type="button" data-lang="en">English</button></div></div>'
             '<div class="tg-table tg-online-table">'
             + "".join(f'<div class="tg-at-{p} tg-part" data-part="{p}"></div>' for p in ("bottom", "right", "top", "left"))
             + '<div class="tg-at-middle tg-part" data-part="middle"></div>'
             '<div class="tg-at-corner tg-prev-trick tg-part" data-part="corner"></div></div>'
             '<div class="tg-part" data-part="status"></div>'
             '<div class="tg-part" data-part="hand"></div>'
             '<div class="tg-act-buttons tg-seat-actions">'
             '<button type="button" class="tg-button tg-primary tg-play"></button>'
             '<button type="button" class="tg-button tg-discard"></button>'
             '<button type="button" class="tg-button tg-info tg-hint-button"></button>'
             '<button type="button" class="tg-button tg-success tg-again"></button></div>'
             '<div class="tg-feedback tg-seat-feedback" role="status" aria-live="polite"></div>'
             '<div class="tg-hint tg-seat-hint"></div>'
             '<div class="tg-part tg-result" data-part="result"></div>'
             '<p class="tg-seat-review" hidden><a class="tg-button" target="_blank" rel="noopener"></a></p>'
             '<div class="tg-part" data-part="who"></div>'
             '<div class="tg-seat-end"><button type="button" class="tg-button tg-end"></button></div>'
             f"</main><script>const TG_LABELS = {words};\n{script}</script></body></html>")
