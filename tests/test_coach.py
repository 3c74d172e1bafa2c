"""Hints, marks and the game session of lesson 08 (no widgets)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.helpers import known_ending, make_deal, run
from tiangow import Deal, IllegalPlay, Move, Rules, parse_tiles
from tiangow.coach import Coach, Mark
from tiangow.coach.text import outcome_text
from tiangow.deal import DealView
from tiangow.drills.play import HANDS_TO_MASTER, PlayRecord
from tiangow.drills.session import Session
from tiangow.players import BotError
from tiangow.policy import POLICY


def _last_trick_position() -> Deal:
    """East leads the last three singles; South holds 天 地 人 with no stack yet."""
    return known_ending()


def test_hint_recommends_the_winning_line_and_marks_a_blunder() -> None:
    d = _last_trick_position()
    d.play("33")  # East leads 長三; South to follow with 天 地 人
    coach = Coach(seed=1, samples=6)
    h = coach.hint(d.view(1))
    assert h.exact  # three tiles each: searched exactly
    assert not h.recommended.discard  # beat it: South then leads 天 and 地 (R-W1)
    assert h.options[0].mean >= max(o.mean for o in h.options)
    assert "R-" in h.nudge("en") and "R-" in h.reason("en")
    assert outcome_text(h.options[0])("en").startswith("guaranteed net")
    # Discarding 天 throws the hand away: a mistake, and the mark says what was better.
    blunder = coach.mark(d.view(1), Move(tuple(parse_tiles("66")), True))
    assert blunder.mark is Mark.MISTAKE and blunder.loss > 1
    assert "Better" in blunder.text("en") and "失誤" in blunder.text("zh-Hant")
    best = coach.mark(d.view(1), h.recommended)
    assert best.mark is Mark.BEST and best.loss == 0


def test_nudge_on_the_last_trick_and_r_w2() -> None:
    # A one-tile last trick: South (0 stacks) may not win it (R-W2) — the nudge says so.
    d = make_deal("66 11 44 13 55 33 22 56", "66 11 44 13 55 33 22 56", "46 46 16 16 15 15 36 45",
                  "26 35 25 34 24 23 14 12")
    for t in "66 11 44 13 55 33 22".split():
        d.play(t)
        for seat in (1, 2, 3):
            d.discard(d.holding(seat)[-1:])
    d.play("56")
    assert d.is_last_trick and d.stacks[1] == 0
    nudge = Coach(samples=4).hint(d.view(1)).nudge("en")
    assert "R-W2" in nudge and "no stack" in nudge
    # With stacks: the last trick decides the hand (R-W1), and East cannot beat 地 (R-C1).
    d2 = _last_trick_position()
    d2.play("33")
    d2.play("44")  # South beats 長三 with 人
    d2.discard(d2.holding(2)[-1:])
    d2.discard(d2.holding(3)[-1:])
    d2.play("66")  # South leads 天
    for seat in (2, 3, 0):
        d2.discard(d2.holding(seat)[-1:])
    d2.play("11")  # the last trick: South leads 地
    assert d2.is_last_trick and d2.to_play == 2
    west = Coach(samples=4).hint(d2.view(2))  # no stack: R-W2 again
    assert west.recommended.discard and "R-W2" in west.nudge("en")
    for seat in (2, 3):
        d2.discard(d2.holding(seat))
    east = Coach(samples=4).hint(d2.view(0))
    assert east.recommended.discard and "R-C1" in east.nudge("en") and "last trick" in east.nudge("en")


def test_nudge_points_at_the_last_copy() -> None:
    from tiangow.coach.text import facts, why_top

    d = make_deal("66 44 44 13 55 33 22 15", "66 11 11 13 55 33 22 56", "46 46 16 16 56 15 36 45",
                  "26 35 25 34 24 23 14 12")
    run(d, "66", "x 22", "x 16", "x 24")  # East leads 天 and wins; South keeps the other 天
    run(d, "15", "56", "x 16", "x 23")  # East leads 銅錘六; South beats it with 斧頭 and leads next
    f = facts(d.view(1))
    heaven, earth = parse_tiles("66 11")
    assert why_top(f, heaven)("en") == "you hold the last Heaven"
    assert why_top(f, earth)("en") == "no tile you have not seen ranks above your Earth"
    assert why_top(facts(Deal([d.initial_holding(s) for s in range(4)]).view(0)), heaven)("en") == \
        "Heaven is the top tile"


def test_hints_are_reproducible_and_never_peek() -> None:
    d = Deal.random(21)
    a = Coach(seed=5, samples=6).hint(d.view(0))
    b = Coach(seed=5, samples=6).hint(d.view(0))
    assert a == b
    assert [o.move for o in a.options] == [o.move for o in b.options]


def test_mark_refuses_what_is_not_a_move_or_not_open() -> None:
    d = Deal.random(2)
    coach = Coach(samples=3)
    with pytest.raises(BotError):
        coach.mark(d.view(0), "66")  # type: ignore[arg-type]
    not_held = next(t for t in parse_tiles("66 11 44 13 55 33 22 56 46 16 15") if t not in d.holding(0))
    with pytest.raises(ValueError):
        coach.mark(d.view(0), Move((not_held,)))


# --- the session -------------------------------------------------------------------------------


def _play_out(s: Session) -> None:
    while not s.is_over:
        if s.learner_to_act:
            h = s.hint()
            assert s.act(h.recommended).ok
        else:
            assert s.bot_step() is not None


def test_session_plays_a_hand_marks_each_action_and_keeps_the_running_score() -> None:
    s = Session(seat=2, seed=12, opponents="rule", samples=4, coach_samples=6)
    assert s.deal.banker == 0 and not s.learner_to_act
    s.run_bots()
    assert s.learner_to_act
    _play_out(s)
    st = s.settlement
    assert st is not None and sum(st.net) == 0
    assert s.running == st.net and s.hands_in_score == 1
    assert sum(s.mark_counts().values()) == len(s.marks) > 0
    nb, ns = s.deal.next_deal_banker()
    s.next_hand()
    assert (s.deal.banker, s.deal.streak) == (nb, ns)  # R-B1
    assert s.totals == list(st.net) and s.hands_played == 1
    with pytest.raises(IllegalPlay):
        s.next_hand()  # not over yet


def test_session_refuses_illegal_actions_in_words() -> None:
    s = Session(seat=0, seed=3, opponents="rule", samples=4, coach_samples=4)
    assert s.learner_to_act  # East banks the first hand and leads (R-P1)
    r = s.act(Move.parse("play 66 11"))
    assert not r.ok and ("R-C2" in r.message("en") or "not hold" in r.message("en"))
    assert "不行" in r.message("zh-Hant") and "not" not in r.message("zh-Hant")
    assert not s.act(None).ok  # type: ignore[arg-type]  # nothing selected
    assert not s.act("66").ok  # type: ignore[arg-type]  # a move, not text
    r = s.act(Move(s.deal.holding(0)[:1], discard=True))
    assert not r.ok and "R-P3" in r.message("en")  # a leader may not discard (R-P2, R-P3)
    assert s.deal.history == ()
    lead = s.deal.legal_moves(discards=False)[0]
    assert s.act(lead).ok
    assert not s.act(Move(s.deal.holding(0)[:1])).ok  # not East's turn now
    assert "Not your turn" in s.act(Move(s.deal.holding(0)[:1])).message("en")


def test_undo_takes_back_the_learners_action_and_the_bots_replies() -> None:
    s = Session(seat=1, seed=8, opponents="rule", samples=4, coach_samples=4)
    assert not s.undo()
    s.run_bots()
    before = s.deal.history
    hand = s.deal.holding(1)
    move = s.hint().recommended
    assert s.act(move).ok
    s.run_bots()
    assert len(s.deal.history) > len(before)
    assert s.undo() and s.deal.history == before and s.deal.holding(1) == hand and s.learner_to_act
    assert s.marks == [] and not s.can_undo


def test_replay_deals_the_same_tiles_and_deal_again_new_ones() -> None:
    s = Session(seat=0, seed=5, opponents="rule", samples=4, coach_samples=4)
    first = [s.deal.initial_holding(x) for x in range(4)]
    seed = s.deal_seed
    s.act(s.deal.legal_moves()[0])
    s.replay()
    assert [s.deal.initial_holding(x) for x in range(4)] == first and s.deal.history == ()
    assert s.deal_seed == seed
    s.deal_again()
    assert [s.deal.initial_holding(x) for x in range(4)] != first and s.deal_seed == seed + 1
    assert s.hands_played == 0  # an unfinished hand is not counted


def test_session_settings_are_checked() -> None:
    with pytest.raises(BotError, match="seat"):
        Session(seat=4)
    with pytest.raises(BotError, match="R-S3"):
        Session(rules=Rules(hand_size=4))
    with pytest.raises(BotError, match="opponents"):
        Session(opponents="grandmaster")  # type: ignore[arg-type]
    with pytest.raises(BotError, match="seed"):
        Session(seed="x")  # type: ignore[arg-type]
    s = Session(seat=0, seed=1, opponents="rule", samples=4, coach_samples=4)
    s.change(seat=3, rules=Rules(civil_supreme=True), opponents="search")
    assert s.seat == 3 and s.rules.civil_supreme and s.deal.rules.civil_supreme
    with pytest.raises(BotError):
        s.change(rules="default")  # type: ignore[arg-type]
    with pytest.raises(IllegalPlay):
        Session(seat=2, seed=1, opponents="rule").hint()  # not the learner's turn


def test_play_record_counts_hands_and_survives_bad_state() -> None:
    r = PlayRecord()
    for k in range(HANDS_TO_MASTER + 2):
        r.record(won=k % 2 == 0, net=3, marks={"best": 2, "fine": 1, "mistake": 0, "bogus": 9})
    assert r.progress() == (HANDS_TO_MASTER, HANDS_TO_MASTER)
    assert r.state() == {"hands": 7, "won": 4, "best": 14, "fine": 7, "mistake": 0, "score": 21}
    again = PlayRecord()
    again.load(r.state())
    assert again.state() == r.state()
    junk = PlayRecord()
    junk.load({"hands": -1, "won": 99, "best": True, "score": 10**12})
    assert junk.state() == {"hands": 0, "won": 0, "best": 0, "fine": 0, "mistake": 0, "score": 0}
    junk.load("nonsense")
    assert junk.hands == 0


def test_unscored_hands_can_still_be_searched() -> None:
    from tiangow.players import SearchBot, play_hand

    d = Deal.random(random.Random(4), rules=Rules(hand_size=4))
    play_hand(d, [SearchBot(s, samples=3) for s in range(4)])
    assert d.is_over


def test_the_hint_says_when_it_ranks_money_above_the_chance_of_winning() -> None:
    """Issue 12 §16: the recommended move may win the hand less often; one line says why."""
    from tiangow import Move
    from tiangow.coach.hints import Hint, ranking_note
    from tiangow.players.search import Option

    safe = Option(Move.parse("discard 13"), 1.5, 0.2, 20, False, 0.30, -5, 8)
    bold = Option(Move.parse("play 66"), 0.4, 0.4, 20, False, 0.45, -20, 16)
    from tiangow.i18n import T

    note = ranking_note(Hint(0, T("", ""), safe.move, T("", ""), (safe, bold)))
    assert note is not None and "45% against 30%" in note.en and "about 1 less" in note.en
    best_bold = dataclasses.replace(bold, mean=2.0)
    assert ranking_note(Hint(0, T("", ""), bold.move, T("", ""), (best_bold, safe))) is None


def test_marks_leave_a_margin_the_samples_cannot_resolve() -> None:
    # An action a hair short of the top option over the samples is marked best, and the mark
    # says by how much (issue 23: a recommendation within 0.25 of the best counts as right).
    from tiangow.coach.hints import mark_for
    from tiangow.players.positions import deal_until

    d = deal_until(random.Random(3), 3)
    view = d.view(d.to_play)
    coach = Coach(seed=1, samples=2)  # 8 samples at 3 tiles (Coach.samples_for)
    h = coach.hint(view)
    assert h.exact
    close = [o for o in h.options[1:] if 0 < h.options[0].mean - o.mean <= POLICY.best_margin_exact]
    assert close
    m = coach.mark(view, close[0].move)
    assert m.mark is Mark.BEST and m.loss == pytest.approx(h.options[0].mean - close[0].mean)
    assert "about as good as the top option" in m.text("en") and "和最佳選擇差不多" in m.text("zh-Hant")
    assert mark_for(POLICY.best_margin_exact + 0.01, True) is Mark.FINE
    assert mark_for(1.01, True) is Mark.MISTAKE and mark_for(1.01, False) is Mark.FINE


def test_a_follow_reason_is_true_about_lower_plays() -> None:
    # South beats 梅 with 人 while 和, lower, would beat it too but makes South's pair of 和:
    # the reason says so instead of calling 人 "the lowest play that beats 梅" (issue 24 §5).
    from tiangow.coach.text import facts, reason_for

    d = make_deal("55 66 11 12 22 33 36 46", "44 13 13 56 16 15 26 34", "66 11 44 55 33 22 24 35",
                  "23 14 25 45 46 16 56 15")
    d.play("55")
    view = d.view(1)
    text = reason_for(facts(view), Move(tuple(parse_tiles("44")), False))
    assert text is not None
    assert "lowest" not in text("en") and "part of your double Harmony" in text("en")
    assert "一部分" in text("zh-Hant")
    own = reason_for(facts(view), Move(tuple(parse_tiles("13")), False))
    assert own is not None and "lowest play that beats" in own("en")


def test_a_session_takes_the_coach_it_is_given_and_refuses_anything_else() -> None:
    from tiangow.coach import Coach
    from tiangow.drills.session import Session

    cheap = Coach(0, samples=2)
    s = Session(seat=0, seed=4, opponents="rule", coach=cheap)
    while not s.is_over:
        _ = s.act(s.hint().recommended) if s.learner_to_act else s.bot_step()
    s.next_hand()
    assert s.coach is cheap  # every hand of the session
    assert Session(seat=0, seed=4, opponents="rule").coach is not cheap
    with pytest.raises(ValueError, match="a session's coach is a Coach"):
        Session(seat=0, seed=4, coach="the best")  # type: ignore[arg-type]


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_the_nudge_leads_towards_the_recommendation_never_away() -> None:
    """Issue 45 §2: the first stage of a hint never points at giving up a cheap tile when the
    second stage recommends leading the seat's strongest tile of that kind."""
    import random

    from tiangow.players.positions import deal_until

    rng = random.Random(45)
    checked = strong = 0
    for i in range(30):
        d = deal_until(rng, rng.choice([8, 7, 6]))
        if d.is_over or d.trick_size is not None:
            continue
        view = d.view(d.to_play)
        h = Coach(seed=i, samples=4).hint(view)
        tiles = h.recommended.tiles
        hand = d.holding(d.to_play)
        if len(tiles) == 1 and not h.recommended.discard:
            t = tiles[0]
            if all(t.rank <= u.rank for u in hand if u.is_civil == t.is_civil):
                strong += 1
                assert "cheaply" not in h.nudge.en and "costs you least" not in h.nudge.en, (h.nudge.en, t)
                assert "損失最少" not in h.nudge.zh and "最便宜" not in h.nudge.zh
        checked += 1
    assert checked >= 20 and strong >= 3


