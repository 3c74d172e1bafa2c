"""The Python side of every widget, including values the page should never send.

``widget.set_state(...)`` is what ipywidgets calls with an update from the page.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tiangow import TiangowError, Tile, TileError, parse_tiles
from tiangow.drills import TileDrill
from tiangow.widgets import (
    LANGUAGE,
    HoldingPicker,
    IndexPage,
    LanguageSwitch,
    LessonIndex,
    LessonPage,
    ProgressError,
    ProgressStore,
    Prose,
    Quiz,
    T,
    TileView,
)


@pytest.fixture(autouse=True)
def traditional() -> Iterator[None]:
    LANGUAGE.lang = "zh-Hant"
    yield
    LANGUAGE.lang = "zh-Hant"


BAD_SELECTIONS = [[99], [-1], "0", None, [0, 0], [True], [0.5], {"a": 1}, [0, 1, 2, 3, 4], [[0]]]


@pytest.mark.parametrize("bad", BAD_SELECTIONS)
def test_picker_refuses_bad_selections_from_the_page(bad: object) -> None:
    p = HoldingPicker(parse_tiles("66 11 44 13"), max_select=2)
    p.set_state({"selected": [2]})
    assert p.selected == [2]
    p.set_state({"selected": bad})
    assert p.selected == [2]
    assert p.refused == 1


@pytest.mark.parametrize("bad", BAD_SELECTIONS)
def test_picker_takes_the_pages_selection_by_message_and_refuses_bad_ones(bad: object) -> None:
    # picker.js sends each pick as a message (a sync of the state can come after a button's click)
    p = HoldingPicker(parse_tiles("66 11 44 13"), max_select=2)
    p._handle_custom_msg({"type": "select", "selected": [2, 0]}, [])
    assert p.selected == [2, 0] and p.refused == 0
    p._handle_custom_msg({"type": "select", "selected": bad}, [])
    assert p.selected == [2, 0] and p.refused == 1
    p._handle_custom_msg({"type": "other", "selected": [1]}, [])  # not a selection: left alone
    assert p.selected == [2, 0] and p.refused == 1


def test_picker_refuses_page_updates_to_anything_but_the_selection() -> None:
    p = HoldingPicker(parse_tiles("66 11 44 13"), max_select=1)
    p.set_state({"max_select": 4, "selected": [0, 1, 2]})
    assert p.max_select == 1 and p.selected == [] and p.refused == 2
    p.set_state({"svgs": ["<script>"], "disabled": True})
    assert "<script>" not in p.svgs and p.disabled is False
    p.set_state("nonsense")  # type: ignore[arg-type]
    assert p.refused == 4


def test_picker_selection_and_labels() -> None:
    p = HoldingPicker(parse_tiles("66 11 44 13"), max_select=2)
    assert len(p.svgs) == 4 and 'data-tile="6-6"' in p.svgs[0]
    assert p.labels == ["天", "地", "人", "和"]
    p.set_state({"selected": [3, 0]})
    assert p.selected_tiles == (Tile("66"), Tile("13"))
    LANGUAGE.lang = "en"
    assert p.labels == ["天 Heaven", "地 Earth", "人 Man", "和 Harmony"]
    assert "<title>Heaven 6-6</title>" in p.svgs[0]
    with pytest.raises(TileError):
        p.select([7])
    with pytest.raises(TileError):
        p.set_tiles(["66"])  # type: ignore[list-item]
    with pytest.raises(TileError):
        p.mark(["right"])
    p.set_tiles(parse_tiles("12 24"))
    assert p.selected == [] and len(p.svgs) == 2
    hidden = HoldingPicker([None, None], names=True)
    assert hidden.labels == ["", ""] and 'data-tile="back"' in hidden.svgs[0]


def test_language_switch_refuses_bad_index_and_drives_the_language() -> None:
    s = LanguageSwitch()
    s.set_state({"index": 7})
    assert LANGUAGE.lang == "zh-Hant" and s.refused == 1
    s.set_state({"index": "en"})
    assert LANGUAGE.lang == "zh-Hant"
    s.set_state({"index": 2})
    assert LANGUAGE.lang == "en"
    LANGUAGE.lang = "zh-Hans"
    assert s.value == "zh-Hans"


def test_prose_and_tile_view_relabel() -> None:
    p = Prose(T("<p>長三</p>", "<p>Long three</p>"))
    v = TileView(parse_tiles("33"), caption=T("長三", "Long three"))
    assert "長三" in p.value and "長三" in v.value
    LANGUAGE.lang = "zh-Hans"
    assert "长三" in p.value and "长三" in v.value
    LANGUAGE.lang = "en"
    assert "Long three" in p.value and "Long three" in v.value and 'data-tile="3-3"' in v.value


@pytest.mark.parametrize("bad", [None, 5, "x", ["lessons"], True])
def test_store_refuses_a_payload_that_is_not_an_object(bad: object) -> None:
    s = ProgressStore()
    s.set_state({"data": {"lessons": {"01_tiles": {"drills": {"tiles": {"boxes": {"6-6": 3}}}}}}, "loaded": True})
    before = s.data
    s.set_state({"data": bad})
    assert s.data == before and s.refused == 1


def test_store_keeps_good_entries_and_drops_bad_ones() -> None:
    s = ProgressStore()
    s.set_state({"data": {"lessons": {"01_tiles": {"a": 1}, "../etc": {"b": 2}, "02_ranks": "text",
                                      "03_combos": {"big": "x" * 70_000}},
                          "prefs": {"lang": "klingon", "theme": "dark"}}})
    assert s.data == {"lessons": {"01_tiles": {"a": 1, "schema": 2}}, "prefs": {}}
    s.set_state({"loaded": "yes"})
    assert s.loaded is False and s.refused == 1


def test_store_load_callbacks_and_saving() -> None:
    s = ProgressStore()
    calls: list[int] = []
    s.on_load(lambda: calls.append(1))
    assert calls == []
    s.set_state({"data": {"lessons": {}, "prefs": {"lang": "en"}}, "loaded": True})
    assert calls == [1] and s.pref("lang") == "en"
    s.on_load(lambda: calls.append(2))
    assert calls == [1, 2]
    s.set_state({"loaded": False})
    assert s.loaded is True  # once loaded, stays loaded
    s.save("01_tiles", {"x": [1, 2]})
    assert s.lesson("01_tiles") == {"x": [1, 2], "schema": 2}  # saved with its schema version
    state = s.lesson("01_tiles")
    state["x"].append(3)
    assert s.lesson("01_tiles") == {"x": [1, 2], "schema": 2}  # a copy
    for bad_id in ("Bad Id", "", "x" * 41, 5):
        with pytest.raises(ProgressError):
            s.save(bad_id, {})  # type: ignore[arg-type]
    with pytest.raises(ProgressError):
        s.save("01_tiles", {"x": object()})
    with pytest.raises(ProgressError):
        s.save("01_tiles", {"x": "y" * 70_000})
    with pytest.raises(ProgressError):
        s.save("01_tiles", [1])  # type: ignore[arg-type]
    assert s.lesson("01_tiles") == {"x": [1, 2], "schema": 2}


def first_wrong(q: object) -> str:
    return next(c.key for c in q.choices if c.key != q.answer)  # type: ignore[attr-defined]


def test_quiz_three_tries_feedback_and_score() -> None:
    results: list[tuple[bool, int]] = []
    quiz = Quiz(TileDrill(kinds=("name",)), rng=3, on_result=lambda q, first, tries: results.append((first, tries)))
    q = quiz.question
    assert q is not None and not q.pick_tiles
    wrong = [c.key for c in q.choices if c.key != q.answer]
    assert quiz.answer("no such key") is None and quiz.tries == 0
    assert quiz.answer(wrong[0]) is False and "不對" in quiz.feedback.value and "還有 2 次機會" in quiz.feedback.value
    assert quiz.answer(wrong[0]) is False and quiz.tries == 1  # the same wrong answer is not a new try
    assert "已經試過" in quiz.feedback.value and "還有 2 次機會" in quiz.feedback.value  # but it is answered
    quiz.next()
    assert quiz.question is q  # cannot skip an open question
    quiz.answer(wrong[1])
    quiz.answer(wrong[2])
    assert quiz.done and results == [(False, 3)]
    assert "答案是" in quiz.feedback.value and "§1" in quiz.feedback.value
    assert quiz.answer(q.answer) is None  # finished: a late click changes nothing
    LANGUAGE.lang = "en"
    assert "The answer" in quiz.feedback.value
    quiz.next()
    assert quiz.question is not q
    quiz.answer(quiz.question.answer)  # type: ignore[union-attr]
    assert results[-1] == (True, 1)
    assert "Right first time: 1 of 2" in quiz.score_line.value


def test_quiz_ignores_clicks_on_earlier_questions() -> None:
    quiz = Quiz(TileDrill(kinds=("class",)), rng=1)
    old = quiz.question
    assert old is not None
    quiz.answer(old.answer)
    quiz.next()
    quiz._clicked(old.id, old.answer)
    assert quiz.tries == 0 and not quiz.done


def test_quiz_a_click_on_an_answer_shown_before_a_redraw_still_answers() -> None:
    """The page sets the language once the saved progress arrives, which redraws every quiz: a
    learner who clicked an answer just before must not lose the click to a button closed on the
    way (the buttons are relabelled in place, and only a new question replaces them)."""
    quiz = Quiz(TileDrill(kinds=("name",)), rng=3)
    q = quiz.question
    assert q is not None
    shown = list(quiz.choice_box.children)
    assert [b.description for b in shown] == [c.label("zh-Hant") for c in q.choices]  # type: ignore[attr-defined]
    LANGUAGE.lang = "en"
    assert list(quiz.choice_box.children) == shown
    assert [b.description for b in shown] == [c.label("en") for c in q.choices]  # type: ignore[attr-defined]
    assert all(b.comm is not None for b in shown)  # still open: the page's click reaches the kernel
    wrong = first_wrong(q)
    shown[[c.key for c in q.choices].index(wrong)].click()
    assert quiz.tries == 1 and "Not quite" in quiz.feedback.value
    after = {c.key: b for c, b in zip(q.choices, quiz.choice_box.children, strict=True)}
    assert after[wrong].disabled and after[wrong].button_style == "danger"
    assert not after[q.answer].disabled and after[q.answer].button_style == ""
    after[q.answer].click()
    assert quiz.done and all(b.disabled for b in after.values()) and after[q.answer].button_style == "success"
    quiz.next()
    assert quiz.question is not q and all(b.comm is None for b in shown)  # a new question: new buttons


def test_quiz_with_tile_picks() -> None:
    quiz = Quiz(TileDrill(kinds=("tile",)), rng=5)
    q = quiz.question
    assert q is not None and q.pick_tiles
    assert quiz.picker.labels == ["", "", "", ""]  # names would give the answer away
    quiz._check_pick()
    assert "先點選一張牌" in quiz.feedback.value and quiz.tries == 0
    wrong = next(i for i, c in enumerate(q.choices) if c.key != q.answer)
    quiz.picker.set_state({"selected": [wrong]})
    quiz._check_pick()
    assert quiz.tries == 1 and quiz.picker.selected == []
    quiz.picker.set_state({"selected": [42]})  # refused
    right = next(i for i, c in enumerate(q.choices) if c.key == q.answer)
    quiz.picker.set_state({"selected": [right]})
    quiz._check_pick()
    assert quiz.done and quiz.picker.disabled
    assert quiz.picker.marks[right] == "right" and quiz.picker.marks[wrong] == "wrong"


def test_lesson_page_saves_only_after_loading_and_restores() -> None:
    page = LessonPage("01_tiles")
    page.header()
    drill = TileDrill(kinds=("red",))
    quiz = page.quiz(drill, seed=2)
    boxes = page.boxes(drill)
    q = quiz.question
    assert q is not None
    quiz.answer(q.answer)
    assert page.store.data["lessons"] == {}  # not loaded yet: nothing overwritten
    saved = {"drills": {"tiles": {"boxes": {"6-6": 5, "1-1": 4, "4-4": 9, "zz": 2},
                                  "score": {"asked": 7, "first_try": 5, "streak": 2}}}}
    page.store.set_state({"data": {"lessons": {"01_tiles": saved}, "prefs": {"lang": "en"}}, "loaded": True})
    assert LANGUAGE.lang == "en"  # the saved language
    assert drill.deck.box["6-6"] == 5 and drill.deck.box["1-1"] == 4 and drill.deck.box["4-4"] == 1
    assert drill.score.asked == 7
    assert 'data-done="2"' in boxes.value and "Right first time: 5 of 7" in quiz.score_line.value
    quiz.next()
    quiz.answer(quiz.question.answer)  # type: ignore[union-attr]
    stored = page.store.lesson("01_tiles")["drills"]["tiles"]
    assert stored["score"]["asked"] == 8 and stored["boxes"]["6-6"][0] == 5  # [box, when]
    LANGUAGE.lang = "zh-Hans"
    assert page.store.pref("lang") == "zh-Hans"
    with pytest.raises(TiangowError):
        LessonPage("99_nothing")


def test_index_shows_progress_per_lesson() -> None:
    page = IndexPage()
    page.header()
    index: LessonIndex = page.index
    assert "未開始" in index.value and 'href="01_tiles.ipynb"' in index.value
    boxes = {t: 4 for t in ("6-6", "1-1", "4-4")}
    page.store.set_state({"data": {"lessons": {"01_tiles": {"drills": {"tiles": {"boxes": boxes}}}}}, "loaded": True})
    assert "已掌握 3 / 21" in index.value and 'data-done="3"' in index.value
    LANGUAGE.lang = "en"
    assert "mastered 3 of 21" in index.value


def test_lesson_links_point_at_the_built_pages_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under Voilà a lesson links to notebooks; in the static site (the kernel is Pyodide,
    ``sys.platform == "emscripten"``) to the pages voici built from them."""
    monkeypatch.setattr("sys.platform", "emscripten")
    page = IndexPage()
    assert 'href="01_tiles.html"' in page.index.value and ".ipynb" not in page.index.value
    lesson = LessonPage("01_tiles")
    assert 'href="index.html"' in lesson.header().children[0].value
    assert 'href="02_ranks.html"' in lesson.footer().value


