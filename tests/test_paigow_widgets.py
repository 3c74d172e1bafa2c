"""Lesson 09's views, driven from Python."""

from __future__ import annotations

from tiangow import paigow, parse_tiles
from tiangow.widgets import LANGUAGE
from tiangow.widgets.paigow import HandRanking, SplitExplorer


def test_hand_ranking_draws_the_22_named_hands_in_order() -> None:
    LANGUAGE.lang = "zh-Hant"
    view = HandRanking()
    assert view.value.count('class="tg-rank-row"') == 22
    rows = view.value.split('class="tg-card"')[1]
    assert rows.index("至尊") < rows.index("雙天") < rows.index("地高九")
    LANGUAGE.lang = "en"
    assert "Heaven king" in view.value
    LANGUAGE.lang = "zh-Hans"
    assert "双天" in view.value
    LANGUAGE.lang = "zh-Hant"


def test_split_explorer_marks_the_best_and_the_house_way() -> None:
    ex = SplitExplorer(tiles=tuple(parse_tiles("22 15 56 45")))
    assert ex.view.value.count('class="tg-split-row"') == 3
    assert 'data-best="true" data-house="true"' in ex.view.value  # the seed's example: they agree
    assert ex.find_difference()
    assert paigow.house_way(ex.tiles) != ex.values[0].split
    assert 'data-best="true" data-house="false"' in ex.view.value
    before = ex.tiles
    ex.deal()
    assert ex.tiles != before and len(ex.tiles) == 4
