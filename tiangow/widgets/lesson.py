"""A lesson page: header (title, language switch, saved progress), quizzes wired to the
progress store, the lesson index, and navigation links."""

from __future__ import annotations

import copy
import html
import random
from collections.abc import Mapping
from typing import Any, TypeVar

import ipywidgets as w

from ..drills.base import Drill
from ..drills.catalog import LESSONS, LessonInfo, LessonStatus, lesson_info, lesson_status
from ..drills.firsthand import FirstHandRecord
from ..errors import TiangowError
from ..i18n import LANGS, Lang, T, Text, browser_language
from ..svg import tile_svg
from ..tiles import Tile
from .dealing import DealingStepper
from .findall import FindAllPlays
from .firsthand import FirstHandBoard
from .pagelang import PageLanguage
from .pages import page_href
from .play import PlayTable
from .progress import ProgressStore
from .quiz import Quiz
from .scoring import SettlementQuiz
from .table import ActQuiz, PlayOutBoard
from .text import LANGUAGE, current_lang, on_language
from .views import STYLE, LanguageSwitch

__all__ = ["LessonPage", "LessonIndex", "IndexPage", "ReferencePage"]

W = TypeVar("W", FindAllPlays, ActQuiz, PlayOutBoard, SettlementQuiz)

_INDEX_TITLE = T("天九學堂", "Tien Gow school")
_BACK = T("← 課程目錄", "← All lessons")
_RULES_LINK = T("規則 ↗", "The rules ↗")
_REFERENCE = (
    ("practice.ipynb", "4-5", T("每日練習", "Daily practice"),
     T("今天要溫習的、雙明手題目、連續練習的天數和進度圖。",
       "What is due today, double-dummy puzzles at your level, your streak and a chart of your progress.")),
    ("rules.ipynb", "1-2", T("天九的規則", "The rules of Tien Gow"),
     T("每一條規則和它的編號：課文、提示和評語裏的編號都連到這裏。",
       "Every rule with its id: each id cited in the lessons, hints and marks links here.")),
    ("friends.ipynb", "3-3", T("和朋友一起打", "Play with friends"),
     T("開一張枱，把連結傳給家人朋友：每人用自己的電話打，空位由電腦打。",
       "Create a table and send the links to family and friends: each plays on their own phone, bots in the empty seats.")),
    ("glossary.ipynb", "6-6", T("詞彙：讀音和意思", "Glossary: say it, know it"),
     T("課程裏每一個詞的粵語和普通話讀音和意思。",
       "Every term of the course with its Cantonese and Mandarin readings and its meaning.")),
)
"""The course's pages that are not lessons, listed under the lessons on the index."""


def _rules_link(lang: Lang) -> str:
    return (f'<a href="{page_href("rules.ipynb")}" target="tiangow-rules" class="tg-rules-page">'
            f"{html.escape(_RULES_LINK(lang))}</a>")
_NEXT = T("下一課：{title} →", "Next: {title} →")
_NOT_STARTED = T("未開始", "not started")


def _progress_line(info: LessonInfo, st: LessonStatus) -> tuple[Text, int]:
    """What a lesson card says about the learner's progress, and how full its bar is (%)."""
    done, total = st.done, st.total
    if not st.started:
        return _NOT_STARTED, 0
    if info.id == "00_start":  # the five-minute hand: played to the end or not
        return (T("✓ 已完成", "✓ done"), 100) if st.mastered else (T("已開始", "started"), 0)
    if info.mastery is None:  # the practice table: whole hands played
        if st.mastered:
            return T(f"✓ 已打完 {total} 局", f"✓ {total} hands played"), 100
        return T(f"已打完 {done} / {total} 局", f"hands played: {done} of {total}"), round(100 * done / total)
    if st.mastered:
        return T("✓ 掌握測驗已通過", "✓ mastery check passed"), 100
    return (T(f"練習：已掌握 {done} / {total}", f"practice: mastered {done} of {total}"),
            0 if not total else round(100 * done / total))


_INDEX = "index.ipynb"


