"""What crosses between Python and the search's compiled core (``tiangow/core/``), declared
once: the layout's version, the rules' list, the position's fields in order, the results of a
search, and the search's tuning constants.

``tiangow/core/abi.h`` is generated from this module (``python -m scripts.make_core_abi``; a
test fails while it is stale), and the core reads its constants and field order from it. The
core says which version it was built for (the extension's ``ABI``, the WebAssembly module's
``tg_abi``); :mod:`tiangow.search` refuses a core built for another, and the core refuses rules
sent in another layout (the rules' list starts with the version).

>>> len(STATE), STATE_WORDS
(18, 21)
>>> '#define TG_ABI' in header()
True
>>> pack_rules({"plays": [(5, 0, 1, 0, 3, 0)], "better": [[]], "lead_order": [0],
...             "flags": dict.fromkeys(RULES[3][2], 0), "named_plays": dict.fromkeys(RULES[4][2], 0),
...             "movable": dict.fromkeys(RULES[5][2], 1), "fixed_fields": [], "table": {"banker": 0, "m": 1},
...             "higher": [(0,)], "rule_plays": [(0, 0, 1, 0, 0, 0)], "kinds": [(1, 1, 0, 0)] * FIELDS})[:10]
[6, 7628544, 1, 5, 0, 1, 0, 3, 0, 7628545]
>>> Result(*(-4, 120, 7, 30))
Result(value=-4, nodes=120, hits=7, stores=30)
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .policy import POLICY

__all__ = ["ABI", "DISCARDS_SINCE", "FIELDS", "PLAYOUT", "PLAYOUT_SINCE", "READS", "RESULTS", "RULES", "RULES_TAG",
           "SINCE", "Result",
           "STATE", "STATE_WORDS", "TUNING", "header", "pack_rules"]

ABI: Final = 6
"""The layout's version: raise it with any change to what crosses (fields, their order, their
meaning, the rules' list), so that a core built before is refused, not misread."""

STATE: Final[tuple[tuple[str, str], ...]] = (
    ("h0", "u64"), ("h1", "u64"), ("h2", "u64"), ("h3", "u64"),
    ("shown", "u64"), ("up", "u64"), ("stacks", "int4"),
    ("to_play", "int"), ("leader", "int"), ("size", "int"), ("best", "int"), ("best_seat", "int"),
    ("locked", "int"), ("last", "int"), ("led", "int"), ("acted", "int"), ("first", "int"), ("left", "int"),
)
"""A position as the core reads it (:func:`tiangow.search.packing.core_state` builds the tuple): each
field and its type — a packed holding or set of tiles (``u64``), the four seats' stacks
(``int4``), or a whole number (``int``; -1 for none)."""

RULES: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    ("plays", "per_play", ("mask", "family_fields", "size", "kind", "rank", "family")),
    ("better", "per_play_list", ()),
    ("lead_order", "list", ()),
    ("flags", "named", ("free_split", "capture_wins_trick", "civil_supreme", "capture_civil_supreme",
                        "finish_collects", "bonus_on")),
    ("named_plays", "named", ("id12", "id24", "id15", "id16")),
    ("movable", "named", ("family0", "family1", "family2", "family3")),
    ("fixed_fields", "list", ()),
    ("table", "named", ("banker", "m")),
    ("higher", "per_play", ("higher",)),
    ("rule_plays", "per_play", ("lead_place", "better_fields", "tile0", "tile1", "tile2", "tile3")),
    ("kinds", "per_field", ("civil", "rank", "index", "single")),
)
"""The rules' list a search context is made from (:func:`tiangow.search.packing.context_data` fills
it, ``init_context`` in tiangow/core/context.h reads it), section by section in this order: its name, its
shape and its fields. ``per_play``: how many plays, then the fields of each; ``per_play_list``:
for each play, how many numbers and the numbers (the ids of the plays that beat it, best first);
``per_field``: how many fields of the packed layout (21), then the fields of each;
``list``: how many, then them; ``named``: the fields, in order. Each section starts with its tag
(:data:`RULES_TAG` + its place), which the core checks."""

FIELDS: Final = 21
"""The count fields of a packed holding (tiangow/packed.py): one a kind of tile."""

SINCE: Final[dict[str, int]] = {"rule_plays": 4, "kinds": 4}
"""The layout version each section was added in (the rest are in every version still read)."""

READS: Final = (3, 6)
"""The layout versions :func:`pack_rules` can still write: the package's own, and version 3,
which the frozen core of ``python -m benchmarks.search --against`` reads (it has no rule-based
player, so it is sent the rules without the sections added since)."""

RULES_TAG: Final = 0x746700
"""A section's tag is this plus the section's place in :data:`RULES`."""

RESULTS: Final = ("value", "nodes", "hits", "stores")
"""What a search returns, in order: the value (``None`` when it gave up past its limit), the
positions it visited, the table's hits and its stores."""


