"""Write tiangow/data/puzzles.json: the puzzles the practice page serves (tiangow.puzzles),
made from seeded real deals and solved here, so that no page has to solve them.

    python scripts/make_puzzles.py [--count 80]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from tiangow import search
from tiangow.puzzles import Puzzle, make_puzzle

ROOT = Path(__file__).resolve().parent.parent


def generate(count: int) -> list[Puzzle]:
    out: list[Puzzle] = []
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    seed = 0
    while len(out) < count:
        seed += 1
        p = make_puzzle(random.Random(seed), seed)
        if p is None:
            continue
        key = (p.hands, p.moves)
        if key in seen:
            continue
        seen.add(key)
        out.append(Puzzle.from_json({**p.to_json(), "id": f"p{seed}"}))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=80)
    args = parser.parse_args()
    puzzles = generate(args.count)
    path = ROOT / "tiangow" / "data" / "puzzles.json"
    data = {"about": "Made by scripts/make_puzzles.py from seeded deals; solved by tiangow.search "
                     f"({search.core_in_use()} core). Each puzzle's id is its seed.",
            "puzzles": [p.to_json() for p in puzzles]}
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {len(puzzles)} puzzles, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
