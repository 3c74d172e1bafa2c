"""The practice page: what is due today, double-dummy puzzles at the learner's level, and the
streak with a chart of progress over the days (SVG drawn here, so it works on the static site
and on phones)."""

from __future__ import annotations

import datetime as dt
import html
import random
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from ..coach.record import HandRecord
from ..deal import Deal
from ..drills.base import now_ms
from ..drills.catalog import LESSONS, lesson_status
from ..drills.play import PlayRecord
from ..drills.practice import LEITNER_LESSONS, DueDrill, PracticeRecord, day_of, saved_drill
from ..drills.tricks import line_text
from ..i18n import Lang, T, Text, seat_name
from ..move import Move
from ..puzzles import PUZZLES, THEMES, Puzzle, PuzzleError, pick_puzzle
from .lesson import ReferencePage
from .pages import page_href
from .quiz import Quiz
from .render import table_html
from .table import AtTheTable
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["PuzzleBoard", "PracticeStats", "chart_svg"]

_NEXT = T("下一題 →", "Next puzzle →")
_RIGHT = T("✓ 解開了！", "✓ Solved!")
_WRONG = T("✗ 不是這一步。", "✗ Not this one.")
_ANSWER = T("答案：", "The answer: ")
_RATING = T("題目難度 {p}　你的等級 {r}", "Puzzle rating {p} · your rating {r}")
_THEMES = T("主題：", "Themes: ")


def _move_words(d: Deal, move: str) -> Text:
    m = Move.parse(move)
    names = " ".join(t.name for t in m.tiles)
    if m.discard:
        return T(f"墊{names}", f"discard {names}")
    return T(f"出{names}", f"play {names}")


