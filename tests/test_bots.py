"""The bots: legal moves only, in every variant; no peeking; the exact search agrees with a
brute force over the Deal; the fast search position agrees with the Deal move by move."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.tournament import make_bot
from benchmarks.tournament import run as tournament
from tests.helpers import all_rules, can_discard, known_ending, make_deal, run
from tests.reference.playouts import StatementBot
from tiangow import Deal, DealError, Move, Rules, full_set, parse_tiles
from tiangow.packed import pack, subsets, unpack
from tiangow.players import BotError, RandomBot, RuleBot, SearchBot, play_hand, sample_deal
from tiangow.players.base import sample_state
from tiangow.players.positions import deal_until
from tiangow.players.rule import rule_move
from tiangow.policy import POLICY
from tiangow.search import SearchStats, solve, solve_moves, step_values
from tiangow.state import State

ALL_RULES = list(all_rules())


def _checked_bots(bots: list[object], seen: list[Move]) -> list[object]:
    """Wrap bots so each move is checked against the seat's legal moves."""

    class Checked:
        def __init__(self, bot: object) -> None:
            self.bot = bot
            self.name = "checked"

        def choose(self, view: object) -> Move:
            move = self.bot.choose(view)  # type: ignore[attr-defined]
            assert move in view.legal_moves()  # type: ignore[attr-defined]
            seen.append(move)
            return move  # type: ignore[no-any-return]

    return [Checked(b) for b in bots]


@pytest.mark.slow  # the full run (issue 69 §6: the fast lane under a minute)
def test_rule_and_random_bots_only_make_legal_moves_in_every_variant() -> None:
    """Thousands of hands: every variant combination, rule-based and random bots mixed."""
    hands = 0
    rng = random.Random(7)
    for i, rules in enumerate(ALL_RULES):
        for k in range(4 if rules.scored else 2):
            d = Deal.random(rng, banker=rng.randrange(4), rules=rules)
            bots = [RuleBot(i) if (s + k) % 2 else RandomBot(i * 4 + s) for s in range(4)]
            play_hand(d, bots)  # Move.apply is the checked API: an illegal move raises
            assert d.is_over
            if rules.scored:
                assert sum(d.settlement().net) == 0
            hands += 1
    assert hands > 1500


def test_search_bot_only_makes_legal_moves_in_every_variant() -> None:
    rng = random.Random(3)
    seen: list[Move] = []
    for i, rules in enumerate(ALL_RULES[::20]):
        d = Deal.random(rng, banker=i % 4, rules=rules)
        play_hand(d, _checked_bots([SearchBot(i * 4 + s, samples=3) for s in range(4)], seen))  # type: ignore[arg-type]
        assert d.is_over
    assert len(seen) > 200


def _checked_moves(d: Deal) -> set[Move]:
    """Every move the checked API accepts now: each distinct set of held tiles, tried."""
    from itertools import combinations

    held = d.holding(d.to_play)  # type: ignore[arg-type]
    sizes = [d.trick_size] if d.trick_size else [1, 2, 3, 4]
    out = set()
    for n in sizes:
        for ts in set(combinations(held, n)):
            if d.is_legal(ts):
                out.add(Move(ts))
            if d.trick_size and can_discard(d, ts):
                out.add(Move(ts, True))
    return out


def test_every_listed_move_is_legal_and_every_legal_move_listed() -> None:
    """The seat's view lists its moves from its own tiles and the trick on the table; the
    deal lists them from everything: both equal what the checked API accepts."""
    rng = random.Random(11)
    for i in range(40):
        rules = Rules(free_split=False) if i % 4 == 3 else None
        d = Deal.random(rng, banker=rng.randrange(4), rules=rules)
        while not d.is_over:
            view = d.view(d.to_play)  # type: ignore[arg-type]
            listed = view.legal_moves()
            expected = _checked_moves(d)
            assert set(listed) == expected and len(listed) == len(expected)
            assert d.legal_moves() == listed
            d.push(rng.choice(listed))


# --- no peeking ------------------------------------------------------------------------------


def _other_deal_same_view(d: Deal, seat: int, seed: int) -> Deal:
    """A deal whose hidden tiles differ from ``d``'s but whose view for ``seat`` is the same."""
    view = d.view(seat)
    rng = random.Random(seed)
    for _ in range(100):
        other = sample_deal(view, rng)
        if any(other.initial_holding(s) != d.initial_holding(s) for s in range(4) if s != seat):
            return other
    raise AssertionError("no other deal found")


@pytest.mark.parametrize("kind", ["random", "rule", "search"])
def test_a_bots_choice_cannot_depend_on_tiles_it_has_not_seen(kind: str) -> None:
    rng = random.Random(5)
    checked = 0
    for trial in range(12):
        d = Deal.random(rng, banker=rng.randrange(4))
        for _ in range(rng.randrange(0, 20)):  # somewhere into the hand
            if d.is_over:
                break
            d.push(RuleBot().choose(d.view(d.to_play)))  # type: ignore[arg-type]
        if d.is_over:
            continue
        seat = d.to_play
        assert seat is not None
        twin = _other_deal_same_view(d, seat, trial)
        # The two deals differ in what the seat has not seen, and look the same from its seat …
        assert [twin.initial_holding(s) for s in range(4)] != [d.initial_holding(s) for s in range(4)]
        assert twin.view(seat) == d.view(seat)
        # … so the same bot, in the same state, chooses the same.
        a = make_bot(kind, 99, samples=6).choose(d.view(seat))
        b = make_bot(kind, 99, samples=6).choose(twin.view(seat))
        assert a == b
        checked += 1
    assert checked >= 8