def _left_out(seed: int, coach: Coach) -> tuple[Session, Move] | None:
    """A session at the learner's turn where a legal discard is not among the hint's options."""
    s = Session(seat=0, seed=seed, opponents="rule", coach=coach)
    rng = random.Random(seed)
    while not s.is_over:
        if s.learner_to_act:
            view = s.deal.view(0)
            h = coach.hint(view)
            out = [m for m in s.deal.legal_moves() if h.outcome(m) is None]
            if out:
                return s, out[0]
            s.act(rng.choice(s.deal.legal_moves()))
        else:
            s.bot_step()
    return None


def test_a_mark_on_a_move_the_hint_left_out_shares_the_hints_figures() -> None:
    """The mark on a discard the hint did not try compares it with the hint's own best, figures
    and sample count unchanged (it used to be searched again with a budget that fitted fewer
    samples, and the hint and the mark shown together disagreed), and scores it on the same
    samples: as if the hint had tried it too."""
    for seed in range(12):
        found = _left_out(seed, Coach(seed, samples=12))
        if found is None:
            continue
        s, move = found
        view = s.deal.view(0)
        h = s.coach.hint(view)
        marked = s.coach.mark(view, move)
        assert marked.best == h.options[0] or marked.best is marked.yours
        assert marked.yours.samples == h.options[0].samples and marked.yours.exact == h.options[0].exact
        assert marked.yours.ending == h.options[0].ending
        # the same figures as a search that had tried the move along with the others
        # (no budget, so it takes the same samples in the same order)
        free = Coach(seed, samples=12, policy=POLICY.but(coach_budget=None, coach_ending=None))
        fh = free.hint(view)
        if fh.outcome(move) is None:
            ext = free._bot(view).options(view, extra=[move])
            want = next(o for o in ext if o.move == move)
            got = free.mark(view, move).yours
            assert (got.mean, got.low, got.high, got.samples, got.win_rate) == \
                   (want.mean, want.low, want.high, want.samples, want.win_rate)
            return
    pytest.fail("no position with a move the hint left out")


