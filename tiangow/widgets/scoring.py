"""Settlement widgets: an itemised settlement table, and a quiz where every seat's result is typed in."""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as w
import traitlets

from ..draw import settlement_html, signed
from ..drills.scoring import MISTAKE_TEXT, EndOfHand, mistakes, read_result
from ..i18n import Lang, T, Text, bracketed, listed, seat_name
from ..scoring import Settlement
from .exercise import Exercise, prompt_html, score_html
from .safe import SafeState
from .text import current_lang, on_language

__all__ = ["SettlementTable", "SettlementQuiz", "settlement_html"]

MAX_TRIES = 3


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


class _ResultBox(SafeState, w.Text):
    """A seat's result box: the page may only set its text, of at most :data:`MAX_TYPED`
    characters; what it says is read by :func:`tiangow.drills.scoring.read_result` on Check."""

    _page_writable = frozenset({"value"})

    @traitlets.validate("value")
    def _short(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        if not isinstance(value, str) or len(value) > MAX_TYPED:
            raise traitlets.TraitError(f"a result is at most {MAX_TYPED} characters of text")
        return value


MAX_TYPED = 200
"""The most characters a result box holds (longer is refused by the box itself)."""
BOX_WIDTH = "250px"
"""A result box with its seat label: 140 px of label, the rest for what is typed (fits a phone)."""


class SettleDrill(Protocol):
    title: Text
    settled: Any

    def next_end(self, rng: random.Random) -> EndOfHand: ...

    def record_end(self, end: EndOfHand, first_try: bool) -> None: ...


class SettlementQuiz(Exercise):
    """Type each seat's result for a generated end of hand; each is checked on its own, and
    the itemised settlement is shown once all are right or after three tries."""

    frame_class = "tg-settle-quiz"
    next_label = T("下一局 →", "Next hand →")

    def __init__(self, drill: SettleDrill, rng: random.Random | int | None = None,
                 on_result: Callable[[EndOfHand, bool], None] | None = None) -> None:
        super().__init__(drill, rng, on_result)
        self.boxes = [_ResultBox(value="0", continuous_update=False, layout=w.Layout(width=BOX_WIDTH, max_width="100%"))
                      for _ in range(4)]
        for i, b in enumerate(self.boxes):
            b.add_class(f"tg-net-{i}")
        self.marks = [w.HTML() for _ in range(4)]
        self.check_button = w.Button(button_style="primary")
        self.check_button.add_class("tg-check")
        self.check_button.on_click(lambda _: self.check())
        self.table = w.HTML()
        self.end: EndOfHand | None = None
        self.settlement: Settlement | None = None
        self.right: list[bool | None] = [None] * 4
        self.new_task()

    def new_end(self) -> None:
        """The next end of hand to settle (once this one is done)."""
        self.new_task()

    def _begin(self) -> None:
        self.end = self.drill.next_end(self.rng)
        self.settlement = self.end.settle()
        self.right = [None] * 4
        for b in self.boxes:
            b.value = "0"
            b.disabled = False

    def enter(self, values: list[int | str]) -> None:
        """Type four results (as the page would; a number is typed as the page prints it, −20)."""
        for b, v in zip(self.boxes, values, strict=True):
            b.value = v if isinstance(v, str) else signed(v)

    def check(self) -> bool | None:
        """Check each seat's typed result; ``None`` if the quiz is finished."""
        s, end = self.settlement, self.end
        if s is None or end is None or self.done:
            return None
        read = [read_result(b.value) for b in self.boxes]
        unreadable = [(seat, why) for seat, why in enumerate(read) if isinstance(why, Text)]
        if unreadable:  # not a try: say what cannot be read, and let the learner put it right
            self._feedback = [("wrong", T(f"{seat_name(seat, 'zh-Hant')}：", f"{seat_name(seat)}: ") + why
                               + T("。", "."))
                              for seat, why in unreadable]
            self._render()
            return False
        values = [v for v in read if isinstance(v, int)]
        self.tries += 1
        self.right = [v == n for v, n in zip(values, s.net, strict=True)]
        notes: list[tuple[str, Text]] = []
        if sum(values) != 0:
            notes.append(("wrong", T(f"四家加起來應該是 0，你的是 {signed(sum(values))}：有人付就有人收。",
                                     f"The four results must add up to 0; yours add up to {signed(sum(values))}: "
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
            notes.append(("wrong", T(f"✗ {seat_name(seat, 'zh-Hant')}：{signed(v)} 不對。", f"✗ {seat_name(seat)}: "
                                     f"{signed(v)} is not right. ") + hint))
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
        for b in self.boxes:
            b.disabled = True
        self.drill.record_end(self.end, first_try)
        self._report(self.end, first_try)

    def _ready(self) -> bool:
        return self.end is not None and self.settlement is not None

    def _intro(self, lang: Lang) -> str:
        end = self.end
        assert end is not None
        prompt = T("填上每一家這一局的輸贏（贏是正數，輸是負數；不算局中已付的賀尊、四大賀）。",
                   "Type each seat's result for the hand (a gain positive, a loss negative; leave out rewards "
                   "already paid during play).")(lang)
        data = (f'data-stacks="{",".join(map(str, end.stacks))}" data-winner="{end.winner}" '
                f'data-banker="{end.banker}" data-streak="{end.streak}" '
                f'data-finishes="{",".join(f.name for f in end.finishes)}" '
                f'data-captured="{"" if end.captured is None else end.captured}"')
        return f'<div class="tg-prose tg-end" {data}>{html.escape(end.describe()(lang))}</div>' + prompt_html(prompt)

    def _body(self, lang: Lang) -> list[w.Widget]:
        end = self.end
        assert end is not None
        rows: list[w.Widget] = []
        for seat in range(4):
            tags = [T("莊", "banker")(lang)] if seat == end.banker else []
            if seat == end.winner:
                tags.append(T("贏家", "winner")(lang))
            tag = bracketed(listed(tags, lang), lang) if tags else ""
            # the seat is the box's own label (a form field needs a visible name)
            self.boxes[seat].description = seat_name(seat, lang) + tag
            self.boxes[seat].style.description_width = "140px"
            mark = self.right[seat]
            self.marks[seat].value = ("" if mark is None else
                                      '<span class="tg-feedback-right">✓</span>' if mark else
                                      '<span class="tg-feedback-wrong">✗</span>')
            rows.append(w.HBox([self.boxes[seat], self.marks[seat]]))
        self.check_button.description = T("核對", "Check")(lang)
        self.check_button.disabled = self.done
        return [*rows, self.check_button]

    def _after_feedback(self, lang: Lang) -> list[w.Widget]:
        s = self.settlement
        assert s is not None
        self.table.value = settlement_html(s, lang, T("逐項計分", "The settlement, item by item")) if self.done else ""
        return [self.table]

    def _score(self, lang: Lang) -> str:
        sc = self.drill.settled
        return score_html(T(f"第一次就全對：{sc.first_try} / {sc.asked}",
                            f"All right first time: {sc.first_try} of {sc.asked}")(lang))

