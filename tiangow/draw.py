"""The table, drawn: pure functions from what one seat sees (a :class:`tiangow.DealView`) to HTML.

Every page that shows a table uses these — the lessons' widgets (the trick drills and the
play-out board of lesson 04, the table of lesson 08) and the shared tables' seat pages
(:mod:`tiangow.online.page`), which import no widget kit: four seats around the trick, the viewer at the bottom,
the next seat in turn to the right, the opposite seat at the top (play runs East → South →
West → North, counter-clockwise as the viewer sees it, R-S1). What a seat may not see is not
drawn: a view hides others' tiles and face-down discards; the full view
(:meth:`tiangow.Deal.full_view`) shows everything. The style is in ``table.css``.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable
from pathlib import Path

from .coach.hints import Hint, ranking_note
from .coach.text import outcome_text
from .deal import ActionKind, DealView, Trick
from .i18n import Lang, T, Text, bracketed, colon, listed, seat_name
from .policy import POLICY
from .scoring import Settlement
from .svg import referencing, tile_svg
from .tiles import Tile

__all__ = ["VERBS", "STYLE", "CSS", "SLOTS", "tiles_html", "seat_html", "trick_html", "table_html", "table_slots",
           "history_html", "position", "settlement_html", "signed", "status_text", "hint_box_html"]

_STYLES = Path(__file__).parent / "widgets"
STYLE = "<style>" + (_STYLES / "tiangow.css").read_text(encoding="utf-8") + "</style>"
"""The course's style (type, cards, feedback, marks): every page carries it once."""
CSS = "<style>" + (_STYLES / "table.css").read_text(encoding="utf-8") + "</style>"
"""The table's style (seats, tricks, tiles at the table)."""

VERBS: dict[ActionKind, Text] = {"lead": T("先出", "leads"), "play": T("打", "plays"), "discard": T("墊", "discards")}
"""How an action is said, everywhere a table or a record of tricks shows it."""

_BANKER = T("莊", "banker")
_YOU = T("你", "you")
_LAST = T("（最後一墩）", " (the last trick)")


def position(seat: int, viewer: int) -> int:
    """Where ``seat`` sits as ``viewer`` sees the table: 0 bottom (the viewer), 1 right,
    2 top, 3 left."""
    return (seat - viewer) & 3


def tiles_html(tiles: Iterable[Tile | None], lang: Lang, width: float = 26) -> str:
    """Tiles in a row (``None``: face down)."""
    return "".join(tile_svg(t, width, lang) for t in tiles)


def seat_html(view: DealView, seat: int, lang: Lang, *, you: int | None, width: float = 26,
              hide_own: bool = False, acting: bool = True) -> str:
    """One seat: its name (banker, you), its stacks, and its tiles as ``view`` sees them
    (face down, smaller, when it may not see them). With ``hide_own``, ``you``'s tiles are
    left out (a widget shows them to pick from) and listed in ``data-hand`` instead."""
    return _seat(seat, view.banker, view.stacks[seat], view.hands[seat], view.hand_sizes[seat],
                 acting and seat == view.to_play, lang, you, width, hide_own, referencing())


@functools.lru_cache(maxsize=8192)
def _seat(seat: int, banker: int, n: int, held: tuple[Tile, ...] | None, size: int, to_act: bool, lang: Lang,
          you: int | None, width: float, hide_own: bool, _by_reference: bool) -> str:
    """:func:`seat_html` from what it shows (a table's seats, drawn again after every move, mostly
    show what they showed: kept)."""
    tags = [t(lang) for t, on in ((_BANKER, seat == banker), (_YOU, seat == you)) if on]
    tag = bracketed(listed(tags, lang), lang) if tags else ""
    stacks = T(f"{n} 棟", f"{n} stack{'s' if n != 1 else ''}")(lang)
    hand = ""
    if hide_own and seat == you:
        tiles = ""
        hand = f' data-hand="{" ".join(t.notation for t in held or ())}"'
    elif held is not None:
        tiles = tiles_html(held, lang, width)
    else:
        tiles = tiles_html((None,) * size, lang, width / 2)
    marked = " tg-acting" if to_act else ""
    return (f'<div class="tg-seat{marked}" data-seat="{seat}" data-stacks="{n}"{hand}>'
            f'<div class="tg-seat-name"><b>{html.escape(seat_name(seat, lang))}</b>{html.escape(tag)}</div>'
            f'<div class="tg-muted">{html.escape(stacks)}</div><div class="tg-seat-tiles">{tiles}</div></div>')


