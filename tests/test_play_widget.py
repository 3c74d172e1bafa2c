"""Lesson 08's table widget, driven from Python (the browser test drives it from the page)."""

from __future__ import annotations

import re

import pytest

from tests.helpers import plays_of
from tiangow import Rules
from tiangow.coach.hints import Coach
from tiangow.drills.play import PlayRecord
from tiangow.widgets import LANGUAGE, PlayTable
from tiangow.widgets.settings import VARIANT_CHOICES


@pytest.fixture(autouse=True)
def _traditional() -> None:
    LANGUAGE.lang = "zh-Hant"


def _select(table: PlayTable, tiles: tuple[object, ...]) -> None:
    used: list[int] = []
    for t in tiles:
        i = next(i for i, x in enumerate(table.picker.tiles) if x == t and i not in used)
        used.append(i)
    table.picker.select(used)


def _play_hand(table: PlayTable) -> int:
    moves = exact = 0
    while not table.session.is_over:
        assert table.session.learner_to_act
        table.show_hint()
        assert 'data-stage="1"' in table.hint_view.value
        table.show_hint()
        assert 'data-stage="2"' in table.hint_view.value
        hint = table._hint
        assert hint is not None
        assert table.hint_view.value.count("data-option=") == len(hint.options)  # every option, with its outcome
        if hint.exact:
            exact += 1
            assert "保證" in table.hint_view.value
        _select(table, hint.recommended.tiles)
        assert table.act(table.picker.selected_move(hint.recommended.discard))
        assert "data-mark=" in table.feedback.value
        moves += 1
    assert exact > 0 or moves < 6  # by the sixth move at most 3 tiles are left: searched exactly
    return moves


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_a_whole_hand_through_the_widget() -> None:
    results: list[bool] = []
    record = PlayRecord()
    table = PlayTable(record, seed=7, seat=1, pace=0, opponents="rule", on_result=lambda r, won: results.append(won))
    assert _play_hand(table) > 0
    assert 'data-state="over"' in table.status.value
    assert "tg-settlement" in table.result_view.value and "R-$" in table.result_view.value
    assert record.hands == 1 and len(results) == 1
    # Every face-down discard is shown now that the hand is over.
    assert "tg-history-row" in table.history_view.value
    assert table.next_button.layout.display == ""
    assert table.play_button.layout.display == table.hint_button.layout.display == "none"
    net = table.session.deal.settlement().net
    table.next_hand()
    assert table.session.hands_played == 1 and table.session.totals == list(net)
    assert record.hands == 1  # counted once


def test_illegal_choices_are_explained_and_nothing_changes() -> None:
    table = PlayTable(seed=3, seat=0, pace=0, opponents="rule")
    assert table.session.learner_to_act
    assert not table.act(table.picker.selected_move())  # nothing selected
    assert "tg-feedback-wrong" in table.feedback.value
    hand = table.session.deal.holding(0)
    combos = {tuple(p) for p in plays_of(table.session.deal)}
    pair = next(((a, b) for i, a in enumerate(hand) for b in hand[i + 1:] if (a, b) not in combos), None)
    assert pair is not None
    _select(table, pair)
    assert not table.act(table.picker.selected_move())
    assert "R-C2" in table.feedback.value or "不是" in table.feedback.value
    _select(table, hand[:1])
    assert not table.act(table.picker.selected_move(discard=True))  # a leader may not discard
    assert table.session.deal.history == ()


def test_bad_values_from_the_page_are_refused() -> None:
    table = PlayTable(seed=3, seat=0, pace=0, opponents="rule")
    before = table.picker.refused
    table.picker.set_state({"selected": [99]})
    table.picker.set_state({"selected": "all"})
    table.picker.set_state({"svgs": ["<script>"]})
    assert table.picker.refused == before + 3 and table.picker.selected == []
    tog = table.variant_toggles["capture_multiplier"]
    tog.set_state({"index": 7})
    tog.set_state({"value": "x"})
    assert tog.refused >= 2 and tog.value == 0
    table.seat_toggle.set_state({"index": -3})
    assert table.seat_toggle.value == 0


