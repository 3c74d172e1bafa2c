"""How fast the coach and the exact search are on this machine: ``python -m tiangow.bots.bench``.

Prints, for positions taken from seeded hands played by the rule-based bots:

- **hint latency** — :meth:`tiangow.bots.Coach.hint` as lesson 08 calls it (a fresh coach
  each time, so nothing is cached): median, 95th percentile and maximum;
- **exact solves** — :func:`tiangow.search.solve` of positions with 4 tiles in each hand
  (and 3, for reference): median, 95th percentile, maximum, nodes searched;
- **baseline** — the same 3-tile positions solved by a plain minimax over copies of the
  :class:`tiangow.Deal` (no pruning, no table), run in the same process: the ratio says what
  the compact position, alpha-beta and the transposition table buy.

Figures, not pass/fail: these machines are noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from ..deal import Deal
from ..move import Move
from ..search import SearchStats, solve
from .hints import Coach
from .positions import deal_until
from .rule import RuleBot

__all__ = ["hint_latencies", "solve_times", "main"]


def _pct(xs: Sequence[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def hint_latencies(hands: int = 10, seed: int = 0, samples: int = 32) -> list[float]:
    """Seconds per hint for every turn of seat 0 in ``hands`` seeded hands."""
    out = []
    rng = random.Random(seed)
    for _ in range(hands):
        d = Deal.random(rng, banker=rng.randrange(4))
        bot = RuleBot()
        while not d.is_over:
            seat = d.to_play
            assert seat is not None
            view = d.view(seat)
            if seat == 0:
                coach = Coach(seed=rng.randrange(10**6), samples=samples)
                t = time.perf_counter()
                h = coach.hint(view)
                out.append(time.perf_counter() - t)
                d.push(h.recommended)
            else:
                d.push(bot.choose(view))
    return out


def solve_times(tiles: int, positions: int = 30, seed: int = 1) -> tuple[list[float], list[int]]:
    """Seconds and nodes to solve ``positions`` positions with ``tiles`` tiles in each hand."""
    rng = random.Random(seed)
    times, nodes = [], []
    for _ in range(positions):
        d = deal_until(rng, tiles)
        st = SearchStats()
        t = time.perf_counter()
        solve(d, d.to_play or 0, stats=st)
        times.append(time.perf_counter() - t)
        nodes.append(st.nodes)
    return times, nodes


def _after(node: Deal, move: Move) -> Deal:
    child = node.copy()
    child.push(move)
    return child


def _plain_minimax(d: Deal, me: int) -> int:
    def value(node: Deal) -> int:
        if node.is_over:
            return node.settlement().net[me]
        vals = [value(_after(node, m)) for m in node.legal_moves()]
        return max(vals) if node.to_play == me else min(vals)

    return value(d)


def baseline_ratio(positions: int = 12, seed: int = 2) -> tuple[float, float]:
    """(seconds by plain minimax over Deal copies, seconds by :func:`solve`) for the same
    3-tile positions; the values are checked equal."""
    rng = random.Random(seed)
    ds = [deal_until(rng, 3) for _ in range(positions)]
    t0 = time.perf_counter()
    plain = []
    for d in ds:
        me = d.to_play or 0
        before = sum(p.amount if p.payee == me else -p.amount if p.payer == me else 0 for p in d.immediate_payments)
        plain.append(_plain_minimax(d, me) - before)
    t1 = time.perf_counter()
    fast = [solve(d, d.to_play or 0) for d in ds]
    t2 = time.perf_counter()
    if plain != fast:  # pragma: no cover - the tests check this too
        raise AssertionError("the exact search disagrees with plain minimax")
    return t1 - t0, t2 - t1


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tiangow.bots.bench", description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=10, help="hands of hints (every turn of one seat)")
    p.add_argument("--positions", type=int, default=30, help="positions per exact-solve figure")
    a = p.parse_args(argv)

    lat = hint_latencies(a.hands)
    print(f"hint latency over {len(lat)} turns ({a.hands} hands, 32 samples): "
          f"median {statistics.median(lat):.3f} s, p95 {_pct(lat, 0.95):.3f} s, max {max(lat):.3f} s "
          "(target: median < 1 s, p95 < 2 s)")
    for tiles in (4, 3):
        ts, ns = solve_times(tiles, a.positions)
        print(f"exact solve, {tiles} tiles each, {len(ts)} positions: median {1000 * statistics.median(ts):.1f} ms, "
              f"p95 {1000 * _pct(ts, 0.95):.1f} ms, max {1000 * max(ts):.1f} ms; "
              f"nodes median {int(statistics.median(ns))}, max {max(ns)}"
              + ("  (target: < 50 ms)" if tiles == 4 else ""))
    slow, fast = baseline_ratio()
    print(f"baseline: plain minimax over Deal copies {slow:.2f} s vs exact search {fast:.3f} s on the same 3-tile "
          f"positions: ×{slow / fast:.0f} faster")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
