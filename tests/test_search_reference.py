"""The search gives the same values as its frozen reference (tests/reference/search_v1.py) on
seeded endings under every variant: the bar each reduction of the double-dummy solver must
pass (issue 23 §1). ``python scripts/check_search.py --endings 10000`` runs the long form."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import check_search

sys.path.insert(0, str(Path(__file__).resolve().parent / "reference"))
import search_v1

from tiangow import search


def test_the_reference_is_a_frozen_copy_not_the_search() -> None:
    assert search_v1 is not search and search_v1.__file__.endswith("tests/reference/search_v1.py")
    assert "REFERENCE" in (search_v1.__doc__ or "")


def test_same_values_as_the_reference_on_seeded_endings() -> None:
    deals = check_search.endings(36, [3, 3, 4], seed=2026)
    assert len({d.rules for d in deals}) > 20  # the variants in turn
    differences, _seconds, nodes = check_search.compare(deals)
    assert differences == 0
    assert nodes["search"] > 0 and nodes["reference"] > 0
