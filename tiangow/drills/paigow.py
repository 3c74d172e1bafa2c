"""Lesson 09's drills: Pai Gow (推牌九, RULES §11) — which hand wins, what a hand is worth,
and setting four tiles, all generated from a shuffled set and checked by :mod:`tiangow.paigow`.

>>> import random
>>> q = make_question("set", random.Random(3))
>>> len(q.choices), q.check(q.answer), q.rule
(3, True, '§11')
"""

from __future__ import annotations

import random
from typing import Final

from .. import paigow
from ..i18n import T, Text
from ..paigow import Hand, HandClass, Split, SplitValue
from ..tiles import Tile, full_set
from .base import Choice, DrillError, KindDrill, Question

__all__ = ["PaiGowDrill", "SplitDrill", "make_question", "QUESTION_KINDS", "why_wins", "worth_text", "split_text", "ev_text"]

QUESTION_KINDS: Final = ("which", "worth", "set")
RULE: Final = "§11"
MARGIN: Final = 0.05
"""A "set" question is asked only of four tiles whose best split is ahead of every other by at
least this much expected value, and says so: a near tie is not a fair question."""


def _deal(rng: random.Random, n: int) -> list[Tile]:
    tiles = full_set()
    rng.shuffle(tiles)
    return tiles[:n]


def worth_text(h: Hand) -> Text:
    """How a hand's value is reached, in words."""
    a, b = h.tiles
    if h.cls is HandClass.SUPREME:
        return T("丁三配二四是至尊，最大的一手（§11）。", "1-2 with 2-4 is the supreme, the top hand (§11).")
    if h.cls is HandClass.CIVIL_PAIR:
        return T(f"兩張{a.name}是文對{h.name}，只輸給至尊和更大的文對（§11）。",
                 f"Two {a.label('en')} make the civil pair {h.name}: only the supreme and higher civil pairs beat "
                 "it (§11).")
    if h.cls is HandClass.MILITARY_PAIR:
        return T(f"兩張同點的武子是{h.name}，排在文對之後（§11）。",
                 f"Two military tiles of one rank make {h.name}, ranked just below the civil pairs (§11).")
    if h.cls is not HandClass.POINTS:
        civil, other = (a, b) if a.is_civil and a.pips in ((6, 6), (1, 1)) else (b, a)
        return T(f"{civil.name}配{other.points}點的{other.name}是{h.name}：排在對子之後、所有點數牌之前（§11）。",
                 f"{civil.label('en')} with a {other.points}-point tile ({other.label('en')}) is {h.name} "
                 f"({h.name_en}): below the pairs, above every points hand (§11).")
    wild = [t for t in h.tiles if t.pips in ((1, 2), (2, 4))]
    pa, pb = a.points, b.points
    if wild and len(wild) == 1:
        w = wild[0]
        o = b if w is a else a
        low, high = (o.points + 3) % 10, (o.points + 6) % 10
        return T(f"{w.name}可以當 3 點或 6 點：{o.name} {o.points} 點 + 3 = {o.points + 3}，得 {low} 點；"
                 f"+ 6 = {o.points + 6}，得 {high} 點。取較好的：{h.points} 點（§11）。",
                 f"{w.label('en')} counts as 3 or 6: {o.label('en')} {o.points} + 3 = {o.points + 3}, {low} points; "
                 f"+ 6 = {o.points + 6}, {high} points. The better counts: {h.points} points (§11).")
    return T(f"{a.name} {pa} 點 + {b.name} {pb} 點 = {pa + pb}，只算個位數：{h.points} 點（§11）。",
             f"{a.label('en')} {pa} + {b.label('en')} {pb} = {pa + pb}; only the last digit counts: "
             f"{h.points} points (§11).")


def why_wins(player: Hand, banker: Hand) -> Text:
    """Why the winner of two hands wins (the player's first)."""
    if player.strength == banker.strength:
        if sorted(t.pips for t in player.tiles) == sorted(t.pips for t in banker.tiles):
            return T(f"兩手牌一模一樣（{player.name}）：莊家贏（食夾棍，§11）。",
                     f"The two hands are the same tiles ({player.name_en}): a tie goes to the banker (§11).")
        if player.high.name == banker.high.name:
            highs = T(f"較大的牌都是{player.high.name}", f"the higher tile is {player.high.name_en} in both")
        else:
            highs = T(f"較大的牌{player.high.name}和{banker.high.name}同級",
                      f"the higher tiles {player.high.label('en')} and {banker.high.label('en')} rank alike")
        return T(f"兩手一樣大：同是{player.name}，{highs.zh}。平手算莊家贏（§11）。",
                 f"The hands rank equal: both {player.name_en}, and {highs.en}. A tie goes to the banker (§11).")
    win, lose = (player, banker) if player.strength > banker.strength else (banker, player)
    who = T("閒家", "the player") if win is player else T("莊家", "the banker")
    if win.cls is not lose.cls or win.cls is not HandClass.POINTS:
        if win.cls is lose.cls or (win.cls is not HandClass.POINTS and lose.cls is not HandClass.POINTS
                                   and _tier(win) == _tier(lose)):
            return T(f"{win.name}比{lose.name}大，{who.zh}贏（§11）。",
                     f"{win.name_en} ranks above {lose.name_en}: {who.en} wins (§11).")
        return T(f"{win.name}的牌型比{lose.name}高，{who.zh}贏（§11）。",
                 f"{win.name_en} is a higher class of hand than {lose.name_en}: {who.en} wins (§11).")
    if win.points != lose.points:
        return T(f"{win.points} 點比 {lose.points} 點大，{who.zh}贏（§11）。",
                 f"{win.points} points beat {lose.points}: {who.en} wins (§11).")
    return T(f"都是 {win.points} 點：比較兩手裏較大的牌，{win.high.name}大過{lose.high.name}，{who.zh}贏（§11）。",
             f"Both {win.points} points: compare each hand's higher tile — {win.high.label('en')} outranks "
             f"{lose.high.label('en')}, so {who.en} wins (§11).")


