"""A game at the table: the learner in one seat, three bots in the others, hand after hand.

:class:`Session` holds everything lesson 08 shows, with no widgets: the deal (seeded: "deal
again" and "replay this deal"), whose turn, the learner's checked actions (an illegal one is
explained in words, never raised), undo of the learner's last action, the coach's hints and
marks, the settlement, the next banker and streak (R-B1), and the running score.

>>> s = Session(seat=0, seed=4, opponents="rule")
>>> while not s.is_over:
...     if s.learner_to_act:
...         h = s.hint()
...         r = s.act(h.recommended.tiles, h.recommended.discard)
...         assert r.ok and r.marked is not None and r.marked.mark.value == "best"
...     else:
...         _ = s.bot_step()
>>> sum(s.deal.settlement().net), s.hands_played
(0, 0)
>>> s.next_hand(); s.hands_played, sum(s.totals)
(1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..deal import Action, Deal
from ..errors import IllegalPlay, TiangowError
from ..i18n import T, Text, seat_name
from ..move import Move
from ..rules import Rules
from ..scoring import Settlement
from ..tiles import Tile, as_tiles
from .base import Bot, BotError
from .hints import Coach, Hint, Marked
from .rule import RuleBot
from .search import SearchBot

__all__ = ["Session", "ActResult", "Opponents"]

Opponents = Literal["search", "rule"]


@dataclass(frozen=True)
class ActResult:
    """What happened to the learner's action: done (with its mark) or refused (why)."""

    ok: bool
    message: Text
    action: Action | None = None
    marked: Marked | None = None


class Session:
    """The learner at ``seat`` against three bots (``opponents``: ``"search"`` or ``"rule"``)."""

    def __init__(self, seat: int = 0, rules: Rules | None = None, seed: int = 0, opponents: Opponents = "search",
                 samples: int = 24, coach_samples: int = 32) -> None:
        self.seat = _seat(seat)
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
        self.marks: list[Marked] = []
        self._banked: Deal | None = None
        self.deal = self._new_deal()

    # -- dealing ---------------------------------------------------------------------------
    @property
    def deal_seed(self) -> int:
        """The seed of the deal in play (shown to the learner; the same seed, the same tiles)."""
        return self.seed + self.hand_number - 1

    def _new_deal(self) -> Deal:
        d = Deal.random(self.deal_seed, banker=self.banker, streak=self.streak, rules=self.rules)
        self.bots: list[Bot | None] = [
            None if s == self.seat else (
                SearchBot(self.deal_seed * 4 + s, samples=self.samples) if self.opponents == "search"
                else RuleBot(self.deal_seed * 4 + s))
            for s in range(4)
        ]
        self.coach = Coach(self.deal_seed, samples=self.coach_samples)
        self.marks = []
        self._learner_views: list[int] = []  # history lengths before each learner action
        return d

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

    # -- the bots --------------------------------------------------------------------------
    def bot_step(self) -> Action | None:
        """One bot action if a bot is to act; ``None`` when it is the learner's turn or over."""
        d = self.deal
        seat = d.to_play
        if seat is None or seat == self.seat:
            return None
        bot = self.bots[seat]
        assert bot is not None
        return bot.choose(d.view(seat)).apply(d)

    def run_bots(self) -> list[Action]:
        """Let the bots act until the learner's turn or the end of the hand."""
        out = []
        while (a := self.bot_step()) is not None:
            out.append(a)
        return out

    # -- the learner -----------------------------------------------------------------------
    def act(self, tiles: Iterable[Tile] | str, discard: bool = False) -> ActResult:
        """The learner plays (or discards) ``tiles``. A refused action is explained, citing
        the rule, and nothing changes; a taken one is marked by the coach."""
        d = self.deal
        if d.is_over:
            return ActResult(False, T("這一局已經結束（R-W1）。", "The hand is over (R-W1)."))
        if d.to_play != self.seat:
            who = d.to_play or 0
            return ActResult(False, T(f"還沒輪到你：現在是{seat_name(who, 'zh-Hant')}出牌（R-P4）。",
                                      f"Not your turn yet: {seat_name(who)} is to act (R-P4)."))
        try:
            ts = as_tiles(tiles)
        except TiangowError as exc:
            return ActResult(False, T(f"不行：{exc}", f"Not allowed: {exc}"))
        if not ts:
            return ActResult(False, T("先點選要出的牌。", "Select tiles first."))
        if not isinstance(discard, bool):
            return ActResult(False, T("出牌還是墊牌？", "Play or discard?"))
        why = d.why_not(ts, discard=discard)
        if why is not None:
            return ActResult(False, T(f"不行：{why}", f"Not allowed: {why}"))
        view = d.view(self.seat)
        move = Move(ts, discard)
        marked = self.coach.mark(view, move)
        self._learner_views.append(len(d.history))
        action = move.apply(d)
        self.marks.append(marked)
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
            d.undo()
        if self.marks:
            self.marks.pop()
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._learner_views)

    def mark_counts(self) -> dict[str, int]:
        """How many of the learner's actions in this hand were best, fine, mistakes."""
        out = {"best": 0, "fine": 0, "mistake": 0}
        for m in self.marks:
            out[m.mark.value] += 1
        return out


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
