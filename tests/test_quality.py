"""The package type-checks under mypy --strict and passes ruff (run as part of the suite)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)


def test_mypy_strict() -> None:
    out = run("mypy", "--strict", "tiangow")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff() -> None:
    out = run("ruff", "check", "tiangow", "tests", "scripts")
    assert out.returncode == 0, out.stdout + out.stderr
