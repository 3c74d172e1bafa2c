"""The built wheel: every module is in it, and a lesson runs from it, not from the source tree.

A wheel is built from the project, installed with its ``[ui]`` extra into a fresh virtual
environment, and a script run there (from an empty folder, so the source tree is not on
``sys.path``) imports every module of the package and executes lesson 01's cells, then
answers its drill through the quiz widget.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

# Run inside the fresh environment. argv[1]: the lesson notebook; prints one JSON line.
CHECK = textwrap.dedent('''
    import importlib, json, pkgutil, sys
    from pathlib import Path

    import tiangow

    source = Path(sys.argv[2]).resolve()
    here = Path(tiangow.__file__).resolve()
    assert source not in here.parents, f"tiangow imported from the source tree: {here}"
    names = sorted(m.name for m in pkgutil.walk_packages(tiangow.__path__, "tiangow."))
    # the app and the table service need the [app] extra (Voilà, Jupyter Server, Tornado, segno)
    app_only = {"tiangow.app", "tiangow.online.service", "tiangow.online.extension", "tiangow.online.client",
                "tiangow.online.__main__", "tiangow.online.http"}
    for name in names:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if name not in app_only or exc.name.split(".")[0] not in ("tornado", "jupyter_server", "voila", "segno"):
                raise

    cells = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))["cells"]
    scope = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), "lesson", "exec"), scope)
    page = scope["page"]
    quiz = page.quizzes[0]
    q = quiz.question
    if q.mode == "order":
        quiz.picker.set_state({"selected": [int(i) for i in q.answer.split(",")]})
        quiz._check_pick()
    elif q.pick_tiles:
        quiz.picker.set_state({"selected": [[c.key for c in q.choices].index(q.answer)]})
        quiz._check_pick()
    else:
        quiz.answer(q.answer)
    from tiangow import search
    print(json.dumps({"file": str(here), "modules": names, "done": quiz.done, "core": search.CORE,
                      "feedback": quiz.feedback.value, "score": quiz.drill.state()}))
''')


def test_built_wheel_installs_every_module_and_runs_a_lesson(tmp_path: Path) -> None:
    # Built from a clean copy: a stale build/ folder in the working tree would hide a missing package.
    src = tmp_path / "src"
    shutil.copytree(ROOT / "tiangow", src / "tiangow", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "share", src / "share")  # the lessons' Voilà template (a data file)
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(src), "-w", str(dist)],
                   check=True, timeout=300, cwd=tmp_path)
    (wheel,) = dist.glob("tiangow-*.whl")

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", f"{wheel}[ui]"], check=True, timeout=600,
                   cwd=tmp_path)

    script = tmp_path / "check.py"
    script.write_text(CHECK, encoding="utf-8")
    work = tmp_path / "empty"
    work.mkdir()
    out = subprocess.run([str(python), str(script), str(ROOT / "lessons" / "01_tiles.ipynb"), str(ROOT)],
                         capture_output=True, text=True, timeout=300, cwd=work, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])

    assert str(env_dir) in result["file"]
    # the lessons' Voilà template came with the wheel, as a data file in the environment
    assert (env_dir / "share" / "jupyter" / "voila" / "templates" / "tiangow" / "index.html.j2").is_file()
    # Every module of the source tree is in the wheel.
    expected = sorted(
        "tiangow." + ".".join(p.relative_to(ROOT / "tiangow").with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "tiangow").rglob("*.py") if p.name != "__init__.py" or p.parent != ROOT / "tiangow"
    )
    assert set(expected) <= set(result["modules"]), sorted(set(expected) - set(result["modules"]))
    assert {"tiangow.players", "tiangow.coach", "tiangow.drills", "tiangow.widgets", "tiangow.coach.hints"} <= set(result["modules"])
    # pip install built the search's compiled core (g++ and the Python headers are on every
    # machine here; elsewhere the package would install without it and run the pure twin).
    if os.environ.get("CI") == "true" or shutil.which("g++"):
        assert result["core"] == "compiled"
        assert "tiangow.ddcore" in result["modules"]
    # Lesson 01's drill, answered right, from the installed package.
    assert result["done"] is True
    assert "✓" in result["feedback"]


NO_COMPILER = textwrap.dedent('''
    import doctest, json, random, sys
    from tiangow import search
    from tiangow.players.positions import deal_until

    failed = doctest.testmod(search).failed
    values = []
    for seed in range(12):
        d = deal_until(random.Random(seed), 4)
        values.append(search.solve(d, d.to_play))
    print(json.dumps({"build": search.CORE_BUILD, "failed": failed, "values": values}))
''')


def test_an_install_without_a_compiler_searches_on_the_shipped_module(tmp_path: Path) -> None:
    """Where pip install cannot compile the extension (the compiler hidden), the package installs
    all the same and searches on the WebAssembly module it ships, run by wasmtime (a dependency):
    the search's own examples and seeded endings give the extension's values."""
    import random

    from tiangow import search
    from tiangow.players.positions import deal_until

    src = tmp_path / "src"
    shutil.copytree(ROOT / "tiangow", src / "tiangow", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "share", src / "share")
    dist = tmp_path / "dist"
    hidden = {**os.environ, "CC": "/bin/false", "CXX": "/bin/false"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(src), "-w", str(dist)],
                   check=True, timeout=300, cwd=tmp_path, env=hidden)
    (wheel,) = dist.glob("tiangow-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=600, cwd=tmp_path)
    work = tmp_path / "empty"
    work.mkdir()
    script = tmp_path / "check.py"
    script.write_text(NO_COMPILER, encoding="utf-8")
    out = subprocess.run([str(python), str(script)], capture_output=True, text=True, timeout=300, cwd=work,
                         check=False, env={k: v for k, v in os.environ.items() if not k.startswith("TIANGOW_")})
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["build"] == "wasm" and result["failed"] == 0
    here = []
    for seed in range(12):
        d = deal_until(random.Random(seed), 4)
        here.append(search.solve(d, d.to_play))
    assert result["values"] == here
