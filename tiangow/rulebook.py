"""The rules a learner needs, in both languages, one entry per rule id: the text behind every
"(R-W2)" and "§6" the lessons, hints and feedback cite.

It is the learner's version of ``docs/RULES.md`` (the project's reference, which cites the
sources): the same rules and defaults, in the words of the lessons. Each :class:`Rule` has the
id cited (``"R-W2"``, ``"§6"``), the section it belongs to, a title and the text; a section's
own entry (``"§6"``) introduces it. :func:`rule` finds one by id, also a sub-section cited by its
parent (``"§6.2"``) or written ``"RULES §6"``.

>>> rule("R-W2").title("en")
'At least two stacks to win'
>>> rule("§6.2").section, rule("RULES §1").id
('§6', '§1')
>>> len([r for r in RULES if r.id.startswith("R-")])
30
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .errors import TiangowError
from .i18n import T, Text

__all__ = ["Rule", "RULES", "SECTIONS", "rule", "RULE_ID", "UnknownRule"]


class UnknownRule(TiangowError):
    """A rule id the rules reference does not have."""


@dataclass(frozen=True)
class Rule:
    id: str
    """The id cited: ``"R-C1"``, ``"R-$10"``, or a section, ``"§6"``."""
    section: str
    """The section it belongs to (``"§6"``); a section's own entry has its own id."""
    title: Text
    text: Text

    @property
    def anchor(self) -> str:
        """The id of its place on the rules page, a plain URL fragment: ``"rule-R-C1"``,
        ``"rule-R-D10"`` for ``R-$10``, ``"rule-s6"`` for ``§6``."""
        return "rule-" + self.id.replace("$", "D").replace("§", "s").replace(".", "-")


def _section(n: str, zh: str, en: str, text_zh: str, text_en: str) -> Rule:
    return Rule(f"§{n}", f"§{n}", T(zh, en), T(text_zh, text_en))


def _rule(rid: str, section: str, zh: str, en: str, text_zh: str, text_en: str) -> Rule:
    return Rule(rid, section, T(zh, en), T(text_zh, text_en))


