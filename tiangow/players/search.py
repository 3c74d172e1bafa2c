"""The search player: sample the hidden tiles, search each sample, pick the best on average.

For each decision the bot deals the tiles it has not seen at random among the other hands
and their face-down discards (:func:`tiangow.players.base.sample_deal`: a sample is consistent
with everything the seat has seen), and scores every action open to it in every sample:

- **near the end** (what :meth:`tiangow.policy.SearchPolicy.plan` calls exact) by exact
  perfect-information search with a transposition table (:func:`tiangow.search.step_values`):
  the net the action guarantees whatever the others do — with a budget (the coach's), only as
  many samples as that much search allows, and played out as below when too few fit;
- **earlier**, when an exact search would take minutes, by playing the sample out to the end
  with the rule-based player in every seat (each deciding from its own knowledge in that
  sample) after the action, and counting the net the seat ends with — or, with an exact
  ending (the coach's), playing it out only until each hand has that many tiles, then along a
  line of best play, so that the end of every playout is exact; and with its own best steps
  (the coach's too) the seat's steps before then are its best in the sample against the
  rule-based play of the other three, not the rule-based player's.

An action's score is its mean over the samples (immediate rewards and the final settlement
included, as in :meth:`tiangow.Deal.settlement`); the bot plays the best. The same numbers
give the hints their "expected outcome of each option".

>>> from tiangow import Deal
>>> from tiangow.players import SearchBot, play_hand
>>> d = play_hand(Deal.random(5), [SearchBot(seed=s, samples=4) for s in range(4)])
>>> d.is_over
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..combos import Combination
from ..deal import DealView
from ..move import Move
from ..policy import POLICY, Plan, SearchPolicy
from ..search import (
    TT,
    SearchStats,
    SearchTooLong,
    core_budget_share,
    core_discards,
    core_playouts,
    rule_line,
    step_values,
)
from ..state import State, Step
from .base import BotError, check_view, sample_state, step_of
from .rule import rule_move

__all__ = ["SearchBot", "Option", "Outlook"]


@dataclass(frozen=True)
class Outlook:
    """What happened to the seat after an action, counted over the samples, each followed
    to the end of the hand along one line: a line of best play (every seat; the seat's net is
    the sample's exact value) when the samples are searched exactly, the rule-based player's
    playout otherwise. The coach's reasons are read off these counts."""

    samples: int
    wins: int
    """Samples in which the seat won the hand (took the last trick, R-W1)."""
    tricks: int
    """Samples in which the seat took the trick this action was part of (and so leads next)."""
    blanks: int
    """Samples in which the seat ended the hand with no stack (空棟, R-$2)."""
    stacks: int
    """The seat's stacks at the end, summed over the samples."""
    bonus: int
    """Immediate rewards (賀尊, 四大賀: R-$5, R-$6) to the seat after the action, summed."""
    last: tuple[tuple[Combination, int], ...] = ()
    """What the seat won the last trick with, and in how many samples, most often first."""

    @property
    def mean_stacks(self) -> float:
        return self.stacks / self.samples if self.samples else 0.0


class _Tally:
    __slots__ = ("samples", "wins", "tricks", "blanks", "stacks", "bonus", "last")

    def __init__(self) -> None:
        self.samples = self.wins = self.tricks = self.blanks = self.stacks = self.bonus = 0
        self.last: Counter[Combination] = Counter()

    def add(self, other: _Tally) -> None:
        self.samples += other.samples
        self.wins += other.wins
        self.tricks += other.tricks
        self.blanks += other.blanks
        self.stacks += other.stacks
        self.bonus += other.bonus
        self.last.update(other.last)

    def outlook(self) -> Outlook:
        return Outlook(self.samples, self.wins, self.tricks, self.blanks, self.stacks, self.bonus,
                       tuple(self.last.most_common()))


def _follow(st: State, me: int, action: Step | None, steps: Callable[[State], Step],
            tally: _Tally | None = None) -> int:
    """Take ``action`` (if any), then play ``st`` to the end, each step ``steps(st)``;
    ``me``'s net from here (immediate rewards + settlement), counting into ``tally`` what
    befell ``me`` (the trick in progress is the one ``action`` belongs to). ``st`` is restored."""
    total = 0
    n = 0
    taker = -1
    step = action
    try:
        while st.to_play is not None:
            if step is None:
                step = steps(st)
            resolves = st.acted == 3
            paid = st.push(step)
            step = None
            n += 1
            if paid is not None:
                total += paid.net[me]
            if resolves and taker < 0 and st.won is not None:
                taker = st.won[0]
        total += st.final_net()[me]
        if tally is not None:
            tally.samples += 1
            tally.wins += st.winner == me
            tally.tricks += taker == me
            tally.blanks += st.stacks[me] == 0
            tally.stacks += st.stacks[me]
            tally.bonus += total - st.final_net()[me]
            if st.winner == me and st.best is not None:
                tally.last[st.best] += 1
    finally:  # also when a step gave up (a search past its budget)
        for _ in range(n):
            st.pop()
    return total


@dataclass(frozen=True)
class Option:
    """One action open to the seat and how it fared across the samples."""

    move: Move
    mean: float
    """Mean net for the seat after this action (immediate rewards + settlement)."""
    stderr: float
    """Standard error of the mean over the samples."""
    samples: int
    exact: bool
    """Whether each sample was searched exactly (else played out by the rule-based player)."""
    win_rate: float | None
    """Share of samples in which the seat went on to win the hand when played out (``None``
    for exact search, which gives guaranteed nets, not lines)."""
    low: float = 0.0
    """The lowest net over the samples."""
    high: float = 0.0
    """The highest net over the samples (equal to ``low`` when every sample agrees: with exact
    search, the net is then guaranteed whatever the hidden tiles are)."""
    outlook: Outlook | None = None
    """What befell the seat along each sample's line (when the bot was asked for lines)."""
    ending: int | None = None
    """When the samples were played out: from how many tiles a hand each playout was followed
    along a line of best play instead of by the rule-based player (``None``: to the end)."""
    own_best: bool = False
    """When the samples were played out to an exact ending: whether the seat's own turns before
    it were its best in each sample (against the rule-based play of the other three) rather than
    the rule-based player's."""
    left_out: int = 0
    """Deals drawn but left out: each would have taken more than its share of the exact budget
    to search (:attr:`tiangow.policy.SearchPolicy.sample_share`). The figures are over the ``samples`` searched."""


def _option(mv: Step, total: float, square: float, low: float, high: float, tally: _Tally, n: int,
            exact: bool, lines: bool, ending: int | None, own_best: bool = False, left_out: int = 0) -> Option:
    mean = total / n
    var = max(0.0, square / n - mean * mean)
    return Option(Move.of(mv), mean, math.sqrt(var / n), n, exact, None if exact else tally.wins / n, low, high,
                  tally.outlook() if lines or not exact else None, ending,
                  own_best and not exact and ending is not None, left_out if exact else 0)


def _core_tally(st: State, result: tuple[int, ...]) -> tuple[int, _Tally]:
    """One option's net and counts from the core's playout (:data:`tiangow.coreabi.PLAYOUT`)."""
    net, win, trick, stacks, bonus, last = result
    tally = _Tally()
    tally.samples = 1
    tally.wins = win
    tally.tricks = trick
    tally.blanks = stacks == 0
    tally.stacks = stacks
    tally.bonus = bonus
    if win and last >= 0:
        tally.last[st.tab.plays[last]] += 1
    return net, tally


class SearchBot:
    """Samples the hidden tiles and searches each sample (see the module text).

    ``policy``: the knobs (:class:`tiangow.policy.SearchPolicy`); :meth:`plan_for` asks it what
    each decision gets — a search bot's (``coach=False``) or a coach's hint's. ``samples``:
    the deals a decision scores each option on instead of the policy's (before a coach's
    factors). ``lines``: also follow each exact sample along a line of best play, so that every
    option carries its :class:`Outlook` (played-out samples always do).
    """

    name = "search"

    def __init__(self, seed: int | random.Random | None = None, policy: SearchPolicy = POLICY,
                 samples: int | None = None, lines: bool = False, coach: bool = False) -> None:
        if not isinstance(policy, SearchPolicy):
            raise BotError(f"a search bot's policy is a tiangow.policy.SearchPolicy, not {type(policy).__name__}")
        if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
            raise BotError(f"samples is a whole number of deals, 1 or more, not {samples!r}")
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.policy = policy
        self.samples = samples
        self.coach = coach
        self.lines = lines
        self.max_discards = policy.max_discards
        self.stats = SearchStats()
        self.used: list[State] = []
        """The samples behind the figures of the last :meth:`options` (for :meth:`score`)."""

    def plan_for(self, tiles: int) -> Plan:
        """What a decision with ``tiles`` tiles in the seat's hand gets, on the core in use
        (:meth:`tiangow.policy.SearchPolicy.plan`)."""
        return self.policy.plan(tiles, core_budget_share(), self.coach, self.samples)

    def options(self, view: DealView, extra: Sequence[Move] = ()) -> list[Option]:
        """Every move considered (and any ``extra`` moves), with its score, best first."""
        check_view(view)
        me = view.seat
        assert me is not None
        first = sample_state(view, self.rng)
        moves = self._candidates(first)
        for move in extra:
            mv = step_of(first, move)
            if mv not in moves:
                moves.append(mv)
        if len(moves) == 1:
            return [Option(Move.of(moves[0]), 0.0, 0.0, 0, False, None)]
        plan = self.plan_for(first.left)
        exact = plan.exact
        sums = {mv: 0.0 for mv in moves}
        squares = {mv: 0.0 for mv in moves}
        lows = {mv: math.inf for mv in moves}
        highs = {mv: -math.inf for mv in moves}
        tallies = {mv: _Tally() for mv in moves}
        used: list[State] = []
        lines = self.lines
        budget = plan.budget if exact else None
        n = plan.samples
        left_out = 0
        if exact:
            # Each sample searched exactly; with a budget, as many as it allows (a sample that
            # would overrun it, or its share of it, is dropped whole and the next one drawn), and
            # played out instead if too few fit.
            start = self.stats.nodes
            done = 0
            for i in range(2 * n if budget is not None else n):
                if done == n:
                    break
                st = first.copy() if i == 0 else sample_state(view, self.rng)
                if budget is not None:
                    self.stats.limit = min(start + budget,
                                           self.stats.nodes + max(1, budget // self.policy.sample_share))
                try:
                    tt: TT = {}
                    values = [(mv, v) for mv, v in step_values(st, tt=tt, stats=self.stats) if mv in sums]
                    sample_tallies = {mv: _Tally() for mv, _ in values}
                    if lines:
                        for mv, v in values:
                            self._line(st, me, mv, v, tt, sample_tallies[mv])
                except SearchTooLong:
                    if budget is None or self.stats.nodes >= start + budget:
                        break
                    left_out += 1  # past its share: the next deal
                    continue
                finally:
                    self.stats.limit = 0
                for mv, v in values:
                    sums[mv] += v
                    squares[mv] += v * v
                    lows[mv], highs[mv] = min(lows[mv], v), max(highs[mv], v)
                    tallies[mv].add(sample_tallies[mv])
                used.append(st.copy())
                done += 1
            if done >= (self.policy.min_exact_samples if budget is not None else 1):
                n = done
            else:
                exact = False
                left_out = 0
                n = plan.samples
                used = []
                for mv in moves:
                    sums[mv] = squares[mv] = 0.0
                    lows[mv], highs[mv] = math.inf, -math.inf
                    tallies[mv] = _Tally()
        ending = None
        if not exact:
            ending = plan.ending
            while True:
                # With an exact budget, as many playouts as its exact endings allow; when too few
                # fit, the endings start a tile later, and at last the rule-based player plays on.
                budget = plan.budget if ending is not None else None
                used = []
                done = self._play_out(view, first, moves, n, ending, budget, sums, squares, lows, highs, tallies,
                                      used, plan.own_best)
                if budget is None or done >= self.policy.min_ending_samples:
                    n = done
                    break
                for mv in moves:
                    sums[mv] = squares[mv] = 0.0
                    lows[mv], highs[mv] = math.inf, -math.inf
                    tallies[mv] = _Tally()
                ending = ending - 1 if ending is not None and ending > self.policy.last_ending else None
        self.used = used
        out = [_option(mv, sums[mv], squares[mv], lows[mv], highs[mv], tallies[mv], n, exact, lines, ending,
                       plan.own_best, left_out) for mv in moves]
        preferred = Move.of(rule_move(first))
        out.sort(key=lambda o: (-o.mean, o.move != preferred))
        return out

    def score(self, view: DealView, move: Move, like: Option, samples: Sequence[State]) -> Option:
        """``move`` scored on the very ``samples`` behind ``like`` (an option of the last
        :meth:`options` at ``view``, whose samples :attr:`used` holds) and the same way (searched
        exactly, or played out ending as ``like``'s did), so that the two options' figures
        compare sample by sample: a move the options left out, marked against the recommendation."""
        me = view.seat
        if me is None or not samples or len(samples) != like.samples:
            raise BotError("score() takes the samples behind the option it is compared with")
        mv = step_of(samples[0], move)
        total = square = 0.0
        low, high = math.inf, -math.inf
        tally = _Tally()
        for st in samples:
            one = _Tally()
            if like.exact:
                tt: TT = {}
                v = dict(step_values(st, tt=tt, stats=self.stats))[mv]
                if self.lines:
                    self._line(st, me, mv, v, tt, one)
            else:
                ((_, v, one),) = self._playouts(st, me, [mv], like.ending, like.own_best)
            total, square = total + v, square + v * v
            low, high = min(low, v), max(high, v)
            tally.add(one)
        return _option(mv, total, square, low, high, tally, len(samples), like.exact, self.lines, like.ending,
                       like.own_best)

    def _line(self, st: State, me: int, mv: Step, v: int, tt: TT, tally: _Tally) -> None:
        """Follow ``mv`` along a line of best play worth ``v`` to ``me``, counting into ``tally``."""
        paid = st.push(mv)
        try:
            d = 0 if paid is None else paid.net[me]
            line = iter(rule_line(st, me, v - d, tt, self.stats))
        finally:  # also when the search gives up past its budget
            st.pop()
        got = _follow(st, me, mv, lambda _: next(line), tally)
        assert got == v, f"a line of best play worth {got}, not {v}"

    def _play_out(self, view: DealView, first: State, moves: list[Step], n: int, ending: int | None,
                  budget: int | None, sums: dict[Step, float], squares: dict[Step, float],
                  lows: dict[Step, float], highs: dict[Step, float], tallies: dict[Step, _Tally],
                  used: list[State] | None = None, own_best: bool = False) -> int:
        """Play ``n`` samples out after each of ``moves`` (ending exactly from ``ending`` tiles a
        hand), adding into the figures; with a ``budget`` of positions for the exact endings, a
        sample that would overrun it is dropped whole and the rest are not played. Returns the
        samples played."""
        me = view.seat
        assert me is not None
        start = self.stats.nodes
        done = 0
        for i in range(n):
            st = first if i == 0 else sample_state(view, self.rng)
            if budget is not None:
                self.stats.limit = start + budget
            try:
                values = self._playouts(st, me, moves, ending, own_best)
            except SearchTooLong:
                break
            finally:
                self.stats.limit = 0
            for mv, v, tally in values:
                sums[mv] += v
                squares[mv] += v * v
                lows[mv], highs[mv] = min(lows[mv], v), max(highs[mv], v)
                tallies[mv].add(tally)
            if used is not None:
                used.append(st.copy())
            done += 1
        return done

    def _playouts(self, st: State, me: int, moves: Sequence[Step], ending: int | None,
                  own_best: bool) -> list[tuple[Step, int, _Tally]]:
        """Each of ``moves`` played out in the sample ``st`` by the search's core
        (:func:`tiangow.search.core_playouts`): the rule-based player in every seat — in ``me``'s,
        with ``own_best``, its best step in the sample instead — until each hand has ``ending``
        tiles, then a line of best play (``None``: the rule-based player to the end). Each
        move's net for ``me`` and what befell it, in ``moves``' order; the positions searched
        count into :attr:`stats`, within its limit (past it, :class:`~tiangow.search.SearchTooLong`)."""
        got = core_playouts(st, me, moves, 0 if ending is None else ending, own_best and ending is not None,
                            self.max_discards, self.stats)
        return [(mv, *_core_tally(st, r)) for mv, r in zip(moves, got, strict=True)]

    def _candidates(self, st: State, few: bool = False) -> list[Step]:
        """The steps the seat to act considers: every one once its search is exact, else (or
        when ``few``) its plays and its :attr:`max_discards` lowest discards by keep-value."""
        moves = st.moves()
        if self.plan_for(st.left).exact and not few:
            return moves
        plays = [m for m in moves if type(m) is not int]
        return plays + core_discards(st, self.max_discards)

    def choose(self, view: DealView) -> Move:
        return self.options(view)[0].move
