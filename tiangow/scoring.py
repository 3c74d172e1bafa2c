"""Settlement (計分): who pays whom at the end of a hand, item by item (RULES §6).

:func:`settle` settles a described end of hand (for scoring quizzes); a finished
:class:`tiangow.Deal` settles itself with the same code.

Worked example 1 of RULES §6 (seeds 000/002): East banker in the first hand of the streak,
stacks East 1, South 4, West 0, North 3, North wins:

>>> s = settle([1, 4, 0, 3], winner=3, banker=0)
>>> s.net
(-6, 0, -5, 11)
>>> for p in s.payments:
...     print(p)
East pays North 6: 3 short ×2 banker (R-$2)
South pays North 0: 歸本 par (R-$1)
West pays North 5: 空棟 (R-$2)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from .errors import SettlementError
from .i18n import Lang, pick, seat_name
from .rules import DEFAULT_RULES, Natural, Rules

__all__ = [
    "Reason",
    "Finish",
    "Payment",
    "Settlement",
    "settle",
    "next_banker",
    "banker_multiplier",
    "compute_settlement",
]


class Reason(enum.Enum):
    """Why a payment is made; ``.rule`` gives the rule id."""

    PAR = "歸本"
    SHORT = "輸棟"
    EMPTY = "空棟"
    ENTER_ONE = "入一"
    ENTER_TWO = "入二"
    SUPREME_BONUS = "賀尊"
    QUAD_BONUS = "四大賀"
    SUPREME_CAPTURED = "擒尊"
    CAPTURE = "擒"
    NATURAL = "例牌"

    @property
    def rule(self) -> str:
        return _REASON_RULE[self]

    @property
    def name_en(self) -> str:
        return _REASON_EN[self]

    def label(self, lang: Lang = "zh-Hant") -> str:
        return pick(lang, self.value, self.name_en)


_REASON_RULE: Final = {
    Reason.PAR: "R-$1", Reason.SHORT: "R-$2", Reason.EMPTY: "R-$2", Reason.ENTER_ONE: "R-$3",
    Reason.ENTER_TWO: "R-$3", Reason.SUPREME_BONUS: "R-$5", Reason.QUAD_BONUS: "R-$6",
    Reason.SUPREME_CAPTURED: "R-$5", Reason.CAPTURE: "R-$10", Reason.NATURAL: "§8",
}
_REASON_EN: Final = {
    Reason.PAR: "par", Reason.SHORT: "stacks short", Reason.EMPTY: "no stack",
    Reason.ENTER_ONE: "one over par", Reason.ENTER_TWO: "two over par",
    Reason.SUPREME_BONUS: "supreme bonus", Reason.QUAD_BONUS: "quad bonus",
    Reason.SUPREME_CAPTURED: "supreme captured", Reason.CAPTURE: "capture",
    Reason.NATURAL: "natural hand",
}


class Finish(enum.Enum):
    """Special finishes (奇牌, RULES §6.2) that multiply what the winner collects (R-$4)."""

    SUPREME = "包尊"
    """The last trick won with a supreme: ×2 (R-$7)."""
    QUAD = "四大包"
    """The last trick won with a quad: ×4 (R-$8)."""
    LOWEST = "么結"
    """The last trick won with a led 1-2 (or 1-5 under the civil supreme): ×2 (R-$9)."""
    SEVEN = "七支"
    """All 8 stacks, the last a single that did not itself guarantee the win: ×2 (R-$11)."""
    EIGHT = "八支"
    """All 8 stacks otherwise: ×4 (R-$11)."""

    @property
    def multiplier(self) -> int:
        return _FINISH_MULT[self]

    @property
    def rule(self) -> str:
        return _FINISH_RULE[self]

    @property
    def name_en(self) -> str:
        return _FINISH_EN[self]

    def label(self, lang: Lang = "zh-Hant") -> str:
        return pick(lang, self.value, self.name_en)


_FINISH_MULT: Final = {Finish.SUPREME: 2, Finish.QUAD: 4, Finish.LOWEST: 2, Finish.SEVEN: 2, Finish.EIGHT: 4}
_FINISH_RULE: Final = {Finish.SUPREME: "R-$7", Finish.QUAD: "R-$8", Finish.LOWEST: "R-$9",
                       Finish.SEVEN: "R-$11", Finish.EIGHT: "R-$11"}
_FINISH_EN: Final = {Finish.SUPREME: "supreme finish", Finish.QUAD: "quad finish",
                     Finish.LOWEST: "lowest-tile finish", Finish.SEVEN: "seven stacks",
                     Finish.EIGHT: "eight stacks"}


class Payment(NamedTuple):
    """One line of a settlement: ``payer`` pays ``payee`` ``amount`` for ``reason``.

    ``base`` is the unmultiplied amount; ``factors`` the multipliers applied, each as
    (name, value): ``("banker", 3)``, ``("八支", 4)``, ``("擒", 2)``. ``covers`` is the seat
    whose loss a captured player pays (R-$10); ``trick`` the trick that earned an immediate
    reward (R-$5, R-$6).
    """

    payer: int
    payee: int
    amount: int
    reason: Reason
    base: int = 0
    factors: tuple[tuple[str, int], ...] = ()
    covers: int | None = None
    trick: int | None = None

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids behind this line: the reason's, then each finish's."""
        ids = [self.reason.rule]
        for name, _ in self.factors:
            for f in Finish:
                if f.value == name and f.rule not in ids:
                    ids.append(f.rule)
        if any(name == "擒" for name, _ in self.factors) and "R-$10" not in ids:
            ids.append("R-$10")
        return tuple(ids)

    def formula(self, lang: Lang = "en") -> str:
        """How the amount is reached, e.g. ``'5 ×2 banker ×4 八支'``."""
        parts = [str(self.base)]
        for name, value in self.factors:
            shown = pick(lang, "莊", "banker") if name == "banker" else (
                _factor_label(name, lang))
            parts.append(f"×{value} {shown}")
        return " ".join(parts)

    def explain(self, lang: Lang = "en") -> str:
        """The line in words, in ``lang``.

        >>> Payment(2, 3, 20, Reason.EMPTY, 5, (("八支", 4),)).explain("en")
        'West pays North 20: 空棟 no stack, 5 ×4 eight stacks (R-$2, R-$11)'
        >>> Payment(2, 3, 20, Reason.EMPTY, 5, (("八支", 4),)).explain("zh-Hans")
        '西付北 20：空栋，5 ×4 八支（R-$2, R-$11）'
        """
        payer, payee = seat_name(self.payer, lang), seat_name(self.payee, lang)
        rules = ", ".join(self.rules)
        if lang == "en":
            what = f"{self.reason.value} {self.reason.name_en}"
            if self.covers is not None and self.covers != self.payer:
                what += f" for {seat_name(self.covers, lang)}"
            if self.factors:
                what += f", {self.formula(lang)}"
            return f"{payer} pays {payee} {self.amount}: {what} ({rules})"
        what = self.reason.label(lang)
        if self.covers is not None and self.covers != self.payer:
            what += pick(lang, f"（代{seat_name(self.covers, 'zh-Hant')}）", "")
        if self.factors:
            what += f"，{self.formula(lang)}"
        return f"{payer}{pick(lang, '付', '')}{payee} {self.amount}：{what}（{rules}）"

    def __str__(self) -> str:
        head = f"{seat_name(self.payer)} pays {seat_name(self.payee)} {self.amount}: "
        if self.reason is Reason.SHORT:
            body = f"{self.base} short"
        elif self.reason is Reason.PAR:
            body = "歸本 par"
        else:
            body = self.reason.value
        if self.covers is not None and self.covers != self.payer:
            body += f" for {seat_name(self.covers)}"
        for name, value in self.factors:
            body += f" ×{value} {name}"
        return f"{head}{body} ({', '.join(self.rules)})"


