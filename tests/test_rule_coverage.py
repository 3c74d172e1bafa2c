"""Every rule id of RULES.md has a test named with it (R-C1 → test_R_C1_…, R-$10 → test_R_D10_…)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
SHARED = ROOT.parent / "shared" / "RULES.md"


def rule_ids() -> list[str]:
    return sorted(set(re.findall(r"R-[A-Z$]+\d+", RULES.read_text(encoding="utf-8"))))


def token(rule_id: str) -> str:
    """The form a rule id takes in a test name: R-C1 → R_C1, R-$10 → R_D10 (D for $)."""
    return rule_id.replace("-", "_").replace("$", "D")


def collected_test_names() -> list[str]:
    names = []
    for path in (ROOT / "tests").glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names += [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]
    return names


def test_every_rule_id_has_a_test_named_with_it() -> None:
    ids = rule_ids()
    assert len(ids) == 30
    names = collected_test_names()
    missing = [
        rid for rid in ids
        if not any(re.search(rf"(^|_){re.escape(token(rid))}(_|$)", n) for n in names)
    ]
    assert missing == []


def test_vendored_rules_match_the_shared_reference() -> None:
    if not SHARED.exists():
        pytest.skip(f"{SHARED} is not present (a clean clone): nothing to compare docs/RULES.md with")
    assert RULES.read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8"), (
        "docs/RULES.md differs from ../shared/RULES.md: copy the shared reference in again"
    )