def test_settings_deal_a_new_hand_and_impossible_variants_are_explained() -> None:
    table = PlayTable(seed=2, seat=0, pace=0, opponents="rule")
    names = [n for n, _, _ in VARIANT_CHOICES]
    table.variant_toggles["capture_civil_supreme"].value = 1  # needs the civil supreme
    LANGUAGE.lang = "zh-Hant"
    table.apply_settings()
    assert "要先玩文至尊" in table.settings_note.value and "R-C4" in table.settings_note.value
    shown = table.settings_note.value.split("</style>")[-1]
    assert not re.search("[A-Za-z]{3}", re.sub(r"<[^>]+>|R-C4", "", shown))  # no English
    LANGUAGE.lang = "en"
    assert "needs the civil supreme on" in table.settings_note.value  # relabelled with the page
    LANGUAGE.lang = "zh-Hant"
    table.variant_toggles["civil_supreme"].value = 1
    table.variant_toggles["banker_rotation"].value = 1
    table.seat_toggle.value = 2
    table.apply_settings()
    s = table.session
    assert s.seat == 2 and s.rules.civil_supreme and s.rules.capture_civil_supreme
    assert s.rules.banker_rotation == "rotate"
    assert "文至尊" in table.deal_line.value and "輪莊" in table.deal_line.value
    assert s.learner_to_act  # the bots played up to South's turn at once (pace 0)
    assert set(names) == {"civil_supreme", "capture_civil_supreme", "capture_multiplier", "capture_wins_trick",
                          "finish_collects_immediate", "eight_stack_rule", "free_split", "banker_rotation",
                          "naturals"}


def test_undo_replay_and_deal_again() -> None:
    table = PlayTable(seed=9, seat=0, pace=0, opponents="rule")
    s = table.session
    first = [s.deal.initial_holding(x) for x in range(4)]
    assert not table.undo()
    lead = plays_of(s.deal)[0]
    _select(table, lead)
    assert table.act(table.picker.selected_move())
    assert s.learner_to_act or s.is_over
    assert table.undo() and s.deal.history == ()
    table.replay()
    assert [s.deal.initial_holding(x) for x in range(4)] == first
    table.deal_again()
    assert [s.deal.initial_holding(x) for x in range(4)] != first


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_every_language_relabels_the_table() -> None:
    table = PlayTable(seed=4, seat=0, pace=0, opponents="rule")
    table.show_hint()
    table.show_hint()
    LANGUAGE.lang = "en"
    assert table.play_button.description == "Play" and "Recommended" in table.hint_view.value
    assert "Hand 1" in table.deal_line.value
    LANGUAGE.lang = "zh-Hans"
    assert table.play_button.description == "出牌" and "莊" not in table.deal_line.value
    LANGUAGE.lang = "zh-Hant"
    assert "莊" in table.deal_line.value


def test_a_second_click_on_play_for_the_move_just_made_is_ignored() -> None:
    """Issue 12 §17: a double click must not replace the mark with "not your turn"."""
    import asyncio

    async def double_click() -> None:  # in a running loop, as in the kernel: the bots wait `pace`
        table = PlayTable(seed=9, seat=0, pace=30, opponents="rule")
        lead = plays_of(table.session.deal)[0]
        _select(table, lead)
        assert table.act(table.picker.selected_move())
        marked = table.feedback.value
        assert "data-mark=" in marked and not table.session.learner_to_act
        _select(table, table.session.deal.holding(0)[:1])
        assert not table.act(table.picker.selected_move())
        assert table.feedback.value == marked  # the mark of the move just made stays, no message
        table._cancel()

    # A thread of its own: in the full suite the browser tests' Playwright keeps a loop running here.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, double_click()).result()


