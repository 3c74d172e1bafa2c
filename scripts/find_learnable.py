"""Find the deals to learn from (``tiangow.drills.session.LEARNABLE``): first hands in which the
coach, playing the learner's every action from a seat, wins the hand against lesson 08's bots —
with the extension's budgets, and then (only the deals won so) in a process on the WebAssembly
core at the browser's share of the budgets, as the static site plays them. Prints the dict to
paste, and how many deals of each seat were tried and won each way.

    python scripts/find_learnable.py [--seeds 130] [--jobs 2] [--want 8]

Run it again after any change to the search, the coach or the bots: ``tests/test_review.py``
plays the last three deals of each seat both ways.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def coach_wins(seat: int, seed: int) -> bool:
    """Whether the coach, playing every action of ``seat`` in the first hand ``seed`` of a
    session (lesson 08's bots in the other seats), wins the hand — on the core and budgets
    this process has."""
    from tiangow.drills.session import Session

    s = Session(seat=seat, seed=seed)
    while not s.is_over:
        if s.learner_to_act:
            assert s.act(s.hint().recommended).ok
        else:
            s.bot_step()
    return s.deal.winner == seat


_PLAY = """
import sys
from tiangow import search
from scripts.find_learnable import coach_wins
if sys.argv[1] != "1":
    search._ddcore.BUDGET_SHARE = float(sys.argv[1])
won = [item for item in sys.argv[2:] if coach_wins(*map(int, item.split(":")))]
print(search.CORE_BUILD, *won)
"""


def _won(items: list[str], browser: bool) -> tuple[str, list[str]]:
    """Of ``items`` ("seat:seed"), those the coach wins, played in a process of their own."""
    env = {k: v for k, v in os.environ.items() if k != "TIANGOW_CORE"}
    share = "1"
    if browser:
        env["TIANGOW_CORE"] = "wasm"
        share = "0.5"  # tiangow.wasmcore.Core.BUDGET_SHARE
    out = subprocess.run([sys.executable, "-c", _PLAY, share, *items], check=True, env=env, cwd=ROOT,
                         capture_output=True, text=True).stdout.split()
    return out[0], out[1:]


def _split(items: list[str], parts: int) -> list[list[str]]:
    return [items[i::parts] for i in range(parts) if items[i::parts]]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python scripts/find_learnable.py", description=__doc__.split("\n")[0])
    p.add_argument("--seeds", type=int, default=130, help="deal seeds 0 … N-1 tried for each seat")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--want", type=int, default=8, help="deals kept per seat at most (the first found)")
    a = p.parse_args(argv)
    start = time.perf_counter()
    items = [f"{seat}:{seed}" for seed in range(a.seeds) for seat in range(4)]
    with ProcessPoolExecutor(a.jobs) as pool:
        server = [x for build, won in pool.map(_won, _split(items, 4 * a.jobs), [False] * (4 * a.jobs))
                  for x in won]
        both = [x for build, won in pool.map(_won, _split(server, a.jobs), [True] * a.jobs) for x in won]
    found: dict[int, list[int]] = {seat: [] for seat in range(4)}
    for item in both:
        seat, seed = map(int, item.split(":"))
        found[seat].append(seed)
    for seat in range(4):
        on_server = sum(1 for x in server if x.startswith(f"{seat}:"))
        print(f"# seat {seat}: {a.seeds} deals tried, {on_server} won with the extension's budgets, "
              f"{len(found[seat])} of them in the browser's way too")
    print(f"# {time.perf_counter() - start:.0f} s")
    from tiangow.policy import POLICY

    print("LEARNABLE: dict[int, tuple[int, ...]] = {")
    for seat in range(4):
        print(f"    {seat}: {tuple(sorted(found[seat])[:a.want])},")
    print("}")
    print(f'LEARNABLE_POLICY = "{POLICY.version}"')
    return 0


if __name__ == "__main__":
    sys.exit(main())
