"""Refusals are data (tiangow.refusals): every kind a learner can meet, with its rule id, in
traditional and simplified Chinese with no English words, and in English as before."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from tests.helpers import known_ending, make_deal, run
from tiangow import Deal, IllegalPlay, Move, Natural, NotACombination, Refusal, Rules, parse_tiles, to_simplified
from tiangow.refusals import REFUSAL_KINDS

EAST, SOUTH = "66 11 44 13 55 33 22 56", "66 11 44 13 55 33 22 56"
WEST, NORTH = "46 46 16 16 15 15 36 45", "26 35 25 34 24 23 14 12"

# What may stay in a Chinese sentence: rule ids, the RULES section sign, pips, numbers.
_ALLOWED = re.compile(r"R-[A-Z$]+\d+|RULES §\d+|\d-\d|\d+")


def english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", _ALLOWED.sub("", text))


def _tries(d: Deal) -> list[tuple[Move | str, int | None]]:
    """Moves to try in ``d``: every distinct set of 1–4 held tiles as a play and a discard,
    a few tiles the seat does not hold, and the right move from the wrong seat."""
    seat = d.to_play
    if seat is None:
        return [(Move.parse("play 66"), None)]
    held = d.holding(seat)
    out: list[tuple[Move | str, int | None]] = []
    for n in (1, 2, 3, 4):
        for ts in sorted(set(itertools.combinations(held, n))):
            out += [(Move(ts), None), (Move(ts, discard=True), None)]
    out += [(Move.parse("play 66 66"), None), (Move.parse("discard 12"), None), (" ".join(t.notation for t in held[:5]), None)]
    out.append((d.legal_moves()[0], (seat + 1) % 4))
    out.append((d.legal_moves()[0], 7))
    return out


def every_refusal() -> dict[str, list[Refusal]]:
    """Refusals of every kind, from random hands under several rules and from the positions
    that only a variant or the end of a hand gives."""
    found: dict[str, list[Refusal]] = {}

    def collect(d: Deal) -> None:
        for move, seat in _tries(d):
            r = d.why_not(move, seat=seat)
            if r is not None:
                found.setdefault(r.kind, []).append(r)

    rng = random.Random(5)
    for rules in (Rules(), Rules(free_split=False), Rules(civil_supreme=True, capture_civil_supreme=True),
                  Rules(capture_wins_trick=True)):
        for _ in range(6):
            d = Deal.random(rng, banker=rng.randrange(4), rules=rules)
            while not d.is_over:
                collect(d)
                d.push(rng.choice(d.legal_moves()))
            collect(d)
    # R-W2: South has no stack when East leads the last three tiles.
    collect(known_ending())
    # 擒尊: South captures East's civil supreme with two 1-6; West may not beat it again.
    d = make_deal("15 15 66 66 11 11 36 45", "16 16 44 44 13 13 55 55", "22 22 56 56 46 46 33 33",
                  "26 35 25 34 24 23 14 12", rules=Rules(civil_supreme=True, capture_civil_supreme=True))
    run(d, "15 15", "16 16")
    collect(d)
    # 以擒為大: on the last trick North's 2-4 captures South's 1-2 over West's nine.
    d = make_deal("15 15 26 35 25 34 23 14", "44 44 12 13 13 55 55 45", "56 56 22 22 36 46 46 16",
                  "66 66 11 11 24 16 33 33", rules=Rules(capture_wins_trick=True))
    run(d, "15", "x 13", "x 46", "66", "66", "x 15", "x 13", "x 46", "11", "x 26", "x 55", "x 56",
        "33", "x 35", "x 55", "x 22", "11", "x 25", "x 45", "x 16", "16", "x 34", "x 44", "56",
        "22", "x 33", "x 23", "44", "12", "36", "24")
    collect(d)
    # A natural hand ends the deal before any play (RULES §8).
    d = Deal([parse_tiles(h) for h in ("55 55 33 33 22 22 56 56", "66 66 11 11 44 44 13 13", WEST, NORTH)],
             rules=Rules(naturals=frozenset(Natural)))
    collect(d)
    return found


FOUND = every_refusal()


def test_every_kind_of_refusal_is_met() -> None:
    assert set(FOUND) == set(REFUSAL_KINDS), set(REFUSAL_KINDS) - set(FOUND)


@pytest.mark.parametrize("kind", REFUSAL_KINDS)
def test_a_refusal_reads_in_each_language(kind: str) -> None:
    """Chinese with no English words (rule ids and pips aside), simplified derived from the
    traditional, English as ``str()``; every one cites a rule."""
    for r in FOUND[kind][:200]:
        zh, hans, en = r.text("zh-Hant"), r.text("zh-Hans"), r.text("en")
        assert zh and not english_words(zh), (kind, zh)
        assert hans == to_simplified(zh) and not english_words(hans), (kind, hans)
        assert str(r) == en and re.search(r"[a-z]{3}", en), (kind, en)
        assert r.rule in en and r.rule in zh, (kind, r.rule, en, zh)
        assert r.kind == kind


def test_push_raises_the_refusal_and_changes_nothing() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    with pytest.raises(IllegalPlay) as caught:
        d.push(Move.parse("discard 66"))
    assert caught.value.refusal is not None and caught.value.refusal.kind == "leader-discards"
    assert "R-P3" in str(caught.value) and d.history == ()
    with pytest.raises(NotACombination) as not_a_play:
        d.push(Move.parse("play 66 44"))
    assert not_a_play.value.refusal is not None and not_a_play.value.refusal.rule == "R-C2"
    action = d.push(Move.parse("play 55"))
    assert action.kind == "lead" and d.pop() == action and d.history == ()


def test_refusal_carries_the_seat_and_the_tiles() -> None:
    d = make_deal(EAST, SOUTH, WEST, NORTH)
    d.play("55")
    r = d.why_not(Move.parse("play 33"))
    assert r is not None and r.kind == "does-not-beat" and r.rule == "R-C1" and r.seat == 1
    assert r.tiles == tuple(parse_tiles("33")) and not r.discard
    assert r.text("zh-Hant") == "長三打不過梅：同是文，梅比較大（R-C1）"
    assert r.feedback()("zh-Hans").startswith("不行：长三") and r.feedback()("en").startswith("Not allowed: ")


def test_the_discard_shortcut_agrees_with_the_refusals() -> None:
    """Deal.discard accepts the common case without building a refusal: it must accept exactly
    what refusals.check accepts (every held set of every size, each seat, every state)."""
    rng = random.Random(9)
    for rules in (Rules(), Rules(free_split=False, civil_supreme=True, capture_civil_supreme=True)):
        for _ in range(8):
            d = Deal.random(rng, banker=rng.randrange(4), rules=rules)
            while not d.is_over:
                held = d.holding(d.to_play)  # type: ignore[arg-type]
                for n in (1, 2, 3, 4):
                    for ts in sorted(set(itertools.combinations(held, n)))[:6]:
                        refused = d.why_not(Move(ts, discard=True))
                        try:
                            d.copy().discard(ts)
                            taken = True
                        except IllegalPlay as exc:
                            taken = False
                            assert refused is not None and exc.refusal == refused
                        assert taken == (refused is None), (ts, refused)
                d.push(rng.choice(d.legal_moves()))


def test_R_C1_before_R_W2_a_play_that_cannot_beat_is_refused_for_that() -> None:
    """Lesson 08's last trick: East leads 天 and South, with no stack, holds only 地. 地 cannot
    beat 天 at all (R-C1): that is the reason given, not the stacks a winner needs (R-W2) — and
    South's prompt says nothing it holds beats the trick, not "play 1 tile to beat it"."""
    from tiangow.draw import status_text

    d = make_deal(EAST, SOUTH, WEST, NORTH)
    south, west, north = "66 44 13 55 33 22 56".split(), list(WEST.split()), list(NORTH.split())
    for lead in "56 11 44 13 55 33 22".split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    d.play("66")  # the last trick: East leads 天
    assert d.stacks[1] == 0 and d.holding(1) == tuple(parse_tiles("11"))
    r = d.why_not("11", seat=1)
    assert r is not None and r.rule == "R-C1" and "R-W2" not in str(r), str(r)
    assert d.view(1).only_discards() == "R-C1"
    said = status_text(d.view(1), 1)
    assert "R-C1" in said.en and "beat the trick, or" not in said.en and "nothing you hold beats" in said.en
    assert "R-C1" in said.zh and "打得過" in said.zh