class CoursePage:
    """What every page has: the store, the language switch (which the markdown prose follows
    through :class:`PageLanguage`), the header."""

    def __init__(self) -> None:
        self._defaulting = False
        self._picked_early: Lang | None = None
        self.store = ProgressStore()
        self.switch = LanguageSwitch()
        self.page_language = PageLanguage()
        self.store.on_load(self._restore_language)
        on_language(self._remember_language)

    def _restore_language(self) -> None:
        """The language the learner picked before, or on a first visit the browser's
        (:func:`~tiangow.i18n.browser_language`), which is not kept as a choice. A language the
        learner picked on this page before its saved progress was read stands, and is kept: the
        learner's click is the latest word (on a busy machine the progress can take seconds)."""
        early, self._picked_early = self._picked_early, None
        if early is not None:
            LANGUAGE.lang = early
            if self.store.pref("lang") != early:
                self.store.set_pref("lang", early)
            return
        lang = self.store.pref("lang")
        if lang in LANGS:
            LANGUAGE.lang = lang
            return
        if not self.store.browser_languages:
            return  # no page told us (plain Python): leave the language as it is
        self._defaulting = True
        try:
            LANGUAGE.lang = browser_language(self.store.browser_languages)
        finally:
            self._defaulting = False

    def _bar(self, title: w.HTML) -> w.HBox:
        bar = w.HBox([title, self.switch, self.store, self.page_language],
                     layout=w.Layout(justify_content="space-between", align_items="flex-start", width="100%"))
        bar.add_class("tg-header")
        return bar

    def _remember_language(self, lang: Lang) -> None:
        if self._defaulting:
            return
        if not self.store.loaded and self.switch.learner_pick == lang:
            self._picked_early = lang  # kept once the saved progress has been read
        if self.store.loaded and self.store.pref("lang") != lang:
            self.store.set_pref("lang", lang)


