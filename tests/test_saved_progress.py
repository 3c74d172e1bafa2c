"""Progress that is never lost (issue 13 §1–2): the table of lesson 08 saved and put back
action by action; two tabs' progress joined item by item; the stored schema versioned and
migrated; anything corrupt or foreign ignored. The browser side is in
tests/browser/test_saved_progress_in_browser.py."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiangow import Natural, Rules, RulesError
from tiangow.coach.hints import Coach
from tiangow.drills import TileDrill
from tiangow.drills.base import Leitner, Score
from tiangow.drills.mastery import MasteryCheck
from tiangow.drills.play import PlayRecord
from tiangow.drills.session import SNAPSHOT_VERSION, Session
from tiangow.players.rule import RuleBot
from tiangow.widgets import LANGUAGE, IndexPage, LessonPage, PlayTable, ProgressStore
from tiangow.widgets.progress import SCHEMA, migrate, sanitize


@pytest.fixture(autouse=True)
def _english() -> None:
    LANGUAGE.lang = "en"


# -- the table of lesson 08 -------------------------------------------------------------------

def _cheap_coach() -> Coach:
    """A coach of two samples: these tests are about what is saved, not about the advice."""
    return Coach(0, samples=2)


def _learner_moves(s: Session, n: int) -> None:
    """Let the bots and the learner (who follows the rule bot's choice) act until the learner
    has acted ``n`` times or the hand is over."""
    from tiangow.players.rule import RuleBot

    me = RuleBot(99)
    done = 0
    while not s.is_over and done < n:
        if s.learner_to_act:
            m = me.choose(s.deal.view(s.seat))
            assert s.act(m).ok
            done += 1
        else:
            s.bot_step()


def test_rules_round_trip_through_plain_json() -> None:
    for r in (Rules(), Rules(civil_supreme=True, capture_civil_supreme=True),
              Rules(capture_multiplier=4, eight_stack_rule="wikipedia", free_split=False, banker_rotation="rotate"),
              Rules(naturals=frozenset(Natural))):
        assert Rules.from_dict(r.to_dict()) == r
    for bad in ([], {"naturals": "all"}, {"naturals": ["NOPE"]}, {"capture_multiplier": 3}, {"x": 1}):
        with pytest.raises(RulesError):
            Rules.from_dict(bad)


@pytest.mark.parametrize("seed", [3, 11, 40])
def test_a_session_snapshot_restores_the_same_table_mid_hand(seed: int) -> None:
    s = Session(seat=seed % 4, seed=seed, opponents="rule", rules=Rules(capture_multiplier=4), coach=_cheap_coach())
    _learner_moves(s, 3)
    t = Session.restore(s.snapshot())
    assert t.snapshot() == s.snapshot()
    assert t.deal.history == s.deal.history and t.deal.to_play == s.deal.to_play
    assert all(t.deal.holding(x) == s.deal.holding(x) for x in range(4))
    assert t.mark_counts() == s.mark_counts() and t.can_undo == s.can_undo
    assert t.rules == s.rules and t.seat == s.seat
    # Undo after a restore takes back the learner's last action, as before the reload.
    assert t.undo() and s.undo() and t.snapshot() == s.snapshot()


def test_a_session_snapshot_keeps_hand_number_banker_streak_and_running_score() -> None:
    s = Session(seat=0, seed=5, opponents="rule", coach=_cheap_coach())
    _learner_moves(s, 99)
    s.next_hand()
    _learner_moves(s, 99)
    s.next_hand()
    _learner_moves(s, 2)
    t = Session.restore(s.snapshot())
    assert (t.hand_number, t.banker, t.streak, t.hands_played, t.hands_won) == \
        (s.hand_number, s.banker, s.streak, s.hands_played, s.hands_won) == (3, s.banker, s.streak, 2, s.hands_won)
    assert t.running == s.running and t.deal_seed == s.deal_seed == 7
    assert t.deal.banker == s.deal.banker and t.deal.streak == s.deal.streak


BAD_SNAPSHOTS: list[tuple[str, Any]] = [
    ("not an object", [1, 2]),
    ("another version", {"v": SNAPSHOT_VERSION + 1}),
    ("seat", {"seat": 7}),
    ("opponents", {"opponents": "perfect"}),
    ("rules", {"rules": {"capture_multiplier": 3}}),
    ("seed", {"seed": -1}),
    ("hand", {"hand": 0}),
    ("streak", {"streak": True}),
    ("won > played", {"played": 1, "won": 2}),
    ("totals", {"totals": [1, 2, 3]}),
    ("totals not summing to zero", {"totals": [5, 0, 0, 0]}),
    ("moves", {"moves": "play 66"}),
    ("an illegal move", {"moves": ["play 66 11"]}),
    ("not a move", {"moves": ["jump 66"]}),
    ("marks", {"marks": ["great"]}),
    ("marks that do not fit the moves", {"marks": ["best", "best", "best"]}),
    ("small 天九", {"rules": {"hand_size": 4}}),
]


@pytest.mark.parametrize(("what", "change"), BAD_SNAPSHOTS, ids=[b[0] for b in BAD_SNAPSHOTS])
def test_a_bad_snapshot_is_refused_with_a_reason(what: str, change: Any) -> None:
    s = Session(seat=0, seed=9, opponents="rule", coach=_cheap_coach())
    _learner_moves(s, 1)
    data = change if not isinstance(change, dict) else {**s.snapshot(), **change}
    with pytest.raises(ValueError) as err:
        Session.restore(data)
    assert str(err.value)


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_the_table_comes_back_after_a_reload_with_the_same_tiles_and_score() -> None:
    saves: list[dict[str, Any]] = []
    record = PlayRecord()
    table = PlayTable(record, seed=21, pace=0, opponents="rule", on_change=lambda: saves.append(record.state()))
    while not table.session.is_over:
        h = table.session.hint()
        table.session.act(h.recommended)
        table.refresh()
        table._schedule()
    won_first = table.session.running
    table.next_hand()
    _learner_moves(table.session, 2)
    table._after_change()
    assert saves and saves[-1]["table"]["session"]["hand"] == 2
    # The reload: a new kernel, a new table with another seed; the page loads the saved record.
    again = PlayRecord()
    reloaded = PlayTable(again, seed=777, pace=0, opponents="search")
    again.load(copy.deepcopy(saves[-1]))
    reloaded.refresh()
    s, t = table.session, reloaded.session
    assert t.snapshot() == s.snapshot()
    assert t.running == s.running and t.hands_in_score == 1 and t.totals == list(won_first)
    assert reloaded.status.value == table.status.value
    assert reloaded.score_view.value == table.score_view.value
    assert reloaded.deal_line.value == table.deal_line.value and "Hand 2" in reloaded.deal_line.value
    assert again.hands == record.hands == 1


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_a_reload_brings_back_the_last_actions_mark_and_an_open_hint() -> None:
    """Issue 45 §3: reloaded mid-hand, the table shows the mark on the learner's last action and
    the hint that was open, at the stage it was at, with the same figures."""
    saves: list[dict[str, Any]] = []
    record = PlayRecord()
    table = PlayTable(record, seed=21, pace=0, opponents="rule", on_change=lambda: saves.append(record.state()))
    table._schedule()
    assert table.session.learner_to_act
    rule = RuleBot(5)
    assert table.act(rule.choose(table.session.deal.view(table.session.seat)))
    table._schedule()
    mark = table.feedback.value
    assert "data-mark" in mark
    if table.session.learner_to_act:
        table.show_hint()
        table.show_hint()
    hint = table.hint_view.value
    again = PlayRecord()
    reloaded = PlayTable(again, seed=777, pace=0, opponents="search")
    again.load(copy.deepcopy(saves[-1]))
    reloaded.refresh()
    assert reloaded.session.snapshot() == table.session.snapshot()
    assert reloaded.feedback.value == mark
    if table.session.learner_to_act:
        assert 'data-stage="2"' in hint and reloaded.hint_view.value == hint


def test_a_new_table_is_saved_once_the_progress_has_loaded_and_comes_back_on_reload() -> None:
    """A first visit: the table is dealt before the page has loaded the (empty) progress, so
    its first save waits for the load; a reload before any move brings back the same deal."""
    page = LessonPage("08_play")
    page.header()
    record = PlayRecord()
    table = page.play(record, seed=5, pace=0)
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    stored = page.store.data["lessons"]["08_play"]["drills"][record.id]
    assert stored["table"]["session"] == table.session.snapshot()
    assert stored["table"]["session"]["moves"] == []  # dealt, nothing played yet
    again_page = LessonPage("08_play")
    again_page.header()
    again = PlayRecord()
    reloaded = again_page.play(again, seed=6, pace=0)
    again_page.store.set_state({"data": copy.deepcopy(page.store.data), "loaded": True})
    assert reloaded.session.snapshot() == table.session.snapshot()
    assert reloaded.deal_line.value == table.deal_line.value


def test_a_table_built_after_the_progress_has_loaded_does_not_overwrite_it() -> None:
    """The static site runs the lesson's cells while the page loads: the page may have read the
    saved progress before the cell that builds the table runs. The table, which saves as it is
    built, must then come back from the saved progress, not replace it with a fresh deal."""
    page = LessonPage("08_play")
    page.header()
    record = PlayRecord()
    table = page.play(record, seed=5, pace=0)
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    table.act(table.session.hint().recommended)
    saved = copy.deepcopy(page.store.data)
    again_page = LessonPage("08_play")
    again_page.header()
    again_page.store.set_state({"data": saved, "loaded": True})  # loaded first …
    again = PlayRecord()
    reloaded = again_page.play(again, seed=6, pace=0)  # … then the table is built
    assert reloaded.session.snapshot() == table.session.snapshot()
    assert again_page.store.data["lessons"]["08_play"]["drills"][again.id]["table"]["session"] == \
        table.session.snapshot()


def test_a_finished_hand_restored_is_not_counted_twice() -> None:
    record = PlayRecord()
    saved: list[dict[str, Any]] = []
    table = PlayTable(record, seed=8, pace=0, opponents="rule", on_result=lambda r, w: saved.append(r.state()))
    _learner_moves(table.session, 99)
    table._schedule()
    assert table.session.is_over and record.hands == 1 and saved[-1]["table"]["counted"] is True
    again = PlayRecord()
    reloaded = PlayTable(again, seed=1, pace=0, opponents="rule")
    again.load(copy.deepcopy(saved[-1]))
    reloaded.refresh()
    reloaded._schedule()
    assert reloaded.session.is_over and again.hands == 1  # not counted again
    reloaded.next_hand()
    assert again.hands == 1 and reloaded.session.hand_number == 2


def test_the_settings_shown_follow_the_restored_table() -> None:
    record = PlayRecord()
    table = PlayTable(record, seed=3, pace=0)
    rules = Rules(capture_multiplier=4, banker_rotation="rotate")
    table.session.change(seat=2, rules=rules, opponents="rule")
    table.refresh()
    again = PlayRecord()
    again.load(copy.deepcopy(record.state()))
    reloaded = PlayTable(again, seed=4, pace=0)
    reloaded.refresh()
    assert reloaded.seat_toggle.value == 2 and reloaded.opp_toggle.value == "rule"
    assert reloaded.settings.rules() == rules


def test_a_saved_table_that_does_not_fit_is_dropped_with_a_note_and_play_goes_on() -> None:
    record = PlayRecord()
    record.load({"hands": 2, "table": {"session": {"v": 1, "seat": 9}, "counted": False}})
    table = PlayTable(record, seed=3, pace=0, opponents="rule")
    table.refresh()
    assert "could not be put back" in table.feedback.value and "seat" in table.feedback.value
    assert record.hands == 2 and table.session.hand_number == 1
    assert 'data-state="' in table.status.value


# -- two tabs: joining ------------------------------------------------------------------------

scores = st.builds(lambda a, f, s: {"asked": a, "first_try": min(f, a), "streak": min(s, a)},
                   st.integers(0, 50), st.integers(0, 50), st.integers(0, 50))
ITEMS = ["6-6", "1-1", "4-4"]
decks = st.dictionaries(st.sampled_from(ITEMS), st.tuples(st.integers(1, 5), st.integers(0, 5)).map(list))
records = st.builds(lambda h, w, b, sc, at: {"hands": h, "won": min(w, h), "best": b, "fine": 0, "mistake": 1,
                                              "score": sc, **({"table": {"at": at}} if at is not None else {})},
                    st.integers(0, 9), st.integers(0, 9), st.integers(0, 9), st.integers(-50, 50),
                    st.none() | st.integers(0, 5))


def _score_join(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    s = Score.from_state(a)
    s.merge(b)
    return s.state()


def _deck_join(a: object, b: object) -> dict[str, list[int]]:
    d = Leitner(ITEMS)
    d.load(a)
    d.merge(b)
    return d.state()


def _record_join(a: object, b: object) -> dict[str, Any]:
    r = PlayRecord()
    r.load(a)
    r.merge(b)
    return r.state()


@settings(max_examples=200, deadline=None)
@given(scores, scores, scores)
def test_score_join_is_order_free_and_counts_only_grow(a: dict[str, int], b: dict[str, int],
                                                       c: dict[str, int]) -> None:
    ab = _score_join(a, b)
    assert ab == _score_join(b, a) and _score_join(ab, ab) == ab
    assert _score_join(ab, c) == _score_join(a, _score_join(b, c))
    for k in ("asked", "first_try"):
        assert ab[k] == max(a[k], b[k])
    assert ab["first_try"] <= ab["asked"]


@settings(max_examples=200, deadline=None)
@given(decks, decks, decks)
def test_deck_join_takes_each_items_latest_answer(a: Any, b: Any, c: Any) -> None:
    ab = _deck_join(a, b)
    assert ab == _deck_join(b, a) and _deck_join(ab, ab) == ab
    assert _deck_join(_deck_join(a, b), c) == _deck_join(a, _deck_join(b, c))
    for item in ITEMS:
        latest = max([x.get(item, [1, 0]) for x in (a, b)], key=lambda e: (e[1], e[0]))
        assert ab[item] == latest


@settings(max_examples=200, deadline=None)
@given(records, records, records)
def test_play_record_join_is_order_free_and_counts_only_grow(a: Any, b: Any, c: Any) -> None:
    ab = _record_join(a, b)
    assert ab == _record_join(b, a) and _record_join(ab, ab) == ab
    assert _record_join(ab, c) == _record_join(a, _record_join(b, c))
    for k in ("hands", "won", "best", "fine", "mistake"):
        assert ab[k] == max(a[k], b[k])
    assert ab["won"] <= ab["hands"]


def test_a_passed_mastery_check_stays_passed() -> None:
    from tiangow.drills.catalog import MASTERY

    m = MASTERY["01_tiles"]()
    m.load({"best": 3, "attempts": 1, "passed": False})
    m.merge({"best": 6, "attempts": 2, "passed": True})
    assert m.state() == {"best": 6, "attempts": 2, "passed": True}
    m.merge({"best": 1, "attempts": 1, "passed": False})
    assert m.state() == {"best": 6, "attempts": 2, "passed": True}
    assert isinstance(m, MasteryCheck)


def _page(seed: int) -> tuple[LessonPage, TileDrill, Any]:
    page = LessonPage("01_tiles")
    page.header()
    drill = TileDrill(kinds=("red",))
    quiz = page.quiz(drill, seed=seed)
    return page, drill, quiz


def _answer(quiz: Any, n: int) -> None:
    for _ in range(n):
        q = quiz.question
        quiz.answer(q.answer)
        quiz.next()


def test_two_tabs_on_one_lesson_join_instead_of_overwriting() -> None:
    """Tab A answers 9, tab B opens (sees 9), A goes on to 12, B answers 1: the browser sends
    each tab the other's writes; neither count goes down and every box keeps its latest answer."""
    a, drill_a, quiz_a = _page(1)
    a.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    _answer(quiz_a, 9)
    stored = copy.deepcopy(a.store.data["lessons"]["01_tiles"])
    b, drill_b, quiz_b = _page(2)
    b.store.set_state({"data": {"lessons": {"01_tiles": stored}, "prefs": {}}, "loaded": True})
    assert drill_b.score.asked == 9
    _answer(quiz_a, 3)
    _answer(quiz_b, 1)
    from_a = copy.deepcopy(a.store.data["lessons"]["01_tiles"])
    from_b = copy.deepcopy(b.store.data["lessons"]["01_tiles"])
    # Each page hears of the other's write (the storage event) and joins it in.
    b.store._handle_custom_msg({"type": "stored", "lesson": "01_tiles", "value": from_a}, [])
    a.store._handle_custom_msg({"type": "stored", "lesson": "01_tiles", "value": from_b}, [])
    joined_a, joined_b = a.store.data["lessons"]["01_tiles"], b.store.data["lessons"]["01_tiles"]
    assert joined_a == joined_b
    assert joined_a["drills"]["tiles"]["score"]["asked"] == 12 == drill_a.score.asked == drill_b.score.asked
    for item, (box, when) in joined_a["drills"]["tiles"]["boxes"].items():
        latest = max((from_a["drills"]["tiles"]["boxes"][item], from_b["drills"]["tiles"]["boxes"][item]),
                     key=lambda e: (e[1], e[0]))
        assert [box, when] == latest, item
    assert "of 12" in quiz_b.score_line.value  # tab B shows tab A's answers without a reload


def test_another_lesson_written_elsewhere_reaches_the_index() -> None:
    from tiangow.widgets import IndexPage

    page = IndexPage()
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    value = {"drills": {"mastery": {"best": 6, "attempts": 1, "passed": True}}, "schema": SCHEMA}
    page.store._handle_custom_msg({"type": "stored", "lesson": "01_tiles", "value": value}, [])
    assert 'data-mastered="true"' in page.index.value


@pytest.mark.parametrize("message", [
    None, [], "stored", {"type": "other"}, {"type": "stored", "lesson": "../x", "value": {}},
    {"type": "stored", "lesson": "01_tiles", "value": [1]},
    {"type": "stored", "lesson": "01_tiles", "value": {"schema": 99}},
    {"type": "stored", "lesson": "01_tiles", "value": {"schema": "two"}},
    {"type": "stored", "lesson": "01_tiles", "value": {"drills": {"tiles": {"boxes": "lots", "score": 5}}}},
])
def test_bad_messages_from_the_page_change_nothing_and_raise_nothing(message: object) -> None:
    page, drill, quiz = _page(3)
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    _answer(quiz, 2)
    before = copy.deepcopy(page.store.data)
    page.store._handle_custom_msg(message, [])
    after = page.store.data
    assert after["lessons"]["01_tiles"]["drills"]["tiles"]["score"] == before["lessons"]["01_tiles"]["drills"]["tiles"]["score"]
    assert drill.score.asked == 2


# -- the stored schema ------------------------------------------------------------------------

def test_a_version_1_lesson_is_migrated_not_wiped() -> None:
    v1 = {"drills": {"tiles": {"boxes": {"6-6": 5, "1-1": 4}, "score": {"asked": 7, "first_try": 5, "streak": 2}},
                     "mastery": {"best": 6, "attempts": 1, "passed": True}}}
    v2 = migrate(copy.deepcopy(v1))
    assert v2 == {"drills": {"tiles": {"boxes": {"6-6": [5, 0], "1-1": [4, 0]},
                                       "score": {"asked": 7, "first_try": 5, "streak": 2}},
                             "mastery": {"best": 6, "attempts": 1, "passed": True}}, "schema": SCHEMA}
    page, drill, _ = _page(4)
    page.store.set_state({"data": {"lessons": {"01_tiles": v1}, "prefs": {}}, "loaded": True})
    assert drill.deck.box["6-6"] == 5 and drill.score.asked == 7
    assert page.store.data["lessons"]["01_tiles"]["schema"] == SCHEMA


def test_a_lesson_from_a_later_version_is_left_out_of_the_kernels_view() -> None:
    assert migrate({"schema": SCHEMA + 1}) is None
    kept = sanitize({"lessons": {"01_tiles": {"schema": SCHEMA + 1, "drills": {}}, "02_ranks": {"drills": {}}}})
    assert list(kept["lessons"]) == ["02_ranks"]
    store = ProgressStore()
    store.set_state({"data": {"lessons": {"01_tiles": {"schema": 99}}, "prefs": {}}, "loaded": True})
    assert store.all_lessons() == {}


def test_progress_survives_a_reload_of_a_page_that_saved_in_the_new_schema() -> None:
    page, drill, quiz = _page(5)
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    _answer(quiz, 4)
    saved = copy.deepcopy(page.store.data)
    again, drill2, _ = _page(6)
    again.store.set_state({"data": saved, "loaded": True})
    assert drill2.deck.state() == drill.deck.state() and drill2.score.state() == drill.score.state()


def test_the_page_is_asked_to_write_only_what_this_page_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    page, _, quiz = _page(7)
    sent: list[Any] = []
    monkeypatch.setattr(page.store, "send", lambda content, buffers=None: sent.append(content))
    v1_other = {"drills": {"ranks": {"boxes": {"6-6": 3}}}}
    page.store.set_state({"data": {"lessons": {"02_ranks": v1_other}, "prefs": {}}, "loaded": True})
    assert sent == []  # loading (and migrating the kernel's view of 02) writes nothing
    _answer(quiz, 1)
    assert [m["key"] for m in sent] == ["lesson:01_tiles"] and sent[0]["type"] == "write"
    assert sent[0]["value"]["schema"] == SCHEMA and sent[0]["value"]["drills"]["tiles"]["score"]["asked"] == 1
    sent.clear()
    # Another tab wrote lesson 02: the view follows, nothing is written back.
    page.store._handle_custom_msg({"type": "stored", "lesson": "02_ranks", "value": v1_other}, [])
    assert sent == []
    LANGUAGE.lang = "zh-Hant"
    assert sent == [{"type": "write", "key": "prefs", "value": {"lang": "zh-Hant"}}]


# -- a page that started too slowly (anywidget's 2 s) asks for everything again ----------------

def test_a_resync_sends_the_whole_state_and_the_writes_again(monkeypatch: pytest.MonkeyPatch) -> None:
    page, _, quiz = _page(8)
    store = page.store
    assert store._tg_model == store.model_id  # the page finds this model by it
    sent: list[Any] = []
    states: list[str] = []
    monkeypatch.setattr(store, "send", lambda content, buffers=None: sent.append(content))
    monkeypatch.setattr(store, "send_state", lambda key=None: states.append("all" if key is None else str(key)))
    store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    _answer(quiz, 2)
    written = [m for m in sent if m["type"] == "write"]
    assert [m["key"] for m in written] == ["lesson:01_tiles", "lesson:01_tiles"]
    sent.clear()
    states.clear()
    store._handle_custom_msg({"type": "resync"}, [])
    assert states == ["all"] and store.resyncs == 1
    # Only the latest write of each key, and only what this page changed.
    assert sent == [{"type": "write", "key": "lesson:01_tiles", "value": written[-1]["value"]}]
    assert sent[0]["value"]["drills"]["tiles"]["score"]["asked"] == 2


def test_the_page_cannot_point_a_widget_at_another_model() -> None:
    from tiangow.widgets import HoldingPicker

    picker = HoldingPicker()
    before = picker._tg_model
    picker.set_state({"_tg_model": "someone-else"})
    assert picker._tg_model == before == picker.model_id and picker.refused == 1
    picker._handle_custom_msg({"type": "resync", "extra": [1] * 3}, [])  # harmless, any number of times
    picker._handle_custom_msg({"type": "resync"}, [])
    assert picker.resyncs == 2


# -- the language of a first visit follows the browser until the learner picks one --------------

@pytest.mark.parametrize(("languages", "expected"), [
    (["zh-TW", "en"], "zh-Hant"), (["zh-HK"], "zh-Hant"), (["zh-Hant"], "zh-Hant"),
    (["zh-CN"], "zh-Hans"), (["zh-Hans-SG"], "zh-Hans"), (["zh-SG"], "zh-Hans"), (["zh"], "zh-Hans"),
    (["en-US", "zh-TW"], "en"), (["fr-FR", "de"], "en"), (["ja", "zh-TW"], "zh-Hant"),
])
def test_a_first_visit_speaks_the_browsers_language(monkeypatch: pytest.MonkeyPatch, languages: list[str],
                                                      expected: str) -> None:
    """Issue 25, point 2: zh-Hant/TW/HK → 繁, zh-CN/Hans/SG → 简, anything else → English; the
    default is not kept as a choice (nothing written), a pick is, and a pick wins next time."""
    LANGUAGE.lang = "zh-Hant" if expected != "zh-Hant" else "en"
    page = IndexPage()
    sent: list[Any] = []
    monkeypatch.setattr(page.store, "send", lambda content, buffers=None: sent.append(content))
    page.store.set_state({"browser_languages": languages})
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    assert LANGUAGE.lang == expected and page.switch.value == expected
    assert sent == []  # the browser's language is not written as the learner's choice
    picked = "en" if expected != "en" else "zh-Hans"
    page.switch.set_state({"index": ["zh-Hant", "zh-Hans", "en"].index(picked)})
    assert sent == [{"type": "write", "key": "prefs", "value": {"lang": picked}}]
    again = IndexPage()
    again.store.set_state({"browser_languages": languages})
    again.store.set_state({"data": {"lessons": {}, "prefs": {"lang": picked}}, "loaded": True})
    assert LANGUAGE.lang == picked  # the learner's pick, not the browser's
    LANGUAGE.lang = "zh-Hant"


def test_browser_languages_from_the_page_are_untrusted() -> None:
    page = IndexPage()
    page.store.set_state({"browser_languages": ["x" * 500, "zh-TW", *["en"] * 40]})
    assert page.store.browser_languages[0] == "zh-TW" and len(page.store.browser_languages) <= 16
    for bad in ([1, 2], {"a": 1}, None, 5):
        page.store.set_state({"browser_languages": bad})  # refused (logged), never raised
        assert page.store.browser_languages[0] == "zh-TW"


def test_a_language_picked_before_the_progress_is_read_stands_and_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a busy machine the saved progress can arrive seconds after the page shows: a learner who
    picks 简 meanwhile keeps 简 (the browser's 繁 does not take over when the progress comes), and
    the pick is kept for next time."""
    LANGUAGE.lang = "zh-Hant"
    page = IndexPage()
    sent: list[Any] = []
    monkeypatch.setattr(page.store, "send", lambda content, buffers=None: sent.append(content))
    page.switch.set_state({"index": 1})  # 简, before the progress is read
    assert LANGUAGE.lang == "zh-Hans"
    page.store.set_state({"browser_languages": ["zh-TW"]})
    page.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    assert LANGUAGE.lang == "zh-Hans" and page.switch.value == "zh-Hans"
    assert {"type": "write", "key": "prefs", "value": {"lang": "zh-Hans"}} in sent
    # A language set by the kernel, not picked on the page, is no such choice.
    LANGUAGE.lang = "en"
    other = IndexPage()
    LANGUAGE.lang = "zh-Hans"
    other.store.set_state({"browser_languages": ["zh-TW"]})
    other.store.set_state({"data": {"lessons": {}, "prefs": {}}, "loaded": True})
    assert LANGUAGE.lang == "zh-Hant"
    LANGUAGE.lang = "zh-Hant"
