"""Binder: the runtime, the pinned requirements, and the Dockerfile repo2docker would build."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def requirements() -> list[str]:
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_runtime_and_pinned_working_set() -> None:
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    reqs = requirements()
    for pin in ("voila==0.5.13", "ipywidgets==8.1.9", "jupyterlab==4.6.6", "notebook==7.6.5", "jupyter_server>=2.21"):
        assert pin in reqs
    assert "-e ." in reqs
    # The same pins as the project's [app] extra.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    app = set(project["optional-dependencies"]["app"]) | set(project["optional-dependencies"]["ui"])
    for pin in reqs:
        if pin != "-e .":
            assert pin in app, f"{pin} differs from pyproject's [app] extra"


def test_readme_badge_opens_the_index_in_voila() -> None:
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\[!\[Binder\]\(https://mybinder\.org/badge_logo\.svg\)\]\((https://mybinder\.org/v2/[^)]+)\)", readme)
    assert badge, "the README has no Binder badge"
    assert badge.group(1).endswith("?urlpath=voila%2Frender%2Flessons%2Findex.ipynb")


def test_repo2docker_dockerfile_installs_the_requirements() -> None:
    exe = shutil.which("repo2docker") or str(Path(sys.executable).parent / "repo2docker")
    if not Path(exe).exists():
        pytest.skip("jupyter-repo2docker is not installed (it is in the [test] extra)")
    out = subprocess.run([exe, "--no-build", "--debug", "."], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    dockerfile = out.stdout
    # The base environment is repo2docker's lock file for Python 3.11 (names escaped: . → -2e).
    assert "environment.py-3.11" in dockerfile.replace("-2e", ".").replace("-2d", "-")
    assert re.search(r'pip install --no-cache-dir -r "binder/requirements\.txt"', dockerfile)
    # "-e ." needs the repository: the install must come after it is copied in.
    assert dockerfile.index("COPY --chown") < dockerfile.rindex("binder/requirements.txt")
    assert dockerfile.index("${REPO_DIR}/\n") < dockerfile.index('-r "binder/requirements.txt"')