def _factor_label(name: str, lang: Lang) -> str:
    for f in Finish:
        if f.value == name:
            return f.label(lang)
    if name == "擒":
        return pick(lang, "擒", "capture")
    return name


@dataclass(frozen=True)
class Settlement:
    """The itemised settlement of a hand and each seat's net (summing to zero)."""

    payments: tuple[Payment, ...]
    net: tuple[int, int, int, int]
    winner: int
    banker: int
    streak: int
    multiplier: int
    finishes: tuple[Finish, ...] = ()
    captured: int | None = None
    natural: Natural | None = None
    next_banker: int = 0
    next_streak: int = 1
    stacks: tuple[int, int, int, int] | None = None
    rules: Rules = field(default=DEFAULT_RULES, repr=False)

    @property
    def finish_multiplier(self) -> int:
        out = 1
        for f in self.finishes:
            out *= f.multiplier
        return out

    def lines(self, lang: Lang = "en") -> list[str]:
        """Every payment explained, one per line."""
        return [p.explain(lang) for p in self.payments]

    def __str__(self) -> str:
        lines = [str(p) for p in self.payments]
        lines.append("net: " + ", ".join(f"{seat_name(s)} {n:+d}" for s, n in enumerate(self.net)))
        return "\n".join(lines)


def banker_multiplier(streak: int) -> int:
    """m: 2 in the first hand of a banker's streak, then 3, 4, … (RULES §6).

    >>> banker_multiplier(1), banker_multiplier(3)
    (2, 4)
    """
    return streak + 1