class PuzzleBoard(AtTheTable):
    """One puzzle at a time, chosen near the learner's rating; one try each (as lichess's
    puzzles): right, the winning line is shown; wrong, the line that refutes it and the answer.
    The rating follows the results (saved with the practice record)."""

    frame_class = "tg-puzzle"
    next_label = _NEXT

    def __init__(self, drill: PracticeRecord, rng: random.Random | int | None = None, on_result: Any = None) -> None:
        self.puzzle: Puzzle | None = None
        self.deal: Deal | None = None
        self.solved: bool | None = None
        self.line: list[Move] = []
        """Once answered: the learner's action (or the refuted one) and the line after it."""
        self.line_at = 0
        """How many moves of :attr:`line` the board shows played."""
        super().__init__(drill, rng, on_result)
        self.title = T("題目", "Puzzle")
        self.step_button = w.Button(layout=w.Layout(width="auto"))
        self.step_button.add_class("tg-line-step")
        self.step_button.on_click(lambda _: self.step_line())
        self.new_task()

    def _begin(self) -> None:
        kept = self.drill.current
        shown = next((p for p in PUZZLES if p.id == kept), None) if kept not in self.drill.puzzles else None
        self.puzzle = shown or pick_puzzle(self.drill.rating, set(self.drill.puzzles), self.rng)
        self.drill.current = self.puzzle.id  # an unanswered puzzle stays served across a reload
        self.deal = self.puzzle.deal()
        self.solved = None
        self.line, self.line_at = [], 0
        self.picker.set_tiles(tuple(self.deal.holding(self.puzzle.seat)))
        self.picker.max_select = self.deal.trick_size or 4
        self.picker.disabled = False

    def redraw_puzzle(self) -> None:
        """Choose the puzzle again (the learner's saved rating and puzzles arrived)."""
        self._begin()
        self._render()

    def act(self, move: Move | None) -> bool | None:
        p, d = self.puzzle, self.deal
        if p is None or d is None or self.done:
            return None
        if not isinstance(move, Move):
            self.say(("wrong", T("先選牌。", "Pick the tiles first.")))
            return None
        refused = d.why_not(move)
        if refused is not None:
            self.say(("wrong", refused.feedback()))
            return None
        try:
            solved = p.check(move)
        except PuzzleError:  # pragma: no cover - why_not refused it first
            return None
        self.solved = solved
        key = str(move) if str(move) in p.refutes else p.answers[0]
        played = move if solved else Move.parse(key)
        # the line from the trick under way (the learner's own action in it, and who takes it),
        # which the board can then play out move by move
        self.line = [played, *(Move.parse(m) for m in (p.line if solved else p.refutes.get(key, ())))]
        self.line_at = 0
        if solved:
            line = line_text(d, self.line)
            self._feedback = [("right", _RIGHT + T(" ", " ") + line)]
        else:
            line = line_text(d, self.line)
            answers = T("、", ", ").zh.join(_move_words(d, a).zh for a in p.answers)
            answers_en = ", ".join(_move_words(d, a).en for a in p.answers)
            self._feedback = [("wrong", _WRONG + T(" ", " ") + line),
                              ("answer", _ANSWER + T(answers, answers_en))]
        themes = [THEMES[t] for t in p.themes if t in THEMES]
        if themes:
            self._feedback.append(("answer", _THEMES + Text("、".join(t.zh for t in themes),
                                                                ", ".join(t.en for t in themes))))
        self.picker.disabled = True
        self.drill.solved_puzzle(p.id, solved)
        self._report(p, solved)
        self._render()
        return solved

    def _ready(self) -> bool:
        return self.puzzle is not None

    def _intro(self, lang: Lang) -> str:
        p = self.puzzle
        assert p is not None
        rating = _RATING.format(p=p.rating, r=self.drill.rating)(lang)
        return (f'<div class="tg-prose tg-prompt"><b>{html.escape(p.prompt()(lang))}</b></div>'
                f'<div class="tg-muted tg-puzzle-rating" data-puzzle="{p.id}" data-rating="{self.drill.rating}">'
                f"{html.escape(rating)}</div>")

    def step_line(self) -> bool:
        """Play the next move of the line on the board (after an answer); ``False`` when the
        line is over (the board then starts it again from the puzzle's position)."""
        if not self.line:
            return False
        self.line_at = 0 if self.line_at >= len(self.line) else self.line_at + 1
        self._render()
        return self.line_at > 0

    def _shown_deal(self) -> Deal:
        assert self.deal is not None
        if not self.line_at:
            return self.deal
        shown = self.deal.copy()
        for mv in self.line[: self.line_at]:
            shown.push(mv)
        return shown

    def _body(self, lang: Lang) -> list[w.Widget]:
        p, d = self.puzzle, self.deal
        assert p is not None and d is not None
        shown = self._shown_deal()
        self.table.value = (f'<div class="tg-line-board" data-at="{self.line_at}" data-moves="{len(self.line)}">'
                            + table_html(shown.full_view(), lang, you=p.seat, hide_own=not self.line_at,
                                         previous=bool(self.line_at)) + "</div>")
        buttons = self._buttons(lang)
        self.discard_button.layout.display = "none" if d.trick_size is None else ""
        if self.line:
            done = self.line_at >= len(self.line)
            self.step_button.description = (T("從頭再看 ↺", "From the start ↺") if done else
                                            T(f"下一步 ▶（{self.line_at} / {len(self.line)}）",
                                              f"Next move ▶ ({self.line_at} of {len(self.line)})"))(lang)
            self.step_button.layout.display = ""
            buttons.children = (*buttons.children, self.step_button)
            buttons.layout.flex_flow = "row wrap"  # the step's label whole on a phone
        else:
            self.step_button.layout.display = "none"
        # while the line is played out the board shows every hand; the picker's is the puzzle's
        self.picker.layout.display = "none" if self.line_at else ""
        return [self.table, self.picker, buttons]


