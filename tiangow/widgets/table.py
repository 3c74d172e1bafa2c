"""Positions at the table: act in a trick, and play out the end of a hand against the search."""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as w

from .. import search
from ..combos import classify
from ..deal import Deal
from ..drills.tricks import ActTask, PlayOutTask
from ..i18n import T, Text, seat_name
from ..move import Move
from .picker import HoldingPicker
from .render import VERBS, table_html
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["ActQuiz", "PlayOutBoard"]

MAX_TRIES = 3
_PLAY = T("出牌（打）", "Play")
_DISCARD = T("墊牌", "Discard")
_NEXT = T("下一題 →", "Next position →")
_SCORE = T("第一次就對：{right} / {asked}", "Right first time: {right} of {asked}")
_WRONG_LEFT = T("還有 {n} 次機會。", "{n} tries left.")


def _controls(picker: HoldingPicker, act: Callable[[Move | None], object], new_task: Callable[[], object]
              ) -> tuple[w.Button, w.Button, w.HTML, w.Button, w.HTML]:
    """The Play / Discard buttons (each makes the selected tiles a move for ``act``), the
    feedback, the Next button and the score line that the two drills share."""
    play = w.Button(button_style="primary")
    play.add_class("tg-play")
    play.on_click(lambda _: act(picker.selected_move()))
    discard = w.Button()
    discard.add_class("tg-discard")
    discard.on_click(lambda _: act(picker.selected_move(discard=True)))
    feedback = w.HTML()
    feedback.add_class("tg-feedback")
    next_button = w.Button(button_style="success")
    next_button.add_class("tg-next")
    next_button.on_click(lambda _: new_task())
    score = w.HTML()
    score.add_class("tg-score")
    return play, discard, feedback, next_button, score


class ActDrill(Protocol):
    title: Text
    acted: Any

    def next_act(self, rng: random.Random) -> ActTask: ...

    def record_act(self, task: ActTask, first_try: bool) -> None: ...


class ActQuiz(w.VBox):
    """Your turn to follow: select tiles and Play (to beat) or Discard. Three tries."""

    def __init__(self, drill: ActDrill, rng: random.Random | int | None = None,
                 on_result: Callable[[ActTask, bool], None] | None = None) -> None:
        self.drill = drill
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.on_result = on_result
        self.head = w.HTML()
        self.table = w.HTML()
        self.picker = HoldingPicker([], max_select=1, names=True)
        (self.play_button, self.discard_button, self.feedback, self.next_button,
         self.score_line) = _controls(self.picker, self.act, self.new_task)
        super().__init__(layout=w.Layout(border="1px solid #ddd3bf", padding="10px 14px", max_width="760px"))
        self.add_class("tg-act-quiz")
        self.task: ActTask | None = None
        self.tries = 0
        self.done = False
        self._feedback: list[tuple[str, Text]] = []
        on_language(lambda lang: self._render())
        self.new_task()

    def new_task(self) -> None:
        if self.task is not None and not self.done:
            return
        self.task = self.drill.next_act(self.rng)
        self.tries = 0
        self.done = False
        self._feedback = []
        self.picker.set_tiles(tuple(self.task.deal.holding(self.task.seat)))
        self.picker.max_select = self.task.deal.trick_size or 1
        self.picker.disabled = False
        self._render()

    def act(self, move: Move | None) -> bool | None:
        """Check ``move`` (the selected tiles, played or discarded); ``None`` if nothing to
        check (no tiles, or not as many as the trick needs: no try is spent)."""
        task = self.task
        if task is None or self.done:
            return None
        size = task.deal.trick_size or 1
        if not isinstance(move, Move) or len(move.tiles) != size:
            self._feedback = [("wrong", T(f"請選 {size} 張牌。", f"Select {size} tile{'s' if size > 1 else ''}."))]
            self._render()
            return None
        right, why = task.check(move)
        self.tries += 1
        if right:
            self._feedback = [("right", T("✓ ", "✓ ") + why)]
            self._finish(self.tries == 1)
        elif self.tries >= MAX_TRIES:
            plays = [m for m in task.deal.legal_moves() if not m.discard]
            answer = (T("答案：", "The answer: ") + plays[-1].text(task.deal)
                      if plays else T("答案：墊牌（任何牌都行）。", "The answer: discard (any tiles)."))
            self._feedback = [("wrong", T("✗ ", "✗ ") + why), ("answer", answer)]
            self._finish(False)
        else:
            self._feedback = [("wrong", T("✗ ", "✗ ") + why + T(" ", " ") + _WRONG_LEFT.format(n=MAX_TRIES - self.tries))]
            self.picker.selected = []
        self._render()
        return right

    def _finish(self, first_try: bool) -> None:
        assert self.task is not None
        self.done = True
        self.picker.disabled = True
        self.drill.record_act(self.task, first_try)
        if self.on_result is not None:
            self.on_result(self.task, first_try)

    def refresh(self) -> None:
        self._render()

    def _render(self) -> None:
        lang = current_lang()
        task = self.task
        if task is None:
            return
        you = seat_name(task.seat, lang)
        prompt = T(f"輪到你（{seat_name(task.seat, 'zh-Hant')}）跟牌：打得過就打，打不過就墊牌。",
                   f"Your turn ({you}) to follow: beat the trick if you can, otherwise discard.")(lang)
        self.head.value = (STYLE + f'<div class="tg-caption">{html.escape(self.drill.title(lang))}</div>'
                           f'<div class="tg-prose tg-prompt"><b>{html.escape(prompt)}</b></div>')
        self.table.value = table_html(task.deal.view(task.seat), lang, you=task.seat, hide_own=True)
        self.play_button.description = _PLAY(lang)
        self.discard_button.description = _DISCARD(lang)
        self.play_button.disabled = self.discard_button.disabled = self.done
        self.next_button.description = _NEXT(lang)
        self.next_button.layout.display = "" if self.done else "none"
        self.feedback.value = "".join(
            f'<div class="tg-feedback-{kind}">{html.escape(text(lang))}</div>' for kind, text in self._feedback)
        s = self.drill.acted
        self.score_line.value = (f'<div class="tg-muted">'
                                 f'{html.escape(_SCORE.format(right=s.first_try, asked=s.asked)(lang))}</div>')
        self.children = [self.head, self.table, self.picker, w.HBox([self.play_button, self.discard_button]),
                         self.feedback, self.next_button, self.score_line]


