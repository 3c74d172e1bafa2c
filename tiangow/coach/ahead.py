"""How good a hand was to begin with, worked out while it is played.

The review of a hand says what the learner's seat could guarantee with all hands open from the
start (:func:`tiangow.search.solve_range`). Within the review's own budget
(``POLICY.review_nodes``, under a second) the search finishes that for about two
seats in three; the rest take it seconds to minutes. So when a hand is dealt, :func:`start`
begins that search while the learner plays, and the review takes its answer (:func:`result`)
when it is there:

- on a server, in a separate process, at low priority, with a far larger budget
  (``POLICY.ahead_nodes``), stopped at ``POLICY.ahead_seconds`` of processor time or with the process
  that started it;
- in the static site's browser, which has no processes, in this process, a step at a time
  (:class:`tiangow.search.RangeSearch`: the core built as WebAssembly, each step going on from
  what the last stored): a step of about ``POLICY.step_seconds`` whenever the event loop has been
  free for ``POLICY.step_pause`` seconds, up to ``POLICY.ahead_nodes`` positions, or
  ``POLICY.steps_seconds`` of work in all; a review that asks (``result(key, wait)``) works the
  steps itself for as long as it waits.

Nowhere where the environment variable ``TIANGOW_OPEN_AHEAD`` is ``0``; in steps everywhere
where it is ``steps``. Each job is keyed by
:meth:`tiangow.coach.record.HandRecord.start_key` (the deal and the seat). At most
``POLICY.max_running`` run at once (the oldest is stopped for a new one).

>>> result("no such hand") is None
True
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import sys
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Final

from ..policy import POLICY

if TYPE_CHECKING:
    from ..search import RangeSearch

__all__ = [
    "available", "in_steps", "start", "result", "progress", "running", "cancel", "stop_all",
]

_KEPT: Final = 64
"""Finished jobs' answers kept."""

Bounds = tuple[int | None, int | None]


class _Job:
    """One search in its own process (``subprocess`` is imported only here: the browser's
    Python has no processes)."""

    def __init__(self, record: dict[str, Any], max_nodes: int) -> None:
        import subprocess

        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tiangow.coach.ahead"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, env={**os.environ, "TIANGOW_OPEN_AHEAD": "0"})
        assert self.proc.stdin is not None
        with contextlib.suppress(OSError):  # the process is already gone: poll() finds no answer
            self.proc.stdin.write(json.dumps({"record": record, "nodes": max_nodes}))
            self.proc.stdin.close()
        self.proc.stdin = None  # written: communicate() only reads

    def poll(self, wait: float) -> tuple[bool, Bounds | None]:
        """Whether the job has finished (waiting up to ``wait`` seconds), and then its bounds
        (``None``: it failed)."""
        import subprocess

        if wait <= 0 and self.proc.poll() is None:
            return False, None  # (communicate() with no time left would not read at all)
        try:
            out, _ = self.proc.communicate(timeout=max(0.1, wait))
        except subprocess.TimeoutExpired:
            return False, None
        except (OSError, ValueError):
            return True, None
        return True, (_parse(out) if self.proc.returncode == 0 else None)

    def stop(self) -> None:
        import subprocess

        if self.proc.poll() is None:
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            self.proc.wait(timeout=5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class _Steps:
    """One search in this process, a step at a time (:class:`tiangow.search.RangeSearch`),
    driven by the event loop where one runs, and by :meth:`poll` when waited on."""

    def __init__(self, record: dict[str, Any], max_nodes: int) -> None:
        from ..search import RangeSearch
        from .record import HandRecord

        self.search: RangeSearch | None = None
        with contextlib.suppress(ValueError):  # refused (a bad record): no answer, no error
            rec = HandRecord.from_json(record)
            d = rec.deal(0)
            if d.natural is None and d.to_play is not None:
                self.search = RangeSearch(d, rec.seat)
        self.max_nodes = max_nodes
        self.spent = 0.0
        self.slice = 2_000
        self.stopped = False
        self._handle: Any = None
        self._drive()

    @property
    def finished(self) -> bool:
        s = self.search
        return (self.stopped or s is None or s.done or s.gave_up or s.stats.nodes >= self.max_nodes
                or self.spent >= POLICY.steps_seconds)

    def work(self, seconds: float) -> None:
        """Steps for about ``seconds`` (at least one, unless finished)."""
        end = time.monotonic() + seconds
        while not self.finished:
            s = self.search
            assert s is not None
            n = max(1, min(self.slice, self.max_nodes - s.stats.nodes))
            t = time.perf_counter()
            s.run(n)
            dt = time.perf_counter() - t
            self.spent += dt
            if dt > 0.001 and not s.done:  # the next step's size, for about POLICY.step_seconds
                self.slice = max(500, min(500_000, int(n * POLICY.step_seconds / dt)))
            if time.monotonic() >= end:
                break

    def _drive(self) -> None:
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script, a test): steps only when waited on
            return
        self._handle = loop.call_later(POLICY.step_pause, self._tick)

    def _tick(self) -> None:
        self._handle = None
        if self.finished:
            return
        try:
            self.work(0.0)
        except Exception:  # never let a step kill the kernel's loop: the job ends with no answer
            self.search = None
            return
        self._drive()

    def poll(self, wait: float) -> tuple[bool, Bounds | None]:
        if wait > 0:
            self.work(wait)
        if not self.finished:
            return False, None
        return True, (None if self.stopped or self.search is None else self.search.bounds)

    def stop(self) -> None:
        self.stopped = True
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


