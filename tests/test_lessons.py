"""The lesson notebooks are the source: an author edits them in Jupyter. Each opens with a note
for readers of the notebook (hidden in the app); its prose is in markdown cells with every
passage in traditional Chinese and English side by side; its code only arranges widgets."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from tests.helpers import passages
from tiangow.drills.catalog import LESSONS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "lessons").glob("*.ipynb"))
CJK = re.compile(r"[\u4e00-\u9fff]")
BINDER = "https://mybinder.org/v2/gh/tiangow/tiangow/HEAD?urlpath=voila%2Frender%2Flessons%2F"


def check_notebook(nb: Any, name: str) -> None:
    """What every lesson notebook must be, however an author saved it."""
    note, *cells = nb.cells
    assert note.cell_type == "markdown" and "notebook-only" in note.metadata.get("tags", [])
    assert note.metadata.get("transient", {}).get("remove_source") is True, "the note is hidden in the app"
    assert BINDER + name in note.source and f"/voila/render/lessons/{name}" in note.source
    for cell in cells:
        if cell.cell_type == "markdown":
            found = passages(cell)
            assert [lang for lang, _ in found] == ["zh-Hant", "en"], f"{name}: a passage in both languages"
            (_, zh_text), (_, en_text) = found
            assert CJK.search(zh_text) and en_text.strip(), f"{name}: {zh_text[:40]!r} / {en_text[:40]!r}"
            # A "$" that is not escaped starts maths in JupyterLab (rule ids are R-$1 …).
            assert not re.search(r"(?<!\\)\$", cell.source), f"{name}: write \\$ in {cell.source[:60]!r}"
        elif cell.cell_type == "code":
            tree = ast.parse(cell.source)
            branches = [n for n in ast.walk(tree) if isinstance(n, (ast.If, ast.IfExp, ast.While, ast.Match))]
            assert branches == [], f"{name}: a lesson arranges widgets; an `if` belongs in tiangow"
            for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
                if isinstance(call.func, ast.Name) and call.func.id == "T" and len(call.args) == 2:
                    zh_arg, en_arg = call.args
                    if isinstance(zh_arg, ast.Constant) and isinstance(en_arg, ast.Constant):
                        assert CJK.search(zh_arg.value) and en_arg.value.strip(), ast.unparse(call)
        else:
            raise AssertionError(f"{name}: a {cell.cell_type} cell")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_opens_with_a_note_and_pairs_every_passage(path: Path) -> None:
    # every cell has its id (nbformat 4.5), as saved: Voilà and nbformat warn on each load otherwise
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert all("id" in cell for cell in raw["cells"]), f"{path.name}: a cell without an id"
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    check_notebook(nb, path.name)
    assert sum(c.cell_type == "markdown" for c in nb.cells) >= 2, "a lesson has prose"


def test_a_notebook_saved_from_jupyter_still_passes(tmp_path: Path) -> None:
    """Run a lesson as Jupyter does (outputs, execution counts, widget state saved) and check it
    again: an author's save does not fail the suite."""
    path = ROOT / "lessons" / "index.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=True).execute()
    assert any(c.get("outputs") for c in nb.cells if c.cell_type == "code")
    saved = tmp_path / "index.ipynb"
    nbformat.write(nb, saved)
    check_notebook(nbformat.read(saved, as_version=4), "index.ipynb")


def test_every_catalogued_lesson_has_a_notebook_and_the_index_lists_them() -> None:
    for info in LESSONS:
        assert (ROOT / "lessons" / info.notebook).exists(), info.notebook
    assert (ROOT / "lessons" / "index.ipynb").exists()
    assert not (ROOT / "scripts" / "build_lessons.py").exists(), "the notebooks are the source"
