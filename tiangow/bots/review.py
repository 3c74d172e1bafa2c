"""A finished hand, looked back on: every action in order with all four hands, the coach's mark
on each of the learner's (how much it cost, why, the better action), the costliest three, how
good the hand was to begin with, and a position before any of the learner's actions to try
again.

A hand is kept as a small record (:meth:`HandRecord.to_json`: the deal's seed, banker, streak
and rules, the learner's seat, every move, and the coach's judgement of the learner's moves),
so a review survives a reload and a mistake can be stored as "this record up to move k".

>>> from tiangow.bots.session import Session
>>> s = Session(seat=0, seed=4, opponents="rule", coach_samples=8)
>>> while not s.is_over:
...     _ = s.act(s.hint().recommended) if s.learner_to_act else s.bot_step()
>>> r = Review(s.hand_record())
>>> r.steps == len(s.deal.history), [j.mark.value for j in r.judged][:3]
(True, ['best', 'best', 'best'])
>>> r.result == s.deal.settlement().net[0]
True
"""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import dataclass, field
from typing import Any

from ..deal import Action, Deal
from ..i18n import T, Text
from ..move import Move
from ..rules import Rules
from ..search import Goal, SearchTooLong, core_budget_share, core_in_use, solve, solve_range
from . import ahead
from .base import Bot, BotError
from .hints import Coach, Mark, Marked, outcome_text
from .rule import RuleBot
from .search import SearchBot

__all__ = ["Judged", "HandRecord", "Review", "Strength", "Retry", "DD_NODES"]

DD_NODES = {"compiled": 1_000_000, "pure Python": 60_000}
"""How many positions the review's all-hands-open search may visit from one trick's start
(under a second either way) before it tries from the next trick's start."""
AHEAD_WAIT = 3.0
"""Seconds the review waits for the search from the start still running in another process
(:mod:`tiangow.bots.ahead`; a job in steps is worked on meanwhile) before it searches itself
within :data:`DD_NODES` (or takes what a job in steps has proved, if it has searched further)."""


@dataclass(frozen=True)
class Judged:
    """The coach's judgement of one of the learner's actions."""

    at: int
    """Its place in the hand's history (0: the first action of the hand)."""
    move: Move
    mark: Mark
    loss: float
    """How far its expected net fell short of the best option's."""
    better: Move | None
    """The best option, when the learner took another."""
    text: Text
    """The mark in words, with why (as shown when the action was taken)."""
    expected: float | None
    """The expected net of the best option at that point (``None``: not kept)."""

    @classmethod
    def of(cls, at: int, move: Move, marked: Marked) -> Judged:
        better = None if marked.best.move == move else marked.best.move
        return cls(at, move, marked.mark, round(marked.loss, 2), better, marked.text, round(marked.best.mean, 2))

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "mark": self.mark.value, "loss": self.loss,
                "better": None if self.better is None else str(self.better),
                "text": [self.text.zh, self.text.en], "exp": self.expected}

    @classmethod
    def from_json(cls, data: object, at: int, move: Move) -> Judged:
        if not isinstance(data, dict):
            raise BotError(f"a saved mark is an object, not {type(data).__name__}")
        mark = data.get("mark")
        if mark not in {m.value for m in Mark}:
            raise BotError(f"a saved mark is best, fine or mistake, not {mark!r}")
        loss = _number(data.get("loss"), "loss", 0.0, 1000.0)
        exp = data.get("exp")
        expected = None if exp is None else _number(exp, "expected net", -1000.0, 1000.0)
        better_text = data.get("better")
        better = None if better_text is None else Move.parse(_short(better_text, "better move"))
        text = data.get("text")
        if (not isinstance(text, list) or len(text) != 2
                or not all(isinstance(x, str) and len(x) <= 2000 for x in text)):
            raise BotError("a saved mark's words are two strings (Chinese, English) of at most 2,000 characters")
        return cls(at, move, Mark(mark), loss, better, Text(text[0], text[1]), expected)


def _number(v: object, what: str, low: float, high: float) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not low <= v <= high:
        raise BotError(f"saved {what} must be a number from {low:g} to {high:g}, not {v!r}")
    return float(v)


