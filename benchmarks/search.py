"""How fast the coach and the exact search are on this machine: ``python -m benchmarks.search``.

Prints, for positions taken from seeded hands played by the rule-based bots:

- **hint latency** — :meth:`tiangow.coach.Coach.hint` as lesson 08 calls it (a fresh coach
  each time, so nothing is cached): median, 95th percentile and maximum;
- **exact solves** — :func:`tiangow.search.solve` of positions with 4 tiles in each hand
  (and 3, for reference): median, 95th percentile, maximum, nodes searched;
- **baseline** — the same 3-tile positions solved by a plain minimax over copies of the
  :class:`tiangow.Deal` (no pruning, no table), run in the same process: the ratio says what
  the compact position, alpha-beta and the transposition table buy.

With ``--coach``: the coach against a reference on seeded positions (issue 23 §5). The
reference scores every option open to the seat by exact search of each of many samples of the
hidden tiles (:func:`reference_options`); printed are (a) the mean loss, under the reference, of
the coach's recommended move and (b) the share of options whose mark (best / fine / mistake,
:meth:`Coach.mark`) agrees with the mark the reference's figures give, for each tile count; a
position whose reference would overrun its budget (``--reference-budget`` positions of exact
search a sample on average; the exact search is too slow there: at 7 and 8 tiles, most) is left
out and counted. The reference takes minutes a position at 7 and 8 tiles: ``--reference-cache
DIR`` keeps its figures between runs. Beside them, the same two figures for a coach of as many
samples as the real one, each scored exactly, drawn from the reference's own samples and
judged against the rest (:func:`sampling_ceiling`): where the reference's options lie close,
even a coach without error in its search disagrees with it, and this says how often.
``--coach-seeds N`` scores N coaches, seeded differently, against the one reference and prints
the spread (one coach's marks depend on its draw of samples by several points). Also printed:
(c) how far the figures shown for every option (expected net; and the chance of winning the
hand, where the coach played its samples out) lie from the reference's on average, and (d) how
many pairs of options were shown with the same figures, and how many of those the reference
tells apart. Where the coach plays its samples out with its own best steps (``Coach(own_best=
True)``, before its exact search), the reference scores each option the same way on its many
samples (the own-best playout's net and whether the seat won along it), so that the two
measure one model.

With ``--solver``: the double-dummy search itself (issue 23 §3): whole hands (8 tiles each, the
seat to act) with the search in use (:data:`tiangow.search.CORE`), each within a budget of
positions (``--hand-budget``; a hand past it is counted as unsolved), and the search against the
frozen reference (tests/reference/search_v1.py, when run from a checkout) on 5- and 6-tile
endings: time, nodes, table hits, the ratios and whether the values agree. ``--solver --against``
runs the whole hands on this core and on a frozen earlier one (:data:`BASELINE`, the core before
issue 46 §2), both as WebAssembly on wasmtime in one process: a new search held to the old, the
same hands, the same run.

Figures, not pass/fail: these machines are noisy.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import pickle
import random
import statistics
import sys
import time
import zlib
from collections.abc import Iterator, Sequence

from tiangow.coach.hints import Coach, Mark, mark_for
from tiangow.coach.text import net_text
from tiangow.deal import Deal, DealView
from tiangow.move import Move
from tiangow.players.base import sample_state
from tiangow.players.positions import deal_until
from tiangow.players.rule import RuleBot
from tiangow.players.search import Option, SearchBot
from tiangow.policy import POLICY
from tiangow.search import Goal, SearchStats, SearchTooLong, solve, solve_range, step_values
from tiangow.state import State, Step

__all__ = ["hint_latencies", "solve_times", "coach_positions", "coach_against_reference", "CoachFigures",
           "REFERENCE_BUDGET", "REFERENCE_EARLY", "reference_options", "reference_values", "sampling_ceiling",
           "sampling_net_error", "clearly_apart", "whole_hands", "HAND_BUDGET", "Reference", "main"]


def _pct(xs: Sequence[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def hint_latencies(hands: int = 10, seed: int = 0, samples: int = 32) -> list[float]:
    """Seconds per hint for every turn of seat 0 in ``hands`` seeded hands."""
    out = []
    rng = random.Random(seed)
    for _ in range(hands):
        d = Deal.random(rng, banker=rng.randrange(4))
        bot = RuleBot()
        while not d.is_over:
            seat = d.to_play
            assert seat is not None
            view = d.view(seat)
            if seat == 0:
                coach = Coach(seed=rng.randrange(10**6), samples=samples)
                t = time.perf_counter()
                h = coach.hint(view)
                out.append(time.perf_counter() - t)
                d.push(h.recommended)
            else:
                d.push(bot.choose(view))
    return out


def solve_times(tiles: int, positions: int = 30, seed: int = 1) -> tuple[list[float], list[int]]:
    """Seconds and nodes to solve ``positions`` positions with ``tiles`` tiles in each hand."""
    rng = random.Random(seed)
    times, nodes = [], []
    for _ in range(positions):
        d = deal_until(rng, tiles)
        st = SearchStats()
        t = time.perf_counter()
        solve(d, d.to_play or 0, stats=st)
        times.append(time.perf_counter() - t)
        nodes.append(st.nodes)
    return times, nodes


def _after(node: Deal, move: Move) -> Deal:
    child = node.copy()
    child.push(move)
    return child


def _plain_minimax(d: Deal, me: int) -> int:
    def value(node: Deal) -> int:
        if node.is_over:
            return node.settlement().net[me]
        vals = [value(_after(node, m)) for m in node.legal_moves()]
        return max(vals) if node.to_play == me else min(vals)

    return value(d)


def baseline_ratio(positions: int = 12, seed: int = 2) -> tuple[float, float]:
    """(seconds by plain minimax over Deal copies, seconds by :func:`solve`) for the same
    3-tile positions; the values are checked equal."""
    rng = random.Random(seed)
    ds = [deal_until(rng, 3) for _ in range(positions)]
    t0 = time.perf_counter()
    plain = []
    for d in ds:
        me = d.to_play or 0
        before = sum(p.amount if p.payee == me else -p.amount if p.payer == me else 0 for p in d.immediate_payments)
        plain.append(_plain_minimax(d, me) - before)
    t1 = time.perf_counter()
    fast = [solve(d, d.to_play or 0) for d in ds]
    t2 = time.perf_counter()
    if plain != fast:  # pragma: no cover - the tests check this too
        raise AssertionError("the exact search disagrees with plain minimax")
    return t1 - t0, t2 - t1


# --- the coach against a reference (issue 23 §5) -------------------------------------------

def coach_positions(per_size: int, sizes: Sequence[int] = (8, 7, 6, 5), seed: int = 23) -> list[Deal]:
    """``per_size`` seeded positions for each tile count in ``sizes``: half with the seat to
    act leading, half following (one or two rule-bot actions into the trick)."""
    rng = random.Random(seed)
    out: list[Deal] = []
    bot = RuleBot()
    for tiles in sizes:
        n = 0
        while n < per_size:
            d = deal_until(rng, tiles)
            if d.snapshot().left != tiles:
                continue
            for _ in range(n % 2 * (1 + rng.randrange(2))):
                seat = d.to_play
                assert seat is not None
                d.push(bot.choose(d.view(seat)))
            if d.is_over:
                continue
            out.append(d)
            n += 1
    return out


def early_hint_latencies(per_size: int, sizes: Sequence[int] = (8, 7)) -> dict[int, list[float]]:
    """Seconds per hint (the coach as lessons use it, seeded by the position) at each of
    :func:`coach_positions`' ``per_size`` positions of each size: the costliest hints, early
    in a hand, where :func:`hint_latencies`' every turn of a hand has one or two."""
    out: dict[int, list[float]] = {}
    for i, d in enumerate(coach_positions(per_size, sizes)):
        seat = d.to_play
        assert seat is not None
        t = time.perf_counter()
        Coach(seed=i).hint(d.view(seat))
        out.setdefault(d.snapshot().left, []).append(time.perf_counter() - t)
    return out