class PlayOutDrill(Protocol):
    title: Text
    played: Any

    def next_play_out(self, rng: random.Random) -> PlayOutTask: ...

    def record_play_out(self, task: PlayOutTask, perfect: bool) -> None: ...


def _move_text(d: Deal, move: Move) -> Text:
    seat = d.to_play
    assert seat is not None
    verb = VERBS["discard" if move.discard else "lead" if d.trick_size is None else "play"]
    what = (T(f"{len(move.tiles)} 張", str(len(move.tiles))) if move.discard
            else T(classify(move.tiles, d.rules).label("zh-Hant"), classify(move.tiles, d.rules).label("en")))
    return T(f"{seat_name(seat, 'zh-Hant')}{verb.zh}", f"{seat_name(seat, 'en')} {verb.en} ") + what


def _after(d: Deal, move: Move) -> Deal:
    """A copy of ``d`` after ``move``."""
    child = d.copy()
    child.push(move)
    return child


class PlayOutBoard(w.VBox):
    """Play the end of a hand as one seat, every tile shown; the others defend with the
    search's best moves. Each of your moves is checked: does it keep a sure win?"""

    def __init__(self, drill: PlayOutDrill, rng: random.Random | int | None = None,
                 on_result: Callable[[PlayOutTask, bool], None] | None = None) -> None:
        self.drill = drill
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.on_result = on_result
        self.head = w.HTML()
        self.table = w.HTML()
        self.moves_view = w.HTML()
        self.picker = HoldingPicker([], max_select=1, names=True)
        (self.play_button, self.discard_button, self.feedback, self.next_button,
         self.score_line) = _controls(self.picker, self.act, self.new_task)
        super().__init__(layout=w.Layout(border="1px solid #ddd3bf", padding="10px 14px", max_width="760px"))
        self.add_class("tg-playout")
        self.task: PlayOutTask | None = None
        self.deal: Deal | None = None
        self.wrong = 0
        self.wrong_here = 0
        self.done = False
        self._log: list[Text] = []
        self._feedback: list[tuple[str, Text]] = []
        on_language(lambda lang: self._render())
        self.new_task()

    def new_task(self) -> None:
        if self.task is not None and not self.done:
            return
        self.task = self.drill.next_play_out(self.rng)
        self.deal = self.task.start.copy()
        self.wrong = self.wrong_here = 0
        self.done = False
        self._log = []
        self._feedback = []
        self._advance()
        self._render()

    def _advance(self) -> None:
        """Let the other seats play (best defence) until it is the learner's turn or the end."""
        d, task = self.deal, self.task
        assert d is not None and task is not None
        while not d.is_over and d.to_play != task.seat:
            move = search.best_defence(d, task.seat)
            self._log.append(_move_text(d, move))
            d = _after(d, move)
        self.deal = d
        if d.is_over:
            self._end()
        else:
            self.picker.set_tiles(tuple(d.holding(task.seat)))
            self.picker.max_select = d.trick_size or 4
            self.picker.disabled = False
            self.wrong_here = 0

    def act(self, move: Move | None) -> bool | None:
        """Make ``move`` (the selected tiles, played or discarded) if it is allowed, and say
        whether it keeps the sure win; ``None`` if nothing was selected or it is refused."""
        d, task = self.deal, self.task
        if d is None or task is None or self.done or d.to_play != task.seat:
            return None
        if not isinstance(move, Move):
            self._feedback = [("wrong", T("先選牌。", "Select tiles first."))]
            self._render()
            return None
        refused = d.why_not(move)
        if refused is not None:
            self._feedback = [("wrong", refused.feedback())]
            self._render()
            return None
        after = _after(d, move)
        if search.forced_win(after, task.seat):
            self._log.append(_move_text(d, move))
            self._feedback = [("right", T("✓ 好：這樣還是穩贏。", "✓ Good: the win is still sure."))]
            self.deal = after
            self._advance()
        else:
            self.wrong += 1
            self.wrong_here += 1
            refute = self._refutation(after, task.seat)
            text = T("✗ 這樣會讓別人擋住你：", "✗ That lets them stop you: ") + refute
            if self.wrong_here >= MAX_TRIES:
                good = search.winning_moves(d, task.seat)[0]
                self._feedback = [("wrong", text), ("answer", T("正確的是：", "The move that keeps the win: ")
                                                      + _move_text(d, good))]
                self._log.append(_move_text(d, good))
                self.deal = _after(d, good)
                self._advance()
            else:
                self._feedback = [("wrong", text + T(" ", " ") + _WRONG_LEFT.format(n=MAX_TRIES - self.wrong_here))]
                self.picker.selected = []
        self._render()
        return self.wrong_here == 0

    def _refutation(self, after: Deal, seat: int) -> Text:
        """The defenders' replies after a mistake, up to the learner's next turn."""
        parts: list[Text] = []
        d = after
        while not d.is_over and d.to_play != seat:
            move = search.best_defence(d, seat)
            parts.append(_move_text(d, move))
            d = _after(d, move)
        if d.is_over:
            parts.append(T(f"{seat_name(d.winner or 0, 'zh-Hant')}贏了最後一墩",
                           f"{seat_name(d.winner or 0, 'en')} takes the last trick"))
        else:
            parts.append(T("之後你怎樣出都保證不了贏", "and after that nothing you do is sure to win"))
        return Text("；".join(p.zh for p in parts) + "。", "; ".join(p.en for p in parts) + ".")

    def _end(self) -> None:
        d, task = self.deal, self.task
        assert d is not None and task is not None
        self.done = True
        self.picker.set_tiles(tuple(d.holding(task.seat)))  # the hand is played out: nothing left to show
        self.picker.disabled = True
        won = d.winner == task.seat
        if won:
            self._feedback.append(("right", T("✓ 你贏了最後一墩，贏了這一局（R-W1）。", "✓ You took the last trick and "
                                                                            "won the hand (R-W1).")))
        perfect = won and self.wrong == 0
        self.drill.record_play_out(task, perfect)
        if self.on_result is not None:
            self.on_result(task, perfect)

    def refresh(self) -> None:
        self._render()

    def _render(self) -> None:
        lang = current_lang()
        d, task = self.deal, self.task
        if d is None or task is None:
            return
        you = seat_name(task.seat, lang)
        prompt = T(f"你是{seat_name(task.seat, 'zh-Hant')}。所有牌都翻開了；贏最後一墩就贏了這一局（R-W1）。"
                   "別人會盡力阻止你。",
                   f"You are {you}. Every tile is shown; take the last trick to win the hand (R-W1). The others "
                   "defend as well as they can.")(lang)
        self.head.value = (STYLE + f'<div class="tg-caption">{html.escape(self.drill.title(lang))}</div>'
                           f'<div class="tg-prose tg-prompt"><b>{html.escape(prompt)}</b></div>')
        self.table.value = table_html(d.full_view(), lang, you=task.seat, hide_own=True)
        self.moves_view.value = ('<div class="tg-muted tg-log">' + "　".join(html.escape(t(lang)) for t in self._log[-8:])
                          + "</div>") if self._log else ""
        self.play_button.description = _PLAY(lang)
        self.discard_button.description = _DISCARD(lang)
        self.play_button.disabled = self.discard_button.disabled = self.done
        self.discard_button.layout.display = "none" if (d.trick_size is None) else ""
        self.next_button.description = _NEXT(lang)
        self.next_button.layout.display = "" if self.done else "none"
        self.feedback.value = "".join(
            f'<div class="tg-feedback-{kind}">{html.escape(text(lang))}</div>' for kind, text in self._feedback)
        s = self.drill.played
        self.score_line.value = (f'<div class="tg-muted">'
                                 f'{html.escape(_SCORE.format(right=s.first_try, asked=s.asked)(lang))}</div>')
        self.children = [self.head, self.moves_view, self.table, self.picker,
                         w.HBox([self.play_button, self.discard_button]), self.feedback, self.next_button,
                         self.score_line]
