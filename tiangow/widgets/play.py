"""Lesson 08's table: play whole hands against three bots, with hints, marks and the settlement."""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..bots.base import BotError
from ..bots.hints import Hint, outcome_text, ranking_note
from ..bots.session import Opponents, Session
from ..drills.base import now_ms
from ..drills.play import PlayRecord
from ..errors import TiangowError
from ..i18n import Lang, T, Text, seat_name
from ..move import Move
from ..rules import Natural, Rules
from ..tiles import Tile
from .picker import HoldingPicker
from .render import history_html, table_html, tiles_html
from .safe import SafeState
from .scoring import settlement_html
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["PlayTable", "VARIANT_CHOICES"]

_log = logging.getLogger(__name__)


class _Toggle(SafeState, w.ToggleButtons):
    _page_writable = frozenset({"index"})


# Each variant of RULES §10 the table offers: (field, label, (value, option label) …), default first.
VARIANT_CHOICES: tuple[tuple[str, Text, tuple[tuple[Any, Text], ...]], ...] = (
    ("civil_supreme", T("文至尊（雙銅錘）、文么結、文擒", "Civil supreme (two 1-5), civil 么結 and capture"),
     ((False, T("不玩", "off")), (True, T("玩", "on")))),
    ("capture_civil_supreme", T("雙高腳擒文尊", "Two 1-6 capture a civil supreme"),
     ((False, T("不可", "no")), (True, T("可以", "yes")))),
    ("capture_multiplier", T("擒：包賠的倍數", "Capture pays"),
     ((2, T("×2", "×2")), (4, T("×4（么雙擒四）", "×4 (么雙擒四)")))),
    ("capture_wins_trick", T("以擒為大", "The capturing tile wins regardless"),
     ((False, T("否", "no")), (True, T("是", "yes")))),
    ("finish_collects_immediate", T("包尊／四大包兼收賀錢", "包尊 / 四大包 also collect the bonus"),
     ((False, T("否", "no")), (True, T("是", "yes")))),
    ("eight_stack_rule", T("七支／八支的判定", "七支 or 八支"),
     (("essay", T("玩法文章（R-$11）", "the essay (R-$11)")), ("wikipedia", T("維基百科", "Wikipedia")))),
    ("free_split", T("拆牌", "Splitting a combination"),
     ((True, T("自由", "free")), (False, T("Wong：沒有天或九的牌組不能拆出", "Wong: no split lead without 天 or 九")))),
    ("banker_rotation", T("換莊", "Next banker"),
     (("winner", T("飛莊（贏家做莊）", "飛莊 (the winner)")), ("rotate", T("輪莊", "輪莊 (in turn)")))),
    ("naturals", T("例牌", "Natural hands"),
     ((frozenset(), T("不玩", "off")), (frozenset(Natural), T("全部（§8）", "all (§8)")))),
)

_SEATS = tuple(T(seat_name(s, "zh-Hant"), seat_name(s, "en")) for s in range(4))
_OPPONENTS: tuple[tuple[Opponents, Text], ...] = (
    ("search", T("強：搜尋電腦", "strong: search bots")), ("rule", T("中：規則電腦", "medium: rule-based bots")))




def _auto() -> w.Layout:
    return w.Layout(width="auto", min_width="90px")


def _button(css_class: str, on_click: Callable[[], object], style: str = "") -> w.Button:
    button = w.Button(button_style=style, layout=_auto())
    button.add_class(css_class)
    button.on_click(lambda _: on_click())
    return button


def _tiles(tiles: tuple[Tile | None, ...], lang: Lang, width: float = 22) -> str:
    return tiles_html(tiles, lang, width)


