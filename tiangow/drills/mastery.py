"""The mastery check at the end of a lesson: a fixed number of questions drawn from the
lesson's generators; passed with ``pass_mark`` of them right at the first try."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..i18n import T, Text
from .base import DrillError, DrillFinished, Question, Score

__all__ = ["MasteryCheck"]

Generator = Callable[[random.Random], Question]


class MasteryCheck:
    """``questions`` questions, each from one of ``generators`` in turn (shuffled)."""

    id = "mastery"
    title = T("掌握測驗", "Mastery check")

    def __init__(self, generators: Sequence[Generator], questions: int = 6, pass_mark: int = 5) -> None:
        if not generators:
            raise DrillError("a mastery check needs at least one question generator")
        if not 1 <= pass_mark <= questions:
            raise DrillError(f"the pass mark must be between 1 and {questions}")
        self.generators = tuple(generators)
        self.questions = questions
        self.pass_mark = pass_mark
        self.score = Score()
        self.best = 0
        self.attempts = 0
        self.passed = False
        self._order: list[int] = []

    def restart(self) -> None:
        self.score = Score()
        self._order = []

    def next_question(self, rng: random.Random) -> Question:
        if self.score.asked >= self.questions:
            raise DrillFinished
        if not self._order:
            self._order = [i % len(self.generators) for i in range(self.questions)]
            rng.shuffle(self._order)
        return self.generators[self._order[self.score.asked]](rng)

    def record(self, question: Question, first_try: bool, tries: int) -> None:
        self.score.record(first_try)
        if self.score.asked == self.questions:
            self.attempts += 1
            self.best = max(self.best, self.score.first_try)
            self.passed = self.passed or self.score.first_try >= self.pass_mark

    def terms(self) -> Text:
        """What it takes to pass, said beside "Question 1 of 6" (which gives the size already).

        >>> MasteryCheck([lambda rng: None], 6, 5).terms().en  # type: ignore[arg-type,return-value]
        'to pass, get 5 right at the first try.'
        """
        return T(f"第一次就答對 {self.pass_mark} 題才算通過。",
                 f"to pass, get {self.pass_mark} right at the first try.")

    def number(self, answered: bool) -> int:
        """The number of the question being asked (``answered``: it has been recorded)."""
        return self.score.asked if answered else min(self.score.asked + 1, self.questions)

    def is_last(self, answered: bool) -> bool:
        """Whether the question being asked is the check's last."""
        return self.number(answered) >= self.questions

    def summary(self) -> Text:
        right = self.score.first_try
        if right >= self.pass_mark:
            return T(f"<b>✓ 通過！</b>{self.questions} 題答對 {right} 題（第一次）。這一課你已掌握。",
                     f"<b>✓ Passed!</b> {right} of {self.questions} right at the first try: you have "
                     "mastered this lesson.")
        return T(f"<b>還差一點。</b>{self.questions} 題答對 {right} 題，要 {self.pass_mark} 題才算掌握。再試一次？",
                 f"<b>Not yet.</b> {right} of {self.questions} right at the first try; {self.pass_mark} "
                 "are needed to master the lesson. Try again?")

    def state(self) -> dict[str, Any]:
        return {"best": self.best, "attempts": self.attempts, "passed": self.passed}

    def load(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        best, attempts, passed = state.get("best"), state.get("attempts"), state.get("passed")
        if isinstance(best, int) and not isinstance(best, bool) and 0 <= best <= self.questions:
            self.best = best
        if isinstance(attempts, int) and not isinstance(attempts, bool) and attempts >= 0:
            self.attempts = attempts
        if isinstance(passed, bool):
            self.passed = passed

    def merge(self, state: Mapping[str, Any]) -> None:
        """Join another tab's record: the best score and attempts only grow; passed stays passed."""
        other = MasteryCheck(self.generators, self.questions, self.pass_mark)
        other.load(state)
        self.best = max(self.best, other.best)
        self.attempts = max(self.attempts, other.attempts)
        self.passed = self.passed or other.passed

    def progress(self) -> tuple[int, int]:
        return (1 if self.passed else 0), 1