def test_hint_outcomes_say_guaranteed_only_for_one_whole_net() -> None:
    """Issue 12 §16: "guaranteed" is an exact integer; otherwise a mean with its range. Issue 68
    §3: every option, played out or searched exactly, is said in one shape: the whole net, the
    lowest and highest over the deals when they differ, and how often the seat wins the hand
    (whose play that measures outside the hint's table)."""
    import re

    from tiangow.coach.text import outcome_text, win_share

    net = r"[+−]?\d+"
    alone = re.compile(rf"(guaranteed net {net}|expected net {net}( \({net} to {net}, depending on the tiles "
                       rf"you have not seen\))?)(, wins the hand (\d+)% of the time when (.+))?")
    in_table = re.compile(rf"(guaranteed net {net}|expected net {net}( \({net} to {net}\))?)"
                          rf"(, wins the hand (\d+)% of the time)?")
    table = PlayTable(seed=5, seat=0, pace=0, opponents="rule")
    seen = {True: 0, False: 0}
    while not table.session.is_over:
        table.show_hint()
        table.show_hint()
        hint = table._hint
        assert hint is not None
        for o in hint.options if hint.options[0].samples else ():
            text = outcome_text(o).en
            m = alone.fullmatch(text)
            assert m is not None, text
            assert m[1].startswith("guaranteed") == (o.exact and o.low == o.high), text
            assert (m[2] is not None) == (o.low != o.high), text  # the range when the deals differ
            share = win_share(o)
            assert share is not None and m[4] == str(round(100 * share)), text  # a chance of winning on every row
            assert m[5] == ("every player plays their best" if o.exact else m[5]), text
            seen[o.exact] += 1
            m = in_table.fullmatch(outcome_text(o, True).en)
            assert m is not None and m[4] == str(round(100 * share)), outcome_text(o, True).en
        if len(hint.options) > 1:
            assert "之前已付的不算" in table.hint_view.value
        else:  # nothing worked out, nothing to compare
            assert "只有這一個選擇，不用比較" in table.hint_view.value
        _select(table, hint.recommended.tiles)
        assert table.act(table.picker.selected_move(hint.recommended.discard))
    assert table.session.is_over
    assert seen[True] and seen[False], seen  # both kinds of row, in the same shape


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_the_review_steps_retries_and_comes_back_after_a_reload() -> None:
    """Issue 24 §2–3 from Python: a hand with a costly first action, its review, a wrong then a
    right retry (the position kept in the deck), and the review put back from the saved table."""
    t = PlayTable(seed=5, pace=0, opponents="rule")
    s = t.session
    first = True
    while not s.is_over:
        h = s.hint()
        t.act(h.options[-1].move if first else h.recommended)
        first = False
    assert t.review_button.layout.display == ""
    t._toggle_review()
    p = t.review_panel
    assert p.review is not None and p.layout.display == ""
    dear = p.review.costliest()
    assert dear and p.k == dear[0].at and len(p.costly_box.children) == len(dear)
    assert 'data-mark="' in p.step_view.value and "tg-why" in p.step_view.value
    p.go(0)
    assert 'data-step="0"' in p.step_view.value
    p.go(10**6)  # past the end: the end
    assert f'data-step="{p.review.steps}"' in p.step_view.value
    p.go(dear[0].at)
    p.open_retry()
    assert 'data-concealed="true"' in p.step_view.value  # the better action is hidden while trying
    wrong = p.try_move(dear[0].move)
    assert wrong is not None and not wrong.right and len(t.record.mistakes) == 1
    assert 'data-count="1"' in t.deck_view.value
    right = p.try_move(dear[0].better)
    assert right is not None and right.right
    assert p.try_move(None) is None  # the picker is closed once right
    saved = t.saved()
    assert saved["review"] == [-1, dear[0].at]
    again = PlayTable(record=PlayRecord(table=saved, mistakes=t.record.mistakes), seed=1, pace=0, opponents="rule")
    assert again.review_panel.review is not None and again.review_panel.k == dear[0].at
    assert 'data-count="1"' in again.deck_view.value
    # the next hand: the review closes, and the last hand is a pick away
    t.next_hand()
    assert t.review_panel.review is None
    t.past_picker.value = 0
    assert t.review_panel.which == 0 and t.review_panel.review is not None


ASCII_IN_CHINESE = re.compile(r"[\u3400-\u9fff（）][:,;(]|\([\u3400-\u9fff]")
"""An ASCII colon, comma, semicolon or bracket against a Chinese character: Chinese sentences take
the full-width ones (東（你）：0, （莊家、你）)."""


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_chinese_at_the_table_takes_full_width_punctuation(lang: str) -> None:
    from tiangow.drills.scoring import ScoringDrill
    from tiangow.drills.session import Session
    from tiangow.widgets.play_html import deal_line_html, result_html, running_score_html
    from tiangow.widgets.render import seat_html
    from tiangow.widgets.scoring import SettlementQuiz

    s = Session(seat=0, seed=4, opponents="rule", rules=Rules(capture_multiplier=4), coach=Coach(0, samples=2))
    while not s.is_over:
        _ = s.act(s.hint().recommended) if s.learner_to_act else s.bot_step()
    texts = [deal_line_html(s, lang), result_html(s, lang), running_score_html(s, lang),
             *(seat_html(s.deal.view(0), x, lang, you=0) for x in range(4))]
    LANGUAGE.lang = lang
    try:
        quiz = SettlementQuiz(ScoringDrill(), rng=5)
        texts += [b.description for b in quiz.boxes]
    finally:
        LANGUAGE.lang = "en"
    shown = re.sub(r"<[^>]+>", " ", "\n".join(texts))
    assert "東" in shown or "东" in shown  # drawn in Chinese
    assert ASCII_IN_CHINESE.findall(shown) == [], shown


def test_the_wait_between_bot_actions_is_the_pace_less_the_last_bots_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    table = PlayTable(seed=3, seat=2, pace=0.7, opponents="rule")
    assert table.wait() == 0.7
    clock = iter([10.0, 10.25, 20.0, 21.5])
    monkeypatch.setattr("tiangow.widgets.play.time.perf_counter", lambda: next(clock))
    table._bot_step()  # a bot that took 0.25 s: the next waits 0.45 s
    assert abs(table.wait() - 0.45) < 1e-9
    table._bot_step()  # one that took longer than the pace: the next acts at once
    assert table.wait() == 0.0
