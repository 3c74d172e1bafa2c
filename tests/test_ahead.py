"""The all-hands-open net from the start worked out in another process while a hand is played
(tiangow.coach.ahead, issue 24 §2): the same answer as the search in the review's own process,
taken by the review where its own budget falls short, and nothing where it does not run."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from tiangow import search
from tiangow.coach import ahead
from tiangow.coach.review import HandRecord
from tiangow.drills.session import Session
from tiangow.policy import POLICY
from tiangow.search import Goal, RangeSearch, SearchStats, core_in_use, solve, solve_range

compiled_only = pytest.mark.skipif(core_in_use() != "compiled", reason="jobs run only with the compiled core")


def _no_jobs_around(monkeypatch: pytest.MonkeyPatch, setting: str) -> Iterator[None]:
    """Jobs as ``TIANGOW_OPEN_AHEAD=setting`` runs them, none running or kept before or after."""
    monkeypatch.setenv("TIANGOW_OPEN_AHEAD", setting)
    ahead.stop_all()
    ahead._done.clear()
    yield
    ahead.stop_all()
    ahead._done.clear()


@pytest.fixture
def jobs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from _no_jobs_around(monkeypatch, "1")


def _play_to_end(s: Session) -> Session:
    """The hand in play to its end, the learner following the coach."""
    while not s.is_over:
        if s.learner_to_act:
            assert s.act(s.hint().recommended).ok
        else:
            s.bot_step()
    return s


def _start_record(seed: int) -> HandRecord:
    s = Session(seat=0, seed=seed, opponents="rule")
    return HandRecord(s.deal_seed, s.deal.banker, s.deal.streak, s.deal.rules, 0, [])


@compiled_only
@pytest.mark.parametrize("budget", [5_000, 2_000_000])
def test_a_job_proves_what_the_search_here_proves(jobs: None, budget: int) -> None:
    rec = _start_record(1)  # its net from the start takes about 150,000 positions
    assert ahead.start(rec.key(), rec.to_json(), budget)
    assert ahead.start(rec.key(), rec.to_json(), budget)  # the same hand: the job already running
    assert len(ahead._running) == 1
    found = ahead.result(rec.key(), wait=120)
    assert found == solve_range(rec.deal(0), 0, budget)
    if budget > 1_000_000:
        assert found == (solve(rec.deal(0), 0), solve(rec.deal(0), 0))
    assert ahead.result(rec.key()) == found  # kept


@compiled_only
def test_the_review_takes_the_jobs_net_where_its_own_search_falls_short(jobs: None,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session(seat=0, seed=1, opponents="rule", coach_samples=8, open_ahead=True,
                policy=POLICY.but(review_nodes=8_000))
    assert len(ahead._running) == 1
    _play_to_end(s)
    d0 = s.hand_record().deal(0)
    st = SearchStats()
    exact = solve(d0, 0, Goal.NET, stats=st)
    assert st.nodes > 8_000  # the review's own budget would not reach it from the start
    # (the job runs at low priority: on a busy machine it may need longer than the hand took)
    assert ahead.result(s.hand_record().start_key(), wait=120) == (exact, exact)
    strength = s.review().strength()
    assert (strength.open_from, strength.open_net) == (0, exact)
    assert s.hand_record().dd is None  # the record of the hand in play is the review's own copy
    assert s.review().record.dd == (0, exact)


@compiled_only
def test_an_answer_that_comes_after_the_review_replaces_a_later_tricks_net(jobs: None,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    s = _play_to_end(Session(seat=0, seed=1, opponents="rule", coach_samples=8,
                             policy=POLICY.but(review_nodes=8_000, review_wait=0.0)))
    assert s.work_ahead()  # started only now: still running when the review first looks
    r = s.review()
    first = r.strength()
    assert first.open_from > 0 or first.open_net is None
    assert first.open_pending  # and the review says it is coming
    assert "still being worked out" in first.open_text().en and "還在算" in first.open_text().zh
    assert "too long" not in first.open_text().en and "太長" not in first.open_text().zh
    found = ahead.result(r.record.start_key(), wait=120)
    assert found is not None and found[0] == found[1]
    later = s.review().strength()
    assert (later.open_from, later.open_net) == (0, found[0])
    assert later.open_low is None and later.open_high is None and not later.open_pending
    assert "still being worked out" not in later.open_text().en


def test_nothing_runs_where_it_is_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIANGOW_OPEN_AHEAD", "0")
    rec = _start_record(3)
    assert not ahead.available()
    assert not ahead.start(rec.key(), rec.to_json())
    assert ahead.result(rec.key(), wait=1.0) is None
    s = Session(seat=0, seed=3, opponents="rule", open_ahead=True)
    assert not s.work_ahead()


@compiled_only
def test_at_most_two_jobs_run_and_a_failed_one_gives_nothing(jobs: None) -> None:
    recs = [_start_record(seed) for seed in (6, 7, 9)]
    for rec in recs:
        assert ahead.start(rec.key(), rec.to_json())
    assert list(ahead._running) == [recs[1].key(), recs[2].key()]  # the oldest stopped
    assert ahead.result(recs[0].key()) is None
    # a job that has finished is no longer counted as running when the next starts: its answer stays
    quick = _start_record(5)  # about 8,000 positions
    ahead.stop_all()
    assert ahead.start(quick.key(), quick.to_json())
    ahead._running[quick.key()].proc.wait(timeout=60)
    for rec in recs[:2]:
        assert ahead.start(rec.key(), rec.to_json())
    assert ahead.result(quick.key()) == solve_range(quick.deal(0), 0, POLICY.ahead_nodes)
    ahead.stop_all()
    bad = {**recs[0].to_json(), "banker": 9}  # refused by the job's process: no answer, no error here
    assert ahead.start("bad", bad, 1_000)
    deadline = time.monotonic() + 60
    while "bad" in ahead._running and time.monotonic() < deadline:
        ahead.result("bad", wait=1.0)
    assert "bad" not in ahead._running and ahead.result("bad") is None
    assert os.environ["TIANGOW_OPEN_AHEAD"] == "1"


@compiled_only
def test_the_table_starts_a_job_for_each_deal_and_drops_one_a_saved_table_replaces(jobs: None) -> None:
    from tiangow.widgets.play import PlayTable

    PlayTable(seed=5)  # only lesson 08's table works ahead
    assert not ahead._running

    other = PlayTable(seed=11, open_ahead=True)
    saved = other.saved()
    assert list(ahead._running) == [other.session._ahead_key]
    ahead.cancel(str(other.session._ahead_key))
    t = PlayTable(seed=3, open_ahead=True)
    first = t.session._ahead_key
    assert first is not None and list(ahead._running) == [first]
    assert t.restore(saved)
    assert t.session._ahead_key == other.session._ahead_key != first
    assert list(ahead._running) == [t.session._ahead_key] or ahead.result(str(t.session._ahead_key)) is not None
    t.session.deal_again()  # a new deal: its own job, the last one's kept for its review
    assert t.session._ahead_key not in (first, other.session._ahead_key)
    assert t.session._ahead_key in ahead._running or t.session._ahead_key in ahead._done


@compiled_only
def test_an_open_review_shows_the_net_from_the_start_when_it_comes(jobs: None,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from tiangow.widgets import review as review_widget
    from tiangow.widgets.review import ReviewPanel

    monkeypatch.setattr(review_widget, "AHEAD_POLL", 0.2)
    s = _play_to_end(Session(seat=0, seed=1, opponents="rule", coach_samples=8,
                             policy=POLICY.but(review_nodes=8_000, review_wait=0.0)))
    saves: list[int] = []
    panel = ReviewPanel(on_step=lambda: saves.append(1))
    exact = solve(s.hand_record().deal(0), 0)

    async def open_and_wait() -> str:
        assert s.work_ahead()
        panel.show(s.review())
        assert 'data-open-from="0"' not in panel.head.value  # the review's own search fell short
        assert 'data-open-pending="true"' in panel.head.value
        assert panel._watch is not None
        for _ in range(600):
            await asyncio.sleep(0.2)
            if 'data-open-from="0"' in panel.head.value:
                break
        return panel.head.value

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:  # a loop of its own (the suite's may be running here)
        head = pool.submit(asyncio.run, open_and_wait()).result()
    assert f'data-open="{exact}" data-open-from="0"' in head and "data-open-pending" not in head
    assert saves and panel._watch is None


@compiled_only
def test_a_job_that_gives_up_leaves_the_bounds_it_proved(jobs: None, monkeypatch: pytest.MonkeyPatch) -> None:
    s = _play_to_end(Session(seat=0, seed=6, opponents="rule", coach_samples=8,
                             policy=POLICY.but(review_nodes=2_000)))  # 72,000 positions from the start
    rec = s.hand_record()
    key = rec.start_key()
    assert ahead.start(key, rec.upto(0).to_json(), 20_000)
    found = ahead.result(key, wait=120)
    assert found is not None and found != (None, None) and found == solve_range(rec.deal(0), 0, 20_000)
    assert found[0] != found[1]  # it gave up with a bound
    st = s.review().strength()
    assert (st.open_low, st.open_high) == found and not st.open_pending
    assert st.open_from > 0 or st.open_net is None


# --- jobs in steps (the static site's browser, or no compiled core) ---------------------------

@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from _no_jobs_around(monkeypatch, "steps")


@pytest.mark.parametrize("seed", [3, pytest.param(1, marks=pytest.mark.slow)])
def test_a_search_in_steps_is_never_wrong_and_ends_at_the_exact_net(seed: int) -> None:
    d = _start_record(seed).deal(0)
    exact = solve(d, 0)
    r = RangeSearch(d, 0)
    while not r.run(3_000):  # taken up again many times
        low, high = r.bounds
        assert (low is None or low <= exact) and (high is None or exact <= high)
        assert not r.gave_up
    assert r.bounds == (exact, exact) and r.done
    assert r.run(10)  # done: nothing more to search
    assert solve_range(d, 0, 10_000_000) == r.bounds


@pytest.mark.skipif(search.CORE != "compiled", reason="the compiled core was not built here")
def test_a_search_in_steps_with_the_compiled_core_goes_on_from_what_it_stored() -> None:
    d = _start_record(1).deal(0)  # a whole hand (about 29,000 positions)
    stats = SearchStats()
    exact = solve(d, 0, stats=stats)
    r = RangeSearch(d, 0)
    steps = 0
    while not r.run(max(500, stats.nodes // 30)):  # some 30 steps
        low, high = r.bounds
        assert (low is None or low <= exact) and (high is None or exact <= high)
        solve(_start_record(3).deal(0), 0)  # other searches between the steps (the first table)
        steps += 1
    assert r.bounds == (exact, exact) and steps >= 10
    # each step goes on from the positions the one before stored: about the positions of one search
    assert r.stats.nodes < stats.nodes * 1.1


def test_a_job_in_steps_waited_on_gives_the_exact_net(steps: None) -> None:
    assert ahead.in_steps() and ahead.available()
    rec = _start_record(1)
    assert ahead.start(rec.key(), rec.to_json(), 2_000_000)
    assert ahead.running(rec.key()) and ahead.progress(rec.key()) is not None
    exact = solve(rec.deal(0), 0)
    found = None
    for _ in range(60):  # each wait works the steps for a second
        found = ahead.result(rec.key(), wait=1.0)
        if found is not None:
            break
    assert found == (exact, exact)
    assert not ahead.running(rec.key()) and ahead.progress(rec.key()) is None
    assert ahead.result(rec.key()) == found  # kept
    assert ahead.start("bad", {**rec.to_json(), "banker": 9}, 1_000)  # refused: no answer, no error
    assert ahead.result("bad", wait=0.1) is None and not ahead.running("bad")


def test_a_job_in_steps_works_while_the_event_loop_is_free_and_stops_when_cancelled(steps: None) -> None:
    import asyncio

    rec, other = _start_record(3), _start_record(6)  # about 17,000 positions in steps; millions

    async def play_along() -> tuple[int, int, int]:
        assert ahead.start(rec.key(), rec.to_json())
        assert ahead.start(other.key(), other.to_json())
        job = ahead._running[other.key()]
        for _ in range(400):  # nothing waits on them: the loop's free moments work both
            await asyncio.sleep(0.05)
            if ahead.result(rec.key()) is not None:
                break
        assert isinstance(job, ahead._Steps) and job.search is not None
        before = job.search.stats.nodes
        ahead.cancel(other.key())
        await asyncio.sleep(0.5)
        return before, job.search.stats.nodes, job.slice

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:  # a loop of its own (the suite's may be running here)
        before, after, size = pool.submit(asyncio.run, play_along()).result()
    exact = solve(rec.deal(0), 0)
    assert ahead.result(rec.key()) == (exact, exact)
    assert before > 0 and after == before  # cancelled: no step since
    assert 500 <= size <= 500_000
    assert ahead.result(other.key()) is None


@pytest.mark.slow
def test_the_review_takes_what_a_job_in_steps_proved(steps: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # deal 51: about 12.6 million positions from the start, so a job is still under way after half a second
    s = _play_to_end(Session(seat=0, seed=51, opponents="rule", coach_samples=8, open_ahead=True,
                             policy=POLICY.but(review_nodes=2_000, review_wait=0.5)))
    key = s.hand_record().start_key()
    assert ahead.running(key)
    st = s.review().strength()  # the job, worked for half a second, has searched further than the review's 2,000
    so_far = ahead.progress(key)
    assert so_far is not None and so_far[1] >= 2_000
    assert (st.open_low, st.open_high) == so_far[0] and st.open_pending
    assert ahead.result(key, wait=60.0) == (solve(s.hand_record().deal(0), 0),) * 2
    later = s.review().strength()
    assert later.open_from == 0 and later.open_net == solve(s.hand_record().deal(0), 0) and not later.open_pending


@compiled_only
def test_a_jobs_search_stops_at_its_processor_time_with_what_it_proved() -> None:
    d = _start_record(1).deal(0)  # about 150,000 positions from the start
    exact = solve(d, 0)
    assert ahead._search(RangeSearch(d, 0), 10**9, time.process_time() + 600, step=2_000) == (exact, exact)
    r = RangeSearch(d, 0)
    low, high = ahead._search(r, 10**9, time.process_time() - 1, step=2_000)  # out of time before a step
    assert (low, high) == (None, None) and r.stats.nodes == 0
    r = RangeSearch(d, 0)
    assert ahead._search(r, 5_000, time.process_time() + 600, step=2_000) == solve_range(d, 0, 5_000)
    assert r.stats.nodes <= 5_001
