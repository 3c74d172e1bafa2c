"""Names in three languages: traditional Chinese, simplified Chinese and English.

The package writes its Chinese in traditional characters (the seeds' own script) and
derives the simplified form character by character with :func:`to_simplified`; the map
covers every character the package uses (a test checks this).

>>> to_simplified("雙長三")
'双长三'
>>> seat_name(0, "en"), seat_name(1, "zh-Hant"), seat_name(3, "zh-Hans")
('East', '南', '北')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from .errors import TiangowError


class LanguageError(TiangowError):
    """An unknown display language or seat number."""


Lang = Literal["zh-Hant", "zh-Hans", "en"]
"""A display language: 繁 traditional Chinese, 简 simplified Chinese, or English."""

LANGS: Final[tuple[Lang, ...]] = get_args(Lang)

# Traditional → simplified, for every traditional-only character tiangow's text uses
# (position by position; a test checks that no traditional-only character is missed).
_TRAD: Final = (
    "雙對長頭腳銅錘雜紅莊賀結棟歸東鵝爺風雞細輪飛邊間龍鳳齊獅瓏紮貫槓點輸棄墊擲開張隻"
    "門後補計數閒連與無為勝負們這個說認識練習題錯確還選擇進課級順規則變體來發戰術試給"
    "從讓會學時現嗎麼幾顆種類組贏條處應當錢盤屬單擊敗殺實顯於裡裏麗鑰陣樣業兩遊戲線總"
    "費賠聲價階層執擺鋪機頁聽讀記憶難圖畫麵灣將餘歲勢夠覺獨誰該撥換鍵盡牆疊擬虛黃築絕"
    "尋號區觀專緣參請詳問離雖亂緊傳統維護頂寶劃帶鬆係啟關閉節過電腦蓋廢報歷範圍態"
    "並別國橋檯沒瀏經續覽講載遺鋤錄"
    "資採網許見標準須預設遠輩訣綁話淨測驗據較爭壓釋虧卻穩證剛險稱斷親領轉塊項視優訴擋曉"
    "紀損隨譜議評誤註繼編強湊權賭場夾"
)
_SIMP: Final = (
    "双对长头脚铜锤杂红庄贺结栋归东鹅爷风鸡细轮飞边间龙凤齐狮珑扎贯杠点输弃垫掷开张只"
    "门后补计数闲连与无为胜负们这个说认识练习题错确还选择进课级顺规则变体来发战术试给"
    "从让会学时现吗么几颗种类组赢条处应当钱盘属单击败杀实显于里里丽钥阵样业两游戏线总"
    "费赔声价阶层执摆铺机页听读记忆难图画面湾将余岁势够觉独谁该拨换键尽墙叠拟虚黄筑绝"
    "寻号区观专缘参请详问离虽乱紧传统维护顶宝划带松系启关闭节过电脑盖废报历范围态"
    "并别国桥台没浏经续览讲载遗锄录"
    "资采网许见标准须预设远辈诀绑话净测验据较争压释亏却稳证刚险称断亲领转块项视优诉挡晓"
    "纪损随谱议评误注继编强凑权赌场夹"
)

_TABLE: Final = str.maketrans(_TRAD, _SIMP)


def to_simplified(text: str) -> str:
    """Return ``text`` with tiangow's traditional characters in simplified form."""
    return text.translate(_TABLE)


def pick(lang: Lang, zh: str, en: str) -> str:
    """Choose the text for ``lang`` from a traditional Chinese and an English version.

    >>> pick("zh-Hans", "雙天", "pair of Heavens")
    '双天'
    """
    if lang == "en":
        return en
    if lang == "zh-Hans":
        return to_simplified(zh)
    if lang == "zh-Hant":
        return zh
    raise LanguageError(f"unknown language {lang!r}: use one of {', '.join(LANGS)}")


SEAT_NAMES: Final[tuple[tuple[str, str], ...]] = (
    ("東", "East"), ("南", "South"), ("西", "West"), ("北", "North"),
)


def seat_name(seat: int, lang: Lang = "en") -> str:
    """The name of seat 0–3 (East, South, West, North; R-S1) in ``lang``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise LanguageError(f"a seat is 0–3 (East, South, West, North), not {seat!r}")
    zh, en = SEAT_NAMES[seat]
    return pick(lang, zh, en)


@dataclass(frozen=True)
class Text:
    """A phrase in traditional Chinese (``zh``) and English (``en``); simplified Chinese is
    derived. Call it with a language to get the string.

    >>> T("長三", "Long three")("zh-Hans"), T("長三", "Long three")("en")
    ('长三', 'Long three')
    """

    zh: str
    en: str

    def __call__(self, lang: Lang) -> str:
        return pick(lang, self.zh, self.en)

    def __add__(self, other: Text) -> Text:
        return Text(self.zh + other.zh, self.en + other.en)

    def format(self, **kwargs: object) -> Text:
        """Fill ``{name}`` fields in both languages; a value may itself be a :class:`Text`.

        >>> T("{n}棟", "{n} stacks").format(n=3)("en")
        '3 stacks'
        """
        zh = {k: (v.zh if isinstance(v, Text) else v) for k, v in kwargs.items()}
        en = {k: (v.en if isinstance(v, Text) else v) for k, v in kwargs.items()}
        return Text(self.zh.format(**zh), self.en.format(**en))


def T(zh: str, en: str) -> Text:
    """Shorthand for :class:`Text`."""
    return Text(zh, en)