class MistakeRetry(AtTheTable):
    """The "your mistakes" deck's positions due today (lesson 08's reviews put them there), one
    at a time: the table as it was, the learner's tiles; two tries, judged by the coach of that
    hand (right only if it marks the action best), with "Show the answer" after the first wrong
    one. The deck's box moves by the first try (right: later; wrong: again tomorrow or sooner)
    and lesson 08's progress is saved."""

    frame_class = "tg-mistake-retry"
    next_label = T("下一個 →", "Next position →")

    def __init__(self, drill: PlayRecord, rng: random.Random | int | None = None, on_result: Any = None) -> None:
        self.position: HandRecord | None = None
        self.key = ""
        self.tried: set[str] = set()
        self.finished = False
        self.defer: Any = None
        """Asked with the next position's due time: whether something else (a tile) comes first."""
        self.attempts = 0
        """Tries at the position shown (two at most)."""
        super().__init__(drill, rng, on_result)
        self.title = T("你的錯誤：再試一次", "Your mistakes: try again")
        self.answer_button = w.Button()
        self.answer_button.add_class("tg-show-answer")
        self.answer_button.on_click(lambda _: self.show_answer())
        self.new_task()

    def reload(self, record: PlayRecord) -> None:
        """The deck as saved (the page loaded the progress, or another tab saved lesson 08)."""
        self.drill = record
        if self.position is None or self.done:
            self._started = False
            self.new_task()
        else:
            self._render()

    def _begin(self) -> None:
        due = [(k, r) for k, r in self.drill.due_mistakes(now_ms()) if k not in self.tried]
        when = {str(m["key"]): int(m.get("due", 0)) for m in self.drill.mistakes}
        if not due or (self.defer is not None and self.defer(when.get(due[0][0], 0))):
            self.position, self.key, self.finished = None, "", True
            self.done = True
            return
        self.finished = False
        self.attempts = 0
        self.key, self.position = due[0]
        d = self.position.deal()
        self.picker.set_tiles(tuple(d.holding(self.position.seat)))
        self.picker.max_select = d.trick_size or 4
        self.picker.disabled = False

    def act(self, move: Move | None) -> bool | None:
        pos = self.position
        if pos is None or self.done:
            return None
        verdict = pos.try_move(move, coach_samples=pos.samples) if isinstance(move, Move) else None
        if verdict is None or verdict.marked is None:
            self.say(("wrong", verdict.text if verdict is not None else T("先選牌。", "Pick the tiles first.")))
            return None
        self.tried.add(self.key)
        self.attempts += 1
        if self.attempts == 1:  # the deck's box moves by the first try
            self.drill.answer_mistake(self.key, verdict.right, now_ms())
        if not verdict.right and self.attempts == 1:
            self._feedback = [("wrong", verdict.text)]  # "… Try again, or show the answer."
            self._render()
            return False
        if not verdict.right:
            return self._give_answer([("wrong", verdict.text)])
        self._feedback = [("right", verdict.text)]
        self.picker.disabled = True
        self._report(self.key, self.attempts == 1)
        self._render()
        return True

    def show_answer(self) -> None:
        """The coach's best action here (after a first try that was not it)."""
        if self.position is None or self.done or self.attempts == 0:
            return
        self._give_answer(list(self._feedback))

    def _give_answer(self, lines: list[tuple[str, Text]]) -> bool:
        pos = self.position
        assert pos is not None
        best = pos.answer(coach_samples=pos.samples)
        names = " ".join(t.name for t in best.tiles)
        lines.append(("answer", _ANSWER + Text(names, names)
                      + (T("（墊）", " (discard)") if best.discard else T("", ""))))
        self._feedback = lines
        self.picker.disabled = True
        self._report(self.key, False)
        self._render()
        return False

    def resume(self) -> None:
        """Take the next due position (after a pause for something more overdue)."""
        if self.position is None:
            self._started = False
            self.new_task()

    def _ready(self) -> bool:
        return self._started

    def _intro(self, lang: Lang) -> str:
        pos = self.position
        if pos is None:
            n = len(self.tried)
            text = (T(f"今天要再試的局面都做完了（{n} 個）。", f"All done: {n} position{'s' if n != 1 else ''} tried today.")
                    if n else T("你的錯誤：今天沒有要再試的局面。", "Your mistakes: nothing to try again today."))
            return f'<div class="tg-prose tg-mistakes-due" data-due="0">{html.escape(text(lang))}</div>'
        who = T(seat_name(pos.seat, "zh-Hant"), seat_name(pos.seat))
        due = len([k for k, _ in self.drill.due_mistakes(now_ms()) if k not in self.tried])
        return (f'<div class="tg-prose tg-prompt" data-due="{due}"><b>'
                + html.escape(T(f"第 {pos.hand} 局裏你（{who.zh}）在這裏出錯了。這次怎樣出最好？",
                                f"In hand {pos.hand} you ({who.en}) went wrong here. What is best this time?")(lang))
                + "</b></div>")

    def _body(self, lang: Lang) -> list[w.Widget]:
        pos = self.position
        if pos is None:
            self.next_button.layout.display = "none"
            return []
        d = pos.deal()
        self.table.value = table_html(d.view(pos.seat), lang, you=pos.seat, hide_own=True, previous=True)
        buttons = self._buttons(lang)
        self.discard_button.layout.display = "none" if d.trick_size is None else ""
        self.answer_button.description = T("看答案", "Show the answer")(lang)
        self.answer_button.layout.display = "" if self.attempts == 1 and not self.done else "none"
        buttons.children = (*buttons.children, self.answer_button)
        return [self.table, self.picker, buttons]

    def _render(self) -> None:
        super()._render()
        if self.position is None:
            self.next_button.layout.display = "none"


