"""The glossary page's table, and the data every page's script uses to show a Chinese term's
readings and meaning on an English page (hover, focus or tap). The terms are
:mod:`tiangow.glossary`'s."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..glossary import CATEGORIES, TERMS
from ..i18n import Lang, T, to_simplified
from ..svg import tile_svg
from ..tiles import KINDS, Tile
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["GlossaryTable", "terms_data"]

_HEAD = (T("詞", "Term"), T("粵語（粵拼）", "Cantonese (Jyutping)"), T("普通話（拼音）", "Mandarin (Pinyin)"),
         T("意思", "Meaning"))


def _tiles_named(zh: str) -> list[Tile]:
    """The tiles a term names (a tile's name or one of its other names), to draw beside it."""
    return [t for t in KINDS if zh == t.name or zh in t.aliases]


def terms_data() -> dict[str, Any]:
    """Per term (traditional characters): its simplified form, Jyutping, Pinyin and English meaning."""
    return {t.zh: {"s": to_simplified(t.zh), "j": t.jyutping, "p": t.pinyin, "m": t.meaning("en")} for t in TERMS}


TERM_TILE_W = 24
"""How wide a term's tiles are drawn beside it: wide enough to count their pips."""


class GlossaryTable(w.HTML):
    """Every term, category by category: the characters (繁 and 简 where they differ), both
    readings and the meaning; follows the language."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("tg-glossary")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        parts = []
        for key, name in CATEGORIES.items():
            rows = []
            for t in (t for t in TERMS if t.category == key):
                simp = to_simplified(t.zh)
                shown = simp if lang == "zh-Hans" else t.zh
                other = f' <span class="tg-muted" lang="zh-Hans">{html.escape(simp)}</span>' \
                    if simp != t.zh and lang == "en" else ""  # an English reader sees both scripts
                why = (to_simplified(t.reviewed) if lang == "zh-Hans" else t.reviewed) if t.reviewed else ""
                mark = f' <span class="tg-muted" title="{html.escape(why)}">✎</span>' if why else ""
                script = "zh-Hans" if lang == "zh-Hans" else "zh-Hant"
                drawn = "".join(tile_svg(k, TERM_TILE_W, lang) for k in _tiles_named(t.zh))
                drawn = f'<span class="tg-term-tiles">{drawn}</span>' if drawn else ""
                rows.append(f'<tr data-term="{html.escape(t.zh)}"><td lang="{script}" class="tg-term-zh">'
                            f"<b>{html.escape(shown)}</b>{other}{drawn}</td>"
                            f'<td lang="yue-Latn">{html.escape(t.jyutping)}{mark}</td>'
                            f'<td lang="zh-Latn-pinyin">{html.escape(t.pinyin)}</td>'
                            f"<td>{html.escape(t.meaning(lang))}</td></tr>")
            head = "".join(f'<th scope="col">{html.escape(h(lang))}</th>' for h in _HEAD)
            parts.append(f'<h2 id="terms-{key}">{html.escape(name(lang))}</h2>'
                         f'<table class="tg-glossary-table"><thead><tr>{head}</tr></thead>'
                         f"<tbody>{''.join(rows)}</tbody></table>")
        self.value = STYLE + '<div class="tg-prose tg-glossary-page">' + "".join(parts) + "</div>"