def _reference_mark(loss: float, exact: bool = True) -> Mark:
    """The mark the reference's figures give, with the margins :meth:`Coach.mark` uses for the
    coach's kind of figures at that position (exact search, or played-out samples), so that a
    mark agrees where the two figures fall on the same side of the same margins."""
    return mark_for(loss, exact)


class CoachFigures:
    """What :func:`coach_against_reference` measured."""

    def __init__(self) -> None:
        self.losses: list[float] = []
        self.agree = 0
        self.options = 0
        self.exact_hints = 0
        self.seconds: list[float] = []
        self.skipped = 0
        """Positions left out: the reference could not search every sample within its budget."""
        self.net_errors: list[float] = []
        """For every option shown, how far its expected net lies from the reference's."""
        self.win_errors: list[float] = []
        """For every played-out option shown, how far its chance of winning the hand (points)
        lies from the reference's (own-best references only)."""
        self.same_shown = 0
        """Pairs of options shown with the same figures (net to 0.1, and the chance of winning)."""
        self.same_apart = 0
        """Of those, the pairs whose reference nets differ (by 0.05 or more)."""
        self.same_clear = 0
        """Of those, the pairs the reference tells apart beyond its own sampling (nets 0.05 or
        more apart, or chances of winning a point, by more than twice the standard error of
        its paired difference: :func:`clearly_apart`)."""
        self.ceiling_agree = 0
        self.ceiling_options = 0
        self.ceiling_losses: list[float] = []
        self.ceiling_net_errors: list[float] = []
        """The same figures — loss, marks, and how far the nets lie (:func:`sampling_net_error`)
        — for a coach that scored its samples exactly, drawn from the reference's own
        (:func:`sampling_ceiling`): what sampling alone allows."""

    @property
    def ceiling_agreement(self) -> float:
        return self.ceiling_agree / max(1, self.ceiling_options)

    @property
    def ceiling_loss(self) -> float:
        return sum(self.ceiling_losses) / max(1, len(self.ceiling_losses))

    @property
    def mean_loss(self) -> float:
        return sum(self.losses) / max(1, len(self.losses))

    @property
    def agreement(self) -> float:
        return self.agree / max(1, self.options)


REFERENCE_BUDGET = 2_000_000
"""Positions of exact search the reference may spend per sample of a position (on average).
The costliest of the 100 positions of ``--coach`` (the 14th at 8 tiles) takes about 405,000 a
sample, 104 million and 24 s in all: within this budget none is left out."""


REFERENCE_EARLY = 16
"""After this many samples, a position whose samples have averaged more than
:data:`REFERENCE_EARLY_FACTOR` times the reference's budget is left out at once (rather than
after spending the whole budget of every sample on it: at 7 and 8 tiles, minutes)."""

REFERENCE_EARLY_FACTOR = 3