def trick_html(trick: Trick, viewer: int, lang: Lang, *, width: float = 26, caption: Text | None = None,
               extra_class: str = "") -> str:
    """A trick laid out as the table sits: each action where its seat is, with who did what;
    discards face down (as far as ``trick`` shows them), the play standing to win outlined."""
    return _trick(trick, viewer, lang, width, caption, extra_class, referencing())


@functools.lru_cache(maxsize=4096)
def _trick(trick: Trick, viewer: int, lang: Lang, width: float, caption: Text | None, extra_class: str,
           _by_reference: bool) -> str:
    best = trick.best_seat
    acts = []
    for a in trick.actions:
        shown: tuple[Tile | None, ...] = a.tiles if (a.kind != "discard" and a.tiles) else (None,) * a.size
        outline = " tg-best" if a.seat == best and a.kind != "discard" else ""
        acts.append(f'<div class="tg-act tg-pos-{position(a.seat, viewer)}{outline}" data-seat="{a.seat}" '
                    f'data-kind="{a.kind}"><div>{html.escape(seat_name(a.seat, lang))} '
                    f'{html.escape(VERBS[a.kind](lang))}</div><div class="tg-act-tiles">{tiles_html(shown, lang, width)}'
                    "</div></div>")
    head = caption(lang) if caption is not None else ""
    if trick.is_last:
        head += _LAST(lang)
    return (f'<div class="tg-trick{" " + extra_class if extra_class else ""}" data-trick="{trick.number}" '
            f'data-last="{str(trick.is_last).lower()}"><div class="tg-trick-caption">{html.escape(head)}</div>'
            f'<div class="tg-trick-grid">{"".join(acts)}</div></div>')


def _won_by(trick: Trick) -> Text:
    who = trick.winner or 0
    return T(f"第 {trick.number} 墩：{seat_name(who, 'zh-Hant')}贏", f"Trick {trick.number}: won by {seat_name(who)}")


SLOTS = ("bottom", "right", "top", "left", "middle", "corner")
"""The places of a table as its viewer sees it (``tg-at-<slot>``): the four seats, the trick in
the middle, and the previous trick in a corner."""


def table_slots(view: DealView, lang: Lang, *, you: int | None = None, width: float = 26, previous: bool = False,
                seat_width: float | None = None, hide_own: bool = False, acting: bool = True) -> dict[str, str]:
    """Each place of the table (:data:`SLOTS`) as ``view`` sees it from ``you``'s seat (default:
    the view's seat, or the banker in the full view): the seats, the trick in progress or, between
    tricks, the trick just won; with ``previous``, also the trick before (in the corner); with
    ``hide_own``, without ``you``'s tiles (shown elsewhere to pick from); with ``acting=False``,
    without marking the seat to act (a page that marks it itself). A page that has the table
    needs only the places that changed."""
    me = you if you is not None else (view.seat if view.seat is not None else view.banker)
    done = view.tricks
    cur = view.current
    if cur is not None and cur.actions:
        middle = trick_html(cur, me, lang, width=width, caption=T(f"第 {cur.number} 墩", f"Trick {cur.number}"))
    elif done:
        middle = trick_html(done[-1], me, lang, width=width, caption=_won_by(done[-1]))
    else:
        middle = ('<div class="tg-trick tg-muted" data-trick="0" data-last="false">'
                  + html.escape(T(f"{seat_name(view.banker, 'zh-Hant')}（莊家）先出（R-P1）。",
                                  f"{seat_name(view.banker)}, the banker, leads first (R-P1).")(lang)) + "</div>")
    corner = ""
    if previous and cur is not None and cur.actions and done:
        corner = trick_html(done[-1], me, lang, width=width / 2, caption=T("上一墩：", "Previous: ") + T(
            f"{seat_name(done[-1].winner or 0, 'zh-Hant')}贏", f"won by {seat_name(done[-1].winner or 0)}"))
    sw = width if seat_width is None else seat_width
    places = SLOTS[:4]
    out = {places[position(s, me)]: seat_html(view, s, lang, you=you, width=sw, hide_own=hide_own, acting=acting)
           for s in range(4)}
    out["middle"] = middle
    out["corner"] = corner
    return out


