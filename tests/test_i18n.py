"""Simplified Chinese is derived with tiangow's character pairs (tiangow/simplified.py), which
scripts/make_simplified.py generates from OpenCC; OpenCC checks whole texts too."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import nbformat
import opencc  # opencc-python-reimplemented, in the [test] extra: this test never skips

from tiangow import KINDS, all_combinations, seat_name, to_simplified
from tiangow.i18n import T

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u4e00-\u9fff]")


def chinese_literals() -> set[str]:
    out: set[str] = set()
    sources = [path.read_text(encoding="utf-8") for path in (ROOT / "tiangow").rglob("*.py")]
    for path in (ROOT / "lessons").glob("*.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                sources.append(cell.source)
            else:  # a passage's traditional text
                out.update(p for p in re.findall(r'lang="zh-Hant">(.*?)</div>', cell.source, re.S))
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CJK.search(node.value):
                out.add(node.value)
    for t in KINDS:
        out.update((t.name, *t.aliases))
    out.update(c.name for c in all_combinations())
    return out


def test_the_character_table_is_what_opencc_gives() -> None:
    spec = importlib.util.spec_from_file_location("make_simplified", ROOT / "scripts" / "make_simplified.py")
    assert spec and spec.loader
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    stored = (ROOT / "tiangow" / "simplified.py").read_text(encoding="utf-8")
    assert stored == make.render(make.pairs()), "stale: run python scripts/make_simplified.py"


def test_simplified_matches_opencc() -> None:
    """Character by character as OpenCC's t2s, then the reviewed mainland words."""
    from tiangow.i18n import MAINLAND_WORDS

    cc = opencc.OpenCC("t2s")
    texts = chinese_literals()
    assert len(texts) > 100
    wrong = {}
    for text in texts:
        ours, theirs = to_simplified(text), cc.convert(text)
        for hk, mainland in MAINLAND_WORDS:
            theirs = theirs.replace(hk, mainland)
        if ours != theirs:
            wrong[text] = (ours, theirs)
    assert wrong == {}


def test_three_languages() -> None:
    t = T("雙長三", "double Long three")
    assert (t("zh-Hant"), t("zh-Hans"), t("en")) == ("雙長三", "双长三", "double Long three")
    assert [seat_name(s, "zh-Hans") for s in range(4)] == ["东", "南", "西", "北"]


def test_simplified_pages_use_mainland_words_not_hong_kong_ones() -> None:
    """简 is for mainland readers: after the character table, the reviewed words (甚么 → 什么,
    机械人 → 机器人, 预设 → 默认 …) are replaced, in the kernel and by the page alike; each word
    listed is one the course uses, and none is left anywhere in its text converted to 简."""
    from scripts.make_simplified import texts
    from tiangow.i18n import MAINLAND_WORDS, to_simplified
    from tiangow.simplified import PAIRS

    table = {ord(p[0]): p[1] for p in PAIRS.split()}
    every = "\n".join(texts())
    by_characters = every.translate(table)
    for hk, mainland in MAINLAND_WORDS:
        assert hk in by_characters, f"{hk} is not in the course's text: drop it from the list"
        assert hk not in to_simplified(every) and mainland in to_simplified(every)
    assert to_simplified("甚麼是預設規則？規則機械人") == "什么是默认规则？规则机器人"
