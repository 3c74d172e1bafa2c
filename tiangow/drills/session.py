"""A game at the table: the learner in one seat, three bots in the others, hand after hand.

:class:`Session` holds everything lesson 08 shows, with no widgets: the deal (seeded: "deal
again" and "replay this deal"), whose turn, the learner's checked actions (an illegal one is
explained in words, never raised), undo of the learner's last action, the coach's hints and
marks, the settlement, the next banker and streak (R-B1), and the running score.

>>> s = Session(seat=0, seed=4, opponents="rule", coach_samples=4)  # (a quick coach)
>>> while not s.is_over:
...     if s.learner_to_act:
...         h = s.hint()
...         r = s.act(h.recommended)
...         assert r.ok and r.marked is not None and r.marked.mark.value == "best"
...     else:
...         _ = s.bot_step()
>>> sum(s.deal.settlement().net), s.hands_played
(0, 0)
>>> s.next_hand(); s.hands_played, sum(s.totals)
(1, 0)
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any, Literal

from ..coach import ahead
from ..coach.hints import Coach, Hint, Mark, Marked
from ..coach.record import HandRecord, Judged, opponent
from ..coach.review import Review
from ..deal import Action, Deal
from ..errors import IllegalPlay
from ..i18n import T, Text, seat_name
from ..move import Move
from ..players.base import Bot, BotError
from ..policy import POLICY, SearchPolicy
from ..rules import Rules
from ..scoring import Settlement

__all__ = ["Session", "ActResult", "Opponents", "SNAPSHOT_VERSION", "PAST_KEPT", "LEARNABLE", "LEARNABLE_POLICY",
           "STRONG", "opponent_kind"]

PAST_KEPT = 5
"""How many finished hands of the session are kept for review."""

SNAPSHOT_VERSION = 1
"""The version of :meth:`Session.snapshot`'s form; :meth:`Session.restore` reads this one."""

Opponents = Literal["search", "rule"]
"""The learner's choice of opponents: ``"search"`` the strong ones (:data:`STRONG`), ``"rule"``
the rule-based bots."""

STRONG = "model"
"""The bots behind the strong opponents (a kind of :func:`~tiangow.coach.record.opponent`): the
coach's own model (:class:`~tiangow.players.model.ModelBot`), which is ahead of the search bot in
play (docs/performance.md, "The bots"), so the play the coach advises against is the play the
learner meets. A hand's record says which bots played it."""


def opponent_kind(opponents: Opponents) -> str:
    """The bots (a kind of :func:`~tiangow.coach.record.opponent`) behind the learner's choice."""
    return STRONG if opponents == "search" else "rule"

LEARNABLE: dict[int, tuple[int, ...]] = {
    0: (13, 15, 31, 33, 38, 42, 45, 51),
    1: (3, 7, 9, 10, 11, 13, 16, 30),
    2: (0, 2, 5, 12, 16, 17, 24, 26),
    3: (1, 2, 6, 8, 20, 23, 25, 40),
}
"""Deals to learn from, by the learner's seat: seeds of first hands (East the banker, the default
rules, the strong opponents) in which the coach, playing that seat's every action, wins the hand —
with the extension's budgets and with the browser's (the WebAssembly core at half of them: the
static site), so a learner who follows the coach can win it on either. ``tests/test_review.py``
plays the last three of each seat again both ways: a change to the search or the coach that
loses one of them takes it out of this list. ``python scripts/find_learnable.py`` finds them
afresh (after a change to the bots, for instance)."""

LEARNABLE_POLICY = "de0fb7a3"
"""The :attr:`~tiangow.policy.SearchPolicy.version` of the policy :data:`LEARNABLE` was found
with: ``tests/test_review.py`` fails when the package's policy is another, until the deals are
found again (``python scripts/find_learnable.py`` prints both)."""


@dataclass(frozen=True)
class ActResult:
    """What happened to the learner's action: done (with its mark) or refused (why)."""

    ok: bool
    message: Text
    action: Action | None = None
    marked: Marked | None = None