def test_a_view_holds_nothing_hidden() -> None:
    d = make_deal("66 66 11 11 44 44 13 13", "55 55 33 33 22 22 56 56", "46 46 16 16 15 15 36 45",
                  "26 35 25 34 24 23 14 12")
    run(d, "66 66", "x 22 33", "x 16 15", "x 24 12")
    v = d.view(1)
    assert v.hands[0] is None and v.hands[2] is None and v.hands[3] is None
    discards = [a for tr in v.tricks for a in tr.actions if a.kind == "discard"]
    assert [a.tiles for a in discards if a.seat != 1] == [None, None]
    assert [a.tiles for a in discards if a.seat == 1] == [tuple(d.view(1).tricks[0].actions[1].tiles or ())]
    # Its unseen tiles are exactly the others' holdings and their hidden discards.
    hidden = Counter(t for s in (0, 2, 3) for t in d.holding(s))
    hidden.update(parse_tiles("16 15 24 12"))
    assert Counter(v.unseen) == hidden


def test_sampled_deals_are_consistent_with_the_view() -> None:
    rng = random.Random(2)
    for _ in range(30):
        d = Deal.random(rng, banker=rng.randrange(4))
        for _ in range(rng.randrange(0, 25)):
            if d.is_over:
                break
            d.push(RandomBot(rng.randrange(99)).choose(d.view(d.to_play)))  # type: ignore[arg-type]
        if d.is_over:
            continue
        seat = d.to_play
        assert seat is not None
        s = sample_deal(d.view(seat), rng)
        assert s.view(seat) == d.view(seat)
        assert Counter(t for x in range(4) for t in s.initial_holding(x)) == Counter(full_set())


def test_bots_refuse_views_they_cannot_act_on() -> None:
    d = Deal.random(1)
    for bot in (RandomBot(), RuleBot(), SearchBot(samples=2)):
        with pytest.raises(BotError, match="turn"):
            bot.choose(d.view(1))
        with pytest.raises(BotError, match="one seat"):
            bot.choose(d.full_view())
        with pytest.raises(BotError, match="DealView"):
            bot.choose("East's view")  # type: ignore[arg-type]
    with pytest.raises(BotError, match="four bots"):
        play_hand(d, [RuleBot()])
    with pytest.raises(BotError, match="no bot"):
        play_hand(d, [None, RuleBot(), RuleBot(), RuleBot()])
    assert issubclass(BotError, ValueError)


# --- the exact search ---------------------------------------------------------------------------


def _brute(d: Deal, me: int) -> int:
    """Paranoid minimax over Deal copies, no pruning: the reference value."""
    before = sum(p.amount if p.payee == me else -p.amount if p.payer == me else 0 for p in d.immediate_payments)

    def value(node: Deal) -> int:
        if node.is_over:
            return node.settlement().net[me] - before
        vals = []
        for m in node.legal_moves():
            child = node.copy()
            child.push(m)
            vals.append(value(child))
        return max(vals) if node.to_play == me else min(vals)

    return value(d)


RULES_FOR_SEARCH = [
    Rules(),
    Rules(civil_supreme=True, capture_civil_supreme=True, capture_wins_trick=True, finish_collects_immediate=True,
          capture_multiplier=4),
    Rules(eight_stack_rule="wikipedia", free_split=False, banker_rotation="rotate"),
]


def test_exact_search_agrees_with_brute_force() -> None:
    rng = random.Random(5)
    for i in range(24):
        rules = RULES_FOR_SEARCH[i % 3]
        d = deal_until(rng, 3 if i % 6 == 0 else 2, rules=rules)
        for me in range(4) if i % 6 else (d.to_play or 0,):
            assert solve(d, me) == _brute(d, me), (i, me)


def test_exact_search_of_a_known_ending() -> None:
    # East leads the last three singles holding 長三 板凳 斧頭; South holds 天 地 人 and 0 stacks.
    d = known_ending()
    assert d.stacks == (5, 0, 0, 0)
    # South beats East's lead with its lowest winner, then leads 天 and 地: 3 stacks, the hand.
    assert solve(d, 1) == 5 + 5 - 1  # West and North 空棟; South pays East, 入一, 1 (R-$3)
    moves = dict((str(m.text()("en")), v) for m, v in solve_moves(d))
    assert set(moves) == {"play Long three", "play Bench", "play Axe"}
    assert all(v == 1 for v in moves.values())  # East is paid 1 (入一) whatever it leads
    stats = SearchStats()
    solve(d, 1, stats=stats)
    assert stats.nodes > 0 and stats.tt_size > 0


def test_the_search_state_follows_the_deal_move_by_move() -> None:
    """A snapshot pushed step by step (as the search does) and the Deal played through its
    checked API agree on every move list, every reward and every settlement, over random hands
    in every variant; pop restores exactly."""
    rng = random.Random(9)
    for rules in ALL_RULES[::7]:
        d = Deal.random(rng, banker=rng.randrange(4), rules=rules)
        if d.natural is not None:
            with pytest.raises(DealError):
                solve(d, 0)
            continue
        st = d.snapshot()
        paid = [0, 0, 0, 0]
        keys = []
        while not d.is_over:
            steps = st.moves()
            assert [Move.of(m) for m in steps] == d.legal_moves()
            assert set(d.legal_moves()) == _checked_moves(d)
            keys.append(st.key())
            mv = rng.choice(steps)
            r = st.push(mv)
            if r is not None:
                paid = [a + b for a, b in zip(paid, r.net, strict=True)]
            d.push(Move.of(mv))
            assert st.stacks == d.stacks and st.to_play == d.to_play
        if rules.scored:
            net = d.settlement().net
            assert tuple(p + f for p, f in zip(paid, st.final_net(), strict=True)) == net
        for k in reversed(keys):
            st.pop()
            assert st.key() == k


