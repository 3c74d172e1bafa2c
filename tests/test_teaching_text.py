"""What the lessons say is true, in both written languages, and feedback teaches without giving
the answer away (issue 12). Learner text is every ``T(zh, en)`` pair written in the package or
a lesson's code, every prose passage of the lessons, and what the drills generate."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from tests.helpers import passages
from tiangow import paigow, parse_tiles, settle
from tiangow.drills import combinations, dealing, ranks, scoring, tiles, tricks, variants
from tiangow.drills import paigow as paigow_drill
from tiangow.drills.base import Question
from tiangow.tiles import KINDS, check_counts

ROOT = Path(__file__).resolve().parent.parent
FULL_WIDTH = re.compile(r"[，。：；、（）！？「」《》〈〉]")
DRILLS = (tiles, ranks, combinations, tricks, scoring, variants, dealing, paigow_drill)


def _literal(node: ast.expr) -> str | None:
    """A string argument as written, with each f-string field as ``{}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left), _literal(node.right)
        return None if left is None or right is None else left + right
    return None


def _pairs_in(tree: ast.AST, where: str) -> Iterator[tuple[str, str, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "T" \
                and len(node.args) == 2:
            zh, en = (_literal(a) for a in node.args)
            if zh is not None and en is not None:
                yield f"{where}:{node.lineno}", zh, en


def learner_text() -> list[tuple[str, str, str]]:
    """(where, traditional Chinese, English) for every text pair a learner can be shown."""
    out: list[tuple[str, str, str]] = []
    for path in sorted((ROOT / "tiangow").rglob("*.py")):
        out += _pairs_in(ast.parse(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        for i, cell in enumerate(nbformat.read(path, as_version=4).cells[1:], start=1):
            where = f"{path.name}#{i}"
            if cell.cell_type == "markdown":
                (_, zh), (_, en) = passages(cell)
                out.append((where, zh, en))
            else:
                out += _pairs_in(ast.parse(cell.source), where)
    return out


TEXT = learner_text()


def questions(module: object, n: int = 300, seed: int = 3) -> Iterator[Question]:
    rng = random.Random(seed)
    kinds = module.QUESTION_KINDS  # type: ignore[attr-defined]
    for i in range(n):
        kind = kinds[i % len(kinds)]
        if module in (tiles, ranks):
            yield module.make_question(kind, rng.choice(KINDS), rng, i)  # type: ignore[attr-defined]
        else:
            yield module.make_question(kind, rng, i)  # type: ignore[attr-defined]


def passage(lesson: str, contains: str) -> tuple[str, str]:
    found = [(zh, en) for where, zh, en in TEXT if where.startswith(lesson) and contains in zh + en]
    assert len(found) == 1, f"{lesson}: one passage with {contains!r}, found {len(found)}"
    return found[0]


def test_the_collection_sees_lessons_drills_and_widgets() -> None:
    places = {where.split(":")[0].split("#")[0] for where, _, _ in TEXT}
    assert {"tiangow/drills/variants.py", "tiangow/widgets/play.py", "06_variants.ipynb", "index.ipynb"} <= places
    assert len(TEXT) > 500


# --- §18, §19: how sources are named; English punctuation --------------------------------

def test_learner_text_names_sources_as_a_reader_would() -> None:
    """No "seed 004" or "第四號資料": the sources are named by author, year or title."""
    bad = [(where, zh[:60], en[:60]) for where, zh, en in TEXT
           if re.search(r"(?i)\bseeds?\b", en) or re.search(r"號資料", zh)]
    assert bad == []


def test_english_text_has_no_chinese_punctuation() -> None:
    bad = [(where, m.group(), en[max(0, m.start() - 30):m.end() + 10]) for where, _, en in TEXT
           for m in FULL_WIDTH.finditer(en)]
    assert bad == []


def test_index_descriptions_gloss_chinese_terms_in_english() -> None:
    from tiangow.drills.catalog import lesson_info

    assert "Heaven, Earth, Man, Harmony" in lesson_info("02_ranks").summary.en
    summary = lesson_info("05_scoring").summary.en
    for gloss in ("no stack", "five or six stacks", "a supreme or a quad", "all eight stacks"):
        assert gloss in summary
    zh, en = passage("index.ipynb", "Big Two")
    assert "橋牌" in zh and "鋤大D" in zh and "推牌九" in zh and "bridge" in en and "Pai Gow" in en


# --- §1–§11: statements -------------------------------------------------------------------

def test_R_S3_lesson_06_tells_the_essays_banker_example_with_its_numbers() -> None:
    """A banker at m = 8 with 入二: unmultiplied the winner nets +8; multiplied, −6 (vs −40)."""
    s = settle([6, 2, 0, 0], winner=1, banker=0, streak=7)
    assert s.multiplier == 8 and s.net[1] == 8
    multiplied = s.net[1] - 2 * (s.multiplier - 1)  # what B would net if the 入二 were ×m
    assert multiplied == -6
    zh, en = passage("06_variants.ipynb", "入二**不**加倍")
    for text in (zh, en):
        assert "m = 8" in text and "16" in text and "40" in text and "5" in text
    assert "淨輸 6" in zh and "淨贏 8" in zh and "net loss of 6" in en and "wins 8" in en


def test_lesson_05_says_what_the_bonus_and_the_two_finishes_need() -> None:
    zh, en = passage("05_scoring.ipynb", "局中即付")
    assert zh.count("最後一墩除外") == 2 and "同樣最後一墩除外" in zh and "不收四大賀" in zh
    assert en.count("other than the last") == 2 and "no 四大賀 money" in en
    # 七支 against 八支: the test on a single last tile (R-$11)
    assert "翻開" in zh and "R-W2" in zh and "face up" in en and "still unseen" in en
    # 擒 needs the 2-4 to win the trick (R-$10)
    assert "而且大頭六贏了這一墩" in zh and "a 2-4 that wins it" in en


def test_lesson_04_the_last_trick_of_two_tiles() -> None:
    zh, en = passage("04_tricks.ipynb", "R-W3")
    assert "最後兩張是一對" not in zh and "先出的是兩張" in zh and "two tiles are led into the last trick" in en


def test_lesson_07_natural_hands_match_the_engines_default() -> None:
    from tiangow import Rules

    assert Rules().naturals == frozenset()
    zh, en = passage("07_dealing.ipynb", "**例牌**")
    assert "預設規則不玩例牌" in zh and "play no naturals at all" in en
    assert "七支例牌" in zh and "八支例牌" in zh and "七支 naturals" in en and "八支 naturals" in en
    assert "seven or eight stacks" not in en


def test_R_S2_a_tie_for_first_banker_is_not_attributed_to_the_rules() -> None:
    lines = [(where, zh, en) for where, zh, en in TEXT if "再擲" in zh]
    assert lines
    for where, zh, en in lines:
        assert "平手的人再擲（R-S2）" not in zh and "throw again (R-S2)" not in en, where
    zh, en = passage("07_dealing.ipynb", "**定莊**")
    assert "資料沒有說" in zh and "sources do not say" in en


def test_R_C5_wongs_rule_is_stated_whole_and_named_as_the_source_names_it() -> None:
    wong = [(where, zh, en) for where, zh, en in TEXT if "Wong" in en]
    assert wong and all("黃" not in zh for _, zh, _ in wong)
    assert all("天或九" in zh for _, zh, en in wong if "split" in en), wong
    assert not any("只要不拆天九" in zh for _, zh, _ in TEXT)


def test_the_naturals_demo_says_what_each_player_pays() -> None:
    from tiangow import Natural, Rules

    demo = next(d for d in variants.DEMOS if d.field == "naturals")
    _, text = demo.show(Rules(naturals=frozenset(Natural)))
    assert "其餘三家各付 40" in text.zh and "each of the other three pays 40" in text.en and "或更多" not in text.zh


def test_lesson_02_says_the_three_lines_are_a_memory_aid() -> None:
    zh, en = passage("02_ranks.ipynb", "天地人和，梅長板斧")
    assert "資料裏沒有" in zh and "not a saying from the sources" in en


def test_lesson_05_captions_use_the_lessons_own_multiplier() -> None:
    captions = [(zh, en) for where, zh, en in TEXT if where.startswith("05_scoring") and "RULES §6.2" in en]
    assert captions and all("n = 1" not in zh + en and "m = 2" in en for zh, en in captions)


def test_the_multiplier_is_not_cited_as_R_D2() -> None:
    assert "R-$2" not in scoring.MISTAKE_TEXT["no_banker"].en


def test_pai_gow_calls_hands_identical_only_when_they_are() -> None:
    p, b = paigow.hand(parse_tiles("36 11")), paigow.hand(parse_tiles("45 11"))
    assert p.strength == b.strength
    why = paigow_drill.why_wins(p, b)
    assert "一模一樣" not in why.zh and "same tiles" not in why.en and "tie goes to the banker" in why.en
    same = paigow_drill.why_wins(paigow.hand(parse_tiles("13 23")), paigow.hand(parse_tiles("13 23")))
    assert "一模一樣" in same.zh


def test_R_C4_compared_plays_come_from_one_set() -> None:
    """No supreme against a supreme, no 雙天 against 雙天: both plays fit in one set."""
    for q in questions(combinations, 3000, seed=11):
        if q.id.startswith("compare"):
            (_, a), (_, b) = q.groups
            check_counts([t for t in (*a, *b) if t is not None])


def test_scoring_distractors_use_the_real_multipliers() -> None:
    s = settle([2, 5, 1, 0], winner=0, banker=1, streak=3)
    assert scoring.mistakes(s, 1) == {"banker_enter_multiplied": 4, "enter_as_par": 0, "reversed": -1}


# --- §13: no answer before the last try ---------------------------------------------------

ROUTE = re.compile(r"R-\$?[A-Z]*\d+|§\d+")


@pytest.mark.parametrize("module", [pytest.param(m, marks=pytest.mark.slow) if m.__name__.endswith("paigow") else m
                                    for m in DRILLS], ids=[m.__name__.rsplit(".", 1)[1] for m in DRILLS])
def test_wrong_answers_are_explained_without_the_answer(module: object) -> None:
    """While tries remain, feedback on a wrong choice says what is wrong with it and cites the
    rule, but names neither the right choice nor repeats the full explanation."""
    checked = 0
    for q in questions(module):
        if q.mode == "order" or q.tries < 2:
            continue  # one wrong try ends the question: the explanation comes with the answer
        for c in q.choices:
            if c.key == q.answer:
                continue
            assert c.why is not None, f"{q.id}: {c.key} has no feedback"
            for lang in ("zh-Hant", "en"):
                why = c.why(lang)
                assert why != q.explanation(lang), f"{q.id}: the feedback is the explanation"
                # Rule ids and the turn order are pointers, not answers.
                plain = ROUTE.sub("", why).replace("東→南→西→北", "").replace("East → South → West → North", "")
                answer = q.answer_label()(lang).strip()
                found = re.search(rf"(?<![\w.-]){re.escape(answer)}(?![\w.-])", plain)
                assert found is None, f"{q.id} ({lang}): {why!r} gives away {answer!r}"
                checked += 1
    assert checked > 0 or module in (ranks,)


def test_a_question_gives_as_many_tries_as_its_choices_allow() -> None:
    q = next(q for q in questions(ranks) if q.item and q.id.startswith("single"))
    assert len(q.choices) == 2 and q.tries == 1
    q = next(q for q in questions(scoring) if q.id.startswith("pay"))
    assert len(q.choices) == 4 and q.tries == 3


_CJK = r"[\u4e00-\u9fff\u3001-\u303f\uff01-\uff5e]"
ASCII_IN_CHINESE = re.compile(rf"(?:{_CJK}|\{{\}}) ?[,:;?!]|[,:;?!] ?{_CJK}")
"""ASCII , : ; ? ! beside a Chinese character (or a field of an f-string, ``{}``)."""


def _shown_in_chinese() -> Iterator[tuple[str, str]]:
    """(where, text) for what a Chinese reader is shown as it is shown: a whole hand at a shared
    table drawn for a seat and the spectator, with the coach's hints, the settlement and the
    hand's review, in 繁 and 简; and every drill's generated questions."""
    from tiangow.coach.hints import Coach
    from tiangow.online.page import hint_parts, parts
    from tiangow.online.table import Table, TableConfig

    tags = re.compile(r"<[^>]+>|&[a-z]+;")
    rng = random.Random(68)
    t = Table("x", TableConfig(), seeds=lambda: rng.getrandbits(64))
    t.apply(t.propose_deal())
    coach = Coach(samples=8)
    assert t.deal is not None
    step = 0
    while True:
        for lang in ("zh-Hant", "zh-Hans"):
            for role in (0, "watch"):
                for name, html in parts(t, role, lang).items():  # type: ignore[arg-type]
                    yield f"table {name} ({role}, {lang}, step {step})", tags.sub(" ", html)
        if t.deal.is_over:
            break
        seat = t.deal.to_play
        assert seat is not None
        if step % 6 == 0:
            view = t.deal.view(seat)
            for lang in ("zh-Hant", "zh-Hans"):
                for name, html in hint_parts(view, coach.hint(view), lang).items():  # type: ignore[arg-type]
                    yield f"hint {name} ({lang}, step {step})", tags.sub(" ", html)
        t.apply(t.propose_move(seat, rng.choice(t.deal.legal_moves()), t.seq, by="bot"))
        step += 1
    for module in DRILLS:
        for q in questions(module, n=40):
            for text in (q.prompt, q.explanation, *(c.label for c in q.choices)):
                zh = getattr(text, "zh", None)
                if isinstance(zh, str):
                    yield module.__name__, zh


def test_chinese_text_has_no_ascii_punctuation() -> None:
    """Chinese is punctuated in Chinese: no "已经坐下的：东, 南" nor "淨輸贏:" — in every text
    pair written in the package and the lessons, and in what is drawn for a Chinese reader."""
    bad = [(where, zh[max(0, m.start() - 20):m.end() + 20]) for where, zh, _ in TEXT
           for m in ASCII_IN_CHINESE.finditer(zh)]
    shown = list(_shown_in_chinese())
    assert len(shown) > 200
    bad += [(where, text[max(0, m.start() - 20):m.end() + 20]) for where, text in shown
            for m in ASCII_IN_CHINESE.finditer(text)]
    assert bad == []
    assert ASCII_IN_CHINESE.search("已经坐下的：东, 南") and ASCII_IN_CHINESE.search("淨輸贏: +4")
