"""Same-deal challenges (issue 47 §6): the link's code, checked like any input, and the round
trip — play, send, the friend plays the same deal against the same bots, both results side by side."""

from __future__ import annotations

import random

import pytest

from tiangow import Deal, Rules
from tiangow.widgets.challenge import Challenge, ChallengeBoard, ChallengeError, Played
from tiangow.widgets.text import current_lang


def _play(board: ChallengeBoard, rng: random.Random) -> None:
    """The learner plays random legal moves until the hand is over (the bots act at once)."""
    t = board.table
    assert t is not None
    while not t.session.is_over:
        d = t.session.deal
        assert d.to_play == t.session.seat
        assert t.act(rng.choice(d.legal_moves()))


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_a_challenge_round_trip_same_deal_same_bots_both_results() -> None:
    first = ChallengeBoard(pace=0, seed=77)
    first.link.incoming = "-"  # opened without a challenge: a deal only when asked for
    assert first.table is None and first.deal_button in first.children
    first.deal_button.click()
    assert first.challenge == Challenge(77, Rules(), "rule", 0)
    first.name.value = "阿明"
    _play(first, random.Random(1))
    code = first.link.outgoing
    sent = Challenge.parse(code)
    assert [p.name for p in sent.results] == ["阿明"] and len(code) < 1200
    net_a = sent.net(sent.results[0])
    assert net_a == first.table.session.deal.settlement().net[0]  # type: ignore[union-attr]

    friend = ChallengeBoard(pace=0)
    friend.link.incoming = code
    assert friend.challenge is not None and friend.challenge.seed == 77
    assert friend.table is not None
    assert friend.table.session.deal.initial_holding(0) == Deal.random(77).initial_holding(0)  # the same tiles
    assert "阿明" in friend.intro.value and "tg-challenge-table" not in friend.results.value  # theirs shows after
    _play(friend, random.Random(2))
    back = Challenge.parse(friend.link.outgoing)
    assert len(back.results) == 2 and back.results[0] == sent.results[0]
    assert "tg-challenge-table" in friend.results.value and f"{net_a:+d}" in friend.results.value
    assert len(friend.review_buttons.children) == 2
    friend.review_buttons.children[0].click()  # the challenger's play, reviewed with the coach's marks
    review = friend.review_panel.review
    assert review is not None and review.is_over and review.judged and review.result == net_a


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_the_same_bots_answer_the_same_moves_the_same_way() -> None:
    """Bots are seeded by the deal: two learners who make the same moves meet the same replies."""
    a, b = ChallengeBoard(pace=0, seed=9), ChallengeBoard(pace=0, seed=9)
    a.link.incoming = b.link.incoming = "-"
    a.deal_button.click()
    b.deal_button.click()
    _play(a, random.Random(4))
    _play(b, random.Random(4))
    assert a.table.session.deal.history == b.table.session.deal.history  # type: ignore[union-attr]


@pytest.mark.parametrize("code", ["", "x" * 5000, "!!!", "eJwLycgsVgCi4pKizLx0ADPrBhE"])
def test_a_damaged_link_is_refused_with_a_reason(code: str) -> None:
    with pytest.raises(ChallengeError):
        Challenge.parse(code)


def test_a_result_the_rules_refuse_or_unfinished_is_refused() -> None:
    c = Challenge(5, Rules(), "rule", 0)
    illegal = Challenge(5, Rules(), "rule", 0, (Played("x", ("discard 66",)),))
    with pytest.raises(ChallengeError, match="rules allow"):
        Challenge.parse(illegal.code())
    d = c.deal()
    half = Challenge(5, Rules(), "rule", 0, (Played("x", (str(d.legal_moves()[0]),)),))
    with pytest.raises(ChallengeError, match="not played to the end"):
        Challenge.parse(half.code())


def test_a_bad_link_on_the_page_says_so_and_deals_a_fresh_challenge() -> None:
    board = ChallengeBoard(pace=0, seed=3)
    board.link.incoming = "garbage-code"
    assert board.table is not None and board.problem is not None and "cannot be read" in board.problem.en
    assert board.problem(current_lang()) in board.intro.value  # said in the page's language


def test_a_link_from_the_version_before_the_strong_bots_changed_is_refused_and_says_so() -> None:
    import base64
    import json
    import zlib

    old = json.dumps({"v": 1, "s": 7, "r": {}, "b": "search", "p": 0, "res": []}).encode()
    code = base64.urlsafe_b64encode(zlib.compress(old)).decode().rstrip("=")
    with pytest.raises(ChallengeError, match="another version"):
        Challenge.parse(code)


def test_a_challenges_review_replays_the_coach_against_the_bots_it_was_played_against() -> None:
    from tiangow.drills.session import Session

    for bots in ("search", "rule"):
        c = Challenge(5, Rules(), bots, 2)
        rec = c.record(Played("x", ()))
        table = Session(seat=2, seed=5, opponents=bots).hand_record()  # type: ignore[arg-type]
        assert (rec.opponents, rec.samples) == (table.opponents, table.samples)
