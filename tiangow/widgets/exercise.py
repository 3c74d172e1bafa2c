"""The frame every exercise shares: a heading and prompt, the exercise's own widgets, feedback
lines, a Next button shown once the task is done, and a score line, inside one bordered box
that redraws itself when the page's language changes.

An exercise (:class:`~tiangow.widgets.Quiz`, :class:`~tiangow.widgets.FindAllPlays`,
:class:`~tiangow.widgets.ActQuiz`, :class:`~tiangow.widgets.PlayOutBoard`,
:class:`~tiangow.widgets.SettlementQuiz`) only says what is its own: how a task begins
(:meth:`Exercise._begin`), the prompt, its widgets, its score, and how an answer is checked.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import ipywidgets as w

from ..i18n import Lang, T, Text
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["Exercise", "as_rng", "feedback_html", "score_html"]


def as_rng(rng: random.Random | int | None) -> random.Random:
    """A seeded generator from a seed (or ``None`` for an unseeded one), or ``rng`` itself."""
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def feedback_html(lines: Sequence[tuple[str, Text]], lang: Lang) -> str:
    """Feedback lines, each ``(kind, text)`` with kind ``right``, ``wrong``, ``answer`` … as a
    ``tg-feedback-<kind>`` block."""
    return "".join(f'<div class="tg-feedback-{kind}">{html.escape(text(lang))}</div>' for kind, text in lines)


def score_html(text: str, **data: int) -> str:
    """A muted score line, its figures also as ``data-`` attributes."""
    attrs = "".join(f' data-{k}="{v}"' for k, v in data.items())
    return f'<div class="tg-muted"{attrs}>{html.escape(text)}</div>'


class Exercise(w.VBox):
    """One exercise of a drill: a task at a time, its tries, its feedback, then Next.

    ``drill`` records the results (each exercise says how); ``rng`` (a seed or a generator)
    draws the tasks; ``on_result`` is called once a task is finished, with what the exercise
    passes to :meth:`_report`.
    """

    frame_class: ClassVar[str] = "tg-exercise"
    """The CSS class of the frame (``tg-quiz``, ``tg-findall`` …), which the page styles and
    the browser tests find."""
    next_label: ClassVar[Text] = T("下一題 →", "Next question →")
    _begin: Callable[[], None]
    """Each exercise's own: draw the next task and set up its widgets for it."""

    def __init__(self, drill: Any, rng: random.Random | int | None = None, on_result: Any = None,
                 title: Text | None = None) -> None:
        self.drill = drill
        self.rng = as_rng(rng)
        self.on_result = on_result
        self.title: Text = title or drill.title
        self.tries = 0
        self.done = False
        self._feedback: list[tuple[str, Text]] = []
        self._said = 0
        """How many times :meth:`say` answered: the same words said again still change the page
        (the page's "working on it" note waits for a change)."""
        self._started = False
        self.head = w.HTML()
        self.feedback = w.HTML()
        self.feedback.add_class("tg-feedback")
        self.next_button = w.Button(button_style="success")
        self.next_button.add_class("tg-next")
        self.next_button.on_click(lambda _: self.new_task())
        self.score_line = w.HTML()
        self.score_line.add_class("tg-score")
        super().__init__(layout=w.Layout(border="1px solid #ddd3bf", padding="10px 14px", max_width="760px"))
        self.add_class(self.frame_class)
        on_language(lambda lang: self._render())

    # -- flow --------------------------------------------------------------------------
    def new_task(self) -> None:
        """Begin the next task, once the current one is done (a click on Next)."""
        if self._started and not self.done:
            return  # finish this one first
        self.tries = 0
        self.done = False
        self._feedback = []
        self._started = True
        self._begin()
        self._render()

    def _report(self, *result: object) -> None:
        """The task is finished: mark it done and tell ``on_result``."""
        self.done = True
        if self.on_result is not None:
            self.on_result(*result)

    def say(self, *lines: tuple[str, Text]) -> None:
        """Replace the feedback with ``lines`` and redraw."""
        self._feedback = list(lines)
        self._said += 1
        self._render()

    # -- drawing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw (after the drill's state was loaded, for instance)."""
        self._render()

    def _ready(self) -> bool:
        """Whether there is a task to draw."""
        return self._started

    def _intro(self, lang: Lang) -> str:
        """HTML under the caption: the prompt, and whatever else introduces the task."""
        return ""

    def _body(self, lang: Lang) -> list[w.Widget]:
        """The exercise's own widgets, between the prompt and the feedback."""
        return []

    def _after_feedback(self, lang: Lang) -> list[w.Widget]:
        """Widgets shown under the feedback (the plays found, the settlement …)."""
        return []

    def _score(self, lang: Lang) -> str:
        """The score line's HTML."""
        return ""

    def _next_label(self) -> Text:
        """What the Next button says (a finite drill's last task says "Finish")."""
        return self.next_label

    def _render(self) -> None:
        if not self._ready():
            return
        lang = current_lang()
        self.head.value = (STYLE + f'<div class="tg-caption">{html.escape(self.title(lang))}</div>'
                           + self._intro(lang))
        body = self._body(lang)
        self.feedback.value = feedback_html(self._feedback, lang) + (
            f'<span hidden data-said="{self._said}"></span>' if self._said else "")
        after = self._after_feedback(lang)
        self.next_button.description = self._next_label()(lang)
        self.next_button.layout.display = "" if self.done else "none"
        self.score_line.value = self._score(lang)
        self.children = [self.head, *body, self.feedback, *after, self.next_button, self.score_line]


def prompt_html(text: str) -> str:
    """The task's question, in bold."""
    return f'<div class="tg-prose tg-prompt"><b>{html.escape(text)}</b></div>'


__all__ += ["prompt_html"]
