"""Why one action does better than another, read off the coach's own samples.

The coach scores every action open to the seat over the same samples of the hidden tiles and
follows each sample to the end of the hand (:class:`tiangow.players.search.Outlook`: a line of
best play when the samples are searched exactly, the rule-based player's playout before
that). :func:`compare` sets two actions side by side in the terms a player thinks in — the
hand won (R-W1), the trick taken and the lead kept (R-P1, R-P5), no stack at the end (空棟,
R-$2), the stacks taken, the immediate rewards (R-$5, R-$6), what takes the last trick, a
combination split — and says the one or two differences that explain the gap, each with
the counts it comes from. Every figure in the text is a :class:`Fact`'s, and every fact's
figures are the outlooks' counts (tests/test_why.py holds them to it).

>>> from tiangow import Move
>>> from tiangow.players.search import Option, Outlook
>>> a = Option(Move.parse("play 44"), -2.0, 0.5, 8, True, None, -6, 2, Outlook(8, 1, 7, 0, 20, 0))
>>> b = Option(Move.parse("play 33"), 3.0, 0.5, 8, True, None, -4, 8, Outlook(8, 5, 2, 0, 22, 0))
>>> import textwrap
>>> print(textwrap.fill(compare(a, b).text("en"), 90))
If you play Man, you take this trick in 7 of 8 deals (if you play Long three: 2), but you
win the hand in 1 of 8 deals; if you play Long three, in 5: whoever takes the last trick
wins the hand (R-W1).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from ..combos import Combination, combinations_in
from ..deal import DealView
from ..i18n import T, Text
from ..players.search import Option, Outlook
from ..policy import POLICY

__all__ = ["Fact", "Why", "compare", "split_combinations", "how_often", "likelihood", "whole", "half_away"]

KINDS = ("win", "trick", "blank", "stacks", "bonus", "last", "split", "net")
"""What a fact can be about."""


@dataclass(frozen=True)
class Fact:
    """One difference between two actions, with the figure for each: counts of samples
    (``win``, ``trick``, ``blank``, ``last``), mean stacks or money (``stacks``, ``bonus``,
    ``net``) or 1/0 (``split``)."""

    kind: str
    yours: float
    other: float
    samples: int
    text: Text


@dataclass(frozen=True)
class Why:
    """Why ``other`` does better than the judged action: the facts and the sentence."""

    facts: tuple[Fact, ...]
    text: Text
    preface: bool = False
    """Whether the first fact is one in the judged action's favour ("…, but …")."""


def likelihood(k: int, n: int) -> str | None:
    """``"likely"`` where ``k`` of ``n`` is at least the policy's ``likely``, ``"rarely"`` at most
    ``rarely``, else ``None`` (no word: the figure alone)."""
    if not n:
        return None
    if k / n >= POLICY.likely:
        return "likely"
    if k / n <= POLICY.rarely:
        return "rarely"
    return None


def how_often(k: int, n: int) -> Text:
    """How often something happened in ``k`` of ``n`` deals, in words that follow from the
    figure by the policy's ``likely`` and ``rarely``, with the figure beside them.

    >>> how_often(30, 32).en, how_often(11, 32).en, how_often(3, 32).en
    ('likely (in 30 of 32 deals)', 'in 11 of 32 deals', 'rarely (in 3 of 32 deals)')
    >>> how_often(30, 32).zh
    '很可能（在 32 副牌裏有 30 副）'
    """
    of = _of(k, n)
    word = likelihood(k, n)
    if word == "likely":
        return T("很可能（", "likely (") + of + T("）", ")")
    if word == "rarely":
        return T("很少（", "rarely (") + of + T("）", ")")
    return of


def _of(n: int, samples: int) -> Text:
    return T(f"在 {samples} 副牌裏有 {n} 副", f"in {n} of {samples} deals")