def reference_values(view: DealView, samples: int, seed: int, budget: int | None = REFERENCE_BUDGET,
                     stats: SearchStats | None = None, own_ending: int | None = None,
                     wins: dict[Move, list[int]] | None = None) -> dict[Move, list[int]] | None:
    """Every action open to the seat at ``view`` with its exact value on each of ``samples``
    samples of the hidden tiles (the samples a :class:`SearchBot` seeded ``seed`` draws, in its
    order), or ``None`` where they would take more than ``budget`` positions of exact search a
    sample on average (see :data:`REFERENCE_EARLY`). ``stats`` counts the positions. With one
    action open, the first sample alone (there is nothing to compare).

    With ``own_ending``, the value of the coach's own-best playouts instead (``SearchBot(
    own_best=True)``: the seat's best steps in the sample against the rule-based play of the
    other three, exact from ``own_ending`` tiles a hand), and ``wins`` is filled with whether
    the seat won the hand along each (1 or 0)."""
    rng = random.Random(seed)
    stats = SearchStats() if stats is None else stats
    start = stats.nodes
    found: dict[Move, list[int]] = {}
    for k in range(1, samples + 1):
        st = sample_state(view, rng)
        stats.limit = 0 if budget is None else start + budget * samples
        try:
            if own_ending is None:
                values = step_values(st, stats=stats)
            else:
                values = _own_values(st, own_ending, stats, wins)
        except SearchTooLong:
            return None
        for mv, v in values:
            found.setdefault(Move.of(mv), []).append(v)
        if len(values) <= 1:
            break  # one action open: nothing to compare
        if budget is not None and k >= REFERENCE_EARLY and stats.nodes - start > REFERENCE_EARLY_FACTOR * budget * k:
            return None
    return found


def _own_values(st: State, ending: int, stats: SearchStats,
                wins: dict[Move, list[int]] | None) -> list[tuple[Step, int]]:
    """Each step open in the sample ``st`` with the net of its own-best playout (see
    :func:`reference_values`), counting into ``wins`` whether the seat won along it."""
    me = st.to_play
    assert me is not None
    bot = SearchBot(0)  # (its playouts, in the core: ending and own best are given to them)
    bot.stats = stats
    out: list[tuple[Step, int]] = []
    for mv, v, tally in bot._playouts(st, me, st.moves(), ending, True):
        out.append((mv, v))
        if wins is not None:
            wins.setdefault(Move.of(mv), []).append(tally.wins)
    return out


def reference_options(view: DealView, samples: int, seed: int, budget: int | None = REFERENCE_BUDGET,
                      stats: SearchStats | None = None) -> dict[Move, float] | None:
    """The reference's figures at ``view``: every action open to the seat with its mean exact
    value over ``samples`` samples of the hidden tiles (:func:`reference_values`), or ``None``
    where they would take more than ``budget`` positions of exact search a sample on average."""
    values = reference_values(view, samples, seed, budget, stats)
    return None if values is None else _means(values)


def _means(values: dict[Move, list[int]]) -> dict[Move, float]:
    return {m: sum(vs) / len(vs) for m, vs in values.items()}


def sampling_ceiling(values: dict[Move, list[int]], k: int, rng: random.Random,
                     draws: int = 100, exact: bool = True) -> tuple[int, int, list[float]]:
    """What a coach that scored ``k`` samples exactly could expect against a reference of
    exact samples: ``draws`` times, ``k`` of the samples in ``values`` (as
    :func:`reference_values` gives them) are the coach's and the rest the reference's; the
    coach's marks are compared with the reference's (both with the margins for exact figures,
    or with ``exact`` false those for played-out ones, :func:`~tiangow.coach.hints.mark_for`),
    and its best option's loss is measured under the
    reference. Returns (marks agreeing, marks compared, losses). Nothing but sampling separates
    the two: this is the most any coach of ``k`` samples can expect of agreement.

    >>> from tiangow.move import Move
    >>> a, b = Move.parse("discard 24"), Move.parse("discard 15")
    >>> sampling_ceiling({a: [5, 6, 5, 7], b: [0, 1, 0, 1]}, 2, random.Random(1), draws=10)[:2]
    (20, 20)
    """
    agree = compared = 0
    losses: list[float] = []
    for coach, ref in _splits(values, k, rng, draws):
        best_c, best_r = max(coach.values()), max(ref.values())
        for m in values:
            compared += 1
            agree += mark_for(best_c - coach[m], exact) is mark_for(best_r - ref[m], exact)
        losses.append(best_r - ref[max(coach, key=coach.__getitem__)])
    return agree, compared, losses


def sampling_net_error(values: dict[Move, list[int]], k: int, rng: random.Random, draws: int = 100) -> float:
    """How far the expected nets of a coach that scored ``k`` samples exactly lie from the
    reference's on average, nothing but sampling separating them: ``draws`` times, ``k`` of the
    samples in ``values`` are the coach's and the rest the reference's (as in
    :func:`sampling_ceiling`; the rest are fewer than the reference's samples, so this is a
    little above what sampling alone allows against the whole reference).

    >>> from tiangow.move import Move
    >>> a, b = Move.parse("discard 24"), Move.parse("discard 15")
    >>> sampling_net_error({a: [5] * 8, b: [1] * 8}, 2, random.Random(1))
    0.0
    >>> 0 < sampling_net_error({a: [0, 4] * 8, b: [1] * 16}, 4, random.Random(1)) < 2
    True
    """
    total = sum(abs(coach[m] - ref[m]) for coach, ref in _splits(values, k, rng, draws) for m in values)
    return total / (draws * len(values))