class Session:
    """The learner at ``seat`` against three bots (``opponents``: ``"search"``, the strong ones
    (:data:`STRONG`, drawing ``samples`` samples a decision), or ``"rule"``).

    The coach that gives the hints and marks the learner's actions is, by default, a new
    :class:`Coach` for each deal, seeded with it (the same deal, the same advice); ``coach``
    gives one coach for every hand instead — a cheaper one where the advice is not what is
    being tried (``Coach(seed, samples=2)``). ``policy``: the knobs of its coach and its reviews
    (:class:`tiangow.policy.SearchPolicy`)."""

    def __init__(self, seat: int = 0, rules: Rules | None = None, seed: int = 0, opponents: Opponents = "search",
                 samples: int = POLICY.strong_samples, coach_samples: int = POLICY.coach_samples,
                 open_ahead: bool = False, coach: Coach | None = None, policy: SearchPolicy = POLICY) -> None:
        self.policy = policy
        self.seat = _seat(seat)
        if coach is not None and not isinstance(coach, Coach):
            raise BotError(f"a session's coach is a Coach, not {type(coach).__name__}")
        self._coach = coach
        self.rules = _rules(rules)
        if opponents not in ("search", "rule"):
            raise BotError(f"opponents are 'search' or 'rule' bots, not {opponents!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BotError(f"a seed is a whole number, not {seed!r}")
        self.opponents: Opponents = opponents
        self.samples = samples
        self.coach_samples = coach_samples
        self.seed = seed
        self.hand_number = 1
        self.banker = 0
        self.streak = 1
        self.totals = [0, 0, 0, 0]
        self.hands_played = 0
        self.hands_won = 0
        self.marks: list[Mark] = []
        """The coach's mark on each of the learner's actions in this hand, in order."""
        self.judged: list[Judged] = []
        """The same actions with what each cost, why and the better action (for the review)."""
        self.past: list[HandRecord] = []
        """The session's earlier finished hands (the last :data:`PAST_KEPT`), oldest first."""
        self._banked: Deal | None = None
        self._current: tuple[object, HandRecord | None] = (None, None)
        self._ahead_key: str | None = None
        self.open_ahead = open_ahead
        """Whether each hand's all-hands-open net from the start is worked out while it is played,
        in another process, for its review (:mod:`tiangow.coach.ahead`: a server with the
        compiled core only)."""
        self.deal = self._new_deal()

    # -- dealing ---------------------------------------------------------------------------
    @property
    def deal_seed(self) -> int:
        """The seed of the deal in play (shown to the learner; the same seed, the same tiles)."""
        return self.seed + self.hand_number - 1

    def _new_deal(self) -> Deal:
        old = getattr(self, "deal", None)
        if old is not None and old.is_over:
            self.past = [*self.past, self.hand_record()][-PAST_KEPT:]
        kind = opponent_kind(self.opponents)
        self._dealt = (self.deal_seed, self.hand_number, self.seat, kind, self.samples)
        d = Deal.random(self.deal_seed, banker=self.banker, streak=self.streak, rules=self.rules)
        self.bots: list[Bot | None] = [
            None if s == self.seat else opponent(kind, self.deal_seed * 4 + s, self.samples)
            for s in range(4)
        ]
        self.coach = self._coach or Coach(self.deal_seed, samples=self.coach_samples, policy=self.policy)
        self.marks = []
        self.judged = []
        self._learner_views: list[int] = []  # history lengths before each learner action
        if self.open_ahead:
            self._work_ahead(d)
        return d

    def work_ahead(self) -> bool:
        """Start working out the hand in play's all-hands-open net from the start for the
        learner's seat, in another process or in steps, for its review (:func:`tiangow.coach.ahead.start`;
        nothing where that does not run). Whether it runs (or has already run)."""
        return self._work_ahead(self.deal)

    def _work_ahead(self, d: Deal) -> bool:
        if d.natural is not None:
            return False  # settled as dealt: nothing to search
        seed, number, seat, opponents, samples = self._dealt
        rec = HandRecord(seed, d.banker, d.streak, d.rules, seat, [], [], number, opponents, samples)
        self._ahead_key = rec.start_key()
        return ahead.start(self._ahead_key, rec.to_json())

    def stop_ahead(self) -> None:
        """Stop the work started for the hand in play (:meth:`work_ahead`) if it still runs."""
        if self._ahead_key is not None:
            ahead.cancel(self._ahead_key)
            self._ahead_key = None

    def deal_again(self) -> None:
        """A new deal (the next seed) with the same banker and streak; a finished hand is
        counted in the running score first."""
        self._bank()
        self.hand_number += 1
        self.deal = self._new_deal()

    def replay(self) -> None:
        """The same deal again from the start (same tiles, banker, bots)."""
        self.deal = self._new_deal()

    def next_hand(self) -> None:
        """After a finished hand: count it, pass the bank (R-B1) and deal the next hand."""
        if not self.deal.is_over:
            raise IllegalPlay("the hand is not over yet: finish it (or deal again) first (R-W1)")
        self.banker, self.streak = self.deal.next_deal_banker()
        self._bank()
        self.hand_number += 1
        self.deal = self._new_deal()

    def learn_from(self, seat: int | None = None) -> int:
        """Deal "a hand to learn from": one of :data:`LEARNABLE`'s deals for the
        learner's seat (``seat``: change it first), one the coach won from that seat against
        these opponents — so the hand can be won with good play. It is dealt as a first hand:
        East the banker, streak 1, the default rules and the strong opponents; a finished hand is
        counted in the running score first. Returns the deal's seed.

        >>> s = Session(seat=2, seed=900)
        >>> s.learn_from() in LEARNABLE[2], s.deal.banker, s.deal.streak, s.opponents
        (True, 0, 1, 'search')
        """
        if seat is not None:
            self.seat = _seat(seat)
        seeds = LEARNABLE[self.seat]
        # the first deal of the list after the one in play (wrapping round): never the same
        # deal twice running, and the same choice after a reload
        pick = seeds[bisect.bisect_right(seeds, self.deal_seed) % len(seeds)]
        self._bank()
        self.hand_number += 1
        self.seed = pick - (self.hand_number - 1)
        self.rules = Rules()
        self.opponents = "search"
        self.banker, self.streak = 0, 1
        self.deal = self._new_deal()
        return pick

    def change(self, seat: int | None = None, rules: Rules | None = None,
               opponents: Opponents | None = None) -> None:
        """Change the learner's seat, the variants or the opponents: a fresh deal."""
        if seat is not None:
            self.seat = _seat(seat)
        if rules is not None:
            self.rules = _rules(rules)
        if opponents is not None:
            if opponents not in ("search", "rule"):
                raise BotError(f"opponents are 'search' or 'rule' bots, not {opponents!r}")
            self.opponents = opponents
        self._bank()
        self.hand_number += 1
        self.deal = self._new_deal()

    def _bank(self) -> None:
        d = self.deal
        if d.is_over and self._banked is not d:
            net = d.settlement().net
            for s in range(4):
                self.totals[s] += net[s]
            self.hands_played += 1
            self.hands_won += d.winner == self.seat
            self._banked = d

    # -- state -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.deal.is_over

    @property
    def learner_to_act(self) -> bool:
        return self.deal.to_play == self.seat

    @property
    def settlement(self) -> Settlement | None:
        return self.deal.settlement() if self.deal.is_over else None

    @property
    def hands_in_score(self) -> int:
        """Hands the running score counts (this one too, once it is over)."""
        return self.hands_played + (1 if self.deal.is_over and self._banked is not self.deal else 0)

    @property
    def running(self) -> tuple[int, int, int, int]:
        """The running score: every counted hand, plus this one if it is over."""
        t = list(self.totals)
        d = self.deal
        if d.is_over and self._banked is not d:
            for s, n in enumerate(d.settlement().net):
                t[s] += n
        return (t[0], t[1], t[2], t[3])

    # -- saving -----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything that puts this table back exactly, as plain JSON: the seat, opponents,
        variants, seed, hand number, banker, streak, running score, and every action of the
        hand in play with the coach's marks on the learner's. :meth:`restore` replays it.

        >>> s = Session(seat=0, seed=4, opponents="rule")
        >>> _ = s.run_bots(); r = s.act(s.hint().recommended)
        >>> _ = s.run_bots()
        >>> t = Session.restore(s.snapshot())
        >>> t.snapshot() == s.snapshot() and t.deal.holding(0) == s.deal.holding(0)
        True
        """
        return {
            "v": SNAPSHOT_VERSION,
            "seat": self.seat,
            "opponents": self.opponents,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hand": self.hand_number,
            "banker": self.banker,
            "streak": self.streak,
            "totals": list(self.totals),
            "played": self.hands_played,
            "won": self.hands_won,
            "banked": self._banked is self.deal,
            "moves": [str(_move_of(a)) for a in self.deal.history],
            "marks": [m.value for m in self.marks],
            "judged": [j.to_json() for j in self.judged],
            "past": [p.to_json() for p in self.past],
            **self._worked_out(),
        }

    @classmethod
    def restore(cls, data: object, samples: int = POLICY.strong_samples,
                coach_samples: int = POLICY.coach_samples) -> Session:
        """The session a :meth:`snapshot` describes, its hand replayed action by action.

        Saved data comes from the browser, so it is checked like any input: raises
        :class:`tiangow.players.BotError` (a ``ValueError``) saying what does not fit, and a move
        that the rules refuse raises as :meth:`tiangow.Deal.play` does.

        >>> Session.restore({"v": 1, "seat": 5})
        Traceback (most recent call last):
        ...
        tiangow.players.base.BotError: a seat is 0–3 (East, South, West, North), not 5
        """
        if not isinstance(data, dict):
            raise BotError(f"a saved table is an object, not {type(data).__name__}")
        if data.get("v") != SNAPSHOT_VERSION:
            raise BotError(f"a saved table of version {data.get('v')!r}; this version reads {SNAPSHOT_VERSION}")

        def number(key: str, low: int, high: int) -> int:
            v = data.get(key)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise BotError(f"saved {key} must be a whole number from {low} to {high}, not {v!r}")
            return v

        session = cls(seat=_seat(data.get("seat")), rules=Rules.from_dict(data.get("rules", {})),
                      seed=number("seed", -10**6, 10**9), opponents=data.get("opponents"),  # type: ignore[arg-type]
                      samples=samples, coach_samples=coach_samples)
        session.hand_number = number("hand", 1, 10**6)
        session.banker = number("banker", 0, 3)
        session.streak = number("streak", 1, 10**6)
        session.hands_played = number("played", 0, 10**6)
        session.hands_won = number("won", 0, session.hands_played)
        totals = data.get("totals")
        if (not isinstance(totals, list) or len(totals) != 4
                or not all(isinstance(x, int) and not isinstance(x, bool) and abs(x) <= 10**9 for x in totals)):
            raise BotError(f"saved totals are four whole numbers, not {totals!r}")
        if sum(totals) != 0:
            raise BotError(f"saved totals must sum to zero (every payment has a payer, R-$1), not {totals!r}")
        session.totals = list(totals)
        moves, marks = data.get("moves"), data.get("marks")
        if not isinstance(moves, list) or len(moves) > 64:
            raise BotError(f"saved moves are a list of at most 64 moves, not {moves!r}")
        if not isinstance(marks, list) or not all(m in {k.value for k in Mark} for m in marks):
            raise BotError(f"saved marks are a list of best/fine/mistake, not {marks!r}")
        session.deal = session._new_deal()
        d = session.deal
        for text in moves:
            seat = d.to_play
            if seat is None:
                raise BotError(f"saved move {text!r} comes after the end of the hand")
            if seat == session.seat:
                session._learner_views.append(len(d.history))
            d.push(Move.parse(text))
        if len(marks) != len(session._learner_views):
            raise BotError(f"{len(marks)} saved marks for {len(session._learner_views)} actions of yours")
        session.marks = [Mark(m) for m in marks]
        judged = data.get("judged")
        if judged is None:  # saved before the review: the marks alone
            session.judged = [Judged(at, _move_of(d.history[at]), m, 0.0, None, m.label(), None)
                              for at, m in zip(session._learner_views, session.marks, strict=True)]
        else:
            if not isinstance(judged, list) or len(judged) != len(session._learner_views):
                raise BotError(f"saved judgements must be one for each of your {len(session._learner_views)} actions")
            session.judged = [Judged.from_json(j, at, _move_of(d.history[at]))
                              for j, at in zip(judged, session._learner_views, strict=True)]
            if [j.mark for j in session.judged] != session.marks:
                raise BotError("saved judgements do not match the saved marks")
        worked = data.get("review")
        if isinstance(worked, dict) and d.is_over:
            rec = HandRecord.from_json({**session.hand_record().to_json(), **{k: worked[k] for k in ("cn", "dd", "ds")
                                                                              if k in worked}})
            session._current = ((id(d), len(d.history), len(session.judged)), rec)
        past = data.get("past", [])
        if not isinstance(past, list) or len(past) > PAST_KEPT:
            raise BotError(f"saved earlier hands are a list of at most {PAST_KEPT}, not {type(past).__name__}")
        session.past = [HandRecord.from_json(p) for p in past]
        if data.get("banked") is True and d.is_over:
            session._banked = d
        return session

    # -- the bots --------------------------------------------------------------------------
    def bot_step(self) -> Action | None:
        """One bot action if a bot is to act; ``None`` when it is the learner's turn or over."""
        d = self.deal
        seat = d.to_play
        if seat is None or seat == self.seat:
            return None
        bot = self.bots[seat]
        assert bot is not None
        return d.push(bot.choose(d.view(seat)))

    def run_bots(self) -> list[Action]:
        """Let the bots act until the learner's turn or the end of the hand."""
        out = []
        while (a := self.bot_step()) is not None:
            out.append(a)
        return out

    # -- the learner -----------------------------------------------------------------------
    def act(self, move: Move) -> ActResult:
        """The learner makes ``move``. A refused move is explained in each language, citing
        the rule, and nothing changes; a taken one is marked by the coach."""
        d = self.deal
        if not isinstance(move, Move):
            return ActResult(False, T("先點選要出的牌。", "Select tiles first."))
        if d.is_over:
            return ActResult(False, T("這一局已經結束（R-W1）。", "The hand is over (R-W1)."))
        if d.to_play != self.seat:
            who = d.to_play or 0
            return ActResult(False, T(f"還沒輪到你：現在是{seat_name(who, 'zh-Hant')}出牌（R-P4）。",
                                      f"Not your turn yet: {seat_name(who)} is to act (R-P4)."))
        why = d.why_not(move)
        if why is not None:
            return ActResult(False, why.feedback())
        view = d.view(self.seat)
        marked = self.coach.mark(view, move)
        at = len(d.history)
        self._learner_views.append(at)
        action = d.push(move)
        self.marks.append(marked.mark)
        self.judged.append(Judged.of(at, move, marked))
        return ActResult(True, marked.text, action, marked)

    def hint(self) -> Hint:
        """The coach's advice for the learner's turn (raises if it is not the learner's turn)."""
        if self.deal.to_play != self.seat:
            raise IllegalPlay("a hint is for your own turn (R-P4)")
        return self.coach.hint(self.deal.view(self.seat))

    def undo(self) -> bool:
        """Take back the learner's last action and the bots' actions after it; ``False`` if
        the learner has not acted in this hand."""
        if not self._learner_views:
            return False
        target = self._learner_views.pop()
        d = self.deal
        while len(d.history) > target:
            d.pop()
        if self.marks:
            self.marks.pop()
        if self.judged:
            self.judged.pop()
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._learner_views)

    def _worked_out(self) -> dict[str, Any]:
        """What the review of the hand in play has worked out (so a reload does not redo it)."""
        key, rec = self._current
        if rec is None or key != (id(self.deal), len(self.deal.history), len(self.judged)):
            return {}
        out = {k: v for k, v in rec.to_json().items() if k in ("cn", "dd", "ds")}
        return {"review": out} if out else {}

    def hand_record(self) -> HandRecord:
        """The hand in play as a compact record (seed, banker, streak, rules, moves, marks)."""
        seed, number, seat, opponents, samples = self._dealt
        return HandRecord(seed, self.deal.banker, self.deal.streak, self.deal.rules, seat,
                          [_move_of(a) for a in self.deal.history], list(self.judged), number, opponents, samples)

    def review(self, hand: int | None = None) -> Review:
        """The review of the hand in play (``None``) or of an earlier one: ``hand`` is its index
        in :attr:`past` (``-1``: the last)."""
        if hand is None:
            # the same record while the hand stands, so what the review works out is kept
            key = (id(self.deal), len(self.deal.history), len(self.judged))
            if self._current[0] != key or self._current[1] is None:
                self._current = (key, self.hand_record())
            rec = self._current[1]
            assert rec is not None
            return Review(rec, self.coach_samples, self.policy)
        if isinstance(hand, bool) or not isinstance(hand, int) or not -len(self.past) <= hand < len(self.past):
            raise BotError(f"there are {len(self.past)} earlier hands to review, not one numbered {hand!r}")
        return Review(self.past[hand], self.coach_samples, self.policy)

    def mark_counts(self) -> dict[str, int]:
        """How many of the learner's actions in this hand were best, fine, mistakes."""
        out = {"best": 0, "fine": 0, "mistake": 0}
        for m in self.marks:
            out[m.value] += 1
        return out


def _move_of(a: Action) -> Move:
    return Move(a.tiles or (), a.kind == "discard")


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise BotError(f"a seat is 0–3 (East, South, West, North), not {seat!r}")
    return seat


def _rules(rules: object) -> Rules:
    r = Rules() if rules is None else rules
    if not isinstance(r, Rules):
        raise BotError(f"rules must be a tiangow.Rules, not {type(r).__name__}")
    if not r.scored:
        raise BotError("小天九 (hand_size=4) has no scoring in the sources (R-S3): the table plays 8 tiles each")
    return r
