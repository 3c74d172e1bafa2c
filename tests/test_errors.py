"""Every public entry point answers bad input with a TiangowError (a ValueError) that says
what was wrong — never AttributeError, TypeError or KeyError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tiangow
from tiangow import Deal, Kind, Rules, TiangowError, parse_tiles

BAD = [None, 42, 3.5, True, "", "zz", "77", "66 66 66", b"66", [66], [None], object(), {"a": 1}, (1, 2),
       -1, 9, [parse_tiles("66")[0], "66"]]


def deal() -> Deal:
    return Deal.random(1)


CALLS: list[tuple[str, Callable[[Any], object]]] = [
    ("parse_tiles", tiangow.parse_tiles),
    ("Tile", tiangow.Tile),
    ("classify", tiangow.classify),
    ("classify rules", lambda x: tiangow.classify("66", x)),
    ("combinations_in", tiangow.combinations_in),
    ("naturals_in", tiangow.naturals_in),
    ("Deal hands", Deal),
    ("Deal banker", lambda x: Deal([deal().initial_holding(s) for s in range(4)], banker=x)),
    ("Deal streak", lambda x: Deal([deal().initial_holding(s) for s in range(4)], streak=x)),
    ("Deal rules", lambda x: Deal([deal().initial_holding(s) for s in range(4)], rules=x)),
    ("Deal.random", lambda x: Deal.random(1, banker=x)),
    ("play", lambda x: deal().play(x)),
    ("play seat", lambda x: deal().play(deal().legal_moves()[0].tiles, seat=x)),
    ("push", lambda x: deal().push(x)),
    ("push seat", lambda x: deal().push(deal().legal_moves()[0], seat=x)),
    ("discard", lambda x: deal().discard(x)),
    ("holding", lambda x: deal().holding(x)),
    ("view", lambda x: deal().view(x)),
    ("Rules civil_supreme", lambda x: Rules(civil_supreme=x)),
    ("Rules capture_multiplier", lambda x: Rules(capture_multiplier=x)),
    ("Rules eight_stack_rule", lambda x: Rules(eight_stack_rule=x)),
    ("Rules naturals", lambda x: Rules(naturals=x)),
    ("Rules hand_size", lambda x: Rules(hand_size=x)),
    ("settle stacks", lambda x: tiangow.settle(x, 0)),
    ("settle winner", lambda x: tiangow.settle([2, 2, 2, 2], x)),
    ("settle finishes", lambda x: tiangow.settle([2, 2, 2, 2], 0, finishes=[x])),
    ("settle captured", lambda x: tiangow.settle([2, 2, 2, 2], 0, captured=x)),
    ("next_banker", lambda x: tiangow.next_banker(x, 1, 0)),
    ("first_taker", lambda x: tiangow.first_taker(0, x)),
    ("deal_wall method", lambda x: tiangow.deal_wall(tiangow.Wall.build(tiangow.full_set()), x, (1, 2))),
    ("deal_wall wall", lambda x: tiangow.deal_wall(x, "開邊", (1, 2))),
    ("Wall.build", tiangow.Wall.build),
    ("first_banker", lambda x: tiangow.first_banker([x, (1, 1), (2, 2), (3, 3)])),
    ("label", Kind.QUAD.label),
    ("seat_name", tiangow.seat_name),
]


@pytest.mark.parametrize(("name", "call"), CALLS, ids=[c[0] for c in CALLS])
def test_bad_input_raises_a_tiangow_error(name: str, call: Callable[[Any], object]) -> None:
    refused = 0
    for bad in BAD:
        try:
            call(bad)
        except TiangowError as exc:
            assert str(exc), name
            refused += 1
        except Exception as exc:  # pragma: no cover - the failure we are looking for
            pytest.fail(f"{name}({bad!r}) raised {type(exc).__name__}: {exc}")
    assert refused >= len(BAD) // 2, f"{name} accepted too much"
