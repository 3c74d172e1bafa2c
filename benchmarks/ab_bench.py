"""Before/after figures in one run: this checkout against a git ref, interleaved.

    python -m benchmarks.ab_bench [--base HEAD~1] [--rounds 7]

The base is checked out in a temporary git worktree. Each round runs every figure once for
the base and once for this checkout (in fresh processes, the order alternating), so load on
the machine hits both alike; medians and the ratio after/before are printed, after whether
the search visited the same positions in both (30 seeded positions at 4 tiles a hand, 30 at 6,
60 whole hands: each one's count):

- hands/s through the public API (``benchmarks.engine.play_random_hand``, 2,000 seeded hands);
- the exact solve with 4 tiles in each hand (median ms over 30 seeded positions);
- the hint latency of lesson 08's coach (median and p95 over every turn of 6 seeded hands);
- 60 seeded whole hands solved for the seat to act (at most 5 million positions each);
- the puzzles' generator (``scripts/make_puzzles.generate``, seconds for 200 puzzles).

The base's compiled core is built in its worktree from its own source (``tiangow/core/python.cpp``,
or ``tiangow/ddcore.cpp`` before the core was split; without it, the editable install would hand
the base this checkout's extension).

Timings on a shared virtual machine vary by ±20% from run to run even interleaved, so
``--instructions`` counts instead, with valgrind's callgrind (slow, about ×50, but the same
count every run): instructions per hand through the public API and per exact 4-tile solve,
the cost of the imports subtracted.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIGURES = {
    "hands/s (public API)": """
import random, time
try:
    from benchmarks.engine import play_random_hand
except ImportError:  # a base from before benchmarks/
    from tiangow.bench import play_random_hand
rng = random.Random(1); t = time.perf_counter()
for _ in range(2000): play_random_hand(rng)
print(2000 / (time.perf_counter() - t))
""",
    "exact solve, 4 tiles each (median ms)": """
import statistics
try:
    from benchmarks.search import solve_times
except ImportError:  # a base from before benchmarks/
    from tiangow.bots.bench import solve_times
print(1000 * statistics.median(solve_times(4, 30)[0]))
""",
    "hint latency (median ms)": """
import statistics
try:
    from benchmarks.search import hint_latencies
except ImportError:  # a base from before benchmarks/
    from tiangow.bots.bench import hint_latencies
print(1000 * statistics.median(hint_latencies(hands=6)))
""",
    "hint latency (p95 ms)": """
try:
    from benchmarks.search import hint_latencies
except ImportError:  # a base from before benchmarks/
    from tiangow.bots.bench import hint_latencies
lat = sorted(hint_latencies(hands=6))
print(1000 * lat[min(len(lat) - 1, int(0.95 * len(lat)))])
""",
    "whole hands, 60 seeded (s)": """
import time
from benchmarks.search import whole_hands
t = time.perf_counter(); whole_hands(60, max_nodes=5_000_000)
print(time.perf_counter() - t)
""",
    "puzzle generator, 200 puzzles (s)": """
import time
from scripts.make_puzzles import generate
t = time.perf_counter(); generate(200)
print(time.perf_counter() - t)
""",
}

BUILD_CORE = """
import sys
from setuptools import Extension, setup
base, source = sys.argv[1], sys.argv[2]
setup(name="tiangow-base-core",
      script_args=["-q", "build_ext", "--build-lib", base, "--build-temp", base + "/build-temp"],
      ext_modules=[Extension("tiangow.ddcore", [source], language="c++",
                             extra_compile_args=["-O2", "-std=c++17"])])
