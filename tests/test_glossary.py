"""The glossary (issue 25, point 1): every term the course uses, with its readings — generated from
pycantonese and pypinyin (checked here by regenerating them), reviewed by hand where a game
term is read otherwise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tiangow.combos import Kind
from tiangow.glossary import CATEGORIES, REVIEWED, TERMS, UnknownTerm, term
from tiangow.i18n import SEAT_NAMES, to_simplified
from tiangow.paigow import HandClass
from tiangow.readings import READINGS
from tiangow.rules import Natural
from tiangow.scoring import Finish, Reason
from tiangow.tiles import KINDS

ROOT = Path(__file__).resolve().parent.parent
JYUTPING = re.compile(r"^[a-z]+[1-6]( [a-z]+[1-6])*$")
PINYIN = re.compile(r"^[a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+( [a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+)*$")


@pytest.mark.slow  # the libraries loaded: the full run
def test_the_readings_are_what_the_libraries_give() -> None:
    pytest.importorskip("pycantonese")
    pytest.importorskip("pypinyin")
    from scripts import make_readings

    assert (ROOT / "tiangow" / "readings.py").read_text(encoding="utf-8") == make_readings.generate(), (
        "tiangow/readings.py is stale: run python scripts/make_readings.py")


def test_every_term_the_course_names_is_in_the_glossary() -> None:
    names = {t.name for t in KINDS} | {k.value for k in Kind} | {f.value for f in Finish}
    names |= {r.value for r in Reason} | {c.value for c in HandClass} | {n.value for n in Natural}
    names |= {zh for zh, _ in SEAT_NAMES} | {"莊家", "閒家", "墩", "棟", "打", "墊", "擒", "天九", "推牌九"}
    missing = sorted(n for n in names if n not in {t.zh for t in TERMS})
    assert missing == [], f"terms the course uses without a glossary entry: {missing}"


def test_every_term_has_readings_meanings_and_a_category() -> None:
    assert len({t.zh for t in TERMS}) == len(TERMS)
    for t in TERMS:
        syllables = len(t.zh)
        assert JYUTPING.match(t.jyutping) and len(t.jyutping.split()) == syllables, (t.zh, t.jyutping)
        assert PINYIN.match(t.pinyin) and len(t.pinyin.split()) == syllables, (t.zh, t.pinyin)
        assert t.category in CATEGORIES and t.meaning("en") and re.search(r"[\u4e00-\u9fff]", t.meaning.zh)
        assert term(t.zh) is t and term(to_simplified(t.zh)) is t


def test_hand_reviewed_readings_differ_from_the_libraries_and_say_why() -> None:
    assert set(REVIEWED) <= set(READINGS)
    for zh, (jyut, pin, why) in REVIEWED.items():
        lib_jyut, lib_pin = READINGS[zh]
        assert (jyut or lib_jyut, pin or lib_pin) != (lib_jyut, lib_pin), f"{zh}: the review changes nothing"
        assert why and term(zh).reviewed == why
        assert term(zh).jyutping == (jyut or lib_jyut) and term(zh).pinyin == (pin or lib_pin)
    # the game's own readings: 長三 is the long three, 么 the ace
    assert term("長三").jyutping.startswith("coeng4") and term("么").pinyin == "yāo"


def test_an_unknown_term_is_refused() -> None:
    for bad in ("麻將", "", None):
        with pytest.raises(UnknownTerm, match="glossary"):
            term(bad)  # type: ignore[arg-type]
    assert issubclass(UnknownTerm, ValueError)


def test_the_glossary_page_and_the_pages_term_data() -> None:
    from tiangow.widgets import LANGUAGE, GlossaryTable, IndexPage
    from tiangow.widgets.glossary import terms_data
    from tiangow.widgets.pagelang import PageLanguage

    data = terms_data()
    assert set(data) == {t.zh for t in TERMS}
    assert data["長三"] == {"s": "长三", "j": "coeng4 saam1", "p": "cháng sān", "m": "Long three, 3-3"}
    assert PageLanguage().terms == data
    view = GlossaryTable()
    try:
        for t in TERMS:
            assert f'data-term="{t.zh}"' in view.value and t.jyutping in view.value and t.pinyin in view.value
        LANGUAGE.lang = "zh-Hans"
        assert "<b>长三</b>" in view.value and "词" in view.value
        LANGUAGE.lang = "en"
        assert "Cantonese (Jyutping)" in view.value and "Long three, 3-3" in view.value
    finally:
        LANGUAGE.lang = "zh-Hant"
    index = IndexPage().index.value  # every new page is on the index
    assert 'href="rules.ipynb"' in index and 'href="glossary.ipynb"' in index


def test_a_terms_tiles_are_drawn_large_enough_to_count_their_pips() -> None:
    import re

    from tiangow.widgets import LANGUAGE
    from tiangow.widgets.glossary import GlossaryTable

    LANGUAGE.lang = "en"
    try:
        page = GlossaryTable()
    finally:
        LANGUAGE.lang = "zh-Hant"
    tiles = re.findall(r'<span class="tg-term-tiles">(.*?)</span>', page.value)
    widths = [float(w) for drawn in tiles for w in re.findall(r'<svg[^>]* width="([\d.]+)"', drawn)]
    assert len(widths) >= 21 and min(widths) >= 22
