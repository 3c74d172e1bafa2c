"""Names in three languages: traditional Chinese, simplified Chinese and English.

The package writes its Chinese in traditional characters (the seeds' own script) and
derives the simplified form character by character with :func:`to_simplified`, from the
pairs in :mod:`tiangow.simplified` (generated from OpenCC for every character the package and
the lessons use; a test regenerates it), then puts the few words a mainland reader writes
otherwise in their mainland form (:data:`MAINLAND_WORDS`).

>>> to_simplified("雙長三")
'双长三'
>>> seat_name(0, "en"), seat_name(1, "zh-Hant"), seat_name(3, "zh-Hans")
('East', '南', '北')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal, get_args

from .errors import TiangowError
from .simplified import PAIRS


class LanguageError(TiangowError):
    """An unknown display language or seat number."""


Lang = Literal["zh-Hant", "zh-Hans", "en"]
"""A display language: 繁 traditional Chinese, 简 simplified Chinese, or English."""

LANGS: Final[tuple[Lang, ...]] = get_args(Lang)

_TABLE: Final = {ord(pair[0]): pair[1] for pair in PAIRS.split()}

MAINLAND_WORDS: Final[tuple[tuple[str, str], ...]] = (
    ("甚么", "什么"), ("机械人", "机器人"), ("预设", "默认"), ("滑鼠", "鼠标"), ("应用程式", "应用程序"),
    ("程式码", "代码"),
)
"""Words that come out of the character table in their Hong Kong or Taiwan form, and what a
mainland reader writes instead (reviewed by hand; applied after the characters are converted).
Every one is a word the course uses: ``tests/test_i18n.py`` checks none is left in 简."""


def _mainland(text: str) -> str:
    for hk, mainland in MAINLAND_WORDS:
        if hk in text:
            text = text.replace(hk, mainland)
    return text


def to_simplified(text: str) -> str:
    """Return ``text`` with tiangow's traditional characters in simplified form, and the words a
    mainland reader writes otherwise in their mainland form (:data:`MAINLAND_WORDS`).

    >>> to_simplified("甚麼是預設規則？")
    '什么是默认规则？'
    """
    return _mainland(text.translate(_TABLE))


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


def colon(lang: Lang) -> str:
    """The colon after a label: full-width in Chinese ("東：0"), a colon and a space in English.

    >>> colon("zh-Hans"), colon("en")
    ('：', ': ')
    """
    return ": " if lang == "en" else "："


def listed(items: Iterable[str], lang: Lang, sep: str = "、") -> str:
    """Items in a row: "莊家、你" in Chinese (or ``sep``, e.g. "；"), "banker, you" in English.

    >>> listed(["莊家", "你"], "zh-Hant"), listed(["banker", "you"], "en")
    ('莊家、你', 'banker, you')
    """
    return (", " if lang == "en" else sep).join(items)


def bracketed(text: str, lang: Lang) -> str:
    """A note after a word: "（莊家）" with full-width brackets in Chinese, " (banker)" in English.

    >>> "東" + bracketed("莊家", "zh-Hant"), "East" + bracketed("banker", "en")
    ('東（莊家）', 'East (banker)')
    """
    return f" ({text})" if lang == "en" else f"（{text}）"


_TRADITIONAL: Final = ("hant", "tw", "hk", "mo")
_SIMPLIFIED: Final = ("hans", "cn", "sg", "my")


def browser_language(languages: object) -> Lang:
    """The display language for a first visit, from the browser's languages
    (``navigator.languages``, most preferred first): the first one that is Chinese or English
    decides — zh-Hant, zh-TW, zh-HK, zh-MO give 繁; zh-Hans, zh-CN, zh-SG, zh-MY and a bare zh
    give 简; anything else, or nothing usable, English. Untrusted input (it comes from the page):
    only a list of short strings is read.

    >>> browser_language(["zh-TW", "en"]), browser_language(["zh-CN"]), browser_language(["fr-FR", "de"])
    ('zh-Hant', 'zh-Hans', 'en')
    >>> browser_language(["de", "zh-Hant-HK", "en"]), browser_language(["en-GB", "zh-TW"]), browser_language(None)
    ('zh-Hant', 'en', 'en')
    """
    if not isinstance(languages, (list, tuple)):
        return "en"
    for tag in languages[:16]:
        if not isinstance(tag, str) or len(tag) > 35:
            continue
        parts = tag.strip().lower().replace("_", "-").split("-")
        if parts[0] == "en":
            return "en"
        if parts[0] != "zh":
            continue
        rest = parts[1:]
        if any(p in _TRADITIONAL for p in rest):
            return "zh-Hant"
        return "zh-Hans"  # zh-Hans, zh-CN, zh-SG, zh-MY, or a bare zh
    return "en"


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
