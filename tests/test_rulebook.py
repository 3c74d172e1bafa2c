"""The rules a click away (issue 25, point 1): every rule id the course cites has an entry in
the rules reference, in both languages, at its own anchor, and the page links it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tiangow.i18n import LANGS
from tiangow.rulebook import RULE_ID, RULES, UnknownRule, rule
from tiangow.widgets import LessonPage, RulesReference
from tiangow.widgets.pagelang import PageLanguage
from tiangow.widgets.rules import rules_data

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u4e00-\u9fff]")


def cited() -> set[str]:
    """Every rule id written in the package's text and the lessons."""
    found: set[str] = set()
    for path in [*(ROOT / "tiangow").rglob("*.py"), *(ROOT / "lessons").glob("*.ipynb")]:
        text = path.read_text(encoding="utf-8").replace("\\\\$", "$").replace("\\$", "$")
        found |= set(RULE_ID.findall(re.sub(r"rule-R-\w+", "", text)))  # (anchors are not citations)
    return found


def test_every_rule_id_cited_anywhere_has_an_entry() -> None:
    ids = cited()
    assert {"R-W2", "R-$10", "R-C1", "§6", "§11"} <= ids
    missing = sorted(i for i in ids if _missing(i))
    assert missing == [], f"cited but not in the rules reference: {missing}"


def _missing(rid: str) -> bool:
    try:
        rule(rid)
    except UnknownRule:
        return True
    return False


def test_the_reference_has_every_rule_of_docs_rules_md_in_both_languages() -> None:
    doc = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    in_doc = set(re.findall(r"R-[A-Z$]+\d+", doc))
    assert len(in_doc) == 30 and in_doc == {r.id for r in RULES if r.id.startswith("R-")}
    anchors = [r.anchor for r in RULES]
    assert len(set(anchors)) == len(anchors) and all(re.fullmatch(r"rule-[A-Za-z0-9-]+", a) for a in anchors)
    for r in RULES:
        assert CJK.search(r.title.zh) and CJK.search(r.text.zh), r.id
        assert r.title.en and r.text.en and not CJK.search(r.title.en), r.id
        assert rule(r.section).id == r.section


def test_a_rule_id_is_read_as_written_and_refused_when_unknown() -> None:
    assert rule("RULES §6").id == "§6" and rule("§6.1").id == "§6" and rule(" R-$10 ").id == "R-$10"
    for bad in ("R-Z9", "§99", "", 5):
        with pytest.raises(UnknownRule, match="rule"):
            rule(bad)  # type: ignore[arg-type]
    assert issubclass(UnknownRule, ValueError)


def test_the_rules_page_and_the_pages_data() -> None:
    view = RulesReference()
    for r in RULES:
        assert f'id="{r.anchor}"' in view.value
    data = rules_data()
    assert set(data) == {r.id for r in RULES}
    for rid, entry in data.items():
        assert entry["anchor"] == rule(rid).anchor and all(rid in entry[lang] for lang in LANGS)
    assert "<b>beats</b>" in data["R-P3"]["en"]  # **bold** in the text is drawn bold
    lang = PageLanguage()
    assert lang.rules == data and lang.rules_href == "rules.ipynb"
    header = LessonPage("04_tricks").header()
    assert 'href="rules.ipynb"' in header.children[0].value  # every lesson links the rules page
