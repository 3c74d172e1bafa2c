"""Measure the bots' strength: seeded deals, seats rotated, mean net per hand with a 95% interval.

Run ``python -m benchmarks.tournament`` (``--help`` for the options). Each deal is played
four times with the line-up rotated round the table, so every bot holds every hand from every
seat; the interval is taken over deals (the four rotations of a deal are not independent).

>>> r = run(deals=2, lineup=("rule", "random", "rule", "random"), samples=4)
>>> r.hands, sorted(r.means)
(8, ['random', 'rule'])
>>> abs(sum(r.means[b] * r.seats[b] for b in r.means)) < 1e-9   # payments sum to zero
True
>>> d, h = r.diffs[("rule", "random")]   # paired over the deals: rule's net less random's
>>> abs(d - (r.means["rule"] - r.means["random"])) < 1e-9 and h >= 0
True

Two bots compare best paired: ``--lineup coach,rule,coach8,rule`` plays the coach's advice as
it is today against the coach scoring every sample exactly from 8 tiles where it fits its budget
(issue 46 §3's arbiter), and prints the difference of their nets per hand with its interval.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tiangow.coach.hints import Coach
from tiangow.deal import Deal, DealView
from tiangow.move import Move
from tiangow.players.base import Bot, BotError, play_hand
from tiangow.players.random import RandomBot
from tiangow.players.rule import RuleBot
from tiangow.players.search import SearchBot
from tiangow.policy import POLICY, Plan
from tiangow.rules import Rules
from tiangow.search import core_budget_share

__all__ = ["run", "Result", "make_bot", "move_times", "main"]

KINDS = ("search", "search3", "coach", "coach:N", "coach0", "coachx1", "coachown", "coachrule", "coach8", "coach8:N",
         "rule", "random")


class FirstCoach(Coach):
    """The coach as issue 46 found it (2026-11-27, commit 86ce141), on today's search: the
    rule-based player in the seat's own turns of its playouts (``coach_own_best=False``), 32
    samples at every hand size, and no more than the policy's ``early_budget`` positions a hint
    from 6 tiles a hand up (playouts included). Today's core finds the same values in fewer
    positions, so where that budget binds it draws more samples than it did."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, policy=POLICY.but(coach_own_best=False, early_factor=1, late_samples_factor=1,
                                                 late_budget_factor=1))

    def plan_for(self, view: DealView) -> Plan:
        plan = super().plan_for(view)
        if plan.budget is None or view.hand_sizes[view.seat or 0] < 6:
            return plan
        return dataclasses.replace(plan, budget=min(plan.budget, int(self.policy.early_budget * core_budget_share())))


class CoachBot:
    """Plays what the coach recommends (its hint's first option) from its own seat's view."""

    def __init__(self, name: str, coach: Coach) -> None:
        self.name = name
        self.coach = coach

    def choose(self, view: DealView) -> Move:
        move = self.coach.hint(view).recommended
        self.coach.forget()  # each hint is asked once: keep no memory of old positions
        return move


