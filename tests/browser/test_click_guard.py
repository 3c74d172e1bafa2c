"""The page's click guard (pagelang.js) on a bare page, where the test plays the kernel: a press
the kernel does not answer at once is answered on the page ("working on it") until it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tiangow.widgets

pytestmark = pytest.mark.browser

SCRIPT = (Path(tiangow.widgets.__file__).parent / "pagelang.js").read_text(encoding="utf-8")
PAGE = """<body data-tg-lang="{lang}"><div class="jp-OutputArea-output"><div class="tg-puzzle">
<div class="tg-feedback">Pick your tiles.</div><div class="tg-buttons"><button class="tg-play">Play</button></div>
</div></div></body>"""


def _guarded(page: Any, lang: str) -> None:
    page.set_content(PAGE.format(lang=lang))
    page.add_script_tag(content=SCRIPT.replace("export default { render };", ""))
    page.evaluate("installClickGuard()")


def _answer(page: Any) -> None:
    """What the kernel's answer does: the exercise's feedback changes."""
    page.evaluate("document.querySelector('.tg-feedback').textContent = 'Right!'")


@pytest.mark.parametrize("lang, words", [("en", "working on it"), ("zh-Hant", "正在處理"), ("zh-Hans", "正在处理")])
def test_a_press_the_kernel_is_slow_to_answer_says_it_is_working(page: Any, lang: str, words: str) -> None:
    _guarded(page, lang)
    page.click(".tg-play")
    note = page.locator(".tg-working")
    note.wait_for(timeout=5000)
    assert words in note.inner_text()
    assert note.get_attribute("role") == "status"
    page.wait_for_timeout(1000)
    assert note.count() == 1  # stays while the kernel is busy
    _answer(page)
    note.wait_for(state="detached", timeout=2000)


def test_a_press_answered_at_once_shows_no_note(page: Any) -> None:
    _guarded(page, "en")
    page.evaluate("document.querySelector('.tg-play').addEventListener('click', "
                  "() => setTimeout(() => { document.querySelector('.tg-feedback').textContent = 'Right!'; }, 200))")
    page.click(".tg-play")
    page.wait_for_timeout(2500)
    assert page.locator(".tg-working").count() == 0


def test_the_chosen_toggle_pressed_again_shows_no_note(page: Any) -> None:
    """Pressing the language already chosen changes nothing: no note waits for an answer."""
    _guarded(page, "en")
    page.evaluate("document.querySelector('.tg-play').classList.add('widget-toggle-button', 'mod-active')")
    page.click(".tg-play")
    page.wait_for_timeout(2500)
    assert page.locator(".tg-working").count() == 0


CHOICES = """<body data-tg-lang="en"><div class="jp-OutputArea-output"><div class="tg-quiz">
<div class="tg-feedback"></div><div class="tg-choices"><button class="tg-choice" id="a">A</button>
<button class="tg-choice" id="b">B</button><button class="tg-choice" id="c">C</button></div></div></div></body>"""


def test_answer_buttons_after_the_feedback_take_another_answer_at_once(page: Any) -> None:
    """Before the kernel answers, a click on any answer button is part of the first (a double
    click, or a hand that slipped); once the feedback is in, another answer acts at once (wrong,
    then right straight away), while the button clicked stays held for a double click's time."""
    page.set_content(CHOICES)
    page.add_script_tag(content=SCRIPT.replace("export default { render };", ""))
    page.evaluate("""installClickGuard(); window.acted = [];
        for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => acted.push(b.id));""")
    # In one script, so that the page's own clock times it: a double click's time (GUARD_MS) is
    # shorter than a few round trips to a busy browser.
    before, after = page.evaluate("""() => new Promise(done => {
        ['a', 'b', 'c'].forEach(id => document.getElementById(id).click());
        const before = [...acted];
        setTimeout(() => {  // once the click has been handled, the kernel's answer
            document.querySelector('.tg-feedback').textContent = 'Not quite.';
            setTimeout(() => {
                ['a', 'b'].forEach(id => document.getElementById(id).click());
                done([before, [...acted]]);
            }, 50);
        }, 10);
    })""")
    assert before == ["a"]  # no answer yet: the group is held
    assert after == ["a", "b"]  # the same button again is held, another one acts


def test_a_button_the_kernel_relabelled_acts_at_once(page: Any) -> None:
    """"Hint", then at once "Show the recommended play" — the same button, relabelled by the
    kernel's answer: the second press is a new action, not the second click of a double click,
    and acts however soon it comes; a true double click (the label unchanged) still acts once."""
    _guarded(page, "en")
    page.evaluate("""window.acted = []; const b = document.querySelector('.tg-play');
        b.addEventListener('click', () => acted.push(b.textContent));""")
    acted = page.evaluate("""() => new Promise(done => {
        const b = document.querySelector('.tg-play');
        b.textContent = 'Hint'; b.click();
        setTimeout(() => {  // the kernel's answer: the nudge, and the button's new label
            document.querySelector('.tg-feedback').textContent = 'Think: …';
            b.textContent = 'Show the recommended play';
            setTimeout(() => { b.click(); b.click(); done([...acted]); }, 50);  // 0.1 s after the first
        }, 50);
    })""")
    assert acted == ["Hint", "Show the recommended play"]