class LessonPage(CoursePage):
    """Display :meth:`header` first; build quizzes with :meth:`quiz`; end with :meth:`footer`."""

    def __init__(self, lesson_id: str) -> None:
        super().__init__()
        self.info: LessonInfo = lesson_info(lesson_id)
        self.quizzes: list[Any] = []
        self._views: list[BoxesView] = []
        self._wired: list[tuple[Any, Any]] = []
        self._unsaved: set[str] = set()  # drills changed before the page loaded the progress
        self.store.on_stored(self.info.id, self._merge)

    def state(self) -> dict[str, Any]:
        return self.store.lesson(self.info.id)

    def header(self) -> w.Widget:
        title = w.HTML()
        title.add_class("tg-title")

        def render(lang: Lang) -> None:
            title.value = (STYLE + f'<div class="tg-prose"><a href="{page_href(_INDEX)}" class="tg-nav">'
                           f'{html.escape(_BACK(lang))}</a> · {_rules_link(lang)}'
                           f'<h1>{html.escape(self.info.title(lang))}</h1></div>')

        render(current_lang())
        on_language(render)
        return self._bar(title)

    def mastery(self, seed: int | None = None) -> Quiz:
        """The lesson's mastery check, recorded in the progress store."""
        make = self.info.mastery
        if make is None:
            raise TiangowError(f"lesson {self.info.id} has no mastery check")
        return self.quiz(make(), seed)

    def quiz(self, drill: Drill, seed: int | None = None, title: Text | None = None) -> Quiz:
        """A quiz over ``drill`` whose state is loaded from and saved to the learner's progress."""
        quiz = Quiz(drill, random.Random(seed), on_result=lambda *_: self._saved(drill), title=title)
        self._wire(drill, quiz)
        return quiz

    def exercise(self, kind: type[W], drill: Any, seed: int | None = None) -> W:
        """An exercise widget of ``kind`` over ``drill``, loaded from and saved to the progress."""
        widget = kind(drill, random.Random(seed), on_result=lambda *_: self._saved(drill))
        self._wire(drill, widget)
        return widget

    def first_hand(self) -> FirstHandBoard:
        """The five-minute hand (the course's first page), saved step by step."""
        return self.exercise(FirstHandBoard, FirstHandRecord())

    def find_all(self, drill: Any, seed: int | None = None) -> FindAllPlays:
        """Find every play in a hand (lesson 03)."""
        return self.exercise(FindAllPlays, drill, seed)

    def act(self, drill: Any, seed: int | None = None) -> ActQuiz:
        """Positions to act in: beat or discard (lesson 04)."""
        return self.exercise(ActQuiz, drill, seed)

    def play_out(self, drill: Any, seed: int | None = None) -> PlayOutBoard:
        """End-of-hand positions to play out against the best defence (lesson 04)."""
        return self.exercise(PlayOutBoard, drill, seed)

    def settle(self, drill: Any, seed: int | None = None) -> SettlementQuiz:
        """Ends of hands to settle by typing every seat's result (lesson 05)."""
        return self.exercise(SettlementQuiz, drill, seed)

    def play(self, drill: Any, seed: int | None = None, pace: float = 0.7) -> PlayTable:
        """The table: whole hands against three bots, with hints (lesson 08)."""
        widget = PlayTable(drill, random.Random(seed), pace=pace, on_result=lambda *_: self._saved(drill),
                           on_change=lambda: self._saved(drill), open_ahead=True)
        self._wire(drill, widget)
        return widget

    def dealing(self, seed: int | None = None) -> DealingStepper:
        """The dealing stepper (a demonstration: nothing to save)."""
        return DealingStepper(seed)

    def _saved(self, drill: Any) -> None:
        """Save ``drill``'s state (once the page has told us what was saved before; until
        then the drill is remembered and saved when the progress has loaded)."""
        if not self.store.loaded or not any(d is drill for d, _ in self._wired):
            # Before the page has read the saved progress, or before this drill's widget is
            # wired to it (a widget saves as it is built; on the static site the page may
            # have read the progress before the cell that builds the widget runs): saving
            # now would put a fresh state over the saved one. _wire's load() saves it once
            # the saved state (if any) is in.
            self._unsaved.add(drill.id)
        else:
            state = self.state()
            drills = state.get("drills") if isinstance(state.get("drills"), dict) else {}
            drills = dict(drills)  # type: ignore[arg-type]
            drills[drill.id] = drill.state()
            state["drills"] = drills
            self.store.save(self.info.id, state)
        for view in self._views:
            view.render(current_lang())

    def _wire(self, drill: Any, widget: Any) -> None:
        """Load ``drill``'s saved state into it when the page has loaded the progress."""

        def load() -> None:
            saved = self.state().get("drills", {})
            if isinstance(saved, Mapping) and isinstance(saved.get(drill.id), Mapping):
                drill.load(saved[drill.id])
                widget.refresh()
                for view in self._views:
                    view.render(current_lang())
            elif drill.id in self._unsaved:  # nothing saved before: keep what this page has
                self._saved(drill)
            self._unsaved.discard(drill.id)

        self.store.on_load(load)
        self.quizzes.append(widget)
        self._wired.append((drill, widget))

    def _merge(self, theirs: dict[str, Any]) -> dict[str, Any]:
        """Another tab saved this lesson: join its state into every drill on the page (nothing
        either tab learned is lost) and return the joined state to save."""
        state = copy.deepcopy(theirs)
        raw = state.get("drills")
        drills: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {}
        for drill, widget in self._wired:
            other = drills.get(drill.id)
            if isinstance(other, Mapping):
                drill.merge(other)
            drills[drill.id] = drill.state()
            widget.refresh()
        state["drills"] = drills
        for view in self._views:
            view.render(current_lang())
        return state

    def boxes(self, drill: Drill, caption: Text | None = None) -> BoxesView:
        """The drill's spaced-repetition boxes, updated after every answer."""
        view = BoxesView(drill, caption)
        self._views.append(view)
        return view

    def footer(self) -> w.Widget:
        out = w.HTML()
        ids = [i.id for i in LESSONS]
        k = ids.index(self.info.id)
        nxt = LESSONS[k + 1] if k + 1 < len(LESSONS) else None

        def render(lang: Lang) -> None:
            parts = [f'<a href="{page_href(_INDEX)}" class="tg-nav">{html.escape(_BACK(lang))}</a>']
            if nxt is not None:
                label = _NEXT.format(title=nxt.title)(lang)
                parts.append(f'<a href="{page_href(nxt.notebook)}" class="tg-nav tg-next-lesson">{html.escape(label)}</a>')
            out.value = STYLE + '<div class="tg-prose tg-navbar">' + "".join(parts) + "</div>"

        render(current_lang())
        on_language(render)
        return out


_BOX = T("第 {box} 格", "box {box}")
_BOXES_NOTE = T("每答對一次，牌升一格；答錯回到第一格。第 {m} 格起算已掌握。已掌握 {done} / {total}。",
                "A right answer moves a tile up a box, a wrong one back to box 1; from box {m} on it "
                "counts as mastered. Mastered: {done} of {total}.")


