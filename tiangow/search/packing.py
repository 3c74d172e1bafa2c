"""What the search's compiled core is sent: a position as its numbers, and a search context
made from the rules (the layout :mod:`tiangow.coreabi` declares)."""

from __future__ import annotations

from typing import Any, Final

from .. import coreabi, packed
from ..combos import Combination
from ..state import State, every_higher
from . import core as _core
from .types import Goal


def leader_order(c: Combination) -> tuple[int, int]:
    return (-c.size, c.rank)


GOAL_CODE: Final = {Goal.NET: 0, Goal.FORCED_WIN: 1, Goal.POSSIBLE_WIN: 2}
CONTEXTS: dict[tuple[object, ...], object] = {}


def context(st: State) -> Any:
    """The compiled core's context for ``st``'s rules, banker and multiplier (built once, and
    kept on ``st`` and its copies for the core in use)."""
    kept = st.core_context
    if kept is not None and kept[0] is _core._ddcore:
        return kept[1]
    key = (id(_core._ddcore), st.rules, st.banker, st.m)
    found = CONTEXTS.get(key)
    if found is not None:
        st.core_context = (_core._ddcore, found)
        return found
    from ..state import last_trick_finishes

    tab, rules = st.tab, st.rules
    plays = tab.plays
    proto = st.copy()

    def final_net(stacks: tuple[int, int, int, int], w: int, leader: int, led: int, best: int, first: int,
                  shown: int, size: int) -> tuple[int, int, int, int]:
        fins, captured = last_trick_finishes(rules, leader, plays[led], plays[best], w, stacks[w], st.banker,
                                             plays[first], shown, size)
        return proto.net_for(stacks, w, fins, captured)

    assert _core._ddcore is not None
    ctx = _core._ddcore.Context(context_data(st, getattr(_core._ddcore, "ABI", coreabi.ABI)), final_net)
    if len(CONTEXTS) > 64:
        CONTEXTS.clear()
    CONTEXTS[key] = ctx
    st.core_context = (_core._ddcore, ctx)
    return ctx


def context_data(st: State, abi: int = coreabi.ABI) -> list[int]:
    """The rules of ``st`` (its rule set, banker and multiplier) as the compiled core reads them:
    one list of whole numbers, laid out by :data:`tiangow.coreabi.RULES` (in the layout version
    ``abi``: a frozen earlier core's, :data:`tiangow.coreabi.READS`)."""
    from ..combos import Kind

    tab, rules = st.tab, st.rules
    plays = tab.plays
    kinds = list(Kind)
    single = {c.tiles[0].notation: c.id for c in plays if c.size == 1}
    lead_order = [c.id for c in sorted(plays, key=leader_order)]
    # the rule-based player's order of a leader's plays (Table.leader_plays: chunk by chunk of the
    # layout, by id within one), and each play's tiles as fields in its own order (0: none)
    chunk = {c.id: next(i for i, m in enumerate(packed.CHUNKS) if c.mask & m == c.mask) for c in plays}
    lead_places = {c.id: place for place, c in enumerate(sorted(plays, key=lambda c: (chunk[c.id], c.id)))}

    def fields_of(c: Combination) -> list[int]:
        out = [packed.field_of(t) + 1 for t in c.tiles]
        return out + [0] * (4 - len(out))

    # the families of fields the core may relabel (天's stays put under Wong's rule), and the
    # plain civil fields that keep their place (1-5 and 1-6 where a variant names them)
    movable = (0, 1, 2, 3) if rules.free_split else (1, 2, 3)
    fixed = sorted({*((_FIELD_16,) if rules.civil_supreme or rules.capture_civil_supreme else ()),
                    *((_FIELD_15,) if rules.civil_supreme else ())})
    # R-$11: a last single makes 八支 only if every higher tile of its class was shown (none
    # needed under the Wikipedia reading, where any single sweep is 八支)
    wiki = rules.eight_stack_rule == "wikipedia"
    return coreabi.pack_rules(abi=abi, sections={
        "plays": [(c.mask, _family_fields(c), c.size, kinds.index(c.kind), c.rank, c.family) for c in plays],
        "better": [[o.id for _, o in tab.better[c.id]] for c in plays],
        "lead_order": lead_order,
        "flags": {"free_split": rules.free_split, "capture_wins_trick": rules.capture_wins_trick,
                  "civil_supreme": rules.civil_supreme, "capture_civil_supreme": rules.capture_civil_supreme,
                  "finish_collects": rules.finish_collects_immediate, "bonus_on": rules.hand_size == 8},
        "named_plays": {"id12": single["1-2"], "id24": single["2-4"], "id15": single["1-5"], "id16": single["1-6"]},
        "movable": {f"family{f}": f in movable for f in range(4)},
        "fixed_fields": fixed,
        "table": {"banker": st.banker, "m": st.m},
        "higher": [(0 if wiki or c.size != 1 else every_higher(c.tiles[0]),) for c in plays],
        "rule_plays": [(lead_places[c.id], tab.better_fields[c.id], *fields_of(c)) for c in plays],
        "kinds": [(int(t.is_civil), t.rank, t.index, tab.by_key[(t.index,)].id) for t in packed.BY_FIELD],
    })


_FIELD_16: Final = 17
"""The packed holding's field of 1-6 (tiangow/packed.py's layout)."""
_FIELD_15: Final = 18
"""… and of 1-5."""


def _family_fields(c: Combination) -> int:
    from ..packed import FAMILIES, fields

    return fields(FAMILIES[c.family])


BIG_FROM: Final = 6
"""From how many tiles a hand a search gets the big table."""
BIG_BITS: Final = 22
"""The big table: 2**22 positions × 32 bytes = 128 MB (a small one, 2**20, 32 MB, serves the coach)."""


def big_table() -> None:
    assert _core._ddcore is not None
    bits = getattr(_core._ddcore, "BIG_BITS", BIG_BITS)  # a core may keep a smaller table (wasmcore)
    if _core._ddcore.table_info()[0] < 1 << bits:
        _core._ddcore.set_table_bits(bits)


def core_state(st: State) -> tuple[object, ...]:
    h = st.h
    return (h[0], h[1], h[2], h[3], st.shown, st.up, st.stacks, st.to_play, st.leader, st.size,
            -1 if st.best is None else st.best.id, st.best_seat, st.locked, int(st.last),
            -1 if st.led is None else st.led.id, st.acted, -1 if st.first is None else st.first.id, st.left)
