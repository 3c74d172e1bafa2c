"""Same-deal challenge links in the browser (issue 47 §6): a friend opens a challenge link, plays
the same deal by the coach's hints, and sees both results side by side with the challenger's
review — on Voilà and on the static site (offline: the site's tests block every other host)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.pages import ON_BOTH, Lessons, clear_selection, follow_hint, select, wait_turn
from tiangow.widgets.challenge import Challenge, ChallengeBoard

pytestmark = pytest.mark.browser

TIMEOUT = 120_000
ERROR_TEXT = "There was an error"


def _challenge() -> str:
    """A challenge played to the end in Python by 'Mei' (random legal moves, rule bots)."""
    board = ChallengeBoard(pace=0, seed=321)
    board.link.incoming = "-"
    board.deal_button.click()  # a challenge dealt when asked for
    board.name.value = "Mei"
    rng = random.Random(3)
    t = board.table
    assert t is not None
    while not t.session.is_over:
        assert t.act(rng.choice(t.session.deal.legal_moves()))
    return board.link.outgoing


@pytest.mark.parametrize("lessons", ON_BOTH, indirect=True)
def test_a_friend_plays_a_challenge_and_sees_both_results(page: Any, lessons: Lessons) -> None:
    code = _challenge()
    page.goto(lessons.url("friends") + "?c=" + code, timeout=TIMEOUT)
    page.wait_for_selector(".tg-challenge-intro", timeout=TIMEOUT)
    page.get_by_role("button", name="English").click()
    page.wait_for_selector(".tg-challenge-intro:has-text('Mei played this deal')", timeout=TIMEOUT)
    page.fill(".tg-challenge-name input", "Kit")
    state, step = wait_turn(page)
    turns = 0
    while state == "your-turn":
        turns += 1
        tiles, discard = follow_hint(page, step)
        clear_selection(page)
        select(page, tiles)
        page.click(".tg-discard" if discard else ".tg-play")
        state, step = wait_turn(page, step)
        assert turns <= 9
    page.wait_for_selector(".tg-challenge-table tr[data-player='1']", timeout=TIMEOUT)
    rows = page.locator(".tg-challenge-table").inner_text()
    assert "Mei" in rows and "Kit (you)" in rows
    assert page.locator(".tg-deal-again").is_hidden() and page.locator(".tg-next-hand").is_hidden()  # played once
    url = page.locator(".tg-challenge-link-url").input_value()
    back = Challenge.parse(url.split("?c=", 1)[1])
    assert [p.name for p in back.results] == ["Mei", "Kit"]
    page.locator(".tg-challenge-review", has_text="Mei").click()  # the challenger's play, reviewed
    page.wait_for_selector(".tg-challenge-panel .tg-review-next", timeout=TIMEOUT)
    assert ERROR_TEXT not in page.content()
