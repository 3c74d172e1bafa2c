"""The lessons in a real headless Chromium, served by Voilà: render, answer, switch, reload."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.pages import (
    Lessons,
    choice_count,
    click_answer,
    current_question,
    open_lesson,
    right_and_wrong,
    wait_store_loaded,
)
from tiangow import KINDS, Tile, to_simplified

pytestmark = pytest.mark.browser

ERROR_TEXT = "There was an error"
TIMEOUT = 60_000


# A question's prompt, its tiles and its choices are separate widgets that reach the page one by
# one after "Next": wait until what is shown fits the prompt (a pick question shows picks; the
# others one tile and their answer buttons) before reading it.


def test_index_lists_lessons_and_links_to_lesson_01(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("index"))
    card = page.locator('a.tg-lesson-card[data-lesson="01_tiles"]')
    card.wait_for(timeout=TIMEOUT)
    assert "認識三十二張牌" in card.inner_text()
    assert card.locator("svg[data-tile]").count() == 1
    card.click()
    page.wait_for_selector(".tg-quiz", timeout=TIMEOUT)
    assert page.url.endswith("01_tiles" + lessons.suffix)
    assert ERROR_TEXT not in page.content()


def test_voila_pages_ask_nothing_of_other_hosts(page: Any, lessons: Lessons) -> None:
    """The app works offline: no page asks a CDN for anything (Voilà's lab template asks one for
    Font Awesome; the lessons' own template, ``tiangow``, leaves it out), and no console errors."""
    asked: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    for name in ("index", "01_tiles"):
        open_lesson(page, lessons.url(name))
        page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
        assert ERROR_TEXT not in page.content()
    elsewhere = [u for u in asked if not re.match(r"(https?|wss?)://(127\.0\.0\.1|localhost)[:/]", u)
                 and not u.startswith(("data:", "blob:"))]
    assert elsewhere == [], elsewhere
    assert errors == [], errors


def wait_score_text(page: Any, text: str) -> None:
    """Widgets relabel one by one after a language switch or a reload: wait, do not race."""
    page.wait_for_function("t => document.querySelector('.tg-score').innerText.includes(t)", arg=text,
                           timeout=TIMEOUT)


VISIBLE_PROSE = """() => [...document.querySelectorAll('.tg-prose[lang]')]
    .filter(e => e.offsetParent !== null).map(e => [e.lang, e.innerText.trim()])"""


def wait_prose_in(page: Any, lang: str) -> list[str]:
    """The lesson's markdown passages follow the switch: only those in ``lang`` are shown."""
    page.wait_for_function(f"() => ({VISIBLE_PROSE})().every(([lang]) => lang === {lang!r})", timeout=TIMEOUT)
    shown = page.evaluate(VISIBLE_PROSE)
    assert shown and {lang_ for lang_, _ in shown} == {lang}, shown
    return [text for _, text in shown]


def test_lesson_01_drill_feedback_language_and_progress(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("01_tiles"))
    # The notebook's note for JupyterLab readers is not part of the app's page.
    assert "meant to be opened in the app" not in page.inner_text("body")
    traditional = wait_prose_in(page, "zh-Hant")
    assert page.locator("svg[data-tile]").count() >= 32  # the set laid out, the quiz, the boxes
    wait_store_loaded(page)

    # A wrong answer first: feedback says so. With more than two choices the question stays
    # open; a two-way question (civil or military) is over, and shows the answer explained.
    q = current_question(page)
    choices = choice_count(q)
    right, wrong = right_and_wrong(q)
    click_answer(q, wrong)
    feedback = q["quiz"].locator(".tg-feedback")
    feedback.locator(".tg-feedback-wrong").wait_for(timeout=TIMEOUT)
    if choices > 2:
        assert "不對" in feedback.inner_text() and "還有 2 次機會" in feedback.inner_text()
        # Then the right one: the explanation cites the rule.
        click_answer(q, right)
        feedback.locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
        text = feedback.inner_text()
        assert "對！" in text and re.search(r"§1|R-T1|R-T2", text), text
    else:
        feedback.locator(".tg-feedback-answer").wait_for(timeout=TIMEOUT)
        text = feedback.inner_text()
        assert "不對" in text and "答案是" in text and re.search(r"§1|R-T1|R-T2", text), text
    page.wait_for_function("document.querySelector('.tg-score').innerText.includes('0 / 1')", timeout=TIMEOUT)

    # Next question, right at the first try.
    q["quiz"].locator("button.tg-next").click()
    page.wait_for_function("!document.querySelector('.tg-feedback').innerText.trim()", timeout=TIMEOUT)
    q = current_question(page)
    right, _ = right_and_wrong(q)
    click_answer(q, right)
    q["quiz"].locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
    page.wait_for_function("document.querySelector('.tg-score').innerText.includes('1 / 2')", timeout=TIMEOUT)
    # The tile answered right first time moves up a box (the boxes view updates after the score).
    page.wait_for_function("document.querySelectorAll('.tg-boxes [data-box=\"2\"]').length === 1",
                           timeout=TIMEOUT)

    # Switch the language: every visible widget relabels.
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("text=Lesson 1 · Meet the 32 tiles", timeout=TIMEOUT)
    wait_score_text(page, "Right first time: 1 of 2")
    page.wait_for_selector("text=Civil · the four greats", timeout=TIMEOUT)
    assert "Tien Gow uses the 32 Chinese dominoes" in wait_prose_in(page, "en")[0]
    page.get_by_role("button", name="简").click()
    page.wait_for_selector("text=认识三十二张牌", timeout=TIMEOUT)
    assert wait_prose_in(page, "zh-Hans") == [to_simplified(text) for text in traditional]
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("text=Lesson 1 · Meet the 32 tiles", timeout=TIMEOUT)

    # Reload: the progress and the language are kept (this browser's local storage).
    page.reload()
    page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    page.wait_for_selector("text=Lesson 1 · Meet the 32 tiles", timeout=TIMEOUT)
    page.wait_for_function("document.querySelectorAll('.tg-boxes [data-box=\"2\"]').length === 1",
                           timeout=TIMEOUT)
    wait_score_text(page, "Right first time: 1 of 2")
    wait_prose_in(page, "en")
    assert ERROR_TEXT not in page.content()

    # The index shows the progress too.
    page.goto(lessons.url("index"))
    page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    page.wait_for_selector("text=mastered 0 of 21", timeout=TIMEOUT)


def test_bad_local_storage_is_survived_and_not_lost(page: Any, lessons: Lessons) -> None:
    """Garbage in localStorage: the page still works, and the garbage entry is not erased."""
    page.goto(lessons.url("index"), timeout=TIMEOUT)
    page.evaluate("""() => {
        localStorage.setItem('tiangow:lesson:01_tiles', '{not json');
        localStorage.setItem('tiangow:lesson:zz_future', JSON.stringify({"v": 9, "x": [1, 2]}));
        localStorage.setItem('tiangow:prefs', JSON.stringify({"lang": "klingon"}));
    }""")
    open_lesson(page, lessons.url("01_tiles"))
    wait_store_loaded(page)
    q = current_question(page)
    right, _ = right_and_wrong(q)  # the language stayed 繁 (the bad preference was refused)
    click_answer(q, right)
    q["quiz"].locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
    page.wait_for_function(
        "() => { try { return JSON.parse(localStorage.getItem('tiangow:lesson:01_tiles')).drills.tiles.score.asked === 1 }"
        " catch (e) { return false } }", timeout=TIMEOUT)
    kept = page.evaluate("() => localStorage.getItem('tiangow:lesson:zz_future')")
    assert kept == '{"v":9,"x":[1,2]}'
    # the garbage is said, once per page it was read on, and nothing else is
    said = {e for e in page.errors if e.startswith("console ")}
    assert said == {"console warning: tiangow: ignoring the stored value of tiangow:lesson:01_tiles: it is not JSON"}
    page.errors.clear()


def test_the_tables_entries_are_not_read_as_progress(page: Any, lessons: Lessons) -> None:
    """A table created in this browser leaves its creator's entries in localStorage; the
    progress store reads only its own keys, and says nothing of them."""
    page.goto(lessons.url("index"), timeout=TIMEOUT)
    wait_store_loaded(page)
    page.evaluate("""() => {
        localStorage.setItem('tiangow:table-admin:abc', 'not-json-token');
        localStorage.setItem('tiangow:seat-lang', 'en');
    }""")
    open_lesson(page, lessons.url("01_tiles"))
    wait_store_loaded(page)
    assert [e for e in page.errors if "table-admin" in e or "seat-lang" in e] == []


def test_tiles_have_names_for_screen_readers_except_in_quizzes(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("01_tiles"))
    titles = page.eval_on_selector_all(
        "svg[data-tile]:not([data-tile=back])",
        "els => els.map(e => [e.dataset.tile, e.querySelector('title').textContent, !!e.closest('.tg-quiz'),"
        " e.getAttribute('aria-label')])")
    seen = {tile for tile, _, quiz, _ in titles if not quiz}
    assert seen == {t.notation for t in KINDS}
    assert any(quiz for _, _, quiz, _ in titles), "the page's quizzes show tiles"
    for tile, title, quiz, label in titles:
        assert tile in title and label == title
        if quiz:  # the name may be the question: hovering must not answer it (pips only)
            assert all(k.name not in title for k in KINDS), title
        else:
            assert Tile(tile).name in title