def next_banker(banker: int, streak: int, winner: int, rules: Rules | None = None) -> tuple[int, int]:
    """The next hand's banker and streak (R-S2, R-B1; 輪莊 under ``banker_rotation="rotate"``).

    >>> next_banker(0, 1, 2), next_banker(0, 1, 0)
    ((2, 1), (0, 2))
    >>> next_banker(0, 3, 2, Rules(banker_rotation="rotate"))
    (1, 1)
    """
    _seat(banker, "banker")
    _seat(winner, "winner")
    _streak(streak)
    r = DEFAULT_RULES if rules is None else rules
    if not isinstance(r, Rules):
        raise SettlementError(f"rules must be a tiangow.Rules, not {type(r).__name__}")
    return _succession(banker, streak, winner, r)


def _succession(banker: int, streak: int, winner: int, rules: Rules) -> tuple[int, int]:
    if winner == banker:
        return banker, streak + 1  # 連莊
    if rules.banker_rotation == "rotate":
        return (banker + 1) % 4, 1  # 輪莊
    return winner, 1  # 飛莊


def _seat(x: object, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 3:
        raise SettlementError(f"{what} must be a seat 0–3 (East, South, West, North), not {x!r}")
    return x


def _streak(x: object) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise SettlementError(f"streak must be a whole number ≥ 1 (1 = the banker's first hand), not {x!r}")
    return x


def _finishes(items: Iterable[Finish | str]) -> tuple[Finish, ...]:
    out: list[Finish] = []
    if isinstance(items, (str, Finish)):
        items = [items]
    for x in items:
        if isinstance(x, Finish):
            f = x
        elif isinstance(x, str) and x in Finish.__members__:
            f = Finish[x]
        elif isinstance(x, str) and x in {m.value for m in Finish}:
            f = Finish(x)
        else:
            raise SettlementError(f"{x!r} is not a special finish: use 包尊, 四大包, 么結, 七支 or 八支 (RULES §6.2)")
        if f in out:
            raise SettlementError(f"{f.value} is listed twice")
        out.append(f)
    return tuple(sorted(out, key=list(Finish).index))


def settle(
    stacks: Sequence[int] | None,
    winner: int,
    banker: int = 0,
    streak: int = 1,
    finishes: Iterable[Finish | str] = (),
    captured: int | None = None,
    rules: Rules | None = None,
    immediate: Iterable[Payment] = (),
    natural: Natural | None = None,
) -> Settlement:
    """Settle a described end of hand (RULES §6, §6.2).

    ``stacks``: the four seats' stacks (summing to 8); ``winner``: who won the last trick;
    ``banker`` and ``streak`` (1 = first hand as banker, m = 2); ``finishes``: special
    finishes (包尊, 四大包, 么結, 七支, 八支 — members of :class:`Finish` or their Chinese
    names); ``captured``: the seat whose led 1-2 was captured (擒, R-$10); ``immediate``:
    rewards already paid during the hand (added to the net); ``natural``: a natural hand
    (RULES §8) won at the deal, in which case ``stacks`` is ignored.

    Worked example 2 of RULES §6:

    >>> settle([1, 5, 0, 2], winner=3, banker=0).net
    (-6, 1, -5, 10)

    The capture example of RULES §6.2 with n = 1 (m = 2): A = South leads 1-2, B = West
    wins with 2-4; South 1 stack, West 2, North 5, banker East 0:

    >>> s = settle([0, 1, 2, 5], winner=2, banker=0, captured=1)
    >>> [(p.payer, p.payee, p.amount) for p in s.payments if p.amount]
    [(1, 2, 20), (1, 2, 6), (2, 3, 1)]
    """
    r = DEFAULT_RULES if rules is None else rules
    if not isinstance(r, Rules):
        raise SettlementError(f"rules must be a tiangow.Rules, not {type(r).__name__}")
    if not r.scored:
        raise SettlementError(
            "no source gives the scoring of 小天九 (4-tile hands), so tiangow does not invent one (R-S3)"
        )
    winner = _seat(winner, "winner")
    banker = _seat(banker, "banker")
    streak = _streak(streak)
    m = banker_multiplier(streak)
    fins = _finishes(finishes)
    imm = tuple(immediate)
    for p in imm:
        if not isinstance(p, Payment):
            raise SettlementError(f"immediate rewards must be Payment records, not {type(p).__name__}")
    nb, ns = next_banker(banker, streak, winner, r)

    def pm(a: int, b: int) -> int:
        return m if banker in (a, b) else 1

    payments: list[Payment] = list(imm)
    if natural is not None:
        if not isinstance(natural, Natural):
            raise SettlementError(f"natural must be a tiangow.Natural, not {natural!r}")
        if fins or captured is not None:
            raise SettlementError(
                "a natural hand ends the hand at the deal: no finish or capture can go with it (RULES §8)"
            )
        bonus = natural.stacks_bonus
        finish_name = "七支" if bonus == 2 else "八支"
        for s in range(4):
            if s == winner:
                continue
            factors: list[tuple[str, int]] = []
            if pm(s, winner) > 1:
                factors.append(("banker", m))
            factors.append((finish_name, bonus))
            payments.append(Payment(s, winner, 5 * bonus * pm(s, winner), Reason.NATURAL, 5, tuple(factors)))
        # A natural is settled as if the winner took all eight stacks (RULES §8).
        won_all = (8 if winner == 0 else 0, 8 if winner == 1 else 0,
                   8 if winner == 2 else 0, 8 if winner == 3 else 0)
        return _finish(payments, winner, banker, streak, m, fins, None, natural, nb, ns, won_all, r)

    st = _stacks(stacks)
    if st[winner] < 2:
        raise SettlementError(
            f"{seat_name(winner)} cannot have won with {st[winner]} stack(s): the winner must end the "
            "hand with at least 2 stacks (R-W2)"
        )
    all_eight = st[winner] == 8
    has_78 = [f for f in fins if f in (Finish.SEVEN, Finish.EIGHT)]
    if all_eight and not has_78:
        raise SettlementError(
            "the winner took all 8 stacks, which is always 七支 or 八支 (R-$11): say which"
        )
    if has_78 and not all_eight:
        raise SettlementError(f"{has_78[0].value} means the winner took all 8 stacks (R-$11)")
    if len(has_78) > 1:
        raise SettlementError("a hand is 七支 or 八支, not both (R-$11)")
    last_trick = [f for f in fins if f in (Finish.SUPREME, Finish.QUAD, Finish.LOWEST)]
    if len(last_trick) > 1:
        raise SettlementError(
            f"{' and '.join(f.value for f in last_trick)} cannot both happen: the last trick is won by "
            "one play (R-$7, R-$8, R-$9)"
        )
    if captured is not None:
        captured = _seat(captured, "captured")
        if captured == winner:
            raise SettlementError("the captured player lost the last trick, so cannot be the winner (R-$10)")
        if fins:
            raise SettlementError(
                "a capture is a last trick won by a following 2-4 (or 1-6): it cannot go with "
                f"{', '.join(f.value for f in fins)} (R-$10)"
            )
    return compute_settlement(st, winner, banker, streak, fins, captured, r, list(imm))


def compute_settlement(
    st: tuple[int, int, int, int], winner: int, banker: int, streak: int,
    fins: tuple[Finish, ...], captured: int | None, r: Rules, payments: list[Payment],
) -> Settlement:
    """Settle inputs already checked (by :func:`settle`, or kept consistent by a deal): no
    argument checks. ``payments`` holds the immediate rewards already paid."""
    m = streak + 1
    nb, ns = _succession(banker, streak, winner, r)

    def pm(a: int, b: int) -> int:
        return m if banker in (a, b) else 1

    f_mult = 1
    for f in fins:
        f_mult *= f.multiplier
    cm = r.capture_multiplier

    for s in range(4):
        if s == winner:
            continue
        n = st[s]
        if n == 4:
            payments.append(Payment(s, winner, 0, Reason.PAR, 0))
            continue
        if n < 4:
            base = 5 if n == 0 else 4 - n
            reason = Reason.EMPTY if n == 0 else Reason.SHORT
            factors: list[tuple[str, int]] = []
            if pm(s, winner) > 1:
                factors.append(("banker", m))
            for f in fins:
                factors.append((f.value, f.multiplier))
            amount = base * pm(s, winner) * f_mult
            if captured is not None:
                factors.append(("擒", cm))
                payments.append(Payment(captured, winner, amount * cm, Reason.CAPTURE, base,
                                        tuple(factors), covers=s))
            else:
                payments.append(Payment(s, winner, amount, reason, base, tuple(factors)))
            continue
        # 入一 / 入二: the winner pays; ×m only when the winner is the banker (R-$3), and
        # never by a finish multiplier (R-$4).
        base = n - 4
        reason = Reason.ENTER_ONE if base == 1 else Reason.ENTER_TWO
        factors = [("banker", m)] if winner == banker else []
        payments.append(Payment(winner, s, base * (m if winner == banker else 1), reason, base, tuple(factors)))
    return _finish(payments, winner, banker, streak, m, fins, captured, None, nb, ns, st, r)


def _stacks(stacks: Sequence[int] | None) -> tuple[int, int, int, int]:
    if stacks is None or isinstance(stacks, (str, bytes)):
        raise SettlementError(f"stacks must be four whole numbers summing to 8, not {stacks!r}")
    try:
        st = tuple(stacks)
    except TypeError:
        raise SettlementError(f"stacks must be four whole numbers summing to 8, not {stacks!r}") from None
    if len(st) != 4 or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in st):
        raise SettlementError(f"stacks must be four whole numbers ≥ 0 (East, South, West, North), not {stacks!r}")
    if sum(st) != 8:
        raise SettlementError(f"stacks must sum to 8 (a hand always yields 8 stacks, R-P5), not {sum(st)}")
    return (st[0], st[1], st[2], st[3])


def _finish(
    payments: list[Payment], winner: int, banker: int, streak: int, m: int,
    fins: tuple[Finish, ...], captured: int | None, natural: Natural | None,
    nb: int, ns: int, stacks: tuple[int, int, int, int], rules: Rules,
) -> Settlement:
    net = [0, 0, 0, 0]
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return Settlement(
        payments=tuple(payments), net=(net[0], net[1], net[2], net[3]), winner=winner,
        banker=banker, streak=streak, multiplier=m, finishes=fins, captured=captured,
        natural=natural, next_banker=nb, next_streak=ns, stacks=stacks, rules=rules,
    )
