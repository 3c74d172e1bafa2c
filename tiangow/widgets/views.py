"""Display widgets: prose, tiles, and the language switch (繁 / 简 / English)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..combos import Kind, all_combinations
from ..draw import STYLE as _STYLE
from ..i18n import LANGS, Lang
from ..rules import Rules
from ..svg import TILE_W, row_svg, tile_svg
from ..tiles import Tile
from .safe import SafeState
from .text import LANGUAGE, Text, current_lang, on_language

__all__ = ["CombinationTable", "LanguageSwitch", "Prose", "TileView", "WorkedExample", "tile_html"]

STYLE = _STYLE
"""The lessons' style sheet (``tiangow.css``), carried by every widget's HTML."""



class Prose(w.HTML):
    """HTML text in three languages; re-rendered when the language changes.

    ``text`` holds HTML in traditional Chinese and English (:class:`Text`).
    """

    def __init__(self, text: Text, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.text = text
        self.add_class("tg-prose")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        self.value = STYLE + f'<div class="tg-prose">{self.text(lang)}</div>'


def tile_html(tiles: Sequence[Tile | None], lang: Lang, names: bool = True, width: float = TILE_W,
              sub: Sequence[str] | None = None) -> str:
    """Tiles as inline SVGs in a wrapping row, each with its name (and a sub-label) below;
    ``names=False`` shows no name, not even in the hover title."""
    boxes = []
    for i, t in enumerate(tiles):
        label = "" if t is None or not names else html.escape(t.caption(lang))
        extra = f'<span class="tg-sub">{html.escape(sub[i])}</span>' if sub else ""
        boxes.append(f'<div class="tg-tilebox">{tile_svg(t, width, lang, named=names)}<span>{label}</span>{extra}</div>')
    return f'<div class="tg-tiles">{"".join(boxes)}</div>'


class TileView(w.HTML):
    """A row of tiles with an optional caption and names, relabelled with the language."""

    def __init__(self, tiles: Sequence[Tile | None], caption: Text | None = None, names: bool = True,
                 width: float = TILE_W, sub: Sequence[Text] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.tiles = tuple(tiles)
        self.caption = caption
        self.names = names
        self.width = width
        self.sub = tuple(sub) if sub else None
        self.add_class("tg-tileview")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        cap = f'<div class="tg-caption">{html.escape(self.caption(lang))}</div>' if self.caption else ""
        sub = [s(lang) for s in self.sub] if self.sub else None
        self.value = STYLE + cap + tile_html(self.tiles, lang, self.names, self.width, sub)

    def _repr_svg_(self) -> str:
        return row_svg(self.tiles, lang=current_lang(), names=self.names)


class WorkedExample(w.HTML):
    """A worked example: a title, labelled rows of tiles, and the conclusion with its rule."""

    def __init__(self, title: Text, groups: Sequence[tuple[Text, Sequence[Tile | None]]], text: Text,
                 **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.groups = tuple((label, tuple(tiles)) for label, tiles in groups)
        self.text = text
        self.add_class("tg-worked")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        rows = "".join(
            f'<div class="tg-group"><div class="tg-muted">{html.escape(label(lang))}</div>'
            f"{tile_html(tiles, lang, names=True, width=36)}</div>"
            for label, tiles in self.groups
        )
        self.value = (STYLE + f'<div class="tg-card">'
                      f'<div class="tg-caption">{html.escape(self.title(lang))}</div>'
                      f'<div class="tg-example-rows">{rows}</div>'
                      f'<div class="tg-prose tg-example-text">{self.text(lang)}</div></div>')


class CombinationTable(w.HTML):
    """Every play of the given classes (RULES §2), high to low, each drawn with its name and rank."""

    def __init__(self, kinds: Sequence[Kind], rules: Rules | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.kinds = tuple(kinds)
        self.rules = rules
        self.add_class("tg-combos")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        parts = []
        plays = all_combinations(self.rules)
        for kind in self.kinds:
            members = sorted((c for c in plays if c.kind is kind), key=lambda c: (c.rank, c.key))
            cells = "".join(
                f'<div class="tg-tilebox" data-play="{" ".join(t.notation for t in c.tiles)}">'
                f'<span class="tg-row">'
                f'{"".join(tile_svg(t, 22, lang) for t in c.tiles)}</span>'
                f"<span>{html.escape(c.label(lang))}</span><span class=\"tg-sub\">#{c.rank}</span></div>"
                for c in members
            )
            title = f"{kind.value} · {kind.name_en}" if lang == "en" else kind.label(lang)
            parts.append(f'<div class="tg-caption">{html.escape(title)}</div>'
                         f'<div class="tg-tiles tg-kinds">{cells}</div>')
        self.value = STYLE + "".join(parts)


class LanguageSwitch(SafeState, w.ToggleButtons):
    """繁 / 简 / English: sets the kernel's display language (validated: the page can only
    choose one of the three)."""

    _page_writable = frozenset({"index"})
    value: Any  # the traitlet of ToggleButtons (a bare annotation: no class attribute)
    learner_pick: str | None = None
    """The language the learner last picked on the page (``None``: none yet), as against one the
    kernel set."""

    def set_state(self, sync_data: dict[str, Any]) -> None:
        index = sync_data.get("index") if isinstance(sync_data, dict) else None
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(self.options):
            self.learner_pick = self.options[index][1]  # known before the switch acts on it
        super().set_state(sync_data)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(
            options=[("繁", "zh-Hant"), ("简", "zh-Hans"), ("English", "en")],
            value=current_lang(),
            tooltips=["繁體中文", "简体中文", "English"],
            style={"button_width": "72px"},
            **kwargs,
        )
        self.add_class("tg-lang")
        self.observe(self._chosen, "value")
        LANGUAGE.observe(self._follow, "lang")

    def _chosen(self, change: dict[str, object]) -> None:
        if change["new"] in LANGS:
            LANGUAGE.lang = change["new"]

    def _follow(self, change: dict[str, object]) -> None:
        if self.value != change["new"]:
            self.value = change["new"]