def table_html(view: DealView, lang: Lang, *, you: int | None = None, width: float = 26, previous: bool = False,
               seat_width: float | None = None, hide_own: bool = False) -> str:
    """The whole table as ``view`` sees it (:func:`table_slots`, each in its place)."""
    slots = table_slots(view, lang, you=you, width=width, previous=previous, seat_width=seat_width,
                        hide_own=hide_own)
    seats = "".join(f'<div class="tg-at-{p}">{slots[p]}</div>' for p in SLOTS[:4])
    corner = f'<div class="tg-at-corner tg-prev-trick">{slots["corner"]}</div>' if slots["corner"] else ""
    return STYLE + CSS + f'<div class="tg-table">{seats}<div class="tg-at-middle">{slots["middle"]}</div>{corner}</div>'


def history_html(view: DealView, lang: Lang, *, width: float = 14) -> str:
    """Every finished trick in a row each: who did what (discards as ``view`` sees them) and
    who took how many stacks."""
    rows = []
    for tr in view.tricks:
        acts = []
        for a in tr.actions:
            tiles: tuple[Tile | None, ...] = a.tiles if a.tiles is not None else (None,) * a.size
            acts.append(f'<span class="tg-hact" data-kind="{a.kind}">{html.escape(seat_name(a.seat, lang))} '
                        f"{html.escape(VERBS[a.kind](lang))} {tiles_html(tiles, lang, width)}</span>")
        win = T(f"→ {seat_name(tr.winner or 0, 'zh-Hant')}贏 {tr.size} 棟", f"→ {seat_name(tr.winner or 0)} takes {tr.size}")
        rows.append(f'<div class="tg-history-row" data-trick="{tr.number}"><b>{tr.number}</b>'
                    f'{"".join(acts)}<span>{html.escape(win(lang))}</span></div>')
    return CSS + "".join(rows)


