"""Write tiangow/data/principles.json: every principle's verdict in each seeded position
(tiangow.coach.principles), and each principle's first exception worked out, so that no page
has to search them.

    python -m scripts.make_principles [--positions 1500]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from tiangow.coach.principles import PRINCIPLES, example, tally, verdicts
from tiangow.policy import POLICY

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1500)
    args = parser.parse_args()
    start = time.perf_counter()
    seeds = list(range(args.positions))
    marks = verdicts(seeds)
    examples = {}
    for pr in PRINCIPLES:
        t = tally(pr, seeds, marks[pr.id])
        print(f"{pr.id:32s} applies {t.positions:5d}  holds {100 * t.holds:5.1f}%  "
              f"(better {t.better}, as good {t.equal}, exceptions {t.exceptions})")
        if t.example is not None:
            e = example(pr, t.example)
            examples[pr.id] = {"seed": e.seed, "follows": str(e.follows), "follows_net": round(e.follows_net, 4),
                               "better": str(e.better), "better_net": round(e.better_net, 4)}
    out = {"positions": args.positions, "samples": POLICY.principles_samples, "verdicts": marks, "examples": examples}
    path = ROOT / "tiangow" / "data" / "principles.json"
    path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
