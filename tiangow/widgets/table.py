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
from ..i18n import Lang, T, Text, seat_name
from ..move import Move
from .exercise import Exercise, prompt_html, score_html
from .picker import HoldingPicker
from .render import VERBS, table_html

__all__ = ["ActQuiz", "PlayOutBoard"]

MAX_TRIES = 3
_PLAY = T("出牌（打）", "Play")
_DISCARD = T("墊牌", "Discard")
_NEXT = T("下一題 →", "Next position →")
_SCORE = T("第一次就對：{right} / {asked}", "Right first time: {right} of {asked}")
_WRONG_LEFT = T("還有 {n} 次機會。", "{n} tries left.")


class AtTheTable(Exercise):
    """An exercise played at the table: the table drawn, the seat's tiles to pick from, and
    Play / Discard buttons that make the selected tiles a move for :meth:`act`."""

    next_label = _NEXT
    act: Callable[[Move | None], bool | None]
    """Each exercise's own: check and make ``move`` (the buttons' selection, or ``None``)."""

    def __init__(self, drill: Any, rng: random.Random | int | None, on_result: Any) -> None:
        super().__init__(drill, rng, on_result)
        self.table = w.HTML()
        self.picker = HoldingPicker([], max_select=1, names=True)
        self.play_button = w.Button(button_style="primary")
        self.play_button.add_class("tg-play")
        self.play_button.on_click(lambda _: self.act(self.picker.selected_move()))
        self.discard_button = w.Button()
        self.discard_button.add_class("tg-discard")
        self.discard_button.on_click(lambda _: self.act(self.picker.selected_move(discard=True)))

    def _buttons(self, lang: Lang) -> w.HBox:
        self.play_button.description = _PLAY(lang)
        self.discard_button.description = _DISCARD(lang)
        self.play_button.disabled = self.discard_button.disabled = self.done
        return w.HBox([self.play_button, self.discard_button])

    def _score_of(self, score: Any, lang: Lang) -> str:
        return score_html(_SCORE.format(right=score.first_try, asked=score.asked)(lang))


class ActDrill(Protocol):
    title: Text
    acted: Any

    def next_act(self, rng: random.Random) -> ActTask: ...

    def record_act(self, task: ActTask, first_try: bool) -> None: ...


class ActQuiz(AtTheTable):
    """Your turn to follow: select tiles and Play (to beat) or Discard. Three tries."""

    frame_class = "tg-act-quiz"

    def __init__(self, drill: ActDrill, rng: random.Random | int | None = None,
                 on_result: Callable[[ActTask, bool], None] | None = None) -> None:
        super().__init__(drill, rng, on_result)
        self.task: ActTask | None = None
        self.new_task()

    def _begin(self) -> None:
        self.task = self.drill.next_act(self.rng)
        self.picker.set_tiles(tuple(self.task.deal.holding(self.task.seat)))
        self.picker.max_select = self.task.deal.trick_size or 1
        self.picker.disabled = False

    def act(self, move: Move | None) -> bool | None:
        """Check ``move`` (the selected tiles, played or discarded); ``None`` if nothing to
        check (no tiles, or not as many as the trick needs: no try is spent)."""
        task = self.task
        if task is None or self.done:
            return None
        size = task.deal.trick_size or 1
        if not isinstance(move, Move) or len(move.tiles) != size:
            self.say(("wrong", T(f"請選 {size} 張牌。", f"Select {size} tile{'s' if size > 1 else ''}.")))
            return None
        right, why = task.check(move)
        self.tries += 1
        if right:
            self._feedback = [("right", T("✓ ", "✓ ") + why)]
            self._finish(self.tries == 1)
        elif self.tries >= MAX_TRIES:
            plays = task.deal.legal_moves(discards=False)
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
        self.picker.disabled = True
        self.drill.record_act(self.task, first_try)
        self._report(self.task, first_try)

    def _ready(self) -> bool:
        return self.task is not None

    def _intro(self, lang: Lang) -> str:
        assert self.task is not None
        seat = self.task.seat
        return prompt_html(T(f"輪到你（{seat_name(seat, 'zh-Hant')}）跟牌：打得過就打，打不過就墊牌。",
                             f"Your turn ({seat_name(seat)}) to follow: beat the trick if you can, otherwise discard.")(lang))

    def _body(self, lang: Lang) -> list[w.Widget]:
        task = self.task
        assert task is not None
        self.table.value = table_html(task.deal.view(task.seat), lang, you=task.seat, hide_own=True)
        return [self.table, self.picker, self._buttons(lang)]

    def _score(self, lang: Lang) -> str:
        return self._score_of(self.drill.acted, lang)


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


class PlayOutBoard(AtTheTable):
    """Play the end of a hand as one seat, every tile shown; the others defend with the
    search's best moves. Each of your moves is checked: does it keep a sure win?"""

    frame_class = "tg-playout"

    def __init__(self, drill: PlayOutDrill, rng: random.Random | int | None = None,
                 on_result: Callable[[PlayOutTask, bool], None] | None = None) -> None:
        super().__init__(drill, rng, on_result)
        self.moves_view = w.HTML()
        self.task: PlayOutTask | None = None
        self.deal: Deal | None = None
        self.wrong = 0
        self.wrong_here = 0
        self._log: list[Text] = []
        self.new_task()

    def _begin(self) -> None:
        self.task = self.drill.next_play_out(self.rng)
        self.deal = self.task.start.copy()
        self.wrong = self.wrong_here = 0
        self._log = []
        self._advance()

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
            self.say(("wrong", T("先選牌。", "Select tiles first.")))
            return None
        refused = d.why_not(move)
        if refused is not None:
            self.say(("wrong", refused.feedback()))
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
        self._report(task, perfect)

    def _ready(self) -> bool:
        return self.deal is not None and self.task is not None

    def _intro(self, lang: Lang) -> str:
        assert self.task is not None
        seat = self.task.seat
        return prompt_html(T(f"你是{seat_name(seat, 'zh-Hant')}。所有牌都翻開了；贏最後一墩就贏了這一局（R-W1）。"
                             "別人會盡力阻止你。",
                             f"You are {seat_name(seat)}. Every tile is shown; take the last trick to win the hand "
                             "(R-W1). The others defend as well as they can.")(lang))

    def _body(self, lang: Lang) -> list[w.Widget]:
        d, task = self.deal, self.task
        assert d is not None and task is not None
        self.table.value = table_html(d.full_view(), lang, you=task.seat, hide_own=True)
        self.moves_view.value = ('<div class="tg-muted tg-log">' + "　".join(html.escape(t(lang)) for t in self._log[-8:])
                                 + "</div>") if self._log else ""
        buttons = self._buttons(lang)
        self.discard_button.layout.display = "none" if (d.trick_size is None) else ""
        return [self.moves_view, self.table, self.picker, buttons]

    def _score(self, lang: Lang) -> str:
        return self._score_of(self.drill.played, lang)
