"""Lesson 07's drills: the first banker by dice (R-S2), the wall and the ten 牌頭 methods
(RULES §9), and spotting natural hands (RULES §8).

>>> import random
>>> q = make_question("first_taker", random.Random(1))
>>> q.check(q.answer)
True
"""

from __future__ import annotations

import random
from typing import Final

from ..dealing import Method, first_banker, first_taker
from ..i18n import T, Text, seat_name
from ..naturals import naturals_in
from ..rules import Natural
from ..tiles import CIVIL_KINDS, Tile, full_set
from .base import Choice, DrillError, KindDrill, Question

__all__ = ["DealingDrill", "make_question", "natural_hand", "QUESTION_KINDS", "RULES_TAUGHT"]

QUESTION_KINDS: Final = ("first_banker", "first_taker", "method", "natural")
RULES_TAUGHT: Final = ("R-S1", "R-S2", "§8", "§9")


def _seat(s: int) -> Text:
    return T(seat_name(s, "zh-Hant"), seat_name(s, "en"))


def _throw(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def natural_hand(rng: random.Random) -> tuple[Tile, ...]:
    """Eight tiles: half the time built to be (or nearly be) a natural hand of §8."""
    tiles = full_set()
    kind = rng.choice(("random", "random", "civil", "military", "white", "one_red", "pairs", "near"))
    for _ in range(2000):
        if kind == "civil":
            pool = [t for t in tiles if t.is_civil]
            hand = rng.sample(pool, rng.choice((7, 8)))
            hand += rng.sample([t for t in tiles if not t.is_civil], 8 - len(hand))
        elif kind == "military":
            pool = [t for t in tiles if not t.is_civil]
            hand = rng.sample(pool, rng.choice((7, 8)))
            hand += rng.sample([t for t in tiles if t.is_civil], 8 - len(hand))
        elif kind == "white":
            hand = rng.sample([t for t in tiles if t.red_pips == 0], 8)
        elif kind == "one_red":
            hand = [*rng.sample([t for t in tiles if t.red_pips == 0], 7),
                    rng.choice([t for t in tiles if t.red_pips == 1])]
        elif kind == "pairs":
            civil = rng.sample(list(CIVIL_KINDS), rng.randint(1, 4))
            mil = [(Tile("36"), Tile("45")), (Tile("26"), Tile("35")), (Tile("25"), Tile("34")), (Tile("23"), Tile("14"))]
            rng.shuffle(mil)
            hand = [t for c in civil for t in (c, c)][: 8]
            for a, b in mil:
                if len(hand) < 8:
                    hand += [a, b]
        elif kind == "near":  # two red pips, or six civil tiles, or three pairs
            hand = rng.sample([t for t in tiles if t.red_pips == 0], 6) + rng.sample(
                [t for t in tiles if t.red_pips == 1], 2)
        else:
            hand = rng.sample(tiles, 8)
        if len(hand) == 8:
            from collections import Counter

            if all(n <= t.copies for t, n in Counter(hand).items()):
                return tuple(sorted(hand, key=lambda t: t.index))
    raise DrillError("could not build such a hand")


def _natural_text(found: list[Natural]) -> Text:
    if not found:
        return T("沒有例牌：不是七張或八張同類，紅點不是零或一點，也不是四對（§8）。",
                 "No natural: not seven or eight of one suit, not zero or one red pip, not four pairs (§8).")
    names_zh = "、".join(n.value for n in found)
    names_en = ", ".join(f"{n.value} ({n.name_en})" for n in found)
    best = max(n.stacks_bonus for n in found)
    worth = ("八支", "eight stacks, ×4") if best == 4 else ("七支", "seven stacks, ×2")
    return T(f"這手牌有例牌：{names_zh}——最高算{worth[0]}（§8）。", f"This hand holds: {names_en} — worth at best {worth[1]} (§8).")


def make_question(kind: str, rng: random.Random, number: int = 0) -> Question:
    qid = f"{kind}:{number}"
    if kind == "first_banker":
        while True:
            throws = [_throw(rng) for _ in range(4)]
            banker = first_banker(throws)
            if banker is not None or rng.random() < 0.3:
                break
        totals = [sum(t) for t in throws]
        answer = "tie" if banker is None else str(banker)
        if banker is None:
            top = max(totals)
            tied = [s for s in range(4) if totals[s] == top]
            why = T("最大點數有人相同：" + "、".join(seat_name(s, "zh-Hant") for s in tied)
                    + "。資料沒有說平手怎樣辦，這一課讓他們再擲。",
                    "The highest total is tied: " + ", ".join(seat_name(s) for s in tied)
                    + ". The sources do not say what a tie does; this lesson has them throw again.")
        else:
            why = T(f"{seat_name(banker, 'zh-Hant')}擲得 {totals[banker]} 點最大，做第一局的莊家，並先選座位（R-S2）。",
                    f"{seat_name(banker)} threw the highest total, {totals[banker]}, so banks first and picks a seat "
                    "first (R-S2).")
        top = max(totals)

        def banker_hint(key: str) -> Text | None:
            if key == answer:
                return None
            if key == "tie":
                return T("再比一比四家的點數：最大的點數真的有兩家相同嗎（R-S2）？",
                         "Compare the four totals again: is the highest total really shared (R-S2)?")
            seat = int(key)
            if totals[seat] < top:
                return T(f"{seat_name(seat, 'zh-Hant')}擲得 {totals[seat]} 點，不是最大的（R-S2）。",
                         f"{seat_name(seat)} threw {totals[seat]}, which is not the highest total (R-S2).")
            return T(f"{seat_name(seat, 'zh-Hant')}擲得最大，可是有沒有人跟他一樣大（R-S2）？",
                     f"{seat_name(seat)} threw the highest total, but is anyone level with it (R-S2)?")

        choices = (*(Choice(str(s), _seat(s), why=banker_hint(str(s))) for s in range(4)),
                   Choice("tie", T("平手，要再擲", "a tie: throw again"), why=banker_hint("tie")))
        groups = tuple((_seat(s) + T(f"　{totals[s]} 點", f" · {totals[s]}"), ()) for s in range(4))
        return Question(qid, kind, T("四家各擲兩顆骰子：" + "，".join(f"{seat_name(s, 'zh-Hant')} {a}+{b}" for s, (a, b) in enumerate(throws))
                                     + "。誰做第一局的莊家？",
                                     "Each player throws two dice: " + ", ".join(f"{seat_name(s)} {a}+{b}" for s, (a, b) in enumerate(throws))
                                     + ". Who banks the first hand?"),
                        choices, answer, why, "R-S2", groups=groups)
    if kind == "first_taker":
        banker = rng.randrange(4)
        dice = _throw(rng)
        first = first_taker(banker, dice)
        thrower = (banker + 2) % 4
        why = T(f"莊家的對家{seat_name(thrower, 'zh-Hant')}擲骰，從擲骰的人數起算第一，按出牌次序數到 {sum(dice)}："
                f"{seat_name(first, 'zh-Hant')}先取牌（§9，次序見 R-S1）。",
                f"The banker's opposite, {seat_name(thrower)}, throws; counting from the thrower as 1 in turn order "
                f"up to {sum(dice)} lands on {seat_name(first)}, who takes first (§9; turn order R-S1).")
        count = T(f"由擲骰的人（莊家的對家）數起算一，按出牌次序（東→南→西→北）數到 {sum(dice)}（§9、R-S1）。",
                  f"Count from the thrower (the banker's opposite) as 1, in turn order (East → South → West → "
                  f"North), up to {sum(dice)} (§9, R-S1).")
        choices = tuple(Choice(str(s), _seat(s), why=None if s == first else T(
            f"數到{seat_name(s, 'zh-Hant')}的是 {(s - thrower) % 4 + 1}、{(s - thrower) % 4 + 5} 或 {(s - thrower) % 4 + 9}，"
            f"不是 {sum(dice)}。",
            f"Counting lands on {seat_name(s)} at {(s - thrower) % 4 + 1}, {(s - thrower) % 4 + 5} or "
            f"{(s - thrower) % 4 + 9}, not {sum(dice)}. ") + count) for s in range(4))
        return Question(qid, kind, T(f"莊家是{seat_name(banker, 'zh-Hant')}，擲出 {dice[0]} 和 {dice[1]}。誰先取牌？",
                                     f"{seat_name(banker)} is banker; the dice show {dice[0]} and {dice[1]}. Who takes first?"),
                        choices, str(first), why, "§9")
    if kind == "method":
        # 片面 and 田字 take layers, not stacks: every taker touches the same stacks.
        method = rng.choice([m for m in Method if m not in (Method.PIAN_MIAN, Method.TIAN_ZI)])
        taker = rng.randint(1, 4)
        stacks = sorted({s for k, ps in method.takes() if k == taker for s, _ in ps})
        right = ",".join(map(str, stacks))
        options = {right}
        others = [sorted({s for k2, ps in method.takes() if k2 == k for s, _ in ps}) for k in range(1, 5) if k != taker]
        for o in others:
            options.add(",".join(map(str, o)))
        while len(options) < 4:
            options.add(",".join(map(str, sorted(rng.sample(range(1, 9), 2)))))
        opts = sorted(options, key=lambda x: [int(i) for i in x.split(",")])
        rng.shuffle(opts)
        why = T(f"{method.value}：{METHOD_ZH[method]}（§9）", f"{method.value} ({method.name_en}): {METHOD_EN[method]} (§9)")
        ordinal = T(f"第 {taker} 個", f"taker {taker}")
        shares = {",".join(map(str, sorted({s for k2, ps in method.takes() if k2 == k for s, _ in ps}))): k
                  for k in range(1, 5)}

        def method_hint(o: str) -> Text | None:
            if o == right:
                return None
            other = shares.get(o)
            rule = T(f"{method.value}：{METHOD_ZH[method]}（§9）",
                     f"{method.value} ({method.name_en}): {METHOD_EN[method]} (§9)")
            if other is not None:
                return T(f"那是第 {other} 個取牌的人拿的。", f"Those are taker {other}'s stacks. ") + rule
            return T("沒有人拿這幾棟。", "Nobody takes those stacks. ") + rule

        choices = tuple(Choice(o, T("第 " + "、".join(o.split(",")) + " 棟", "stacks " + ", ".join(o.split(","))),
                               why=method_hint(o)) for o in opts)
        return Question(qid, kind, T(f"用「{method.value}」開牌，{ordinal.zh}取牌的人拿哪幾棟？",
                                     f"Dealt by {method.value} ({method.name_en}): which stacks does {ordinal.en} take?"),
                        choices, right, why, "§9")
    if kind == "natural":
        hand = natural_hand(rng)
        found = naturals_in(hand)
        best = max((n.stacks_bonus for n in found), default=0)
        answer = {0: "none", 2: "seven", 4: "eight"}[best]
        why = _natural_text(found)
        red = sum(t.red_pips for t in hand)
        civil = sum(t.is_civil for t in hand)
        why = why + T(f"（文子 {civil} 張、武子 {8 - civil} 張、紅點 {red} 個）", f" ({civil} civil, {8 - civil} military, "
                      f"{red} red pip{'s' if red != 1 else ''})")
        labels = {"none": T("不是例牌", "no natural"), "seven": T("七支例牌", "a 七支 natural"),
                  "eight": T("八支例牌", "an 八支 natural")}
        check = T("數一數文子、武子、紅點和對子，再對照 §8 的例牌：七或八張同類、只有一個紅點或沒有紅點、四對。",
                  "Count the civil tiles, the military tiles, the red pips and the pairs, and check them against "
                  "§8: seven or eight of one class, one red pip or none, four pairs.")
        hints = {"none": T("再看一次。", "Look again. ") + check,
                 "seven": T("再對照七支例牌：七張同類，或全手只有一個紅點（§8）。",
                            "Check the 七支 naturals again: seven of one class, or exactly one red pip (§8)."),
                 "eight": T("再對照八支例牌：八張同類、沒有紅點，或四對（§8）。",
                            "Check the 八支 naturals again: eight of one class, no red pip, or four pairs (§8).")}
        choices = tuple(Choice(k, v, why=None if k == answer else hints[k]) for k, v in labels.items())
        return Question(qid, kind, T("如果大家同意玩所有例牌，這手牌是例牌嗎？算七支還是八支？",
                                     "If the table plays every natural of §8, is this hand a natural — worth seven or "
                                     "eight stacks?"), choices, answer, why, "§8", shown=hand)
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


METHOD_ZH: Final = {
    Method.KAI_BIAN: "從一端每人取兩棟：1–2、3–4、5–6、7–8。",
    Method.TIAN_ZI: "開邊轉九十度：牆面分成四塊，每塊兩行四張。",
    Method.LUN_DONG: "每人輪流取一棟，兩個圈：1、2、3、4，再 5、6、7、8。",
    Method.JIAN_DONG: "第一人 1、3，第二人 2、4，第三人 5、7，第四人 6、8。",
    Method.PIAN_MIAN: "每人取最上面的一層八張。",
    Method.WA_XIN: "第一人取中間 4、5 棟，其餘從中心兩旁各取一棟：3、6，2、7，1、8。",
    Method.QIE_ER: "挖心的反面：1、8，2、7，3、6，4、5。",
    Method.LONG_TOU_FENG_WEI: "第 7、8 棟疊到第 1、2 棟上；取高的 1、高的 2、3–4、5–6。",
    Method.SHUANG_YI_QI_FEI: "第 1、8 棟疊到第 4、5 棟上；取高的 4、高的 5、2–3、6–7。",
    Method.WU_SAN_SHI: "第 6、7、8 棟疊到第 1、3、5 棟上；取高的 1、3、5，最後一人取 2、4。",
}


METHOD_EN: Final = {
    Method.KAI_BIAN: "two stacks each from one end: 1–2, 3–4, 5–6, 7–8.",
    Method.TIAN_ZI: "開邊 turned 90°: the wall's face in four blocks of two rows of four.",
    Method.LUN_DONG: "one stack each, twice round: 1, 2, 3, 4, then 5, 6, 7, 8.",
    Method.JIAN_DONG: "first taker 1 and 3, second 2 and 4, third 5 and 7, fourth 6 and 8.",
    Method.PIAN_MIAN: "each takes the top layer of eight, then the next.",
    Method.WA_XIN: "first the middle stacks 4 and 5, then outwards: 3 and 6, 2 and 7, 1 and 8.",
    Method.QIE_ER: "the reverse of 挖心: 1 and 8, 2 and 7, 3 and 6, 4 and 5.",
    Method.LONG_TOU_FENG_WEI: "stacks 7 and 8 on 1 and 2; takers: the tall 1, the tall 2, 3–4, 5–6.",
    Method.SHUANG_YI_QI_FEI: "stacks 1 and 8 on 4 and 5; takers: the tall 4, the tall 5, 2–3, 6–7.",
    Method.WU_SAN_SHI: "stacks 6, 7, 8 on 1, 3, 5; takers: the tall 1, 3 and 5, the last 2 and 4.",
}


class DealingDrill(KindDrill):
    """Dice, dealing methods and natural hands."""

    id = "dealing"
    title = T("開牌練習", "Dealing drill")
    question_kinds = QUESTION_KINDS

    maker = make_question
