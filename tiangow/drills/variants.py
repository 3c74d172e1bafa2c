"""Lesson 06: where the sources disagree (RULES §10).

:data:`DEMOS` has one demonstration per variant: a position or a settlement that the engine
plays or settles under either reading, so a lesson can switch the variant and show what
changes; each names who plays which way and gives seed 004's reasons in our own words.
The drill asks generated questions under a stated reading.

>>> demo = DEMOS[0]
>>> demo.field, [str(v) for v, _ in demo.options]
('civil_supreme', ['False', 'True'])
>>> demo.show(Rules())[1]("en")[:40]
'1-5 + 1-5 is a civil pair (雙銅錘), the low'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..combos import classify
from ..deal import Deal
from ..errors import SettlementError
from ..i18n import T, Text, seat_name
from ..move import Move
from ..rules import Natural, Rules
from ..scoring import next_banker, settle
from ..tiles import Tile, parse_tiles
from .base import Choice, DrillError, KindDrill, Question

__all__ = ["VariantDemo", "DEMOS", "VariantDrill", "make_question", "QUESTION_KINDS", "RULES_TAUGHT"]

Groups = tuple[tuple[Text, tuple[Tile | None, ...]], ...]
QUESTION_KINDS: Final = ("civil_supreme", "capture_multiplier", "free_split", "banker_rotation")
RULES_TAUGHT: Final = ("R-S3", "R-C4", "R-C5", "R-$7", "R-$8", "R-$10", "R-$11", "R-B1")


@dataclass(frozen=True)
class VariantDemo:
    """A variant (a field of :class:`Rules`), its readings, and what each does to a position."""

    field: str
    title: Text
    options: tuple[tuple[object, Text], ...]
    """(value, label) — the default first."""
    who: Text
    """Who plays which way."""
    reasons: Text
    """The rules essay's reasons (RULES.md's seed 004), paraphrased, with rule ids."""
    show: Callable[[Rules], tuple[Groups, Text]]
    """The position and what happens under ``rules``."""

    def rules(self, value: object) -> Rules:
        """The default rules with this variant set to ``value`` (and what it needs)."""
        extra: dict[str, object] = {self.field: value}
        if self.field == "capture_civil_supreme":
            extra["civil_supreme"] = True  # there is no civil supreme to capture without it
        return Rules().replace(**extra)


def _deal(hands: tuple[str, str, str, str], rules: Rules, banker: int = 0, streak: int = 1) -> Deal:
    return Deal([parse_tiles(h) for h in hands], banker, streak, rules)


def _run(d: Deal, script: list[str]) -> None:
    for step in script:
        for raw in step.split("|"):
            action = raw.strip()
            if action.startswith("x"):
                d.discard(action[1:])
            else:
                d.play(action)


def _names(plays: list[tuple[Tile, ...]], rules: Rules) -> Text:
    if not plays:
        return T("沒有（只能墊牌）", "none (must discard)")
    names = [classify(p, rules) for p in plays]
    return T("、".join(c.label("zh-Hant") for c in names), ", ".join(c.label("en") for c in names))


def _civil_supreme(rules: Rules) -> tuple[Groups, Text]:
    c = classify(parse_tiles("15 15"), rules)
    groups: Groups = ((T("兩張銅錘六", "two 1-5"), tuple(parse_tiles("15 15"))),
                      (T("武至尊", "the military supreme"), tuple(parse_tiles("12 24"))))
    if rules.civil_supreme:
        return groups, T("兩張銅錘六是文至尊：只能先出，打不了別的牌，也沒有牌打得過（R-C4）；先出的單張銅錘六結牌算么結（R-$9），"
                         "被高腳七結牌算擒（R-$10）。",
                         "1-5 + 1-5 is the civil supreme: led only, beats nothing, beaten by nothing (R-C4); a "
                         "led single 1-5 finishing is 么結 (R-$9), and taken by a winning 1-6 it is captured (R-$10).")
    return groups, T(f"兩張銅錘六只是普通的文對（雙銅錘），文對中最小（第 {c.rank} 級）。",
                     f"1-5 + 1-5 is a civil pair (雙銅錘), the lowest civil pair (rank {c.rank}).")


_CAP_HANDS: Final = ("15 15 66 66 11 11 36 45", "16 16 44 44 13 13 55 55",
                     "22 22 56 56 46 46 33 33", "26 35 25 34 24 23 14 12")


def _capture_civil_supreme(rules: Rules) -> tuple[Groups, Text]:
    d = _deal(_CAP_HANDS, rules)
    d.play("15 15")
    plays = _plays(d)
    groups: Groups = ((T("東家先出文至尊", "East leads the civil supreme"), tuple(parse_tiles("15 15"))),
                      (T("南家有雙高腳", "South holds two 1-6"), tuple(parse_tiles("16 16"))))
    if plays:
        return groups, T("南家可以用雙高腳擒文尊（擒尊），贏這一墩並收賀尊錢；之後沒人能再打。",
                         "South may capture the civil supreme with two 1-6 (擒尊), winning the trick and the "
                         "賀尊 money; nobody can beat the capture.")
    return groups, T("至尊沒有牌打得過（R-C4）：南家只能墊牌，東家收賀尊錢（R-$5）。",
                     "Nothing beats a supreme (R-C4): South must discard, and East collects the 賀尊 money (R-$5).")


def _capture_multiplier(rules: Rules) -> tuple[Groups, Text]:
    s = settle([0, 1, 2, 5], winner=2, banker=0, captured=1, rules=rules)
    paid = sum(p.amount for p in s.payments if p.payer == 1)
    groups: Groups = ((T("南家先出", "South leads"), tuple(parse_tiles("12"))),
                      (T("西家擒", "West captures"), tuple(parse_tiles("24"))))
    return groups, T(f"玩法文章的例子：南家被擒，替東家（莊，空棟）和自己付錢，×{rules.capture_multiplier}："
                     f"南家共付 {paid}（R-$10）。",
                     f"The essay's example: South is captured and pays for the banker's empty hand and its own, "
                     f"×{rules.capture_multiplier}: South pays {paid} in all (R-$10).")


_WINS_HANDS: Final = ("15 15 26 35 25 34 23 14", "44 44 12 13 13 55 55 45",
                      "56 56 22 22 36 46 46 16", "66 66 11 11 24 16 33 33")
_WINS_SCRIPT: Final = ["15|x 13|x 46|66", "66|x 15|x 13|x 46", "11|x 26|x 55|x 56", "33|x 35|x 55|x 22",
                       "11|x 25|x 45|x 16", "16|x 34|x 44|56", "22|x 33|x 23|44", "12|36"]


def _capture_wins_trick(rules: Rules) -> tuple[Groups, Text]:
    d = _deal(_WINS_HANDS, rules)
    _run(d, _WINS_SCRIPT)
    plays = _plays(d)
    groups: Groups = ((T("最後一墩：南家先出", "the last trick: South leads"), tuple(parse_tiles("12"))),
                      (T("西家打九", "West plays a nine"), tuple(parse_tiles("36"))),
                      (T("北家有大頭六", "North holds 2-4"), tuple(parse_tiles("24"))))
    if plays:
        return groups, T("以擒為大：北家可以用大頭六壓過九，之後沒人能打，北家擒了南家（R-$10）。",
                         "以擒為大: North may play 2-4 over the nine; nobody after may beat it, and North captures "
                         "South (R-$10).")
    return groups, T("大頭六打不了九（R-C1）：北家只能墊，西家贏，沒有擒。",
                     "2-4 cannot beat a nine (R-C1): North must discard, West wins, and there is no capture.")


_BAO_HANDS: Final = ("66 66 11 11 36 45 12 24", "44 44 13 13 55 55 33 33",
                     "22 22 56 56 46 46 16 16", "15 15 26 35 25 34 23 14")


def _finish_collects_immediate(rules: Rules) -> tuple[Groups, Text]:
    d = _deal(_BAO_HANDS, rules)
    south, west, north = _BAO_HANDS[1].split(), _BAO_HANDS[2].split(), _BAO_HANDS[3].split()
    for lead in ["66", "66", "11", "11", "36", "45"]:
        d.play(lead)
        d.discard(south.pop())
        d.discard(west.pop())
        d.discard(north.pop())
    d.play("12 24")
    d.discard(" ".join(south))
    d.discard(" ".join(west))
    d.discard(" ".join(north))
    net = d.settlement().net[0]
    groups: Groups = ((T("東家（莊）以至尊結牌，全取八棟", "East (banker) finishes with the supreme, all eight stacks"),
                       tuple(parse_tiles("12 24"))),)
    if rules.finish_collects_immediate:
        return groups, T(f"包尊兼收賀尊：每家另付 2 × m = 4。東家共贏 {net}（R-$7）。",
                         f"包尊 also collects the 賀尊 money: 2 × m = 4 more from each. East wins {net} (R-$7).")
    return groups, T(f"包尊不收賀尊錢，只乘倍數：八支 ×4、包尊 ×2、莊 ×2。東家共贏 {net}（R-$7、R-$11）。",
                     f"包尊 takes no 賀尊 money, only the multipliers: 八支 ×4, 包尊 ×2, banker ×2. East wins {net} "
                     "(R-$7, R-$11).")


_EIGHT_HANDS: Final = ("66 66 11 11 36 45 44 12", "44 13 13 55 55 33 33 22",
                       "22 56 56 46 46 16 16 15", "15 26 35 25 34 24 23 14")


def _eight_stack_rule(rules: Rules) -> tuple[Groups, Text]:
    d = _deal(_EIGHT_HANDS, rules)
    south, west, north = ["22", "33", "33", "55", "55", "13", "13", "44"], ["15", "16", "16", "46", "46", "56", "56", "22"], \
        ["14", "23", "24", "34", "25", "35", "26", "15"]
    for lead in ["44", "66", "66", "11", "11", "36", "45", "12"]:
        d.play(lead)
        d.discard(south.pop())
        d.discard(west.pop())
        d.discard(north.pop())
    fins = d.settlement().finishes
    groups: Groups = ((T("東家（莊）先出人，連贏七墩", "East (banker) leads 人 and takes seven tricks"), tuple(parse_tiles("44"))),
                      (T("最後一墩先出丁三", "then leads 1-2 into the last trick"), tuple(parse_tiles("12"))))
    names = T("、".join(f.value for f in fins), ", ".join(f.value for f in fins))
    if rules.eight_stack_rule == "wikipedia":
        return groups, T(f"維基百科的說法：單張丁三結牌也算八支，所以是 {names.zh}（么結 ×2、八支 ×4）。",
                         f"The Wikipedia reading: a single 1-2 finish counts as 八支, so it is {names.en} (么結 ×2, "
                         "八支 ×4).")
    return groups, T(f"玩法文章的說法：丁三是單張，別人沒牌打只是因為不夠兩棟，所以是 {names.zh}（R-$11）。",
                     f"The essay's reading: the 1-2 is a single the others could not contest only because of the "
                     f"two-stack rule, so it is {names.en} (R-$11).")


def _free_split(rules: Rules) -> tuple[Groups, Text]:
    d = _deal(("11 11 26 66 36 44 13 55", "66 44 13 55 33 33 22 22",
               "56 56 46 46 16 16 15 15", "45 35 25 34 24 23 14 12"), rules)
    family = [p for p in _plays(d) if all(t.pips in ((1, 1), (2, 6)) for t in p)]
    groups: Groups = ((T("東家先出，手上有三文地八", "East to lead, holding a civil triple 地八"),
                       tuple(parse_tiles("11 11 26"))),)
    return groups, T("可以先出：", "East may lead: ") + _names(family, rules) + (
        T("。按 Wong 的規則，沒有天或九的牌組先出時不能拆，要整組出（R-C5）。",
          ". Under Wong's rule a group without 天 or 九 may not be split when leading: it goes out whole (R-C5).")
        if not rules.free_split else T("。拆牌自由（R-C5）。", ". Splitting is free (R-C5)."))


def _banker_rotation(rules: Rules) -> tuple[Groups, Text]:
    nb, ns = next_banker(0, 2, 2, rules)
    groups: Groups = ((T("東家連莊第二局，西家贏了", "East banks for the 2nd hand; West wins"), ()),)
    return groups, T(f"下一局的莊家：{seat_name(nb, 'zh-Hant')}，連莊第 {ns} 局（R-B1）。",
                     f"Next banker: {seat_name(nb)}, hand {ns} of the streak (R-B1).")


_NATURAL_HANDS: Final = ("55 55 33 33 22 22 56 56", "66 66 11 11 44 44 13 13",
                         "46 46 16 16 15 15 36 45", "26 35 25 34 24 23 14 12")


def _naturals(rules: Rules) -> tuple[Groups, Text]:
    d = _deal(_NATURAL_HANDS, rules)
    groups: Groups = ((T("東家（莊）拿到", "East (banker) is dealt"), tuple(parse_tiles(_NATURAL_HANDS[0]))),)
    if d.natural is not None:
        s = d.settlement()
        paid = {-s.net[seat] for seat in (1, 2, 3)}
        assert len(paid) == 1, "East banks, so every other player pays East the same"
        return groups, T(f"例牌！{d.natural[1].value}：東家（莊）立刻贏，當八支計，其餘三家各付 {paid.pop()}（§8）。",
                         f"A natural! {d.natural[1].value} ({d.natural[1].name_en}): East (banker) wins at once, "
                         f"scored as 八支: each of the other three pays {-s.net[1]} (§8).")
    return groups, T("不玩例牌：四對、全白、八張文子都只是一手好牌，照常打（§8）。",
                     "Without naturals: four pairs, no red pip and eight civil tiles are just a good hand, played "
                     "as usual (§8).")


def _hand_size(rules: Rules) -> tuple[Groups, Text]:
    d = Deal.random(7, rules=rules)
    groups: Groups = ((T("東家的牌", "East's tiles"), tuple(d.holding(0))),)
    try:
        while not d.is_over:
            plays = _plays(d)
            if d.trick_size is None:
                d.play(plays[0])
            else:
                seat = d.to_play
                assert seat is not None
                d.discard(d.holding(seat)[: d.trick_size])
        d.settlement()
    except SettlementError:
        return groups, T("小天九每人四張，可以打，但沒有資料說怎樣計分，所以不算輸贏（R-S3）。",
                         "小天九: four tiles each — playable, but no source gives its scoring, so it is not "
                         "settled (R-S3).")
    return groups, T("大天九每人八張，照第五課計分（R-S3）。", "大天九: eight tiles each, settled as in lesson 5 (R-S3).")


def _opt(*pairs: tuple[object, str, str]) -> tuple[tuple[object, Text], ...]:
    return tuple((v, T(zh, en)) for v, zh, en in pairs)


DEMOS: Final[tuple[VariantDemo, ...]] = (
    VariantDemo("civil_supreme", T("文至尊（連文么結、文擒）", "The civil supreme (with civil 么結 and capture)"),
                _opt((False, "不玩", "off"), (True, "玩", "on")),
                T("不玩：Culin（1893）、Ng（1886，有文么結和擒但無文至尊）、玩法文章作者一家。玩：維基百科；玩法文章把整套當標準但可選。",
                  "Off: Culin (1893), Ng (1886, who had civil 么結 and capture but no civil supreme), the essayist's "
                  "family. On: Wikipedia; the essay counts the bundle standard but optional."),
                T("今天很多人玩文至尊，而且文至尊、文么結、文擒總是一起玩，所以玩法文章把三者綁成一套，要麼全玩要麼全不玩；"
                  "玩的話，文至尊和武至尊一樣，不能打也不會被打（R-C4）。",
                  "Many play the civil supreme today, and always with civil 么結 and civil capture, so the essay "
                  "treats the three as one bundle, all or nothing; when played, the civil supreme behaves exactly "
                  "like the military one (R-C4)."),
                _civil_supreme),
    VariantDemo("capture_civil_supreme", T("擒尊：雙高腳擒文尊", "擒尊: two 1-6 capture a civil supreme"),
                _opt((False, "不可以", "no"), (True, "可以", "yes")),
                T("不可以：玩法文章、Chan。可以：維基百科。", "No: the essay, Chan. Yes: Wikipedia."),
                T("讓雙高腳擒文尊，至尊就不再「至尊」，也跟武至尊的規則不一致，所以玩法文章不採用（R-C4）。",
                  "Letting two 1-6 capture it would make the supreme no longer supreme and break the symmetry "
                  "with the military supreme, so the essay rejects it (R-C4)."),
                _capture_civil_supreme),
    VariantDemo("capture_multiplier", T("被擒包賠：×2 還是 ×4", "A capture pays ×2 or ×4"),
                _opt((2, "×2", "×2"), (4, "×4（么雙擒四）", "×4 (么雙擒四)")),
                T("×2：Ng（1886）、玩法文章。×4：維基百科（也容許 ×2）。", "×2: Ng (1886), the essay. ×4: Wikipedia (which also allows ×2)."),
                T("么結成功 ×2，被擒也 ×2，風險和回報大致相稱；作者玩了近三十年都是雙計，「么雙擒四」是上網才第一次見到（R-$10）。",
                  "A successful 么結 pays ×2, a capture costs ×2: risk and reward match. The essayist played "
                  "nearly thirty years with ×2 and first met “么雙擒四” on the web (R-$10)."),
                _capture_multiplier),
    VariantDemo("capture_wins_trick", T("以擒為大", "The capture wins regardless (以擒為大)"),
                _opt((False, "不是", "no"), (True, "是", "yes")),
                T("不是：Ng（1886）、玩法文章。是：玩法文章提到的一些網頁。", "No: Ng (1886), the essay. Yes: some web rules the essay reports."),
                T("現在大家都要求擒的人要贏那一墩才算擒；以擒為大令擒牌太容易，玩法文章不採用（R-$10）。",
                  "Everyone now requires the capturer to actually win the trick; 以擒為大 would make capturing "
                  "too easy, so the essay rejects it (R-$10)."),
                _capture_wins_trick),
    VariantDemo("finish_collects_immediate", T("包尊、四大包兼收賀尊、四大賀", "包尊 / 四大包 also collect the bonus money"),
                _opt((False, "不收", "no"), (True, "兼收", "yes")),
                T("不收：Ng（1886）、玩法文章、大多數人。兼收：Celko、Lai。", "No: Ng (1886), the essay and most players. Yes: Celko, Lai."),
                T("Ng 把賀尊（中途出至尊）和包尊（以至尊結牌）視為互相排斥，大多數人也是這樣玩（R-$7、R-$8）。",
                  "Ng treats 賀尊 (a supreme mid-hand) and 包尊 (finishing with one) as exclusive, and so do most "
                  "players (R-$7, R-$8)."),
                _finish_collects_immediate),
    VariantDemo("eight_stack_rule", T("七支還是八支", "Seven or eight stacks"),
                _opt(("essay", "玩法文章", "the essay"), ("wikipedia", "維基百科", "Wikipedia")),
                T("玩法文章和 Lai 一樣；維基百科另有一套：莊家八支不可先出天、九或至尊，單張結牌要是天、九、銅錘或丁三，或最大的未見牌。",
                  "The essay agrees with Lai; Wikipedia has its own: a banker's 八支 may not open "
                  "with 天, 九 or a supreme, and a single finish must be 天, 九, 1-5, 1-2 or the highest tile unseen."),
                T("七支和八支都要全取八棟；分別只在於最後一張牌本身能不能保證結牌。網上各種說法非常混亂（R-$11）。",
                  "Both need all eight stacks; the only difference is whether the last tile itself guaranteed the "
                  "win. The web rules on this are chaotic (R-$11)."),
                _eight_stack_rule),
    VariantDemo("free_split", T("拆牌", "Splitting a combination"),
                _opt((True, "自由", "free"), (False, "不許拆出（Wong）", "not when leading (Wong)")),
                T("自由：Ng（1886）、玩法文章。不許：Wong（1996），也是作者家裏的玩法。", "Free: Ng (1886), the essay. Restricted: Wong (1996), and the essayist's own family."),
                T("不許拆牌原意是防止串通「打龍通」，但沒法執行：拆出地八、再墊掉另一張地，沒有人會發現，所以不採用（R-C5）。",
                  "The restriction is meant to stop collusion, but cannot be enforced — lead 地八, later discard "
                  "the other 地 face down, and nobody knows — so the essay does not adopt it (R-C5)."),
                _free_split),
    VariantDemo("banker_rotation", T("飛莊還是輪莊", "Who banks next"),
                _opt(("winner", "飛莊（贏家做莊）", "飛莊: the winner"), ("rotate", "輪莊（輪流）", "輪莊: in turn")),
                T("飛莊：今天幾乎人人如此，Culin（1893）、玩法文章。輪莊：Ng（1886）有提到。", "飛莊: almost everyone today, Culin (1893), the essay. 輪莊: mentioned by Ng (1886)."),
                T("今時今日一般只玩飛莊（R-B1）。", "Today players almost only play 飛莊 (R-B1)."),
                _banker_rotation),
    VariantDemo("naturals", T("例牌", "Natural hands"),
                _opt((frozenset(), "不玩", "none"), (frozenset(Natural), "全部都玩", "all of §8")),
                T("例牌只見於維基百科；它說除全白一點紅外都要先講好。本課程預設不玩例牌（§8）。",
                  "Naturals come only from Wikipedia, which says all but 全白一點紅 must be agreed beforehand. "
                  "This course plays none by default (§8)."),
                T("玩法文章沒有提例牌。", "The essay does not mention naturals."),
                _naturals),
    VariantDemo("hand_size", T("大天九還是小天九", "Eight tiles or four"),
                _opt((8, "大天九：八張", "8 tiles (大天九)"), (4, "小天九：四張", "4 tiles (小天九)")),
                T("維基百科說小天九現在很流行，但沒有資料給出計分。", "Wikipedia says 小天九 is popular now, but no source gives its scoring."),
                T("沒有根據就不發明計分（R-S3）。", "Without a source, tiangow invents no scoring (R-S3)."),
                _hand_size),
)


# --- questions under a stated reading ---------------------------------------------------

def _yes_no(yes: bool, why: Text) -> tuple[Choice, ...]:
    return (Choice("yes", T("可以", "yes"), why=None if yes else why), Choice("no", T("不可以", "no"), why=why if yes else None))


def make_question(kind: str, rng: random.Random, number: int = 0) -> Question:
    qid = f"{kind}:{number}"
    if kind == "civil_supreme":
        on = rng.random() < 0.5
        rules = Rules(civil_supreme=on)
        c = classify(parse_tiles("15 15"), rules)
        reading = T("玩文至尊" if on else "不玩文至尊", "with the civil supreme" if on else "without the civil supreme")
        why = T(f"{reading.zh}：兩張銅錘六是{'文至尊（R-C4）' if on else '文對雙銅錘（R-C1）'}。",
                f"{reading.en}, 1-5 + 1-5 is {'the civil supreme (R-C4)' if on else 'a civil pair (R-C1)'}.")
        answer = c.kind.name
        choices: tuple[Choice, ...] = (
            Choice("SUPREME", T("至尊", "a supreme"), why=None if answer == "SUPREME" else why),
            Choice("CIVIL_PAIR", T("文對", "a civil pair"), why=None if answer == "CIVIL_PAIR" else why))
        return Question(qid, kind, T(f"{reading.zh}時，兩張銅錘六是甚麼牌型？", f"{reading.en[0].upper()}{reading.en[1:]}, what are two 1-5?"),
                        choices, answer, why, "R-C4", shown=tuple(parse_tiles("15 15")))
    if kind == "capture_multiplier":
        cm = rng.choice((2, 4))
        from .scoring import random_end

        for _ in range(200):
            end = random_end(rng)
            if end.captured is not None:
                break
        else:  # pragma: no cover
            raise DrillError("no capture found")
        rules = Rules(capture_multiplier=cm)
        s = settle(end.stacks, end.winner, end.banker, end.streak, (), end.captured, rules)
        paid = sum(p.amount for p in s.payments if p.payer == end.captured)
        other = settle(end.stacks, end.winner, end.banker, end.streak, (), end.captured,
                       Rules(capture_multiplier=6 - cm))
        paid_other = sum(p.amount for p in other.payments if p.payer == end.captured)
        values = sorted({paid, paid_other, paid // cm, paid + cm})
        while len(values) < 4:
            values.append(values[-1] + 2)
        why = T(f"擒 ×{cm}：被擒的人替所有輸家付，再乘 {cm}（R-$10）。", f"Capture ×{cm}: the captured player pays what "
                f"every loser would have paid, times {cm} (R-$10).")
        def hint(v: int) -> Text | None:
            if v == paid:
                return None
            if v == paid_other:
                return T(f"那是 ×{6 - cm} 的算法；這一桌是 ×{cm}（R-$10）。",
                         f"That is the ×{6 - cm} reading; this table plays ×{cm} (R-$10).")
            if v * cm == paid:
                return T(f"被擒的人付的總數還要乘 {cm}（R-$10）。", f"The captured player's total is then ×{cm} (R-$10).")
            return T(f"被擒的人替每一個輸家付他本來要付的錢（莊家的乘 m），加起來再乘 {cm}（R-$10）。",
                     f"The captured player pays what each loser would have paid (the banker's ×m), and the sum "
                     f"×{cm} (R-$10).")

        choices = tuple(Choice(str(v), T(str(v), str(v)), why=hint(v)) for v in values[:4])
        return Question(qid, kind, end.describe() + T(f"　被擒包賠 ×{cm}。被擒的人一共付多少？",
                                                       f" A capture pays ×{cm}. How much does the captured player pay in all?"),
                        choices, str(paid), why, "R-$10")
    if kind == "free_split":
        wong = rng.random() < 0.6
        rules = Rules(free_split=not wong)
        for _ in range(500):
            d = Deal.random(rng, rules=Rules(free_split=True))
            leads = [p for p in _plays(d) if not any(t.pips in ((6, 6), (3, 6), (4, 5)) for t in p)]
            splits = [p for p in leads if not _deal_allows(d, p, Rules(free_split=False))]
            if splits and rng.random() < 0.7:
                play = rng.choice(splits)
                break
            if leads:
                play = rng.choice(leads)
                break
        allowed = Deal([d.initial_holding(s) for s in range(4)], d.banker, rules=rules).is_legal(Move(play))
        reading = T("照 Wong 的規則（不許拆出）" if wong else "拆牌自由", "Under Wong's rule" if wong else "With free splitting")
        name = classify(play, rules)
        why = T(f"{reading.zh}：{'除非有天或九，先出時要整組出' if wong else '先出可以出手上任何一種組合'}（R-C5）。",
                f"{reading.en}: {'a leader plays a combination without 天 or 九 whole' if wong else 'a leader may lead any combination held'} (R-C5).")
        return Question(qid, kind, T(f"{reading.zh}，東家先出，可以出{name.label('zh-Hant')}嗎？",
                                     f"{reading.en}, may East lead {name.label('en')}?"),
                        _yes_no(allowed, why), "yes" if allowed else "no", why, "R-C5",
                        groups=((T("東家的牌", "East's tiles"), tuple(d.holding(0))), (T("想出", "wants to lead"), tuple(play))))
    if kind == "banker_rotation":
        rotate = rng.random() < 0.5
        rules = Rules(banker_rotation="rotate" if rotate else "winner")
        banker, winner, streak = rng.randrange(4), rng.randrange(4), rng.randint(1, 3)
        nb, _ = next_banker(banker, streak, winner, rules)
        seats = list(range(4))
        reading = T("輪莊" if rotate else "飛莊", "輪莊 (in turn)" if rotate else "飛莊 (the winner banks)")
        why = T(f"{reading.zh}：{'莊家贏就連莊，否則輪到下家' if rotate else '贏家做下一局的莊家'}（R-B1）。",
                f"{reading.en}: {'a winning banker stays, otherwise the next seat banks' if rotate else 'the winner banks next'} (R-B1).")
        def seat_hint(x: int) -> Text | None:
            if x == nb:
                return None
            if x == banker and winner != banker:
                return T(f"莊家這一局輸了；{reading.zh}之下，莊家要贏才可以連莊（R-B1）。",
                         f"The banker lost this hand, and under {reading.en} a banker stays only by winning (R-B1).")
            if rotate and x == winner:
                return T("輪莊之下，贏家不會因為贏了就做莊（除非他本來就是莊家）（R-B1）。",
                         "Under 輪莊 the winner does not take the bank for winning (unless already banker) (R-B1).")
            if rotate:
                return T("輪莊之下，莊位按出牌次序往下傳（R-B1、R-S1）：再數一次。",
                         "Under 輪莊 the bank passes on in turn order (R-B1, R-S1): count again.")
            return T("飛莊之下，下一局的莊家看這一局的結果，不看座位次序（R-B1）。",
                     "Under 飛莊 the next banker follows from who won the hand, not from the seating (R-B1).")

        choices = tuple(Choice(str(x), T(seat_name(x, "zh-Hant"), seat_name(x)), why=seat_hint(x)) for x in seats)
        return Question(qid, kind, T(f"{reading.zh}。莊家是{seat_name(banker, 'zh-Hant')}，{seat_name(winner, 'zh-Hant')}贏了這一局。下一局誰做莊？",
                                     f"{reading.en}. {seat_name(banker)} is banker and {seat_name(winner)} wins the hand. "
                                     "Who banks next?"),
                        choices, str(nb), why, "R-B1")
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


def _plays(d: Deal) -> list[tuple[Tile, ...]]:
    """The tiles of each play (not discard) open to the seat to act."""
    return [m.tiles for m in d.legal_moves(discards=False)]


def _deal_allows(d: Deal, play: tuple[Tile, ...], rules: Rules) -> bool:
    return Deal([d.initial_holding(s) for s in range(4)], d.banker, rules=rules).is_legal(Move(play))


class VariantDrill(KindDrill):
    """Questions under a stated reading of the rules."""

    id = "variants"
    title = T("規則變化練習", "Variant drill")
    question_kinds = QUESTION_KINDS

    maker = make_question
