"""The variant explorer: switch one reading of the rules and watch a position or settlement change."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..drills.variants import VariantDemo
from ..i18n import Lang, T
from .safe import SafeState
from .text import current_lang, on_language
from .views import STYLE, tile_html

__all__ = ["VariantExplorer"]


class _Readings(SafeState, w.ToggleButtons):
    _page_writable = frozenset({"index"})


class VariantExplorer(w.VBox):
    """One variant of RULES §10: its readings as buttons; the engine replays the demonstration."""

    def __init__(self, demo: VariantDemo) -> None:
        self.demo = demo
        self.head = w.HTML()
        self.switch = _Readings(options=[(label("zh-Hant"), i) for i, (_, label) in enumerate(demo.options)],
                                value=0, style={"button_width": "auto"})
        self.switch.add_class("tg-variant-switch")
        self.switch.observe(lambda _: self._render(), "value")
        self.body = w.HTML()
        self.body.add_class("tg-variant-result")
        super().__init__([self.head, self.switch, self.body],
                         layout=w.Layout(border="1px solid #ddd3bf", padding="8px 14px", margin="6px 0",
                                         max_width="760px"))
        self.add_class("tg-variant")
        on_language(lambda lang: self._render())
        self._render()

    @property
    def value(self) -> Any:
        return self.demo.options[self.switch.value][0]

    def _render(self) -> None:
        lang: Lang = current_lang()
        self.head.value = STYLE + (f'<div class="tg-caption" data-field="{self.demo.field}">'
                                   f"{html.escape(self.demo.title(lang))}</div>")
        labels = [label(lang) for _, label in self.demo.options]
        if [o[0] for o in self.switch.options] != labels:
            index = self.switch.value
            self.switch.options = [(label, i) for i, label in enumerate(labels)]
            self.switch.value = index
        groups, text = self.demo.show(self.demo.rules(self.value))
        rows = "".join(
            f'<div class="tg-group"><div class="tg-muted">{html.escape(label(lang))}</div>'
            f"{tile_html(tiles, lang, names=True, width=30)}</div>" for label, tiles in groups
        )
        default = T("（預設）", " (default)")(lang) if self.switch.value == 0 else ""
        self.body.value = (STYLE + f'<div class="tg-variant-rows">{rows}</div>'
                           f'<div class="tg-prose tg-outcome"><b>{html.escape(labels[self.switch.value] + default)}</b>'
                           f"{html.escape(T('：', ': ')(lang))}{html.escape(text(lang))}</div>"
                           f'<div class="tg-muted">{html.escape(T("誰這樣玩：", "Who plays which way: ")(lang))}'
                           f"{html.escape(self.demo.who(lang))}</div>"
                           f'<div class="tg-muted">{html.escape(T("玩法文章的理由：", "The essay’s reasons: ")(lang))}'
                           f"{html.escape(self.demo.reasons(lang))}</div>")