PLAYOUT: Final = ("net", "win", "trick", "stacks", "bonus", "last")
"""What a playout of one option returns (the core's ``playout``, from layout version
:data:`PLAYOUT_SINCE`), in order: the seat's net from the option on, whether it won the hand,
whether it took the trick the option was part of, its stacks at the end, the immediate rewards
in that net, and the play it won the last trick with (-1: none)."""

PLAYOUT_SINCE: Final = 5
"""The layout version the core's playouts came in."""

DISCARDS_SINCE: Final = 6
"""The layout version the core's ``discards`` (the rule-based keep-values' lowest discards) came in."""


class Result(NamedTuple):
    """A search's results, as :data:`RESULTS` lays them out."""

    value: int | None
    nodes: int
    hits: int
    stores: int


assert Result._fields == RESULTS


def pack_rules(sections: dict[str, object], abi: int = ABI) -> list[int]:
    """The rules' list from its sections by name (:data:`RULES` says each one's shape): the
    version, then each section after its tag; for an earlier layout version ``abi`` (one of
    :data:`READS`), only the sections it has (:data:`SINCE`). Raises ``ValueError`` for a
    section missing, extra or of the wrong shape, or a version it cannot write."""
    if abi not in READS:
        raise ValueError(f"the rules' list can be written in layout versions {READS}, not {abi}")
    if set(sections) != {name for name, _, _ in RULES}:
        raise ValueError(f"the rules' sections are {[n for n, _, _ in RULES]}, not {sorted(sections)}")
    out = [abi]
    nplays = len(sections["plays"])  # type: ignore[arg-type]
    for place, (name, shape, fields) in enumerate(RULES):
        if SINCE.get(name, 0) > abi:
            continue
        body: Any = sections[name]
        out.append(RULES_TAG + place)
        if shape == "named":
            if set(body) != set(fields):
                raise ValueError(f"the rules' section {name} has the fields {list(fields)}, not {sorted(body)}")
            out += [int(body[f]) for f in fields]
        elif shape == "list":
            out += [len(body), *map(int, body)]
        else:
            count = FIELDS if shape == "per_field" else nplays
            if len(body) != count:
                raise ValueError(f"the rules' section {name} has one entry a {shape[4:]} ({count}), not {len(body)}")
            out.append(count)
            for entry in body:
                if shape == "per_play_list":
                    out += [len(entry), *map(int, entry)]
                elif len(entry) != len(fields):
                    raise ValueError(f"each entry of the rules' section {name} has the fields {list(fields)}")
                else:
                    out += list(map(int, entry))
    return out


STATE_WORDS: Final = sum(4 if kind == "int4" else 1 for _, kind in STATE)
"""The position flattened into whole numbers (the WebAssembly module's layout)."""

TUNING: Final[dict[str, int]] = POLICY.core_tuning()
"""The search's tuning constants, compiled into the core: the policy's ``win_floor_*``,
``lead_through_from`` and ``relaxed_*`` knobs (:mod:`tiangow.policy`; docs/policy.md and
docs/search.md say what each does)."""


def header() -> str:
    """The C++ header ``tiangow/core/abi.h``: the version, the constants, the position's
    word offsets (``ST_…``) and its tuple's format for ``PyArg_ParseTuple``, the rules' sections
    and their fields' places, the results' places."""
    lines = ["// Generated by `python -m scripts.make_core_abi` from tiangow/coreabi.py: do not edit.",
             "// What crosses between Python and this core, declared once (see tiangow/coreabi.py).",
             "#pragma once", "", f"#define TG_ABI {ABI}", ""]
    lines += [f"const int {name} = {value};" for name, value in TUNING.items()]
    lines += ["", "// the position flattened (the WebAssembly module's words), each field's first word"]
    offset = 0
    for name, kind in STATE:
        lines.append(f"const int ST_{name.upper()} = {offset};")
        offset += 4 if kind == "int4" else 1
    lines.append(f"const int ST_WORDS = {offset};")
    lines += ["", "// the rules' list: each section's tag, and the place of each field in its section"]
    lines.append(f"const unsigned long long RULES_TAG = {RULES_TAG}ULL;")
    for place, (name, shape, fields) in enumerate(RULES):
        lines.append(f"const int RULES_{name.upper()} = {place};  // {shape}")
        for i, f in enumerate(fields):
            lines.append(f"const int {name.upper()}_{f.upper()} = {i};")
        if fields:
            lines.append(f"const int {name.upper()}_WORDS = {len(fields)};")
    lines += ["", "// a search's results, in order"]
    lines += [f"const int RES_{name.upper()} = {i};" for i, name in enumerate(RESULTS)]
    lines.append(f"const int RES_WORDS = {len(RESULTS)};")
    lines += ["", "// a playout's results for one option, in order"]
    lines += [f"const int PO_{name.upper()} = {i};" for i, name in enumerate(PLAYOUT)]
    lines.append(f"const int PLAYOUT_WORDS = {len(PLAYOUT)};")
    fmt = "".join("i" if kind == "int" else "O" for _, kind in STATE)
    lines += ["", "// the position's tuple for PyArg_ParseTuple (holdings and the stacks as objects)",
              f'#define TG_STATE_FORMAT "{fmt}"', ""]
    return "\n".join(lines)
