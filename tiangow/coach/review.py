"""A finished hand, looked back on: every action in order with all four hands, the coach's mark
on each of the learner's (how much it cost, why, the better action), the costliest three, how
good the hand was to begin with, and a position before any of the learner's actions to try
again.

A hand is kept as a small record (:meth:`HandRecord.to_json`: the deal's seed, banker, streak
and rules, the learner's seat, every move, and the coach's judgement of the learner's moves),
so a review survives a reload and a mistake can be stored as "this record up to move k".

>>> from tiangow.drills.session import Session
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

from dataclasses import dataclass

from ..deal import Action, Deal
from ..i18n import T, Text
from ..move import Move
from ..players.base import Bot, BotError
from ..policy import POLICY, SearchPolicy
from ..search import Goal, SearchTooLong, core_budget_share, solve, solve_range
from . import ahead
from .hints import Coach, Mark
from .record import HandRecord, Judged, Retry, opponent
from .text import short_text, whole

__all__ = ["Judged", "HandRecord", "Review", "Strength", "Retry"]

def _signed(x: int) -> str:
    """+3, 0, −6 (a true minus sign)."""
    return f"{x:+d}".replace("-", "−")


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
    (:mod:`tiangow.coach.ahead`): its figure comes later."""
    fines: int = 0
    """The learner's actions marked fine (not the best, within the fine margin)."""

    def _costly(self) -> Text:
        """What cost the learner :attr:`lost`, counted: "your 2 mistakes", "your fine action and
        your mistake" — only what there was."""
        def count(n: int, zh: str, one: str, many: str) -> Text:
            return T(f" {n} 步{zh}", f"your {one}" if n == 1 else f"your {n} {many}")
        parts = [count(n, zh, one, many) for n, zh, one, many in
                 ((self.fines, "次選", "fine action", "fine actions"), (self.mistakes, "失誤", "mistake", "mistakes"))
                 if n]
        if not parts:
            return T("你的出法", "your actions")
        joined = parts[0] if len(parts) == 1 else parts[0] + T("和", " and ") + parts[1]
        return T("你的", "") + joined

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
        # the coach's figures as every page shows them: whole numbers (tiangow.coach.text.net_text)
        e = whole(exp)
        short = short_text(self.lost)
        r = f"{self.result:+d}".replace("-", "−")
        if weak and well:
            return T(f"一手弱牌，打得好：教練在你的位置也預計淨得 {e}，你得 {r}，沒有失誤。",
                     f"A weak hand, well played: the coach in your seat expected {e} too, and you netted {r} "
                     "with no mistake.")
        if weak:
            return (T(f"一手弱牌（教練在你的位置預計淨得 {e}）；",
                      f"A weak hand (the coach in your seat expected {e}); ") + self._costly()
                    + T(f"平均共少了{short.zh}，你得 {r}。", f" cost {short.en} on average, and you netted {r}."))
        if strong and well:
            return T(f"一手好牌，打得好：教練預計淨得 {e}，你得 {r}，沒有失誤。",
                     f"A strong hand, well played: the coach expected {e}, and you netted {r} with no mistake.")
        if strong:
            return (T(f"一手好牌（教練預計淨得 {e}），可是", f"A strong hand (the coach expected {e}), but ")
                    + self._costly()
                    + T(f"平均共少了{short.zh}；你得 {r}。", f" cost {short.en} on average; you netted {r}."))
        if well:
            return T(f"一手普通的牌（教練預計淨得 {e}），打得好，沒有失誤；你得 {r}。",
                     f"An even hand (the coach expected {e}), well played with no mistake; you netted {r}.")
        return (T(f"一手普通的牌（教練預計淨得 {e}）；", f"An even hand (the coach expected {e}); ")
                + self._costly()
                + T(f"平均共少了{short.zh}，你得 {r}。", f" cost {short.en} on average, and you netted {r}."))

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


class Review:
    """A finished (or unfinished) hand from its :class:`HandRecord`, for stepping through;
    ``policy``: its coach's knobs and its search's budget (``review_nodes``, ``review_wait``)."""

    def __init__(self, record: HandRecord, coach_samples: int = POLICY.coach_samples,
                 policy: SearchPolicy = POLICY) -> None:
        self.record = record
        self.policy = policy
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
        net too (a search of at most the policy's ``review_nodes`` positions, kept in the record)."""
        first = self.judged[0].expected if self.judged else None
        lost = round(sum(j.loss for j in self.judged if j.mark is not Mark.BEST), 2)
        mistakes = sum(j.mark is Mark.MISTAKE for j in self.judged)
        fines = sum(j.mark is Mark.FINE for j in self.judged)
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
        return Strength(first, net, trick, rec.coach_net, self.result, lost, mistakes, low, high, pending, fines)

    def _coach_net(self) -> int | None:
        """The coach's own play of the learner's seat on this deal, against the same bots (each
        seeded as at the table: the same deal, the same bots, the same answers)."""
        rec = self.record
        d = rec.deal(0)
        if d.natural is not None or d.is_over:
            return None
        bots: dict[int, Bot] = {s: opponent(rec.opponents, rec.seed * 4 + s, rec.samples)
                                 for s in range(4) if s != rec.seat}
        coach = Coach(rec.seed, samples=self.coach_samples, policy=self.policy)
        while (seat := d.to_play) is not None:
            view = d.view(seat)
            d.push(coach.hint(view).recommended if seat == rec.seat else bots[seat].choose(view))
        return d.settlement().net[rec.seat]

    def _open_net(self) -> tuple[int, int] | None:
        """The earliest trick from whose start the all-hands-open search finishes within
        the policy's ``review_nodes`` (trying each trick's start in turn), and the net it gives; where that
        is not the first, what the search from the start proved goes in the record's ``ds``."""
        starts = [k for k, a in enumerate(self.actions) if k == 0 or a.trick != self.actions[k - 1].trick]
        budget = int(self.policy.review_nodes * core_budget_share())
        for trick, k in enumerate(starts):
            d = self.record.deal(k)
            if d.natural is not None or d.to_play is None:
                return None
            if trick == 0:
                # what a search of far more positions, started when the hand was dealt, found
                # (tiangow.coach.ahead: a server only), else the search of the review's budget
                key = self.record.start_key()
                found = ahead.result(key, wait=self.policy.review_wait)
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