def test_a_played_out_chance_of_winning_says_whose_play_it_measures() -> None:
    """Early in a hand the coach plays each sample out with the rule-based player: a mark's
    "wins the hand n% of the time" says so (the coach itself, searching at every turn, may win
    where those playouts never do), in both languages; the hint's table, under the sentence
    that explains every figure, does not repeat it."""
    # (6 samples, as many as in the playouts: too few for their exact endings, min_ending_samples)
    s = Session(seat=0, seed=4, opponents="rule", coach=Coach(4, samples=6, policy=POLICY.but(early_factor=1)))
    s.run_bots()
    view = s.deal.view(0)
    h = s.coach.hint(view)
    assert not h.exact and h.options[0].win_rate is not None
    worst = h.options[-1].move
    text = s.coach.mark(view, worst).text
    assert "when played out by the rule-based player" in text.en and "由規則機械人打" in text.zh
    assert f"{round(100 * (h.options[0].win_rate or 0))}% of the time" in text.en
    from tiangow.widgets.play_html import hint_html
    shown = hint_html(s, h, 2, "en")
    assert shown.count("played out by the rule-based player") == 1  # once, in the explanation


def _view_with(rng: random.Random, tiles: int) -> DealView:
    from tiangow.players.positions import deal_until

    d = deal_until(rng, tiles)
    while len(d.holding(d.to_play)) != tiles:  # type: ignore[arg-type]  # a trick of two skips one
        d = deal_until(rng, tiles)
    return d.view(d.to_play)  # type: ignore[arg-type]