def test_discards_lists_each_distinct_set_once() -> None:
    h = pack(parse_tiles("66 66 11 36"))
    got = sorted(tuple(sorted(t.notation for t in unpack(m))) for m in subsets(h, 2))
    assert got == [("1-1", "3-6"), ("1-1", "6-6"), ("3-6", "6-6"), ("6-6", "6-6")]


# --- strength, briefly (the tournament script measures it properly) -----------------------------


def test_rule_bot_beats_random_bots() -> None:
    r = tournament(deals=40, lineup=("rule", "random", "rule", "random"))
    assert r.means["rule"] > r.means["random"] + 2
    assert abs(sum(r.means[b] * r.seats[b] for b in r.means)) < 1e-9


def test_rule_bot_keeps_pairs_and_cashes_sure_winners() -> None:
    # East leads: 雙天 can not be beaten (no other 天 exists), so it is cashed before anything.
    d = make_deal("66 66 11 44 55 33 22 56", "11 44 13 13 55 33 22 56", "46 46 16 16 15 15 36 45",
                  "26 35 25 34 24 23 14 12")
    assert RuleBot().choose(d.view(0)) == Move(tuple(parse_tiles("66 66")))
    # South follows a single 天 lead with nothing that beats it: it discards its least useful
    # tile, never part of its pairs (雙和 雙梅 雙長 …).
    d2 = make_deal("66 12 11 44 55 33 22 56", "66 11 44 13 13 33 22 56", "46 46 16 16 15 15 36 45",
                   "26 35 25 34 24 23 14 55")
    d2.play("66")
    choice = RuleBot().choose(d2.view(1))
    assert choice.discard and choice.tiles[0].pips not in ((1, 3),)


def test_rule_move_depends_only_on_the_seats_knowledge() -> None:
    rng = random.Random(4)
    for _ in range(20):
        d = deal_until(rng, 5)
        seat = d.to_play
        assert seat is not None
        view = d.view(seat)
        choices = {Move.of(rule_move(p)) for p in (sample_state(view, random.Random(k)) for k in range(5))}
        assert len(choices) == 1


def test_move_names_say_which_tiles_when_a_name_is_shared() -> None:
    # 地八 is 地 with either 八: a learner choosing between the two must see which is which.
    a, b = Move(parse_tiles("11 26")), Move(parse_tiles("11 35"))
    assert a.text()("en") != b.text()("en") and a.text()("zh-Hant") != b.text()("zh-Hant")
    assert "2-6" in a.text()("zh-Hant") and "3-5" in b.text()("en")
    # every play of different tiles says which (雜九 too: issue 24 §5); a pair of one tile stays short
    assert Move(parse_tiles("36 45")).text()("zh-Hant") == "打 雜九（3-6 + 4-5）"
    assert Move(parse_tiles("44 25")).text()("en") == "play Man-seven (4-4 + 2-5)"
    assert Move(parse_tiles("66 66")).text()("en") == "play double Heaven"
    assert Move(parse_tiles("26"), discard=True).text()("en") == "discard Eight (2-6)"


def _five_tile_deals(count: int, seed: int = 4) -> list[Deal]:
    from benchmarks.search import coach_positions

    return coach_positions(count, sizes=(5,), seed=seed)  # leads and follows


def _five_tile_views(count: int, seed: int = 4) -> list[object]:
    return [d.view(d.to_play) for d in _five_tile_deals(count, seed)]


def _exact_figures(samples: list[State]) -> dict[Move, tuple[float, int, int]]:
    """Each move's mean, lowest and highest exact value over ``samples``, searched without a budget."""
    values: dict[Move, list[int]] = {}
    for st in samples:
        for mv, v in step_values(st):
            values.setdefault(Move.of(mv), []).append(v)
    return {m: (sum(vs) / len(vs), min(vs), max(vs)) for m, vs in values.items()}


def test_an_exact_budget_bounds_the_search_and_scores_what_fits_exactly() -> None:
    """Issue 23 §4: with a budget, as many samples as it allows are searched exactly — the
    figures are those of the samples kept (:attr:`SearchBot.used`), searched without one — and a
    position that would overrun it is played out instead, never a few samples mixed with a
    dropped one. Without a costly deal the samples are the first ones drawn."""
    budget = 500_000  # some of the six fit all 32 samples, some not
    seen = set()
    for i, view in enumerate(_five_tile_views(6)):
        bot = SearchBot(random.Random(i), POLICY.but(bot_budget=budget), samples=32)
        opts = bot.options(view)  # type: ignore[arg-type]
        assert bot.stats.nodes <= budget + 1  # never past the budget
        n = opts[0].samples
        seen.add((opts[0].exact, n == 32))
        assert all(o.samples == n for o in opts)
        if opts[0].exact:
            assert POLICY.min_exact_samples <= n <= 32 and len(bot.used) == n
            assert {o.move: (o.mean, o.low, o.high) for o in opts} == _exact_figures(bot.used)
            if opts[0].left_out == 0:
                same = SearchBot(random.Random(i), POLICY.but(deep_samples=n), samples=32).options(view)  # type: ignore[arg-type]
                assert {o.move: (o.mean, o.low, o.high) for o in opts} == {o.move: (o.mean, o.low, o.high)
                                                                          for o in same}
        else:
            assert n == 32 and all(o.win_rate is not None for o in opts)  # played out, every sample
    assert seen == {(True, True), (True, False)}  # all of them fit, some (none: the next test)


