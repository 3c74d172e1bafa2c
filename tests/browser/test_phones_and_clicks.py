"""A classroom's devices and fingers (issue 13 §5–6): every lesson at a phone's 390 × 844 with
nothing wider than the screen and tiles big enough to tap; every button acting once per
state — a double click or four rapid clicks give one answer, never a second action."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import (
    LOCALE,
    Lessons,
    choice_count,
    click_answer,
    current_question,
    open_lesson,
    progress_ready,
    quick_move,
    ready_to_click,
    right_and_wrong,
    settle,
    wait_turn,
)

pytestmark = pytest.mark.browser

TIMEOUT = 90_000
ERROR_TEXT = "There was an error"
LESSONS = ["index", "00_start", "01_tiles", "02_ranks", "03_combinations", "04_tricks", "05_scoring", "06_variants",
           "07_dealing", "08_play", "09_paigow", "rules", "glossary", "practice"]

# What sticks out: the page's own width, every element drawn past the screen's edges, any
# element that scrolls sideways, any tile to tap narrower than 40 px, and any button whose label
# is wider than the button (cut off).
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth;
  const out = {page: document.scrollingElement.scrollWidth - vw, wide: [], scrollers: [], small: [], cut: []};
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const name = e.tagName.toLowerCase() + '.' + [...e.classList].join('.');
    if (r.right > vw + 1 || r.left < -1) out.wide.push([name, Math.round(r.left), Math.round(r.right)]);
    const cs = getComputedStyle(e);
    if (['auto', 'scroll'].includes(cs.overflowX) && e.scrollWidth > e.clientWidth + 1)
      out.scrollers.push([name, e.scrollWidth, e.clientWidth]);
  }
  for (const e of document.querySelectorAll('.tg-pick')) {
    const w = e.getBoundingClientRect().width;
    if (w > 0 && w < 40) out.small.push(Math.round(w));
  }
  for (const e of document.querySelectorAll('button')) {  // a label wider than its button is cut
    if (e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
      out.cut.push([e.innerText.trim().slice(0, 60), e.scrollWidth - e.clientWidth]);
  }
  return out;
}"""


def assert_fits(page: Any, where: str) -> None:
    got = page.evaluate(OVERFLOW)
    assert got["page"] <= 0, (where, "the page scrolls sideways", got)
    assert got["wide"] == [], (where, "drawn past the screen", got["wide"][:8])
    assert got["scrollers"] == [], (where, "scrolls sideways", got["scrollers"][:8])
    assert got["small"] == [], (where, "tiles narrower than 40 px", got["small"])
    assert got["cut"] == [], (where, "buttons whose label is cut (label, px cut)", got["cut"])