def _splits(values: dict[Move, list[int]], k: int, rng: random.Random,
            draws: int) -> Iterator[tuple[dict[Move, float], dict[Move, float]]]:
    """``draws`` times, each option's mean over ``k`` of the samples in ``values`` drawn at
    random (the coach's) and over the rest (the reference's)."""
    n = min(len(vs) for vs in values.values())
    if not 0 < k < n:
        raise ValueError(f"the coach's samples are at least one and fewer than the reference's ({n}), not {k}")
    order = list(range(n))
    for _ in range(draws):
        rng.shuffle(order)
        mine, theirs = order[:k], order[k:]
        yield ({m: sum(vs[i] for i in mine) / k for m, vs in values.items()},
               {m: sum(vs[i] for i in theirs) / (n - k) for m, vs in values.items()})


def coach_against_reference(deals: Sequence[Deal], reference_samples: int = 256, coach: Coach | None = None,
                            seed: int = 5, reference_budget: int | None = REFERENCE_BUDGET,
                            cache: str | None = None,
                            kept: dict[str, Reference] | None = None,
                            early_factor: int | None = None) -> CoachFigures:
    """Score the coach's advice on ``deals`` against the reference (see the module text). A
    position whose reference would take more than ``reference_budget`` positions of exact
    search a sample on average (``None``: no limit) is left out and counted in
    :attr:`CoachFigures.skipped`. ``cache``: a directory where the reference's figures are kept
    between runs (by the position, samples and budget). Also measured: what a coach of as many
    samples as this one used there, each exact, could expect against the same figures
    (:func:`sampling_ceiling`). ``kept``: a dictionary the reference's figures are kept in (and
    taken from) within the process, to score several coaches against one reference.
    ``early_factor``: the coach's :attr:`~tiangow.policy.SearchPolicy.early_factor` (1: as many
    samples at 7 and 8 tiles as later, within the exact budget; ``None``: its default)."""
    figures = CoachFigures()
    for i, d in enumerate(deals):
        seat = d.to_play
        assert seat is not None
        view = d.view(seat)
        c = Coach(seed=seed + i, policy=POLICY.but(early_factor=early_factor)) if coach is None else coach
        # the model the coach scores this position by: own-best playouts before its exact search
        plan = c.plan_for(view)
        own = plan.ending if plan.own_best and not plan.exact else None
        # keyed on the position itself too, so that figures kept for another are never taken
        mark = zlib.crc32(repr((d.snapshot().key(), view.rules)).encode())
        name = f"{d.snapshot().left}-{i}-{mark:08x}" + ("" if own is None else f"-own{own}")
        if kept is not None and name in kept:
            values, wins = kept[name]
        else:
            values, wins = _cached_reference(view, name, i, reference_samples, reference_budget, cache, own)
            if kept is not None:
                kept[name] = values, wins
        if values is None:
            figures.skipped += 1
            continue
        ref_opts = _means(values)
        t = time.perf_counter()
        h = c.hint(view)
        figures.seconds.append(time.perf_counter() - t)
        figures.exact_hints += h.exact
        best = max(ref_opts.values())
        figures.losses.append(best - ref_opts[h.recommended])
        _compare_figures(figures, h.options, ref_opts, None if wins is None else _means(wins), values, wins)
        for move, mean in ref_opts.items():
            figures.options += 1
            figures.agree += c.mark(view, move).mark is _reference_mark(best - mean, h.exact)
        used = h.options[0].samples  # as many samples as the coach used here
        if len(values) > 1 and 0 < used < min(len(vs) for vs in values.values()):
            agree, compared, losses = sampling_ceiling(values, used, random.Random(i), exact=h.exact)
            figures.ceiling_agree += agree
            figures.ceiling_options += compared
            figures.ceiling_losses.append(sum(losses) / len(losses))
            figures.ceiling_net_errors.append(sampling_net_error(values, used, random.Random(i)))
    return figures


Reference = tuple[dict[Move, list[int]] | None, dict[Move, list[int]] | None]
"""A position's reference: each option's values over the samples (``None``: left out for cost)
and, for own-best playouts, whether the seat won along each (else ``None``)."""


def clearly_apart(a: Sequence[int], b: Sequence[int], wins_a: Sequence[int] | None = None,
                  wins_b: Sequence[int] | None = None) -> bool:
    """Whether a reference of per-sample values ``a`` and ``b`` (the same samples; with
    ``wins_*``, whether the seat won the hand along each) tells two options apart beyond its own
    sampling: its nets 0.05 or more apart (or its chances of winning a point or more), and the
    paired difference behind that more than twice its standard error.

    >>> clearly_apart([1, 2, 1, 2] * 8, [0, 1, 0, 1] * 8)
    True
    >>> clearly_apart([1, 2, 1, 2] * 8, [1, 2, 1, 3] * 8)  # 0.25 apart, in a quarter of the samples
    True
    >>> clearly_apart([1, 2, 1, 2], [1, 2, 1, 3])
    False
    >>> clearly_apart([0] * 30 + [4], [0] * 31)  # 0.13 apart, in one sample of 31
    False
    """

    def apart(x: Sequence[int], y: Sequence[int], least: float) -> bool:
        n = len(x)
        d = [p - q for p, q in zip(x, y, strict=True)]
        mean = sum(d) / n
        var = sum((v - mean) ** 2 for v in d) / max(1, n - 1)
        return abs(mean) >= least and abs(mean) > 2 * math.sqrt(var / n)

    return apart(a, b, 0.05) or (wins_a is not None and wins_b is not None and apart(wins_a, wins_b, 0.01))