def test_the_coach_spends_its_smaller_budget_only_where_it_scores_big_samples_exactly() -> None:
    from tiangow.search import core_budget_share

    share = core_budget_share()
    full = int(POLICY.coach_budget * share)  # type: ignore[operator]
    early = min(full, int(POLICY.early_budget * POLICY.early_samples_factor * share))  # (as many times the samples)
    playouts = int(POLICY.playout_budget * share)
    rng = random.Random(3)
    view_at = {tiles: _view_with(rng, tiles) for tiles in (8, 7, 6, 5)}
    budgets = {tiles: (Coach().plan_for(view).budget,
                       Coach(policy=POLICY.but(coach_exact_tiles=8)).plan_for(view).budget)
               for tiles, view in view_at.items()}
    # Playouts at 7 and 8 tiles end in small exact searches: their own budget, for more samples
    # (the whole exact budget for as many samples as later); exact at 6: less.
    # From 5 tiles down, where a sample is cheap, twice the whole budget, for more samples.
    late = full * POLICY.late_budget_factor
    assert budgets == {8: (playouts, early), 7: (playouts, early), 6: (early, early), 5: (late, late)}
    one = Coach(policy=POLICY.but(early_factor=1))
    assert one.plan_for(view_at[8]).budget == full
    assert one.plan_for(view_at[6]).budget == int(POLICY.early_budget * share)
    assert Coach(policy=POLICY.but(coach_budget=123, tiered_budget=False)).plan_for(view_at[5]).budget == 123


