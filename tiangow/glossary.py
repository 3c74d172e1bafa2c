"""Every term the course uses, with its meaning and how to say it: Cantonese (jyutping) and
Mandarin (pinyin).

The readings come from maintained libraries — pycantonese for jyutping, pypinyin for pinyin —
by ``scripts/make_readings.py``, which writes :mod:`tiangow.readings` (a test regenerates it and
compares), the way :mod:`tiangow.simplified` comes from OpenCC. Where a game term is read
otherwise than the libraries read it (長三 is *coeng4* "long", not *zoeng2* "elder"; 么 is
*jiu1* "one" in dice), :data:`REVIEWED` says so, with the reason; a reviewed reading wins.

>>> term("長三").jyutping, term("長三").pinyin
('coeng4 saam1', 'cháng sān')
>>> term("天九").meaning("en")
'Heaven and Nine: the game; also the civil-military pair 天 + 九'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import TiangowError
from .i18n import T, Text
from .readings import READINGS

__all__ = ["Term", "TERMS", "CATEGORIES", "REVIEWED", "term", "UnknownTerm"]


class UnknownTerm(TiangowError):
    """A word the glossary does not have."""


CATEGORIES: Final[dict[str, Text]] = {
    "game": T("遊戲", "The game"),
    "tile": T("牌", "Tiles"),
    "class": T("牌型", "Kinds of play"),
    "play": T("打牌", "Playing"),
    "seat": T("座位和莊家", "Seats and the banker"),
    "money": T("計分", "Settlement"),
    "deal": T("擲骰和牌頭", "Dice and dealing"),
    "paigow": T("推牌九", "Pai Gow"),
}

# (term, category, meaning in Chinese, meaning in English)
_TABLE: Final[tuple[tuple[str, str, str, str], ...]] = (
    ("天九", "game", "這個遊戲；也是天配九的文武對", "Heaven and Nine: the game; also the civil-military pair 天 + 九"),
    ("骨牌", "game", "中國骨牌，一副三十二張", "Chinese dominoes, a set of 32 tiles"),
    ("大天九", "game", "每人八張的天九（這裏教的）", "the classic game, eight tiles each (the one taught here)"),
    ("小天九", "game", "每人四張的天九", "small Tien Gow, four tiles each"),
    ("文", "tile", "文子；文單張", "civil; a civil single"),
    ("武", "tile", "武子；武單張", "military; a military single"),
    ("文子", "tile", "成對的十一種牌", "civil tiles: the 11 kinds that come in pairs"),
    ("武子", "tile", "十張各不相同的牌", "military tiles: the 10 single tiles"),
    ("天", "tile", "天牌，6-6，最大的文子", "Heaven, 6-6, the highest civil tile"),
    ("地", "tile", "地牌，1-1", "Earth, 1-1"),
    ("人", "tile", "人牌，4-4", "Man, 4-4"),
    ("和", "tile", "和牌，1-3（又叫鵝）", "Harmony, 1-3 (also called Goose, 鵝)"),
    ("鵝", "tile", "和牌的別名", "Goose: another name of 和 (1-3)"),
    ("梅", "tile", "梅花，5-5", "Plum blossom, 5-5"),
    ("長三", "tile", "文子，3-3", "Long three, 3-3"),
    ("長衫", "tile", "長三的別名", "Long gown: another name of 長三"),
    ("板凳", "tile", "文子，2-2", "Bench, 2-2"),
    ("斧頭", "tile", "文子，5-6", "Axe, 5-6"),
    ("虎頭", "tile", "斧頭的別名", "Tiger head: another name of 斧頭"),
    ("紅頭十", "tile", "文子，4-6", "Red-head ten, 4-6"),
    ("屏風", "tile", "紅頭十的別名", "Screen: another name of 紅頭十"),
    ("高腳七", "tile", "文子，1-6", "Long-leg seven, 1-6"),
    ("銅錘六", "tile", "文子，1-5", "Copper-hammer six, 1-5"),
    ("伶冧六", "tile", "銅錘六的別名", "another name of 銅錘六"),
    ("九", "tile", "武子九：3-6 或 4-5", "Nine: the military 3-6 or 4-5"),
    ("八", "tile", "武子八：2-6 或 3-5", "Eight: the military 2-6 or 3-5"),
    ("七", "tile", "武子七：2-5 或 3-4", "Seven: the military 2-5 or 3-4"),
    ("大頭六", "tile", "2-4，至尊的一半", "Big-head six, 2-4: half of the supreme"),
    ("五", "tile", "武子五：2-3 或 1-4", "Five: the military 2-3 or 1-4"),
    ("丁三", "tile", "1-2，最小的武子，至尊的一半", "Little three, 1-2: the lowest military tile, half of the supreme"),
    ("大雞", "tile", "大頭六（2-4）的別名", "Big chicken: another name of 大頭六 (2-4)"),
    ("細雞", "tile", "丁三（1-2）的別名", "Little chicken: another name of 丁三 (1-2)"),
    ("么", "tile", "一點；丁三的別名", "one (on a die); another name of 丁三"),
    ("四大", "tile", "天、地、人、和", "the four greats: 天, 地, 人, 和"),
    ("紅點", "tile", "紅色的點子：一點和四點", "red pips: every 1 and every 4"),
    ("牌型", "class", "一手牌屬於哪一類", "the kind of a play (its class)"),
    ("單張", "class", "一張牌", "a single tile"),
    ("對子", "class", "兩張成對的牌", "a pair"),
    ("文對", "class", "兩張相同的文子", "a civil pair: two identical civil tiles"),
    ("武對", "class", "雜九、雜八、雜七、雜五", "a military pair: 雜九, 雜八, 雜七, 雜五"),
    ("雜九", "class", "兩張九（3-6 和 4-5）", "the pair of nines (3-6 and 4-5)"),
    ("文武對", "class", "天九、地八、人七、和五", "a civil-military pair: 天九, 地八, 人七, 和五"),
    ("至尊", "class", "丁三配大頭六，只能先出", "the supreme: 1-2 with 2-4, led only"),
    ("三文", "class", "文對加它的武子", "a civil triple: a civil pair with its military partner"),
    ("三武", "class", "一張文子加它的兩張武子", "a military triple: a civil tile with both its military partners"),
    ("四文武", "class", "兩張文子加兩張武子：天天九九、地地八八……", "a quad: 天天九九, 地地八八, 人人七七, 和和五五"),
    ("拆牌", "class", "把組合拆開來出", "splitting a combination"),
    ("墩", "play", "一輪出牌", "a trick"),
    ("棟", "play", "贏一墩拿的籌；一局共八棟", "a stack: what a trick wins; 8 in a hand"),
    ("出牌", "play", "先出一手牌", "to lead"),
    ("打", "play", "用同類更大的牌去贏", "to beat: play a higher play of the same class"),
    ("墊", "play", "蓋着墊同樣張數的牌", "to discard: the same number of tiles, face down"),
    ("墊牌", "play", "墊下的牌", "a discard"),
    ("結", "play", "贏最後一墩，贏這一局", "to finish: win the last trick, and the hand"),
    ("結牌", "play", "最後一墩", "the last trick"),
    ("擒", "play", "最後一墩的丁三被大頭六打", "capture: a led 1-2 taken by 2-4 in the last trick"),
    ("擒尊", "play", "用一對高腳七擒文至尊（一種規則）", "capturing a civil supreme with a pair of 1-6 (a variant)"),
    ("以擒為大", "play", "擒一定贏這一墩（一種規則）", "a capture always wins the trick (a variant)"),
    ("東", "seat", "東家", "East"),
    ("南", "seat", "南家", "South"),
    ("西", "seat", "西家", "West"),
    ("北", "seat", "北家", "North"),
    ("莊家", "seat", "做莊的人，先出第一墩", "the banker: leads the first trick"),
    ("閒家", "seat", "不是莊家的人", "a player who is not the banker"),
    ("連莊", "seat", "莊家贏了，繼續做莊", "the banker wins and stays banker"),
    ("飛莊", "seat", "贏家做下一局的莊家", "the winner becomes the next banker"),
    ("輪莊", "seat", "輪流做莊（一種規則）", "the bank rotates (a variant)"),
    ("歸本", "money", "四棟，不輸不贏", "par: four stacks, nothing to pay"),
    ("輸棟", "money", "少於四棟，按少了的棟數付", "stacks short of four: paid for"),
    ("空棟", "money", "沒有棟，要付 5", "no stack: pays 5"),
    ("入一", "money", "五棟，贏家付 1", "five stacks: the winner pays 1"),
    ("入二", "money", "六棟，贏家付 2", "six stacks: the winner pays 2"),
    ("賀尊", "money", "至尊贏一墩，各家即時付 2", "money for a supreme: 2 from each player at once"),
    ("四大賀", "money", "四文武贏一墩，各家即時付 4", "money for a quad: 4 from each player at once"),
    ("奇牌", "money", "特別的結法，加倍", "a special finish, which multiplies"),
    ("包尊", "money", "用至尊贏最後一墩，×2", "finishing with the supreme: ×2"),
    ("四大包", "money", "用四文武贏最後一墩，×4", "finishing with a quad: ×4"),
    ("么結", "money", "用先出的丁三贏最後一墩，×2", "finishing with a led 1-2: ×2"),
    ("七支", "money", "贏家拿齊八棟，最後一張本來可以被打，×2", "all eight stacks, the last tile beatable: ×2"),
    ("八支", "money", "贏家拿齊八棟，×4", "all eight stacks: ×4"),
    ("么雙擒四", "money", "擒要付四倍（一種規則）", "a capture pays ×4 (a variant)"),
    ("例牌", "deal", "開牌就贏的特別手牌", "a natural hand: wins at the deal"),
    ("全白一點紅", "deal", "全手只有一個紅點的例牌", "the natural with exactly one red pip"),
    ("全白", "deal", "全手沒有紅點的例牌", "the natural with no red pip"),
    ("七文", "deal", "七張文子的例牌", "the natural of seven civil tiles"),
    ("七武", "deal", "七張武子的例牌", "the natural of seven military tiles"),
    ("八文", "deal", "八張文子的例牌", "the natural of eight civil tiles"),
    ("八武", "deal", "八張武子的例牌", "the natural of eight military tiles"),
    ("四對", "deal", "四對的例牌", "the natural of four pairs"),
    ("擲骰", "deal", "擲骰子", "to throw the dice"),
    ("砌牌", "deal", "把牌砌成牌牆", "to build the wall"),
    ("牌頭", "deal", "開牌的方法", "the dealing method"),
    ("開邊", "deal", "從一端每人拿兩棟", "taking two stacks each from one end"),
    ("輪棟", "deal", "每人輪流拿一棟，兩輪", "one stack each, twice round"),
    ("推牌九", "paigow", "同一副牌的另一種玩法", "Pai Gow: the other game of the same tiles"),
    ("天王", "paigow", "天配一張九點", "Heaven king: 天 with a nine-point tile"),
    ("地王", "paigow", "地配一張九點", "Earth king: 地 with a nine-point tile"),
    ("天槓", "paigow", "天配一張八點", "Heaven bar: 天 with an eight-point tile"),
    ("地槓", "paigow", "地配一張八點", "Earth bar: 地 with an eight-point tile"),
    ("天高九", "paigow", "天配一張七點", "Heaven high nine: 天 with a seven-point tile"),
    ("地高九", "paigow", "地配一張七點", "Earth high nine: 地 with a seven-point tile"),
    ("點數", "paigow", "兩張點數之和的個位數", "points: the last digit of the two tiles' total"),
)

REVIEWED: Final[dict[str, tuple[str | None, str | None, str]]] = {
    # term: (Jyutping, Pinyin, why) where the libraries read a game term otherwise; None keeps the
    # library's reading. Each differs from tiangow.readings (a test checks).
    "長三": ("coeng4 saam1", "cháng sān", "長 is 'long' here (a long three), coeng4 / cháng, not 'elder'"),
    "長衫": (None, "cháng shān", "長 is 'long': a long gown"),
    "么": (None, "yāo", "么 is the ace of a die, yāo, not the particle me"),
    "么結": (None, "yāo jié", "么 is the ace of a die, yāo"),
    "么雙擒四": (None, "yāo shuāng qín sì", "么 is the ace of a die, yāo"),
    "閒家": ("haan4 gaa1", None, "閒 'idle' (the players who do not bank) is haan4"),
    "大頭六": ("daai6 tau4 luk6", None, "the tile's name keeps 頭 in its full tone, tau4"),
}


@dataclass(frozen=True)
class Term:
    zh: str
    """The term in traditional characters (simplified is derived, :func:`tiangow.i18n.to_simplified`)."""
    category: str
    meaning: Text
    jyutping: str
    """Cantonese, Jyutping with tone numbers: ``tin1 gau2``."""
    pinyin: str
    """Mandarin, Hanyu Pinyin with tone marks: ``tiān jiǔ``."""
    reviewed: str | None = None
    """Why the reading was set by hand, if it was."""


def _make() -> tuple[Term, ...]:
    out = []
    for zh, category, mean_zh, mean_en in _TABLE:
        jyut, pin = READINGS[zh]
        why = None
        if zh in REVIEWED:
            j, p, why = REVIEWED[zh]
            jyut, pin = j or jyut, p or pin
        out.append(Term(zh, category, T(mean_zh, mean_en), jyut, pin, why))
    return tuple(out)


TERMS: Final[tuple[Term, ...]] = _make()
"""Every term, category by category (the glossary page's order)."""
_BY_ZH: Final = {t.zh: t for t in TERMS}


def term(zh: str) -> Term:
    """The glossary's entry for ``zh`` (traditional or simplified characters)."""
    if isinstance(zh, str):
        if zh in _BY_ZH:
            return _BY_ZH[zh]
        from .i18n import to_simplified

        for t in TERMS:
            if to_simplified(t.zh) == zh:
                return t
    raise UnknownTerm(f"{zh!r} is not in the glossary")
