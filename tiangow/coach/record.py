"""A hand kept as a small record, and the coach's judgement of the learner's actions in it.

:class:`HandRecord` is what the game session saves, the review steps through, the practice page
replays and the search from the start (:mod:`tiangow.coach.ahead`) is keyed on: the deal's seed,
banker, streak and rules, the learner's seat, every move, and the coach's mark on each of the
learner's actions (:class:`Judged`). It survives a reload as JSON (:meth:`HandRecord.to_json`),
and what comes back from the browser is checked like any input (:meth:`HandRecord.from_json`).

>>> rec = HandRecord(seed=4, banker=0, streak=1, rules=Rules(), seat=0, moves=[])
>>> HandRecord.from_json(rec.to_json()) == rec
True
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from ..deal import Deal
from ..i18n import T, Text
from ..move import Move
from ..players.base import Bot, BotError
from ..players.model import ModelBot
from ..players.rule import RuleBot
from ..players.search import SearchBot
from ..policy import POLICY
from ..rules import Rules
from .hints import Coach, Mark, Marked
from .text import outcome_text, short_text

__all__ = ["OPPONENT_KINDS", "HandRecord", "Judged", "Retry", "marked", "opponent"]


OPPONENT_KINDS = ("model", "search", "rule")
"""The bots a record says the learner met: ``"model"`` — the coach's model
(:class:`~tiangow.players.model.ModelBot`), the table's strong opponents; ``"search"`` — the
search bot (:class:`~tiangow.players.search.SearchBot`), which hands saved with it replay against;
``"rule"`` — the rule-based bot."""


def opponent(kind: str, seed: int, samples: int) -> Bot:
    """One of the learner's opponents at the table, of ``kind`` (:data:`OPPONENT_KINDS`; a
    sampling bot draws ``samples`` samples a decision), seeded with ``seed`` (the deal's seed
    times four plus its seat). The table and the review's replay of the coach build them here
    alike, so the same deal meets the same bots."""
    if kind == "model":
        return ModelBot(seed, samples=samples)
    if kind == "search":
        return SearchBot(seed, samples=samples)
    if kind == "rule":
        return RuleBot(seed)
    raise BotError(f"opponents are {', '.join(map(repr, OPPONENT_KINDS))} bots, not {kind!r}")


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
    """The bots the learner played against (:data:`OPPONENT_KINDS`; a record saved without
    saying met the search bot) …"""
    samples: int = 24
    """… and how many samples a decision they drew."""
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
        start is filed under (:mod:`tiangow.coach.ahead`)."""
        return self.upto(0).key()

    def try_move(self, move: Move, coach_samples: int = POLICY.coach_samples) -> Retry:
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
                text = text + T("（和最佳選擇差不多：這些數字分不出高下。）",
                                " (About as good as the top option: these figures cannot tell them apart.)")
        else:
            word = T("可以", "fine") if marked.mark is Mark.FINE else T("失誤", "a mistake")
            short = short_text(marked.loss)
            text = T(f"還不是最好的：這一手{word.zh}，平均比最佳少{short.zh}。再試一次，或者看答案。",
                     f"Not the best yet: this is {word.en}, {short.en} short of the best on average. "
                     "Try again, or show the answer.")
        return Retry(right, marked, text)

    def answer(self, coach_samples: int = POLICY.coach_samples) -> Move:
        """The coach's best action where this record ends."""
        d = self.deal()
        return Coach(self.seed, samples=coach_samples).hint(d.view(self.seat)).recommended

    def to_json(self) -> dict[str, Any]:
        seed: int | str = self.seed if self.seed < 2**53 else str(self.seed)  # a page's numbers keep 53 bits
        out: dict[str, Any] = {"seed": seed, "banker": self.banker, "streak": self.streak,
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
    def from_json(cls, data: object, *, marked: bool = True) -> HandRecord:
        """A record from :meth:`to_json` — data from the browser, so checked like any input:
        raises :class:`tiangow.players.BotError` (a ``ValueError``) saying what does not fit, or
        the rules' own error for a move they refuse. ``marked=False``: a hand played elsewhere
        (a shared table), whose ``judged`` marks are not given (the record has none).

        >>> HandRecord.from_json({"seed": 1, "banker": 9})
        Traceback (most recent call last):
        ...
        tiangow.players.base.BotError: saved banker must be a whole number from 0 to 3, not 9
        """
        if not isinstance(data, dict):
            raise BotError(f"a saved hand is an object, not {type(data).__name__}")
        raw_seed = data.get("seed")
        if isinstance(raw_seed, str) and raw_seed.isdecimal() and len(raw_seed) <= 40:
            raw_seed = int(raw_seed)  # a shared table's 128-bit seed travels as text
        seed = _whole(raw_seed, "seed", 0, 2**128)
        banker = _whole(data.get("banker"), "banker", 0, 3)
        streak = _whole(data.get("streak"), "streak", 1, 10**6)
        rules = Rules.from_dict(data.get("rules", {}))
        seat = _whole(data.get("seat"), "seat", 0, 3)
        hand = _whole(data.get("hand", 1), "hand", 1, 10**6)
        moves_raw = data.get("moves")
        if not isinstance(moves_raw, list) or len(moves_raw) > 64:
            raise BotError(f"saved moves are a list of at most 64 moves, not {moves_raw!r}")
        opp = data.get("opp", ["search", 24])
        if (not isinstance(opp, list) or len(opp) != 2 or opp[0] not in OPPONENT_KINDS
                or isinstance(opp[1], bool) or not isinstance(opp[1], int) or not 1 <= opp[1] <= 256):
            raise BotError(f"saved opponents are [{' or '.join(map(repr, OPPONENT_KINDS))}, samples 1–256], "
                           f"not {opp!r}")
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
        judged_raw = data.get("judged") if marked else []
        if not marked:
            learner_at = []
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
class Retry:
    """The verdict on a second try at a position."""

    right: bool
    marked: Marked | None
    """The coach's mark on the try (``None``: the rules refused it)."""
    text: Text


def marked(record: HandRecord, coach_samples: int = POLICY.coach_samples,
           only: Collection[int] | None = None) -> HandRecord:
    """``record`` (a hand played elsewhere: a shared table, a challenge) with the coach's mark on
    each of its seat's actions, as lesson 08 marks them when they are made (the coach of the
    deal: seeded with it, the same samples); with ``only``, on those of them made at these
    positions (a shared table's: the ones its human made, not a bot's while they were away)."""
    d = record.deal()
    coach = Coach(record.seed, samples=coach_samples)
    judged = []
    for k, action in enumerate(d.history):
        if action.seat == record.seat and (only is None or k in only):
            move = record.moves[k]
            judged.append(Judged.of(k, move, coach.mark(record.deal(k).view(record.seat), move)))
    return HandRecord(record.seed, record.banker, record.streak, record.rules, record.seat, list(record.moves),
                      judged, record.hand, record.opponents, record.samples)
