"""The lessons in a real headless Chromium, served by Voilà: render, answer, switch, reload."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import Lessons, progress_ready

from tiangow import KINDS, Tile, to_simplified

pytestmark = pytest.mark.browser

ERROR_TEXT = "There was an error"
TIMEOUT = 60_000


def open_lesson(page: Any, url: str) -> None:
    page.goto(url, timeout=TIMEOUT)
    page.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()


def wait_store_loaded(page: Any) -> None:
    """The progress store reads localStorage as soon as it is displayed; wait until the kernel
    has it (a saved language then shows in the switch) before acting."""
    progress_ready(page, TIMEOUT)


# A question's prompt, its tiles and its choices are separate widgets that reach the page one by
# one after "Next": wait until what is shown fits the prompt (a pick question shows picks; the
# others one tile and their answer buttons) before reading it.
QUESTION_DRAWN = """() => {
    const q = document.querySelector('.tg-quiz');
    const prompt = q && q.querySelector('.tg-prompt');
    if (!prompt) return false;
    const text = prompt.innerText;
    const picks = q.querySelectorAll('.tg-pick svg[data-tile]').length;
    const shown = q.querySelectorAll('.tg-tiles svg[data-tile]').length;
    const choices = q.querySelectorAll('button.tg-choice').length;
    if (text.includes('「') || text.includes('Which tile is')) return picks >= 2 && choices === 0;
    return shown === 1 && picks === 0 && choices >= 2;
}"""


def current_question(page: Any) -> dict[str, Any]:
    quiz = page.locator(".tg-quiz").first
    quiz.wait_for(timeout=TIMEOUT)
    page.wait_for_function(QUESTION_DRAWN, timeout=TIMEOUT)
    drawn = quiz.inner_html()
    for _ in range(50):  # and no update still arriving (the same page twice, 0.2 s apart)
        page.wait_for_timeout(200)
        now = quiz.inner_html()
        if now == drawn and page.evaluate(QUESTION_DRAWN):
            break
        drawn = now
    prompt = quiz.locator(".tg-prompt").inner_text()
    shown = quiz.locator(".tg-tiles svg[data-tile]").all()
    picks = quiz.locator(".tg-pick svg[data-tile]").all()
    return {
        "quiz": quiz,
        "prompt": prompt,
        "shown": [Tile(s.get_attribute("data-tile")) for s in shown],
        "picks": [Tile(s.get_attribute("data-tile")) for s in picks],
    }


def right_and_wrong(q: dict[str, Any]) -> tuple[Any, Any]:
    """The locators of a right and a wrong answer, worked out with the rules engine from
    what the page shows (zh-Hant prompts)."""
    quiz = q["quiz"]
    prompt = q["prompt"]
    if q["picks"]:
        name = re.search(r"「(.+?)」", prompt)
        assert name, prompt
        right = [i for i, t in enumerate(q["picks"]) if t.name == name.group(1)]
        assert len(right) == 1, (prompt, q["picks"])
        wrong = next(i for i in range(len(q["picks"])) if i != right[0])
        picks = quiz.locator(".tg-pick")
        return picks.nth(right[0]), picks.nth(wrong)
    (tile,) = q["shown"]
    if "叫甚麼" in prompt:
        answer = tile.name
    elif "文子還是武子" in prompt:
        answer = "文子" if tile.is_civil else "武子"
    elif "紅點" in prompt:
        answer = str(tile.red_pips)
    else:  # pragma: no cover
        raise AssertionError(f"unknown question {prompt!r}")
    buttons = quiz.locator("button.tg-choice")
    labels = [b.inner_text().strip() for b in buttons.all()]
    assert answer in labels, (answer, labels)
    wrong = next(i for i, label in enumerate(labels) if label != answer)
    return buttons.nth(labels.index(answer)), buttons.nth(wrong)


def choice_count(q: dict[str, Any]) -> int:
    return len(q["picks"]) or int(q["quiz"].locator("button.tg-choice").count())


def wrong_then_right(q: dict[str, Any]) -> None:
    """Answer wrong, then right — unless the question has two choices, which one wrong answer
    ends (the answer is then shown: :attr:`Question.tries`)."""
    right, wrong = right_and_wrong(q)
    click_answer(q, wrong)
    q["quiz"].locator(".tg-feedback-wrong").wait_for(timeout=TIMEOUT)
    if choice_count(q) > 2:
        click_answer(q, right)
        q["quiz"].locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
    else:
        q["quiz"].locator(".tg-feedback-answer").wait_for(timeout=TIMEOUT)


def click_answer(q: dict[str, Any], choice: Any) -> None:
    choice.click()
    if q["picks"]:
        q["quiz"].locator("button.tg-check").click()


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