def _tier(h: Hand) -> int:
    return {HandClass.SUPREME: 0, HandClass.CIVIL_PAIR: 1, HandClass.MILITARY_PAIR: 1}.get(h.cls, 2)


def split_text(s: Split) -> Text:
    return T(f"前 {s.front.name}｜後 {s.back.name}", f"front {s.front.name_en} | back {s.back.name_en}")


def ev_text(v: SplitValue) -> Text:
    sign = f"{v.ev:+.3f}".replace("-", "−")
    return T(f"期望值 {sign}（贏 {v.win:.0%}、和 {v.push:.0%}、輸 {v.lose:.0%}）",
             f"expected value {sign} (win {v.win:.0%}, push {v.push:.0%}, lose {v.lose:.0%})")


def _pair_of_hands(rng: random.Random) -> tuple[Hand, Hand]:
    """Two hands from one shuffled set; often close (same class or equal points)."""
    for _ in range(200):
        a, b, c, d = _deal(rng, 4)
        p, q = paigow.hand((a, b)), paigow.hand((c, d))
        close = p.cls is q.cls and (p.cls is not HandClass.POINTS or abs(p.points - q.points) <= 1)
        if close or rng.random() < 0.35:
            return p, q
    return p, q  # pragma: no cover


def _worth_label(h: Hand) -> Text:
    if h.cls is HandClass.POINTS:
        return T(f"{h.points} 點", f"{h.points} point{'s' if h.points != 1 else ''}")
    if h.cls in (HandClass.CIVIL_PAIR, HandClass.MILITARY_PAIR):
        return T(f"對子：{h.name}", f"a pair: {h.name}")
    return T(h.name, h.name_en)