# --- the streak and the chart ------------------------------------------------------------------

def chart_svg(record: PracticeRecord, today: str, lang: Lang, days: int = 14) -> str:
    """The last ``days`` days: a bar per day of what was practised (due items and puzzles, the
    solved part darker), and the average mastery of the lessons as a line (0–100 %)."""
    end = dt.date.fromisoformat(today)
    dates = [(end - dt.timedelta(days=days - 1 - i)).isoformat() for i in range(days)]
    width, height, pad = 336, 130, 24
    step = (width - pad) / days
    counts = [int(record.days.get(d, {}).get("due", 0)) + int(record.days.get(d, {}).get("puzzles", 0)) for d in dates]
    top = max([5, *counts])
    bars = []
    points = []
    last_mastery: float | None = None
    for i, d in enumerate(dates):
        info = record.days.get(d, {})
        n = counts[i]
        solved = int(info.get("solved", 0))
        x = pad + i * step + 2
        h = (height - 34) * n / top
        hs = (height - 34) * solved / top
        y0 = height - 18
        title = html.escape(T(f"{d}：溫習了 {info.get('due', 0)} 項，題目 {info.get('puzzles', 0)}（解開 {solved}）",
                              f"{d}: {info.get('due', 0)} reviewed, {info.get('puzzles', 0)} puzzles ({solved} solved)")(lang))
        bars.append(f'<g data-day="{d}" data-count="{n}"><title>{title}</title>'
                    f'<rect x="{x:.1f}" y="{y0 - h:.1f}" width="{step - 4:.1f}" height="{h:.1f}" fill="#e2c48f"/>'
                    f'<rect x="{x:.1f}" y="{y0 - hs:.1f}" width="{step - 4:.1f}" height="{hs:.1f}" fill="#b8894a"/></g>')
        mastery = info.get("mastery")
        if isinstance(mastery, Mapping) and mastery:
            last_mastery = sum(mastery.values()) / len(mastery)
        if last_mastery is not None:
            points.append(f"{x + (step - 4) / 2:.1f},{y0 - (height - 34) * last_mastery / 100:.1f}")
    bold = ' font-weight="bold"'
    labels = "".join(f'<text x="{pad + i * step + step / 2:.1f}" y="{height - 4}" font-size="9" text-anchor="middle" '
                     f'fill="#555"{bold if i == days - 1 else ""}>{dates[i][8:]}</text>'
                     for i in range(days - 1, -1, -2))  # every second day back from today: today is labelled
    line = (f'<polyline points="{" ".join(points)}" fill="none" stroke="#1b7a3a" stroke-width="2"/>' if len(points) > 1
            else "")
    label = html.escape(T("最近兩星期：每天的練習（棒）和各課平均掌握度（綠線）",
                          "The last two weeks: practice each day (bars) and average mastery of the lessons (green line)")(lang))
    return (f'<svg class="tg-chart" viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{label}" '
            f'style="max-width:{width * 1.6:.0f}px"><title>{label}</title>'
            f'<line x1="{pad}" y1="{height - 18}" x2="{width}" y2="{height - 18}" stroke="#bbb"/>'
            f'<text x="2" y="{height - 20}" font-size="9" fill="#555">0</text>'
            f'<text x="2" y="20" font-size="9" fill="#555">{top}</text>'
            + "".join(bars) + line + labels + "</svg>")


