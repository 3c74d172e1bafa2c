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


@pytest.mark.slow  # (issue 69 §6: the full run builds it)
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


NOT_MODULES = {"tiangow.conf", "tiangow.example.org", "tiangow.service"}
"""Names in the docs that look like the package's but are not: nginx's and systemd's files, a host."""
FILE_SUFFIXES = {"py", "ipynb", "js", "css", "json", "md", "cpp", "h", "wasm", "toml", "txt"}


def _package_modules() -> list[str]:
    mods = []
    for path in sorted((ROOT / "tiangow").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods.append(".".join(parts))
    return mods


def _resolves(dotted: str) -> bool:
    import importlib

    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for name in parts[i:]:
            if not hasattr(obj, name):
                try:  # a submodule not imported by its package
                    obj = importlib.import_module(f"{getattr(obj, '__name__', '')}.{name}")
                except ModuleNotFoundError:
                    return False
            else:
                obj = getattr(obj, name)
        return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_module_and_name_a_doc_gives_exists(page: Path) -> None:
    """Issue 69 §5: a doc that names ``tiangow.x.y``, ``hints.net_text`` (a module by its last
    name, then a name in it) or a file of the repository names something that is there."""
    text = page.read_text(encoding="utf-8")
    short: dict[str, list[str]] = {}
    for mod in _package_modules():
        short.setdefault(mod.rsplit(".", 1)[-1], []).append(mod)
    missing = [m for m in re.findall(r"\btiangow(?:\.[A-Za-z_]\w*)+", text)
               if m not in NOT_MODULES and not _resolves(m)]
    for mod, name in re.findall(r"`(?:[\w.]*\.)?([a-z_]\w*)\.([A-Za-z_]\w*)", text):
        if (mod in short and mod != "tiangow" and name not in FILE_SUFFIXES
                and not any(_resolves(f"{full}.{name}") for full in short[mod])):
            missing.append(f"{mod}.{name}")
    files = r"\b(?:tiangow|tests|benchmarks|scripts|lessons|docs)/[\w/.-]*\w\.(?:py|cpp|h|js|css|json|ipynb|md|wasm)\b"
    for path in re.findall(files, text):
        if not (ROOT / path).exists():
            missing.append(path)
    assert not missing, f"{page.name} names what is not there: {sorted(set(missing))}"


def test_the_api_reference_covers_the_package() -> None:
    """Issue 69 §5: every module of the package has its place in the API reference (the
    command-line entry ``tiangow.online.__main__`` aside)."""
    documented = set()
    for rst in (ROOT / "docs" / "api").glob("*.rst"):
        documented |= set(re.findall(r"^\.\. automodule:: ([\w.]+)", rst.read_text(encoding="utf-8"), re.M))
    assert set(_package_modules()) - documented == {"tiangow.online.__main__"}


def test_the_docs_index_maps_every_page() -> None:
    """Issue 69 §5: docs/index.md links every page of docs/, and the README links the index."""
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    linked = set(LINK.findall(index))
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"index.md"}
    assert pages <= linked, sorted(pages - linked)
    assert "docs/index.md" in (ROOT / "README.md").read_text(encoding="utf-8")
