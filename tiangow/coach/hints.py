"""Coaching: a nudge, then the recommended play with the outcome of every option, then a mark.

A :class:`Coach` advises one seat from its own view (it never sees hidden tiles):

1. :meth:`Coach.nudge` — what to think about, without giving the answer ("you hold the last
   天…", "this is the last trick…"), citing the rule;
2. :meth:`Coach.hint` — the recommended action with its reason, and every action's expected
   outcome (the search player's scores: mean net over samples of the hidden tiles, and how
   often the hand is won);
3. :meth:`Coach.mark` — after the learner acts, **best**, **fine** or **mistake**, by how much
   the action's expected net falls short of the best one (as bridge solvers mark each card).

>>> from tiangow import Deal
>>> coach = Coach(seed=1, samples=8)
>>> d = Deal.random(11)
>>> h = coach.hint(d.view(0))
>>> h.recommended in [o.move for o in h.options]
True
>>> coach.mark(d.view(0), h.recommended).mark
<Mark.BEST: 'best'>
"""

from __future__ import annotations

import enum
import random
import zlib
from dataclasses import dataclass

from ..deal import DealView
from ..errors import IllegalPlay
from ..i18n import T, Text
from ..move import Move
from ..players.base import BotError, check_view
from ..players.search import Option, SearchBot
from ..policy import POLICY, Plan, SearchPolicy
from ..search import core_budget_share
from ..state import State
from .text import facts, mark_text, next_best, nudge_for, reason_for, short_text
from .why import Why, compare

__all__ = ["Coach", "Hint", "Mark", "Marked", "mark_for", "ranking_note"]

class Mark(enum.Enum):
    """How good an action was, against the best one open."""

    BEST = "best"
    FINE = "fine"
    MISTAKE = "mistake"

    def label(self) -> Text:
        return {Mark.BEST: T("最佳", "best"), Mark.FINE: T("可以", "fine"),
                Mark.MISTAKE: T("失誤", "mistake")}[self]


def mark_for(loss: float, exact: bool, policy: SearchPolicy = POLICY) -> Mark:
    """The mark for an action whose expected net is ``loss`` short of the best option's
    (:meth:`tiangow.policy.SearchPolicy.margins`).

    >>> mark_for(0.2, True), mark_for(0.6, True), mark_for(1.2, True), mark_for(1.2, False)
    (<Mark.BEST: 'best'>, <Mark.FINE: 'fine'>, <Mark.MISTAKE: 'mistake'>, <Mark.FINE: 'fine'>)
    """
    best, fine = policy.margins(exact)
    if loss <= best:
        return Mark.BEST
    return Mark.FINE if loss <= fine else Mark.MISTAKE


@dataclass(frozen=True)
class Hint:
    """Advice for one position: the nudge, and the recommendation with every option."""

    seat: int
    nudge: Text
    recommended: Move
    reason: Text
    options: tuple[Option, ...]
    """Every action considered, best first, with its expected outcome."""
    exact_from: int = 3
    """From how many tiles in each hand the coach searches each sample exactly (before that it
    plays each sample out: see :attr:`ending_from` and :attr:`Option.own_best`)."""
    why: Why | None = None
    """Why the recommendation beats the next best option, when the samples can tell them apart."""
    too_long: bool = False
    """The position was near enough the end for exact search, but searching enough samples
    would have taken longer than a hint may (the coach's exact budget): played out instead."""
    ending_from: int | None = None
    """When the samples were played out: from how many tiles a hand each playout was searched
    exactly to the end instead of played by the rule-based player (``None``: played to the end)."""

    @property
    def exact(self) -> bool:
        return bool(self.options) and self.options[0].exact

    def outcome(self, move: Move) -> Option | None:
        for o in self.options:
            if o.move == move:
                return o
        return None


@dataclass(frozen=True)
class Marked:
    """The mark on an action, how much it cost and why."""

    mark: Mark
    loss: float
    """How far its expected net falls short of the best option's."""
    yours: Option
    best: Option
    text: Text
    why: Why | None = None
    """Why the best option does better, from the samples (for fine actions and mistakes)."""


def ranking_note(h: Hint) -> Text | None:
    """One line when the recommended move is not the one most likely to win the hand: the hint
    ranks by expected money, and a likelier win can cost more when it fails."""
    rec = h.options[0] if h.options else None
    if rec is None or rec.win_rate is None:
        return None
    likelier = max(h.options, key=lambda o: (o.win_rate or 0.0, o.mean))
    if likelier is rec or (likelier.win_rate or 0.0) <= rec.win_rate + 0.005:
        return None
    less = short_text(rec.mean - likelier.mean)
    return T(f"建議按平均淨輸贏排名，不按贏局的機會：另一個選擇贏局較多（{round(100 * (likelier.win_rate or 0))}% 對 "
             f"{round(100 * rec.win_rate)}%），但平均少{less.zh}——"
             "不成功時輸得更多，或者贏的時候贏得較少。",
             f"The hint ranks by expected money, not by the chance of winning the hand: another action wins more "
             f"often ({round(100 * (likelier.win_rate or 0))}% against {round(100 * rec.win_rate)}%) but nets "
             f"{less.en} less on average — it loses more when it fails, or wins less.")


