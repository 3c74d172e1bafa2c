"""Tien Gow in five minutes: the scripted first hand (:mod:`tiangow.drills.firsthand`) at the
table. Each of the learner's decisions is explained before it is made; the others' moves are
narrated; the hand ends with the settlement and a pointer to the lessons."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import ipywidgets as w

from ..deal import Deal
from ..drills.firsthand import HANDS, SETTLEMENT_TEXT, FirstHandRecord, Step, final_deal, script
from ..i18n import Lang, T, Text
from ..move import Move
from ..tiles import parse_tiles
from .pages import page_href
from .render import table_html
from .scoring import settlement_html
from .table import AtTheTable

__all__ = ["FirstHandBoard"]

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_AGAIN = T("從頭再來一次", "Start again")
_OF = T("第 {n} 步，共 {total} 步", "Decision {n} of {total}")
_PICK = T("先選牌。", "Pick the tiles first.")
_NOT_NOW = T("規則容許這樣出，但這一局是示範：照上面的說明做。", "The rules allow that, but this hand is a "
             "walkthrough: do as the text above says.")
_DONE = T("完成了！你剛剛打完一局天九。", "Done! You have just played a hand of Tien Gow.")
_LESSON_1 = T("第一課：認識三十二張牌 →", "Lesson 1: meet the 32 tiles →")
_LESSON_8 = T("第八課：跟電腦打一局 →", "Lesson 8: play the computer →")
_NEXT_STEPS = T("接下來：第一課從認牌開始，一步一步學；第八課可以跟電腦打完整的牌局。",
                "Next: lesson 1 starts with the tiles, step by step; in lesson 8 you play whole hands against "
                "the computer.")


def _html(text: str) -> str:
    return _BOLD.sub(r"<b>\1</b>", html.escape(text))


class FirstHandBoard(AtTheTable):
    """The five-minute hand: the learner is East; Play / Discard make the move the text asks
    for (anything else is refused with a reason); progress is saved step by step."""

    frame_class = "tg-first-hand"
    next_label = _AGAIN

    def __init__(self, drill: FirstHandRecord, rng: random.Random | int | None = None,
                 on_result: Any = None) -> None:
        super().__init__(drill, rng, on_result)
        self.picker.max_select = 2
        self.steps = script()
        self.learner_steps = [i for i, s in enumerate(self.steps) if s.learner]
        self.deal = self._fresh()
        self.at = 0
        self.narration: list[Text] = []
        self.intro_view = w.HTML()
        self.end_view = w.HTML()
        self.end_view.add_class("tg-first-hand-end")
        self.new_task()

    @staticmethod
    def _fresh() -> Deal:
        return Deal([parse_tiles(h) for h in HANDS], banker=0, streak=1)

    # -- flow ---------------------------------------------------------------------------
    def new_task(self) -> None:
        """Begin the hand (again: "Start again" after the end, saved as step 0)."""
        again = self._started and self.done
        super().new_task()
        if again:
            self.drill.step = 0
            if self.on_result is not None:
                self.on_result(self.drill)

    def _begin(self) -> None:
        self.deal = self._fresh()
        self.at = 0
        self.narration = []
        self._advance()

    def _go_to(self, target: int) -> None:
        """Replay the script up to step ``target`` (a reload, or another tab further on)."""
        self.deal = self._fresh()
        self.at = 0
        self.narration = []
        while self.at < min(target, len(self.steps)):
            self._push(self.steps[self.at])
        self._advance()

    def _push(self, step: Step) -> None:
        self.deal.push(step.move)
        if step.learner:
            self.narration = []
        else:
            self.narration.append(step.text)
        if step.after is not None:
            self.narration.append(step.after)
        self.at += 1

    def _advance(self) -> None:
        """Let the others play until the learner's next decision, or the end."""
        while self.at < len(self.steps) and not self.steps[self.at].learner:
            self._push(self.steps[self.at])
        if self.at >= len(self.steps):
            self.picker.set_tiles(())
            self.picker.disabled = True
            if not self.done:
                self.drill.finished = True
                self.drill.step = self.at
                self._report(self.drill)
            return
        self.picker.set_tiles(tuple(self.deal.holding(0)))
        self.picker.max_select = self.deal.trick_size or 2
        self.picker.disabled = False

    @property
    def decision(self) -> int:
        """The number of the learner's decision being asked (1-based; past the end when done)."""
        return sum(1 for i in self.learner_steps if i < self.at) + 1

    def act(self, move: Move | None) -> bool | None:
        """Make ``move`` if it is the one the walkthrough asks for; otherwise say why not (the
        engine's refusal, or that this hand is scripted). ``None``: nothing to do."""
        if self.done or self.at >= len(self.steps):
            return None
        step = self.steps[self.at]
        if not isinstance(move, Move):
            self.say(("wrong", _PICK))
            return None
        refused = self.deal.why_not(move)
        if refused is not None:
            self.say(("wrong", refused.feedback()))
            return False
        if sorted(move.tiles) != sorted(step.move.tiles) or move.discard != step.move.discard:
            self.say(("wrong", _NOT_NOW))
            return False
        self._feedback = []
        self._push(step)
        self._advance()
        self.drill.step = self.at
        if not self.done and self.on_result is not None:
            self.on_result(self.drill)  # saved step by step
        self._render()
        return True

    def refresh(self) -> None:
        """The saved step was loaded (a reload, or another tab): go there if it is further on."""
        if self.drill.step > self.at:
            self._go_to(self.drill.step)
        self._render()

    # -- drawing -------------------------------------------------------------------------
    def _ready(self) -> bool:
        return True

    def _intro(self, lang: Lang) -> str:
        total = len(self.learner_steps)
        n = min(self.decision, total)
        return (f'<div class="tg-muted tg-step" data-step="{self.at}" data-decision="{n}">'
                f"{html.escape(_OF.format(n=n, total=total)(lang))}</div>")

    def _body(self, lang: Lang) -> list[w.Widget]:
        said = "".join(f'<div class="tg-narration-line">{_html(t(lang))}</div>' for t in self.narration)
        parts = [f'<div class="tg-narration tg-prose">{said}</div>' if said else ""]
        if self.at < len(self.steps):
            parts.append(f'<div class="tg-card tg-explain tg-prose">{_html(self.steps[self.at].text(lang))}</div>')
        self.intro_view.value = "".join(parts)
        self.table.value = table_html(self.deal.view(0), lang, you=0, hide_own=self.at < len(self.steps))
        if self.at >= len(self.steps):
            end = final_deal()
            self.end_view.value = (
                f'<div class="tg-prose tg-settle-text">{_html(SETTLEMENT_TEXT(lang))}</div>'
                + settlement_html(end.settlement(), lang)
                + f'<div class="tg-prose"><b>{html.escape(_DONE(lang))}</b> {html.escape(_NEXT_STEPS(lang))}</div>'
                f'<div class="tg-prose tg-navbar"><a class="tg-nav tg-next-lesson" href="{page_href("01_tiles.ipynb")}">'
                f'{html.escape(_LESSON_1(lang))}</a><a class="tg-nav" href="{page_href("08_play.ipynb")}">'
                f"{html.escape(_LESSON_8(lang))}</a></div>")
            return [self.intro_view, self.table, self.end_view]
        buttons = self._buttons(lang)
        self.discard_button.layout.display = "none" if self.deal.trick_size is None else ""  # a leader plays
        return [self.intro_view, self.table, self.picker, buttons]

    def _score(self, lang: Lang) -> str:
        return ""
