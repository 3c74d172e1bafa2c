"""Benchmark: random full hands through the public API (``python -m benchmarks.engine``).

Each hand is dealt with :meth:`Deal.random`; at every decision the legal moves are listed
(``Deal.legal_moves(discards=False)``: the plays) and a uniformly random choice among them
and "discard" is made (a leader always plays): a listed play is made with the checked
:meth:`Deal.push`, a discard of tiles drawn at random with the checked :meth:`Deal.discard`; the finished hand is
settled. The same hands are then played on the unchecked fast path (the state machine's
steps, :meth:`Deal.push_step`) as a baseline measured in the same process, and the ratio is
printed. Figures vary with the machine's load: compare ratios, not seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from tiangow import packed
from tiangow.deal import Deal
from tiangow.rules import Rules
from tiangow.tiles import Tile


def _sample(holding: Sequence[Tile], k: int, rand: Callable[[], float]) -> tuple[Tile, ...]:
    """k tiles of ``holding`` chosen uniformly (a partial Fisher–Yates shuffle)."""
    n = len(holding)
    if k == 1:
        return (holding[int(rand() * n)],)
    pool = list(holding)
    for i in range(k):
        j = i + int(rand() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(pool[:k])


def play_random_hand(rng: random.Random, rules: Rules | None = None) -> Deal:
    """Deal and play one hand with uniformly random legal choices (public, checked API)."""
    rand = rng.random
    d = Deal.random(rng, banker=int(rand() * 4), rules=rules)
    while True:
        seat = d.to_play
        if seat is None:
            break
        plays = d.legal_moves(discards=False)
        size = d.trick_size
        if size is None:
            d.push(plays[int(rand() * len(plays))])
            continue
        k = int(rand() * (len(plays) + 1))
        if k < len(plays):
            d.push(plays[k])
        else:
            d.discard(_sample(d.holding(seat), size, rand))
    if d.rules.scored:
        d.settlement()
    return d


def play_random_hand_unchecked(rng: random.Random, rules: Rules | None = None) -> Deal:
    """The same random hand on the unchecked fast path (the baseline)."""
    rand = rng.random
    d = Deal.random(rng, banker=int(rand() * 4), rules=rules)
    while True:
        seat = d.to_play
        if seat is None:
            break
        plays = d.steps(discards=False)
        size = d.trick_size
        if size is None:
            d.push_step(plays[int(rand() * len(plays))])
            continue
        k = int(rand() * (len(plays) + 1))
        if k < len(plays):
            d.push_step(plays[k])
        else:
            d.push_step(packed.pack(_sample(d.holding(seat), size, rand)))
    if d.rules.scored:
        d.settlement()
    return d


def rate(fn: Callable[[random.Random, Rules | None], Deal], hands: int, seed: int,
         rules: Rules | None) -> float:
    """Hands per second playing ``hands`` seeded hands with ``fn``."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        fn(rng, rules)
    return hands / (time.perf_counter() - start)


def median(xs: Sequence[float]) -> float:
    ys = sorted(xs)
    mid = len(ys) // 2
    return ys[mid] if len(ys) % 2 else (ys[mid - 1] + ys[mid]) / 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="total time to measure (default 10)")
    parser.add_argument("--hands", type=int, default=1000, help="hands per round (default 1000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--civil-supreme", action="store_true", help="play with Rules(civil_supreme=True)")
    parser.add_argument("--wong", action="store_true", help="play with Rules(free_split=False)")
    args = parser.parse_args(argv)
    rules = Rules(civil_supreme=args.civil_supreme, free_split=not args.wong)
    rate(play_random_hand, 300, args.seed, rules)  # warm up
    # Alternate short rounds of both paths on the same seeded hands, so a burst of load on
    # this shared machine hits both alike; report the median round and the median ratio.
    checked: list[float] = []
    fast: list[float] = []
    ratios: list[float] = []
    start = time.perf_counter()
    seed = args.seed
    while time.perf_counter() - start < args.seconds or len(checked) < 3:
        c = rate(play_random_hand, args.hands, seed, rules)
        f = rate(play_random_hand_unchecked, args.hands, seed, rules)
        checked.append(c)
        fast.append(f)
        ratios.append(c / f)
        seed += 1
    total = len(checked) * args.hands
    from tiangow.search import CORE_BUILD

    print(f"search core: {CORE_BUILD} (TIANGOW_CORE=native|wasm chooses; "
          "python -m benchmarks.search --solver times it)")
    print(f"rules: {rules!r}")
    print(f"rounds: {len(checked)} × {args.hands} random hands on each path ({total} hands each)")
    print(f"public API (checked):  {median(checked):8.0f} hands/s  median  "
          f"(rounds {min(checked):.0f} – {max(checked):.0f})")
    print(f"fast path (unchecked): {median(fast):8.0f} hands/s  median  "
          f"(rounds {min(fast):.0f} – {max(fast):.0f})")
    print(f"ratio checked / unchecked: {median(ratios):.2f}  median")
    print("target: ≥ 5,000 hands/s through the public API on this 2-core machine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