class _Settings(w.VBox):
    """The seat, the opponents and the variants (RULES §10) to deal the next hand with.
    Relabelled only when the language changes."""

    def __init__(self, seat: int, opponents: Opponents, on_apply: Callable[[], None]) -> None:
        self.seat_toggle = _Toggle(options=[(t("zh-Hant"), i) for i, t in enumerate(_SEATS)], value=seat,
                                   style={"button_width": "64px"})
        self.seat_toggle.add_class("tg-seat-choice")
        self.opp_toggle = _Toggle(options=[(t("zh-Hant"), k) for k, t in _OPPONENTS], value=opponents,
                                  style={"button_width": "auto"})
        self.opp_toggle.add_class("tg-opponents")
        self.variant_toggles: dict[str, _Toggle] = {}
        self.variant_labels: dict[str, w.HTML] = {}
        rows = []
        for name, _label, options in VARIANT_CHOICES:
            tog = _Toggle(options=[(t("zh-Hant"), i) for i, (_, t) in enumerate(options)], value=0,
                          style={"button_width": "auto"})
            tog.add_class("tg-variant-" + name.replace("_", "-"))
            self.variant_toggles[name] = tog
            lab = w.HTML(layout=w.Layout(width="260px"))
            self.variant_labels[name] = lab
            rows.append(w.HBox([lab, tog], layout=w.Layout(flex_flow="row wrap")))
        self.head = w.HTML()
        self.apply_button = w.Button(button_style="warning", layout=_auto())
        self.apply_button.add_class("tg-apply")
        self.apply_button.on_click(lambda _: on_apply())
        self.note = w.HTML()
        self.seat_label = w.HTML(layout=w.Layout(width="260px"))
        self.opp_label = w.HTML(layout=w.Layout(width="260px"))
        super().__init__([self.head, w.HBox([self.seat_label, self.seat_toggle], layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.opp_label, self.opp_toggle], layout=w.Layout(flex_flow="row wrap")),
                          w.VBox(rows), w.HBox([self.apply_button, self.note])],
                         layout=w.Layout(border="1px dashed #ddd3bf", padding="6px 10px", margin="4px 0", display="none"))
        self.add_class("tg-settings")

    def relabel(self, lang: Lang) -> None:
        self.head.value = (STYLE + f'<div class="tg-caption">{html.escape(T("座位、對手和規則", "Seat, opponents and rules")(lang))}</div>'
                           f'<div class="tg-muted">{html.escape(T("改了之後按「用這些設定發牌」。小天九沒有計分（R-S3），這裏只玩大天九。", "Change these, then deal with them. 小天九 has no scoring in the sources (R-S3), so the table plays 8 tiles each.")(lang))}</div>')
        for tog, choices in ((self.seat_toggle, _SEATS), (self.opp_toggle, tuple(t for _, t in _OPPONENTS))):
            _relabel(tog, [t(lang) for t in choices])
        self.seat_label.value = f'<span class="tg-muted">{html.escape(T("你的座位", "Your seat")(lang))}</span>'
        self.opp_label.value = f'<span class="tg-muted">{html.escape(T("對手", "Opponents")(lang))}</span>'
        for name, label, options in VARIANT_CHOICES:
            self.variant_labels[name].value = f'<span class="tg-muted">{html.escape(label(lang))}</span>'
            _relabel(self.variant_toggles[name], [t(lang) for _, t in options])
        self.apply_button.description = T("用這些設定發牌", "Deal with these settings")(lang)

    def rules(self) -> Rules:
        """The rules the toggles show (raises :class:`tiangow.RulesError` for a combination
        the rules refuse)."""
        values: dict[str, Any] = {}
        for name, _label, options in VARIANT_CHOICES:
            index = self.variant_toggles[name].value
            values[name] = options[index if isinstance(index, int) and 0 <= index < len(options) else 0][0]
        return Rules(**values)