def test_a_costly_deal_is_left_out_and_the_next_drawn() -> None:
    """With an exact budget, a deal whose search would take more than its share of the budget
    (``budget // sample_share``) is left out and counted, and the next deal drawn, instead of
    ending the hint with the few samples before it: the figures are those of the samples kept,
    every option is scored on the same ones, and the hint says how many were left out."""
    from types import SimpleNamespace

    from tiangow.coach import Coach
    from tiangow.widgets.play_html import hint_html

    deals = _five_tile_deals(6)
    found = False
    for i, d in enumerate(deals):
        view = d.view(d.to_play)
        budget = 400_000
        # 6,250 positions a deal: some of these deals take more
        share = SearchBot(random.Random(i), POLICY.but(bot_budget=budget, sample_share=64), samples=32)
        opts = share.options(view)  # type: ignore[arg-type]
        if not opts[0].exact:
            continue
        n, m = opts[0].samples, opts[0].left_out
        assert all(o.samples == n and o.left_out == m for o in opts)
        assert len(share.used) == n and n + m <= 64 and share.stats.nodes <= budget + 1
        assert {o.move: (o.mean, o.low, o.high) for o in opts} == _exact_figures(share.used)
        if m and n == 32:
            found = True
            break
    assert found  # a hint that left deals out and still had all its samples
    # the hint says so (a coach at 5 tiles has twice its samples: 32 of 16)
    policy = POLICY.but(coach_exact_tiles=5, coach_budget=budget, tiered_budget=False, sample_share=64)
    h = Coach(seed=i, samples=16, policy=policy).hint(view)  # type: ignore[arg-type]
    m = h.options[0].left_out
    assert h.exact and m > 0
    s = SimpleNamespace(deal=d, seat=d.to_play)
    en = hint_html(s, h, 2, "en")  # type: ignore[arg-type]
    assert f"dealt at random {h.options[0].samples} times" in en
    assert f" {m} more deal{'s' if m > 1 else ''} would have taken too long to search and " in en
    assert f"另外 {m} 次要算太久，沒有算在內" in hint_html(s, h, 2, "zh-Hant")  # type: ignore[arg-type]
    # without a budget nothing is left out
    assert SearchBot(random.Random(1), samples=4).options(view)[0].left_out == 0  # type: ignore[arg-type]


def test_a_budget_too_small_plays_out_and_the_hint_says_why() -> None:
    from tiangow.coach import Coach

    view = _five_tile_views(1)[0]
    tiny = SearchBot(random.Random(1), POLICY.but(bot_budget=10), samples=8).options(view)  # type: ignore[arg-type]
    assert not tiny[0].exact and tiny[0].samples == 8
    # a coach's hint at 5 tiles a hand has four times its samples (Coach.samples_for): 16
    fixed = POLICY.but(coach_exact_tiles=5, coach_budget=10, tiered_budget=False)
    h = Coach(seed=1, samples=4, policy=fixed).hint(view)  # type: ignore[arg-type]
    assert not h.exact and h.too_long
    from types import SimpleNamespace

    from tiangow.widgets.play_html import hint_html

    d = _five_tile_deals(1)[0]
    shown = hint_html(SimpleNamespace(deal=d, seat=d.to_play), h, 2, "en")  # type: ignore[arg-type]
    assert h.ending_from is None  # the playouts' exact endings did not fit either
    assert "dealt at random 16 times, each hand played out by the rule-based player: the mean net" in shown
    assert "too many ways to go on" in shown
    assert "精算足夠的次數會超過提示的時間" in hint_html(SimpleNamespace(deal=d, seat=d.to_play), h, 2, "zh-Hant")  # type: ignore[arg-type]
    # played out with exact endings (before the exact search starts at 4 tiles: not "too long")
    from_four = POLICY.but(coach_exact_tiles=3, coach_budget=None, coach_ending=4)
    ended = Coach(seed=1, samples=4, policy=from_four.but(coach_own_best=False)).hint(view)  # type: ignore[arg-type]
    assert not ended.exact and not ended.too_long and ended.ending_from == 4
    shown = hint_html(SimpleNamespace(deal=d, seat=d.to_play), ended, 2, "en")  # type: ignore[arg-type]
    # each number said once, each for one thing (issue 68.3): the playouts' exact ending, and when
    # the search from this move begins
    assert ("dealt at random 16 times, each hand played on by the rule-based player until every player holds 4 "
            "tiles, and the rest searched exactly" in shown
            and "a search of each deal from this move to the end comes once every player holds 3 tiles" in shown)
    assert "tiles a hand" not in shown
    zh = hint_html(SimpleNamespace(deal=d, seat=d.to_play), ended, 2, "zh-Hant")  # type: ignore[arg-type]
    assert "打到每家剩 4 張，再精算到底" in zh and "要等每家剩 3 張或以下" in zh
    # the coach's own playouts (its default): the learner's seat takes its best steps, and the hint says so
    own = Coach(seed=1, samples=4, policy=from_four).hint(view)  # type: ignore[arg-type]
    assert own.ending_from == 4 and all(o.own_best for o in own.options)
    shown = hint_html(SimpleNamespace(deal=d, seat=d.to_play), own, 2, "en")  # type: ignore[arg-type]
    assert ("dealt at random 16 times; in each, you play your best for that deal and the other three as the "
            "rule-based player until every player holds 4 tiles" in shown and "on the hopeful side" in shown)
    zh = hint_html(SimpleNamespace(deal=d, seat=d.to_play), own, 2, "zh-Hant")  # type: ignore[arg-type]
    assert "你按那一次的牌打最好的" in zh and "數字偏樂觀" in zh
    roomy = Coach(seed=1, samples=4, policy=fixed.but(coach_budget=50_000_000)).hint(view)  # type: ignore[arg-type]
    assert roomy.exact and not roomy.too_long and roomy.options[0].samples == 16
    early = Coach(seed=1, samples=4, policy=fixed.but(coach_exact_tiles=3)).hint(view)  # type: ignore[arg-type]
    assert not early.exact and not early.too_long  # before exact search starts: not "too long"


