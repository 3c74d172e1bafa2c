"""The HTML of lesson 08's table, drawn from a game session: pure functions, beside
:mod:`tiangow.widgets.render` (which draws the table itself from a deal's view). The
:class:`~tiangow.widgets.PlayTable` widget puts each in its part of the page."""

from __future__ import annotations

import html

from ..bots.hints import Hint, net_digits, outcome_text, ranking_note
from ..bots.session import Session
from ..i18n import Lang, T, Text, bracketed, colon, listed, seat_name
from ..search import core_in_use
from .render import history_html, table_html, tiles_html
from .scoring import settlement_html
from .settings import VARIANT_CHOICES
from .views import STYLE

__all__ = ["deal_line_html", "status_html", "feedback_line_html", "session_table_html", "hint_html",
           "tricks_html", "result_html", "running_score_html"]


def deal_line_html(s: Session, lang: Lang) -> str:
    """The hand number, deal number, banker and streak, your seat and the variants in force (and,
    for tests, which search the coach runs on: ``data-search``)."""
    d = s.deal
    m = d.multiplier
    banker = seat_name(d.banker, lang)
    variants = listed((f"{label(lang)}{colon(lang)}{text(lang)}" for name, label, options in VARIANT_CHOICES
                       for value, text in options[1:] if getattr(s.rules, name) == value), lang, sep="；") \
        or T("預設規則", "default rules")(lang)
    return (STYLE + f'<div class="tg-muted tg-deal-line" data-seed="{s.deal_seed}" data-banker="{d.banker}" '
            f'data-streak="{d.streak}" data-search="{core_in_use()}">'
            + html.escape(T(f"第 {s.hand_number} 局 · 牌局編號 {s.deal_seed} · 莊家：{banker}（連莊第 {d.streak} 局，倍數 ×{m}）· 你是{seat_name(s.seat, 'zh-Hant')} · {variants}",
                            f"Hand {s.hand_number} · deal #{s.deal_seed} · banker {banker} (hand {d.streak} of the streak, ×{m}) · you are {seat_name(s.seat)} · {variants}")(lang))
            + "</div>")


def status_html(s: Session, lang: Lang) -> str:
    """Whose turn it is (yours: what to do), or who won the hand."""
    d = s.deal
    me = s.seat
    if d.is_over:
        state = "over"
        who = d.winner if d.winner is not None else 0
        text = (T("你贏了這一局！", "You won the hand!") if who == me
                else T(f"{seat_name(who, 'zh-Hant')}贏了這一局。", f"{seat_name(who)} won the hand."))
    elif s.learner_to_act:
        state = "your-turn"
        size = d.trick_size
        text = (T("輪到你先出：選一手牌，按「出牌」。", "Your lead: select a play and press Play.") if size is None
                else T(f"輪到你：打 {size} 張贏這一墩，或者墊 {size} 張。",
                       f"Your turn: play {size} tile{'s' if size > 1 else ''} to beat the trick, or discard {size}."))
    else:
        state = "bots"
        who = d.to_play if d.to_play is not None else 0
        text = T(f"{seat_name(who, 'zh-Hant')}在想……", f"{seat_name(who)} is thinking…")
    # data-step (actions so far) and data-hand (your tiles) let a page script, or a test, tell
    # a fresh state from one still on its way; data-size: the tiles to play (0: a lead).
    hand_text = " ".join(t.notation for t in d.holding(me))
    return (STYLE + f'<div class="tg-prose tg-status" data-state="{state}" '
            f'data-step="{len(d.history)}" data-hand="{hand_text}" data-size="{d.trick_size or 0}">'
            f"<b>{html.escape(text(lang))}</b></div>")


def feedback_line_html(feedback: tuple[str, Text] | None, step: int, lang: Lang) -> str:
    """The line under your tiles: a refusal, or the coach's mark on the move made at ``step``."""
    if feedback is None:
        return ""
    kind, msg = feedback
    mark = f' data-mark="{kind[5:]}" data-step="{step}"' if kind.startswith("mark-") else ""
    cls = f"tg-{kind}" if kind.startswith("mark-") else f"tg-feedback-{kind}"
    text = msg(lang)
    why = ""
    for cue in ("Why: ", "原因："):
        if kind.startswith("mark-") and cue in text:
            # the reason reads as prose under the mark, not as more of the coloured verdict
            text, reason = text.split(cue, 1)
            why = f'<div class="tg-why"><b>{html.escape(cue.strip())}</b> {html.escape(reason)}</div>'
            break
    return STYLE + f'<div class="{cls} tg-feedback-line"{mark}>{html.escape(text.strip())}{why}</div>'