def test_the_coach_takes_more_than_its_samples_from_five_tiles_a_hand_down_and_above_it() -> None:
    from tiangow.search import core_budget_share

    rng = random.Random(4)
    seen = {}
    for tiles in (8, 6, 5, 4, 3):
        view = _view_with(rng, tiles)
        seen[tiles] = Coach(samples=10).plan_for(view).samples
        if tiles == 5:
            h = Coach(seed=2, samples=5).hint(view)
            assert h.exact and {o.samples for o in h.options if o.samples} == {20}  # within the budget
        if tiles == 8:  # early in a hand: three times the samples, within the playouts' budget
            assert Coach().plan_for(view).budget == int(POLICY.playout_budget * core_budget_share())
            one = Coach(policy=POLICY.but(early_factor=1)).plan_for(view)
            assert one.samples == 32 and one.budget == int(POLICY.coach_budget * core_budget_share())  # type: ignore[operator]
    assert (POLICY.late_tiles, POLICY.late_samples_factor, POLICY.early_samples_factor) == (5, 4, 3)
    assert seen == {8: 30, 6: 30, 5: 40, 4: 40, 3: 40}
    with pytest.raises(ValueError, match="early_factor"):
        Coach(policy=POLICY.but(early_factor=0))


@pytest.mark.parametrize("share, factor", [(1.0, 3), (0.75, 3), (0.5, 3), (0.3, 1)])
def test_a_slow_core_keeps_as_many_samples_early_in_a_hand_as_later(monkeypatch: pytest.MonkeyPatch, share: float,
                                                                    factor: int) -> None:
    """Three times the samples at 6 to 8 tiles where the core runs natively, on wasmtime or in the
    static site's browser (its share of the budgets, 0.5); not on a core slower still."""
    from tiangow.coach import hints

    monkeypatch.setattr(hints, "core_budget_share", lambda: share)
    assert POLICY.early_factor_for(share) == factor
    assert Coach().plan_for(_view_with(random.Random(4), 8)).samples == 32 * factor


