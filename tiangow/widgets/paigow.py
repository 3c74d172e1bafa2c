"""Lesson 09's views: the ranked Pai Gow hands in order, and a split explorer."""

from __future__ import annotations

import html
import random

import ipywidgets as w

from .. import paigow
from ..drills.paigow import ev_text, split_text
from ..i18n import Lang, T, pick
from ..svg import tile_svg
from ..tiles import Tile, full_set
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["HandRanking", "SplitExplorer"]


def _tiles(tiles: tuple[Tile, ...], lang: Lang, width: float = 24) -> str:
    return "".join(tile_svg(t, width, lang) for t in tiles)


class HandRanking(w.HTML):
    """Every ranked two-tile hand (至尊, the pairs, 天王 … 地高九), high to low, each drawn."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("tg-paigow-ranks")
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        rows: list[tuple[str, str, list[tuple[Tile, ...]]]] = []
        for h in paigow.ranked_hands():
            if rows and rows[-1][0] == h.name:
                rows[-1][2].append(h.tiles)
            else:
                rows.append((h.name, h.name_en, [h.tiles]))
        cells = []
        for i, (zh, en, hands) in enumerate(rows, start=1):
            name = pick(lang, zh, f"{zh} · {en}")
            drawn = '<span class="tg-slash">/</span>'.join(
                f'<span class="tg-row">{_tiles(t, lang, 20)}</span>' for t in hands)
            cells.append(f'<div class="tg-rank-row" data-rank="{i}"><span class="tg-muted tg-rank-no">{i}</span>'
                         f'<span class="tg-rank-name"><b>{html.escape(name)}</b></span>{drawn}</div>')
        low = paigow.ranked_hands()[-1]
        cap = T(f"二十二種有名堂的牌，由大到小。每一種都大過所有按點數算的牌：最小的{low.name}也贏九點。",
                "The 22 named hands, high to low. Every one of them beats every hand counted by points: even "
                f"the lowest, {low.name_en} ({low.name}), beats nine points.")
        self.value = (STYLE + f'<div class="tg-caption">{html.escape(cap(lang))}</div>'
                      + f'<div class="tg-card">{"".join(cells)}</div>')


class SplitExplorer(w.VBox):
    """Four tiles, their three splits with the exact expected value of each against every
    banker holding, the best and the house way marked; deal again, or look for four tiles
    where the house way is not the best."""

    def __init__(self, seed: int | None = None, tiles: tuple[Tile, ...] | None = None) -> None:
        self.rng = random.Random(seed)
        self.view = w.HTML()
        self.view.add_class("tg-split-explorer")
        self.deal_button = w.Button(layout=w.Layout(width="auto"))
        self.deal_button.add_class("tg-split-deal")
        self.deal_button.on_click(lambda _: self.deal())
        self.differ_button = w.Button(layout=w.Layout(width="auto"))
        self.differ_button.add_class("tg-split-differ")
        self.differ_button.on_click(lambda _: self.find_difference())
        buttons = w.HBox([self.deal_button, self.differ_button])
        buttons.add_class("tg-wrap-buttons")  # on a phone, a long label wraps, and the buttons too
        super().__init__([self.view, buttons],
                         layout=w.Layout(border="1px solid #ddd3bf", padding="8px 14px", max_width="760px"))
        self.tiles: tuple[Tile, ...] = ()
        self.values: list[paigow.SplitValue] = []
        self.house: paigow.Split | None = None
        on_language(lambda lang: self.render())
        if tiles is not None:
            self.show(tiles)
        else:
            self.deal()

    def deal(self) -> None:
        ts = full_set()
        self.rng.shuffle(ts)
        self.show(tuple(ts[:4]))

    def find_difference(self, tries: int = 400) -> bool:
        """Deal until the house way is not the best split (``False`` if none turned up)."""
        for _ in range(tries):
            ts = full_set()
            self.rng.shuffle(ts)
            four = tuple(ts[:4])
            if paigow.house_way(four) != paigow.best_split(four).split:
                self.show(four)
                return True
        return False

    def show(self, tiles: tuple[Tile, ...]) -> None:
        self.tiles = tuple(tiles)
        self.values = paigow.split_values(self.tiles)
        self.house = paigow.house_way(self.tiles)
        self.render()

    def render(self) -> None:
        lang = current_lang()
        self.deal_button.description = T("再發四張", "Deal four more")(lang)
        self.differ_button.description = T("找一手固定擺法不是最好的", "Find four where the house way is not best")(lang)
        rows = []
        best = self.values[0].split if self.values else None
        for v in self.values:
            marks = []
            if v.split == best:
                marks.append(T("★ 最好", "★ best")(lang))
            if v.split == self.house:
                marks.append(T("莊家擺法", "house way")(lang))
            rows.append(
                f'<tr class="tg-split-row" data-best="{str(v.split == best).lower()}" '
                f'data-house="{str(v.split == self.house).lower()}" data-ev="{v.ev:.4f}">'
                f'<td><span class="tg-row">{_tiles(v.split.front.tiles, lang)}</span></td>'
                f'<td><span class="tg-row">{_tiles(v.split.back.tiles, lang)}</span></td>'
                f"<td>{html.escape(split_text(v.split)(lang))}<br>{html.escape(ev_text(v)(lang))}</td>"
                f"<td><b>{html.escape(' · '.join(marks))}</b></td></tr>")
        head = T("前|後|兩手和期望值|", "front|back|the hands and the expected value|")(lang).split("|")
        note = T("期望值：跟莊家所有可能的四張牌（其餘二十八張裏的 20,475 種）比，贏算 +1、輸算 −1、和算 0 的平均。",
                 "Expected value: the average over all 20,475 banker holdings from the other 28 tiles, counting "
                 "a win +1, a loss −1 and a push 0.")
        self.view.value = (STYLE + f'<div class="tg-caption">{html.escape(T("這四張牌：", "These four tiles:")(lang))}</div>'
                           f'<div class="tg-row">{_tiles(self.tiles, lang, 30)}</div>'
                           '<table class="tg-splits">'
                           + "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"
                           + "".join(rows) + "</table>"
                           f'<div class="tg-muted">{html.escape(note(lang))}</div>')