def test_R_W2_only_for_a_play_that_would_beat() -> None:
    """East leads 斧頭 on the last trick; South's 天 would beat it but South has no stack: R-W2,
    and the prompt says why South must discard."""
    from tiangow.draw import status_text

    d = make_deal(EAST, SOUTH, WEST, NORTH)
    south, west, north = "11 44 13 55 33 22 56".split(), list(WEST.split()), list(NORTH.split())
    for lead in "66 11 44 13 55 33 22".split():
        run(d, lead, "x " + south.pop(), "x " + west.pop(), "x " + north.pop())
    d.play("56")
    r = d.why_not("66", seat=1)
    assert r is not None and r.rule == "R-W2"
    assert d.is_last_trick and d.view(1).only_discards() == "R-W2"
    said = status_text(d.view(1), 1)
    assert "R-W2" in said.en and "0 stacks" in said.en and "0 棟" in said.zh


@pytest.mark.parametrize("rules", [Rules(), Rules(capture_wins_trick=True),
                                   Rules(civil_supreme=True, capture_civil_supreme=True)],
                         ids=["default", "capture_wins_trick", "capture_civil_supreme"])
def test_the_first_rule_that_forbids_a_play_is_cited(rules: Rules) -> None:
    """Over seeded hands: every held combination a follower may not play is refused by the
    first rule that forbids it — a lock on the trick (R-C4 / R-$10 variants), else not beating
    the best play (R-C1, R-C3, R-C4), and only a play that would beat it by R-W2; and the seat's
    prompt names the same rule."""
    from tiangow.combos import not_beating, table
    from tiangow.draw import status_text

    rng = random.Random(68)
    tab = table(rules)
    checked = {"R-W2": 0, "beat": 0}
    for _ in range(60):
        d = Deal.random(rng, banker=rng.randrange(4), rules=rules)
        while not d.is_over:
            seat, size = d.to_play, d.trick_size
            assert seat is not None
            view = d.view(seat)
            if size:
                held = d.holding(seat)
                best = view.trick.best  # type: ignore[union-attr]
                for ts in sorted(set(itertools.combinations(held, size))):
                    comb = tab.by_tiles.get(tuple(sorted(ts, key=lambda t: t.index)))
                    r = d.why_not(Move(ts), seat=seat)
                    if comb is None or r is None:
                        continue
                    if r.kind in ("captured-supreme", "capture-holds"):
                        continue
                    if not_beating(comb, best) is not None:
                        assert r.rule in ("R-C1", "R-C3", "R-C4"), (str(r), d.stacks, d.is_last_trick)
                        checked["beat"] += 1
                    else:
                        assert r.rule == "R-W2", str(r)
                        checked["R-W2"] += 1
                why = view.only_discards()
                prompt = status_text(view, seat).en
                assert (why is None) == ("to beat the trick, or" in prompt)
                if why is not None:
                    assert f"({why})" in prompt
            d.push(rng.choice(d.legal_moves()))
    assert checked["beat"] > 100 and checked["R-W2"] > 0, checked