def _compare_figures(figures: CoachFigures, options: Sequence[Option], ref: dict[Move, float],
                     ref_wins: dict[Move, float] | None, values: dict[Move, list[int]] | None = None,
                     wins: dict[Move, list[int]] | None = None) -> None:
    """Count how far each option's shown figures lie from the reference's, and the pairs of
    options shown with the same figures that the reference tells apart (``values`` and
    ``wins``: the reference's per sample, for :func:`clearly_apart`)."""
    shown: list[tuple[str, int | None, float, Move]] = []
    for o in options:
        if o.samples == 0 or o.move not in ref:
            continue
        figures.net_errors.append(abs(o.mean - ref[o.move]))
        pct = None if o.win_rate is None else round(100 * o.win_rate)
        if o.win_rate is not None and ref_wins is not None:
            figures.win_errors.append(abs(100 * o.win_rate - 100 * ref_wins[o.move]))
        shown.append((net_text(o), pct, ref[o.move], o.move))  # as the hint's table shows it
    for a, b in itertools.combinations(shown, 2):
        if a[:2] == b[:2]:
            figures.same_shown += 1
            figures.same_apart += abs(a[2] - b[2]) >= 0.05
            if values is not None:
                figures.same_clear += clearly_apart(values[a[3]], values[b[3]],
                                                    None if wins is None else wins[a[3]],
                                                    None if wins is None else wins[b[3]])


def _cached_reference(view: DealView, name: str, i: int, samples: int, budget: int | None,
                      cache: str | None, own: int | None = None) -> Reference:
    path = None if cache is None else os.path.join(cache, f"reference-values-{name}-{samples}-{budget}.pickle")
    if path is not None and os.path.exists(path):
        with open(path, "rb") as f:
            kept: Reference = pickle.load(f)
        return kept
    wins: dict[Move, list[int]] | None = None if own is None else {}
    found = (reference_values(view, samples, 10_000 + i, budget, own_ending=own, wins=wins), wins)
    if path is not None:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            pickle.dump(found, f)
    return found


HAND_BUDGET = 50_000_000
"""Positions a whole hand's search may visit in the benchmark before it is counted as unsolved
(about 15–25 s with the compiled core here)."""


def seeded_hands(seed: int = 0) -> Iterator[Deal]:
    """The seeded whole hands the benchmark solves, in order (``Random(seed)``, a banker drawn
    for each; deals ended at once by a natural hand left out)."""
    rng = random.Random(seed)
    while True:
        d = Deal.random(rng, banker=rng.randrange(4))
        if d.natural is None:
            yield d


def whole_hands(deals: int, seed: int = 0,
                max_nodes: int | None = None) -> tuple[list[float], list[int], list[int], int]:
    """Seconds, nodes and table hits to solve ``deals`` seeded whole hands for the seat to act,
    and how many of them gave up past ``max_nodes`` positions (their figures are those at the
    point of giving up: lower bounds)."""
    times: list[float] = []
    nodes: list[int] = []
    hits: list[int] = []
    unsolved = 0
    for d in itertools.islice(seeded_hands(seed), deals):
        st = SearchStats()
        t = time.perf_counter()
        try:
            solve(d, d.to_play or 0, stats=st, max_nodes=max_nodes)
        except SearchTooLong:
            unsolved += 1
            st.nodes = max_nodes or st.nodes
        times.append(time.perf_counter() - t)
        nodes.append(st.nodes)
        hits.append(st.hits)
    return times, nodes, hits, unsolved


def _solver_report(deals: int, endings: int, hand_budget: int = HAND_BUDGET) -> None:
    from tiangow import search

    print(f"search in use: {search.CORE}")
    ts, ns, hs, unsolved = whole_hands(deals, max_nodes=hand_budget)
    if search.CORE == "compiled":
        from tiangow import ddcore

        entries, size, _ = ddcore.table_info()
        print(f"  table: {entries:,} entries × {size} bytes = {entries * size / 2**20:.0f} MB (fixed)")
    at_least = "≥ " if unsolved else ""
    print(f"whole hands (8 tiles each, seat to act), {len(ts)} deals, at most {hand_budget:,} positions each: "
          f"{len(ts) - unsolved} solved, {unsolved} gave up (their figures are where they gave up, so medians "
          f"and maxima with any are lower bounds); median {at_least}{1000 * statistics.median(ts):.0f} ms, "
          f"p95 {at_least}{1000 * _pct(ts, 0.95):.0f} ms, max {at_least}{1000 * max(ts):.0f} ms, over 10 s: "
          f"{at_least}{sum(t > 10 for t in ts)}; nodes median {at_least}{int(statistics.median(ns)):,}, "
          f"max {at_least}{max(ns):,}; table hits median {int(statistics.median(hs)):,}  "
          "(target, compiled: median ≤ 100 ms, p95 ≤ 1 s, none over 10 s)")
    solved = sorted(n for n in ns if n <= hand_budget)
    print(f"  positions in all {sum(ns):,}, of the hands solved {sum(solved):,}; the 180th and 190th hands "
          f"{sorted(ns)[min(179, len(ns) - 1)]:,} and {sorted(ns)[min(189, len(ns) - 1)]:,}")
    try:
        from tests.reference import search_v1 as reference
    except ImportError:
        print("(today's reference search is in the checkout's tests/reference: run from a checkout to compare)")
        return
    for tiles in (5, 6):
        rng = random.Random(tiles)
        ds = [deal_until(rng, tiles) for _ in range(endings)]
        figures = {}
        for name, module in (("the search", search), ("today's reference", reference)):
            st = module.SearchStats()
            t = time.perf_counter()
            values = [module.solve(d, d.to_play or 0, stats=st) for d in ds]
            figures[name] = (time.perf_counter() - t, st.nodes, values)
        (t_new, n_new, v_new), (t_ref, n_ref, v_ref) = figures.values()
        print(f"{tiles}-tile endings ×{endings}: the search {t_new:.1f} s, {n_new:,} nodes; reference "
              f"{t_ref:.1f} s, {n_ref:,} nodes; ratio time ×{t_ref / t_new:.2f}, nodes ×{n_ref / max(1, n_new):.2f}; "
              f"same values: {v_new == v_ref}")


