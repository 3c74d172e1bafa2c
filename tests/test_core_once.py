"""Each algorithm of the search's compiled core is written once in the package (issue 69 §2):
the core's entry points each have their statement in Python under ``tests/reference/`` — the
oracle the core is held to — and none of those statements has a twin in ``tiangow/``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "tests" / "reference"

ORACLES = {
    "solve": "search_v1.py",      # the search, Goal by Goal (tests/test_search_reference.py)
    "bounds": "bounds.py",        # net_floor, net_ceiling, win_bound (tests/test_search_bounds.py)
    "rule": "rule.py",            # the rule-based player (tests/test_rule_core.py)
    "discards": "rule.py",        # its lowest discards by keep-value (tests/test_rule_core.py)
    "line": "search_v1.py",       # a line of best play, the rule-based step preferred (tests/test_rule_core.py)
    "playout": "playouts.py",     # the search bot's playouts (tests/test_playout_core.py)
}
"""The core's entry points (a search context's methods) and the oracle each is held to."""

SHARED = {
    # the public API the oracles mirror by name, answered in the package by the core
    "Goal", "SearchStats", "solve", "step_values", "solve_moves", "forced_win", "winning_moves", "best_defence",
    "can_win",
    # small helpers of the same name and another job in the package (reading a position, following a line)
    "_state", "_window", "_tiles", "_end_of_hand", "_follow", "_strength",
    "_search",  # tiangow.coach.ahead: a job driving the core's range search
}
"""Names an oracle shares with the package without being its twin (the reason beside each)."""


def _core_entry_points() -> set[str]:
    source = (ROOT / "tiangow" / "core" / "python.cpp").read_text(encoding="utf-8")
    table = source[source.index("PyMethodDef Context_methods[]"):]
    table = table[:table.index("{nullptr")]
    return set(re.findall(r'\{"(\w+)", \(PyCFunction\)', table))


def _defined(path: Path, methods: bool = True) -> set[str]:
    """The functions and classes a module defines, and (``methods``) its classes' methods — not
    the functions nested in them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        if methods and isinstance(node, ast.ClassDef):
            names |= {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return names


def test_every_entry_point_of_the_core_has_its_oracle() -> None:
    assert _core_entry_points() == set(ORACLES)
    for oracle in ORACLES.values():
        assert (REFERENCE / oracle).is_file(), oracle


def test_no_oracle_has_a_twin_in_the_package() -> None:
    statements: dict[str, str] = {"_ending": "playouts.py"}  # (the playouts' statement, a method)
    for oracle in set(ORACLES.values()) | {"symmetry.py"}:
        for name in _defined(REFERENCE / oracle, methods=False) - SHARED:
            if not name.startswith("__"):
                statements[name] = oracle
    for path in sorted((ROOT / "tiangow").rglob("*.py")):
        twins = sorted(n for n in _defined(path) if n in statements)
        assert not twins, f"{path.relative_to(ROOT)} states again {[(n, statements[n]) for n in twins]}"


def test_the_check_finds_a_twin(tmp_path: Path) -> None:
    twin = tmp_path / "twin.py"
    twin.write_text("def python_rule_move(pos):\n    return None\n", encoding="utf-8")
    assert "python_rule_move" in _defined(twin) and "python_rule_move" in _defined(REFERENCE / "rule.py")
