"""The documentation: the API reference builds from the docstrings with warnings as errors, and
every relative link in the README and docs/ leads to a file that exists."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_api_reference_builds_without_a_warning(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="Sphinx is in the [test] extra")
    out = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(ROOT / "docs" / "api"),
                          str(tmp_path / "api")], capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    engine = (tmp_path / "api" / "engine.html").read_text(encoding="utf-8")
    for name in ("tiangow.deal.Deal", "tiangow.scoring.settle", "tiangow.combos.classify"):
        assert f'id="{name}"' in engine, name


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        path = (page.parent / target.split("#", 1)[0]).resolve()
        assert path.exists(), f"{page.name} links to {target}, which does not exist"


def test_the_readme_is_for_people_arriving() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode()) <= 15_000, "the README stays short: figures and designs belong in docs/"
    assert readme.count("<!-- test-command -->") == 1 and readme.count("<!-- /test-command -->") == 1


def test_the_policy_table_lists_every_knob_with_its_value() -> None:
    """Issue 69 §1: docs/policy.md's table is the policy's, knob for knob: its value and whether
    it changes what is played or advised (and so the policy's version)."""
    import dataclasses

    from tiangow.policy import POLICY

    text = (ROOT / "docs" / "policy.md").read_text(encoding="utf-8")
    rows = {m[1]: (m[2], m[3]) for m in re.finditer(r"^\| `(\w+)` \| ([^|]+?) \| (yes|no) \|", text, re.M)}
    fields = {f.name: (str(getattr(POLICY, f.name)), "yes" if f.metadata["plays"] else "no")
              for f in dataclasses.fields(POLICY)}
    assert rows == fields