def session_table_html(s: Session, lang: Lang) -> str:
    """The table as your seat sees it, with the previous trick."""
    return table_html(s.deal.view(s.seat), lang, you=s.seat, previous=True, seat_width=24, hide_own=True)


def hint_html(s: Session, hint: Hint | None, stage: int, lang: Lang) -> str:
    """The hint at ``stage`` 1 (a nudge) or 2 (the recommended move, why, and every option's outcome)."""
    h = hint
    if h is None or stage == 0:
        return ""
    parts = [f'<div class="tg-hint-nudge"><b>{html.escape(T("想一想：", "Think: ")(lang))}</b>'
             f"{html.escape(h.nudge(lang))}</div>"]
    rec = h.recommended
    data = ""
    if stage >= 2:
        view = s.deal.view(s.seat)
        data = (f' data-tiles="{" ".join(t.notation for t in rec.tiles)}" '
                f'data-discard="{str(rec.discard).lower()}"')
        parts.append(f'<div class="tg-hint-rec"><b>{html.escape(T("建議：", "Recommended: ")(lang))}'
                     f"{html.escape(rec.text(view)(lang))}</b> {tiles_html(rec.tiles, lang, 18)}<br>"
                     f"{html.escape(h.reason(lang))}</div>")
        n = h.options[0].samples
        k = h.ending_from
        played = (T(f"把你沒看見的牌隨機分配 {n} 次，每次由規則機械人把這一局打完：平均淨輸贏和贏局的比率",
                    f"The tiles you have not seen dealt at random {n} times, each hand played out by the rule-based "
                    "player: the mean net and how often you win the hand") if k is None else
                  T(f"把你沒看見的牌隨機分配 {n} 次，每次你按那一次的牌打最好的、其他三家由規則機械人打，到每家剩 {k} 張，"
                    "再精算到底（其他三家合力對付你）：平均淨輸贏和贏局的比率——你的每一步是知道那一次所有的牌才選的，"
                    "所以數字偏樂觀",
                    f"The tiles you have not seen dealt at random {n} times; in each, you play your best for that "
                    f"deal and the other three as the rule-based player until {k} tiles a hand, then it is searched "
                    "exactly to the end with the other three playing their best against you: the mean net and how "
                    "often you win the hand — your steps are chosen knowing every tile of that deal, so the figures "
                    "are on the hopeful side") if h.options[0].own_best else
                  T(f"把你沒看見的牌隨機分配 {n} 次，每次由規則機械人打到每家剩 {k} 張，再精算到底（其他三家合力對付你）："
                    "平均淨輸贏和贏局的比率",
                    f"The tiles you have not seen dealt at random {n} times, each hand played by the rule-based "
                    f"player until {k} tiles a hand, then searched exactly to the end with the other three playing "
                    "their best against you: the mean net and how often you win the hand"))
        m = h.options[0].left_out  # deals drawn but too costly to search: said, not hidden
        left_out = (T(f"另外 {m} 次要算太久，沒有算在內。",
                      f" {m} more {'deal' if m == 1 else 'deals'} would have taken too long to search and "
                      f"{'is' if m == 1 else 'are'} left out.") if m else T("", ""))
        how = (T(f"把你沒看見的牌隨機分配 {n} 次，每次算到底（其他三家合力對付你）：每次你保證得到的淨輸贏，取平均；"
                 "每次都一樣時才說「保證」。",
                 f"The tiles you have not seen dealt at random {n} times, each deal searched to the end with the "
                 "other three playing their best against you: the net you can guarantee in each, averaged; "
                 "“guaranteed” only when every deal gives the same.") + left_out if h.exact else
               played + T("（這個位置變化太多，精算足夠的次數會超過提示的時間）。",
                          " (this position has too many ways to go on for an exact search of enough deals within "
                          "a hint's time).") if h.too_long else
               played + T(f"（每家剩 {h.exact_from} 張或以下時，才每次從現在精算到底：現在精算太慢）。",
                          f" (each deal is searched exactly from now to the end once hands have {h.exact_from} "
                          "tiles or fewer; before that it would take too long)."))
        how = how + T("淨輸贏由現在算到局末：結算加上之後的賀尊、四大賀錢；之前已付的不算。",
                      " The net counts from now to the end of the hand: the settlement plus any 賀尊 or 四大賀 "
                      "money still to come, not money already paid.")
        only = len(h.options) == 1 and n == 0
        if only:  # nothing was dealt or worked out: there is nothing to compare
            how = T("只有這一個選擇，不用比較，所以沒有計算。", "It is the only action open: there is nothing to "
                    "compare, so nothing was worked out.")
        note = ranking_note(h)
        if note is not None:
            how = how + T("", " ") + note
        digits = net_digits(h.options)  # never two options shown alike that the samples tell apart
        rows = "".join(
            f'<tr data-option="{i}" data-tiles="{" ".join(t.notation for t in o.move.tiles)}" '
            f'data-discard="{str(o.move.discard).lower()}"><td>{html.escape(o.move.text(view)(lang))}</td>'
            f"<td>{html.escape((T('唯一的選擇', 'the only action open') if only else outcome_text(o, True, digits[i]))(lang))}</td></tr>"
            for i, o in enumerate(h.options))
        parts.append(f'<div class="tg-muted">{html.escape(how(lang))}</div>'
                     f'<table class="tg-options">{rows}</table>')
    step = len(s.deal.history)
    return (STYLE + f'<div class="tg-hintbox" data-stage="{stage}" data-step="{step}"{data}>'
            + "".join(parts) + "</div>")