class PracticeStats(w.HTML):
    """The streak, today's counts, the puzzle rating and the chart; redrawn on every change."""

    def __init__(self, record: PracticeRecord, offset: Any = None) -> None:
        super().__init__()
        self.record = record
        self.offset = offset  # a callable giving the learner's offset from UTC in minutes
        self.add_class("tg-practice-stats")
        self.render(current_lang())
        on_language(self.render)

    def today(self) -> str:
        return day_of(now_ms(), self.offset() if callable(self.offset) else 0)

    def render(self, lang: Lang) -> None:
        today = self.today()
        streak = self.record.streak(today)
        info = self.record.days.get(today, {})
        line = T(f"連續練習：{streak} 天　今天：溫習了 {info.get('due', 0)} 項，做了 {info.get('puzzles', 0)} 道題目　題目等級：{self.record.rating}",
                 f"Streak: {streak} day{'s' if streak != 1 else ''} · today: {info.get('due', 0)} reviewed, "
                 f"{info.get('puzzles', 0)} puzzles · puzzle rating: {self.record.rating}")(lang)
        self.value = (STYLE + f'<div class="tg-card tg-streak" data-streak="{streak}" data-today="{today}">'
                      f"<b>{html.escape(line)}</b>{chart_svg(self.record, today, lang)}</div>")


def mastery_by_lesson(lessons: Mapping[str, Any]) -> dict[str, int]:
    """Each lesson's mastery in percent (the index's bar), for the chart's line."""
    out = {}
    for info in LESSONS:
        st = lesson_status(info, lessons.get(info.id))
        out[info.id] = 100 if st.mastered else (round(100 * st.done / st.total) if st.total else 0)
    return out


PRACTICE_TITLE = T("每日練習", "Daily practice")