def test_drill_questions_are_well_formed() -> None:
    rng = random.Random(7)
    drill = TileDrill()
    kinds = set()
    for _ in range(400):
        q = drill.next_question(rng)
        kinds.add(q.id.split(":")[0])
        assert q.check(q.answer)
        labels = [c.label("zh-Hant") for c in q.choices]
        assert len(set(labels)) == len(labels), labels
        assert q.rule in ("§1", "R-T2")
        for c in q.choices:
            if c.key != q.answer:
                assert c.why is not None
        tile = Tile(q.item)
        if q.id.startswith("red"):
            assert q.answer == str(tile.red_pips)
        if q.id.startswith("class"):
            assert q.answer == ("civil" if tile.is_civil else "military")
        if q.id.startswith(("name", "tile")):
            assert q.answer == tile.notation
        drill.record(q, rng.random() < 0.7, 1)
    assert kinds == {"name", "tile", "class", "red"}


def test_leitner_brings_missed_tiles_back_sooner() -> None:
    drill = TileDrill()
    for t in drill.deck.items:
        drill.deck.box[t] = 5
    drill.deck.box["1-5"] = 1  # missed
    rng = random.Random(0)
    picks = [drill.next_question(rng).item for _ in range(300)]
    assert picks.count("1-5") > 3 * (300 / 21)  # far more often than an even share
    drill.load({"boxes": {"6-6": "x", "1-1": 0, "4-4": 3}, "score": {"asked": -1, "first_try": "a"}})
    assert drill.deck.box["6-6"] == 5 and drill.deck.box["1-1"] == 5 and drill.deck.box["4-4"] == 3
    assert drill.score.asked == 0