def test_a_hint_with_one_action_open_says_so_and_no_made_up_net() -> None:
    """With one tile left (one action open) nothing is dealt or searched: the hint says it is
    the only action, not "dealt at random 0 times" and an expected net of +0.0."""
    from types import SimpleNamespace

    from tiangow.coach import Coach
    from tiangow.widgets.play_html import hint_html

    d = deal_until(random.Random(5), 1)
    assert d.snapshot().left == 1
    h = Coach(seed=1).hint(d.view(d.to_play))
    assert len(h.options) == 1
    s = SimpleNamespace(deal=d, seat=d.to_play)
    en = hint_html(s, h, 2, "en")  # type: ignore[arg-type]
    assert "It is the only action open: there is nothing to compare" in en and "the only action open</td>" in en
    assert "0 times" not in en and "+0.0" not in en
    assert "只有這一個選擇，不用比較" in hint_html(s, h, 2, "zh-Hant")  # type: ignore[arg-type]
    assert "只有这一个选择，不用比较" in hint_html(s, h, 2, "zh-Hans")  # type: ignore[arg-type]


@pytest.mark.parametrize("budget", [0, -5, 2.5, True, "many"])
def test_an_exact_budget_is_a_positive_number_of_positions(budget: object) -> None:
    from tiangow.policy import PolicyError

    with pytest.raises(PolicyError, match="bot_budget"):
        SearchBot(1, POLICY.but(bot_budget=budget))


def test_the_coach_benchmark_scores_against_its_reference_and_leaves_out_what_it_cannot_search() -> None:
    """Issue 23 §5's benchmark: the reference's figures for every option, the coach's loss and
    marks against them; positions the reference cannot search within its budget left out."""
    from benchmarks.search import coach_against_reference, coach_positions

    ds = coach_positions(2, sizes=(3,), seed=2)
    f = coach_against_reference(ds, reference_samples=8)
    assert f.skipped == 0 and len(f.losses) == len(f.seconds) == 2
    assert all(loss >= 0 for loss in f.losses) and 0 <= f.agree <= f.options and f.options >= 2
    tight = coach_against_reference(_five_tile_deals(2), reference_samples=8, reference_budget=10)
    assert tight.skipped == 2 and tight.options == 0 and not tight.losses


