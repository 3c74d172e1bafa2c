"""No rule goes untaught: every rule id of RULES.md §1–§9 is named by a drill generator or a
lesson, and every rule a drill module claims to teach shows up in what it generates."""

from __future__ import annotations

import random
import re
from pathlib import Path

import nbformat

from tests.helpers import combinations_of
from tiangow.drills import combinations, dealing, ranks, scoring, tiles, tricks, variants
from tiangow.move import Move
from tiangow.tiles import KINDS

ROOT = Path(__file__).resolve().parent.parent
RULE = re.compile(r"R-[A-Z$]+\d+")
MODULES = (tiles, ranks, combinations, tricks, scoring, variants, dealing)


def rule_ids_sections_1_to_9() -> set[str]:
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    return set(RULE.findall(text.split("## 10.")[0]))


def lesson_text() -> str:
    """Every cell of every lesson notebook (prose and code; markdown escapes read as plain)."""
    return "\n".join(cell.source for path in sorted((ROOT / "lessons").glob("*.ipynb"))
                     for cell in nbformat.read(path, as_version=4).cells).replace("\\$", "$")


def test_every_rule_of_sections_1_to_9_is_taught() -> None:
    ids = rule_ids_sections_1_to_9()
    assert len(ids) == 30
    claimed = {r for m in MODULES for r in m.RULES_TAUGHT if r.startswith("R-")}
    named_in_lessons = set(RULE.findall(lesson_text()))
    assert ids - named_in_lessons == set(), "every rule should be named in a lesson"
    assert ids - claimed == set(), "every rule should be practised by a drill generator"


def question_text(module: object, n: int = 150) -> str:
    """What a module's questions say: rule, prompt, explanation, every wrong choice's why."""
    rng = random.Random(1)
    parts: list[str] = []
    kinds = module.QUESTION_KINDS  # type: ignore[attr-defined]
    for i in range(n):
        kind = kinds[i % len(kinds)]
        if module in (tiles, ranks):
            q = module.make_question(kind, rng.choice(KINDS), rng, i)  # type: ignore[attr-defined]
        else:
            q = module.make_question(kind, rng, i)  # type: ignore[attr-defined]
        parts += [q.rule, q.explanation("en"), q.prompt("en")]
        parts += [c.why("en") for c in q.choices if c.why is not None]
    return "\n".join(parts)


def exercise_text(module: object) -> str:
    """What a module's other exercises say: act and find-all checks, settlements, demonstrations."""
    rng = random.Random(2)
    parts: list[str] = []
    if module is tricks:
        for _ in range(60):
            task = tricks.act_task(rng)
            d = task.deal
            parts.append(task.check(Move(d.holding(task.seat)[: d.trick_size], discard=True))[1]("en"))
            for c in combinations_of(d)[:1]:
                parts.append(task.check(Move(c.tiles))[1]("en"))
    if module is combinations:
        task = combinations.find_task(rng)
        parts.append(task.prompt("en"))
        parts += [task.check(c.tiles)[1]("en") for c in task.targets]
    if module is scoring:
        for _ in range(200):
            parts += [p.explain("en") for p in scoring.random_end(rng).settle().payments]
    if module is variants:
        for demo in variants.DEMOS:
            parts += [demo.show(demo.rules(v))[1]("en") + demo.reasons("en") for v, _ in demo.options]
    return "\n".join(parts)


def test_drill_modules_cite_what_they_claim() -> None:
    for module in MODULES:
        text = question_text(module) + exercise_text(module)
        for rule in module.RULES_TAUGHT:
            if rule.startswith("R-"):
                assert rule in text, f"{module.__name__} claims {rule} but never cites it"


def test_R_P3_lesson_04_says_a_discard_proves_nothing_about_what_is_held() -> None:
    """Issue 45 §8c: anyone may discard even when they could beat (R-P3), and a discard is face
    down (R-P4): lesson 04 says what that means for reading the others' hands."""
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parent.parent / "lessons" / "04_tricks.ipynb").read_text(encoding="utf-8"))
    prose = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "a discard does not prove the player could not beat" in prose and "(R-P3)" in prose
    assert "墊牌不能證明他手上沒有更大的牌" in prose