@pytest.fixture
def phone(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              locale=LOCALE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    yield page
    ctx.close()
    assert errors == [], errors


def test_every_lesson_fits_a_phone(phone: Any, lessons: Lessons) -> None:
    phone.goto(lessons.url("index"), timeout=TIMEOUT)
    phone.wait_for_selector("svg[data-tile]", timeout=TIMEOUT)
    phone.get_by_role("button", name="English", exact=True).click()  # the longest labels
    for name in LESSONS:
        open_lesson(phone, lessons.url(name))
        progress_ready(phone, TIMEOUT)  # the saved language (English) is applied
        assert "English" in phone.locator(".tg-lang").inner_text()
        assert_fits(phone, name)
        # The header: the language switch in one row above the title.
        switch = phone.locator(".tg-header .tg-lang").bounding_box()
        title = phone.locator(".tg-header .tg-title").bounding_box()
        assert switch and title and switch["y"] + switch["height"] <= title["y"] + 1, name
        assert switch["height"] < 60, (name, "the three language buttons stay on one row")


def test_lesson_08_plays_on_a_phone(phone: Any, voila_url: str) -> None:
    phone.goto(voila_url + "08_play.ipynb", timeout=TIMEOUT)
    phone.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    progress_ready(phone, TIMEOUT)
    state, step = wait_turn(phone)
    for _ in range(3):  # tricks on the table, and the previous trick beside the current one
        if state != "your-turn":
            break
        quick_move(phone, step)
        state, step = wait_turn(phone, step)
        assert_fits(phone, f"lesson 08 at step {step}")
    if state == "your-turn":
        phone.click(".tg-hint-button")
        phone.wait_for_selector(f".tg-hintbox[data-stage='1'][data-step='{step}']", timeout=TIMEOUT)
        ready_to_click(phone, ".tg-hint-button", TIMEOUT)
        phone.click(".tg-hint-button")
        phone.wait_for_selector(f".tg-hintbox[data-stage='2'][data-step='{step}'] .tg-options", timeout=TIMEOUT)
        assert_fits(phone, "lesson 08 with the hint open")
    # Every seat is on the screen: the three others in a row above the trick, yours below.
    boxes = [phone.locator(f".tg-play-table .tg-table .tg-at-{p} .tg-seat").bounding_box() for p in ("left", "top", "right", "bottom")]
    assert all(b and b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes), boxes
    left, top, right, bottom = boxes
    assert left["y"] == top["y"] == right["y"] < bottom["y"]  # type: ignore[index]
    for label in ("Play", "Discard", "Undo"):
        box = phone.locator(f".tg-{label.lower()}").bounding_box()
        assert box and box["x"] + box["width"] <= 390 and box["width"] >= 60, (label, box)


def _rapid(page: Any, root: str, selector: str, order: list[int]) -> None:
    """Click the buttons ``selector`` in the first ``root`` in ``order``, all in one go."""
    page.evaluate("""([root, selector, order]) => {
        const bs = [...document.querySelector(root).querySelectorAll(selector)];
        for (const i of order) bs[i].click();
    }""", [root, selector, order])


def test_four_rapid_answer_clicks_give_one_answer(page: Any, lessons: Lessons) -> None:
    open_lesson(page, lessons.url("01_tiles"))
    progress_ready(page, TIMEOUT)
    for _ in range(12):  # a question with more than two choices (a wrong one leaves tries)
        q = current_question(page)
        if not q["picks"] and choice_count(q) > 2:
            break
        right, _ = right_and_wrong(q)
        click_answer(q, right)
        q["quiz"].locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
        q["quiz"].locator("button.tg-next").click()
        page.wait_for_function("() => !document.querySelector('.tg-quiz .tg-feedback').innerText.trim()",
                               timeout=TIMEOUT)
    else:  # pragma: no cover
        pytest.fail("no question with more than two choices in 12")
    asked = q["quiz"].locator(".tg-score [data-asked]").get_attribute("data-asked")
    right, _ = right_and_wrong(q)
    answer = right.inner_text().strip()
    labels = [b.inner_text().strip() for b in q["quiz"].locator("button.tg-choice").all()]
    wrong_first = [i for i, label in enumerate(labels) if label != answer] + [labels.index(answer)]
    _rapid(page, ".tg-quiz", "button.tg-choice", (wrong_first * 2)[:4])
    q["quiz"].locator(".tg-feedback-wrong").wait_for(timeout=TIMEOUT)
    settle(page)  # any other click's answer would have arrived by now
    text = q["quiz"].locator(".tg-feedback").inner_text()
    assert "還有 2 次機會" in text, text  # one wrong answer taken, not three
    assert q["quiz"].locator("button.tg-choice.mod-danger").count() == 1
    assert q["quiz"].locator(".tg-score [data-asked]").get_attribute("data-asked") == asked
    # The question goes on: the right answer now, then a double click on Next asks one question.
    right.click()
    q["quiz"].locator(".tg-feedback-right").wait_for(timeout=TIMEOUT)
    prompt = q["quiz"].locator(".tg-prompt").inner_text()
    q["quiz"].locator("button.tg-next").dblclick()
    page.wait_for_function("() => !document.querySelector('.tg-quiz .tg-feedback').innerText.trim()",
                           timeout=TIMEOUT)
    settle(page)
    assert q["quiz"].locator(".tg-feedback").inner_text().strip() == ""  # a fresh question, unanswered
    assert int(q["quiz"].locator(".tg-score [data-asked]").get_attribute("data-asked")) == int(asked) + 1
    assert prompt  # (the new prompt may repeat the old: the drill picks again)


def test_double_clicks_on_lesson_08_act_once(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "08_play.ipynb", timeout=TIMEOUT)
    page.wait_for_selector(".tg-play-table svg[data-tile]", timeout=TIMEOUT)
    progress_ready(page, TIMEOUT)
    state, step = wait_turn(page)
    assert state == "your-turn"
    # Hint: a double click shows the nudge (stage 1), not the recommendation too.
    page.locator(".tg-hint-button").dblclick()
    page.wait_for_selector(f".tg-hintbox[data-stage='1'][data-step='{step}']", timeout=TIMEOUT)
    settle(page)
    assert page.locator(".tg-hintbox").get_attribute("data-stage") == "1"
    # The guard lets go once the answer is in: the next single click is the second stage.
    ready_to_click(page, ".tg-hint-button", TIMEOUT)
    page.locator(".tg-hint-button").click()
    page.wait_for_selector(f".tg-hintbox[data-stage='2'][data-step='{step}'] .tg-hint-rec", timeout=TIMEOUT)
    # Deal again: a double click deals once (hand 2, not 3).
    page.locator(".tg-deal-again").dblclick()
    page.wait_for_function("() => /Hand 2|第 2 局/.test(document.querySelector('.tg-deal-line').innerText)",
                           timeout=TIMEOUT)
    settle(page)
    assert "第 2 局" in page.locator(".tg-deal-line").inner_text()
    assert page.locator(".tg-feedback-wrong").count() == 0  # no "not your turn" anywhere
    assert ERROR_TEXT not in page.content()
    # Two presses on Hint further apart than a double click both count, even when the second
    # comes while the kernel is still answering the first (issue 24 §5): the guard holds the
    # second press and makes it once the first answer is in.
    state, step = wait_turn(page)
    assert state == "your-turn"
    ready_to_click(page, ".tg-hint-button", TIMEOUT)
    page.locator(".tg-hint-button").click()
    page.wait_for_timeout(600)
    page.locator(".tg-hint-button").click()
    page.wait_for_selector(f".tg-hintbox[data-stage='2'][data-step='{step}'] .tg-hint-rec", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()


BROKEN_RULE_IDS = """() => [...document.querySelectorAll('a.tg-rule-link')]
    .filter(a => a.offsetParent !== null && a.getClientRects().length > 1).map(a => a.textContent)"""


@pytest.mark.parametrize("lesson", ["04_tricks", "05_scoring"])
def test_a_rule_id_stays_on_one_line_on_a_phone(open_page: Any, lessons: Lessons, lesson: str) -> None:
    page = open_page(lessons.url(lesson), width=390)
    page.wait_for_selector("a.tg-rule-link", timeout=TIMEOUT)
    assert page.locator("a.tg-rule-link").count() >= 5
    assert page.evaluate(BROKEN_RULE_IDS) == []


CUT_LABELS = """() => [...document.querySelectorAll('button.tg-choice')]
    .filter(b => b.offsetParent !== null)
    .filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map(b => b.textContent)"""


@pytest.mark.parametrize("lang", ["繁", "English"])
def test_lesson_09s_answers_fit_their_buttons_on_a_phone(open_page: Any, lessons: Lessons, lang: str) -> None:
    page = open_page(lessons.url("09_paigow"), width=390)
    page.get_by_role("button", name=lang, exact=True).click()
    settle(page)
    page.wait_for_selector("button.tg-choice", timeout=TIMEOUT)
    assert page.evaluate(CUT_LABELS) == []