def _count_gap(samples: int) -> int:
    """The smallest difference in counts worth a sentence: one deal in ten, at least one."""
    return max(1, (samples + 9) // 10)


def split_combinations(hand: tuple[object, ...] | list[object], tiles: tuple[object, ...], view: DealView
                       ) -> tuple[Combination, ...]:
    """The combinations of two or more tiles in ``hand`` that taking ``tiles`` out of it
    (played or discarded) breaks up: some of its tiles go, some stay."""
    from ..tiles import Tile

    held: Counter[Tile] = Counter(t for t in hand if isinstance(t, Tile))
    out: Counter[Tile] = Counter(t for t in tiles if isinstance(t, Tile))
    after = held - out
    broken = []
    for c in combinations_in(tuple(held.elements()), view.rules):
        if c.size < 2:
            continue
        need = Counter(c.tiles)
        if any(out[t] for t in need) and not all(after[t] >= n for t, n in need.items()) and \
                not all(out[t] >= n for t, n in need.items()):
            broken.append(c)
    return tuple(broken)


def compare(yours: Option, other: Option, view: DealView | None = None) -> Why:
    """Why ``other`` does better than ``yours`` over the same samples (both options of one
    hint, each with its :class:`~tiangow.players.search.Outlook`); ``view`` (the seat's, before
    acting) names the moves as leads or plays and finds a combination split."""
    a, b = yours.outlook, other.outlook
    me = _lower_first(yours.move.text(view))
    it = _lower_first(other.move.text(view))
    if a is None or b is None or a.samples != b.samples or not a.samples:
        f = Fact("net", yours.mean, other.mean, yours.samples, _net_text(me, it, yours, other, True))
        return Why((f,), _upper_first(f.text) + T("。", "."))
    n = a.samples
    gap = _count_gap(n)
    big = max(gap, (3 * n + 9) // 10)
    facts: list[Fact] = []
    preface: Fact | None = None

    def fmt(t: Text, **kw: object) -> Text:
        return t.format(me=me, it=it, **kw)

    # The trick this action is part of, and the lead that goes with it.
    if a.tricks - b.tricks >= big:
        preface = Fact("trick", a.tricks, b.tricks, n, fmt(T(
            "如果你{me}，你{of}贏這一墩（如果你{it}：{k} 副），可是",
            "if you {me}, you take this trick {of} (if you {it}: {k}), but "), of=_of(a.tricks, n), k=b.tricks))
    trick_b: Fact | None = None
    last_trick = (view is not None and view.seat is not None
                  and view.hand_sizes[view.seat] == len(other.move.tiles))  # no trick comes after this one
    if preface is None and b.tricks - a.tricks >= big:
        trick_b = Fact("trick", a.tricks, b.tricks, n, fmt(T(
            "如果你{it}，你{of}贏這一墩（如果你{me}：{k} 副；R-W1）",
            "if you {it}, you take this trick {of} (if you {me}: {k}; R-W1)") if last_trick else T(
            "如果你{it}，你{of}贏這一墩，下一墩由你先出（如果你{me}：{k} 副；R-P1、R-P5）",
            "if you {it}, you take this trick {of} and lead the next (if you {me}: {k}; R-P1, R-P5)"),
            of=_of(b.tricks, n), k=a.tricks))

    money: list[Fact] = []
    if b.wins - a.wins >= gap:
        money.append(Fact("win", a.wins, b.wins, n, fmt(T(
            "如果你{me}，你{of}贏這一局；如果你{it}，有 {k} 副：誰贏最後一墩誰就贏這一局（R-W1）",
            "if you {me}, you win the hand {of}; if you {it}, in {k}: whoever takes the last trick wins the hand "
            "(R-W1)"), of=_of(a.wins, n), k=b.wins)))
    elif a.wins - b.wins >= gap and preface is None:
        preface = Fact("win", a.wins, b.wins, n, fmt(T(
            "如果你{me}，你贏這一局的次數多些（{of}；如果你{it}：{k} 副），可是",
            "if you {me}, you win the hand more often ({of}; if you {it}: {k}), but "), of=_of(a.wins, n),
            k=b.wins))
    if a.blanks - b.blanks >= gap:
        money.append(Fact("blank", a.blanks, b.blanks, n, fmt(T(
            "如果你{me}，你{of}一棟也沒有（空棟，輸家付 5，R-$2）；如果你{it}，有 {k} 副",
            "if you {me}, you end with no stack {of} (a loser with none pays 5, R-$2); if you {it}, in {k}"),
            of=_of(a.blanks, n), k=b.blanks)))
    sa, sb = a.stacks / n, b.stacks / n
    if sb - sa >= 0.5:
        money.append(Fact("stacks", sa, sb, n, fmt(T(
            "如果你{me}，你平均得 {x} 棟；如果你{it}，{y} 棟（輸家每少一棟多付 1，R-$2）",
            "if you {me}, you end with {x} stacks on average; if you {it}, {y} (a loser pays 1 more for each "
            "stack short of 4, R-$2)"), x=f"{sa:.1f}", y=f"{sb:.1f}")))
    ba, bb = a.bonus / n, b.bonus / n
    if bb - ba >= 0.5 and whole(bb) != whole(ba):  # as shown, whole: two that differ
        money.append(Fact("bonus", ba, bb, n, fmt(T(
            "如果你{it}，你平均即時收 {y}（賀尊、四大賀，R-$5、R-$6）；如果你{me}，{x}",
            "if you {it}, you collect {y} on average at once (supreme and quad bonuses, R-$5, R-$6); if you {me}, "
            "{x}"), x=whole(ba), y=whole(bb))))
    # the money first; the lead that goes with the trick next
    facts.extend(money[:1] + ([trick_b] if trick_b is not None else []) + money[1:2])

    # What takes the last trick.
    if b.last and len(facts) < 2 and (not facts or facts[-1].kind == "win"):
        combo, k = b.last[0]
        mine = dict(a.last).get(combo, 0)
        if k - mine >= gap:
            # alone, the fact says why the last trick matters (after the hand's wins it is said)
            rule = T("", "") if facts else T("（誰贏最後一墩誰就贏這一局，R-W1）",
                                             " (whoever takes the last trick wins the hand, R-W1)")
            facts.append(Fact("last", mine, k, n, fmt(T(
                "如果你{it}，你{of}用{c}贏最後一墩；如果你{me}，有 {m} 副",
                "if you {it}, you take the last trick with {c} {of}; if you {me}, in {m}"),
                c=T(combo.label("zh-Hant"), combo.label("en")), of=_of(k, n), m=mine) + rule))

    # A combination split.
    if view is not None and view.seat is not None and len(facts) < 2:
        hand = tuple(view.hands[view.seat] or ())
        theirs = set(split_combinations(hand, other.move.tiles, view))
        split = [c for c in split_combinations(hand, yours.move.tiles, view) if c not in theirs]
        if split:
            c = max(split, key=lambda c: (c.size, -c.rank))
            facts.append(Fact("split", 1, 0, n, fmt(T(
                "如果你{me}，你的{c}就拆散了；如果你{it}，它還在（R-C5）",
                "if you {me}, your {c} is split up; if you {it}, it stays together (R-C5)"),
                c=T(c.label("zh-Hant"), c.label("en")))))

    if not facts:
        facts.append(Fact("net", yours.mean, other.mean, n, _net_text(me, it, yours, other, preface is None)))
        if preface is None:
            facts[-1] = Fact("net", yours.mean, other.mean, n, facts[-1].text + _alike(a, b, me, it))
    facts = facts[:2]
    body = facts[0].text
    zh_it, en_it = f"如果你{it.zh}，", f"if you {it.en}, "
    for prev, f in pairwise(facts):
        if (f.text.zh.startswith(zh_it) and f.text.en.startswith(en_it) and f"；{zh_it}" in prev.text.zh
                and f"; {en_it}" in prev.text.en):
            # "…; if you play 地, in 18 — and you take this trick …" (not "if you play 地" twice running)
            body = body + T("，而且", " — and ") + Text(f.text.zh[len(zh_it):], f.text.en[len(en_it):])
        else:
            body = body + T("；", "; ") + f.text
    if preface is not None:
        if preface.kind == "trick" and "R-" not in body.en:
            # nothing after it names a rule (only the nets): the trick's own, stack and lead
            preface = Fact("trick", a.tricks, b.tricks, n, fmt(T(
                "如果你{me}，你{of}贏這一墩（如果你{it}：{k} 副；R-P1、R-P5），可是",
                "if you {me}, you take this trick {of} (if you {it}: {k}; R-P1, R-P5), but "),
                of=_of(a.tricks, n), k=b.tricks))
        # "If you lead 人, you take this trick …, but you win the hand …" (not "but if you lead 人")
        zh_me, en_me = f"如果你{me.zh}，", f"if you {me.en}, "
        if body.zh.startswith(zh_me) and body.en.startswith(en_me):
            body = Text(body.zh[len(zh_me):], body.en[len(en_me):])
        return Why((preface, *facts), _upper_first(preface.text + body) + T("。", "."), True)
    return Why(tuple(facts), _upper_first(body) + T("。", "."))


def whole(x: float) -> str:
    """A figure of the coach's as every page shows it: a whole number, signed, with a true minus
    sign, and 0 for what rounds to nothing (:func:`tiangow.coach.text.net_text` says why).

    >>> whole(-6.35), whole(0.4), whole(2.5), whole(-4.5)
    ('−6', '0', '+3', '−5')
    """
    n = half_away(x)
    return "0" if n == 0 else f"{n:+d}".replace("-", "−")


def half_away(x: float) -> int:
    """``x`` to the nearest whole number, a half away from zero (2.5 is 3, as a reader rounds)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))




def _net_text(me: Text, it: Text, yours: Option, other: Option, alone: bool) -> Text:
    x, y = whole(yours.mean), whole(other.mean)
    if x == y:  # as shown, alike: said so, not "−6; if you …, −6"
        return T("在同樣的 {n} 副牌裏，兩樣平均淨得都差不多是 {x}",
                 "over the same {n} deals, either way you net about {x} on average").format(n=yours.samples, x=x)
    return T("在同樣的 {n} 副牌裏，如果你{me}，平均淨得 {x}；如果你{it}，{y}",
             "over the same {n} deals, if you {me} you net {x} on average; if you {it}, {y}").format(
        n=yours.samples, me=me, it=it, x=x, y=y)


def _alike(a: Outlook, b: Outlook, me: Text, it: Text) -> Text:
    """Where no count told the two actions apart (:func:`compare` found no fact): say which of
    the hand won and the stacks are alike — within :func:`_count_gap` deals and a factor of two,
    and half a stack —
    with their counts, and, when both are, that the difference is in what the others pay."""
    n = a.samples
    # "about as often" only for counts close in both senses: within a tenth of the deals and
    # within a factor of two (0 and 4 of 96 deals are "never" and "now and then", not alike)
    wins = abs(a.wins - b.wins) < _count_gap(n) and 2 * min(a.wins, b.wins) >= max(a.wins, b.wins)
    stacks = abs(a.mean_stacks - b.mean_stacks) < 0.5
    won = T(f"贏這一局的次數差不多（{a.wins} 和 {b.wins} 副）",
            f"you win the hand about as often ({a.wins} and {b.wins} of {n} deals)")
    kept = T(f"平均棟數也差不多（{a.mean_stacks:.1f} 和 {b.mean_stacks:.1f}）",
             f"end with about as many stacks ({a.mean_stacks:.1f} and {b.mean_stacks:.1f})")
    if wins and stacks:
        return (T(f"。兩樣都是在 {n} 副牌裏", ". Either way ") + won + T("、", " and ") + kept
                + T("，差在別人付多少（R-$2）", ": the difference is in what the others pay (R-$2)"))
    if wins:
        return T(f"。兩樣都是在 {n} 副牌裏", ". Either way ") + won
    if stacks:
        return T("。兩樣", ". Either way you ") + Text(kept.zh.replace("也", "都"), kept.en)
    return T("", "")


def _lower_first(t: Text) -> Text:
    return Text(t.zh, t.en[:1].lower() + t.en[1:]) if t.en[:1].isupper() and not t.en[1:2].isupper() else t


def _upper_first(t: Text) -> Text:
    return Text(t.zh, t.en[:1].upper() + t.en[1:])


def outlook_counts(o: Outlook) -> dict[str, float]:
    """The figures a fact may cite, by kind (for tests and the review)."""
    n = o.samples or 1
    return {"win": o.wins, "trick": o.tricks, "blank": o.blanks, "stacks": o.stacks / n, "bonus": o.bonus / n}
