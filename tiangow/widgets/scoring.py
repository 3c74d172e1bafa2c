"""Settlement widgets: an itemised settlement table, and a quiz where every seat's result is typed in."""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as w

from ..drills.scoring import MISTAKE_TEXT, EndOfHand, mistakes
from ..i18n import Lang, T, Text, seat_name
from ..scoring import Settlement
from .safe import SafeState
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["SettlementTable", "SettlementQuiz", "settlement_html"]

MAX_TRIES = 3


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def settlement_html(s: Settlement, lang: Lang, caption: Text | None = None) -> str:
    """The payments, one row each (who pays whom, how much, why and which rule), and the net."""
    head = T("付款人,收款人,數目,原因,算法,規則", "payer,payee,amount,reason,how,rules")(lang).split(",")
    rows = []
    for p in s.payments:
        reason = p.reason.label(lang)
        if p.covers is not None and p.covers != p.payer:
            reason += T(f"（代{seat_name(p.covers, 'zh-Hant')}）", f" for {seat_name(p.covers)}")(lang)
        rows.append(
            f'<tr class="tg-payment" data-payer="{p.payer}" data-payee="{p.payee}" data-amount="{p.amount}">'
            f"<td>{html.escape(seat_name(p.payer, lang))}</td><td>{html.escape(seat_name(p.payee, lang))}</td>"
            f"<td style='text-align:right'>{p.amount}</td><td>{html.escape(reason)}</td>"
            f"<td>{html.escape(p.formula(lang))}</td><td>{html.escape(', '.join(p.rules))}</td></tr>"
        )
    net = " · ".join(f"{seat_name(x, lang)} {_signed(n)}" for x, n in enumerate(s.net))
    cap = f'<div class="tg-caption">{html.escape(caption(lang))}</div>' if caption else ""
    return (STYLE + cap
            + '<table class="tg-settlement">'
            + "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head)
            + "</tr>" + "".join(rows) + "</table>"
            + f'<div class="tg-net"><b>{html.escape(T("淨輸贏", "Net")(lang))}</b>: '
            + html.escape(net) + "</div>")