class BoxesView(w.HTML):
    """Each item of a Leitner drill with its box; mastered items outlined in green."""

    def __init__(self, drill: Drill, caption: Text | None = None) -> None:
        super().__init__()
        self.drill = drill
        self.caption = caption
        self.add_class("tg-boxes")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        deck = getattr(self.drill, "deck", None)
        if deck is None:
            self.value = ""
            return
        cells = []
        for item in deck.items:
            box = deck.box[item]
            mastered = box >= deck.mastered_box
            border = "#1b7a3a" if mastered else "#ddd3bf"
            cells.append(
                f'<div class="tg-tilebox" data-item="{item}" data-box="{box}" '
                f'style="border-color:{border}">'
                f'{tile_svg(Tile(item), 24, lang)}<span class="tg-sub">{html.escape(_BOX.format(box=box)(lang))}</span>'
                f"</div>"
            )
        done, total = self.drill.progress()
        note = _BOXES_NOTE.format(m=deck.mastered_box, done=done, total=total)(lang)
        cap = f'<div class="tg-caption">{html.escape(self.caption(lang))}</div>' if self.caption else ""
        self.value = (STYLE + cap + f'<div class="tg-tiles">{"".join(cells)}</div>'
                      f'<div class="tg-muted tg-mastery" data-done="{done}">{html.escape(note)}</div>')


class LessonIndex(w.HTML):
    """Every lesson with a line on what it teaches and the learner's progress in it."""

    def __init__(self, store: ProgressStore) -> None:
        super().__init__()
        self.store = store
        self.add_class("tg-index")
        self.render(current_lang())
        on_language(self.render)
        store.observe(lambda _: self.render(current_lang()), "data")

    def render(self, lang: Lang) -> None:
        saved = self.store.all_lessons()
        cards = []
        for info in LESSONS:
            st = lesson_status(info, saved.get(info.id))
            done, total = st.done, st.total
            line, pct = _progress_line(info, st)
            status = line(lang)
            cards.append(
                f'<a class="tg-lesson-card" href="{page_href(info.notebook)}" data-lesson="{info.id}">'
                f'{tile_svg(Tile(info.tile), 34, lang)}'
                f'<span class="tg-lesson-text"><b>{html.escape(info.title(lang))}</b><br>'
                f'<span>{html.escape(info.summary(lang))}</span><br>'
                f'<span class="tg-lesson-progress" data-done="{done}" data-total="{total}" '
                f'data-mastered="{str(st.mastered).lower()}">'
                f'{html.escape(status)}</span>'
                f'<span class="tg-bar"><span style="width:{pct}%"></span></span></span></a>'
            )
        for notebook, tile, title, summary in _REFERENCE:
            cards.append(
                f'<a class="tg-lesson-card tg-reference-card" href="{page_href(notebook)}" '
                f'data-page="{notebook.removesuffix(".ipynb")}">{tile_svg(Tile(tile), 34, lang)}'
                f'<span class="tg-lesson-text"><b>{html.escape(title(lang))}</b><br>'
                f"<span>{html.escape(summary(lang))}</span></span></a>"
            )
        self.value = STYLE + '<div class="tg-lessons">' + "".join(cards) + "</div>"


class IndexPage(CoursePage):
    """The landing page: title, language switch, the lessons and progress."""

    def __init__(self) -> None:
        super().__init__()
        self.index = LessonIndex(self.store)

    def header(self) -> w.Widget:
        title = w.HTML()
        title.add_class("tg-title")

        def render(lang: Lang) -> None:
            title.value = STYLE + f'<div class="tg-prose"><h1>{html.escape(_INDEX_TITLE(lang))}</h1></div>'

        render(current_lang())
        on_language(render)
        return self._bar(title)


class ReferencePage(CoursePage):
    """A page of the course that is not a lesson (the rules, the glossary): a title, the
    language switch and a link back to the index."""

    def __init__(self, title: Text) -> None:
        super().__init__()
        self.title = title

    def header(self) -> w.Widget:
        title = w.HTML()
        title.add_class("tg-title")

        def render(lang: Lang) -> None:
            title.value = (STYLE + f'<div class="tg-prose"><a href="{page_href(_INDEX)}" class="tg-nav">'
                           f'{html.escape(_BACK(lang))}</a><h1>{html.escape(self.title(lang))}</h1></div>')

        render(current_lang())
        on_language(render)
        return self._bar(title)

    def footer(self) -> w.HTML:
        """Links to the index and to the other pages that are not lessons (the page's last cell)."""
        out = w.HTML()

        def render(lang: Lang) -> None:
            parts = [f'<a href="{page_href(_INDEX)}" class="tg-nav">{html.escape(_BACK(lang))}</a>']
            for notebook, _tile, title, _summary in _REFERENCE:
                if title.en != self.title.en:
                    parts.append(f'<a href="{page_href(notebook)}" class="tg-nav">{html.escape(title(lang))} →</a>')
            out.value = STYLE + '<div class="tg-prose tg-navbar">' + "".join(parts) + "</div>"

        render(current_lang())
        on_language(render)
        return out
