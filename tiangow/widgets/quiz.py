"""The quiz component: a question, choices or tile picks, three tries, feedback, a score."""

from __future__ import annotations

import html
import random
from collections.abc import Callable

import ipywidgets as w

from ..drills.base import AnswerError, Drill, DrillFinished, Question
from ..i18n import Lang, T, Text
from .exercise import Exercise, prompt_html, score_html
from .picker import HoldingPicker
from .text import current_lang
from .views import STYLE, tile_html

__all__ = ["Quiz"]


_RIGHT = T("✓ 對！", "✓ Right!")
_WRONG = T("✗ 不對。", "✗ Not quite.")

_ANSWER = T("答案是：{answer}。", "The answer: {answer}.")
_CHECK = T("確定", "Check")
_PICK_FIRST = T("先點選一張牌。", "Pick a tile first.")
_ORDER_FIRST = T("請按次序點選全部 {n} 張牌。", "Click all {n} tiles, in order.")
_AGAIN = T("再試一次", "Try again")
_AGAIN_SAME = T("✗ 這個剛才已經試過了。", "✗ You tried that one already.")
_FINISH = T("完成 ✓", "Finish ✓")
_OF = T("第 {n} 題，共 {total} 題", "Question {n} of {total}")
_SCORE = T("答對（第一次）：{right} / {asked} 題　連續答對：{streak}",
           "Right first time: {right} of {asked}   streak: {streak}")


def _cited(q: Question) -> Text:
    """The explanation, with the rule id added if the text does not already cite it."""
    if q.rule in q.explanation.zh:
        return q.explanation
    shown = f"RULES {q.rule}" if q.rule.startswith("§") else q.rule
    return q.explanation + T(f"（{shown}）", f" ({shown})")


def _left(n: int) -> Text:
    return T(f"還有 {n} 次機會。", f"{n} tries left." if n != 1 else "One more try.")


