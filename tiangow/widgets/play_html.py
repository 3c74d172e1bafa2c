"""The HTML of lesson 08's table, drawn from a game session: pure functions, beside
:mod:`tiangow.widgets.render` (which draws the table itself from a deal's view). The
:class:`~tiangow.widgets.PlayTable` widget puts each in its part of the page."""

from __future__ import annotations

import html

from ..coach.hints import Hint
from ..draw import hint_box_html, status_text
from ..drills.session import Session
from ..i18n import Lang, T, Text, bracketed, colon, listed, seat_name
from ..search import core_in_use
from .render import history_html, table_html
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
    state = "over" if d.is_over else "your-turn" if s.learner_to_act else "bots"
    text = status_text(d.view(me), me)
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
    return hint_box_html(s.deal.view(s.seat), hint, stage, lang)


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