def _worth_distractors(h: Hand, rng: random.Random) -> list[Text]:
    a, b = h.tiles
    out: list[Text] = []
    raw = (a.points + b.points) % 10
    for p in {raw, (raw + 1) % 10, (raw + 9) % 10, (h.points + 3) % 10, (a.points + b.points) // 10 % 10}:
        if h.cls is not HandClass.POINTS or p != h.points:
            out.append(T(f"{p} 點", f"{p} point{'s' if p != 1 else ''}"))
    if h.cls is HandClass.POINTS:
        out.append(T("天槓", "Heaven bar"))
    else:
        out.extend(T(c.value, c.name_en) for c in (HandClass.HEAVEN_KING, HandClass.EARTH_BAR, HandClass.SUPREME)
                   if c is not h.cls)
    rng.shuffle(out)
    right = _worth_label(h)
    unique: list[Text] = []
    for t in out:
        if t.en != right.en and all(t.en != u.en for u in unique):
            unique.append(t)
    return unique[:3]


def make_question(kind: str, rng: random.Random, number: int = 0) -> Question:
    """One question of ``kind``: ``"which"`` hand wins, what a hand is ``"worth"``, ``"set"``
    four tiles."""
    if kind == "which":
        p, b = _pair_of_hands(rng)
        win = paigow.compare(p, b) == 1
        why = why_wins(p, b)
        return Question(
            f"which:{number}", "which", T("閒家對莊家：誰贏？", "Player against banker: who wins?"),
            (Choice("player", T("閒家", "the player"), why=None if win else why),
             Choice("banker", T("莊家", "the banker"), why=why if win else None)),
            "player" if win else "banker", why, RULE,
            groups=((T("閒家", "player"), p.tiles), (T("莊家", "banker"), b.tiles)),
        )
    if kind == "worth":
        h = paigow.hand(_deal(rng, 2))
        right = _worth_label(h)
        options = [right, *_worth_distractors(h, rng)]
        rng.shuffle(options)
        why = worth_text(h)
        how = T("先看是不是至尊、對子，或天、地配上九點、八點或七點的牌；都不是的話，兩張點數相加只算個位數，"
                "丁三和二四可當三點或六點（§11）。",
                "First look for the supreme, a pair, or 天 or 地 with a tile of nine, eight or seven points; "
                "otherwise add the two tiles' points and keep the last digit, and 1-2 or 2-4 may count as "
                "3 or 6 (§11).")
        if h.cls is not HandClass.POINTS:  # the list above would name the answer's class
            how = T("這兩張合起來是有名的一手，名牌大過所有算點數的牌：是哪一手？（§11）",
                    "These two tiles together make a named hand, which outranks every hand counted by points: "
                    "which one? (§11)")
        choices = tuple(Choice(str(i), t, why=None if t is right else T(f"不是{t.zh}。", f"Not {t.en}. ") + how)
                        for i, t in enumerate(options))
        return Question(f"worth:{number}", "worth", T("這一手值多少？", "What is this hand worth?"), choices,
                        str(options.index(right)), why, RULE, groups=((T("這一手", "the hand"), h.tiles),))
    if kind == "set":
        for _ in range(100):
            tiles = _deal(rng, 4)
            values = paigow.split_values(tiles)
            if values[0].ev - values[1].ev >= MARGIN:  # one best split, clearly ahead
                break
        else:  # pragma: no cover
            raise DrillError("no holding with one clearly best split found")
        order = [v.split for v in values]
        rng.shuffle(order)
        by_split = {v.split: v for v in values}
        best = values[0]
        house = paigow.house_way(tiles)
        house_note = (T("莊家的固定擺法也是這樣擺。", "The house way sets it the same way.") if house == best.split
                      else T(f"莊家的固定擺法會擺成：{split_text(house).zh}——這裏不是最好的。",
                             f"The house way would set {split_text(house).en} — not the best here."))
        thumb = paigow.rule_of_thumb(tiles)
        if thumb == best.split:
            thumb_note = T("口訣（最強的兩張擺後面）也是這樣擺。",
                           " The rule of thumb (the strongest two tiles behind) sets it this way too.")
        elif best.split.front.strength > thumb.front.strength:
            thumb_note = T("口訣（最強的兩張擺後面）在這裏不是最好：最好的擺法前面那一手比較強。",
                           " The rule of thumb (the strongest two tiles behind) is not best here: the best split "
                           "has the stronger front.")
        else:
            thumb_note = T("口訣（最強的兩張擺後面）在這裏不是最好。",
                           " The rule of thumb (the strongest two tiles behind) is not best here.")
        explanation = (T("最好的擺法：", "The best split: ") + split_text(best.split) + T("，", ", ") + ev_text(best)
                       + T("。", ". ") + house_note + thumb_note)
        letters = "ABC"
        options_set: list[Choice] = []
        for i, s in enumerate(order):
            v = by_split[s]
            wrong = None if s == best.split else (
                T("你的擺法：", "Your split: ") + ev_text(v)
                + T(f"，比最好的低 {best.ev - v.ev:.3f}", f", {best.ev - v.ev:.3f} short of the best")
                + T("。另一種擺法的期望值更高：前後兩手都要跟莊家比，想想哪一手值得放大牌。",
                    ". Another split has a higher expected value: both hands meet the banker's, so think about "
                    "which hand the strong tiles serve best."))
            options_set.append(Choice(letters[i], T(f"{letters[i]}：", f"{letters[i]}: ") + split_text(s), why=wrong))
        groups = tuple(group for i, s in enumerate(order)
                       for group in ((T(f"{letters[i]}　前", f"{letters[i]}  front"), s.front.tiles),
                                     (T("後", "back"), s.back.tiles)))
        return Question(
            f"set:{number}", "set",
            T(f"哪一種擺法對莊家的期望值最高？（前面的一手不可以比後面的大；莊家用固定擺法；最好的擺法比其餘的"
              f"至少高 {MARGIN:.2f}）",
              "Which way of setting these four tiles has the highest expected value against the banker? (The "
              "front may not beat the back; the banker sets by the house way; here the best split is ahead of "
              f"the others by at least {MARGIN:.2f}.)"),
            tuple(options_set), letters[order.index(best.split)], explanation, RULE,
            shown=tuple(tiles), groups=groups,
        )
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


class PaiGowDrill(KindDrill):
    """Which of two hands wins, and what a hand is worth."""

    id = "paigow"
    title = T("推牌九：誰贏、值多少", "Pai Gow: who wins, what a hand is worth")
    question_kinds = ("which", "worth")

    def make(self, kind: str, rng: random.Random, number: int) -> Question:
        return make_question(kind, rng, number)


class SplitDrill(KindDrill):
    """Set four tiles: scored against the best split, with both expected values."""

    id = "paigow-split"
    title = T("推牌九：擺牌", "Pai Gow: setting four tiles")
    question_kinds = ("set",)

    def make(self, kind: str, rng: random.Random, number: int) -> Question:
        return make_question(kind, rng, number)
