"""Simplified Chinese is derived by tiangow's own character map; OpenCC checks it misses nothing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tiangow import KINDS, all_combinations, seat_name, to_simplified
from tiangow.i18n import T

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u4e00-\u9fff]")


def chinese_literals() -> set[str]:
    out: set[str] = set()
    files = [*(ROOT / "tiangow").rglob("*.py"), ROOT / "scripts" / "build_lessons.py"]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CJK.search(node.value):
                out.add(node.value)
    for t in KINDS:
        out.update((t.name, *t.aliases))
    out.update(c.name for c in all_combinations())
    return out


def test_simplified_matches_opencc() -> None:
    opencc = pytest.importorskip("opencc", reason="opencc-python-reimplemented is in the [test] extra")
    cc = opencc.OpenCC("t2s")
    texts = chinese_literals()
    assert len(texts) > 100
    wrong = {}
    for text in texts:
        ours, theirs = to_simplified(text), cc.convert(text)
        if ours != theirs:
            wrong[text] = (ours, theirs)
    assert wrong == {}


def test_three_languages() -> None:
    t = T("雙長三", "double Long three")
    assert (t("zh-Hant"), t("zh-Hans"), t("en")) == ("雙長三", "双长三", "double Long three")
    assert [seat_name(s, "zh-Hans") for s in range(4)] == ["东", "南", "西", "北"]