class Quiz(Exercise):
    """Asks the questions of ``drill`` one at a time.

    Up to three tries per question (fewer when the choices run out: see
    :attr:`Question.tries`); a wrong answer gets feedback that says what is wrong with it and
    cites the rule without giving the answer; after the last wrong try the answer is shown with
    the explanation. ``on_result`` is called with
    (question, right at the first try, tries) once a question is finished.
    """

    frame_class = "tg-quiz"

    def __init__(self, drill: Drill, rng: random.Random | int | None = None,
                 on_result: Callable[[Question, bool, int], None] | None = None,
                 title: Text | None = None) -> None:
        super().__init__(drill, rng, on_result, title)
        self.question: Question | None = None
        self._chosen: list[str] = []
        self.prompt = w.HTML()
        self.shown = w.HTML()
        self.picker = HoldingPicker([], max_select=1, names=False)
        self.choice_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._choices_of: Question | None = None
        """The question whose answer buttons :attr:`choice_box` holds."""
        self.check_button = w.Button(button_style="primary")
        self.check_button.add_class("tg-check")
        self.check_button.on_click(lambda _: self._check_pick())
        self.again_button = w.Button(button_style="warning")
        self.again_button.add_class("tg-again")
        self.again_button.on_click(lambda _: self.restart())
        self.finished = False
        self.next()

    # -- flow --------------------------------------------------------------------------
    def next(self) -> None:
        """Ask the next question (or show the summary when a finite drill is done)."""
        self.new_task()

    def _begin(self) -> None:
        self._chosen = []
        try:
            question = self.drill.next_question(self.rng)
        except DrillFinished:
            self.finished = True
            self.done = True  # nothing to answer: a click on Next shows the summary again
            return
        self.finished = False
        self.question = q = question
        if q.pick_tiles:
            self.picker.set_tiles([c.tiles[0] for c in q.choices])
            self.picker.max_select = len(q.choices) if q.mode == "order" else 1
            self.picker.ordered = q.mode == "order"
            self.picker.disabled = False

    def restart(self) -> None:
        """Start a finite drill (a mastery check) again."""
        restart = getattr(self.drill, "restart", None)
        if not self.finished or restart is None:
            return
        restart()
        self.question = None
        self.done = True
        self.next()

    def answer(self, key: str) -> bool | None:
        """Answer the current question with a choice key; returns whether it was right, or
        ``None`` if the question is already finished (a stale click) — never raises for a
        key the page sends that is not a choice: that is refused with a message."""
        q = self.question
        if q is None or self.done:
            return None
        try:
            right = q.check(key)
        except AnswerError:
            return None
        if key in self._chosen:  # the same wrong answer again: said so, and it costs no try
            why = q.why(key) or T("", "")
            self._feedback = [("wrong", _AGAIN_SAME + T(" ", " ") + why + T(" ", " ") + _left(q.tries - self.tries))]
            self._render()
            return False
        self.tries += 1
        self._chosen.append(key)
        explanation = _cited(q)
        if right:
            self._feedback = [("right", _RIGHT + T(" ", " ") + explanation)]
            self._finish(first_try=self.tries == 1)
        else:
            why = q.why(key) or T("", "")
            if self.tries >= q.tries:
                self._feedback = [("wrong", _WRONG + T(" ", " ") + why),
                                  ("answer", _ANSWER.format(answer=q.answer_label()) + T(" ", " ") + explanation)]
                self._finish(first_try=False)
            else:
                self._feedback = [("wrong", _WRONG + T(" ", " ") + why + T(" ", " ")
                                   + _left(q.tries - self.tries))]
        self._render()
        return right

    def _finish(self, first_try: bool) -> None:
        q = self.question
        assert q is not None
        self.done = True
        if q.mode == "pick":
            self.picker.disabled = True
            self.picker.mark(["right" if c.key == q.answer else ("wrong" if c.key in self._chosen else "")
                              for c in q.choices])
        elif q.mode == "order":
            self.picker.disabled = True
            self.picker.select([int(i) for i in q.answer.split(",")])  # show the right order
        self.drill.record(q, first_try, self.tries)
        self._report(q, first_try, self.tries)

    def _check_pick(self) -> None:
        q = self.question
        if q is None or self.done or not q.pick_tiles:
            return
        sel = list(self.picker.selected)
        if q.mode == "order":
            if len(sel) != len(q.choices):
                self._feedback = [("wrong", _ORDER_FIRST.format(n=len(q.choices)))]
                self._render()
                return
            self.answer(",".join(str(i) for i in sel))
        else:
            if len(sel) != 1:
                self._feedback = [("wrong", _PICK_FIRST)]
                self._render()
                return
            self.answer(q.choices[sel[0]].key)
        if not self.done:
            self.picker.selected = []

    # -- drawing -----------------------------------------------------------------------
    def _render(self) -> None:
        if not self.finished:
            super()._render()
            return
        lang = current_lang()
        self.head.value = STYLE + f'<div class="tg-caption">{html.escape(self.title(lang))}</div>'
        summary = getattr(self.drill, "summary", None)
        text = summary()(lang) if summary is not None else ""
        self.feedback.value = f'<div class="tg-summary tg-prose">{text}</div>'
        self.again_button.description = _AGAIN(lang)
        self.score_line.value = self._score(lang)
        if getattr(self.drill, "again", True):
            self.children = [self.head, self.feedback, self.again_button, self.score_line]
        else:  # a drill that ends when nothing is left (what is due today): no "Try again"
            self.children = [self.head, self.feedback, self.score_line]

    def _ready(self) -> bool:
        return self.question is not None

    def _intro(self, lang: Lang) -> str:
        """A finite drill (a mastery check) says its size and pass mark from the start, and
        which question this is."""
        terms = getattr(self.drill, "terms", None)
        number = getattr(self.drill, "number", None)
        if terms is None or number is None:
            return ""
        of = _OF.format(n=number(self.done), total=self.drill.questions)(lang)
        return (f'<div class="tg-muted tg-terms" data-n="{number(self.done)}" data-total="{self.drill.questions}">'
                f"{html.escape(of)} · {html.escape(terms()(lang))}</div>")

    def _next_label(self) -> Text:
        is_last = getattr(self.drill, "is_last", None)
        if is_last is not None and is_last(self.done):
            return _FINISH
        return self.next_label

    def _body(self, lang: Lang) -> list[w.Widget]:
        q = self.question
        assert q is not None
        self.prompt.value = prompt_html(q.prompt(lang))
        if q.groups:
            rows = []
            for label, tiles in q.groups:
                rows.append(f'<div class="tg-group"><div class="tg-muted">{html.escape(label(lang))}</div>'
                            f"{tile_html(tiles, lang, names=False, width=44)}</div>")
            self.shown.value = STYLE + '<div class="tg-groups">' + "".join(rows) + "</div>"
        else:
            self.shown.value = STYLE + tile_html(q.shown, lang, names=False, width=52) if q.shown else ""
        children: list[w.Widget] = [self.prompt]
        if q.shown or q.groups:
            children.append(self.shown)
        if q.pick_tiles:
            self.check_button.description = _CHECK(lang)
            self.check_button.disabled = self.done
            children += [self.picker, self.check_button]
        else:
            self._draw_choices(q, lang)
            children.append(self.choice_box)
        return children

    def _draw_choices(self, q: Question, lang: Lang) -> None:
        """The answer buttons of ``q``. A redraw of the same question (the language set once
        the page's saved progress arrives, an answer's feedback) relabels the buttons on the
        page instead of replacing them: a learner's click on a button already shown is never
        lost to a button closed while the click was on its way."""
        if self._choices_of is not q:
            old = self.choice_box.children
            self.choice_box.children = [self._choice_button(q.id, c.key) for c in q.choices]
            self._choices_of = q
            for b in old:
                b.close()
        for b, c in zip(self.choice_box.children, q.choices, strict=True):
            assert isinstance(b, w.Button)
            style = ""
            if c.key in self._chosen:
                style = "success" if q.check(c.key) else "danger"
            elif self.done and q.check(c.key):
                style = "success"
            b.description = c.label(lang)
            b.button_style = style
            b.disabled = self.done or c.key in self._chosen

    def _choice_button(self, qid: str, key: str) -> w.Button:
        b = w.Button(layout=w.Layout(width="auto", min_width="72px", margin="0 6px 6px 0"))
        b.add_class("tg-choice")
        b.on_click(lambda _: self._clicked(qid, key))
        return b

    def _clicked(self, qid: str, key: str) -> None:
        if self.question is None or self.question.id != qid:
            return  # a click on a button of an earlier question
        self.answer(key)

    def _score(self, lang: Lang) -> str:
        score = getattr(self.drill, "score", None)
        if score is None or (score.asked == 0 and not getattr(self.drill, "again", True)):
            return ""
        text = _SCORE.format(right=score.first_try, asked=score.asked, streak=score.streak)(lang)
        return score_html(text, asked=score.asked, right=score.first_try)