def coach_seeds(n: int) -> list[int]:
    """The coach's seeds of ``--coach-seeds n``: the benchmark's own (5) first, then 105, 205, …

    >>> coach_seeds(3)
    [5, 105, 205]
    """
    if n < 1:
        raise ValueError(f"at least one coach seed, not {n}")
    return [5 + 100 * k for k in range(n)]


def _print_coach(tiles: int, positions: int, f: CoachFigures, label: str) -> None:
    if not f.seconds:
        print(f"  {tiles} tiles: no position of {positions} could be referenced within the budget "
              "(the exact search is too slow there)", flush=True)
        return
    print(f"  {tiles} tiles{label}, {len(f.seconds)} positions ({f.skipped} left out: reference too slow): "
          f"(a) mean loss of the recommended move {f.mean_loss:.2f}; (b) marks agreeing "
          f"{100 * f.agreement:.1f}% of {f.options} options; hints exact in {f.exact_hints}; hint median "
          f"{statistics.median(f.seconds):.2f} s, p95 {_pct(f.seconds, 0.95):.2f} s, "
          f"max {max(f.seconds):.2f} s", flush=True)
    if f.net_errors:
        wins = (f", wins the hand off by {statistics.mean(f.win_errors):.1f} points" if f.win_errors else "")
        print(f"    (c) figures shown for {len(f.net_errors)} options: expected net off by "
              f"{statistics.mean(f.net_errors):.2f} on average{wins}; (d) pairs of options shown with the same "
              f"figures: {f.same_shown}, {f.same_apart} of them apart in the reference ({f.same_clear} of them beyond "
              "its own sampling error)", flush=True)
    if f.ceiling_options:
        print(f"    a coach of as many samples, each exact, drawn from the reference's own and scored "
              f"against the rest (what sampling alone allows): (a) {f.ceiling_loss:.2f}; (b) "
              f"{100 * f.ceiling_agreement:.1f}%; (c) nets off by "
              f"{sum(f.ceiling_net_errors) / max(1, len(f.ceiling_net_errors)):.2f}", flush=True)


def _hard_report(count: int, hand_budget: int) -> None:
    """For the first ``count`` of the 200 seeded whole hands that take more than 1.5 million
    positions: the net's value, each search of a null window (MTD(f)) with its positions, and
    what the forced-win question (R-W1) costs alone — where the time of a hard hand goes."""
    hands = list(itertools.islice(seeded_hands(), 200))
    shown = 0
    for i, d in enumerate(hands):
        if shown >= count:
            break
        me = d.to_play or 0
        try:
            solve(d, me, max_nodes=1_500_000)
            continue
        except SearchTooLong:
            shown += 1
        stats = SearchStats(windows=[])
        t = time.perf_counter()
        try:
            value: int | None = solve(d, me, stats=stats, max_nodes=hand_budget)
        except SearchTooLong:
            value = None
        seconds = time.perf_counter() - t
        won = SearchStats()
        try:
            forced: int | None = solve(d, me, Goal.FORCED_WIN, stats=won, max_nodes=hand_budget)
        except SearchTooLong:
            forced = None
        windows = ", ".join(f"≥{b}? {'yes' if v >= b else 'no'} {n / 1e6:.1f}M" for a, b, v, n in stats.windows or [])
        print(f"hand {i}: net {value if value is not None else 'not found'} ({stats.nodes / 1e6:.1f}M positions, "
              f"{seconds:.1f} s); windows: {windows}; forced win: "
              f"{'not found' if forced is None else ('yes' if forced else 'no')} ({won.nodes / 1e6:.1f}M)", flush=True)


ReviewRow = tuple[int, int, int | None, int | None, int, float]


def review_searches(deals: int, max_nodes: int, seed: int = 0) -> list[ReviewRow]:
    """The review's search from the start (:mod:`tiangow.coach.ahead`'s job, in this process) for
    every seat of the first ``deals`` seeded whole hands: for each, the hand, the seat, the
    bounds :func:`~tiangow.search.solve_range` proves within ``max_nodes`` positions (equal where
    it finished), the positions and the seconds."""
    found: list[ReviewRow] = []
    for i, d in enumerate(itertools.islice(seeded_hands(seed), deals)):
        for seat in range(4):
            st = SearchStats()
            t = time.perf_counter()
            low, high = solve_range(d, seat, max_nodes, stats=st)
            found.append((i, seat, low, high, st.nodes, time.perf_counter() - t))
    return found


