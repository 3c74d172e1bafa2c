"""Lesson 05's drills: settlement (R-$1 … R-$11, R-B1).

Ends of hands are generated (from real deals, or built around a special finish so that every
finish comes up) and settled by :func:`tiangow.settle`. The learner types each seat's result;
the quiz questions offer the right amount among the classic mistakes (forgetting the banker
multiplier, counting 空棟 as 4, forgetting a finish multiplier, multiplying 入一 by it).

>>> import random
>>> end = random_end(random.Random(3))
>>> sum(end.settle().net)
0
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass
from typing import Final

from ..deal import Deal
from ..i18n import T, Text, seat_name
from ..move import Move
from ..players.positions import sensible_action
from ..scoring import Finish, Payment, Reason, Settlement, banker_multiplier, settle
from ..search import principal_line, step_values
from ..tiles import KINDS, Tile
from .base import Choice, DrillError, KindDrill, Question, Score

__all__ = ["EndOfHand", "ScoringDrill", "random_end", "make_question", "QUESTION_KINDS", "RULES_TAUGHT",
           "read_result", "RESULT_LIMIT",
           "mistakes"]

QUESTION_KINDS: Final = ("pay", "next_banker", "bonus", "seven_eight", "with_reward", "cash_or_keep")
RULES_TAUGHT: Final = ("R-$1", "R-$2", "R-$3", "R-$4", "R-$5", "R-$6", "R-$7", "R-$8", "R-$9", "R-$10",
                       "R-$11", "R-B1")


def _seat(s: int) -> Text:
    return T(seat_name(s, "zh-Hant"), seat_name(s, "en"))


@dataclass(frozen=True)
class EndOfHand:
    """How a hand ended: the stacks, who won the last trick, the banker and streak, any
    special finishes and a captured seat (RULES §6)."""

    stacks: tuple[int, int, int, int]
    winner: int
    banker: int
    streak: int
    finishes: tuple[Finish, ...] = ()
    captured: int | None = None

    def settle(self) -> Settlement:
        return settle(self.stacks, self.winner, self.banker, self.streak, self.finishes, self.captured)

    @classmethod
    def from_settlement(cls, s: Settlement) -> EndOfHand:
        """The end of hand a settlement settles."""
        stacks = s.stacks if s.stacks is not None else (0, 0, 0, 0)
        return cls(stacks, s.winner, s.banker, s.streak, s.finishes, s.captured)

    def describe(self) -> Text:
        m = self.streak + 1
        parts_zh = [f"莊家：{seat_name(self.banker, 'zh-Hant')}（連莊第 {self.streak} 局，倍數 m = {m}）。"]
        parts_en = [f"Banker: {seat_name(self.banker)} (hand {self.streak} of the streak, m = {m})."]
        parts_zh.append("棟數：" + "、".join(f"{seat_name(s, 'zh-Hant')} {n}" for s, n in enumerate(self.stacks)) + "。")
        parts_en.append("Stacks: " + ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(self.stacks)) + ".")
        parts_zh.append(f"{seat_name(self.winner, 'zh-Hant')}贏了最後一墩。")
        parts_en.append(f"{seat_name(self.winner)} won the last trick.")
        if self.finishes:
            parts_zh.append("奇牌：" + "、".join(f.value for f in self.finishes) + "。")
            parts_en.append("Special finish: " + ", ".join(f"{f.value} ({f.name_en})" for f in self.finishes) + ".")
            if Finish.SEVEN in self.finishes:  # "seven" with all eight stacks: say why (R-$11)
                parts_zh.append("七支是贏家拿齊八棟，但最後一墩是一張本來可以被打的單張（別人只因不夠兩棟才不能打）：×2（R-$11）。")
                parts_en.append("七支 means the winner took all eight stacks, but the last trick was a single tile "
                                "that could have been beaten (the others could not compete only for lack of two "
                                "stacks): ×2, not the ×4 of 八支 (R-$11).")
        if self.captured is not None:
            parts_zh.append(f"{seat_name(self.captured, 'zh-Hant')}先出丁三，被{seat_name(self.winner, 'zh-Hant')}用大頭六擒了。")
            parts_en.append(f"{seat_name(self.captured)} led 1-2 and was captured by {seat_name(self.winner)}'s 2-4.")
        return T("".join(parts_zh), " ".join(parts_en))


def _partition(rng: random.Random, total: int, parts: int, low: list[int]) -> list[int]:
    """``parts`` numbers ≥ ``low`` summing to ``total`` (random)."""
    out = list(low)
    for _ in range(total - sum(low)):
        out[rng.randrange(parts)] += 1
    return out


def random_end(rng: random.Random) -> EndOfHand:
    """An end of hand: ordinary ones from real deals, or one built around a special finish."""
    banker = rng.randrange(4)
    streak = rng.choice((1, 1, 1, 2, 2, 3))
    r = rng.random()
    if r < 0.4:
        from ..deal import Deal
        from ..players.positions import sensible_action

        d = Deal.random(rng, banker=banker, streak=streak)
        while not d.is_over:
            sensible_action(d, rng)
        played, captured = d.finishes()
        assert d.winner is not None
        return EndOfHand(d.stacks, d.winner, banker, streak, played, captured)
    winner = rng.randrange(4)
    special = rng.choice(("enter", "enter", "seven", "eight", "supreme", "quad", "lowest", "capture"))
    if special in ("seven", "eight"):
        all_eight = (8 if winner == 0 else 0, 8 if winner == 1 else 0, 8 if winner == 2 else 0, 8 if winner == 3 else 0)
        extra: list[Finish] = [Finish.SEVEN if special == "seven" else Finish.EIGHT]
        if special == "seven" and rng.random() < 0.3:
            extra.append(Finish.LOWEST)
        if special == "eight" and rng.random() < 0.3:
            extra.append(rng.choice((Finish.SUPREME, Finish.QUAD)))
        return EndOfHand(all_eight, winner, banker, streak, tuple(extra))
    need = {"supreme": 2, "quad": 4, "lowest": 2, "capture": 2, "enter": 2}[special]
    for _ in range(200):
        low = [need if s == winner else 0 for s in range(4)]
        stacks = _partition(rng, 8, 4, low)
        if special == "enter" and max(n for s, n in enumerate(stacks) if s != winner) < 5:
            continue
        if stacks[winner] == 8 or (max(stacks) > 6 and stacks[winner] != max(stacks)):
            continue
        if special == "capture":
            leaders = [s for s in range(4) if s != winner and stacks[s] >= 1]
            if not leaders:
                continue
            return EndOfHand(tuple(stacks), winner, banker, streak, (), rng.choice(leaders))  # type: ignore[arg-type]
        fins = {"supreme": (Finish.SUPREME,), "quad": (Finish.QUAD,), "lowest": (Finish.LOWEST,), "enter": ()}[special]
        return EndOfHand(tuple(stacks), winner, banker, streak, fins)  # type: ignore[arg-type]
    return EndOfHand((2, 2, 2, 2), winner, banker, streak)


# --- the classic mistakes ---------------------------------------------------------------

def _line_variant(p: Payment, mistake: str, s: Settlement) -> int:
    """The amount of payment ``p`` of ``s`` computed with one classic mistake."""
    factors = dict(p.factors)
    amount = p.amount
    if mistake == "no_banker" and "banker" in factors:
        return amount // factors["banker"]
    if mistake == "m_too_low" and "banker" in factors and factors["banker"] > 2:
        return amount // factors["banker"] * (factors["banker"] - 1)  # m taken as the streak, not streak + 1
    if mistake == "m_everywhere" and "banker" not in factors and s.banker not in (p.payer, p.payee) \
            and p.reason in (Reason.SHORT, Reason.EMPTY, Reason.ENTER_ONE, Reason.ENTER_TWO):
        return amount * s.multiplier  # ×m between two players who are not the banker
    if mistake == "empty_as_four" and p.reason is Reason.EMPTY:
        return amount * 4 // 5
    if mistake == "stacks_paid" and p.reason is Reason.SHORT and s.stacks is not None and p.base:
        return amount // p.base * s.stacks[p.payer]  # paying one's stacks, not the stacks short of 4
    if mistake == "enter_as_par" and p.reason in (Reason.ENTER_ONE, Reason.ENTER_TWO):
        return 0  # 入一/入二 taken for par
    if mistake == "no_finish":
        for f in Finish:
            if f.value in factors:
                amount //= factors[f.value]
        return amount
    if mistake == "finish_on_enter" and p.reason in (Reason.ENTER_ONE, Reason.ENTER_TWO):
        return amount * s.finish_multiplier  # the finish's ×2 or ×4 put on what the winner pays out
    if mistake == "banker_enter_multiplied" and p.reason in (Reason.ENTER_ONE, Reason.ENTER_TWO) \
            and p.payee == s.banker:
        return amount * s.multiplier  # the losing banker's 入一/入二 taken ×m
    return amount


MISTAKES: Final = ("no_banker", "empty_as_four", "no_finish", "finish_on_enter", "banker_enter_multiplied",
                   "no_capture", "m_too_low", "m_everywhere", "stacks_paid", "enter_as_par", "reversed")
"""The slips a settlement question's wrong answers come from, each with its text in
:data:`MISTAKE_TEXT`: line by line (:func:`_line_variant`), the capture forgotten, the sign."""


def _net(payments: list[tuple[int, int, int]], seat: int) -> int:
    return sum(amount for _, payee, amount in payments if payee == seat) - \
        sum(amount for payer, _, amount in payments if payer == seat)


RESULT_LIMIT: Final = 9_999
"""The largest result a seat's box takes: no hand of the drill comes near it, and a longer number
is a slip of the keyboard, not an answer."""

_MINUS: Final = "-\u2212\ufe63\uff0d"  # "-", the minus sign the page prints (−), small and full-width minus
_PLUS: Final = "+\ufe62\uff0b"


def read_result(typed: str) -> int | Text:
    """A seat's result as the learner typed it: a whole number, with or without its sign — the
    page's own minus sign (−, as in "−20"), a keyboard's hyphen or a full-width one — and
    full-width digits; anything else is refused with the reason, in words.

    >>> read_result("−20"), read_result(" +6 "), read_result("-3"), read_result("０")
    (-20, 6, -3, 0)
    >>> read_result("2.5").en
    'whole numbers only: “2.5” has a fraction, and results are whole numbers'
    >>> read_result("100000000000000000042").en
    'too large: “100000000000000000042” is more than any hand pays (at most 9999)'
    >>> read_result("").en, read_result("ten").en
    ('empty: type a whole number (0 if the seat neither wins nor loses)', '“ten” is not a whole number')
    """
    text = unicodedata.normalize("NFKC", typed if isinstance(typed, str) else "").strip().replace(" ", "")
    shown = text if len(text) <= 24 else text[:21] + "…"
    if not text:
        return T("空格：填上一個整數（不輸不贏就填 0）", "empty: type a whole number (0 if the seat neither wins nor loses)")
    sign, digits = 1, text
    if digits[0] in _MINUS:
        sign, digits = -1, digits[1:]
    elif digits[0] in _PLUS:
        digits = digits[1:]
    if re.fullmatch(r"[0-9]*[.,][0-9]+|[0-9]+[.,][0-9]*", digits):
        return T(f"只填整數：「{shown}」有小數，輸贏都是整數", f"whole numbers only: “{shown}” has a fraction, and results are whole numbers")
    if not re.fullmatch(r"[0-9]+", digits):
        return T(f"「{shown}」不是整數", f"“{shown}” is not a whole number")
    value = int(digits[:12])
    if len(digits.lstrip("0")) > len(str(RESULT_LIMIT)) or value > RESULT_LIMIT:
        return T(f"太大：「{shown}」比任何一局的輸贏都大（最多 {RESULT_LIMIT}）",
                 f"too large: “{shown}” is more than any hand pays (at most {RESULT_LIMIT})")
    return sign * value


def mistakes(s: Settlement, seat: int) -> dict[str, int]:
    """The net of ``seat`` under each classic mistake (only those that change it), the first
    slip kept for each wrong number.

    >>> from tiangow.scoring import settle
    >>> s = settle((1, 4, 0, 3), 3, 0, 1)  # RULES worked example 1: East banker, North wins
    >>> s.net[0], mistakes(s, 0)
    (-6, {'no_banker': -3, 'stacks_paid': -2, 'reversed': 6})
    """
    right = s.net[seat]
    out: dict[str, int] = {}
    for mistake in MISTAKES:
        if mistake == "reversed":
            net = -right  # paid instead of collected, or the other way round
        elif mistake == "no_capture":
            if s.captured is None or s.stacks is None:
                continue
            net = settle(s.stacks, s.winner, s.banker, s.streak, s.finishes, None, rules=s.rules).net[seat]
        else:
            net = _net([(p.payer, p.payee, _line_variant(p, mistake, s)) for p in s.payments], seat)
        if net != right and net not in out.values():
            out[mistake] = net
    return out


MISTAKE_TEXT: Final = {
    "no_banker": T("莊家和閒家之間的輸贏要乘莊家倍數 m（§6）。", "Between the banker and another player, multiply by m (§6)."),
    "m_too_low": T("倍數算少了：莊家第一局 m = 2，之後每連莊一局加一（§6）。",
                   "The multiplier is one short: m = 2 in a banker's first hand, one more for each hand in a "
                   "row (§6)."),
    "m_everywhere": T("兩家都不是莊家時，輸贏不乘 m（§6）。",
                      "Between two players who are not the banker, there is no ×m (§6)."),
    "empty_as_four": T("空棟要多賠一棟：5，不是 4（R-$2）。", "No stack (空棟) pays 5, not 4 (R-$2)."),
    "stacks_paid": T("輸家付的是少於四棟的棟數（4 − 棟數），不是自己的棟數（R-$2）。",
                     "A loser pays the stacks short of four (4 − stacks), not the stacks they hold (R-$2)."),
    "enter_as_par": T("五棟、六棟不是歸本：是入一、入二，贏家要付給他 1 或 2（R-$3）。",
                      "Five or six stacks is not par: it is 入一/入二, and the winner pays that player 1 or 2 "
                      "(R-$3)."),
    "no_finish": T("奇牌的倍數要乘在贏家收的錢上（R-$4）。", "A special finish multiplies what the winner collects (R-$4)."),
    "finish_on_enter": T("奇牌倍數不乘在贏家付給入一／入二的錢上（R-$4）。",
                         "A finish does not multiply what the winner pays out to 入一/入二 (R-$4)."),
    "banker_enter_multiplied": T("莊家入一／入二時不加倍（R-$3）。", "A banker with 入一/入二 is paid without ×m (R-$3)."),
    "no_capture": T("這一局有擒：被擒的一家獨自付所有輸家本來要付的錢，再乘 2；其他輸家不用付（R-$10）。",
                    "This hand ends in a capture: the captured player alone pays what every loser would have "
                    "paid, ×2, and the other losers pay nothing (R-$10)."),
    "reversed": T("方向反了：這一家是收錢還是付錢？贏家收、輸家付，入一／入二由贏家付（R-$2、R-$3）。",
                  "The right amount the wrong way round: does this player collect or pay? The winner collects, "
                  "losers pay, and the winner pays 入一/入二 (R-$2, R-$3)."),
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _lines_for(s: Settlement, seat: int) -> Text:
    lines = [p for p in s.payments if seat in (p.payer, p.payee) and p.amount]
    if not lines:
        return T("（沒有輸贏：歸本，R-$1）", "(nothing to pay: par, R-$1)")
    return Text("；".join(p.explain("zh-Hant") for p in lines), "; ".join(p.explain("en") for p in lines))


def reward_payments(holder: int, base: int, reason: Reason, banker: int, streak: int) -> tuple[Payment, ...]:
    """What every other seat paid ``holder`` at once for a supreme (賀尊, 2, R-$5) or a quad
    (四大賀, 4, R-$6) that won a trick before the last: ×m between the banker and another."""
    m = banker_multiplier(streak)
    out = []
    for k in range(1, 4):
        other = (holder + k) % 4
        mult = m if banker in (holder, other) else 1
        out.append(Payment(other, holder, base * mult, reason, base, (("banker", m),) if mult > 1 else ()))
    return tuple(out)


def _with_reward_question(rng: random.Random, number: int) -> Question:
    """A hand in which a supreme or a quad won a trick before the last: a seat's whole result,
    the reward money paid at once included (R-$5, R-$6) with the settlement at the end."""
    quad = rng.random() < 0.35
    won = 4 if quad else 2  # the stacks that trick alone gave its winner (R-P5)
    while True:
        end = random_end(rng)
        able = [x for x in range(4) if end.stacks[x] >= won]
        # a supreme or quad that finishes the hand earns no reward for it (R-$7, R-$8)
        if able and not any(f in (Finish.SUPREME, Finish.QUAD) for f in end.finishes):
            break
    holder = rng.choice(able)
    base, reason, rule = (4, Reason.QUAD_BONUS, "R-$6") if quad else (2, Reason.SUPREME_BONUS, "R-$5")
    name = T("四大賀", "四大賀 (a quad's reward)") if quad else T("賀尊", "賀尊 (the supreme's reward)")
    paid = reward_payments(holder, base, reason, end.banker, end.streak)
    s = settle(end.stacks, end.winner, end.banker, end.streak, end.finishes, end.captured, immediate=paid)
    plain = end.settle()
    seat = holder if rng.random() < 0.5 else rng.choice([x for x in range(4) if x != holder])
    right = s.net[seat]
    reward = right - plain.net[seat]
    unmultiplied = plain.net[seat] + (3 * base if seat == holder else -base)
    cause: dict[int, Text | None] = {right: None}
    cause.setdefault(plain.net[seat], T(f"這是不算{name.zh}的結果：{name.zh}是局中就付了的錢，也算在這一局的輸贏裏（{rule}）。",
                                        f"That leaves out the {name.en}: it was paid during the hand, and it is part of "
                                        f"the hand's result too ({rule})."))
    cause.setdefault(unmultiplied, T(f"{name.zh}在莊家和閒家之間也要乘 m（{rule}、§6）。",
                                     f"The {name.en} is multiplied by m between the banker and another player too "
                                     f"({rule}, §6)."))
    cause.setdefault(plain.net[seat] - reward, T("正負號反了：收的是正數，付的是負數。",
                                                 "The sign of the reward is reversed: money received is positive."))
    while len(cause) < 4:
        cause.setdefault(right + rng.choice((-3, -2, -1, 1, 2, 3)), None)
    values = [right, *rng.sample([v for v in cause if v != right], 3)]
    rng.shuffle(values)
    holder_name = _seat(holder)
    event = T(f"這一局裏，{holder_name.zh}用{'四大' if quad else '至尊'}贏了最後一墩之前的一墩，"
              f"其他三家當場各付 {base}（{rule}，莊家和閒家之間乘 m）。",
              f"During the hand {holder_name.en} won a trick before the last with "
              f"{'a quad' if quad else 'the supreme'}, and the other three paid {base} each at once ({rule}; ×m between "
              "the banker and another).")
    explanation = T(f"{name.zh}：", f"The {name.en}: ") + T(_signed(reward), _signed(reward)) + T(
        f"；結算：{_signed(plain.net[seat])}；一共 {_signed(right)}。", f"; the settlement: {_signed(plain.net[seat])}; "
        f"in all {_signed(right)}.")
    choices = tuple(Choice(str(v), T(_signed(v), _signed(v)),
                           why=None if v == right else (cause.get(v) or T(
                               "再算一次：局中付的錢加上結算。", "Work it out again: the money paid during the hand, "
                               "plus the settlement."))) for v in values)
    return Question(f"with_reward:{number}", "with_reward",
                    event + T(f"{end.describe().zh}　{_seat(seat).zh}這一局一共輸贏多少（連{name.zh}）？",
                              f" {end.describe().en} What is {_seat(seat).en}'s result for the whole hand, the "
                              f"{name.en} included?"),
                    choices, str(right), explanation, rule)


# --- cash the supreme now (賀尊) or keep it for the last trick (包尊)? -------------------------

SUPREME_TILES: Final = (Tile("1-2"), Tile("2-4"))


def supreme_position(rng: random.Random) -> tuple[Deal, int]:
    """A real deal played sensibly (the supreme's holder never breaking it up) until that holder
    leads with 3 or 4 tiles, both supreme tiles still in hand; the deal and the holder."""
    low, high = SUPREME_TILES
    for _ in range(5000):
        d = Deal.random(rng, banker=rng.randrange(4))
        holders = [x for x in range(4) if {low, high} <= set(d.holding(x))]
        if d.natural is not None or not holders:
            continue
        me, target = holders[0], rng.choice((3, 4))
        while not d.is_over and not (d.to_play == me and d.trick_size is None and len(d.holding(me)) <= target):
            if d.to_play != me:
                sensible_action(d, rng)
                continue
            keep = [m for m in d.legal_moves() if low not in m.tiles and high not in m.tiles]
            plays = [m for m in keep if not m.discard]
            if d.trick_size is None or (plays and rng.random() < 0.65):
                d.push(rng.choice(plays) if d.trick_size is None else plays[-1])
            else:
                d.push(next((m for m in keep if m.discard), None) or d.legal_moves()[0])
        if not d.is_over and {low, high} <= set(d.holding(me)) and len(d.holding(me)) in (3, 4):
            return d, me
    raise DrillError("no deal of 5,000 reached a lead with the supreme in hand")  # pragma: no cover


@dataclass(frozen=True)
class SupremeLine:
    """One choice at a supreme decision, as exact search (every tile known, the other three
    playing their best against the holder) values it, and the line of best play it found."""

    move: Move
    net: int
    """The holder's net from here: rewards paid from now on and the settlement."""
    reward: int
    """What 賀尊 (R-$5) paid the holder along the line."""
    winner: int
    doubled: bool
    """Whether the holder won the last trick with the supreme (包尊, R-$7)."""
    line: tuple[Move, ...] = ()
    """Every action from here to the end of the hand, :attr:`move` first."""


def supreme_lines(d: Deal, me: int) -> tuple[SupremeLine, SupremeLine, int]:
    """At ``me``'s lead with the supreme in hand: leading it now (and its 賀尊) and the best
    action that keeps it, each valued by exact search and followed along a line of best play;
    and the best value of any action (an action that splits the supreme may do better still)."""
    low, high = SUPREME_TILES
    st = d.snapshot()
    values = [(Move.of(mv), mv, v) for mv, v in step_values(st)]
    cash = next(x for x in values if not x[0].discard and set(x[0].tiles) == {low, high})
    keep = max((x for x in values if low not in x[0].tiles and high not in x[0].tiles), key=lambda x: x[2])
    before = sum(p.amount for p in d.immediate_payments if p.payee == me) - sum(
        p.amount for p in d.immediate_payments if p.payer == me)

    def follow(move: Move, step: object, value: int) -> SupremeLine:
        after = d.snapshot()
        paid = after.push(step)  # type: ignore[arg-type]
        line = principal_line(after, me, value - (0 if paid is None else paid.net[me]))
        played = d.copy()
        moves = [move]
        played.push(move)
        for mv in line:
            moves.append(Move.of(mv))
            played.push_step(mv)
        s = played.settlement()
        rewards = played.immediate_payments[len(d.immediate_payments):]
        reward = sum(p.amount for p in rewards if p.payee == me) - sum(p.amount for p in rewards if p.payer == me)
        if s.net[me] - before != value:  # pragma: no cover - the engine and the search agree
            raise DrillError(f"the line nets {s.net[me] - before}, the search said {value}")
        return SupremeLine(move, value, reward, s.winner, s.winner == me and Finish.SUPREME in s.finishes,
                           tuple(moves))

    return follow(cash[0], cash[1], cash[2]), follow(keep[0], keep[1], keep[2]), max(v for _, _, v in values)


def _lower(t: Text) -> Text:
    return Text(t.zh, t.en[:1].lower() + t.en[1:])


def cash_or_keep_question(rng: random.Random, number: int = 0) -> Question:
    """All tiles shown, the supreme's holder to lead: lead it now for 賀尊 money at once (R-$5),
    or keep it to win the last trick with it, 包尊 (R-$7, no 賀尊 then)? Answered by exact search
    of both, the explanation the figures of each line."""
    while True:
        d, me = supreme_position(rng)
        cash, keep, best = supreme_lines(d, me)
        if best == max(cash.net, keep.net):
            break  # else splitting the supreme does better than either: not this question
    return cash_or_keep_at(d, me, number, (cash, keep))


def cash_or_keep_at(d: Deal, me: int, number: int = 0,
                    lines: tuple[SupremeLine, SupremeLine] | None = None) -> Question:
    """The cash-or-keep question at ``d``, ``me`` to lead with the supreme in hand."""
    cash, keep = lines if lines is not None else supreme_lines(d, me)[:2]
    answer = "now" if cash.net > keep.net else "keep" if keep.net > cash.net else "same"
    you = _seat(me)

    def winner(line: SupremeLine) -> Text:
        if line.doubled:
            return T("你用至尊贏最後一墩：包尊，你收的錢加倍（R-$7）", "you win the last trick with the supreme: 包尊 "
                     "doubles what you collect (R-$7)")
        if line.winner == me:
            return T("你贏這一局", "you win the hand")
        return T(f"{_seat(line.winner).zh}贏這一局", f"{_seat(line.winner).en} wins the hand")

    now = (T(f"現在出至尊：賀尊當場收 {_signed(cash.reward)}（R-$5）；之後雙方都打最好的一路，",
             f"Lead it now: 賀尊 pays you {_signed(cash.reward)} at once (R-$5); then, along a line of best play, ")
           + winner(cash) + T(f"；由現在起你淨得 {_signed(cash.net)}。", f"; your net from here {_signed(cash.net)}."))
    kept = (T("留着：", "Keep it: ") + _lower(keep.move.text(d.view(me))) + T("；雙方都打最好的一路，",
                                                                       "; along a line of best play, ")
            + winner(keep) + T(f"；由現在起你淨得 {_signed(keep.net)}。", f"; your net from here {_signed(keep.net)}."))
    gap = abs(cash.net - keep.net)
    verdict = (T(f"現在出至尊多得 {gap}。", f"Leading it now nets {gap} more.") if answer == "now" else
               T(f"留着多得 {gap}。", f"Keeping it nets {gap} more.") if answer == "keep" else
               T("兩樣淨得一樣。", "Both net the same."))
    explanation = now + T("", " ") + kept + T("", " ") + verdict
    labels = {"now": T("現在出至尊，收賀尊", "Lead it now: 賀尊"), "keep": T("留着打最後一墩：包尊", "Keep it for "
                                                                              "the last trick: 包尊"),
              "same": T("兩樣一樣好", "Either: both net the same")}
    choices = tuple(Choice(k, labels[k], why=None if k == answer else verdict) for k in ("now", "keep", "same"))
    stacks = d.stacks
    groups = tuple((T(f"{_seat(x).zh}{'（你）' if x == me else ''}{'，莊家' if x == d.banker else ''}：已有 {stacks[x]} 棟",
                      f"{_seat(x).en}{' (you)' if x == me else ''}{', banker' if x == d.banker else ''}: "
                      f"{stacks[x]} stack{'s' if stacks[x] != 1 else ''} so far"), tuple(d.holding(x)))
                   for x in range(4))
    m = d.multiplier
    prompt = T(f"所有牌都翻開了。你是{you.zh}，輪到你先出，手上有至尊（丁三、大頭六）。現在出，當場收賀尊（R-$5）；"
               f"還是留着用來贏最後一墩，包尊加倍（R-$7，包尊不另收賀尊）？其他三家合力對付你。（m = {m}）",
               f"All tiles shown. You are {you.en}, to lead, holding the supreme (丁三 and 大頭六). Lead it now and "
               f"collect 賀尊 at once (R-$5), or keep it to win the last trick with it, 包尊, which doubles what you "
               f"collect (R-$7; no 賀尊 for it then)? The other three play their best against you. (m = {m})")
    return Question(f"cash_or_keep:{number}", "cash_or_keep", prompt, choices, answer, explanation, "R-$7",
                    groups=groups)


def make_question(kind: str, rng: random.Random, number: int = 0) -> Question:
    end = random_end(rng)
    s = end.settle()
    if kind == "with_reward":
        return _with_reward_question(rng, number)
    if kind == "cash_or_keep":
        return cash_or_keep_question(rng, number)
    if kind == "pay":
        losers = [x for x in range(4) if x != end.winner and s.net[x] != 0]
        seat = rng.choice(losers) if losers and rng.random() < 0.75 else rng.randrange(4)
        right = s.net[seat]
        wrong = mistakes(s, seat)
        cause: dict[int, str | None] = {right: None}
        for mistake, value in wrong.items():
            cause.setdefault(value, mistake)
        while len(cause) < 4:  # no slip gives a fourth number: one off the right answer, said plainly
            cause.setdefault(right + rng.choice((-3, -2, -1, 1, 2, 3, 5, -5)) * (1 + rng.randrange(2)), None)
        values = [right, *rng.sample(list(cause)[1:], 3)]
        rng.shuffle(values)
        explanation = _lines_for(s, seat)

        def why(v: int) -> Text | None:
            if v == right:
                return None
            mistake = cause.get(v)
            return MISTAKE_TEXT[mistake] if mistake is not None else T(
                "再算一次：輸家按棟數付（R-$1–R-$3），莊家和閒家之間乘 m（§6），奇牌只乘贏家收的錢（R-$4）。",
                "Work it out again: losers pay by their stacks (R-$1 to R-$3), ×m between the banker and "
                "another player (§6), and a finish multiplies only what the winner collects (R-$4).")

        choices = tuple(Choice(str(v), T(_signed(v), _signed(v)), why=why(v)) for v in values)
        return Question(f"pay:{number}", "pay",
                        T(f"{end.describe().zh}　{_seat(seat).zh}這一局輸贏多少？",
                          f"{end.describe().en} What is {_seat(seat).en}'s result for the hand?"),
                        choices, str(right), explanation, "R-$2")
    if kind == "next_banker":
        nb, ns = s.next_banker, s.next_streak
        # the right one, then the usual confusions: the banker staying, the winner, the next seat
        candidates = [(end.banker, end.streak + 1), (end.winner, 1), ((end.banker + 1) % 4, 1)]
        opts = [(nb, ns)]
        for c in candidates:
            if c not in opts:
                opts.append(c)
        while len(opts) < 4:
            c = (rng.randrange(4), rng.randint(1, 3))
            if c not in opts:
                opts.append(c)
        opts = opts[:4]
        rng.shuffle(opts)
        reason = T(f"贏家做下一局的莊家（飛莊，R-B1）；莊家連贏就連莊，局數加一。下一局：{seat_name(nb, 'zh-Hant')}，"
                f"連莊第 {ns} 局，倍數 {ns + 1}。",
                f"The winner banks next (R-B1); a banker who wins again stays, and the streak grows. Next: "
                f"{seat_name(nb)}, hand {ns} of the streak, m = {ns + 1}.")
        def hint(seat: int, streak: int) -> Text | None:
            if (seat, streak) == (nb, ns):
                return None
            if seat != nb:
                return T(f"{seat_name(seat, 'zh-Hant')}不會做下一局的莊家：誰贏了這一局（R-B1）？",
                         f"{seat_name(seat)} does not bank next: who won this hand (R-B1)?")
            return T("莊家選對了，倍數不對：莊家第一局 m = 2，之後每連莊一局加一；新莊家從 m = 2 開始（§6、R-B1）。",
                     "The right seat, the wrong multiplier: m = 2 in a banker's first hand and one more for each "
                     "hand in a row; a new banker starts again at m = 2 (§6, R-B1).")

        choices = tuple(Choice(f"{a}:{b}", T(f"{seat_name(a, 'zh-Hant')}，m = {b + 1}", f"{seat_name(a)}, m = {b + 1}"),
                               why=hint(a, b)) for a, b in opts)
        return Question(f"next_banker:{number}", "next_banker",
                        T(f"{end.describe().zh}　下一局誰做莊？倍數是多少？",
                          f"{end.describe().en} Who banks next, and with which multiplier?"),
                        choices, f"{nb}:{ns}", reason, "R-B1")
    if kind == "bonus":
        return _bonus_question(rng, number)
    if kind == "seven_eight":
        return seven_or_eight_question(rng, number)
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


def _bonus_question(rng: random.Random, number: int) -> Question:
    """賀尊 / 四大賀: a supreme or a quad wins a trick before the last; what does one seat pay?"""
    banker, streak = rng.randrange(4), rng.choice((1, 1, 2, 3))
    m = streak + 1
    winner = rng.randrange(4)
    payer = rng.choice([s for s in range(4) if s != winner])
    quad = rng.random() < 0.5
    base, name, rule = (4, "四大賀", "R-$6") if quad else (2, "賀尊", "R-$5")
    amount = base * (m if banker in (winner, payer) else 1)
    play = "44 44 25 34" if quad else "12 24"
    values = sorted({amount, base, base * m, base * 2 if base * 2 != amount else base * (m + 1)})
    while len(values) < 4:
        values.append(values[-1] + base)
    between = "莊家和閒家之間乘 m" if banker in (winner, payer) else "兩家都是閒家，不乘"
    between_en = "between the banker and another player, ×m" if banker in (winner, payer) else \
        "neither is the banker, so no ×m"
    why = T(f"{name}：{'四文武' if quad else '至尊'}贏了不是最後一墩的一墩，其他每家即時付 {base}；{between}：{amount}（{rule}）。",
            f"{name}: a {'quad' if quad else 'supreme'} won a trick before the last, so every other player pays "
            f"{base} at once; {between_en}: {amount} ({rule}).")
    involved = banker in (winner, payer)

    def hint(v: int) -> Text | None:
        if v == amount:
            return None
        if not involved and v != base:
            return T(f"這兩家都不是莊家，{name}的錢不乘 m（{rule}、§6）。",
                     f"Neither of these two is the banker, so the {name} money is not multiplied by m ({rule}, §6).")
        if involved and v == base:
            return T(f"這兩家之中有莊家：{name}的錢要乘莊家倍數 m（{rule}、§6）。",
                     f"One of these two is the banker: the {name} money is multiplied by the banker's m ({rule}, §6).")
        return T(f"先查{name}每家付多少（{rule}），再看這兩家之間要不要乘 m、m 是多少（§6）。",
                 f"Look up what each player pays for {name} ({rule}), then whether ×m applies between these two, "
                 f"and what m is (§6).")

    choices = tuple(Choice(str(v), T(str(v), str(v)), why=hint(v)) for v in values[:4])
    from ..tiles import parse_tiles

    return Question(f"bonus:{number}", "bonus",
                    T(f"莊家是{seat_name(banker, 'zh-Hant')}（倍數 m = {m}）。{seat_name(winner, 'zh-Hant')}用這手牌贏了第三墩。"
                      f"{seat_name(payer, 'zh-Hant')}要即時付多少？",
                      f"{seat_name(banker)} is banker (m = {m}). {seat_name(winner)} wins the third trick with this "
                      f"play. How much does {seat_name(payer)} pay on the spot?"),
                    choices, str(amount), why, rule, shown=tuple(parse_tiles(play)))


def seven_or_eight_question(rng: random.Random, number: int = 0) -> Question:
    """七支 or 八支 (R-$11)? One seat led every trick and the others discarded each time; its
    last lead wins all eight stacks. The hand is really played (``Deal``), and the engine says
    which finish it is; the question shows the tiles led face up and the last lead."""
    from ..combos import can_beat, classify
    from ..tiles import full_set

    kind = rng.choices(("seven", "pair", "top", "shown"), weights=(50, 15, 10, 25))[0]
    want_eight = kind != "seven"
    found: tuple[int, tuple[Tile, ...], list[Tile]] | None = None
    for _ in range(400):
        tiles = full_set()
        rng.shuffle(tiles)
        if kind == "shown":  # a single whose every higher tile (each copy) is led before it
            target = rng.choice([t for t in KINDS if 0 < len(_beaters(t)) <= 5])
            needed = [target, *_beaters(t=target)]
            for t in needed:
                tiles.remove(t)
            tiles = needed + tiles
            head = tiles[:8]
            rng.shuffle(head)
            tiles[:8] = head
        seat = rng.randrange(4)
        mine = sorted(tiles[:8], key=lambda t: t.index)
        others = iter((tiles[8:16], tiles[16:24], tiles[24:32]))
        hands = [mine if s == seat else next(others) for s in range(4)]
        if kind == "pair":
            candidates: list[tuple[Tile, ...]] = [
                (a, b) for i, a in enumerate(mine) for b in mine[i + 1:] if _is_play((a, b))]
        else:
            candidates = [(t,) for t in dict.fromkeys(mine)
                          if kind == "seven" or (kind == "top") == (not _beaters(t))]
        rng.shuffle(candidates)
        for last in candidates:
            leads = list(mine)
            for t in last:
                leads.remove(t)
            rng.shuffle(leads)
            finishes = _led_throughout(Deal(hands, banker=seat, streak=1), leads, last)
            if finishes is not None and (Finish.EIGHT in finishes) == want_eight:
                found = seat, last, leads
                break
        if found is not None:
            break
    else:  # pragma: no cover
        raise DrillError("no hand won with all eight stacks found")
    assert found is not None
    seat, last, leads = found
    who = _seat(seat)
    last_play = classify(last)
    named = " ".join(t.name for t in last)
    if len(last) >= 2:
        why = T(f"八支：最後一墩是 {len(last)} 張（{named}），不是單張，所以算八支，×4（R-$11）。",
                f"八支: the last trick was {len(last)} tiles ({named}), not a single tile, so it is 八支, ×4 "
                "(R-$11).")
    else:
        shown = [t for t in leads]
        beaters = [t for t in dict.fromkeys(full_set()) if can_beat(classify((t,)), last_play)]
        unseen = [t for t in beaters if full_set().count(t) - shown.count(t) - last.count(t) > 0]
        if unseen:
            names = "、".join(dict.fromkeys(t.name for t in unseen))
            names_en = ", ".join(dict.fromkeys(t.name for t in unseen))
            why = T(f"七支：最後一墩是單張{named}，還沒翻開過的{names}打得過它；別人沒有打，只因為他們沒有棟，"
                    "不夠兩棟不能贏最後一墩（R-W2）。所以算七支，×2（R-$11）。",
                    f"七支: the last trick was a single {named}, and {names_en}, never shown face up, could "
                    "beat it; the others could not play it only because with no stack they may not win a "
                    "one-tile last trick (R-W2). So it is 七支, ×2 (R-$11).")
        elif beaters:
            names = "、".join(dict.fromkeys(t.name for t in beaters))
            names_en = ", ".join(dict.fromkeys(t.name for t in beaters))
            why = T(f"八支：最後一墩是單張{named}，但每一張比它大的同類牌（{names}）都已經翻開打過了，沒有牌打得過它，"
                    "所以算八支，×4（R-$11）。",
                    f"八支: the last trick was a single {named}, but every higher tile of its class ({names_en}) "
                    "had already been played face up, so nothing left could beat it: 八支, ×4 (R-$11).")
        else:
            why = T(f"八支：最後一墩是單張{named}，同類裏沒有比它更大的牌，誰都打不過它，所以算八支，×4（R-$11）。",
                    f"八支: the last trick was a single {named}, and no tile of its class ranks higher: nothing "
                    "could beat it, so it is 八支, ×4 (R-$11).")
    choices = (Choice("seven", T("七支（×2）", "七支 (×2)"), why=why if want_eight else None),
               Choice("eight", T("八支（×4）", "八支 (×4)"), why=None if want_eight else why))
    return Question(
        f"seven_eight:{number}", "seven_eight",
        T(f"{who.zh}贏了頭 {8 - len(last)} 墩，每一墩其他三家都是墊牌（蓋着）；最後一墩{who.zh}出{named}，"
          f"贏齊八棟。這是七支還是八支？",
          f"{who.en} took the first {8 - len(last)} tricks, the other three discarding face down every time; "
          f"for the last trick {who.en} leads {named} and takes all eight stacks. Is it 七支 or 八支?"),
        choices, "eight" if want_eight else "seven", why, "R-$11",
        groups=((T(f"{who.zh}之前出過的牌（都翻開）", f"{who.en}'s earlier leads (face up)"), tuple(leads)),
                (T("最後一墩", "the last trick"), tuple(last))),
    )


def _beaters(t: Tile) -> list[Tile]:
    """Every tile of the set (each copy) that beats ``t`` as a single."""
    from ..combos import can_beat, classify
    from ..tiles import full_set

    return [x for x in full_set() if can_beat(classify((x,)), classify((t,)))]


def _led_throughout(d: Deal, leads: list[Tile], last: tuple[Tile, ...]) -> tuple[Finish, ...] | None:
    """Play ``d``: the banker leads ``leads`` one by one and then ``last``, the others
    discarding each time; the finishes of the hand (``None`` if the rules refuse a step or the
    banker does not take all eight stacks)."""
    from ..errors import TiangowError
    from ..move import Move

    try:
        for t in leads:
            d.push(Move((t,)))
            for _ in range(3):
                who = d.to_play
                assert who is not None
                d.push(Move((d.holding(who)[0],), discard=True))
        d.push(Move(last))
        for _ in range(3):
            who = d.to_play
            assert who is not None
            d.push(Move(tuple(d.holding(who)[:len(last)]), discard=True))
    except TiangowError:
        return None
    if d.winner is None or d.stacks[d.winner] != 8:
        return None
    finishes, _ = d.finishes()
    return finishes


def _is_play(tiles: tuple[Tile, ...]) -> bool:
    from ..combos import classify
    from ..errors import NotACombination

    try:
        classify(tiles)
    except NotACombination:
        return False
    return True


class ScoringDrill(KindDrill):
    """Settlement quizzes: choose the result, or type every seat's result."""

    id = "scoring"
    title = T("計分練習", "Scoring drill")
    question_kinds = QUESTION_KINDS
    extra_scores = ("settled",)

    def make(self, kind: str, rng: random.Random, number: int) -> Question:
        return make_question(kind, rng, number)

    @property
    def settled(self) -> Score:
        return self.scores["settled"]

    def next_end(self, rng: random.Random) -> EndOfHand:
        return random_end(rng)

    def record_end(self, end: EndOfHand, first_try: bool) -> None:
        self.settled.record(first_try)

    def progress(self) -> tuple[int, int]:
        """Settlements right first time, up to 10, and questions, up to 10."""
        return min(self.settled.first_try, 10) + min(self.score.first_try, 10), 20
