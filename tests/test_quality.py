"""The package and the benchmarks type-check under mypy --strict and pass ruff (run as part of the suite)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)


def test_mypy_strict() -> None:
    out = run("mypy", "--strict", "tiangow", "benchmarks")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff() -> None:
    out = run("ruff", "check", "tiangow", "tests", "scripts", "benchmarks")
    assert out.returncode == 0, out.stdout + out.stderr


def _imports(top_level_only: bool) -> dict[str, set[str]]:
    """Each tiangow module's imports of other tiangow modules: at module level only (not inside
    functions, not under ``if TYPE_CHECKING``), or every one."""
    import ast

    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tiangow").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        name = ".".join(parts)
        package = parts if is_pkg else parts[:-1]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = tree.body if top_level_only else list(ast.walk(tree))
        found: set[str] = set()
        for node in nodes:
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
                if not mod.startswith("tiangow"):
                    continue
                for alias in node.names:
                    sub = f"{mod}.{alias.name}"
                    found.add(sub if (ROOT / (sub.replace(".", "/") + ".py")).exists() else mod)
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("tiangow")}
        graph[name] = found - {name}
    return graph


def test_no_module_imports_another_modules_private_names() -> None:
    import ast

    bad = []
    for path in sorted((ROOT / "tiangow").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                bad += [f"{path.relative_to(ROOT)}: {node.module}.{a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
    assert not bad, bad


def test_no_import_loop_between_modules() -> None:
    """Module-level imports form no loop (a lazy import inside a function, such as ``svg`` for
    ``_repr_svg_``, is not one), and the course layer is not imported by the rules or the bots (the
    table service, which draws the table for each page, is part of the course layer)."""
    graph = _imports(top_level_only=True)
    state: dict[str, int] = {}
    loops: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                loops.append([*path[path.index(nxt):], nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for mod in sorted(graph):
        if mod not in state:
            visit(mod, [mod])
    assert not loops, loops
    every = _imports(top_level_only=False)
    for mod, deps in every.items():
        if not mod.startswith(("tiangow.drills", "tiangow.widgets", "tiangow.online")):
            assert not {d for d in deps if d.startswith(("tiangow.drills", "tiangow.widgets"))}, mod


def test_the_search_and_the_rules_never_reach_up_to_the_players() -> None:
    """Issue 69 §3: the search, its core's glue and the policy sit below the players and the
    coach — no import of ``tiangow.players`` or ``tiangow.coach``, not even a lazy one (the
    ``search`` ↔ ``rule`` loop is broken)."""
    every = _imports(top_level_only=False)
    low = ("tiangow.search", "tiangow.state", "tiangow.packed", "tiangow.coreabi", "tiangow.wasmcore",
           "tiangow.policy", "tiangow.tiles", "tiangow.combos", "tiangow.deal", "tiangow.rules", "tiangow.scoring")
    for mod in low:
        assert not {d for d in every.get(mod, ()) if d.startswith(("tiangow.players", "tiangow.coach"))}, mod
    assert not {d for d in every.get("tiangow.policy", ()) if d.startswith("tiangow.")}  # the standard library only