class SettlementTable(w.HTML):
    """A settlement drawn as a table, with the end of hand it settles."""

    def __init__(self, settlement: Settlement, caption: Text | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.settlement = settlement
        self.caption = caption
        self.end = EndOfHand.from_settlement(settlement)
        self.add_class("tg-settlement-view")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        cap = f'<div class="tg-caption">{html.escape(self.caption(lang))}</div>' if self.caption else ""
        intro = f'<div class="tg-prose">{html.escape(self.end.describe()(lang))}</div>'
        self.value = (f'<div class="tg-card">{cap}{intro}'
                      f"{settlement_html(self.settlement, lang)}</div>")


class _SafeInt(SafeState, w.IntText):
    """An integer box: the page may only set its value, and only to an integer."""

    _page_writable = frozenset({"value"})


class SettleDrill(Protocol):
    title: Text
    settled: Any

    def next_end(self, rng: random.Random) -> EndOfHand: ...

    def record_end(self, end: EndOfHand, first_try: bool) -> None: ...


class SettlementQuiz(w.VBox):
    """Type each seat's result for a generated end of hand; each is checked on its own, and
    the itemised settlement is shown once all are right or after three tries."""

    def __init__(self, drill: SettleDrill, rng: random.Random | int | None = None,
                 on_result: Callable[[EndOfHand, bool], None] | None = None) -> None:
        self.drill = drill
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.on_result = on_result
        self.head = w.HTML()
        self.boxes = [_SafeInt(value=0, layout=w.Layout(width="90px")) for _ in range(4)]
        for i, b in enumerate(self.boxes):
            b.add_class(f"tg-net-{i}")
        self.labels = [w.HTML() for _ in range(4)]
        self.marks = [w.HTML() for _ in range(4)]
        self.check_button = w.Button(button_style="primary")
        self.check_button.add_class("tg-check")
        self.check_button.on_click(lambda _: self.check())
        self.feedback = w.HTML()
        self.feedback.add_class("tg-feedback")
        self.table = w.HTML()
        self.next_button = w.Button(button_style="success")
        self.next_button.add_class("tg-next")
        self.next_button.on_click(lambda _: self.new_end())
        self.score_line = w.HTML()
        self.score_line.add_class("tg-score")
        super().__init__(layout=w.Layout(border="1px solid #ddd3bf", padding="10px 14px", max_width="760px"))
        self.add_class("tg-settle-quiz")
        self.end: EndOfHand | None = None
        self.settlement: Settlement | None = None
        self.tries = 0
        self.done = False
        self.right: list[bool | None] = [None] * 4
        self._feedback: list[tuple[str, Text]] = []
        on_language(lambda lang: self._render())
        self.new_end()

    def new_end(self) -> None:
        if self.end is not None and not self.done:
            return
        self.end = self.drill.next_end(self.rng)
        self.settlement = self.end.settle()
        self.tries = 0
        self.done = False
        self.right = [None] * 4
        self._feedback = []
        for b in self.boxes:
            b.value = 0
            b.disabled = False
        self._render()

    def enter(self, values: list[int]) -> None:
        """Type four results (as the page would)."""
        for b, v in zip(self.boxes, values, strict=True):
            b.value = v

    def check(self) -> bool | None:
        """Check each seat's typed result; ``None`` if the quiz is finished."""
        s, end = self.settlement, self.end
        if s is None or end is None or self.done:
            return None
        values = [int(b.value) for b in self.boxes]
        self.tries += 1
        self.right = [v == n for v, n in zip(values, s.net, strict=True)]
        notes: list[tuple[str, Text]] = []
        if sum(values) != 0:
            notes.append(("wrong", T(f"四家加起來應該是 0，你的是 {_signed(sum(values))}：有人付就有人收。",
                                     f"The four results must add up to 0; yours add up to {_signed(sum(values))}: "
                                     "every payment is paid by one seat and received by another.")))
        for seat, (ok, v) in enumerate(zip(self.right, values, strict=True)):
            if ok:
                continue
            hint = T("", "")
            for mistake, wrong in mistakes(s, seat).items():
                if wrong == v:
                    hint = MISTAKE_TEXT[mistake]
                    break
            else:
                if v == -s.net[seat] and v != 0:
                    hint = T("正負號反了：輸是負數，贏是正數。", "The sign is reversed: a loss is negative, a gain positive.")
            notes.append(("wrong", T(f"✗ {seat_name(seat, 'zh-Hant')}：{_signed(v)} 不對。", f"✗ {seat_name(seat)}: "
                                     f"{_signed(v)} is not right. ") + hint))
        if all(self.right):
            self._feedback = [("right", T("✓ 四家全對！", "✓ All four right!"))]
            self._finish(self.tries == 1)
        elif self.tries >= MAX_TRIES:
            self._feedback = [*notes, ("answer", T("答案見下表。", "The answer is in the table below."))]
            self._finish(False)
        else:
            left = T(f"還有 {MAX_TRIES - self.tries} 次機會。", f"{MAX_TRIES - self.tries} tries left.")
            self._feedback = [*notes, ("wrong", left)]
        self._render()
        return all(self.right)

    def _finish(self, first_try: bool) -> None:
        assert self.end is not None
        self.done = True
        for b in self.boxes:
            b.disabled = True
        self.drill.record_end(self.end, first_try)
        if self.on_result is not None:
            self.on_result(self.end, first_try)

    def refresh(self) -> None:
        self._render()

    def _render(self) -> None:
        lang = current_lang()
        end, s = self.end, self.settlement
        if end is None or s is None:
            return
        prompt = T("填上每一家這一局的輸贏（贏是正數，輸是負數；不算局中已付的賀尊、四大賀）。",
                   "Type each seat's result for the hand (a gain positive, a loss negative; leave out rewards "
                   "already paid during play).")(lang)
        data = (f'data-stacks="{",".join(map(str, end.stacks))}" data-winner="{end.winner}" '
                f'data-banker="{end.banker}" data-streak="{end.streak}" '
                f'data-finishes="{",".join(f.name for f in end.finishes)}" '
                f'data-captured="{"" if end.captured is None else end.captured}"')
        self.head.value = (STYLE + f'<div class="tg-caption">{html.escape(self.drill.title(lang))}</div>'
                           f'<div class="tg-prose tg-end" {data}>{html.escape(end.describe()(lang))}</div>'
                           f'<div class="tg-prose tg-prompt"><b>{html.escape(prompt)}</b></div>')
        rows = []
        for seat in range(4):
            tags = [T("莊", "banker")(lang)] if seat == end.banker else []
            if seat == end.winner:
                tags.append(T("贏家", "winner")(lang))
            tag = f" ({', '.join(tags)})" if tags else ""
            self.labels[seat].value = (f'<span class="tg-settle-seat">'
                                       f"{html.escape(seat_name(seat, lang) + tag)}</span>")
            mark = self.right[seat]
            self.marks[seat].value = ("" if mark is None else
                                      '<span class="tg-feedback-right">✓</span>' if mark else
                                      '<span class="tg-feedback-wrong">✗</span>')
            rows.append(w.HBox([self.labels[seat], self.boxes[seat], self.marks[seat]]))
        self.check_button.description = T("核對", "Check")(lang)
        self.check_button.disabled = self.done
        self.feedback.value = "".join(
            f'<div class="tg-feedback-{kind}">{html.escape(text(lang))}</div>' for kind, text in self._feedback)
        self.table.value = settlement_html(s, lang, T("逐項計分", "The settlement, item by item")) if self.done else ""
        self.next_button.description = T("下一局 →", "Next hand →")(lang)
        self.next_button.layout.display = "" if self.done else "none"
        sc = self.drill.settled
        self.score_line.value = ('<div class="tg-muted">' + html.escape(
            T(f"第一次就全對：{sc.first_try} / {sc.asked}", f"All right first time: {sc.first_try} of {sc.asked}")(lang))
            + "</div>")
        self.children = [self.head, *rows, self.check_button, self.feedback, self.table, self.next_button,
                         self.score_line]