def _short(v: object, what: str) -> str:
    if not isinstance(v, str) or len(v) > 40:
        raise BotError(f"a saved {what} is a short text like 'play 6-6', not {v!r}")
    return v


def _signed(x: int) -> str:
    """+3, 0, −6 (a true minus sign)."""
    return f"{x:+d}".replace("-", "−")


def _whole(v: object, what: str, low: int, high: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise BotError(f"saved {what} must be a whole number from {low} to {high}, not {v!r}")
    return v


@dataclass
class HandRecord:
    """One hand, compactly: enough to deal it again and replay it, with the coach's marks."""

    seed: int
    banker: int
    streak: int
    rules: Rules
    seat: int
    moves: list[Move]
    judged: list[Judged] = field(default_factory=list)
    hand: int = 1
    """Its number in the session (shown to the learner)."""
    opponents: str = "search"
    """The bots the learner played against (``"search"`` or ``"rule"``) …"""
    samples: int = 24
    """… and how many samples the search bots drew."""
    coach_net: int | None = None
    """Once worked out: what the coach netted playing the learner's seat on this deal against
    the same bots."""
    dd: tuple[int, int] | None = None
    """Once worked out: ``(trick, net)`` — the net the learner's seat could guarantee with all
    hands open from the start of that trick (0: the first), the earliest the search reached."""
    ds: tuple[int | None, int | None] | None = None
    """Once worked out, where ``dd`` is not from the start: ``(low, high)`` — what the search
    proved of that net from the start before it gave up (``None`` for an end not proved)."""

    def deal(self, upto: int | None = None) -> Deal:
        """The deal after its first ``upto`` actions (all of them: ``None``)."""
        d = Deal.random(self.seed, banker=self.banker, streak=self.streak, rules=self.rules)
        for mv in self.moves[:upto]:
            d.push(mv)
        return d

    def upto(self, k: int) -> HandRecord:
        """The position before action ``k``: the same deal, its first ``k`` moves and marks."""
        return HandRecord(self.seed, self.banker, self.streak, self.rules, self.seat, self.moves[:k],
                          [j for j in self.judged if j.at < k], self.hand, self.opponents, self.samples)

    def key(self) -> str:
        """A short name for the position this record ends at (the same position, the same key)."""
        return f"{self.seed}/{self.banker}/{self.streak}/{self.seat}/{len(self.moves)}/" + str(
            zlib.crc32(json.dumps([self.rules.to_dict(), [str(m) for m in self.moves]]).encode()))

    def start_key(self) -> str:
        """The :meth:`key` of this deal and seat before any action: what the search from the
        start is filed under (:mod:`tiangow.bots.ahead`)."""
        return self.upto(0).key()

    def try_move(self, move: Move, coach_samples: int = 32) -> Retry:
        """A try at the learner's action where this record ends: right if the coach marks
        ``move`` best there (the coach of the hand: the same samples as when it was played)."""
        d = self.deal()
        if d.to_play != self.seat:
            raise BotError("this position is not the learner's to act: there is nothing to try")
        if not isinstance(move, Move):
            return Retry(False, None, T("先點選要出的牌。", "Select tiles first."))
        why = d.why_not(move)
        if why is not None:
            return Retry(False, None, why.feedback())
        marked = Coach(self.seed, samples=coach_samples).mark(d.view(self.seat), move)
        right = marked.mark is Mark.BEST
        if right:
            text = T("對了！", "Right! ") + outcome_text(marked.yours) + T("。", ".")
            if marked.yours.move != marked.best.move:
                text = text + T(f"（和最佳只差 {marked.loss:.1f}：這些樣本分不出高下。）",
                                f" (Only {marked.loss:.1f} short of the top option: these samples cannot tell them "
                                "apart.)")
        else:
            word = T("可以", "fine") if marked.mark is Mark.FINE else T("失誤", "a mistake")
            text = T(f"還不是最好的：這一手{word.zh}，平均比最佳少 {marked.loss:.1f}。再試一次，或者看答案。",
                     f"Not the best yet: this is {word.en}, {marked.loss:.1f} short of the best on average. "
                     "Try again, or show the answer.")
        return Retry(right, marked, text)

    def answer(self, coach_samples: int = 32) -> Move:
        """The coach's best action where this record ends."""
        d = self.deal()
        return Coach(self.seed, samples=coach_samples).hint(d.view(self.seat)).recommended

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "banker": self.banker, "streak": self.streak,
                               "rules": self.rules.to_dict(), "seat": self.seat, "hand": self.hand,
                               "moves": [str(m) for m in self.moves], "judged": [j.to_json() for j in self.judged]}
        if self.opponents != "search" or self.samples != 24:
            out["opp"] = [self.opponents, self.samples]
        if self.coach_net is not None:
            out["cn"] = self.coach_net
        if self.dd is not None:
            out["dd"] = list(self.dd)
        if self.ds is not None:  # no nulls: in the static site a stored null comes back as jsnull
            out["ds"] = {k: v for k, v in zip(("lo", "hi"), self.ds, strict=True) if v is not None}
        return out

    @classmethod
    def from_json(cls, data: object) -> HandRecord:
        """A record from :meth:`to_json` — data from the browser, so checked like any input:
        raises :class:`tiangow.bots.BotError` (a ``ValueError``) saying what does not fit, or
        the rules' own error for a move they refuse.

        >>> HandRecord.from_json({"seed": 1, "banker": 9})
        Traceback (most recent call last):
        ...
        tiangow.bots.base.BotError: saved banker must be a whole number from 0 to 3, not 9
        """
        if not isinstance(data, dict):
            raise BotError(f"a saved hand is an object, not {type(data).__name__}")
        seed = _whole(data.get("seed"), "seed", 0, 10**9 + 10**6)
        banker = _whole(data.get("banker"), "banker", 0, 3)
        streak = _whole(data.get("streak"), "streak", 1, 10**6)
        rules = Rules.from_dict(data.get("rules", {}))
        seat = _whole(data.get("seat"), "seat", 0, 3)
        hand = _whole(data.get("hand", 1), "hand", 1, 10**6)
        moves_raw = data.get("moves")
        if not isinstance(moves_raw, list) or len(moves_raw) > 64:
            raise BotError(f"saved moves are a list of at most 64 moves, not {moves_raw!r}")
        opp = data.get("opp", ["search", 24])
        if (not isinstance(opp, list) or len(opp) != 2 or opp[0] not in ("search", "rule")
                or isinstance(opp[1], bool) or not isinstance(opp[1], int) or not 1 <= opp[1] <= 256):
            raise BotError(f"saved opponents are ['search' or 'rule', samples 1–256], not {opp!r}")
        rec = cls(seed, banker, streak, rules, seat, [], [], hand, opp[0], opp[1])
        d = rec.deal()
        learner_at: list[int] = []
        for text in moves_raw:
            mv = Move.parse(_short(text, "move"))
            if d.to_play is None:
                raise BotError(f"saved move {text!r} comes after the end of the hand")
            if d.to_play == seat:
                learner_at.append(len(d.history))
            d.push(mv)
            rec.moves.append(mv)
        judged_raw = data.get("judged")
        if not isinstance(judged_raw, list) or len(judged_raw) != len(learner_at):
            raise BotError(f"a saved hand has a mark for each of the learner's {len(learner_at)} actions")
        rec.judged = [Judged.from_json(j, at, rec.moves[at]) for j, at in zip(judged_raw, learner_at, strict=True)]
        cn = data.get("cn")
        rec.coach_net = None if cn is None else _whole(cn, "coach's net", -10**6, 10**6)
        dd = data.get("dd")
        if dd is not None:
            if not isinstance(dd, list) or len(dd) != 2:
                raise BotError(f"a saved all-hands-open figure is [trick, net], not {dd!r}")
            rec.dd = (_whole(dd[0], "trick", 0, 7), _whole(dd[1], "all-hands-open net", -10**6, 10**6))
        ds = data.get("ds")
        if ds is not None:
            if not isinstance(ds, dict) or not set(ds) <= {"lo", "hi"}:
                raise BotError(f"saved all-hands-open bounds are {{'lo': least, 'hi': most}} (either left out), "
                               f"not {ds!r}")
            low, high = (_whole(ds[k], "all-hands-open bound", -10**6, 10**6) if k in ds else None
                         for k in ("lo", "hi"))
            if low is not None and high is not None and low > high:
                raise BotError(f"saved all-hands-open bounds have lo ≤ hi, not {ds!r}")
            rec.ds = (low, high)
        return rec