def _review_report(deals: int, max_nodes: int) -> None:
    rows = review_searches(deals, max_nodes)
    exact = [r for r in rows if r[2] is not None and r[2] == r[3]]
    ts = [r[5] for r in rows]
    ns = sorted(r[4] for r in rows)
    print(f"the review's net from the start, every seat of {deals} seeded whole hands, at most {max_nodes:,} "
          f"positions each: {len(exact)} of {len(rows)} exact; seconds median {statistics.median(ts):.2f}, "
          f"p95 {_pct(ts, 0.95):.1f}, max {max(ts):.1f} (those not exact stopped at the budget); positions in all "
          f"{sum(ns):,}, the 95th percentile {ns[int(0.95 * (len(ns) - 1))]:,}  (issue 46 §4: every hand exact)")
    for i, seat, low, high, n, t in rows:
        if low is None or low != high:
            print(f"  hand {i}, seat {seat}: between {'?' if low is None else low} and "
                  f"{'?' if high is None else high} after {n:,} positions, {t:.1f} s")


def _builds_report(deals: int, hand_budget: int) -> None:
    """Whole hands on each build of the core, in this process: the same hands (those that the
    extension solves within ``hand_budget`` positions; how many were left out is printed)."""
    from tiangow import search, wasmcore

    if search.CORE_BUILD != "native":
        print(f"the extension is not in use here ({search.CORE_BUILD}): nothing to compare with")
        return
    wasm = wasmcore.load(wasmcore.wasmtime_runtime(), POLICY.wasmtime_share)
    pairs: list[tuple[float, float]] = []
    left_out = 0
    for d in itertools.islice(seeded_hands(), deals):
        times, values = [], []
        try:
            for core in (search._ddcore, wasm):
                with search.using_core(core):
                    t = time.perf_counter()
                    values.append(solve(d, d.to_play or 0, max_nodes=hand_budget))
                    times.append(time.perf_counter() - t)
        except SearchTooLong:
            left_out += 1
            continue
        assert values[0] == values[1], d
        pairs.append((times[0], times[1]))
    native = [n for n, _ in pairs]
    on_wasm = [w for _, w in pairs]
    ratios = [w / n for n, w in pairs if n > 0]
    print(f"the core's builds on {len(pairs)} seeded whole hands ({left_out} left out: past {hand_budget:,} "
          f"positions): extension median {1000 * statistics.median(native):.0f} ms, total {sum(native):.1f} s; "
          f"WebAssembly on wasmtime median {1000 * statistics.median(on_wasm):.0f} ms, total {sum(on_wasm):.1f} s; "
          f"time ×{sum(on_wasm) / sum(native):.2f} in all, ×{statistics.median(ratios):.2f} median a hand; "
          "same values on every hand")


BASELINE = os.path.join(os.path.dirname(__file__), "baseline", "ddcore-2026-11-27.wasm")
"""The search's core as it was when issue 46 §2 began (layout version 3), frozen: ``--against``
holds a new core to it on the same hands, in one process, both as WebAssembly on wasmtime."""