def signed(n: int) -> str:
    """A whole number with its sign, and a real minus sign: ``+3``, ``−2``, ``0``."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def settlement_html(s: Settlement, lang: Lang, caption: Text | None = None) -> str:
    """The payments, one row each (who pays whom, how much, why and which rule), and the net."""
    head = T("付款人|收款人|數目|原因|算法|規則", "payer|payee|amount|reason|how|rules")(lang).split("|")
    rows = []
    for p in s.payments:
        reason = p.reason.label(lang)
        if p.covers is not None and p.covers != p.payer:
            reason += T(f"（代{seat_name(p.covers, 'zh-Hant')}）", f" for {seat_name(p.covers)}")(lang)
        rows.append(
            f'<tr class="tg-payment" data-payer="{p.payer}" data-payee="{p.payee}" data-amount="{p.amount}">'
            f"<td>{html.escape(seat_name(p.payer, lang))}</td><td>{html.escape(seat_name(p.payee, lang))}</td>"
            f"<td style='text-align:right'>{p.amount}</td><td>{html.escape(reason)}</td>"
            f"<td>{html.escape(p.formula(lang))}</td><td>{html.escape(listed(p.rules, lang))}</td></tr>"
        )
    net = " · ".join(f"{seat_name(x, lang)} {signed(n)}" for x, n in enumerate(s.net))
    cap = f'<div class="tg-caption">{html.escape(caption(lang))}</div>' if caption else ""
    return (STYLE + cap
            + '<table class="tg-settlement">'
            + "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head)
            + "</tr>" + "".join(rows) + "</table>"
            + f'<div class="tg-net"><b>{html.escape(T("淨輸贏", "Net")(lang))}</b>{colon(lang)}'
            + html.escape(net) + "</div>")


def status_text(view: DealView, me: int | None) -> Text:
    """What the table says to ``me`` (``None``: a spectator): whose turn it is and, on one's own
    turn, what to do — the words of lesson 08 — or who won the hand."""
    if view.is_over:
        who = view.winner if view.winner is not None else 0
        return (T("你贏了這一局！", "You won the hand!") if who == me
                else T(f"{seat_name(who, 'zh-Hant')}贏了這一局。", f"{seat_name(who)} won the hand."))
    if me is not None and view.to_play == me:
        size = view.trick_size
        if size is None:
            return T("輪到你先出：選一手牌，按「出牌」。", "Your lead: select a play and press Play.")
        tiles = f"tile{'s' if size > 1 else ''}"
        why = view.only_discards()
        if why is None:
            return T(f"輪到你：打 {size} 張贏這一墩，或者墊 {size} 張。",
                     f"Your turn: play {size} {tiles} to beat the trick, or discard {size}.")
        if why == "R-W2":
            k = view.stacks[me]
            return T(f"輪到你：你只有 {k} 棟，贏了這最後一墩也不夠兩棟，只能墊 {size} 張（R-W2）。",
                     f"Your turn: you have {k} stack{'s' if k != 1 else ''}, too few to win this last "
                     f"trick (a winner needs 2), so discard {size} (R-W2).")
        if why == "R-C1":
            return T(f"輪到你：你手上沒有牌打得過這一墩，墊 {size} 張（R-C1）。",
                     f"Your turn: nothing you hold beats this trick — discard {size} {tiles} (R-C1).")
        return T(f"輪到你：擒住的牌誰都不能再打，墊 {size} 張（{why}）。",
                 f"Your turn: the capture cannot be beaten — discard {size} {tiles} ({why}).")
    who = view.to_play if view.to_play is not None else 0
    return T(f"{seat_name(who, 'zh-Hant')}在想……", f"{seat_name(who)} is thinking…")


def hint_box_html(view: DealView, hint: Hint | None, stage: int, lang: Lang) -> str:
    """The coach's hint for the seat of ``view`` at ``stage`` 1 (a nudge) or 2 (the recommended
    move, why, and every option's outcome) — lesson 08's and a shared table's alike."""
    h = hint
    if h is None or stage == 0:
        return ""
    parts = [f'<div class="tg-hint-nudge"><b>{html.escape(T("想一想：", "Think: ")(lang))}</b>'
             f"{html.escape(h.nudge(lang))}</div>"]
    rec = h.recommended
    data = ""
    if stage >= 2:
        data = (f' data-tiles="{" ".join(t.notation for t in rec.tiles)}" '
                f'data-discard="{str(rec.discard).lower()}"')
        parts.append(f'<div class="tg-hint-rec"><b>{html.escape(T("建議：", "Recommended: ")(lang))}'
                     f"{html.escape(rec.text(view)(lang))}</b> {tiles_html(rec.tiles, lang, 18)}<br>"
                     f"{html.escape(h.reason(lang))}</div>")
        n = h.options[0].samples
        k = h.ending_from
        played = (T(f"把你沒看見的牌隨機分配 {n} 次，每次由規則機械人把這一局打完：平均淨輸贏、最少和最多，以及贏局的比率",
                    f"The tiles you have not seen dealt at random {n} times, each hand played out by the rule-based "
                    "player: the mean net, the lowest and highest, and how often you win the hand") if k is None else
                  T(f"把你沒看見的牌隨機分配 {n} 次，每次你按那一次的牌打最好的、其他三家由規則機械人打，到每家剩 {k} 張，"
                    "再精算到底（其他三家合力對付你）：平均淨輸贏、最少和最多，以及贏局的比率——你的每一步是知道那一次所有的牌才選的，"
                    "所以數字偏樂觀",
                    f"The tiles you have not seen dealt at random {n} times; in each, you play your best for that "
                    f"deal and the other three as the rule-based player until every player holds {k} tiles, and the rest "
                    "is searched exactly, the other three playing their best against you: the mean net, the lowest "
                    "and highest, and how often you win the hand — your steps are chosen knowing every tile of that deal, so the figures "
                    "are on the hopeful side") if h.options[0].own_best else
                  T(f"把你沒看見的牌隨機分配 {n} 次，每次由規則機械人打到每家剩 {k} 張，再精算到底（其他三家合力對付你）："
                    "平均淨輸贏、最少和最多，以及贏局的比率",
                    f"The tiles you have not seen dealt at random {n} times, each hand played on by the rule-based "
                    f"player until every player holds {k} tiles, and the rest searched exactly, the other three "
                    "playing their best against you: the mean net, the lowest and highest, and how often you win the hand"))
        m = h.options[0].left_out  # deals drawn but too costly to search: said, not hidden
        left_out = (T(f"另外 {m} 次要算太久，沒有算在內。",
                      f" {m} more {'deal' if m == 1 else 'deals'} would have taken too long to search and "
                      f"{'is' if m == 1 else 'are'} left out.") if m else T("", ""))
        how = (T(f"把你沒看見的牌隨機分配 {n} 次，每次算到底（其他三家合力對付你）：每次你保證得到的淨輸贏，取平均，"
                 "以及最少和最多；每次都一樣時才說「保證」。贏局的比率是每次按四家都打最好的打法打完時你贏的次數。",
                 f"The tiles you have not seen dealt at random {n} times, each deal searched to the end with the "
                 "other three playing their best against you: the net you can guarantee in each, averaged, with "
                 "the lowest and highest; “guaranteed” only when every deal gives the same. How often you win "
                 "the hand counts the deals you win when all four play that best line out.") + left_out if h.exact else
               played + T("（這個位置變化太多，精算足夠的次數會超過提示的時間）。",
                          " (this position has too many ways to go on for an exact search of enough deals within "
                          "a hint's time).") if h.too_long else
               played + T(f"（從這一步精算每一副牌到底，要等每家剩 {h.exact_from} 張或以下：現在精算太慢）。",
                          f" (a search of each deal from this move to the end comes once every player holds "
                          f"{h.exact_from} tiles or fewer: now it would take too long)."))
        how = how + T("淨輸贏由現在算到局末：結算加上之後的賀尊、四大賀錢；之前已付的不算。",
                      " The net counts from now to the end of the hand: the settlement plus any 賀尊 or 四大賀 "
                      "money still to come, not money already paid.")
        how = how + T(f"數字只寫整數：對着電腦打，實際得到的通常和這些數字差約 {POLICY.play_error}，多數比數字好，"
                      "所以它們是用來比較哪一個選擇較好，不是預測結果。",
                      f" Nets are whole numbers: played against the computer, what an action nets usually lands "
                      f"about {POLICY.play_error} from its figure, more often above it than below, so the figures compare the "
                      "actions; they do not forecast the result.")
        only = len(h.options) == 1 and n == 0
        if only:  # nothing was dealt or worked out: there is nothing to compare
            how = T("只有這一個選擇，不用比較，所以沒有計算。", "It is the only action open: there is nothing to "
                    "compare, so nothing was worked out.")
        note = ranking_note(h)
        if note is not None:
            how = how + T("", " ") + note
        rows = "".join(
            f'<tr data-option="{i}" data-tiles="{" ".join(t.notation for t in o.move.tiles)}" '
            f'data-discard="{str(o.move.discard).lower()}"><td>{html.escape(o.move.text(view)(lang))}</td>'
            f"<td>{html.escape((T('唯一的選擇', 'the only action open') if only else outcome_text(o, True))(lang))}</td></tr>"
            for i, o in enumerate(h.options))
        parts.append(f'<div class="tg-muted">{html.escape(how(lang))}</div>'
                     f'<table class="tg-options">{rows}</table>')
    step = sum(len(t.actions) for t in view.tricks) + (len(view.current.actions) if view.current is not None else 0)
    return (STYLE + f'<div class="tg-hintbox" data-stage="{stage}" data-step="{step}"{data}>'
            + "".join(parts) + "</div>")
