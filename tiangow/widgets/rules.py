"""The rules a click away: the rules page's widget, and the data every page's script uses to turn
each rule id it shows (``R-W2``, ``§6``) into a link that opens the rule beside the lesson.

The text is :mod:`tiangow.rulebook`'s; this module only draws it.
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w

from ..i18n import LANGS, Lang
from ..rulebook import RULES, Rule
from ..svg import tile_svg
from ..tiles import KINDS
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["RulesReference", "rule_html", "rules_data", "RULES_PAGE"]

RULES_PAGE = "rules.ipynb"
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _text_html(text: str) -> str:
    return _BOLD.sub(r"<b>\1</b>", html.escape(text))


def rule_html(r: Rule, lang: Lang, heading: str = "h3") -> str:
    """One rule as HTML: its id and title as a heading, then its text."""
    head = f"{html.escape(r.id)} · {html.escape(r.title(lang))}"
    return (f'<{heading} class="tg-rule-title">{head}</{heading}>'
            f'<p class="tg-rule-text">{_text_html(r.text(lang))}</p>')


def rules_data() -> dict[str, Any]:
    """What the page's script needs to show any rule beside the lesson: per id, its anchor on
    the rules page and its HTML in each language."""
    return {r.id: {"anchor": r.anchor, **{lang: rule_html(r, lang, "h4") for lang in LANGS}} for r in RULES}


class RulesReference(w.HTML):
    """Every rule, section by section, each at its anchor (``rule-R-W2``); follows the language."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("tg-rules")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        parts = []
        for r in RULES:
            if r.id == r.section:
                # §1 draws the tiles it lists, civil then military, high to low
                tiles = "" if r.id != "§1" else ('<div class="tg-tiles tg-rule-tiles">'
                                                 + "".join(tile_svg(t, 22, lang) for t in KINDS) + "</div>")
                parts.append(f'<section class="tg-rule-section" id="{r.anchor}" data-rule="{html.escape(r.id)}">'
                             f'<h2>{html.escape(r.id)} {html.escape(r.title(lang))}</h2>'
                             f'<p class="tg-rule-text">{_text_html(r.text(lang))}</p>{tiles}</section>')
            else:
                parts.append(f'<div class="tg-rule-entry" id="{r.anchor}" data-rule="{html.escape(r.id)}">'
                             f"{rule_html(r, lang)}</div>")
        self.value = STYLE + '<div class="tg-prose tg-rulebook">' + "".join(parts) + "</div>"