def _parse(out: str) -> Bounds | None:
    """A job's answer, ``{"lo": …, "hi": …}`` (an end not proved left out); ``None`` for
    anything else.

    >>> _parse('{"lo": -4, "hi": -4}'), _parse('{"hi": 2}'), _parse('{"lo": 3, "hi": 1}'), _parse("oops")
    ((-4, -4), (None, 2), None, None)
    """
    try:
        data = json.loads(out)
    except ValueError:
        return None
    if not isinstance(data, dict) or not set(data) <= {"lo", "hi"}:
        return None
    lo, hi = data.get("lo"), data.get("hi")
    for v in (lo, hi):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10_000):
            return None
    if lo is not None and hi is not None and lo > hi:
        return None
    return lo, hi


_running: OrderedDict[str, _Job | _Steps] = OrderedDict()
_done: OrderedDict[str, Bounds] = OrderedDict()


def _mode() -> str | None:
    """``"processes"``, ``"steps"`` or ``None`` (switched off)."""
    from ..search import core_in_use

    setting = os.environ.get("TIANGOW_OPEN_AHEAD", "1")
    if setting == "0":
        return None
    if core_in_use() != "compiled":
        return None
    if setting == "steps" or sys.platform == "emscripten":
        return "steps"
    return "processes"


def available() -> bool:
    """Whether jobs run here (not switched off)."""
    return _mode() is not None


def in_steps() -> bool:
    """Whether jobs run in this process a step at a time (the browser, or no compiled core)
    rather than in processes of their own."""
    return _mode() == "steps"


def start(key: str, record: dict[str, Any], max_nodes: int | None = None) -> bool:
    """Start working out the record's net from the start for its seat (``record``: a
    :meth:`~tiangow.coach.record.HandRecord.to_json` with no moves; ``key``: its record's key;
    ``max_nodes``: the job's budget, by default ``POLICY.ahead_nodes``), unless that job is already
    running or done, or jobs do not run here. Whether one runs."""
    if key in _running or key in _done:
        return True
    mode = _mode()
    if mode is None:
        return False
    for done in list(_running):  # keep the answers of those that have finished
        result(done)
    while len(_running) >= POLICY.max_running:
        _, old = _running.popitem(last=False)
        old.stop()
    if mode == "steps":
        _running[key] = _Steps(record, POLICY.ahead_nodes if max_nodes is None else max_nodes)
        return True
    try:
        _running[key] = _Job(record, POLICY.ahead_nodes if max_nodes is None else max_nodes)
    except OSError:
        return False
    return True


def result(key: str, wait: float = 0.0) -> Bounds | None:
    """What the job for ``key`` proved — ``(low, high)``, equal where it found the net, ``None``
    for an end not proved — once it has finished; ``None`` while it runs (after waiting up to
    ``wait`` seconds), or where there is no such job or it failed."""
    if key in _done:
        return _done[key]
    job = _running.get(key)
    if job is None:
        return None
    finished, found = job.poll(wait)
    if not finished:
        return None
    del _running[key]
    job.stop()
    if found is None:
        return None
    _done[key] = found
    while len(_done) > _KEPT:
        _done.popitem(last=False)
    return found


def progress(key: str) -> tuple[Bounds, int] | None:
    """For a job in steps that has not finished: what it has proved so far and the positions it
    has visited (``None`` for any other job, or none)."""
    job = _running.get(key)
    if not isinstance(job, _Steps) or job.search is None:
        return None
    return job.search.bounds, job.search.stats.nodes


def running(key: str) -> bool:
    """Whether the job for ``key`` is still running (as last looked at)."""
    return key in _running


def cancel(key: str) -> None:
    """Stop the job for ``key`` if it still runs (its answer is no longer wanted)."""
    job = _running.pop(key, None)
    if job is not None:
        job.stop()


def stop_all() -> None:
    """Stop every job still running (at exit, and in tests)."""
    while _running:
        _, job = _running.popitem()
        job.stop()


atexit.register(stop_all)


def _die_with_parent() -> None:
    """Linux: this process gets SIGKILL when the one that started it ends (best effort)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _search(search: RangeSearch, nodes: int, seconds: float, step: int = POLICY.job_step) -> Bounds:
    """A job's search: ``step`` positions at a time until it is done, has visited ``nodes``
    positions, or this process has used ``seconds`` of processor time; what it proved."""
    while not search.done and search.stats.nodes < nodes and time.process_time() < seconds:
        search.run(min(step, nodes - search.stats.nodes))
    return search.bounds


def _work() -> int:
    """The job's process: read ``{"record": …, "nodes": …}``, print ``{"lo": …, "hi": …}``."""
    _die_with_parent()
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (POLICY.ahead_seconds + 60, POLICY.ahead_seconds + 60))
    except (ImportError, ValueError, OSError):
        pass
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)
    from ..search import RangeSearch
    from .record import HandRecord

    data = json.loads(sys.stdin.read())
    rec = HandRecord.from_json(data["record"])
    nodes = data["nodes"]
    if isinstance(nodes, bool) or not isinstance(nodes, int) or not 0 < nodes <= 10**10:
        raise ValueError(f"a job's budget is a positive whole number of positions, not {nodes!r}")
    d = rec.deal(0)
    if d.natural is not None or d.to_play is None:
        return 1
    low, high = _search(RangeSearch(d, rec.seat), nodes, POLICY.ahead_seconds)
    print(json.dumps({k: v for k, v in (("lo", low), ("hi", high)) if v is not None}))
    return 0


if __name__ == "__main__":
    sys.exit(_work())
