"""Find every play in a holding: the learner builds plays one at a time; the engine checks each."""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as w

from ..combos import Combination
from ..drills.combinations import FindTask
from ..i18n import Lang, T, Text
from ..svg import tile_svg
from .exercise import Exercise, prompt_html
from .picker import HoldingPicker

__all__ = ["FindAllPlays"]

MAX_WRONG = 3
_ADD = T("加入", "Add")
_ANOTHER = T("換一手牌 →", "Another holding →")
_STATUS = T("已找到 {k} / {n}　錯 {wrong} 次（三次就揭曉）", "Found {k} of {n}   wrong: {wrong} (three and the rest is shown)")
_ALREADY = T("這一手已經找到了。", "You have found that one already.")
_NOT_HELD = T("請從這手牌裏選。", "Pick tiles from this holding.")
_ALL = T("✓ 全部找到了！", "✓ All found!")
_REVEAL = T("錯了三次，其餘的在這裏：", "Three misses: here are the rest.")
_SCORE = T("全對的手數：{right} / {asked}", "Holdings found without a miss: {right} of {asked}")


class FindDrill(Protocol):
    title: Text
    found: Any

    def next_task(self, rng: random.Random) -> FindTask: ...

    def record_task(self, task: FindTask, perfect: bool) -> None: ...


class FindAllPlays(Exercise):
    """One holding at a time; a wrong attempt costs a try, three and the rest are shown."""

    frame_class = "tg-findall"
    next_label = _ANOTHER

    def __init__(self, drill: FindDrill, rng: random.Random | int | None = None,
                 on_result: Callable[[FindTask, bool], None] | None = None) -> None:
        super().__init__(drill, rng, on_result)
        self.picker = HoldingPicker([], max_select=4, names=True)
        self.add_button = w.Button(button_style="primary")
        self.add_button.add_class("tg-add")
        self.add_button.on_click(lambda _: self.add())
        self.found_view = w.HTML()
        self.status = self.score_line
        self.task: FindTask | None = None
        self.found: list[Combination] = []
        self.wrong = 0
        self.new_task()

    def _begin(self) -> None:
        self.task = self.drill.next_task(self.rng)
        self.found = []
        self.wrong = 0
        self.picker.set_tiles(self.task.holding)
        self.picker.disabled = False

    def add(self) -> None:
        """Check the selected tiles as a play to find."""
        task = self.task
        if task is None or self.done:
            return
        tiles = tuple(t for t in self.picker.selected_tiles if t is not None)
        if not tiles:
            self.say(("wrong", _NOT_HELD))
            return
        play, why = task.check(tiles)
        if play is not None and any(f.key == play.key for f in self.found):
            self._feedback = [("wrong", _ALREADY)]
        elif play is not None and any(t.key == play.key for t in task.targets):
            self.found.append(play)
            self._feedback = [("right", T("✓ ", "✓ ") + why)]
            if len(self.found) == len(task.targets):
                self._feedback.append(("right", _ALL))
                self._finish()
        else:
            self.wrong += 1
            self._feedback = [("wrong", T("✗ ", "✗ ") + why)]
            if self.wrong >= MAX_WRONG:
                self._feedback.append(("answer", _REVEAL))
                self._finish()
        self.picker.selected = []
        self._render()

    def _finish(self) -> None:
        assert self.task is not None
        self.picker.disabled = True
        perfect = self.wrong == 0 and len(self.found) == len(self.task.targets)
        self.drill.record_task(self.task, perfect)
        self._report(self.task, perfect)

    def _play_html(self, c: Combination, lang: Lang, missed: bool = False) -> str:
        tiles = "".join(tile_svg(t, 22, lang) for t in c.tiles)
        cls = "tg-missed" if missed else "tg-found"
        return (f'<span class="{cls}" data-play="{" ".join(t.notation for t in c.tiles)}">'
                f'<span class="tg-row">{tiles}</span>'
                f"<small>{html.escape(c.label(lang))}</small></span>")

    def _ready(self) -> bool:
        return self.task is not None

    def _intro(self, lang: Lang) -> str:
        assert self.task is not None
        return prompt_html(self.task.prompt(lang))

    def _body(self, lang: Lang) -> list[w.Widget]:
        self.add_button.description = _ADD(lang)
        self.add_button.disabled = self.done
        return [self.picker, self.add_button]

    def _after_feedback(self, lang: Lang) -> list[w.Widget]:
        task = self.task
        assert task is not None
        found = "".join(self._play_html(c, lang) for c in self.found)
        if self.done:
            found += "".join(self._play_html(c, lang, missed=True) for c in task.targets
                             if all(f.key != c.key for f in self.found))
        self.found_view.value = f'<div class="tg-found-list">{found}</div>'
        return [self.found_view]

    def _score(self, lang: Lang) -> str:
        task = self.task
        assert task is not None
        status = _STATUS.format(k=len(self.found), n=len(task.targets), wrong=self.wrong)(lang)
        score = getattr(self.drill, "found", None)
        line = _SCORE.format(right=score.first_try, asked=score.asked)(lang) if score is not None else ""
        return f'<div class="tg-muted">{html.escape(status)}<br>{html.escape(line)}</div>'
