"""The dealing stepper: the first banker by dice, the wall, and the ten 牌頭 methods tile by tile."""

from __future__ import annotations

import html
import random

import ipywidgets as w

from ..dealing import Dealt, Method, Wall, deal_wall, draw_first_banker, first_taker
from ..drills.dealing import METHOD_EN, METHOD_ZH
from ..i18n import Lang, T, pick, seat_name
from ..svg import die_svg, tile_svg
from .safe import SafeState
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["DealingStepper"]


class _MethodChoice(SafeState, w.Dropdown):
    _page_writable = frozenset({"index"})


class DealingStepper(w.VBox):
    """Throw for the first banker; pick a method; throw for the first taker; deal tile by tile."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.banker = 0
        self.banker_rounds: list[list[tuple[int, int] | None]] = []
        self.method = Method.KAI_BIAN
        self.wall = Wall.shuffled(self.rng)
        self.dice: tuple[int, int] | None = None
        self.dealt: Dealt | None = None
        self.step = 0
        self.choose = _MethodChoice(options=[(m.value, i) for i, m in enumerate(Method)], value=0,
                                    layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.choose.add_class("tg-method")
        self.choose.observe(lambda _: self._method_changed(), "value")
        def auto() -> w.Layout:  # a button as wide as its label, in every language
            return w.Layout(width="auto", min_width="90px")

        self.banker_button = w.Button(button_style="info", layout=auto())
        self.banker_button.add_class("tg-throw-banker")
        self.banker_button.on_click(lambda _: self.throw_for_banker())
        self.throw_button = w.Button(button_style="primary", layout=auto())
        self.throw_button.add_class("tg-throw")
        self.throw_button.on_click(lambda _: self.throw())
        self.next_button = w.Button(layout=auto())
        self.next_button.add_class("tg-next-tile")
        self.next_button.on_click(lambda _: self.next_tile())
        self.take_button = w.Button(layout=auto())
        self.take_button.add_class("tg-take")
        self.take_button.on_click(lambda _: self.next_take())
        self.all_button = w.Button(layout=auto())
        self.all_button.add_class("tg-deal-all")
        self.all_button.on_click(lambda _: self.deal_all())
        self.view = w.HTML()
        self.view.add_class("tg-dealing")
        wrap = w.Layout(flex_flow="row wrap")
        super().__init__([w.HBox([self.banker_button, self.choose, self.throw_button], layout=wrap),
                          w.HBox([self.next_button, self.take_button, self.all_button], layout=wrap), self.view],
                         layout=w.Layout(border="1px solid #ddd3bf", padding="10px 14px", max_width="800px"))
        self.add_class("tg-stepper")
        on_language(lambda lang: self._render())
        self._render()

    # -- actions ---------------------------------------------------------------------------
    def throw_for_banker(self) -> None:
        """Everyone throws two dice; the tied highest throw again (R-S2)."""
        self.banker, self.banker_rounds = draw_first_banker(self.rng)
        self._new_wall()

    def _method_changed(self) -> None:
        self.method = list(Method)[self.choose.value]
        self._new_wall()

    def _new_wall(self) -> None:
        self.wall = Wall.shuffled(self.rng)
        self.dice = None
        self.dealt = None
        self.step = 0
        self._render()

    def throw(self) -> None:
        """The player opposite the banker throws for the first taker."""
        self.dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self.dealt = deal_wall(self.wall, self.method, self.dice, self.banker)
        self.step = 0
        self._render()

    def next_tile(self) -> None:
        if self.dealt is not None and self.step < len(self.dealt.steps):
            self.step += 1
            self._render()

    def next_take(self) -> None:
        """The rest of the current taker's block."""
        d = self.dealt
        if d is None or self.step >= len(d.steps):
            return
        taker = d.steps[self.step].taker
        block = d.steps[self.step].position[0]
        while self.step < len(d.steps) and d.steps[self.step].taker == taker and (
                self.method is not Method.LUN_DONG or d.steps[self.step].position[0] == block):
            self.step += 1
        self._render()

    def deal_all(self) -> None:
        if self.dealt is not None:
            self.step = len(self.dealt.steps)
            self._render()

    # -- drawing ---------------------------------------------------------------------------
    def _render(self) -> None:
        lang: Lang = current_lang()
        self.banker_button.description = T("擲骰定莊", "Throw for the banker")(lang)
        self.throw_button.description = T("擲骰開牌", "Throw to deal")(lang)
        self.next_button.description = T("下一張", "Next tile")(lang)
        self.take_button.description = T("取完這一份", "Finish this take")(lang)
        self.all_button.description = T("全部發完", "Deal them all")(lang)
        self.choose.description = T("牌頭", "Method")(lang)  # a visible label (the select needs a name)
        labels = [pick(lang, m.value, f"{m.value} · {m.name_en}") for m in Method]
        if [o[0] for o in self.choose.options] != labels:
            index = self.choose.value
            self.choose.options = [(label, i) for i, label in enumerate(labels)]
            self.choose.value = index
        dealing = self.dealt is not None
        self.next_button.disabled = self.take_button.disabled = self.all_button.disabled = (
            not dealing or self.step >= len(self.dealt.steps))  # type: ignore[union-attr]
        parts = [STYLE]
        if self.banker_rounds:
            rounds = []
            for k, throws in enumerate(self.banker_rounds):
                cells = "".join(
                    f'<span class="tg-throw-result">{html.escape(seat_name(s, lang))} '
                    f"{die_svg(t[0], 24)}{die_svg(t[1], 24)} = {sum(t)}</span>"
                    for s, t in enumerate(throws) if t is not None)
                label = T(f"第 {k + 1} 輪", f"Round {k + 1}")(lang)
                rounds.append(f'<div class="tg-banker-round"><span class="tg-muted">{html.escape(label)}</span> {cells}</div>')
            result = T(f"{seat_name(self.banker, 'zh-Hant')}擲得最大，做第一局的莊家，並先選座位（R-S2）。",
                       f"{seat_name(self.banker)} threw highest and banks the first hand, choosing a seat first (R-S2).")(lang)
            parts.append("".join(rounds) + f'<div class="tg-prose">{html.escape(result)}</div>')
        method_text = pick(lang, METHOD_ZH[self.method], METHOD_EN[self.method])
        parts.append(f'<div class="tg-prose"><b>{html.escape(self.method.label(lang))}</b>{html.escape(T("：", ": ")(lang))}{html.escape(method_text)}</div>')
        if self.dice is not None and self.dealt is not None:
            thrower = (self.banker + 2) % 4
            first = first_taker(self.banker, self.dice)
            text = T(f"莊家是{seat_name(self.banker, 'zh-Hant')}；對家{seat_name(thrower, 'zh-Hant')}擲出 {sum(self.dice)} 點，"
                     f"從自己數起，按出牌次序數到{seat_name(first, 'zh-Hant')}：{seat_name(first, 'zh-Hant')}先取，其餘順次（§9）。",
                     f"{seat_name(self.banker)} is banker; the opposite player, {seat_name(thrower)}, throws "
                     f"{sum(self.dice)}; counting from the thrower in turn order lands on {seat_name(first)}, who "
                     "takes first, the others in turn (§9).")(lang)
            parts.append(f'<div class="tg-prose">{die_svg(self.dice[0])}{die_svg(self.dice[1])} {html.escape(text)}</div>')
        else:
            banker_zh = seat_name(self.banker, "zh-Hant")
            hint = T(f"莊家：{banker_zh}。按「擲骰開牌」。", f"Banker: {seat_name(self.banker)}. Press Throw to deal.")
            parts.append(f'<div class="tg-muted">{html.escape(hint(lang))}</div>')
        parts.append(self._wall_html(lang))
        parts.append(self._hands_html(lang))
        self.view.value = "".join(parts)

    def _wall_html(self, lang: Lang) -> str:
        taken: dict[tuple[int, int], int] = {}
        last = None
        if self.dealt is not None:
            for st in self.dealt.steps[: self.step]:
                taken[st.position] = st.seat
                last = st
        restack = self.method.restack
        note = ""
        if restack:
            moves = "、".join(f"{a}→{b}" for a, b in restack) if lang != "en" else ", ".join(f"{a} onto {b}" for a, b in restack)
            note = T(f"先疊牌：第 {moves} 棟（疊上去的那棟先取）。", f"First restack: stack {moves} (the moved stack is taken first).")(lang)
        cols = []
        for s in range(1, 9):
            cells = []
            for layer in range(1, 5):
                pos = (s, layer)
                if pos in taken:
                    who = seat_name(taken[pos], lang)
                    hl = " tg-last" if last is not None and last.position == pos else ""
                    # One character fits the cell: 東南西北, or E S W N with the name on hover.
                    cells.append(f'<div class="tg-wall-taken{hl}" title="{html.escape(who)}" '
                                 f'data-seat="{taken[pos]}">{html.escape(who[0])}</div>')
                else:
                    cells.append(tile_svg(None, 26, lang))
            cols.append(f'<div class="tg-wall-stack" data-stack="{s}">'
                        f'<span class="tg-muted">{s}</span>{"".join(cells)}</div>')
        title = T("牌牆：八棟，每棟四張，蓋着", "The wall: eight stacks of four, face down")(lang)
        return (f'<div class="tg-caption">{html.escape(title)}</div>'
                f'<div class="tg-wall">{"".join(cols)}</div>'
                + (f'<div class="tg-muted">{html.escape(note)}</div>' if note else ""))

    def _hands_html(self, lang: Lang) -> str:
        if self.dealt is None:
            return ""
        hands: list[list[str]] = [[], [], [], []]
        for st in self.dealt.steps[: self.step]:
            hands[st.seat].append(tile_svg(st.tile, 24, lang))
        rows = []
        for s in range(4):
            tag = T("（莊）", " (banker)")(lang) if s == self.banker else ""
            rows.append(f'<div class="tg-hand tg-dealt-hand" data-seat="{s}" data-count="{len(hands[s])}">'
                        f'<span class="tg-hand-seat">{html.escape(seat_name(s, lang) + tag)}</span>'
                        f'{"".join(hands[s])}</div>')
        done = T(f"已發 {self.step} / 32 張", f"{self.step} of 32 tiles dealt")(lang)
        return f'<div class="tg-caption">{html.escape(done)}</div>' + "".join(rows)