@dataclass(frozen=True)
class Strength:
    """How good the hand was to begin with, and how it went."""

    expected: float | None
    """The coach's expected net for the learner's seat at its first decision (its own tiles
    known, the others sampled)."""
    open_net: int | None
    """The net the seat could guarantee with all four hands open from the start of trick
    :attr:`open_from` (``None``: too long to work out here)."""
    open_from: int
    coach_net: int | None
    """What the coach netted playing the learner's seat on this deal against the same bots."""
    result: int
    """What the learner netted."""
    lost: float
    """What the learner's fine actions and mistakes cost, by the coach's figures."""
    mistakes: int
    open_low: int | None = None
    """Where :attr:`open_net` is not from the start (or is ``None``): the least the seat could
    guarantee from the start with all hands open, as far as the search proved it (``None``: not
    proved) …"""
    open_high: int | None = None
    """… and the most."""
    open_pending: bool = False
    """Whether the search from the start is still running in another process
    (:mod:`tiangow.bots.ahead`): its figure comes later."""

    def verdict(self) -> Text:
        """One sentence from these figures: a weak hand well played is called that."""
        exp = self.expected
        if exp is None:
            return T("你在這一局沒有出過牌。", "You did not act in this hand.")
        weak, strong = exp <= -4.0, exp >= 4.0
        well = self.mistakes == 0 and self.lost <= 1.0
        luck = T("", "")
        if well and self.result <= exp - 6:
            luck = T("你沒看見的牌對你不利。", " The tiles you could not see fell against you.")
        elif well and self.result >= exp + 6:
            luck = T("你沒看見的牌對你有利。", " The tiles you could not see fell your way.")
        coach = T("", "")
        if self.coach_net is not None:
            c = f"{self.coach_net:+d}".replace("-", "−")
            coach = T(f"教練坐你的位置、對同樣的電腦打這一局，得 {c}。",
                      f" The coach, playing your seat on this deal against the same computer players, netted {c}.")
        return self._verdict(exp, weak, strong, well) + luck + coach

    def _verdict(self, exp: float, weak: bool, strong: bool, well: bool) -> Text:
        e = f"{exp:+.1f}".replace("-", "−")
        r = f"{self.result:+d}".replace("-", "−")
        if weak and well:
            return T(f"一手弱牌，打得好：教練在你的位置也預計淨得 {e}，你得 {r}，沒有失誤。",
                     f"A weak hand, well played: the coach in your seat expected {e} too, and you netted {r} "
                     "with no mistake.")
        if weak:
            return T(f"一手弱牌（教練在你的位置預計淨得 {e}）；你的失誤和次選平均共少了 {self.lost:.1f}，你得 {r}。",
                     f"A weak hand (the coach in your seat expected {e}); your fine actions and mistakes cost "
                     f"{self.lost:.1f} on average, and you netted {r}.")
        if strong and well:
            return T(f"一手好牌，打得好：教練預計淨得 {e}，你得 {r}，沒有失誤。",
                     f"A strong hand, well played: the coach expected {e}, and you netted {r} with no mistake.")
        if strong:
            return T(f"一手好牌（教練預計淨得 {e}），可是你的失誤和次選平均共少了 {self.lost:.1f}；你得 {r}。",
                     f"A strong hand (the coach expected {e}), but your fine actions and mistakes cost "
                     f"{self.lost:.1f} on average; you netted {r}.")
        if well:
            return T(f"一手普通的牌（教練預計淨得 {e}），打得好，沒有失誤；你得 {r}。",
                     f"An even hand (the coach expected {e}), well played with no mistake; you netted {r}.")
        return T(f"一手普通的牌（教練預計淨得 {e}）；你的失誤和次選平均共少了 {self.lost:.1f}，你得 {r}。",
                 f"An even hand (the coach expected {e}); your fine actions and mistakes cost {self.lost:.1f} "
                 f"on average, and you netted {r}.")

    def open_text(self) -> Text:
        """The all-hands-open figure in words (and, where it is not from the start, what was
        proved from the start)."""
        start = self._start_text()
        if self.open_net is None and self.open_pending:
            return T("四家牌全攤開的最佳結果還在算，算好了就會在這裏顯示。",
                     "With all four hands open: still being worked out; it will show here when it is found.")
        if self.open_net is None:
            return T("四家牌全攤開的最佳結果：這一局太長，在這裏算不出來。",
                     "With all four hands open: too long to work out exactly here.") + start
        v = _signed(self.open_net)
        if self.open_from == 0:
            return T(f"四家牌全攤開，就算其他三家聯手對付你，你的位置從頭起也保證淨得 {v}。",
                     f"With all four hands open, even against the other three playing together, your seat could "
                     f"guarantee {v} from the start.")
        n = self.open_from + 1
        if self.open_pending:  # the figure from the start is on its way: no "too long" here
            return T(f"從第 {n} 墩起四家牌全攤開，就算其他三家聯手對付你，你的位置也保證淨得 {v}。",
                     f"With all four hands open from trick {n} on, even against the other three playing together, "
                     f"your seat could guarantee {v}.") + start
        return T(f"從第 {n} 墩起四家牌全攤開，就算其他三家聯手對付你，你的位置也保證淨得 {v}"
                 "（更早的局面太長，在這裏算不準）。",
                 f"With all four hands open from trick {n} on, even against the other three playing together, "
                 f"your seat could guarantee {v} (earlier positions are too long to work out exactly here).") + start

    def _start_text(self) -> Text:
        """What the search proved from the start before it gave up, if anything (or that it is
        still working)."""
        lo, hi = self.open_low, self.open_high
        if self.open_from == 0 and self.open_net is not None:
            return T("", "")
        if self.open_pending:
            return T("從頭起的結果還在算，算好了就會在這裏顯示。",
                     " The figure from the start is still being worked out; it will show here when it is found.")
        if lo is not None and hi is not None:
            return T(f"從頭起，四家牌全攤開，你的位置能保證的淨得在 {_signed(lo)} 和 {_signed(hi)} 之間。",
                     f" From the start, with all hands open, what your seat could guarantee lies between "
                     f"{_signed(lo)} and {_signed(hi)}.")
        if hi is not None:
            return T(f"從頭起，四家牌全攤開，你的位置最多只能保證淨得 {_signed(hi)}。",
                     f" From the start, with all hands open, your seat could guarantee no more than {_signed(hi)}.")
        if lo is not None:
            return T(f"從頭起，四家牌全攤開，你的位置至少保證淨得 {_signed(lo)}。",
                     f" From the start, with all hands open, your seat could guarantee at least {_signed(lo)}.")
        return T("", "")


