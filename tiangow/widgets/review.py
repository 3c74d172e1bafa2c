"""The review of a hand in lesson 08: step through it trick by trick with all
four hands shown, each of the learner's actions with the coach's mark, why and the better
action, the costliest three a click away, how good the hand was, and a retry of any action that
was not best (right / wrong / show the answer); a position not put right goes into the "your
mistakes" deck of the learner's progress.

The HTML is drawn by pure functions (:func:`review_head_html`, :func:`review_step_html`); the
:class:`ReviewPanel` widget puts them on the page with the buttons.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable

import ipywidgets as w

from ..coach import ahead
from ..coach.hints import Mark
from ..coach.record import HandRecord, Judged, Retry
from ..coach.review import Review, Strength
from ..coach.text import short_text
from ..deal import Action
from ..drills.base import now_ms
from ..drills.play import PlayRecord
from ..errors import TiangowError
from ..i18n import Lang, T, seat_name
from ..move import Move
from .picker import HoldingPicker
from .render import VERBS, table_html, tiles_html
from .safe import log
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["ReviewPanel", "review_head_html", "review_step_html", "deck_html", "costly_label"]

_log = log

AHEAD_POLL = 5.0
"""Seconds between two looks, while a review is open, at whether the net from the start that
another process is working out (:mod:`tiangow.coach.ahead`) has come."""

MARK_WORDS = {Mark.BEST: T("最佳", "best"), Mark.FINE: T("可以", "fine"), Mark.MISTAKE: T("失誤", "mistake")}


def _minus(x: float, fmt: str = "+.1f") -> str:
    return format(x, fmt).replace("-", "−")


def _action_text(a: Action, lang: Lang) -> str:
    tiles = a.tiles or ()
    names = " + ".join(t.name if lang != "en" else t.caption("en") for t in tiles) if a.kind != "discard" else ""
    return f"{seat_name(a.seat, lang)} {VERBS[a.kind](lang)}" + (f" {names}" if names else "")


def _trick_of(review: Review, k: int) -> int:
    """The number (1–8) of the trick action ``k`` belongs to."""
    a = review.actions[min(k, review.steps - 1)]
    return a.trick


def _as_review(text: str) -> str:
    """A mark as said at the table ("Your last action, …") as read in the review ("You: …")."""
    for said, now in (("Your last action, ", "You: "), ("你剛才", "你當時"), ("你刚才", "你当时")):
        if text.startswith(said):
            return now + text[len(said):]
    return text


def costly_label(review: Review, j: Judged, lang: Lang) -> str:
    """"Trick 3 · lead 人七 · mistake, cost about 7" for the list of the costliest actions (the
    coach's figures as every page shows them: :func:`tiangow.coach.text.short_text`)."""
    a = review.actions[j.at]
    short = short_text(j.loss)
    return T(f"第 {a.trick} 墩 · {_action_text(a, 'zh-Hant')} · {MARK_WORDS[j.mark].zh}，少{short.zh}",
             f"Trick {a.trick} · {_action_text(a, 'en')} · {MARK_WORDS[j.mark].en}, cost {short.en}")(lang)


def review_head_html(review: Review, strength: Strength, lang: Lang) -> str:
    """The review's heading: which hand, how it went, and how good it was to begin with."""
    rec = review.record
    title = T(f"第 {rec.hand} 局的回顧（牌局編號 {rec.seed}）", f"Review of hand {rec.hand} (deal #{rec.seed})")
    marks = {m: sum(j.mark is m for j in review.judged) for m in Mark}
    counts = T(f"你的出牌：最佳 {marks[Mark.BEST]}，可以 {marks[Mark.FINE]}，失誤 {marks[Mark.MISTAKE]}。",
               f"Your actions: {marks[Mark.BEST]} best, {marks[Mark.FINE]} fine, {marks[Mark.MISTAKE]} "
               + ("mistake." if marks[Mark.MISTAKE] == 1 else "mistakes."))
    exp = "" if strength.expected is None else f' data-expected="{strength.expected:.2f}"'
    opened = "" if strength.open_net is None else f' data-open="{strength.open_net}" data-open-from="{strength.open_from}"'
    if strength.open_pending:
        opened += ' data-open-pending="true"'
    return (STYLE + f'<div class="tg-review-head" data-hand="{rec.hand}" data-result="{strength.result}"{exp}{opened}>'
            f'<div class="tg-caption">{html.escape(title(lang))}</div>'
            f'<div class="tg-prose tg-review-verdict">{html.escape(strength.verdict()(lang))} '
            f'{html.escape(counts(lang))}</div>'
            f'<div class="tg-muted tg-review-open">{html.escape(strength.open_text()(lang))}</div></div>')


def review_step_html(review: Review, k: int, lang: Lang, conceal: bool = False) -> str:
    """The hand before action ``k``: all four hands and the trick so far, then what was done
    next — for the learner's actions, the coach's mark, why and the better action (with
    ``conceal``, while the learner tries again: the mark and its cost only)."""
    d = review.position(k)
    view = d.full_view()
    where = T(f"第 {k} 步，共 {review.steps} 步", f"Step {k} of {review.steps}")
    board = table_html(view, lang, you=review.seat, width=22, seat_width=20, previous=True)
    if k >= review.steps:
        st = d.settlement() if d.is_over else None
        nxt = (T(f"局完：{seat_name(st.winner, 'zh-Hant')}贏；你淨得 {_minus(st.net[review.seat], '+d')}。",
                 f"The end: {seat_name(st.winner)} won the hand; you netted {_minus(st.net[review.seat], '+d')}.")
               if st is not None else T("這一局還沒打完。", "The hand is not over."))
        body = f'<div class="tg-prose tg-review-then">{html.escape(nxt(lang))}</div>'
        mark_attr = ""
    else:
        a = review.actions[k]
        j = review.judged_at(k)
        lead = T("下一步：", "Next: ")
        body = (f'<div class="tg-prose tg-review-then"><b>{html.escape(lead(lang))}</b>'
                f"{html.escape(_action_text(a, lang))} {tiles_html(a.tiles or (), lang, 18)}</div>")
        mark_attr = ""
        if j is not None and conceal:
            mark_attr = f' data-mark="{j.mark.value}" data-loss="{j.loss:.2f}" data-concealed="true"'
            short = short_text(j.loss)
            said = T(f"你當時這一手：{MARK_WORDS[j.mark].zh}，平均少{short.zh}。找一手更好的。",
                     f"What you did here: {MARK_WORDS[j.mark].en}, costing {short.en} on average. Find a better "
                     "action.")
            body += f'<div class="tg-mark-{j.mark.value} tg-feedback-line tg-review-mark">{html.escape(said(lang))}</div>'
        elif j is not None:
            mark_attr = f' data-mark="{j.mark.value}" data-loss="{j.loss:.2f}"'
            text = _as_review(j.text(lang))
            why = ""
            for cue in ("Why: ", "原因："):
                if cue in text:
                    text, reason = text.split(cue, 1)
                    why = f'<div class="tg-why"><b>{html.escape(cue.strip())}</b> {html.escape(reason)}</div>'
                    break
            better = ""
            if j.better is not None:
                named = T("、".join(t.name for t in j.better.tiles), ", ".join(t.name_en for t in j.better.tiles))
                better = (f'<div class="tg-review-better"><b>{html.escape(T("更好的是：", "Better: ")(lang))}</b>'
                          f'<span class="tg-review-better-name">{html.escape(named(lang))}</span> '
                          f"{tiles_html(j.better.tiles, lang, 18)}"
                          f"{html.escape(T('（墊）', ' (discard)')(lang)) if j.better.discard else ''}</div>")
            body += (f'<div class="tg-mark-{j.mark.value} tg-feedback-line tg-review-mark">{html.escape(text.strip())}'
                     f"{why}</div>{better}")
    return (STYLE + f'<div class="tg-review-step" data-step="{k}" data-steps="{review.steps}"{mark_attr}>'
            f'<div class="tg-muted tg-review-where">{html.escape(where(lang))} · '
            f'{html.escape(T(f"第 {_trick_of(review, k)} 墩", f"trick {_trick_of(review, k)}")(lang))}</div>'
            f"{board}{body}</div>")


class ReviewPanel(w.VBox):
    """Step through a hand's :class:`~tiangow.coach.review.Review`, and retry the learner's actions.

    ``on_mistake(position, right)``: called when a retry ends — ``right`` False (a wrong try or the
    answer shown): keep ``position`` in the "your mistakes" deck; True at the first try: the
    position is known. ``on_step()``: called when the step shown changes (to save it).
    """

    def __init__(self, on_mistake: Callable[[HandRecord, bool], None] | None = None,
                 on_step: Callable[[], None] | None = None) -> None:
        self.review: Review | None = None
        self.strength: Strength | None = None
        self.k = 0
        self.which: int | None = None
        """Which hand: ``None`` the hand at the table, else an index into the session's past hands."""
        self.on_mistake = on_mistake
        self.on_step = on_step
        self._retry: Retry | None = None
        self._retry_open = False
        self._tries = 0
        self._answer: Move | None = None
        self._kept = False
        self._watch: asyncio.TimerHandle | None = None

        self.head = w.HTML()
        self.costly_box = w.VBox()
        self.costly_box.add_class("tg-review-costly")
        self.first_button = self._button("tg-review-first", lambda: self.go(0))
        self.prev_button = self._button("tg-review-prev", lambda: self.go(self.k - 1))
        self.next_button = self._button("tg-review-next", lambda: self.go(self.k + 1))
        self.last_button = self._button("tg-review-last", lambda: self.go(self.review.steps if self.review else 0))
        self.nav = w.HBox([self.first_button, self.prev_button, self.next_button, self.last_button],
                          layout=w.Layout(flex_flow="row wrap"))
        self.nav.add_class("tg-review-nav")
        self.step_view = w.HTML()
        self.retry_button = self._button("tg-retry-open", self.open_retry, "warning")
        self.retry_picker = HoldingPicker([], max_select=4, names=True)
        self.retry_picker.add_class("tg-retry-hand")
        self.retry_play = self._button("tg-retry-play", lambda: self.try_move(self.retry_picker.selected_move()),
                                       "primary")
        self.retry_discard = self._button(
            "tg-retry-discard", lambda: self.try_move(self.retry_picker.selected_move(discard=True)))
        self.retry_show = self._button("tg-retry-answer", self.show_answer)
        self.retry_feedback = w.HTML()
        self.retry_box = w.VBox([self.retry_picker, w.HBox([self.retry_play, self.retry_discard, self.retry_show],
                                                           layout=w.Layout(flex_flow="row wrap")),
                                 self.retry_feedback])
        self.retry_box.add_class("tg-retry")
        super().__init__([self.head, self.costly_box, self.nav, self.step_view, self.retry_button, self.retry_box])
        self.add_class("tg-review")
        self.layout.display = "none"
        on_language(lambda lang: self.render())

    @staticmethod
    def _button(css: str, on_click: Callable[[], object], style: str = "") -> w.Button:
        b = w.Button(button_style=style)
        b.add_class(css)

        def click(_: object) -> None:
            try:
                on_click()
            except TiangowError as exc:  # a bad value from the page: say so, never crash the kernel
                _log.warning("tiangow: review: %s", exc)

        b.on_click(click)
        return b

    # -- what is shown -----------------------------------------------------------------------
    def show(self, review: Review | None, which: int | None = None, k: int | None = None) -> None:
        """Open ``review`` at step ``k`` (default: the learner's costliest action, else the
        start); ``None`` closes the panel."""
        self.review = review
        self.which = which
        self._close_retry()
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        if review is None:
            self.strength = None
            self.layout.display = "none"
            return
        self.strength = review.strength()
        dear = review.costliest()
        start = dear[0].at if dear else 0
        self.k = start if k is None else max(0, min(review.steps, k))
        self.layout.display = ""
        self.costly_box.children = tuple(self._jump(j) for j in dear)
        self.render()
        self._watch_ahead()

    def _watch_ahead(self) -> None:
        """Where the hand's net from the start is still being worked out in another process
        (:mod:`tiangow.coach.ahead`), look again every :data:`AHEAD_POLL` seconds while this
        review stays open, and show it when it comes (and save it, with ``on_step``)."""
        r, st = self.review, self.strength
        if r is None or st is None or (st.open_net is not None and st.open_from == 0):
            return
        key = r.record.start_key()
        if not ahead.running(key):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script, a test): the next look takes it
            return

        def look() -> None:
            self._watch = None
            if self.review is not r:
                return
            if ahead.result(key) is None:
                self._watch_ahead()
                return
            self.strength = r.strength()
            self.render()
            if self.on_step is not None:
                self.on_step()

        self._watch = loop.call_later(AHEAD_POLL, look)

    def _jump(self, j: Judged) -> w.Button:
        b = self._button("tg-review-jump", lambda: self.go(j.at))
        b.layout = w.Layout(width="auto", max_width="100%")
        b._tg_judged = j
        return b

    def go(self, k: int) -> None:
        """Show the hand before action ``k``."""
        if self.review is None:
            return
        k = max(0, min(self.review.steps, int(k)))
        if k != self.k:
            self.k = k
            self._close_retry()
            self.render()
            if self.on_step is not None:
                self.on_step()

    def render(self) -> None:
        r = self.review
        if r is None or self.strength is None:
            return
        lang = current_lang()
        self.head.value = review_head_html(r, self.strength, lang)
        dear = r.costliest()
        caption = T("代價最大的幾步（按一下去看）：", "Your costliest actions (click to go there):") if dear else \
            T("你沒有出錯：每一步都是最佳。", "Nothing cost you anything: every action was best.")
        for b in self.costly_box.children:
            j = getattr(b, "_tg_judged", None)
            if j is not None:
                b.description = costly_label(r, j, lang)
        self.costly_box.layout.display = ""
        self.head.value += f'<div class="tg-muted tg-review-costly-caption">{html.escape(caption(lang))}</div>'
        self.first_button.description = T("« 開頭", "« Start")(lang)
        self.prev_button.description = T("◀ 上一步", "◀ Back")(lang)
        self.next_button.description = T("下一步 ▶", "Forward ▶")(lang)
        self.last_button.description = T("結尾 »", "End »")(lang)
        self.first_button.disabled = self.prev_button.disabled = self.k <= 0
        self.next_button.disabled = self.last_button.disabled = self.k >= r.steps
        conceal = self._retry_open and self._answer is None and not (self._retry is not None and self._retry.right)
        self.step_view.value = review_step_html(r, self.k, lang, conceal)
        j = r.judged_at(self.k)
        can_retry = j is not None and j.mark is not Mark.BEST
        self.retry_button.description = T("再試這一步", "Try this one again")(lang)
        self.retry_button.layout.display = "" if can_retry and not self._retry_open else "none"
        self.retry_box.layout.display = "" if self._retry_open else "none"
        self.retry_play.description = T("出牌", "Play")(lang)
        self.retry_discard.description = T("墊牌", "Discard")(lang)
        self.retry_show.description = T("看答案", "Show the answer")(lang)
        self.retry_feedback.value = self._retry_html(lang)

    # -- retrying ----------------------------------------------------------------------------
    def _close_retry(self) -> None:
        self._retry_open = False
        self._retry = None
        self._tries = 0
        self._answer = None
        self._kept = False

    def _position(self) -> HandRecord:
        assert self.review is not None
        return self.review.record.upto(self.k)

    def open_retry(self) -> None:
        """Go back to the position before this action and pick again."""
        r = self.review
        if r is None or r.judged_at(self.k) is None:
            return
        self._close_retry()
        self._retry_open = True
        d = r.position(self.k)
        self.retry_picker.set_tiles(tuple(d.holding(r.seat)))
        self.retry_picker.max_select = d.trick_size or 4
        self.retry_picker.disabled = False
        self.retry_discard.disabled = d.trick_size is None
        self.render()

    def try_move(self, move: Move | None) -> Retry | None:
        """Judge a try; a wrong one (the first) puts the position in the deck."""
        r = self.review
        if r is None or not self._retry_open or self._answer is not None:
            return None
        if self._retry is not None and self._retry.right:  # done: a late click changes nothing
            return None
        pos = self._position()
        if move is None:
            self._retry = Retry(False, None, T("先點選要出的牌。", "Select tiles first."))
            self.render()
            return self._retry
        got = pos.try_move(move, r.coach_samples)
        self._retry = got
        if got.marked is not None:
            self._tries += 1
            if got.right:
                self.retry_picker.disabled = True
                if self.on_mistake is not None:
                    self.on_mistake(pos, not self._kept)
            elif not self._kept:
                self._keep(pos)
        self.render()
        return got

    def show_answer(self) -> None:
        """Show the coach's best action (the position goes into the deck)."""
        r = self.review
        if r is None or not self._retry_open:
            return
        pos = self._position()
        self._answer = pos.answer(r.coach_samples)
        self.retry_picker.disabled = True
        if not self._kept and not (self._retry is not None and self._retry.right):
            self._keep(pos)
        self.render()

    def _keep(self, pos: HandRecord) -> None:
        self._kept = True
        if self.on_mistake is not None:
            self.on_mistake(pos, False)

    def _retry_html(self, lang: Lang) -> str:
        if not self._retry_open:
            return ""
        parts = []
        if self._retry is not None:
            verdict = "right" if self._retry.right else "wrong"
            parts.append(f'<div class="tg-feedback-{"right" if self._retry.right else "wrong"} tg-retry-verdict" '
                         f'data-verdict="{verdict}" data-tries="{self._tries}">'
                         f"{html.escape(self._retry.text(lang))}</div>")
        else:
            parts.append(f'<div class="tg-muted">{html.escape(_ASK(lang))}</div>')
        if self._answer is not None:
            a = self._answer
            parts.append(f'<div class="tg-retry-answer-line" data-tiles="{" ".join(t.notation for t in a.tiles)}" '
                         f'data-discard="{str(a.discard).lower()}"><b>{html.escape(T("答案：", "The answer: ")(lang))}'
                         f"</b>{tiles_html(a.tiles, lang, 18)}"
                         f"{html.escape(T('（墊）', ' (discard)')(lang)) if a.discard else ''}</div>")
        if self._kept:
            parts.append(f'<div class="tg-muted tg-retry-kept">{html.escape(_KEPT(lang))}</div>')
        return STYLE + "".join(parts)


_ASK = T("回到這一步之前：你會怎樣出？選牌，按「出牌」或「墊牌」。",
         "Back to before this action: what would you do? Select tiles and press Play or Discard.")
_KEPT = T("這個局面放進了「你的失誤」練習，之後會再考你。",
          "This position is now in your mistakes deck: it will come back for practice.")



def deck_html(record: PlayRecord, lang: Lang) -> str:
    """How many positions the "your mistakes" deck holds and how many are due now."""
    n = len(record.mistakes)
    if not n:
        return ""
    due = record.due_count(now_ms())
    text = T(f"「你的失誤」練習：{n} 個局面（{due} 個今天要練）。",
             f"Your mistakes deck: {n} position{'s' if n != 1 else ''} to try again ({due} due today).")
    return STYLE + f'<div class="tg-muted tg-deck-line" data-count="{n}" data-due="{due}">{html.escape(text(lang))}</div>'