def tricks_html(s: Session, show: bool, lang: Lang) -> str:
    """The tricks so far (when ``show``, or once the hand is over, every discard then turned up)."""
    d = s.deal
    if not d.completed_tricks or not (show or d.is_over):
        return ""
    # Over: the full view, every face-down discard turned up; before: what you have seen.
    reveal = d.is_over
    view = d.full_view() if reveal else d.view(s.seat)
    note = (T("牌局完了，蓋着墊的牌都翻開了。", "The hand is over: every face-down discard is shown.") if reveal
            else T("別人墊的牌蓋着（R-P4）。", "Others' discards stay face down (R-P4)."))
    return (STYLE + f'<div class="tg-caption">{html.escape(T("牌譜", "The tricks")(lang))}</div>'
            f'<div class="tg-muted">{html.escape(note(lang))}</div>' + history_html(view, lang))


def result_html(s: Session, lang: Lang) -> str:
    """The settlement of a finished hand, the next banker and the marks on your moves."""
    st = s.settlement
    if st is None:
        return ""
    counts = s.mark_counts()
    marks = T(f"你的出牌：最佳 {counts['best']}，可以 {counts['fine']}，失誤 {counts['mistake']}。",
              f"Your actions: {counts['best']} best, {counts['fine']} fine, {counts['mistake']} "
              + ("mistake." if counts["mistake"] == 1 else "mistakes."))
    fins = listed((f.label(lang) + bracketed(f.rule, lang) for f in st.finishes), lang)
    extra = f'<div class="tg-muted">{html.escape(T("奇牌：", "Special finish: ")(lang))}{html.escape(fins)}</div>' if fins else ""
    nb = seat_name(st.next_banker, lang)
    nxt = T(f"下一局莊家：{seat_name(st.next_banker, 'zh-Hant')}（連莊第 {st.next_streak} 局，R-B1）",
            f"Next banker: {nb} (hand {st.next_streak} of the streak, R-B1)")
    return (STYLE + f'<div class="tg-card tg-hand-result" data-winner="{st.winner}">'
            + settlement_html(st, lang, T("這一局的結算", "Settlement of this hand"))
            + extra + f'<div class="tg-muted">{html.escape(nxt(lang))}</div>'
            f'<div class="tg-prose">{html.escape(marks(lang))}</div></div>')


def running_score_html(s: Session, lang: Lang) -> str:
    """The running score over the hands played at this table."""
    run = s.running
    you = T("（你）", " (you)")(lang)
    cells = "".join(f'<td data-seat="{x}">{html.escape(seat_name(x, lang))}{html.escape(you) if x == s.seat else ""}'
                    f'{colon(lang)}{f"{run[x]:+d}".replace("-", "−") if run[x] else "0"}</td>' for x in range(4))
    played = s.hands_in_score
    label = T(f"累計（{played} 局）", f"Running score ({played} hand{'s' if played != 1 else ''})")
    return (STYLE + f'<div class="tg-muted tg-running-score" data-hands="{played}">{html.escape(label(lang))}'
            f'<table class="tg-options"><tr>{cells}</tr></table></div>')