def make_bot(kind: str, seed: int, samples: int = 32) -> Bot:
    """A bot by name: ``"search"`` (a table's search bot, :data:`tiangow.policy.POLICY`), ``"search3"``
    (exact from 3 tiles only: the search bot before the compiled core), ``"coach"`` (plays the
    coach's recommendation, the coach as lessons use it), ``"coach:N"`` (the same with N samples
    a hint instead of 32: a cheaper player of the coach's model), ``"coach8"`` (the coach scoring its
    samples exactly from 8 tiles wherever they fit its budget, playouts where none do),
    ``"coach8:N"`` (the same within N positions of exact search a hint, at every hand size),
    ``"coach0"`` (the coach as issue 46 found it: :class:`FirstCoach`),
    ``"coachx1"`` (the coach with as many samples at 7 and 8 tiles as later, ``early_factor=1``,
    within the exact budget: the coach before 2026-11-29), ``"coachown"`` / ``"coachrule"`` (the
    coach whose playouts take the seat's own best steps in each sample, or the rule-based
    player's, whatever the default), ``"rule"`` or ``"random"``.

    >>> make_bot("coach8:3000000", 1).coach.policy.coach_budget
    3000000
    >>> make_bot("coach:12", 1).coach.samples
    12
    >>> make_bot("coachx1", 1).coach.policy.early_factor
    1
    """
    if kind.startswith("coach8:") and kind[7:].isdigit() and int(kind[7:]) > 0:
        return CoachBot(kind, Coach(seed, policy=POLICY.but(coach_exact_tiles=8, coach_budget=int(kind[7:]),
                                                     tiered_budget=False)))
    if kind == "coach":
        return CoachBot(kind, Coach(seed))
    if kind.startswith("coach:") and kind[6:].isdigit() and int(kind[6:]) > 0:
        return CoachBot(kind, Coach(seed, samples=int(kind[6:])))
    if kind == "coachx1":
        return CoachBot(kind, Coach(seed, policy=POLICY.but(early_factor=1)))
    if kind == "coach0":
        return CoachBot(kind, FirstCoach(seed))
    if kind in ("coachown", "coachrule"):
        return CoachBot(kind, Coach(seed, policy=POLICY.but(coach_own_best=kind == "coachown")))
    if kind == "coach8":
        return CoachBot(kind, Coach(seed, policy=POLICY.but(coach_exact_tiles=8)))
    if kind == "search":
        return SearchBot(seed, samples=samples)
    if kind == "search3":
        return SearchBot(seed, POLICY.but(bot_exact_tiles=3), samples=samples)
    if kind == "rule":
        return RuleBot(seed)
    if kind == "random":
        return RandomBot(seed)
    raise BotError(f"no bot called {kind!r}: choose from {', '.join(KINDS)}")


@dataclass(frozen=True)
class Result:
    """Mean net per hand of each bot, with the half-width of its 95% interval."""

    deals: int
    hands: int
    means: dict[str, float]
    half_widths: dict[str, float]
    seats: dict[str, int]
    """How many of the four seats each bot holds in the line-up."""
    seconds: float
    diffs: dict[tuple[str, str], tuple[float, float]]
    """For each two bots, the first's mean net per hand less the second's, paired deal by deal,
    with the half-width of its 95% interval (the first is ahead where it is all above zero)."""

    def table(self) -> str:
        lines = [f"{self.hands} hands ({self.deals} deals × 4 rotations) in {self.seconds:.0f} s",
                 f"{'bot':<8} {'seats':>5} {'mean net per hand':>18} {'95% interval':>22}"]
        for b in sorted(self.means, key=lambda b: -self.means[b]):
            m, h = self.means[b], self.half_widths[b]
            lines.append(f"{b:<8} {self.seats[b]:>5} {m:>+18.2f} {f'[{m - h:+.2f}, {m + h:+.2f}]':>22}")
        for (a, b), (m, h) in self.diffs.items():
            if m >= 0:
                lines.append(f"{a} − {b}: {m:+.2f} a hand, 95% interval [{m - h:+.2f}, {m + h:+.2f}]")
        return "\n".join(lines)


def _deal(args: tuple[int, tuple[str, ...], int, Rules]) -> dict[str, float]:
    """Play one deal in the four rotations; each bot's mean net per hand in it."""
    i, lineup, samples, rules = args
    base = Deal.random(random.Random(i), banker=i % 4, rules=rules)
    hands = [base.initial_holding(s) for s in range(4)]
    totals: dict[str, float] = {b: 0.0 for b in lineup}
    counts: dict[str, int] = {b: 0 for b in lineup}
    for rot in range(4):
        kinds = lineup[rot:] + lineup[:rot]
        bots = [make_bot(k, i * 16 + rot * 4 + s, samples) for s, k in enumerate(kinds)]
        d = play_hand(Deal(hands, banker=base.banker, rules=rules), bots)
        net = d.settlement().net
        for s, k in enumerate(kinds):
            totals[k] += net[s]
            counts[k] += 1
    return {k: totals[k] / counts[k] for k in totals}