class PracticePage(ReferencePage):
    """The practice page: display :meth:`header`, :meth:`stats`, :meth:`due_quiz`,
    :meth:`mistakes`, :meth:`puzzles`, :meth:`footer`. It reads every lesson's saved progress;
    an answer to a due tile moves that tile's box in its own lesson."""

    def __init__(self) -> None:
        super().__init__(PRACTICE_TITLE)
        self.record = PracticeRecord()
        self.due = DueDrill({})
        self.quiz = Quiz(self.due, random.Random(), on_result=self._answered_due, title=DueDrill.title)
        self.board = PuzzleBoard(self.record, random.Random(), on_result=lambda *_: self._save_practice())
        self.stats_view = PracticeStats(self.record, offset=lambda: self.store.tz_offset)
        self.play_record = PlayRecord()
        self.retry = MistakeRetry(self.play_record, random.Random(), on_result=lambda *_: self._save_deck())
        self.store.on_load(self._loaded)
        self.store.on_stored("practice", self._merge_practice)
        for lesson, _kind in LEITNER_LESSONS:
            self.store.on_stored(lesson, self._merger(lesson))
        self.store.on_stored("08_play", self._merge_deck)
        self.due.defer = self._tile_waits
        self.retry.defer = self._mistake_waits
        self.due_line = w.HTML()
        self.due_box = w.VBox([self.due_line])
        self.due_box.add_class("tg-due-today")
        self.quiz.next_button.on_click(lambda _: self._draw_due())
        self.board.next_button.on_click(lambda _: self._save_practice())  # the puzzle now on the board
        self.retry.next_button.on_click(lambda _: self._draw_due())
        on_language(lambda _: self._draw_due())

    # -- the page's parts ---------------------------------------------------------------------
    def stats(self) -> PracticeStats:
        return self.stats_view

    def due_quiz(self) -> Quiz:
        return self.quiz

    def due_today(self) -> w.VBox:
        """Everything due today in one stream, most overdue first: the lessons' tiles (asked by
        the quiz) and the mistakes deck's positions (tried at the table), whichever is next."""
        self._draw_due()
        return self.due_box

    def mistakes(self) -> MistakeRetry:
        """The due positions of lesson 08's "your mistakes" deck, tried again here."""
        return self.retry

    def puzzles(self) -> PuzzleBoard:
        return self.board

    def footer(self) -> w.HTML:
        out = w.HTML()

        def render(lang: Lang) -> None:
            out.value = (STYLE + '<div class="tg-prose tg-navbar">'
                         f'<a href="{page_href("index.ipynb")}" class="tg-nav">{html.escape(T("← 課程目錄", "← All lessons")(lang))}</a>'
                         f'<a href="{page_href("rules.ipynb")}" class="tg-nav">{html.escape(T("天九的規則 →", "The rules →")(lang))}</a>'
                         "</div>")

        render(current_lang())
        on_language(render)
        return out

    # -- the saved progress ---------------------------------------------------------------------
    def _today(self) -> str:
        return day_of(now_ms(), self.store.tz_offset)

    def _loaded(self) -> None:
        lessons = self.store.all_lessons()
        saved = lessons.get("practice", {}).get("drills", {})
        if isinstance(saved, Mapping) and isinstance(saved.get("practice"), Mapping):
            self.record.load(saved["practice"])
        self.due.now = now_ms()
        self.due.reload(lessons)
        self._load_deck(lessons)
        self.record.snapshot(mastery_by_lesson(lessons), self._today())
        self.quiz.restart()
        self._draw_due()
        if not self.board.done:
            self.board.redraw_puzzle()  # the saved unanswered one, else one at the saved rating
            self._save_practice()
        self.board.refresh()
        self.stats_view.render(current_lang())

    def _mistakes_left(self) -> list[int]:
        """The due times of the deck's due positions not yet tried today, earliest first."""
        when = {str(m["key"]): int(m.get("due", 0)) for m in self.play_record.mistakes}
        return sorted(when.get(k, 0) for k, _ in self.play_record.due_mistakes(now_ms()) if k not in self.retry.tried)

    def _tile_waits(self, item: Any) -> bool:
        """A tile is next in the quiz: does a more overdue mistake come first?"""
        left = self._mistakes_left()
        return bool(left) and left[0] < item.due

    def _mistake_waits(self, due: int) -> bool:
        """A position is next: does a tile due no later come first?"""
        tiles = self.due.due()
        return bool(tiles) and tiles[0].due <= due

    def _draw_due(self) -> None:
        """Show whichever comes next in the day's stream: the quiz (a tile) or the table (a
        position); an item on screen is finished first."""
        if self.retry.position is None and (self.quiz.question is None or self.quiz.finished):
            tiles, left = self.due.due(), self._mistakes_left()
            if left and (not tiles or left[0] < tiles[0].due):
                self.retry.resume()
            elif tiles:
                self.quiz.restart()
        self._draw_due_line()
        if self.retry.position is not None:
            shown: list[w.Widget] = [self.retry]
        elif self.retry.tried and self.quiz.finished and not self.due.answered:
            shown = [self.retry]  # only positions were due: their summary
        else:
            shown = [self.quiz]
        self.due_box.children = [self.due_line, *shown]

    def _draw_due_line(self) -> None:
        """What is left and what is done today (redrawn as each item is answered, so it agrees
        with the day's count beside the streak)."""
        lang = current_lang()
        n_tiles = len(self.due.due())
        n_mistakes = len(self._mistakes_left())
        done = len(self.due.answered) + len(self.retry.tried)
        text = T(f"今天要溫習：還有 {n_tiles + n_mistakes} 項（牌 {n_tiles}，你的錯誤 {n_mistakes}）；已做 {done} 項。",
                 f"Due today: {n_tiles + n_mistakes} left ({n_tiles} tile{'s' if n_tiles != 1 else ''}, "
                 f"{n_mistakes} of your mistakes); {done} done.")(lang)
        self.due_line.value = (STYLE + f'<div class="tg-prose tg-due-line" data-left="{n_tiles + n_mistakes}" '
                               f'data-done="{done}"><b>{html.escape(text)}</b></div>')

    def _load_deck(self, lessons: Mapping[str, Any]) -> None:
        record = saved_drill(lessons, "08_play", PlayRecord())
        self.play_record = record
        self.retry.reload(record)

    def _save_deck(self) -> None:
        """A position of the deck was tried: lesson 08's record saved with its boxes moved (the
        rest of lesson 08's state, the table in play, kept as it is)."""
        if self.store.loaded:
            state = self.store.lesson("08_play")
            raw = state.get("drills")
            drills: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {}
            mine = dict(drills.get(self.play_record.id) or {})
            mine["mistakes"] = self.play_record.state().get("mistakes", [])
            state["drills"] = {**drills, self.play_record.id: mine}
            self.store.save("08_play", state)
        self.record.practised("due", day=self._today())
        self._save_practice()
        self._draw_due_line()

    def _save_practice(self) -> None:
        if self.store.loaded:
            self.store.save("practice", {"drills": {"practice": self.record.state()}})
        self.stats_view.render(current_lang())

    def _answered_due(self, question: Any, first_try: bool, tries: int) -> None:
        if not self.due.answered:
            return
        lesson, _item = self.due.answered[-1]
        drill = self.due.drills[lesson]
        if self.store.loaded:
            state = self.store.lesson(lesson)
            raw = state.get("drills")
            drills: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {}
            state["drills"] = {**drills, drill.id: drill.state()}
            self.store.save(lesson, state)
        self.record.practised("due", day=self._today())
        self._save_practice()
        self._draw_due_line()

    def _merge_practice(self, theirs: dict[str, Any]) -> dict[str, Any]:
        drills = theirs.get("drills", {})
        if isinstance(drills, Mapping) and isinstance(drills.get("practice"), Mapping):
            self.record.merge(drills["practice"])
        self.stats_view.render(current_lang())
        return {"drills": {"practice": self.record.state()}}

    def _merger(self, lesson: str) -> Any:
        def merge(theirs: dict[str, Any]) -> dict[str, Any]:
            drill = self.due.drills.get(lesson)
            state = dict(theirs)
            drills = dict(state.get("drills", {})) if isinstance(state.get("drills"), Mapping) else {}
            if drill is not None:
                if isinstance(drills.get(drill.id), Mapping):
                    drill.merge(drills[drill.id])
                drills[drill.id] = drill.state()
            state["drills"] = drills
            return state

        return merge

    def _merge_deck(self, theirs: dict[str, Any]) -> dict[str, Any]:
        """Another tab saved lesson 08: join its deck into this page's (item by item) and keep
        the rest of its state as it is."""
        state = dict(theirs)
        raw = state.get("drills")
        drills: dict[str, Any] = dict(raw) if isinstance(raw, Mapping) else {}
        other = drills.get(self.play_record.id)
        if isinstance(other, Mapping):
            self.play_record.merge(other)
            drills[self.play_record.id] = {**other, "mistakes": self.play_record.state().get("mistakes", [])}
        state["drills"] = drills
        self.retry.reload(self.play_record)
        return state



__all__ += ["mastery_by_lesson", "DueDrill", "PracticePage", "MistakeRetry"]