class Coach:
    """Hints and marks for the seat to act, from its own view. Seeded: the same position
    gets the same advice; results are kept per position until :meth:`forget`.

    ``policy``: the knobs (:class:`tiangow.policy.SearchPolicy`): :meth:`plan_for` says what a
    hint gets — how many deals of the hidden tiles, searched exactly or played out, within what
    budget; ``samples``: the deals a hint scores each option on instead of the policy's
    ``coach_samples`` (before its factors: a cheaper coach, where the advice is not what is
    being tried).
    """

    def __init__(self, seed: int | None = None, samples: int | None = None, policy: SearchPolicy = POLICY) -> None:
        if not isinstance(policy, SearchPolicy):
            raise BotError(f"a coach's policy is a tiangow.policy.SearchPolicy, not {type(policy).__name__}")
        if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
            raise BotError(f"samples is a whole number of deals, 1 or more, not {samples!r}")
        self.seed = 0 if seed is None else seed
        self.policy = policy
        self.samples = policy.coach_samples if samples is None else samples
        self._cache: dict[tuple[object, ...], Hint] = {}
        self._samples: dict[tuple[object, ...], list[State]] = {}
        """The samples behind each cached hint's figures (a move it left out is scored on them)."""

    def plan_for(self, view: DealView) -> Plan:
        """What a hint at ``view`` gets, on the core in use (:meth:`tiangow.policy.SearchPolicy.plan`)."""
        return self.policy.plan(view.hand_sizes[view.seat or 0], core_budget_share(), True, self.samples)

    def _bot(self, view: DealView) -> SearchBot:
        # One stream per position, so advice does not depend on what was asked before.
        key = zlib.crc32(repr((self.seed, _key(view))).encode())
        return SearchBot(random.Random(key), self.policy, samples=self.samples, lines=True, coach=True)

    def nudge(self, view: DealView) -> Text:
        """Stage one: what to think about (no answer given)."""
        return self.hint(view).nudge

    def hint(self, view: DealView) -> Hint:
        """Stage two: the recommended action, why, and every option's expected outcome."""
        check_view(view)
        key = _key(view)
        found = self._cache.get(key)
        if found is not None:
            return found
        bot = self._bot(view)
        options = tuple(bot.options(view))
        self._samples[key] = bot.used
        rec = options[0].move
        f = facts(view)
        why = None
        reason = reason_for(f, rec, options[0].outlook)
        if len(options) > 1:
            runner = options[1]
            gap = options[0].mean - runner.mean
            if gap > self.policy.margins(options[0].exact)[0]:  # else the figures cannot tell the two apart
                why = compare(runner, options[0], view)
            against = next_best(runner, view, why)
            reason = against if reason is None else reason + T("", " ") + against
        elif reason is None:
            reason = T("只有這一個選擇。", "It is the only action open.")
        too_long = len(options) > 1 and not options[0].exact and self.plan_for(view).exact
        ending = None if len(options) == 1 else options[0].ending
        h = Hint(view.seat or 0, nudge_for(f, rec), rec, reason, options, self.policy.coach_exact_tiles, why, too_long,
                 ending)
        self._cache[key] = h
        return h

    def mark(self, view: DealView, move: Move) -> Marked:
        """The mark on ``move`` taken in the position ``view`` (before it was taken)."""
        if not isinstance(move, Move):
            raise BotError(f"mark() takes a tiangow.Move, not {type(move).__name__}")
        h = self.hint(view)
        yours = h.outcome(move)
        best = h.options[0]
        if yours is None:
            # a move the hint left out (a discard it did not try): scored on the hint's own
            # samples, the same way, so the mark's figures for the best are the hint's
            samples = self._samples.get(_key(view), [])
            try:
                yours = self._bot(view).score(view, move, best, samples)
            except (IllegalPlay, BotError):
                raise BotError(f"{move} is not open to this seat now") from None
            if yours.mean > best.mean:
                best = yours
        loss = max(0.0, best.mean - yours.mean)
        exact = yours.exact
        mark = Mark.BEST if yours.move == best.move else mark_for(loss, exact, self.policy)
        why = compare(yours, best, view) if mark is not Mark.BEST else None
        only = len(h.options) == 1 and yours.samples == 0
        return Marked(mark, loss, yours, best, mark_text(view, move, mark.value, loss, yours, best, why, only), why)

    def forget(self) -> None:
        """Drop the advice kept for earlier positions."""
        self._cache.clear()
        self._samples.clear()


def _key(view: DealView) -> tuple[object, ...]:
    acts = tuple((a.seat, a.kind, a.tiles, a.size) for tr in (*view.tricks, *((view.current,) if view.current else ()))
                 for a in tr.actions)
    return (view.seat, view.banker, view.streak, view.rules, view.hands[view.seat or 0], acts)
