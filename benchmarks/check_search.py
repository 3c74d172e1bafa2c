"""The search against its frozen reference (tests/reference/search_v1.py) on seeded endings.

    python -m benchmarks.check_search [--endings 10000] [--tiles 3 4 5] [--seed 1]
    python -m benchmarks.check_search --whole 20 --limit 300
    python -m benchmarks.check_search --endings 2000 --relaxed-from 2


Each ending is a seeded deal played sensibly (``tiangow.players.positions.deal_until``) until a
trick starts with at most ``--tiles`` tiles in each hand, under a rule set drawn from every
combination of the variants (RULES §10). For each, the seat to act and one other seat are
solved for each goal (net, forced win, possible win) by both searches; every difference is
printed, then the count, the nodes each searched and the time each took, and the ratios.
The same values are the bar every reduction of the search must pass (issue 23 §1).

With ``--whole N``: N seeded whole hands (8 tiles each, default rules, the seat to act, the net)
instead; a hand the reference does not finish within ``--limit`` seconds is skipped and counted.
With ``--relaxed-from 2`` the search asks its relaxed game (a bound, docs/search.md) in the
small endings too, so they check it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tests.helpers import all_rules
from tests.reference import search_v1 as reference
from tiangow import search
from tiangow.deal import Deal
from tiangow.players.positions import deal_until

GOALS = ("NET", "FORCED_WIN", "POSSIBLE_WIN")


def endings(count: int, tiles: list[int], seed: int) -> list[Deal]:
    """``count`` seeded endings, the tile counts and the rule sets taken in turn."""
    rules = [r for r in all_rules(hand_sizes=(8,)) if r.scored]
    rng = random.Random(seed)
    return [deal_until(rng, tiles[i % len(tiles)], rules=rules[i % len(rules)]) for i in range(count)]


def compare(deals: list[Deal]) -> tuple[int, dict[str, float], dict[str, int]]:
    """Differences, seconds and nodes of both searches over ``deals``."""
    differences = 0
    seconds = {"search": 0.0, "reference": 0.0}
    nodes = {"search": 0, "reference": 0}
    for i, d in enumerate(deals):
        seat = d.to_play
        assert seat is not None
        for who in (seat, (seat + 1) % 4):
            for goal in GOALS:
                values = {}
                for name, module in (("search", search), ("reference", reference)):
                    stats = module.SearchStats()
                    start = time.perf_counter()
                    values[name] = module.solve(d, who, getattr(module.Goal, goal), stats=stats)
                    seconds[name] += time.perf_counter() - start
                    nodes[name] += stats.nodes
                if values["search"] != values["reference"]:
                    differences += 1
                    print(f"ending {i} seat {who} {goal}: search {values['search']} reference {values['reference']}"
                          f" — {d!r}")
    return differences, seconds, nodes


def compare_whole(hands: int, limit: float, seed: int) -> int:
    """Whole hands: differences (those the reference finishes within ``limit`` seconds)."""
    import signal

    def stop(*_: object) -> None:
        raise TimeoutError

    differences = skipped = done = 0
    d_seed = seed
    while done + skipped < hands:
        d = Deal.random(d_seed)
        d_seed += 1
        if d.natural is not None:
            continue
        seat = d.to_play
        assert seat is not None
        t = time.perf_counter()
        fast = search.solve(d, seat)
        t_fast = time.perf_counter() - t
        signal.signal(signal.SIGALRM, stop)
        signal.alarm(int(limit))
        try:
            t = time.perf_counter()
            slow = reference.solve(d, seat)
            t_slow = time.perf_counter() - t
        except TimeoutError:
            skipped += 1
            print(f"deal {d_seed - 1}: search {fast} in {t_fast:.1f} s; reference unfinished after {limit:.0f} s",
                  flush=True)
            continue
        finally:
            signal.alarm(0)
        done += 1
        differences += fast != slow
        print(f"deal {d_seed - 1}: search {fast} in {t_fast:.1f} s, reference {slow} in {t_slow:.1f} s"
              + ("" if fast == slow else "  DIFFERENT"), flush=True)
    print(f"{done} whole hands compared ({skipped} the reference did not finish): {differences} differences")
    return differences


def check_bounds(count: int, tiles: list[int], seed: int) -> int:
    """The search's floor and ceiling (the core's, as it cuts on them) against exact values: along
    a random line from each of ``count`` seeded endings (tile counts and variants in turn), at
    every position and for every seat, floor <= value <= ceiling (the value searched without
    them). Returns the violations."""
    from tiangow.search import INF, without_floor
    from tiangow.search.packing import context as _context
    from tiangow.search.packing import core_state as _core_state

    rules = [r for r in all_rules(hand_sizes=(8,)) if r.scored]
    rng = random.Random(seed)
    bad = checked = 0
    for i in range(count):
        d = deal_until(rng, tiles[i % len(tiles)], rules=rules[i % len(rules)])
        st = d.snapshot()
        ctx = _context(st)
        while st.to_play is not None:
            for me in range(4):
                found = ctx.bounds(_core_state(st), me)
                low = None if found[0] is None or abs(found[0]) >= INF else found[0]
                high = None if found[1] is None or abs(found[1]) >= INF else found[1]
                if low is None and high is None:
                    continue
                with without_floor():
                    value = search.solve(st, me)
                checked += 1
                if (low is not None and low > value) or (high is not None and high < value):
                    bad += 1
                    print(f"ending {i} seat {me}: floor {low} value {value} ceiling {high} — {d!r} "
                          f"{st.rules!r}", flush=True)
            moves = st.moves()
            st.push(moves[rng.randrange(len(moves))])
    print(f"{count} endings ({', '.join(map(str, tiles))} tiles each, every variant in turn), "
          f"{checked} positions with a bound: {bad} violations")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endings", type=int, default=1000)
    parser.add_argument("--tiles", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--whole", type=int, default=0, help="compare whole hands instead")
    parser.add_argument("--limit", type=float, default=300, help="seconds the reference gets per whole hand")
    parser.add_argument("--bounds", action="store_true",
                        help="check the search's floor and ceiling against exact values instead")
    parser.add_argument("--relaxed-from", type=int, default=None,
                        help="ask the relaxed game from this many tiles a hand (2: in every ending; 9: never)")
    args = parser.parse_args()
    if args.relaxed_from is not None:
        with search.relaxed_from(args.relaxed_from):
            run(args)
    else:
        run(args)


def run(args: argparse.Namespace) -> None:
    if args.bounds:
        sys.exit(1 if check_bounds(args.endings, args.tiles, args.seed) else 0)
    if args.whole:
        sys.exit(1 if compare_whole(args.whole, args.limit, args.seed) else 0)
    deals = endings(args.endings, args.tiles, args.seed)
    differences, seconds, nodes = compare(deals)
    solves = len(deals) * 2 * len(GOALS)
    print(f"{len(deals)} endings ({', '.join(map(str, args.tiles))} tiles each, every variant in turn), "
          f"{solves} solves each: {differences} differences")
    for name in ("search", "reference"):
        print(f"  {name:10} {seconds[name]:8.1f} s  {nodes[name]:>12,} nodes")
    print(f"  ratio search / reference: time ×{seconds['search'] / seconds['reference']:.2f}, "
          f"nodes ×{nodes['search'] / max(1, nodes['reference']):.2f}")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
