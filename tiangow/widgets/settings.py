"""Lesson 08's settings panel: the learner's seat, the opponents and the variants of RULES §10
to deal the next hand with. Values from the page are indices, checked (see :class:`SafeState`)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..drills.session import Opponents
from ..errors import RulesError
from ..i18n import Lang, T, Text, seat_name
from ..rules import Natural, Rules
from .safe import SafeState
from .views import STYLE

__all__ = ["TableSettings", "VARIANT_CHOICES", "auto_layout"]


def auto_layout() -> w.Layout:
    """A button as wide as its label (at least 90 px)."""
    return w.Layout(width="auto", min_width="90px")


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
    ("search", T("強：照教練打法的電腦", "strong: bots that play the coach's way")), ("rule", T("中：規則電腦", "medium: rule-based bots")))


class TableSettings(w.VBox):
    """The seat, the opponents and the variants (RULES §10) to deal the next hand with.
    Relabelled only when the language changes."""

    def __init__(self, seat: int, opponents: Opponents, on_apply: Callable[[], None],
                 on_learn: Callable[[], object] | None = None) -> None:
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
        self.apply_button = w.Button(button_style="warning", layout=auto_layout())
        self.apply_button.layout.flex = "0 0 auto"  # its label whole, the note beside it wraps
        self.apply_button.add_class("tg-apply")
        self.apply_button.on_click(lambda _: on_apply())
        self.note = w.HTML()
        self.learn_button = w.Button(button_style="success", layout=auto_layout())
        self.learn_button.layout.flex = "0 0 auto"
        self.learn_button.add_class("tg-learnable")
        if on_learn is not None:
            self.learn_button.on_click(lambda _: on_learn())
        self.learn_note = w.HTML()
        self.seat_label = w.HTML(layout=w.Layout(width="260px"))
        self.opp_label = w.HTML(layout=w.Layout(width="260px"))
        super().__init__([self.head, w.HBox([self.seat_label, self.seat_toggle], layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.opp_label, self.opp_toggle], layout=w.Layout(flex_flow="row wrap")),
                          w.VBox(rows), w.HBox([self.apply_button, self.note]),
                          w.HBox([self.learn_button, self.learn_note], layout=w.Layout(flex_flow="row wrap",
                                                                                       margin="6px 0 0 0"))],
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
        self.learn_button.description = T("發一手可以學的牌", "A hand to learn from")(lang)
        self.learn_note.value = (STYLE + '<span class="tg-muted">' + html.escape(T(
            "為你選的座位發一手打得好就贏得到的牌：教練坐這個位置，對這些電腦贏過這一局。用預設規則和強的電腦（照教練打法），東家做莊，從頭算連莊。",
            "Deals, for the seat chosen above, a hand you can win with good play: the coach, in that seat, won it "
            "against these computer players. Default rules and the strong computer players (they play the "
            "coach's way); East is the banker, the streak starts again.")(lang)) + "</span>")
        self.show_problem(self.problem, lang)

    problem: Text | None = None
    """Why the last settings applied could not be used (shown under the button)."""

    def show_problem(self, problem: Text | None, lang: Lang) -> None:
        self.problem = problem
        self.note.value = ("" if problem is None else STYLE + '<span class="tg-feedback-wrong tg-settings-error">'
                           f"{html.escape(problem(lang))}</span>")

    def rules(self) -> Rules | Text:
        """The rules the toggles show, or why they cannot go together, in words."""
        values: dict[str, Any] = {}
        for name, _label, options in VARIANT_CHOICES:
            index = self.variant_toggles[name].value
            values[name] = options[index if isinstance(index, int) and 0 <= index < len(options) else 0][0]
        if values["capture_civil_supreme"] and not values["civil_supreme"]:
            return T("「雙高腳擒文尊」要先玩文至尊：不玩文至尊，就沒有文至尊可擒（R-C4）。",
                     "“Two 1-6 capture a civil supreme” needs the civil supreme on: without it there is no civil "
                     "supreme to capture (R-C4).")
        try:
            return Rules(**values)
        except RulesError as exc:  # pragma: no cover - every other combination of the toggles is a rule set
            return T(f"這些規則不能一起用（{exc}）", f"These rules do not go together: {exc}")


def _relabel(tog: _Toggle, labels: list[str]) -> None:
    """Give a toggle's options new labels, keeping its value (and sending nothing if unchanged)."""
    if [o[0] for o in tog.options] != labels:
        value = tog.value
        tog.options = [(lab, v) for lab, (_, v) in zip(labels, tog.options, strict=True)]
        tog.value = value