def _against_report(path: str, deals: int, hand_budget: int) -> None:
    """The seeded whole hands on the package's own core and on the core at ``path`` (a
    WebAssembly module of the same layout version), both on wasmtime in this process: each one's
    figures, the ratios, and whether the values agree where both finished."""
    from pathlib import Path

    from tiangow import search, wasmcore

    cores = {"this core": wasmcore.load(wasmcore.wasmtime_runtime(), POLICY.wasmtime_share),
             f"{Path(path).name}": wasmcore.load(wasmcore.wasmtime_runtime(Path(path)), POLICY.wasmtime_share,
                                                 source=None)}
    times: dict[str, list[float]] = {name: [] for name in cores}
    nodes: dict[str, list[int]] = {name: [] for name in cores}
    unsolved: dict[str, int] = dict.fromkeys(cores, 0)
    differ = []
    for i, d in enumerate(itertools.islice(seeded_hands(), deals)):
        values: list[int | None] = []
        for name, core in cores.items():
            st = SearchStats()
            with search.using_core(core):
                t = time.perf_counter()
                try:
                    values.append(solve(d, d.to_play or 0, stats=st, max_nodes=hand_budget))
                except SearchTooLong:
                    values.append(None)
                    unsolved[name] += 1
                times[name].append(time.perf_counter() - t)
                nodes[name].append(st.nodes)
        if None not in values and values[0] != values[1]:
            differ.append(i)
    print(f"{deals} seeded whole hands, at most {hand_budget:,} positions each, both cores as WebAssembly on "
          "wasmtime in this process (figures of an unsolved hand are where it gave up):")
    for name in cores:
        ts, ns = times[name], nodes[name]
        print(f"  {name}: {deals - unsolved[name]} solved, {unsolved[name]} unsolved; median "
              f"{1000 * statistics.median(ts):.0f} ms, p95 {1000 * _pct(ts, 0.95):.0f} ms, max "
              f"{1000 * max(ts):.0f} ms, over 10 s {sum(t > 10 for t in ts)}; positions median "
              f"{int(statistics.median(ns)):,}, total {sum(ns):,}")
    new, old = (times[name] for name in cores)
    print(f"  ratio (baseline / this core): total time ×{sum(old) / sum(new):.2f}, median a hand "
          f"×{statistics.median(o / n for n, o in zip(new, old, strict=True) if n > 0):.2f}; values differ "
          f"on {len(differ)} hands both solved{': ' + str(differ) if differ else ''}")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.search", description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=10, help="hands of hints (every turn of one seat)")
    p.add_argument("--positions", type=int, default=30, help="positions per exact-solve figure")
    p.add_argument("--coach", action="store_true", help="the coach against the exact reference")
    p.add_argument("--sizes", type=int, nargs="+", default=[8, 7, 6, 5], help="tiles per hand (--coach)")
    p.add_argument("--per-size", type=int, default=25, help="positions per tile count (--coach)")
    p.add_argument("--reference-samples", type=int, default=256, help="exact samples per option (--coach)")
    p.add_argument("--reference-budget", type=int, default=REFERENCE_BUDGET,
                   help="positions of exact search per reference sample before a position is left out (--coach)")
    p.add_argument("--reference-cache", metavar="DIR",
                   help="keep the reference's figures in DIR between runs (--coach)")
    p.add_argument("--early-factor", type=int, default=None,
                   help="the coach's samples at 7 and 8 tiles, times its samples (--coach; default: the coach's, "
                        "1: as before 2026-11-29)")
    p.add_argument("--coach-seeds", type=int, default=1,
                   help="score this many coaches, seeded differently, against one reference (--coach)")
    p.add_argument("--solver", action="store_true", help="the double-dummy search: whole hands and endings")
    p.add_argument("--deals", type=int, default=200, help="whole hands (--solver)")
    p.add_argument("--endings", type=int, default=20, help="5- and 6-tile endings (--solver)")
    p.add_argument("--no-early-dominance", action="store_true",
                   help="the extension without dominated discards and plays while one seat at most holds "
                        "stacks (--solver)")
    p.add_argument("--hand-budget", type=int, default=HAND_BUDGET,
                   help="positions a whole hand may take before it counts as unsolved (--solver)")
    p.add_argument("--builds", type=int, metavar="N", default=0,
                   help="the core's two builds on the first N seeded whole hands: the extension and the WebAssembly "
                        "module on wasmtime, in this process, the same hands, and the ratio of their times")
    p.add_argument("--hard", type=int, metavar="N", default=0,
                   help="where the time goes in the first N seeded whole hands over 1.5 million positions: each "
                        "search of a window the net's search makes, and the forced-win question alone")
    p.add_argument("--against", metavar="WASM", nargs="?", const=BASELINE,
                   help="with --solver: the seeded whole hands on this core and on the core at WASM (by default "
                        "the frozen baseline, benchmarks/baseline/), both on wasmtime, in this process")
    p.add_argument("--review", type=int, metavar="N", default=0,
                   help="the review's net from the start (its job's search, within its budget unless --hand-budget "
                        "is given) for every seat of the first N seeded whole hands")
    a = p.parse_args(argv)

    if a.review:
        _review_report(a.review, POLICY.ahead_nodes if a.hand_budget == HAND_BUDGET else a.hand_budget)
        return 0
    if a.hard:
        _hard_report(a.hard, a.hand_budget)
        return 0
    if a.builds:
        _builds_report(a.builds, a.hand_budget)
        return 0
    if a.solver and a.against:
        _against_report(a.against, a.deals, a.hand_budget)
        return 0
    if a.solver:
        if a.no_early_dominance:
            from tiangow import search

            if search.CORE_BUILD != "native":
                print("--no-early-dominance is the extension's switch: it is not built here")
                return 1
            search._ddcore.set_early_dominance(False)
        _solver_report(a.deals, a.endings, a.hand_budget)
        return 0
    if a.coach:
        print(f"coach against the reference ({a.reference_samples} exact samples per option, at most "
              f"{a.reference_budget:,} positions of search a sample; issue 46's targets: (a) loss ≤ 0.1, (b) marks "
              "within 2 points of what sampling alone allows, (c) nets within 0.5 and wins within 5 points, (d) no "
              "options shown alike that the reference shows apart)")
        for tiles in a.sizes:
            ds = coach_positions(a.per_size, (tiles,))
            kept: dict[str, Reference] = {}
            runs = [(seed, coach_against_reference(ds, a.reference_samples, seed=seed,
                                                   reference_budget=a.reference_budget, cache=a.reference_cache,
                                                   kept=kept, early_factor=a.early_factor))
                    for seed in coach_seeds(a.coach_seeds)]
            for seed, f in runs:
                _print_coach(tiles, len(ds), f, f" (coach seed {seed})" if len(runs) > 1 else "")
            if len(runs) > 1 and runs[0][1].seconds:
                losses = [f.mean_loss for _, f in runs]
                marks = [100 * f.agreement for _, f in runs]
                print(f"  {tiles} tiles over {len(runs)} coach seeds: (a) {statistics.mean(losses):.2f} "
                      f"({min(losses):.2f}–{max(losses):.2f}); (b) {statistics.mean(marks):.1f}% "
                      f"({min(marks):.1f}–{max(marks):.1f}%)", flush=True)
        return 0

    lat = hint_latencies(a.hands)
    print(f"hint latency over {len(lat)} turns ({a.hands} hands, 32 samples): "
          f"median {statistics.median(lat):.3f} s, p95 {_pct(lat, 0.95):.3f} s, max {max(lat):.3f} s "
          "(target: median < 1 s, p95 < 2 s)")
    for tiles in (4, 3):
        ts, ns = solve_times(tiles, a.positions)
        print(f"exact solve, {tiles} tiles each, {len(ts)} positions: median {1000 * statistics.median(ts):.1f} ms, "
              f"p95 {1000 * _pct(ts, 0.95):.1f} ms, max {1000 * max(ts):.1f} ms; "
              f"nodes median {int(statistics.median(ns))}, max {max(ns)}"
              + ("  (target: < 50 ms)" if tiles == 4 else ""))
    slow, fast = baseline_ratio()
    print(f"baseline: plain minimax over Deal copies {slow:.2f} s vs exact search {fast:.3f} s on the same 3-tile "
          f"positions: ×{slow / fast:.0f} faster")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