RULES: Final[tuple[Rule, ...]] = (
    _section("1", "牌具", "The tiles",
             "三十二張牌，每張是兩個骰子面（一至六點），沒有空白。二十二張**文子**是十一種，每種兩張一模一樣；"
             "十張**武子**各不相同，按點數之和分級。文子由大到小：天（6-6）、地（1-1）、人（4-4）、和（1-3）、"
             "梅（5-5）、長三（3-3）、板凳（2-2）、斧頭（5-6）、紅頭十（4-6）、高腳七（1-6）、銅錘六（1-5）。"
             "武子由大到小：九（3-6、4-5）、八（2-6、3-5）、七（2-5、"
             "3-4）、大頭六（2-4）、五（2-3、1-4）、丁三（1-2）。",
             "32 tiles, each a pair of die faces 1–6; no blanks. 22 **civil** tiles are 11 kinds, two identical "
             "copies of each; the 10 **military** tiles are all different, ranked by their pip total. Civil, high to "
             "low: 天 Heaven (6-6), 地 Earth (1-1), 人 Man (4-4), 和 Harmony (1-3), 梅 Plum (5-5), 長三 Long three "
             "(3-3), 板凳 Bench (2-2), 斧頭 Axe (5-6), 紅頭十 Red-head ten (4-6), 高腳七 Long-leg seven (1-6), "
             "銅錘六 Copper-hammer six (1-5). Military, high to low: 九 nine (3-6, 4-5), 八 eight (2-6, 3-5), 七 "
             "seven (2-5, 3-4), 大頭六 big-head six (2-4), 五 five (2-3, 1-4), 丁三 little three (1-2)."),
    _rule("R-T1", "§1", "同級的武子一樣大", "Military twins are equal",
          "點數相同的兩張武子（兩張九、兩張八、兩張七、兩張五）打牌時一樣大。",
          "Two military tiles of the same rank (the two nines, eights, sevens or fives) are equal in play."),
    _rule("R-T2", "§1", "紅點", "Red pips",
          "點子的顏色跟中國骰子一樣：每個一點和四點都是紅色；天牌（6-6）每半邊三紅三白；其餘都是白色。",
          "Pips are coloured as on Chinese dice: every 1 and every 4 is red; on 天 (6-6) each half has three red "
          "and three white pips; all other pips are white."),
    _section("2", "牌型", "Combinations",
             "一手牌是一至四張組成以下九類之一：文單張、武單張、文對（兩張相同的文子）、"
             "武對（雜九、雜八、雜七、雜五）、"
             "文武對（天九、地八、人七、和五）、至尊（丁三配大頭六）、三文（天天九、地地八、人人七、和和五）、"
             "三武（天九九、地八八、人七七、和五五）、四文武（天天九九、地地八八、人人七七、和和五五）。",
             "A play is 1 to 4 tiles forming one of nine classes: a civil single, a military single, a civil pair "
             "(two identical civil tiles), a military pair (雜九,"
             " 雜八, 雜七, 雜五: the two tiles of a military rank), a "
             "civil-military pair (天九, 地八, 人七, 和五), the supreme "
             "(1-2 with 2-4), a civil triple (天天九, 地地八, "
             "人人七, 和和五), a military triple (天九九, 地八八, "
             "人七七, 和五五) and a quad (天天九九, 地地八八, 人人七七, "
             "和和五五)."),
    _rule("R-C1", "§2", "只有同類才能比", "Only the same class can beat",
          "同一類裏，級數高的打得過級數低的；不同類的牌不能互相打：地八只有天九打得過，"
          "雙天和雜九都不行；三文和三武是不同的類。",
          "Within a class a higher rank beats a lower one; different classes never beat each other: 地八 can be "
          "beaten only by 天九, never by 雙天 or 雜九; a civil triple and a military triple are different classes."),
    _rule("R-C2", "§2", "其他組合都不是牌", "Anything else is not a play",
          "不屬於九類的組合都不能出，例如天加人、天加 2-6、2-4 加 2-3、三張不同的九。",
          "Tiles that form none of the nine classes cannot be played together: 天 with 人, 天 with 2-6, 2-4 with "
          "2-3, three different nines."),
    _rule("R-C3", "§2", "一樣大不算贏", "Equal does not beat",
          "一樣大的牌打不過：兩手一樣大，先出的那一手保住這一墩（例如兩張九，或用不同的九配成的兩個天九）。",
          "An equal play does not beat: of two equal plays the first keeps the trick (two 九 singles; two 天九 "
          "pairs made with different nines)."),
    _rule("R-C4", "§2", "至尊", "The supreme",
          "至尊（丁三配大頭六）只能先出；沒有牌打得過它，它也打不了別的牌（它自成一類）。"
          "在文至尊的規則下，一對銅錘六也是至尊。",
          "The supreme (1-2 with 2-4) can only be led; nothing beats it and it beats nothing (it is a class of "
          "its own). Under the civil-supreme variant a pair of 1-5 is a supreme too."),
    _rule("R-C5", "§2", "可以拆牌", "Splitting is free",
          "預設可以拆開組合來出：手上有三文地地八，可以出地、八、雙地或地八。",
          "By default a combination may be split: holding 地地八 you may lead 地, 八, 雙地 or 地八."),
    _section("3", "座位、莊家、次序", "Seats, banker, order",
             "四個人打，座位叫東、南、西、北；一個人做莊家。",
             "Four players in the seats East, South, West and North; one of them is the banker."),
    _rule("R-S1", "§3", "四家，逆時針", "Four seats, counter-clockwise",
          "四家：東、南、西、北，逆時針輪流：東 → 南 → 西 → 北 → 東。",
          "Four players: East, South, West, North; play goes counter-clockwise, East → South → West → North → East."),
    _rule("R-S2", "§3", "誰做莊", "Who banks",
          "第一局擲骰定莊；之後每局的贏家做下一局的莊家（飛莊）。莊家再贏就連莊，連莊局數加一。",
          "The first banker is chosen by dice; after that the winner of a hand banks the next (飛莊). A banker who "
          "wins again stays banker (連莊) and the streak grows."),
    _rule("R-S3", "§3", "每人八張", "Eight tiles each",
          "每人八張牌（大天九）。小天九每人四張，這裏只用來練習，不計分。",
          "Each player holds 8 tiles (大天九, the classic game). Small Tien Gow (小天九, 4 tiles each) is used here "
          "only for drills, without scoring."),
    _section("4", "打牌", "Playing a trick", "每一墩由一家先出，其他三家輪流跟。",
             "In each trick one player leads and the other three follow in turn."),
    _rule("R-P1", "§4", "誰先出", "Who leads",
          "第一墩由莊家先出；每一墩的贏家先出下一墩。",
          "The banker leads the first trick; the winner of each trick leads the next."),
    _rule("R-P2", "§4", "先出", "The lead",
          "先出的一家可以出手上任何一手合規的牌，一至四張。",
          "The leader plays any valid combination of 1 to 4 tiles from the hand."),
    _rule("R-P3", "§4", "打或墊", "Beat or discard",
          "跟的人輪流，要麼用同類、比目前最大的更大的牌**打**，要麼**墊**同樣張數的牌（任何牌都可以，蓋着）。"
          "打得過也可以選擇墊。",
          "Each follower in turn either **beats** the best play so far with a higher play of the same class, or "
          "**discards** the same number of tiles — any tiles, face down. You may discard even when you could beat."),
    _rule("R-P4", "§4", "上家不打，下家不墊", "Strict turn order",
          "「上家不打，下家不墊」：每家要等上家出完才出。墊的牌不給別人看。",
          "\"上家不打，下家不墊\": each player acts only after the one before. Discarded tiles stay hidden from the "
          "others."),
    _rule("R-P5", "§4", "贏棟", "Winning stacks",
          "最大的一手贏這一墩，贏的人拿**棟**，棟數等於每人出的張數（對子贏兩棟）。一局總共八棟。",
          "The best play wins the trick; its player takes as many **stacks** (棟) as each player put in tiles (a "
          "pair wins 2 stacks). A hand always yields 8 stacks in all."),
    _section("5", "結牌", "The last trick", "最後一墩決定誰贏這一局。", "The last trick decides who wins the hand."),
    _rule("R-W1", "§5", "最後一墩的贏家贏這一局", "The last trick wins the hand",
          "贏最後一墩的人贏這一局（結），不管這一墩有幾張。",
          "Whoever wins the last trick wins the hand (結), whatever its size."),
    _rule("R-W2", "§5", "至少兩棟才能贏", "At least two stacks to win",
          "贏家結束時至少要有兩棟。所以一家進最後一墩時沒有棟，最後一墩又是單張，就算拿着最大的牌也不能打，只能墊；"
          "最後一墩是兩張或以上就可以打。（一般來說：打最後一墩的牌，原有棟數加這一墩的張數要至少是二。）",
          "The winner must end the hand with at least 2 stacks. So a player who enters the last trick with no "
          "stack may not win a one-tile last trick, even with the best tile, and must discard; with a last trick of "
          "2 tiles or more they may compete. (In general a play in the last trick may win only if the stacks held "
          "plus the trick's size make at least 2.)"),
    _rule("R-W3", "§5", "先出最後一墩的人一定合資格", "The last trick's leader always qualifies",
          "先出最後一墩的人贏了上一墩，所以一定夠資格贏這一局。",
          "The leader of the last trick won the trick before it, so always qualifies to win the hand."),
    _section("6", "計分", "Settlement",
             "莊家倍數 m：莊家連莊第一局 m = 2，之後每連莊一局加一（3、"
             "4、5……）。莊家和閒家之間的輸贏乘 m，兩家都是閒家就不乘。",
             "The banker's multiplier m: 2 in the banker's first hand of a streak, one more for each further hand "
             "in a row (3, 4, 5 …). A payment between the banker and another player is multiplied by m; between two "
             "other players it is not."),
    _rule("R-$1", "§6", "歸本", "Par",
          "四棟是歸本：有四棟的輸家不用付錢。",
          "Four stacks is par (歸本): a loser with 4 stacks pays nothing."),
    _rule("R-$2", "§6", "輸家付錢", "Losers pay",
          "少於四棟的輸家付給贏家（4 − 棟數）；沒有棟（空棟）付 5。",
          "A loser with fewer than 4 stacks pays the winner 4 minus their stacks; with no stack (空棟) they pay 5."),
    _rule("R-$3", "§6", "入一、入二", "Five or six stacks",
          "有五棟或六棟的輸家（入一、入二）反過來**收**贏家 1 或 2。這個輸家是莊家的話不乘 m；贏家是莊家的話要乘 m。",
          "A loser with 5 or 6 stacks (入一, 入二) is **paid** 1 or 2 by the winner. If that loser is the banker "
          "the amount is not multiplied by m; if the winner is the banker it is."),
    _rule("R-$4", "§6", "奇牌的倍數", "Finishes multiply what the winner collects",
          "奇牌只乘贏家**收**的錢（不乘贏家付給入一入二的錢）：包尊 ×2、四大包 ×4、么結 ×2、七支 ×2、八支 ×4；"
          "同時有幾種就相乘（八支加四大包 = ×16）。",
          "A special finish multiplies only what the winner **collects** (not what the winner pays out to 入一/入二): "
          "包尊 ×2, 四大包 ×4, 么結 ×2, 七支 ×2, 八支 ×4; several multiply together (八支 with 四大包 = ×16)."),
    _rule("R-$5", "§6", "賀尊", "Money for a supreme",
          "至尊贏了不是最後一墩的一墩：其他每家即時付給出至尊的人 2（莊家和閒家之間乘 m）。",
          "A supreme that wins a trick other than the last: every other player pays its player 2 at once (× m "
          "between the banker and another player)."),
    _rule("R-$6", "§6", "四大賀", "Money for a quad",
          "四文武贏了不是最後一墩的一墩：其他每家即時付 4（乘 m "
          "的方法一樣）。四文武可以被更大的四文武打，就由那一家收。",
          "A quad that wins a trick other than the last: every other player pays 4 at once (× m likewise). A "
          "higher quad may beat it and then earns the money instead."),
    _rule("R-$7", "§6", "包尊", "Finishing with the supreme",
          "用至尊贏最後一墩：×2，而且沒有賀尊的錢。",
          "The last trick won with the supreme: ×2, and no 賀尊 money for it."),
    _rule("R-$8", "§6", "四大包", "Finishing with a quad",
          "用四文武贏最後一墩：×4，而且沒有四大賀的錢。",
          "The last trick won with a quad: ×4, and no 四大賀 money for it."),
    _rule("R-$9", "§6", "么結", "Finishing with a led 1-2",
          "最後一墩先出丁三（1-2）並且贏了：×2（文至尊的規則下，先出銅錘六也算）。",
          "The last trick won with a led 1-2: ×2 (under the civil-supreme variant a led 1-5 too)."),
    _rule("R-$10", "§6", "擒", "Capture",
          "最後一墩先出丁三，被大頭六（2-4）打而且大頭六贏了這一墩：被擒的一家獨自付所有輸家本來要付的錢，再乘 2；"
          "其他輸家不用付；入一入二的人照樣收贏家的錢。（文至尊的規則下，先出的銅錘六被高腳七擒也一樣。）",
          "The last trick's leader leads 1-2 and it loses the trick to a 2-4 that wins it: the captured player "
          "alone pays the winner what every loser would have paid, ×2; the other losers pay nothing; players with "
          "入一/入二 are still paid by the winner. (Under the civil-supreme variant, a led 1-5 captured by 1-6 "
          "likewise.)"),
    _rule("R-$11", "§6", "七支、八支", "Seven or eight stacks",
          "贏家拿齊八棟：最後一墩是單張，而這張牌本身不保證贏（別人只因為不夠兩棟才不能打）就是七支，×2；"
          "否則是八支，×4：最後一墩是兩張或以上，或者是比它大的同類牌都已經翻開打過的單張（例如兩張天都出過之後的地）。"
          "輸家付 5 × 2 = 10 或 5 × 4 = 20，再乘 m 和其他奇牌的倍數。",
          "The winner took all 8 stacks. It is 七支 (×2) when the last trick was a single tile that did not itself "
          "guarantee the win (the others could not compete only because of R-W2); otherwise 八支 (×4): the last "
          "trick was 2 tiles or more, or a single that nothing unseen could beat (every higher tile of its class "
          "already played face up — 地 after both 天 were shown). Losers pay 5 × 2 = 10 or 5 × 4 = 20, times m, "
          "times any other finish."),
    _section("7", "連莊", "The banker's streak",
             "每一局之後按贏家定下一局的莊家和倍數。", "After each hand the winner "
             "decides the next banker and multiplier."),
    _rule("R-B1", "§7", "下一局的莊家", "The next banker",
          "贏家做下一局的莊家；莊家自己贏就連莊，局數加一，倍數也加一。",
          "The winner banks the next hand; if the banker won, the streak grows by one, and so does m."),
    _section("8", "例牌", "Natural hands",
             "（預設不用）開牌時手上有約定的例牌，可以攤出來即時贏，按七支或八支計。"
             "莊家優先。七支的例牌：七張文子；七張武子；"
             "全手只有一個紅點（全白一點紅）。八支的例牌：八張文子；八張武子；"
             "沒有紅點；四對（文對或雜九、雜八、雜七、雜五）。"
             "除了全白一點紅，其他例牌要事先說好才算。",
             "(Off by default.) A player dealt an agreed natural hand may show it and win at once, scored as 七支 "
             "or 八支. The banker has priority. Seven-stack naturals: 7 civil tiles; 7 military tiles; exactly one "
             "red pip in the whole hand (全白一點紅). Eight-stack naturals: 8 civil; 8 military; no red pip at all; "
             "four pairs (civil pairs or the military pairs 雜九, 雜八, 雜七, 雜五). Any natural but 全白一點紅 counts "
             "only when the table agreed to it beforehand."),
    _section("9", "牌頭", "Dealing",
             "洗牌後莊家砌八棟牌牆，每棟四張，蓋着。莊家對面的人擲兩粒骰，"
             "按選好的牌頭方法（開邊、田字、輪棟、間棟、片面、"
             "挖心、切耳、龍頭鳳尾、雙翼齊飛、舞三獅）決定誰先拿、怎樣拿。第一局由每人擲骰，點數最大的做莊。",
             "After shuffling, the banker builds a wall of 8 stacks of 4 tiles, face down. The player opposite the "
             "banker throws two dice after naming the dealing method (開邊, 田字, 輪棟, 間棟, 片面, 挖心, 切耳, "
             "龍頭鳳尾, 雙翼齊飛, 舞三獅), which decides who takes first and how. The first banker is the highest "
             "throw of two dice."),
    _section("10", "各家規則", "Variants",
             "各家說法不同的地方都是可以切換的選項（第六課）：文至尊、擒尊、么雙擒四、以擒為大、包尊四大包也收賀錢、"
             "七支八支的另一種算法、不許拆牌、輪莊、例牌、小天九。"
             "預設跟從 Ng Kwai-Shang（1886）的規則，加上現代的入一入二。",
             "Where the sources disagree, each reading is an option you can switch (lesson 6): the civil supreme, "
             "擒尊, capture ×4, 以擒為大, finishes that also collect the bonus money, the other 七支/八支 rule, no "
             "splitting, rotating banker, naturals and 小天九. The default "
             "follows Ng Kwai-Shang (1886) plus the modern "
             "入一/入二."),
    _section("11", "推牌九", "Pai Gow",
             "同一副牌的另一種玩法：每人四張，分成前後兩手，各兩張，小的在前。"
             "兩手各跟莊家同位置的一手比：都贏算贏，都輸算輸，"
             "一贏一輸是和。兩張一手由大到小：至尊、文對、武對、天王、地王、天槓、地槓、天高九、地高九，"
             "其餘按點數之和的個位數；點數相同比較大的那一張，完全一樣算莊家贏。丁三和大頭六可以當 3 點或 6 點。",
             "The other game of the same tiles: each player gets 4 tiles and sets them as two hands of two, the "
             "lower in front. Each meets the banker's hand in the same place: win both and you win, lose both and "
             "you lose, one each is a push. Two-tile hands, high to low: the supreme, civil pairs, military pairs, "
             "天王, 地王, 天槓, 地槓, 天高九, 地高九, then the last digit of the points; equal points go by the "
             "higher tile, and a complete tie goes to the banker. The 1-2 and 2-4 may each count 3 or 6."),
)
"""Every entry, in the order of the rules page."""

SECTIONS: Final[tuple[Rule, ...]] = tuple(r for r in RULES if r.id == r.section)
_BY_ID: Final = {r.id: r for r in RULES}

RULE_ID: Final = re.compile(r"R-(?:\$\d+|[A-Z]\d+)|§\d+(?:\.\d+)?")
"""How a rule id is written in the lessons' text (``R-C1``, ``R-$10``, ``§6``, ``§6.2``)."""


def rule(rid: str) -> Rule:
    """The entry cited as ``rid`` (``"R-W2"``, ``"§6"``; a sub-section such as ``"§6.2"`` gives
    its section; ``"RULES §6"`` is read as ``"§6"``)."""
    if not isinstance(rid, str):
        raise UnknownRule(f"a rule id is text like 'R-W2' or '§6', not {type(rid).__name__}")
    key = rid.strip().removeprefix("RULES").strip()
    if key in _BY_ID:
        return _BY_ID[key]
    if key.startswith("§") and key.split(".")[0] in _BY_ID:
        return _BY_ID[key.split(".")[0]]
    raise UnknownRule(f"no rule {rid!r} in the rules reference (ids like R-C1, R-$10, §6)")