@dataclass(frozen=True)
class Retry:
    """The verdict on a second try at a position."""

    right: bool
    marked: Marked | None
    """The coach's mark on the try (``None``: the rules refused it)."""
    text: Text


class Review:
    """A finished (or unfinished) hand from its :class:`HandRecord`, for stepping through."""

    def __init__(self, record: HandRecord, coach_samples: int = 32) -> None:
        self.record = record
        self.coach_samples = coach_samples
        self._final = record.deal()
        self.actions: tuple[Action, ...] = self._final.history
        self.judged = list(record.judged)
        self._by_at = {j.at: j for j in self.judged}

    @property
    def seat(self) -> int:
        return self.record.seat

    @property
    def steps(self) -> int:
        """How many actions the hand had."""
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        return self._final.is_over

    @property
    def result(self) -> int:
        return self._final.settlement().net[self.seat] if self._final.is_over else 0

    def position(self, k: int) -> Deal:
        """The hand before its action ``k`` (``k == steps``: at the end)."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self.steps:
            raise BotError(f"a step of this hand is 0–{self.steps}, not {k!r}")
        return self.record.deal(k)

    def judged_at(self, k: int) -> Judged | None:
        """The coach's judgement of action ``k`` if it was the learner's."""
        return self._by_at.get(k)

    def costliest(self, n: int = 3) -> list[Judged]:
        """The learner's ``n`` costliest actions (only those that cost something), dearest first."""
        dear = [j for j in self.judged if j.mark is not Mark.BEST and j.loss > 0]
        return sorted(dear, key=lambda j: (-j.loss, j.at))[:n]

    def strength(self, open_hands: bool = True) -> Strength:
        """How good the hand was (see :class:`Strength`); ``open_hands``: work out the all-hands-open
        net too (a search of at most :data:`DD_NODES` positions, kept in the record)."""
        first = self.judged[0].expected if self.judged else None
        lost = round(sum(j.loss for j in self.judged if j.mark is not Mark.BEST), 2)
        mistakes = sum(j.mark is Mark.MISTAKE for j in self.judged)
        rec = self.record
        if open_hands and rec.dd is None and rec.ds is None:  # ds set: worked out, nothing exact found
            rec.dd = self._open_net()
        elif open_hands and (rec.dd is None or rec.dd[0] > 0):
            # worked out before the search from the start ended (another process): its answer now
            found = ahead.result(rec.start_key())
            if found is not None and found[0] is not None and found[0] == found[1]:
                rec.dd, rec.ds = (0, found[0]), None
            elif found is not None:  # not exact, but it searched further than the review did
                rec.ds = found
        if open_hands and rec.coach_net is None:
            rec.coach_net = self._coach_net()
        net, trick = (None, 0) if rec.dd is None else (rec.dd[1], rec.dd[0])
        low, high = (None, None) if rec.ds is None else rec.ds
        pending = open_hands and trick + (net is None) > 0 and ahead.running(rec.start_key())
        return Strength(first, net, trick, rec.coach_net, self.result, lost, mistakes, low, high, pending)

    def _coach_net(self) -> int | None:
        """The coach's own play of the learner's seat on this deal, against the same bots (each
        seeded as at the table: the same deal, the same bots, the same answers)."""
        rec = self.record
        d = rec.deal(0)
        if d.natural is not None or d.is_over:
            return None
        bots: dict[int, Bot] = {
            s: (SearchBot(rec.seed * 4 + s, samples=rec.samples) if rec.opponents == "search"
                else RuleBot(rec.seed * 4 + s))
            for s in range(4) if s != rec.seat}
        coach = Coach(rec.seed, samples=self.coach_samples)
        while (seat := d.to_play) is not None:
            view = d.view(seat)
            d.push(coach.hint(view).recommended if seat == rec.seat else bots[seat].choose(view))
        return d.settlement().net[rec.seat]

    def _open_net(self) -> tuple[int, int] | None:
        """The earliest trick from whose start the all-hands-open search finishes within
        :data:`DD_NODES` (trying each trick's start in turn), and the net it gives; where that
        is not the first, what the search from the start proved goes in the record's ``ds``."""
        starts = [k for k, a in enumerate(self.actions) if k == 0 or a.trick != self.actions[k - 1].trick]
        budget = DD_NODES[core_in_use()]
        if core_in_use() == "compiled":
            budget = int(budget * core_budget_share())
        for trick, k in enumerate(starts):
            d = self.record.deal(k)
            if d.natural is not None or d.to_play is None:
                return None
            if trick == 0:
                # what a search of far more positions, started when the hand was dealt, found
                # (tiangow.bots.ahead: a server only), else the search of the review's budget
                key = self.record.start_key()
                found = ahead.result(key, wait=AHEAD_WAIT)
                so_far = ahead.progress(key) if found is None else None
                if so_far is not None and so_far[1] >= budget:  # a job in steps, further on than ours would get
                    found = so_far[0]
                low, high = solve_range(d, self.seat, budget) if found is None else found
                if low is not None and low == high:
                    return 0, low
                self.record.ds = (low, high)
                continue
            try:
                return trick, solve(d, self.seat, Goal.NET, max_nodes=budget)
            except SearchTooLong:
                continue
        return None

    def retry(self, k: int, move: Move) -> Retry:
        """A new try at the learner's action ``k``: right if the coach marks ``move`` best there."""
        if self.judged_at(k) is None:
            raise BotError(f"action {k} of this hand was not yours: there is nothing to try again")
        return self.record.upto(k).try_move(move, self.coach_samples)
