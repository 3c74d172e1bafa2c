"""Why one action beats another (tiangow/coach/why.py, issue 24 §1): every figure a reason
cites is the samples' own, in every language, and points the right way."""

from __future__ import annotations

import random
from contextlib import nullcontext

import pytest

from tests.helpers import known_ending
from tiangow import Deal, Move, parse_tiles, search
from tiangow.coach import Coach, Mark
from tiangow.coach.why import Fact, compare, split_combinations, whole
from tiangow.players.positions import deal_until
from tiangow.players.rule import rule_move
from tiangow.players.search import Option, SearchBot


def _positions(count: int, tiles: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    return [deal_until(rng, tiles) for _ in range(count)]


def _check_fact(f: Fact, yours: Option, best: Option, view: object, preface: bool) -> None:
    a, b = yours.outlook, best.outlook
    assert a is not None and b is not None
    n = a.samples
    gap = max(1, (n + 9) // 10)
    assert f.samples == n
    en, zh = f.text("en"), f.text("zh-Hant")
    counts = {"win": (a.wins, b.wins), "trick": (a.tricks, b.tricks), "blank": (a.blanks, b.blanks)}
    if f.kind in counts:
        assert (f.yours, f.other) == counts[f.kind]
        mine, theirs = counts[f.kind]
        # the sentence opens with the judged action's count, except "if you <best>, you take this trick …"
        lead, follow = (theirs, mine) if f.kind == "trick" and not preface else (mine, theirs)
        assert f"in {int(lead)} of {n} deals" in en and f"在 {n} 副牌裏有 {int(lead)} 副" in zh
        assert f": {int(follow)}" in en or f"in {int(follow)}" in en
        assert f"{int(follow)} 副" in zh
        if preface or f.kind == "blank":
            assert mine - theirs >= gap
        else:
            assert theirs - mine >= gap
    elif f.kind in ("stacks", "bonus"):
        total = "stacks" if f.kind == "stacks" else "bonus"
        assert f.yours == pytest.approx(getattr(a, total) / n) and f.other == pytest.approx(getattr(b, total) / n)
        assert f.other - f.yours >= 0.5
        for x in (f.yours, f.other):
            shown = f"{x:.1f}" if f.kind == "stacks" else whole(x)
            assert shown in en and shown in zh
        if f.kind == "bonus":
            assert whole(f.yours) != whole(f.other)  # a difference said is one shown
    elif f.kind == "last":
        combo, k = b.last[0]
        assert f.other == k and f.yours == dict(a.last).get(combo, 0) and k - f.yours >= gap
        assert combo.label("en") in en and combo.label("zh-Hant") in zh
    elif f.kind == "split":
        hand = tuple(view.hands[view.seat])  # type: ignore[attr-defined]
        split = set(split_combinations(hand, yours.move.tiles, view)) - set(
            split_combinations(hand, best.move.tiles, view))  # type: ignore[arg-type]
        assert split and any(c.label("en") in en for c in split)
    else:
        assert f.kind == "net"
        assert (f.yours, f.other) == (yours.mean, best.mean)
        assert whole(yours.mean) in en


@pytest.mark.parametrize("tiles, seed", [(3, 1), (4, 2), (6, 3)])
def test_every_reason_cites_the_samples_own_figures(tiles: int, seed: int) -> None:
    checked = 0
    for i, d in enumerate(_positions(6, tiles, seed)):
        view = d.view(d.to_play)
        h = Coach(seed=i, samples=10).hint(view)
        best = h.options[0]
        assert best.outlook is not None and best.outlook.samples == best.samples
        for o in h.options[1:]:
            why = compare(o, best, view)
            assert 1 <= len(why.facts) <= 3
            for lang in ("en", "zh-Hant", "zh-Hans"):
                assert why.text(lang).strip() and "R-" in why.text(lang)
            for j, f in enumerate(why.facts):
                _check_fact(f, o, best, view, why.preface and j == 0)
                checked += 1
    assert checked > 10


def test_exact_lines_count_what_the_exact_values_say() -> None:
    # An exact option worth the same in every sample is followed along lines worth exactly that.
    d = known_ending()
    d.play("33")
    view = d.view(1)
    bot = SearchBot(3, samples=6, lines=True)
    for o in bot.options(view):
        assert o.exact and o.outlook is not None and o.outlook.samples == 6
        if o.low == o.high and o.low > 0:
            assert o.outlook.wins == 6  # only the winner nets more than 入二's +2 here
    plays = [o for o in bot.options(view) if not o.move.discard]
    assert plays and all(o.outlook is not None and o.outlook.tricks == 6 for o in plays if o.move.tiles[0].name == "天")


def test_a_principal_line_is_worth_the_value() -> None:
    with nullcontext():
        for d in _positions(8, 4, 11):
            st = d.snapshot()
            me = st.to_play
            assert me is not None
            for mv, v in search.step_values(st):
                paid = st.push(mv)
                d0 = 0 if paid is None else paid.net[me]
                line = search.principal_line(st, me, v - d0, prefer=rule_move)
                total = d0
                for step in line:
                    p = st.push(step)
                    total += 0 if p is None else p.net[me]
                assert st.to_play is None
                total += st.final_net()[me]
                for _ in line:
                    st.pop()
                st.pop()
                assert total == v
            with pytest.raises(ValueError, match="not this position's value"):
                search.principal_line(st, me, 10**6)


def test_a_mistake_says_why_with_figures() -> None:
    d = known_ending()
    d.play("33")
    coach = Coach(seed=1, samples=6)
    m = coach.mark(d.view(1), Move(tuple(parse_tiles("66")), True))
    assert m.mark is Mark.MISTAKE and m.why is not None
    assert "Why: " in m.text("en") and "原因：" in m.text("zh-Hant") and "原因：" in m.text("zh-Hans")
    assert m.why.text("en") in m.text("en")
    assert any(f.kind in ("win", "trick", "last") for f in m.why.facts)
    best = coach.mark(d.view(1), coach.hint(d.view(1)).recommended)
    assert best.why is None


def test_split_combinations() -> None:
    d = known_ending()
    view = d.view(2)  # West: 46 46 16 16 15 15 36 45
    hand = tuple(view.hands[2])
    labels = {c.label("en") for c in split_combinations(hand, tuple(parse_tiles("46")), view)}
    assert labels and all("Red-head" in x or "red" in x.lower() for x in labels)
    assert not split_combinations(hand, tuple(parse_tiles("46 46")), view)


def test_a_reason_does_not_name_the_better_move_twice_running() -> None:
    """Two facts in a row about the better move join ("…; if you play 地, in 18 — and you take
    this trick …"), in both languages, with the figures each fact has."""
    from tiangow.players.search import Outlook

    yours = Option(Move(tuple(parse_tiles("13")), True), -9.9, 0.1, 32, True, None,  # discard 和
                   outlook=Outlook(32, 0, 0, 31, 1, 0))
    best = Option(Move(tuple(parse_tiles("11")), False), -8.2, 0.3, 32, True, None,  # play 地
                  outlook=Outlook(32, 0, 14, 18, 20, 0))
    why = compare(yours, best)
    assert [f.kind for f in why.facts] == ["blank", "trick"]
    en, zh = why.text("en"), why.text("zh-Hant")
    assert en.count("if you play Earth") == 1 and zh.count("如果你打 地") == 1, (en, zh)
    assert "in 18 — and you take this trick in 14 of 32 deals" in en, en
    assert "有 18 副，而且你在 32 副牌裏有 14 副贏這一墩" in zh, zh


def _words_follow_their_figures(text: str, n_gap: int) -> None:
    """Every qualitative word in ``text`` agrees with the figure beside it."""
    import re

    from tiangow.policy import POLICY

    LIKELY, RARELY = POLICY.likely, POLICY.rarely

    bare = len(re.findall(r"\b(likely|usually|rarely|hardly)\b|很可能|很少|通常|幾乎", text))
    cited = len(re.findall(r"(likely|rarely) \w*\s*\(in \d+ of \d+ deals\)|(很可能|很少)（在 \d+ 副牌裏有 \d+ 副）", text))
    assert bare == cited, f"a qualitative word without its figure: {text}"
    for word, k, n in re.findall(r"(likely|rarely) \w*\s*\(in (\d+) of (\d+) deals\)", text):
        share = int(k) / int(n)
        assert (share >= LIKELY) if word == "likely" else (share <= RARELY), text
    for word, n, k in re.findall(r"(很可能|很少)（在 (\d+) 副牌裏有 (\d+) 副）", text):
        share = int(k) / int(n)
        assert (share >= LIKELY) if word == "很可能" else (share <= RARELY), text
    for a, b, n in re.findall(r"about as often \((\d+) and (\d+) of (\d+) deals\)", text):
        assert abs(int(a) - int(b)) < max(1, (int(n) + 9) // 10), text
        assert 2 * min(int(a), int(b)) >= max(int(a), int(b)), text  # 0 and 4 of 96 are not alike
    for x, y in re.findall(r"about as many stacks \(([\d.]+) and ([\d.]+)\)", text):
        assert abs(float(x) - float(y)) < 0.55, text
    assert not re.search(r"(only|只差) 0\.0+(?!\d)", text), text  # a difference never reads as none


@pytest.mark.parametrize("tiles", [1, 2, 3, 5, *(pytest.param(n, marks=pytest.mark.slow) for n in (6, 8))])
def test_every_qualitative_word_follows_from_the_figure_beside_it_in_both_languages(tiles: int) -> None:
    """Hints and marks over seeded positions: "likely" and "rarely" (很可能, 很少) only where the
    share of deals they cite passes the thresholds written once in tiangow.coach.why; "about as
    often" only where the counts it cites are that close (a tenth of the deals, a factor of two); never "only 0.0 behind"; and no "lead
    the next" in the last trick."""
    rng = random.Random(700 + tiles)
    seen = 0
    for i in range(10):
        d = deal_until(rng, tiles)
        if d.is_over:
            continue
        view = d.view(d.to_play)
        coach = Coach(seed=i, samples=8)
        h = coach.hint(view)
        texts = [h.reason, *(coach.mark(view, o.move).text for o in h.options[1:3])]
        last = view.hand_sizes[view.seat] == len(h.recommended.tiles)
        for t in texts:
            for lang_text in (t.en, t.zh):
                _words_follow_their_figures(lang_text, 1)
            if last:
                assert "lead the next" not in t.en and "下一墩由你先出" not in t.zh, t.en
        seen += 1
    assert seen >= 8


def test_a_trick_taken_more_often_but_netting_less_cites_the_tricks_rules() -> None:
    """A reason whose only count is the trick (the judged action takes it more often) and then
    the nets still names a rule, in every language: a stack and the lead go with the trick."""
    from tiangow.players.search import Outlook

    yours = Option(Move.parse("play 44"), -4.0, 0.5, 64, True, None, -9, 3, Outlook(64, 10, 64, 0, 100, 0))
    best = Option(Move.parse("play 33"), -2.9, 0.5, 64, True, None, -9, 3, Outlook(64, 10, 3, 0, 100, 0))
    why = compare(yours, best)
    en = why.text("en")
    assert en.startswith("If you play Man, you take this trick in 64 of 64 deals (if you play Long three: 3; "
                         "R-P1, R-P5), but over the same 64 deals")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert "R-P1" in why.text(lang) and "R-P5" in why.text(lang)
    _check_fact(why.facts[0], yours, best, None, True)
