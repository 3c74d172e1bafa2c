"""The page's language for the lessons' markdown prose.

A lesson's text is in markdown cells, each passage in traditional Chinese and English side by
side (``<div class="tg-prose" lang="zh-Hant">`` then ``lang="en"``). The widgets relabel
themselves in the kernel; the markdown is static HTML, so this widget tells the page the chosen
language and the page shows the matching passages (and derives 简 with the package's table).
In JupyterLab, where an author edits the notebook, both languages stay visible.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..i18n import LANGS, MAINLAND_WORDS
from ..simplified import PAIRS
from .glossary import terms_data
from .pages import page_href
from .pagewidget import PageWidget, esm
from .rules import RULES_PAGE, rules_data
from .text import LANGUAGE, current_lang

__all__ = ["PageLanguage"]


class PageLanguage(PageWidget):
    """Follows :data:`LANGUAGE` and tells the page (display it once per page; it draws nothing).
    The page may not change it: the language switch is the one control."""

    _page_writable = frozenset[str]()
    _esm = esm("pagelang.js")

    lang = traitlets.Enum(LANGS, default_value="zh-Hant").tag(sync=True)
    simplified = traitlets.Unicode(" ".join([*PAIRS.split(), *(f"{a}={b}" for a, b in MAINLAND_WORDS)])).tag(sync=True)
    """The character pairs of :mod:`tiangow.simplified`, then the mainland words ("甚么=什么"):
    the page converts 简 exactly as :func:`tiangow.i18n.to_simplified` does."""
    rules = traitlets.Dict().tag(sync=True)
    """Every rule's text (:func:`tiangow.widgets.rules.rules_data`): the page links each rule id it
    shows and opens the rule in a panel beside the lesson."""
    terms = traitlets.Dict().tag(sync=True)
    """Every glossary term's readings and meaning (:func:`tiangow.widgets.glossary.terms_data`):
    on an English page a Chinese term shows them on hover, focus or tap."""
    rules_href = traitlets.Unicode("").tag(sync=True)
    """The rules page (``rules.ipynb``, or ``rules.html`` on the static site)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(lang=current_lang(), rules=rules_data(), rules_href=page_href(RULES_PAGE),
                         terms=terms_data(), **kwargs)
        self.layout.display = "none"
        LANGUAGE.observe(self._follow, "lang")

    def _follow(self, change: dict[str, object]) -> None:
        self.lang = current_lang()
