"""What a learner sees from the coach and the bots, held still while their code moves (issue 69).

On seeded hands, every hint the coach gives the learner's seat (its options' figures, the
nudge and the reason in both languages), the mark of the recommended action and of the last
option, a table's search bot's and lesson 08's strong opponent's choices, and the search's
values, against ``tests/golden/coach.json``. A refactor that changes any of them fails here;
a change meant to alter them writes the file again (``python -m tests.test_golden_coach``)
and says so in its commit.

The coach's budgets are positions of search times the core's share, so the figures are the
native core's (the WebAssembly build has a smaller share): elsewhere the test is skipped.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tiangow import Deal
from tiangow.coach.hints import Coach
from tiangow.players import RuleBot, SearchBot
from tiangow.players.model import ModelBot
from tiangow.search import CORE_BUILD, solve, solve_moves

GOLDEN = Path(__file__).with_name("golden") / "coach.json"
SEEDS = (3, 11, 20, 42)
"""The hands: the learner (East) against rule-based players, the coach asked at every turn."""


def _option(o: Any) -> list[object]:
    return [str(o.move), round(o.mean, 6), o.low, o.high, o.samples, o.exact,
            None if o.win_rate is None else round(o.win_rate, 6), o.ending, o.own_best, o.left_out]


def record() -> dict[str, Any]:
    """Everything the golden file holds, computed now."""
    hands: list[dict[str, Any]] = []
    for seed in SEEDS:
        d = Deal.random(random.Random(seed), banker=0)
        coach = Coach(seed)
        others = [RuleBot() for _ in range(4)]
        table_bot = SearchBot(seed, samples=8)
        strong = ModelBot(seed)
        turns: list[dict[str, Any]] = []
        while not d.is_over:
            seat = d.to_play
            assert seat is not None
            view = d.view(seat)
            if seat != 0:
                d.push(others[seat].choose(view))
                continue
            h = coach.hint(view)
            last = h.options[-1].move
            turns.append({
                "hand": " ".join(t.notation for t in d.holding(0)),
                "options": [_option(o) for o in h.options],
                "nudge": [h.nudge.zh, h.nudge.en], "reason": [h.reason.zh, h.reason.en],
                "marks": [[m.mark.value, round(m.loss, 6), m.text.zh, m.text.en]
                          for m in (coach.mark(view, h.recommended), coach.mark(view, last))],
                "table_bot": str(table_bot.choose(view)), "strong": str(strong.choose(view)),
                "values": [[str(m), v] for m, v in solve_moves(d)],
                "solve": [solve(d, s) for s in range(4)] if len(d.holding(0)) <= 4 else [],
            })
            d.push(h.recommended)
        hands.append({"seed": seed, "turns": turns, "net": list(d.settlement().net)})
    return {"core": "native", "hands": hands}


@pytest.mark.skipif(CORE_BUILD != "native", reason="the golden figures are the native core's budgets")
def test_the_coach_and_the_bots_show_what_they_showed() -> None:
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    got = json.loads(json.dumps(record(), ensure_ascii=False))
    for w, g in zip(want["hands"], got["hands"], strict=True):
        for i, (wt, gt) in enumerate(zip(w["turns"], g["turns"], strict=True)):
            for k in wt:
                assert gt[k] == wt[k], f"hand {w['seed']}, turn {i}: {k} changed"
        assert g == w


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