def _relabel(tog: _Toggle, labels: list[str]) -> None:
    """Give a toggle's options new labels, keeping its value (and sending nothing if unchanged)."""
    if [o[0] for o in tog.options] != labels:
        value = tog.value
        tog.options = [(lab, v) for lab, (_, v) in zip(labels, tog.options, strict=True)]
        tog.value = value


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
    """Play hands of Tien Gow against three bots (see :class:`tiangow.bots.Session`).

    Three parts, each redrawn only when what it shows has changed: the settings (seat,
    opponents, variants), the table (:func:`tiangow.widgets.render.table_html`), and the
    controls (your tiles, Play / Discard / Undo / Hint, the feedback, the hint).

    ``pace``: seconds between two bot actions (0: the bots act at once, for tests).
    ``on_result``: called with the :class:`PlayRecord` when a hand is counted.
    ``on_change``: called when the table changed (an action, a new deal, new settings) after
    :attr:`PlayRecord.table` was brought up to date, to save it; :meth:`refresh` puts a saved
    table back (after a reload), its hand replayed action by action.
    """

    def __init__(self, record: PlayRecord | None = None, rng: Any = None, *, seat: int = 0, seed: int | None = None,
                 pace: float = 0.7, opponents: Opponents = "search",
                 on_result: Callable[[PlayRecord, bool], None] | None = None,
                 on_change: Callable[[], None] | None = None) -> None:
        self.record = record if record is not None else PlayRecord()
        if seed is None:
            seed = rng.randrange(1, 10_000) if rng is not None and hasattr(rng, "randrange") else 1
        self.session = Session(seat=seat, seed=seed, opponents=opponents)
        self.pace = max(0.0, float(pace))
        self.on_result = on_result
        self.on_change = on_change
        self._last_saved: dict[str, Any] | None = None
        self._restore_checked = False
        self._pending: asyncio.TimerHandle | None = None
        self._hint_stage = 0
        self._hint: Hint | None = None
        self._feedback: tuple[str, Text] | None = None
        self._feedback_step = 0
        self._show_history = False
        self._counted: object = None
        self._lang: Lang | None = None

        # settings
        self.settings = _Settings(seat, opponents, self.apply_settings)
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

        def step(lang: Lang) -> tuple[object, ...]:
            s = self.session
            return (lang, id(s), s.deal_seed, s.hand_number, len(s.deal.history), s.seat, s.rules)

        self._parts = [
            _Part(self.deal_line, self._deal_line_html, step),
            _Part(self.table_view, self._table_html, step),
            _Part(self.status, self._status_html, lambda lang: (step(lang), self.session.learner_to_act)),
            _Part(self.feedback, self._feedback_html, lambda lang: (lang, self._feedback, self._feedback_step)),
            _Part(self.hint_view, self._hint_html, lambda lang: (step(lang), self._hint_stage, id(self._hint))),
            _Part(self.history_view, self._history_html, lambda lang: (step(lang), self._show_history)),
            _Part(self.result_view, self._result_html, lambda lang: (step(lang), self.session.is_over)),
            _Part(self.score_view, self._score_html,
                  lambda lang: (step(lang), tuple(self.session.running), self.session.hands_in_score)),
        ]
        super().__init__([
            self.deal_line, w.HBox([self.deal_again_button, self.replay_button, self.next_button, self.settings_button],
                                   layout=w.Layout(flex_flow="row wrap")),
            self.settings, self.table_view, self.status, self.picker,
            w.HBox([self.play_button, self.discard_button, self.undo_button, self.hint_button],
                   layout=w.Layout(flex_flow="row wrap")),
            self.feedback, self.hint_view, self.result_view, self.score_view, self.history_button, self.history_view,
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

    def apply_settings(self) -> None:
        """Deal a new hand with the chosen seat, opponents and variants."""
        try:
            rules = self.settings.rules()
        except TiangowError as exc:
            self.settings_note.value = (STYLE + f'<span class="tg-feedback-wrong tg-settings-error">'
                                        f"{html.escape(str(exc))}</span>")
            return
        seat = self.seat_toggle.value
        opponents = self.opp_toggle.value
        self._cancel()
        self._count()
        self.session.change(seat=seat if isinstance(seat, int) else None, rules=rules,
                            opponents=opponents if opponents in ("search", "rule") else None)
        self.settings_note.value = ""
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
        self._pending = loop.call_later(self.pace, self._bot_step)

    def _bot_step(self) -> None:
        self._pending = None
        try:
            self.session.bot_step()
        except TiangowError as exc:  # never let a callback kill the kernel's loop
            self._feedback = ("wrong", T(f"電腦出錯：{exc}", f"A bot failed: {exc}"))
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
        return {"session": s.snapshot(), "counted": s.deal.is_over and self._counted is s.deal}

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
        self.session = session
        self._counted = session.deal if table.get("counted") is True and session.deal.is_over else None
        self._last_saved = None
        self._feedback = None
        self._reset_hint()
        self.seat_toggle.value = session.seat
        self.opp_toggle.value = session.opponents
        for name, _label, options in VARIANT_CHOICES:
            value = getattr(session.rules, name)
            self.variant_toggles[name].value = next((i for i, (v, _) in enumerate(options) if v == value), 0)
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
        self.history_button.description = (T("收起牌譜", "Hide the tricks") if self._show_history
                                           else T("看看前面每一墩", "Review the tricks so far"))(lang)

    def _deal_line_html(self, lang: Lang) -> str:
        s = self.session
        d = s.deal
        m = d.multiplier
        banker = seat_name(d.banker, lang)
        variants = "; ".join(f"{label(lang)}: {text(lang)}" for name, label, options in VARIANT_CHOICES
                             for value, text in options[1:] if getattr(s.rules, name) == value) \
            or T("預設規則", "default rules")(lang)
        return (STYLE + f'<div class="tg-muted tg-deal-line" data-seed="{s.deal_seed}" data-banker="{d.banker}" '
                f'data-streak="{d.streak}">'
                + html.escape(T(f"第 {s.hand_number} 局 · 牌局編號 {s.deal_seed} · 莊家：{banker}（連莊第 {d.streak} 局，倍數 ×{m}）· 你是{seat_name(s.seat, 'zh-Hant')} · {variants}",
                                f"Hand {s.hand_number} · deal #{s.deal_seed} · banker {banker} (hand {d.streak} of the streak, ×{m}) · you are {seat_name(s.seat)} · {variants}")(lang))
                + "</div>")

    def _status_html(self, lang: Lang) -> str:
        s = self.session
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

    def _feedback_html(self, lang: Lang) -> str:
        if self._feedback is None:
            return ""
        kind, msg = self._feedback
        mark = f' data-mark="{kind[5:]}" data-step="{self._feedback_step}"' if kind.startswith("mark-") else ""
        cls = f"tg-{kind}" if kind.startswith("mark-") else f"tg-feedback-{kind}"
        return STYLE + f'<div class="{cls} tg-feedback-line"{mark}>{html.escape(msg(lang))}</div>'

    def _table_html(self, lang: Lang) -> str:
        s = self.session
        return table_html(s.deal.view(s.seat), lang, you=s.seat, previous=True, seat_width=24, hide_own=True)

    def _hint_html(self, lang: Lang) -> str:
        h = self._hint
        if h is None or self._hint_stage == 0:
            return ""
        parts = [f'<div class="tg-hint-nudge"><b>{html.escape(T("想一想：", "Think: ")(lang))}</b>'
                 f"{html.escape(h.nudge(lang))}</div>"]
        rec = h.recommended
        data = ""
        if self._hint_stage >= 2:
            view = self.session.deal.view(self.session.seat)
            data = (f' data-tiles="{" ".join(t.notation for t in rec.tiles)}" '
                    f'data-discard="{str(rec.discard).lower()}"')
            parts.append(f'<div class="tg-hint-rec"><b>{html.escape(T("建議：", "Recommended: ")(lang))}'
                         f"{html.escape(rec.text(view)(lang))}</b> {_tiles(rec.tiles, lang, 18)}<br>"
                         f"{html.escape(h.reason(lang))}</div>")
            n = h.options[0].samples
            how = (T(f"把你沒看見的牌隨機分配 {n} 次，每次算到底（其他三家合力對付你）：每次你保證得到的淨輸贏，取平均；"
                     "每次都一樣時才說「保證」。",
                     f"The tiles you have not seen dealt at random {n} times, each deal searched to the end with the "
                     "other three playing their best against you: the net you can guarantee in each, averaged; "
                     "“guaranteed” only when every deal gives the same.") if h.exact else
                   T(f"把你沒看見的牌隨機分配 {n} 次，每次把這一局打完：平均淨輸贏和贏局的比率。",
                     f"The tiles you have not seen dealt at random {n} times, each hand played out: the mean net "
                     "and how often you win the hand."))
            how = how + T("淨輸贏由現在算到局末：結算加上之後的賀尊、四大賀錢；之前已付的不算。",
                          " The net counts from now to the end of the hand: the settlement plus any 賀尊 or 四大賀 "
                          "money still to come, not money already paid.")
            note = ranking_note(h)
            if note is not None:
                how = how + T("", " ") + note
            rows = "".join(
                f'<tr data-option="{i}"><td>{html.escape(o.move.text(view)(lang))}</td>'
                f"<td>{html.escape(outcome_text(o)(lang))}</td></tr>"
                for i, o in enumerate(h.options))
            parts.append(f'<div class="tg-muted">{html.escape(how(lang))}</div>'
                         f'<table class="tg-options">{rows}</table>')
        step = len(self.session.deal.history)
        return (STYLE + f'<div class="tg-hintbox" data-stage="{self._hint_stage}" data-step="{step}"{data}>'
                + "".join(parts) + "</div>")

    def _history_html(self, lang: Lang) -> str:
        d = self.session.deal
        if not d.completed_tricks or not (self._show_history or d.is_over):
            return ""
        # Over: the full view, every face-down discard turned up; before: what you have seen.
        reveal = d.is_over
        view = d.full_view() if reveal else d.view(self.session.seat)
        note = (T("牌局完了，蓋着墊的牌都翻開了。", "The hand is over: every face-down discard is shown.") if reveal
                else T("別人墊的牌蓋着（R-P4）。", "Others' discards stay face down (R-P4)."))
        return (STYLE + f'<div class="tg-caption">{html.escape(T("牌譜", "The tricks")(lang))}</div>'
                f'<div class="tg-muted">{html.escape(note(lang))}</div>' + history_html(view, lang))

    def _result_html(self, lang: Lang) -> str:
        s = self.session
        st = s.settlement
        if st is None:
            return ""
        counts = s.mark_counts()
        marks = T(f"你的出牌：最佳 {counts['best']}，可以 {counts['fine']}，失誤 {counts['mistake']}。",
                  f"Your actions: {counts['best']} best, {counts['fine']} fine, {counts['mistake']} mistakes.")
        fins = ", ".join(f.label(lang) + f" ({f.rule})" for f in st.finishes)
        extra = f'<div class="tg-muted">{html.escape(T("奇牌：", "Special finish: ")(lang))}{html.escape(fins)}</div>' if fins else ""
        nb = seat_name(st.next_banker, lang)
        nxt = T(f"下一局莊家：{seat_name(st.next_banker, 'zh-Hant')}（連莊第 {st.next_streak} 局，R-B1）",
                f"Next banker: {nb} (hand {st.next_streak} of the streak, R-B1)")
        return (STYLE + f'<div class="tg-card tg-hand-result" data-winner="{st.winner}">'
                + settlement_html(st, lang, T("這一局的結算", "Settlement of this hand"))
                + extra + f'<div class="tg-muted">{html.escape(nxt(lang))}</div>'
                f'<div class="tg-prose">{html.escape(marks(lang))}</div></div>')

    def _score_html(self, lang: Lang) -> str:
        s = self.session
        run = s.running
        cells = "".join(f'<td data-seat="{x}">{html.escape(seat_name(x, lang))}{"*" if x == s.seat else ""}: '
                        f"{run[x]:+d}</td>" for x in range(4))
        played = s.hands_in_score
        label = T(f"累計（{played} 局）", f"Running score ({played} hand{'s' if played != 1 else ''})")
        return (STYLE + f'<div class="tg-muted tg-running-score" data-hands="{played}">{html.escape(label(lang))}'
                f'<table class="tg-options"><tr>{cells}</tr></table></div>')