def test_the_coach_benchmarks_reference_is_the_mean_exact_value_of_each_option(tmp_path: Path) -> None:
    """The reference's figure for an option is its exact value averaged over the samples a
    search bot with the same seed draws (every sample exact); a position whose first samples
    average far more than the budget is left out early; a cache keeps the figures."""
    from benchmarks.search import REFERENCE_EARLY, coach_against_reference, reference_options

    for i, view in enumerate(_five_tile_views(3, seed=9)):
        ref = reference_options(view, 12, 100 + i, budget=None)  # type: ignore[arg-type]
        assert ref is not None
        bot = SearchBot(random.Random(100 + i), POLICY.but(bot_exact_tiles=8, deep_samples=None), samples=12)
        same = {o.move: o.mean for o in bot.options(view)}  # type: ignore[arg-type]
        assert ref.keys() == same.keys() and all(ref[m] == pytest.approx(same[m]) for m in ref)
    view = _five_tile_views(1, seed=9)[0]
    first = SearchStats()
    assert reference_options(view, REFERENCE_EARLY, 1, budget=None, stats=first) is not None  # type: ignore[arg-type]
    mean = first.nodes // REFERENCE_EARLY
    # within the whole budget (100 samples × a quarter of the mean), but over 3× it on average
    early = SearchStats()
    assert reference_options(view, 100, 1, budget=mean // 4, stats=early) is None  # type: ignore[arg-type]
    assert early.nodes == first.nodes  # left out after the first 16 samples, not at the end
    assert reference_options(view, 8, 1, budget=1) is None  # type: ignore[arg-type]
    ds = _five_tile_deals(2)
    kept = coach_against_reference(ds, reference_samples=8, cache=str(tmp_path))
    assert len(list(tmp_path.iterdir())) == 2
    again = coach_against_reference(ds, reference_samples=8, cache=str(tmp_path))
    assert (kept.losses, kept.agree, kept.options) == (again.losses, again.agree, again.options)


def test_the_sampling_ceiling_splits_the_references_samples_between_a_coach_and_the_rest() -> None:
    """What a coach of k exact samples could expect: k of the reference's samples are the
    coach's, the rest the reference's; options far apart always agree, options that the
    samples cannot tell apart do not always, and each figure comes from those samples."""
    from benchmarks.search import sampling_ceiling

    a, b, c = Move.parse("discard 24"), Move.parse("discard 15"), Move.parse("discard 46")
    agree, compared, losses = sampling_ceiling({a: [5, 6, 5, 7, 6], b: [0, 1, 0, 1, 0]}, 2, random.Random(1), 30)
    assert (agree, compared) == (60, 60) and losses == [0.0] * 30
    # a and c alike on average, a far from it sample by sample: marks and best move vary by draw
    close = {a: [0, 4] * 10, c: [2] * 20}
    agree, compared, losses = sampling_ceiling(close, 5, random.Random(2), 50)
    assert compared == 100 and 0 < agree < compared
    assert all(0 <= loss <= 4 for loss in losses) and any(loss > 0 for loss in losses)
    with pytest.raises(ValueError, match="fewer"):
        sampling_ceiling(close, 20, random.Random(3))
    # b 1.5 short of a: by the margins of exact figures a mistake in nearly every draw, by those
    # of played-out ones (fine up to 1.5) on the line, so the draws agree less often
    near = {a: [0, 3] * 10, c: [0, 2] * 10, b: [0] * 20}
    strict, n, _ = sampling_ceiling(near, 5, random.Random(5), 200)
    loose, _, _ = sampling_ceiling(near, 5, random.Random(5), 200, exact=False)
    assert n == 600 and loose < strict


def test_the_coach_benchmark_marks_the_reference_by_the_margins_the_coach_uses_there() -> None:
    from benchmarks.search import _reference_mark
    from tiangow.coach.hints import Mark

    assert _reference_mark(1.2) is Mark.MISTAKE and _reference_mark(1.2, exact=False) is Mark.FINE
    assert _reference_mark(0.28) is Mark.FINE and _reference_mark(0.28, exact=False) is Mark.BEST


def test_the_coach_benchmark_gives_the_sampling_ceiling_beside_the_coachs_figures() -> None:
    from benchmarks.search import coach_against_reference, coach_positions
    from tiangow.coach import Coach

    ds = coach_positions(2, sizes=(3,), seed=2)
    f = coach_against_reference(ds, reference_samples=16, coach=Coach(seed=1, samples=2))  # 8 at 3 tiles
    assert f.ceiling_options >= f.options > 0 and 0 <= f.ceiling_agree <= f.ceiling_options
    assert 0 <= f.ceiling_agreement <= 1 and f.ceiling_loss >= 0
    assert len(f.ceiling_net_errors) == len(f.ceiling_losses) > 0 and all(e >= 0 for e in f.ceiling_net_errors)
    assert coach_against_reference(ds, reference_samples=16).ceiling_options == 0  # 128 samples: not fewer


def test_the_coach_benchmark_scores_several_coach_seeds_against_one_reference(
        capsys: pytest.CaptureFixture[str]) -> None:
    """One marks figure depends on the coach's draw of samples (issue 23 §5): --coach-seeds
    scores several seeded coaches against one reference, computed once, and prints the spread."""
    from benchmarks.search import Reference, coach_against_reference, coach_positions, coach_seeds, main

    assert coach_seeds(3) == [5, 105, 205]
    with pytest.raises(ValueError, match="at least one"):
        coach_seeds(0)
    ds = coach_positions(2, sizes=(3,), seed=2)
    kept: dict[str, Reference] = {}
    first = coach_against_reference(ds, reference_samples=8, kept=kept)
    assert len(kept) == 2 and all(v is not None and w is None for v, w in kept.values())
    again = coach_against_reference(ds, reference_samples=8, kept=kept)
    assert (first.losses, first.agree, first.options) == (again.losses, again.agree, again.options)
    kept = {k: ({m: [0] * 8 for m in v or {}}, None) for k, (v, _) in kept.items()}
    flat = coach_against_reference(ds, reference_samples=8, kept=kept)
    assert flat.losses == [0.0, 0.0]  # taken from what was kept: every option alike
    assert main(["--coach", "--sizes", "3", "--per-size", "2", "--reference-samples", "8", "--coach-seeds", "2"]) == 0
    out = capsys.readouterr().out
    assert "(coach seed 5)" in out and "(coach seed 105)" in out and "3 tiles over 2 coach seeds" in out


def test_the_whole_hand_benchmark_counts_the_hands_it_gave_up_on() -> None:
    """Issue 23 §3's whole-hand figures: a hand past its budget of positions is counted as
    unsolved, with the positions it was allowed (a lower bound), instead of running for hours."""
    from benchmarks.search import whole_hands

    times, nodes, hits, unsolved = whole_hands(3, max_nodes=2_000)
    assert len(times) == len(nodes) == len(hits) == 3
    assert unsolved == sum(n == 2_000 for n in nodes) and unsolved >= 1
    assert all(0 < n <= 2_000 for n in nodes)


def test_the_whole_hand_benchmark_holds_this_core_to_the_frozen_one(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 46 §2's figures are printed against the core as it was (benchmarks/baseline/), in
    one process: the frozen module loads beside this package, both run the same hands, and a
    hand past the budget counts as unsolved for each."""
    from benchmarks.search import BASELINE, main

    assert Path(BASELINE).is_file()
    assert main(["--solver", "--against", "--deals", "3", "--hand-budget", "20000"]) == 0
    out = capsys.readouterr().out
    assert "this core: " in out and "ddcore-2026-11-27.wasm: " in out
    assert "values differ on 0 hands both solved" in out


def test_a_playout_that_ends_exactly_is_worth_the_exact_value_where_it_ends() -> None:
    """The coach's playouts before its exact search starts (``coach_ending``): the rule-based
    player in every seat until each hand has that many tiles, then a line of best play — so a
    playout's net is the immediate rewards on the way plus the exact value where it switched."""
    from tiangow.players.search import _follow

    rng = random.Random(8)
    checked = 0
    for tiles in (6, 7):
        for _ in range(3):
            st = deal_until(rng, tiles).snapshot()
            me = st.to_play
            assert me is not None
            bot = StatementBot(random.Random(1), POLICY.but(bot_ending=4))
            assert (bot.plan_for(st.left).ending, bot.plan_for(4).ending, bot.plan_for(1).ending) == (4, 3, None)
            for mv in st.moves()[:3]:
                got = _follow(st, me, mv, bot._ending(me, 4))
                expected = n = 0
                step = mv
                while True:
                    paid = st.push(step)
                    n += 1
                    expected += 0 if paid is None else paid.net[me]
                    if st.to_play is None or st.left <= 4:
                        break
                    step = rule_move(st)
                expected += st.final_net()[me] if st.to_play is None else solve(st, me)
                for _ in range(n):
                    st.pop()
                assert got == expected
                checked += 1
    assert checked >= 12
    with pytest.raises(ValueError, match="bot_ending"):
        SearchBot(None, POLICY.but(bot_ending=-1))


def test_the_coach_ends_its_playouts_exactly_from_five_tiles_with_the_compiled_core() -> None:
    """Before its exact search starts (7 and 8 tiles a hand), the coach's playouts end by
    exact search from the policy's ``coach_ending`` tiles, and the hint says so;
    every build of the core alike."""
    from tiangow.coach import Coach

    COACH_ENDING = POLICY.coach_ending
    assert COACH_ENDING == 5
    rng = random.Random(12)
    for tiles in (8, 7):
        d = deal_until(rng, tiles)
        assert d.snapshot().left == tiles
        view = d.view(d.to_play)
        h = Coach(seed=3, samples=8).hint(view)
        assert not h.exact and h.ending_from == COACH_ENDING
        assert all(o.ending == COACH_ENDING for o in h.options)
    # given, it is used; None plays out to the end as before
    assert Coach(policy=POLICY.but(coach_ending=None)).hint(view).ending_from is None


def test_own_best_playouts_take_the_seats_best_steps_against_the_rule_based_player() -> None:
    """A search bot's own best steps (``bot_own_best``): before the exact ending, a playout's net
    for the seat is the most it can get in that sample over its candidate steps (the rule-based player's among
    them), the other three playing as the rule-based player — never less than the rule-based
    player's own playout, and equal to a plain recursion over the same steps."""
    from tiangow.players.search import _follow

    def best(st: State, me: int, bot: SearchBot, tiles: int) -> int:
        if st.to_play is None:
            return st.final_net()[me]
        if st.left <= tiles:
            return solve(st, me)
        if st.to_play == me:
            steps = list(dict.fromkeys([rule_move(st), *bot._candidates(st, True)]))
        else:
            steps = [rule_move(st)]
        values = []
        for mv in steps:
            paid = st.push(mv)
            values.append((0 if paid is None else paid.net[me]) + best(st, me, bot, tiles))
            st.pop()
        return max(values)

    rng = random.Random(31)
    checked = better = 0
    for tiles in (6, 7):
        for _ in range(3):
            st = deal_until(rng, tiles).snapshot()
            me = st.to_play
            assert me is not None
            bot = StatementBot(random.Random(1), POLICY.but(bot_ending=4, bot_own_best=True))
            for mv in st.moves()[:3]:
                own = _follow(st, me, mv, bot._ending(me, 4, True))
                ruled = _follow(st, me, mv, bot._ending(me, 4))
                paid = st.push(mv)
                expected = (0 if paid is None else paid.net[me]) + best(st, me, bot, 4)
                st.pop()
                assert own == expected and own >= ruled
                better += own > ruled
                checked += 1
    assert checked >= 12 and better >= 1


def test_the_rule_based_players_chance_a_single_is_beaten_counts_every_unseen_higher_copy() -> None:
    """A single is beaten only by a higher single: the unseen copies that could beat it are
    those inside the count fields of the higher singles, under every variant."""
    from tests.reference.rule import Eye, _in_combo, _p_none, _strength, keep_values
    from tiangow.packed import count, size

    rng = random.Random(5)
    checked = 0
    for rules in list(all_rules((8,)))[::7]:
        st = Deal.random(rng.randrange(10**6), rules=rules).snapshot()
        eye = Eye(st, 0)
        for c in st.tab.plays:
            if c.size != 1:
                continue
            assert all(o.size == 1 for _, o in st.tab.better[c.id])
            beaters = [o for _, o in st.tab.better[c.id] if count(eye.unseen, o.tiles[0])]
            copies = sum(count(eye.unseen, o.tiles[0]) for o in beaters)
            assert copies == size(eye.unseen & st.tab.better_fields[c.id])
            hidden = sum(eye.sizes[s] for s in (1, 2, 3))
            want = 1.0 - _p_none(eye.u, hidden, copies) if beaters else 0.0
            assert eye.p_beaten(c, (1, 2, 3)) == want
            checked += 1
        # the keep-values' "nothing unseen beats it" is the same test
        for _ in range(5):
            seat = st.to_play
            if seat is None:
                break
            eye = Eye(st, seat)
            others = tuple(s for s in range(4) if s != seat)
            for t, v in keep_values(eye).items():
                unbeaten = eye.p_beaten(st.tab.by_key[(t.index,)], others) == 0.0
                assert round(v - _strength(t) - (0.6 if _in_combo(eye, t) else 0.0), 9) == float(unbeaten)
            st.push(rule_move(st))
    assert checked >= 100


def _knowledge_variants(st: State, rng: random.Random) -> list[State]:
    """``st`` and copies of it changed in one thing each: the other seats' tiles dealt among
    them again (what the seat to act cannot see), a tile shown face up swapped with one in
    another seat's hand, the stacks, or the hand sizes' record."""
    seat = st.to_play
    assert seat is not None
    others = [s for s in range(4) if s != seat]
    out = [st]
    hidden = [t for s in others for t in unpack(st.h[s])]
    rng.shuffle(hidden)
    v = st.copy()
    for s in others:
        n = len(unpack(st.h[s]))
        v.h[s], hidden = pack(hidden[:n]), hidden[n:]
    out.append(v)
    shown = unpack(st.shown)
    holders = [s for s in others if st.h[s]]
    if shown and holders:
        v = st.copy()
        s = rng.choice(holders)
        a, b = rng.choice(shown), rng.choice(unpack(st.h[s]))
        v.shown = st.shown - pack([a]) + pack([b])
        v.h[s] = st.h[s] - pack([b]) + pack([a])
        out.append(v)
    v = st.copy()
    v.stacks = tuple(rng.randrange(3) for _ in range(4))  # type: ignore[assignment]
    out.append(v)
    return out


def test_the_rule_based_choice_depends_only_on_what_its_knowledge_key_holds() -> None:
    """``knowledge_key`` holds all that ``rule_move`` reads: of positions from samples of many
    views under every variant, and of copies of them changed in what the seat to act cannot
    see, in the tiles shown or in the stacks, those that share a key share the choice; and
    ``remembered`` gives ``rule_move``'s choice."""
    from tests.reference.rule import knowledge_key, remembered

    rng = random.Random(11)
    by_key: dict[tuple[object, ...], object] = {}
    shared = differ = checked = 0
    for rules in list(all_rules((8,)))[::9]:
        d = Deal.random(rng.randrange(10**6), rules=rules)
        for _ in range(rng.randrange(6)):
            if d.is_over:
                break
            d.push(RuleBot().choose(d.view(d.to_play or 0)))
        if d.is_over:
            continue
        view = d.view(d.to_play or 0)
        rule = remembered({})
        for _ in range(4):
            st = sample_state(view, rng)
            while st.to_play is not None:
                choice = rule_move(st)
                keys = set()
                for v in _knowledge_variants(st, rng):
                    key = (rules, *knowledge_key(v))
                    got = rule_move(v)
                    if key in by_key:
                        assert by_key[key] == got, key
                        shared += 1
                    by_key[key] = got
                    keys.add(key)
                    differ += got != choice
                    assert rule(v) == got
                # a random step now and then (a discard where one is open), so that positions
                # differ in what one seat cannot see
                st.push(choice if rng.random() < 0.6 else rng.choice(st.moves()))
                checked += 1
    assert checked >= 500 and shared >= 500 and differ >= 20


def test_options_shown_alike_are_counted_apart_only_beyond_the_references_own_sampling() -> None:
    from benchmarks.search import clearly_apart

    assert clearly_apart([3] * 40, [1] * 40)
    assert not clearly_apart([3] * 40, [3] * 40)
    # shown 0.1 and 0.0, but apart in 3 samples of 40: within the reference's own error
    assert not clearly_apart([0] * 37 + [1] * 3, [0] * 40)
    # the nets shown alike (to 0.1) are alike, however many samples
    assert not clearly_apart([10] * 99 + [14], [10] * 100)
    # the chance of winning, when given, tells them apart too
    assert clearly_apart([0] * 40, [0] * 40, [1] * 30 + [0] * 10, [0] * 40)
    assert not clearly_apart([0] * 40, [0] * 40, [1] * 40, [1] * 40)


def test_the_coach_benchmark_holds_an_own_best_coach_to_an_own_best_reference() -> None:
    """Where the coach plays its samples out with its own best steps (before its exact search),
    the reference scores each option the same way — its values the own-best playouts' nets,
    never below the rule-based player's, with whether the seat won along each — and the
    benchmark compares every option's shown figures (net, and chance of winning) with it."""
    from benchmarks.search import coach_against_reference, coach_positions, reference_values
    from tiangow.coach import Coach
    from tiangow.players.search import _follow

    ds = coach_positions(2, sizes=(7,), seed=4)
    coach = Coach(seed=1, samples=4, policy=POLICY.but(coach_own_best=True))
    f = coach_against_reference(ds, reference_samples=4, coach=coach, reference_budget=None)
    assert f.skipped == 0 and len(f.losses) == 2 and all(loss >= 0 for loss in f.losses)
    assert len(f.net_errors) >= 4 and len(f.win_errors) == len(f.net_errors)
    assert all(0 <= e <= 100 for e in f.win_errors) and 0 <= f.same_apart <= f.same_shown
    assert 0 <= f.same_clear <= f.same_shown
    # the reference's values: the own-best playouts' nets on the samples it draws
    view = ds[0].view(ds[0].to_play)
    wins: dict[Move, list[int]] = {}
    values = reference_values(view, 2, 77, None, own_ending=5, wins=wins)
    assert values is not None and set(wins) == set(values)
    rng = random.Random(77)
    bot = StatementBot(0, POLICY.but(bot_ending=5, bot_own_best=True))
    for k in range(2):
        st = sample_state(view, rng)
        me = st.to_play
        assert me is not None
        for mv in st.moves():
            assert values[Move.of(mv)][k] == _follow(st, me, mv, bot._ending(me, 5, True))
            assert values[Move.of(mv)][k] >= _follow(st, me, mv, bot._ending(me, 5))
            assert wins[Move.of(mv)][k] in (0, 1)


def test_the_hint_and_the_mark_show_each_option_as_one_whole_figure() -> None:
    """Issue 68.2: a figure is shown with the precision it has — a whole number (in play an
    option nets several points from it) — in the hint's table of options, in the order the coach
    ranks them, and the mark on an action shows that action's figure as the table did (not −6.35
    in one and −6.4 in the other)."""
    import re
    from types import SimpleNamespace

    from tiangow.coach import Coach
    from tiangow.coach.text import net_text, outcome_text
    from tiangow.widgets.play_html import hint_html

    for i, d in enumerate(_five_tile_deals(6)):
        coach = Coach(seed=i, samples=8)
        view = d.view(d.to_play)
        h = coach.hint(view)
        shown = [net_text(o) for o in h.options]
        assert all(re.fullmatch(r"[+−]?\d+", x) for x in shown), shown
        values = [int(x.replace("−", "-")) for x in shown]
        assert values == sorted(values, reverse=True)  # rounding keeps the coach's order
        table = hint_html(SimpleNamespace(deal=d, seat=d.to_play), h, 2, "en")  # type: ignore[arg-type]
        assert not re.search(r"expected net [+−]?\d+\.\d", table), "no decimals in the table"
        for o in h.options[:3]:
            assert outcome_text(o, True).en in table
            m = coach.mark(view, o.move)
            cited = re.findall(r"net (?:about )?([+−]?\d+(?:\.\d+)?)(?! stack)", m.text.en)
            assert cited and set(cited) <= set(shown), (m.text.en, shown)  # the figures the table shows