def run(deals: int = 500, lineup: Sequence[str] = ("search", "rule", "random", "rule"), samples: int = 32,
        seed: int = 0, jobs: int = 1, rules: Rules | None = None) -> Result:
    """Play ``deals`` deals (×4 rotations) with ``lineup`` (four bot names, one per seat)."""
    lineup = tuple(lineup)
    if len(lineup) != 4:
        raise BotError(f"a line-up names four bots, one per seat, not {len(lineup)}")
    for k in lineup:
        make_bot(k, 0, 1)  # checks the name
    r = Rules() if rules is None else rules
    if not r.scored:
        raise BotError("小天九 has no settlement (R-S3): there is no net to compare")
    t0 = time.perf_counter()
    work = [(seed * 1_000_003 + i, lineup, samples, r) for i in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            per_deal = list(ex.map(_deal, work, chunksize=4))
    else:
        per_deal = [_deal(w) for w in work]
    means: dict[str, float] = {}
    halves: dict[str, float] = {}
    for k in dict.fromkeys(lineup):
        xs = [p[k] for p in per_deal]
        means[k] = statistics.fmean(xs)
        halves[k] = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    seats = {k: lineup.count(k) for k in means}
    diffs: dict[tuple[str, str], tuple[float, float]] = {}
    for a in means:
        for b in means:
            if a != b:
                xs = [p[a] - p[b] for p in per_deal]
                half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
                diffs[(a, b)] = (statistics.fmean(xs), half)
    return Result(deals, deals * 4, means, halves, seats, time.perf_counter() - t0, diffs)


def move_times(kind: str, deals: int = 8, samples: int = 32, seed: int = 0) -> str:
    """What a bot costs to play with: ``deals`` seeded deals played by four bots of ``kind`` in
    one process, each move timed; the seconds a hand and, by tiles in the mover's hand, each
    move's median, 95th percentile and maximum (seconds). One process: run it on a quiet machine.

    >>> print(move_times("rule", deals=1).splitlines()[0].split(":")[0])
    rule
    """
    times: dict[int, list[float]] = {}
    start = time.perf_counter()
    for i in range(deals):
        deal = Deal.random(random.Random(seed * 100_003 + i), banker=i % 4)
        bots = [make_bot(kind, (seed * 100_003 + i) * 4 + s, samples) for s in range(4)]
        while not deal.is_over:
            seat = deal.to_play
            assert seat is not None
            tiles = len(deal.holding(seat))
            t = time.perf_counter()
            move = bots[seat].choose(deal.view(seat))
            times.setdefault(tiles, []).append(time.perf_counter() - t)
            deal.push(move)
    total = time.perf_counter() - start
    lines = [f"{kind}: {deals} deals, {total / max(deals, 1):.2f} s a hand",
             f"{'tiles':>5} {'moves':>6} {'median':>8} {'p95':>8} {'max':>8}"]
    for n in sorted(times, reverse=True):
        xs = sorted(times[n])
        p95 = xs[min(len(xs) - 1, math.ceil(0.95 * len(xs)) - 1)]
        lines.append(f"{n:>5} {len(xs):>6} {statistics.median(xs):>8.3f} {p95:>8.3f} {xs[-1]:>8.3f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.tournament", description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=500,
                   help="deals, each played in 4 rotations (default 500 = 2,000 hands)")
    p.add_argument("--lineup", default="search,rule,random,rule", help="four bots, one per seat")
    p.add_argument("--samples", type=int, default=32, help="the search bot's samples per decision")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--times", metavar="BOT[,BOT…]",
                   help="instead of a tournament: each bot's time a move, four of it playing --deals deals")
    a = p.parse_args(argv)
    if a.times:
        for kind in a.times.split(","):
            make_bot(kind, 0, a.samples)  # an unknown name is refused before any play
        print("\n\n".join(move_times(k, a.deals, a.samples, a.seed) for k in a.times.split(",")))
        return 0
    res = run(a.deals, tuple(a.lineup.split(",")), a.samples, a.seed, a.jobs)
    print(res.table())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
