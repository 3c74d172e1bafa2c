"""Tien Gow in five minutes (issue 25, point 3): the scripted first hand, played through the widget
as a learner would — the explanation before each decision, wrong moves refused with a reason,
the settlement at the end, saved step by step and back after a reload."""

from __future__ import annotations

from tiangow import Move
from tiangow.drills.catalog import LESSONS, lesson_status
from tiangow.drills.firsthand import FirstHandRecord, final_deal, script
from tiangow.widgets import LANGUAGE, IndexPage, LessonPage
from tiangow.widgets.firsthand import FirstHandBoard


def _page() -> tuple[LessonPage, FirstHandBoard]:
    page = LessonPage("00_start")
    board = page.first_hand()
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    return page, board


def test_the_first_hand_is_real_and_covers_what_a_newcomer_needs() -> None:
    steps = script()
    learner = [s for s in steps if s.learner]
    assert len(learner) == 6 and LESSONS[0].id == "00_start"
    kinds = {("discard" if s.move.discard else "play") for s in learner}
    assert kinds == {"play", "discard"}
    d = final_deal()
    assert d.winner == 0 and d.stacks == (5, 3, 0, 0) and d.settlement().net == (22, -2, -10, -10)
    for s in learner:  # each decision is explained, in both languages, citing its rule
        assert "R-" in s.text.zh and "R-" in s.text.en and "**" in s.text.en


def test_playing_the_first_hand_through_the_widget() -> None:
    LANGUAGE.lang = "en"
    try:
        page, board = _page()
        assert "Decision 1 of 6" in board.head.value and "You are East, and the banker" in board.intro_view.value
        # A move the rules refuse says why; a legal move other than the one asked is refused too.
        assert board.act(Move.parse("play 55 66")) is False and "Not allowed" in board.feedback.value
        assert board.act(Move.parse("lead 55")) is False and "walkthrough" in board.feedback.value
        assert board.act(None) is None and "Pick the tiles" in board.feedback.value
        for n, step in enumerate(s for s in script() if s.learner):
            assert f"Decision {n + 1} of 6" in board.head.value
            assert step.text.en.split("**")[0][:40].replace("'", "&#x27;") in board.intro_view.value
            assert board.act(step.move) is True
            saved = page.store.lesson("00_start")["drills"]["first-hand"]
            assert saved["step"] == board.at
        assert board.done and board.drill.finished and page.store.lesson("00_start")["drills"]["first-hand"]["finished"]
        end = board.end_view.value
        assert "You collect 22" in end and "Lesson 1" in end and 'href="01_tiles.ipynb"' in end
        assert "South takes the trick: two stacks" in "".join(t.en for s in script() for t in [s.text, s.after] if t)
        index = IndexPage()
        index.store.set_state({"data": page.store.data, "loaded": True})
        card = index.index.value.split('data-lesson="00_start"')[1].split("</a>")[0]
        assert "✓ done" in card
        assert lesson_status(LESSONS[0], page.store.lesson("00_start")).mastered
    finally:
        LANGUAGE.lang = "zh-Hant"


def test_the_first_hand_comes_back_at_the_same_step_after_a_reload() -> None:
    page, board = _page()
    for step in [s for s in script() if s.learner][:3]:
        board.act(step.move)
    saved = page.store.data
    again = LessonPage("00_start")
    board2 = again.first_hand()
    again.store.set_state({"data": saved, "loaded": True})
    assert board2.at == board.at and board2.decision == 4
    assert [str(t) for t in board2.deal.holding(0)] == [str(t) for t in board.deal.holding(0)]
    # A tampered step is ignored, not crashed on.
    rec = FirstHandRecord()
    rec.load({"step": 999, "finished": "yes"})
    assert rec.step == 0 and rec.finished is False
    # Start again after the end: back to step 0, saved.
    for step in [s for s in script() if s.learner][3:]:
        board.act(step.move)
    assert board.done
    board.next_button.click()
    assert board.at < len(script()) and board.decision == 1 and page.store.lesson("00_start")["drills"]["first-hand"]["step"] == 0


def test_R_P5_the_walkthrough_counts_each_seats_stacks_as_the_engine_does() -> None:
    """Every "N now" / "N in all" in the five-minute hand is the stacks of the seat that took the
    trick, counted by the engine (a one-tile trick is one stack, a pair's two, R-P5)."""
    import re

    from tiangow import Deal, parse_tiles
    from tiangow.drills.firsthand import HANDS

    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    d = Deal([parse_tiles(h) for h in HANDS], banker=0, streak=1)
    counted = 0
    for s in script():
        d.push(s.move)
        cur = d.current_trick
        if s.after is None or (cur is not None and cur.actions):
            continue
        taker = d.completed_tricks[-1].winner
        assert taker is not None
        for word in re.findall(r"\b(one|two|three|four|five)(?: stacks)? (?:now|in all)\b", s.after.en):
            assert words[word] == d.stacks[taker], (s.after.en, d.stacks)
            counted += 1
    assert counted >= 3


def test_R_D1_the_settlement_says_what_the_banker_multiplier_m_is() -> None:
    from tiangow.drills.firsthand import SETTLEMENT_TEXT

    assert "banker multiplier m (2 in a banker's first hand, one more for each further hand" in SETTLEMENT_TEXT.en
    assert "莊家倍數 m（做莊第一局 m = 2，每多連莊一局加 1）" in SETTLEMENT_TEXT.zh