"""


# The positions each search visits, before and after: a change meant to keep the search as it was
# (a refactor) must visit the same positions, in the same number, on every one of them.
SAME = """
from benchmarks.search import solve_times, whole_hands
_, hands, _, gave_up = whole_hands(60, max_nodes=5_000_000)
print(solve_times(4, 30)[1], solve_times(6, 30)[1], hands, gave_up)
"""


def visited(tree: Path) -> str:
    out = subprocess.run([sys.executable, "-c", SAME], cwd=tree, env={"PYTHONPATH": str(tree), "PATH": ""},
                         capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


# Instruction counts: the work of ``n`` units, run with n and with 0 (imports only).
INSTRUCTIONS = {
    "instructions per hand (public API)": ("""
import random, sys
try:
    from benchmarks.engine import play_random_hand
except ImportError:  # a base from before benchmarks/
    from tiangow.bench import play_random_hand
rng = random.Random(1)
for _ in range(int(sys.argv[1])): play_random_hand(rng)
""", 200),
    "instructions per exact solve, 4 tiles each": ("""
import random, sys
try:
    from benchmarks.search import solve_times
except ImportError:  # a base from before benchmarks/
    from tiangow.bots.bench import solve_times
if int(sys.argv[1]): solve_times(4, int(sys.argv[1]))
else: import tiangow.drills.tricks
""", 8),
}


def instructions(tree: Path, code: str, n: int) -> int:
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code,
                          str(n)], cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    assert found, out.stderr[-2000:]
    return int(found.group(1))


def per_unit(tree: Path, code: str, n: int) -> float:
    figure(tree, "import tiangow.drills.tricks, tiangow.search; print(0)")  # bytecode written
    return (instructions(tree, code, n) - instructions(tree, code, 0)) / n


def build_core(tree: Path) -> None:
    """The compiled core of the checkout at ``tree``, built in place from its own source (the
    same flags as setup.py; from a directory without a pyproject.toml, which older setuptools
    would read)."""
    for source in (tree / "tiangow" / "core" / "python.cpp", tree / "tiangow" / "ddcore.cpp"):
        if source.is_file():
            with tempfile.TemporaryDirectory() as cwd:
                subprocess.run([sys.executable, "-c", BUILD_CORE, str(tree), str(source)], cwd=cwd, check=True,
                               stdout=subprocess.DEVNULL)
            return


def figure(tree: Path, code: str) -> float:
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env={"PYTHONPATH": str(tree), "PATH": ""},
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD~1", help="the git ref to compare with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", help="run only the figures whose name contains this")
    parser.add_argument("--instructions", action="store_true", help="count instructions (callgrind) instead of timing")
    args = parser.parse_args()
    figures = {k: v for k, v in FIGURES.items() if not args.only or args.only in k}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True)
        try:
            build_core(base)
            same = visited(base) == visited(ROOT)
            print(f"positions searched (30 at 4 tiles, 30 at 6, 60 whole hands): "
                  f"{'the same before and after' if same else 'DIFFERENT before and after'}")
            if args.instructions:
                print(f"before: {args.base}   after: this checkout   (instructions, callgrind)")
                for name, (code, n) in INSTRUCTIONS.items():
                    if args.only and args.only not in name:
                        continue
                    b, a = per_unit(base, code, n), per_unit(ROOT, code, n)
                    print(f"  {name:45} before {b:13,.0f}   after {a:13,.0f}   after/before ×{a / b:.3f}")
                return
            results: dict[str, dict[str, list[float]]] = {k: {"before": [], "after": []} for k in figures}
            for r in range(args.rounds):
                for name, code in figures.items():
                    order = (("before", base), ("after", ROOT)) if r % 2 == 0 else (("after", ROOT), ("before", base))
                    for label, tree in order:
                        results[name][label].append(figure(tree, code))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=True)
    print(f"before: {args.base}   after: this checkout   ({args.rounds} rounds, interleaved)")
    for name, got in results.items():
        b, a = statistics.median(got["before"]), statistics.median(got["after"])
        print(f"  {name:40} before {b:9.1f}   after {a:9.1f}   after/before ×{a / b:.2f}")
    print(json.dumps({k: {s: statistics.median(v) for s, v in got.items()} for k, got in results.items()}))


if __name__ == "__main__":
    main()
