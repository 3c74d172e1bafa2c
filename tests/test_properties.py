"""Property tests over random deals and random legal actions, for every variant combination.

At every step: tiles are conserved; every listed play is accepted and every other held
combination refused; a leader may not discard; a follower's discard of the right count is
accepted. At the end: the stacks add up, the winner holds at least 2, the net sums to zero.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import all_rules, can_discard, plays_of
from tiangow import Deal, Rules, SettlementError, combinations_in, full_set
from tiangow.combos import classify

ALL_RULES = list(all_rules())


def test_all_rules_covers_every_combination() -> None:
    # 3 civil-supreme settings × 2^6 binary switches × (8 tiles × 2 natural settings + 4 tiles)
    assert len(ALL_RULES) == 3 * 64 * 3
    assert len(set(ALL_RULES)) == len(ALL_RULES)


def check_step(d: Deal) -> None:
    n = d.rules.hand_size
    # Tiles conserved: holdings plus everything played or discarded is what was dealt.
    now = Counter(t for s in range(4) for t in d.holding(s))
    for a in d.history:
        assert a.tiles is not None
        now.update(a.tiles)
    assert now == Counter(t for s in range(4) for t in d.initial_holding(s))
    if n == 8:
        assert now == Counter(full_set())
    if d.natural is None:
        assert sum(d.stacks) == sum(tr.size for tr in d.completed_tricks)
    else:  # a natural hand is settled as if its holder took all eight stacks (RULES §8)
        assert d.history == () and d.stacks[d.natural[0]] == 8
    if d.is_over:
        assert plays_of(d) == [] and d.to_play is None
        return
    seat = d.to_play
    assert seat is not None
    listed = plays_of(d)
    assert len(listed) == len(set(listed))  # no two alike
    for p in listed:
        assert d.is_legal(p), (p, d.why_not(p))
    listed_keys = {tuple(sorted(t.index for t in p)) for p in listed}
    for c in combinations_in(d.holding(seat), d.rules):
        if c.key not in listed_keys:
            assert not d.is_legal(c.tiles), c
            assert d.why_not(c.tiles)
    if d.trick_size is None:
        assert not can_discard(d, d.holding(seat)[:1])
        for p in listed:
            assert classify(p, d.rules).size == len(p)
    else:
        assert all(len(p) == d.trick_size for p in listed)
        assert can_discard(d, d.holding(seat)[:d.trick_size])
        assert not can_discard(d, d.holding(seat)[:d.trick_size - 1] if d.trick_size > 1 else ())


def check_end(d: Deal) -> None:
    n = d.rules.hand_size
    assert d.is_over and d.winner is not None
    assert sum(d.stacks) == n
    assert d.stacks[d.winner] >= 2
    if not d.rules.scored:
        with pytest.raises(SettlementError):
            d.settlement()
        return
    s = d.settlement()
    assert sum(s.net) == 0
    assert sum(p.amount for p in s.payments) >= 0
    assert all(p.amount >= 0 for p in s.payments)
    assert s.next_banker in range(4) and s.next_streak >= 1
    if d.natural is None:
        assert [p for p in s.payments if p.trick is not None] == list(d.immediate_payments)


def play_hand(d: Deal, choose: random.Random | None = None, draw=None) -> None:  # type: ignore[no-untyped-def]
    while not d.is_over:
        check_step(d)
        plays = plays_of(d)
        size = d.trick_size
        k = draw(len(plays) + (0 if size is None else 1)) if draw else choose.randrange(  # type: ignore[union-attr]
            len(plays) + (0 if size is None else 1))
        if k < len(plays):
            d.play(plays[k])
        else:
            hold = list(d.holding(d.to_play))  # type: ignore[arg-type]
            if draw:
                pick = []
                for _ in range(size):  # type: ignore[arg-type]
                    pick.append(hold.pop(draw(len(hold))))
            else:
                pick = choose.sample(hold, size)  # type: ignore[union-attr, arg-type]
            d.discard(pick)
    check_step(d)
    check_end(d)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: repr(r)[6:-1] or "default")
def test_random_hands_under_every_variant_combination(rules: Rules) -> None:
    rng = random.Random(hash(repr(rules)) & 0xFFFF)
    for _ in range(2):
        d = Deal.random(rng, banker=rng.randrange(4), streak=rng.randint(1, 4), rules=rules)
        play_hand(d, choose=rng)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32 - 1), banker=st.integers(0, 3),
       streak=st.integers(1, 6), data=st.data())
def test_hypothesis_random_legal_actions(rules: Rules, seed: int, banker: int, streak: int,
                                         data: st.DataObject) -> None:
    d = Deal.random(seed, banker=banker, streak=streak, rules=rules)

    def draw(n: int) -> int:
        return data.draw(st.integers(0, n - 1))

    play_hand(d, draw=draw)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 40))
def test_undo_restores_every_earlier_state(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    d = Deal.random(rng)
    states = []
    for _ in range(steps):
        if d.is_over:
            break
        states.append((d.stacks, d.to_play, tuple(d.holding(s) for s in range(4)), d.history,
                       d.immediate_payments))
        plays = plays_of(d)
        if d.trick_size is None or (plays and rng.random() < 0.5):
            d.play(rng.choice(plays))
        else:
            d.discard(rng.sample(d.holding(d.to_play), d.trick_size))  # type: ignore[arg-type]
    for state in reversed(states):
        d.pop()
        assert (d.stacks, d.to_play, tuple(d.holding(s) for s in range(4)), d.history,
                d.immediate_payments) == state


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 3), data=st.data())
def test_views_hide_exactly_the_others_discards(seed: int, seat: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    d = Deal.random(rng)
    for _ in range(data.draw(st.integers(0, 32))):
        if d.is_over:
            break
        plays = plays_of(d)
        if d.trick_size is None or (plays and rng.random() < 0.5):
            d.play(rng.choice(plays))
        else:
            d.discard(rng.sample(d.holding(d.to_play), d.trick_size))  # type: ignore[arg-type]
    v = d.view(seat)
    assert v.hands[seat] == d.holding(seat)
    assert all(h is None for s, h in enumerate(v.hands) if s != seat)
    for tr in (*v.tricks, *((v.current,) if v.current else ())):
        for a in tr.actions:
            hidden = a.kind == "discard" and a.seat != seat
            assert (a.tiles is None) == hidden
    # Unseen = everything except own tiles, own discards and the face-up plays.
    seen = Counter(d.holding(seat)) + Counter(v.played)
    for a in d.history:
        if a.kind == "discard" and a.seat == seat:
            seen.update(a.tiles)  # type: ignore[arg-type]
    assert Counter(v.unseen) + seen == Counter(full_set())
