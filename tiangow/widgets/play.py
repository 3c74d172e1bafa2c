"""Lesson 08's table: play whole hands against three bots, with hints, marks and the settlement."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..coach.hints import Hint
from ..coach.record import HandRecord
from ..drills.base import now_ms
from ..drills.play import PlayRecord
from ..drills.session import Opponents, Session
from ..errors import TiangowError
from ..i18n import Lang, T, Text
from ..move import Move
from ..players.base import BotError
from ..rules import Rules
from .picker import HoldingPicker
from .play_html import (
    deal_line_html,
    feedback_line_html,
    hint_html,
    result_html,
    running_score_html,
    session_table_html,
    status_html,
    tricks_html,
)
from .review import ReviewPanel, deck_html
from .settings import VARIANT_CHOICES, TableSettings, auto_layout
from .text import current_lang, on_language

__all__ = ["PlayTable"]

_log = logging.getLogger(__name__)


def _button(css_class: str, on_click: Callable[[], object], style: str = "") -> w.Button:
    button = w.Button(button_style=style, layout=auto_layout())
    button.add_class(css_class)
    button.on_click(lambda _: on_click())
    return button


class _Part:
    """Redraws a widget only when what it shows has changed."""

    def __init__(self, widget: w.HTML, draw: Callable[[Lang], str], key: Callable[[Lang], object]) -> None:
        self.widget, self.draw, self.key = widget, draw, key
        self._shown: object = None

    def update(self, lang: Lang) -> None:
        key = self.key(lang)
        if key != self._shown:
            self._shown = key
            self.widget.value = self.draw(lang)


class PlayTable(w.VBox):
    """Play hands of Tien Gow against three bots (see :class:`tiangow.drills.session.Session`).

    Three parts, each redrawn only when what it shows has changed: the settings (seat,
    opponents, variants), the table (:func:`tiangow.widgets.render.table_html`), and the
    controls (your tiles, Play / Discard / Undo / Hint, the feedback, the hint).

    ``pace``: seconds between two bot actions shown (0: the bots act at once, for tests); the
    time the last bot took to think is taken off the wait before the next, so slower bots do
    not slow the table.
    ``on_result``: called with the :class:`PlayRecord` when a hand is counted.
    ``on_change``: called when the table changed (an action, a new deal, new settings) after
    :attr:`PlayRecord.table` was brought up to date, to save it; :meth:`refresh` puts a saved
    table back (after a reload), its hand replayed action by action. ``open_ahead``: work out
    each hand's all-hands-open net from the start while it is played, for its review
    (:mod:`tiangow.coach.ahead`: lesson 08's table, on a server with the compiled core).
    ``rules``: the variants of the first deal; ``fixed``: one deal played once, as dealt (a
    same-deal challenge): no settings, no undo, no other deal.
    """

    def __init__(self, record: PlayRecord | None = None, rng: Any = None, *, seat: int = 0, seed: int | None = None,
                 pace: float = 0.7, opponents: Opponents = "search",
                 on_result: Callable[[PlayRecord, bool], None] | None = None,
                 on_change: Callable[[], None] | None = None, open_ahead: bool = False,
                 rules: Rules | None = None, fixed: bool = False) -> None:
        self.record = record if record is not None else PlayRecord()
        if seed is None:
            seed = rng.randrange(1, 10_000) if rng is not None and hasattr(rng, "randrange") else 1
        self.session = Session(seat=seat, seed=seed, opponents=opponents, open_ahead=open_ahead, rules=rules)
        self.fixed = fixed
        self.pace = max(0.0, float(pace))
        self.on_result = on_result
        self.on_change = on_change
        self._last_saved: dict[str, Any] | None = None
        self._restore_checked = False
        self._pending: asyncio.TimerHandle | None = None
        self._thought = 0.0  # seconds the last bot action took to choose
        self._hint_stage = 0
        self._hint: Hint | None = None
        self._feedback: tuple[str, Text] | None = None
        self._feedback_step = 0
        self._show_history = False
        self._counted: object = None
        self._lang: Lang | None = None

        # settings
        self.settings = TableSettings(seat, opponents, self.apply_settings, self.learn_hand)
        self.seat_toggle = self.settings.seat_toggle
        self.opp_toggle = self.settings.opp_toggle
        self.variant_toggles = self.settings.variant_toggles
        self.settings_note = self.settings.note
        self.settings_button = _button("tg-settings-toggle", self._toggle_settings)
        self._settings_open = False

        # the deal
        self.deal_line = w.HTML()
        self.deal_again_button = _button("tg-deal-again", self.deal_again)
        self.replay_button = _button("tg-replay", self.replay)
        self.next_button = _button("tg-next-hand", self.next_hand, "success")

        # the table
        self.table_view = w.HTML()

        # the controls
        self.status = w.HTML()
        self.picker = HoldingPicker([], max_select=4, names=True)
        self.picker.add_class("tg-hand")
        self.play_button = _button("tg-play", lambda: self.act(self.picker.selected_move()), "primary")
        self.discard_button = _button("tg-discard", lambda: self.act(self.picker.selected_move(discard=True)))
        self.undo_button = _button("tg-undo", self.undo)
        self.hint_button = _button("tg-hint-button", self.show_hint, "info")
        self.buttons = w.HBox([self.play_button, self.discard_button, self.undo_button, self.hint_button],
                              layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("tg-act-buttons")
        self.feedback = w.HTML()
        self.feedback.add_class("tg-feedback")
        self.hint_view = w.HTML()
        self.hint_view.add_class("tg-hint")
        self.history_button = _button("tg-history-toggle", self._toggle_history)
        self.history_view = w.HTML()
        self.history_view.add_class("tg-history")
        self.result_view = w.HTML()
        self.result_view.add_class("tg-result")
        self.score_view = w.HTML()
        self.score_view.add_class("tg-running")

        # the review of a finished hand, earlier hands, and the mistakes deck
        self.review_button = _button("tg-review-toggle", self._toggle_review, "warning")
        self.past_picker = w.Dropdown(options=[("—", -1)], value=-1, layout=w.Layout(width="auto"),
                                      style={"description_width": "initial"})
        self.past_picker.add_class("tg-review-past")
        self.past_picker.observe(self._pick_past, names="value")
        self.review_panel = ReviewPanel(on_mistake=self._on_mistake, on_step=self._save_review)
        self.deck_view = w.HTML()
        self.deck_view.add_class("tg-deck")

        def step(lang: Lang) -> tuple[object, ...]:
            s = self.session
            return (lang, id(s), s.deal_seed, s.hand_number, len(s.deal.history), s.seat, s.rules)

        self._parts = [
            _Part(self.deal_line, lambda lang: deal_line_html(self.session, lang), step),
            _Part(self.table_view, lambda lang: session_table_html(self.session, lang), step),
            _Part(self.status, lambda lang: status_html(self.session, lang),
                  lambda lang: (step(lang), self.session.learner_to_act)),
            _Part(self.feedback, lambda lang: feedback_line_html(self._feedback, self._feedback_step, lang),
                  lambda lang: (lang, self._feedback, self._feedback_step)),
            _Part(self.hint_view, lambda lang: hint_html(self.session, self._hint, self._hint_stage, lang),
                  lambda lang: (step(lang), self._hint_stage, id(self._hint))),
            _Part(self.history_view, lambda lang: tricks_html(self.session, self._show_history, lang),
                  lambda lang: (step(lang), self._show_history)),
            _Part(self.result_view, lambda lang: result_html(self.session, lang),
                  lambda lang: (step(lang), self.session.is_over)),
            _Part(self.score_view, lambda lang: running_score_html(self.session, lang),
                  lambda lang: (step(lang), tuple(self.session.running), self.session.hands_in_score)),
        ]
        super().__init__([
            self.deal_line, w.HBox([self.deal_again_button, self.replay_button, self.next_button, self.settings_button],
                                   layout=w.Layout(flex_flow="row wrap")),
            self.settings, self.table_view, self.status, self.picker,
            self.buttons,
            self.feedback, self.hint_view, self.result_view,
            w.HBox([self.review_button, self.past_picker], layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.review_panel, self.deck_view,
            self.score_view, self.history_button, self.history_view,
        ], layout=w.Layout(border="1px solid #ddd3bf", padding="10px 14px", max_width="800px"))
        self.add_class("tg-play-table")
        on_language(lambda lang: self._render())
        saved_table = self.record.table
        if saved_table is not None:  # a record that holds a table already: play on from there
            self.restore(saved_table)
        else:
            self._render()
            self._schedule()

    # -- actions from the page ---------------------------------------------------------------
    def act(self, move: Move | None) -> bool:
        """Make ``move`` (the selected tiles, played or discarded: ``None`` for none);
        ``True`` if it was taken."""
        s = self.session
        if not s.learner_to_act:
            if (self._feedback is not None and self._feedback[0].startswith("mark-")
                    and self._feedback_step == self._learner_step()):
                # A second click on the move just made (a double click, or a click that crossed
                # the bots' replies): it belongs to a past step, so it is ignored and the mark stays.
                return False
            self._feedback = ("wrong", T("還沒輪到你。", "It is not your turn yet."))
            self._render()
            return False
        if move is None:
            self._feedback = ("wrong", T("先點選要出的牌。", "Select tiles first."))
            self._render()
            return False
        result = s.act(move)
        if not result.ok:
            self._feedback = ("wrong", result.message)
            self._render()
            return False
        mark = result.marked.mark.value if result.marked is not None else "best"
        self._feedback = ("mark-" + mark, result.message)
        self._feedback_step = len(self.session.deal.history)
        self._reset_hint()
        self._after_change()
        return True

    def _learner_step(self) -> int:
        """The history length just after the learner's latest action in this hand (0: none)."""
        history = self.session.deal.history
        for i in range(len(history) - 1, -1, -1):
            if history[i].seat == self.session.seat:
                return i + 1
        return 0

    def show_hint(self) -> None:
        """First click: the nudge; second click: the recommended play and every option."""
        s = self.session
        if not s.learner_to_act:
            return
        self._hint = s.hint()
        self._hint_stage = min(2, self._hint_stage + 1)
        self._render()

    def undo(self) -> bool:
        """Take back your last action (and the bots' replies to it)."""
        self._cancel()
        done = self.session.undo()
        self._feedback = ("answer", T("已悔棋：回到你上一步之前。", "Undone: back to before your last action.")) if done \
            else ("wrong", T("你在這一局還沒出過牌。", "You have not acted in this hand yet."))
        self._reset_hint()
        self._render()
        self._schedule()
        return done

    def deal_again(self) -> None:
        self._cancel()
        self._count()
        self.session.deal_again()
        self._fresh()

    def replay(self) -> None:
        self._cancel()
        self.session.replay()
        self._fresh()

    def next_hand(self) -> None:
        if not self.session.is_over:
            return
        self._cancel()
        self._count()
        self.session.next_hand()
        self._fresh()

    def learn_hand(self) -> int:
        """Deal "a hand to learn from" for the seat chosen in the settings."""
        seat = self.seat_toggle.value
        self._cancel()
        self._count()
        seed = self.session.learn_from(seat if isinstance(seat, int) and 0 <= seat <= 3 else None)
        self.opp_toggle.value = self.session.opponents
        for name in self.variant_toggles:
            self.variant_toggles[name].value = 0
        self.settings.show_problem(None, current_lang())
        self._settings_open = False
        self._feedback = ("answer", T("這一手牌打得好就贏得到：教練坐你的位置贏過。慢慢來，用提示也可以。",
                                      "A hand you can win with good play: the coach won it from your seat. Take "
                                      "your time; hints are allowed."))
        self._reset_hint()
        self._render()
        self._schedule()
        return seed

    def apply_settings(self) -> None:
        """Deal a new hand with the chosen seat, opponents and variants."""
        rules = self.settings.rules()
        if isinstance(rules, Text):
            self.settings.show_problem(rules, current_lang())
            return
        seat = self.seat_toggle.value
        opponents = self.opp_toggle.value
        self._cancel()
        self._count()
        self.session.change(seat=seat if isinstance(seat, int) else None, rules=rules,
                            opponents=opponents if opponents in ("search", "rule") else None)
        self.settings.show_problem(None, current_lang())
        self._settings_open = False
        self._fresh()

    # -- the flow ----------------------------------------------------------------------------
    def _fresh(self) -> None:
        self._feedback = None
        self._reset_hint()
        self._render()
        self._schedule()

    def _after_change(self) -> None:
        self._render()
        self._schedule()

    def _reset_hint(self) -> None:
        self._hint_stage = 0
        self._hint = None

    def _count(self) -> None:
        """Record a finished hand in the learner's progress (once)."""
        s = self.session
        d = s.deal
        if d.is_over and self._counted is not d:
            self._counted = d
            self._keep()  # the saved table says "counted" in the same save as the count
            self.record.record(d.winner == s.seat, d.settlement().net[s.seat], s.mark_counts())
            if self.on_result is not None:
                self.on_result(self.record, d.winner == s.seat)

    def _schedule(self) -> None:
        """Let the bots act, one at a time at the table's pace."""
        s = self.session
        if s.is_over:
            self._count()
            self._render()
            return
        if s.learner_to_act or self._pending is not None:
            return
        if self.pace <= 0:
            s.run_bots()
            self._after_bots()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python): act at once
            s.run_bots()
            self._after_bots()
            return
        self._pending = loop.call_later(self.wait(), self._bot_step)

    def wait(self) -> float:
        """Seconds before the next bot action: the pace less the time the last one took to
        choose (it is likely to take as long again), so actions are shown about ``pace`` apart."""
        return max(0.0, self.pace - self._thought)

    def _bot_step(self) -> None:
        self._pending = None
        start = time.perf_counter()
        try:
            self.session.bot_step()
        except TiangowError as exc:  # never let a callback kill the kernel's loop
            self._feedback = ("wrong", T(f"電腦出錯：{exc}", f"A bot failed: {exc}"))
        self._thought = time.perf_counter() - start
        self._after_bots()

    def _after_bots(self) -> None:
        self._render()
        if not self.session.is_over and not self.session.learner_to_act:
            self._schedule()
        elif self.session.is_over:
            self._count()
            self._render()

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _toggle_settings(self) -> None:
        self._settings_open = not self._settings_open
        self._render()

    def _toggle_review(self) -> None:
        """Open (or close) the review of the hand just finished."""
        p = self.review_panel
        if p.review is not None and p.which is None:
            p.show(None)
        elif self.session.is_over:
            p.show(self.session.review())
        self._render()

    def _pick_past(self, change: dict[str, Any]) -> None:
        which = change.get("new")
        past = self.session.past
        if isinstance(which, int) and not isinstance(which, bool) and 0 <= which < len(past):
            self.review_panel.show(self.session.review(which), which)
        elif self.review_panel.which is not None:
            self.review_panel.show(None)
        self._render()

    def _save_review(self) -> None:
        if self._keep() and self.on_change is not None:
            self.on_change()

    def _on_mistake(self, position: HandRecord, right: bool) -> None:
        """A retry ended: a position not put right at the first try goes into the deck."""
        if right:
            self.record.answer_mistake(position.key(), True, now_ms())
        else:
            self.record.keep_mistake(position, now_ms())
        self._render()
        if self.on_change is not None:
            self.on_change()

    def _toggle_history(self) -> None:
        self._show_history = not self._show_history
        self._render()

    def refresh(self) -> None:
        """Redraw. The first time (when the page has loaded the learner's progress), put back
        the saved table if there is one; later (another tab's progress merged in) the table
        in play stays as it is."""
        table = self.record.table
        if not self._restore_checked:
            self._restore_checked = True
            if table is not None and table is not self._last_saved:
                self.restore(table)
        self._render()

    # -- saving ------------------------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        """The table as plain JSON: the session's snapshot and whether the finished hand is
        already in the record."""
        s = self.session
        out: dict[str, Any] = {"session": s.snapshot(), "counted": s.deal.is_over and self._counted is s.deal}
        p = self.review_panel
        if p.review is not None:
            out["review"] = [-1 if p.which is None else p.which, p.k]
        if self._hint_stage and s.learner_to_act:
            out["hint"] = [self._hint_stage, len(s.deal.history)]  # open, at this position
        return out

    def _keep(self) -> bool:
        """Bring :attr:`PlayRecord.table` up to date, stamped with the time; ``True`` if the
        table changed."""
        now = self.saved()
        last = self._last_saved
        if last is not None and all(last.get(k) == v for k, v in now.items()):
            return False
        self._last_saved = {**now, "at": now_ms()}
        self.record.table = self._last_saved
        return True

    def restore(self, table: object) -> bool:
        """Put back a table from :meth:`saved` (the same tiles, actions, marks, scores and
        settings). A table that does not restore is dropped with a note and play goes on with
        the current deal; ``False`` then."""
        try:
            if not isinstance(table, dict):
                raise BotError(f"a saved table is an object, not {type(table).__name__}")
            session = Session.restore(table.get("session"), samples=self.session.samples,
                                      coach_samples=self.session.coach_samples)
        except TiangowError as exc:
            _log.warning("tiangow: saved table not restored: %s", exc)
            self.record.table = None
            self._feedback = ("wrong", T(f"上次的牌局沒法恢復（{exc}），這是新的一局。",
                                         f"Your last table could not be put back ({exc}); this is a new deal."))
            self._render()
            return False
        self._cancel()
        self.session.stop_ahead()  # the table put back replaces the deal just dealt
        if self.session.open_ahead:
            session.open_ahead = True
            session.work_ahead()
        self.session = session
        self._counted = session.deal if table.get("counted") is True and session.deal.is_over else None
        self._last_saved = None
        self._feedback = None
        self._reset_hint()
        # the mark on the learner's latest action, as it was shown, and a hint that was open
        step = self._learner_step()
        if session.judged and session.judged[-1].at + 1 == step:
            last = session.judged[-1]
            self._feedback = ("mark-" + last.mark.value, last.text)
            self._feedback_step = step
        hint = table.get("hint")
        if (isinstance(hint, list) and len(hint) == 2 and hint[0] in (1, 2) and not isinstance(hint[0], bool)
                and hint[1] == len(session.deal.history) and session.learner_to_act):
            self._hint = session.hint()
            self._hint_stage = hint[0]
        self.seat_toggle.value = session.seat
        self.opp_toggle.value = session.opponents
        for name, _label, options in VARIANT_CHOICES:
            value = getattr(session.rules, name)
            self.variant_toggles[name].value = next((i for i, (v, _) in enumerate(options) if v == value), 0)
        self.review_panel.show(None)
        shown = table.get("review")
        if (isinstance(shown, list) and len(shown) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in shown)):
            which, k = shown
            if which == -1 and session.deal.is_over:
                self.review_panel.show(session.review(), None, k)
            elif 0 <= which < len(session.past):
                self.review_panel.show(session.review(which), which, k)
        self._render()
        self._schedule()
        return True

    # -- drawing -----------------------------------------------------------------------------
    def _render(self) -> None:
        """Bring every part up to date; each redraws only if what it shows has changed."""
        lang = current_lang()
        s = self.session
        d = s.deal
        if lang != self._lang:
            self._lang = lang
            self.settings.relabel(lang)
            self.deal_again_button.description = T("重新發牌", "Deal again")(lang)
            self.replay_button.description = T("重打這一局", "Replay this deal")(lang)
            self.next_button.description = T("下一局 →", "Next hand →")(lang)
            self.play_button.description = T("出牌", "Play")(lang)
            self.discard_button.description = T("墊牌", "Discard")(lang)
            self.undo_button.description = T("悔棋", "Undo")(lang)
        self.settings_button.description = (T("收起設定", "Hide settings") if self._settings_open
                                            else T("座位、對手、規則 …", "Seat, opponents, rules …"))(lang)
        self.settings.layout.display = "" if self._settings_open else "none"
        self.next_button.layout.display = "" if d.is_over else "none"
        for part in self._parts:
            part.update(lang)
        if self._keep() and self.on_change is not None:
            self.on_change()

        # your tiles and the buttons
        hand = tuple(d.holding(s.seat))
        if tuple(t for t in self.picker.tiles if t is not None) != hand:
            self.picker.set_tiles(hand)
        self.picker.max_select = d.trick_size or 4
        can = s.learner_to_act
        self.picker.disabled = not can
        self.hint_button.description = (T("提示", "Hint") if self._hint_stage == 0
                                        else T("看建議", "Show the recommended play"))(lang)
        self.play_button.disabled = not can
        self.discard_button.disabled = not can or d.trick_size is None
        self.hint_button.disabled = not can or self._hint_stage >= 2
        for b in (self.play_button, self.discard_button, self.hint_button):
            b.layout.display = "none" if d.is_over else ""  # only undo makes sense once the hand is over
        self.undo_button.disabled = not s.can_undo
        p = self.review_panel
        if p.review is not None and p.which is None and (not d.is_over or p.review.record.seed != s.deal_seed):
            p.show(None)  # the hand it reviewed is no longer at the table
        self.review_button.description = (T("收起回顧", "Close the review") if p.review is not None and p.which is None
                                          else T("回顧這一局 ↓", "Review this hand ↓"))(lang)
        self.review_button.layout.display = "" if d.is_over else "none"
        past = s.past
        options = [(T("看以前的一局 …", "An earlier hand …")(lang), -1)] + [
            (T(f"第 {h.hand} 局", f"Hand {h.hand}")(lang), i) for i, h in enumerate(past)]
        if list(self.past_picker.options) != options:
            self.past_picker.unobserve(self._pick_past, names="value")
            self.past_picker.options = options
            self.past_picker.value = p.which if p.which is not None and p.which < len(past) else -1
            self.past_picker.observe(self._pick_past, names="value")
        self.past_picker.description = T("以前的牌局", "Earlier hands")(lang)  # a visible label
        self.past_picker.layout.display = "" if past else "none"
        if self.fixed:
            for b in (self.settings_button, self.deal_again_button, self.replay_button, self.next_button,
                      self.undo_button):
                b.layout.display = "none"
        self.deck_view.value = deck_html(self.record, lang)
        self.history_button.description = (T("收起牌譜", "Hide the tricks") if self._show_history
                                           else T("看看前面每一墩", "Review the tricks so far"))(lang)