def test_the_model_bot_plays_what_the_coach_recommends_from_its_seat() -> None:
    from tiangow.players import ModelBot, play_hand

    d = Deal.random(11)
    view = d.view(d.to_play)  # type: ignore[arg-type]
    # (as many samples early in a hand as later: the coach takes twice as many there)
    assert ModelBot(4, samples=6).choose(view) == Coach(4, samples=6, policy=POLICY.but(early_factor=1)).hint(view).recommended
    done = play_hand(Deal.random(12), [ModelBot(s, samples=3) for s in range(4)])
    assert done.is_over and sum(done.settlement().net) == 0


def test_a_hairs_difference_is_said_in_words_never_in_decimals_the_figures_cannot_back() -> None:
    """Issue 68.2: two options a hair apart are "about as good" — in the mark and in the hint's
    reason — and their nets are the whole numbers the table shows, never "only 0.02 short"."""
    import re

    from tiangow.coach.text import net_text
    from tiangow.players.positions import deal_until

    d = deal_until(random.Random(18), 3)
    view = d.view(d.to_play)
    coach = Coach(seed=1)
    h = coach.hint(view)
    close = next(o for o in h.options[1:] if 0 < h.options[0].mean - o.mean < 0.05)
    m = coach.mark(view, close.move)
    assert m.mark is Mark.BEST and "about as good as the top option" in m.text.en and "差不多" in m.text.zh
    assert f"net {net_text(close)}" in m.text.en and not re.search(r"\d\.\d", m.text.en.split("(")[0])
    said = 0
    for k in range(40):
        d = deal_until(random.Random(k), 3)
        h = Coach(seed=1).hint(d.view(d.to_play))
        if len(h.options) < 2 or h.options[0].mean - h.options[1].mean > 0.25:
            continue
        runner = h.options[1]
        assert f"does about as well on average ({net_text(runner)})" in h.reason.en, h.reason.en
        assert f"平均差不多（{net_text(runner)}）" in h.reason.zh
        assert not re.search(r"behind|只差", h.reason.en + h.reason.zh)
        said += 1
    assert said >= 3
