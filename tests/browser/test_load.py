"""The classroom load test at N = 3 (issue 13 §4): three learners at once, each in its own
browser context, through the index, lesson 01 (three questions) and lesson 08 (a hint, two
moves), against a Voilà of its own. It checks what must hold whatever the machine's speed —
every learner finished with no error, every page shows tiles, every click got its feedback,
and the kernels go back to the pre-heated pool within 60 s — and prints the figures (times
are read, not asserted: ``python scripts/load_test.py`` measures N = 1, 5, 10, 20)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_three_learners_at_once(chromium: str, capsys: pytest.CaptureFixture[str]) -> None:
    from scripts import load_test

    r = load_test.run(3, chromium)
    with capsys.disabled():
        print("\n" + load_test.HEADER + "\n" + r.row())
    assert r.errors == [] and r.completed == 3, r.errors
    assert sorted(r.first_tile_by_page_p95) == ["01_tiles", "08_play", "index"]
    assert r.kernels_peak > r.kernels_before  # the learners' pages had kernels of their own
    assert r.back_to_pool_s is not None and r.back_to_pool_s <= 60, r
    assert r.kernels_60s_after <= r.kernels_before
    assert 0 < r.server_cpu_s <= r.machine_cpu_s  # the server's CPU is a part of the machine's
