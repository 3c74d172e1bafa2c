"""Every knob of the coach, the bots and the search's budgets, in one frozen object.

A :class:`SearchPolicy` is what the coach (:class:`tiangow.coach.Coach`), the search bots
(:class:`tiangow.players.SearchBot`), the strong opponents, the review, the principles' judge and
the jobs that search ahead take as their one ``policy`` parameter; :data:`POLICY` is the one the
package plays with. :meth:`SearchPolicy.plan` says, in one place, what a decision gets: how many
deals of the hidden tiles, whether each is searched exactly or played out (and from where a
playout's ending is exact), and how many positions of exact search it may spend.

What each knob means, its value and the measurement behind it are in docs/policy.md (a test
holds that table to these fields). Budgets are positions of exact search for CPython's
extension; a decision gets them times the core's share (``share``: 1 for the extension,
:attr:`SearchPolicy.wasmtime_share` and :attr:`SearchPolicy.browser_share` for the WebAssembly
builds, :func:`tiangow.search.core_budget_share`).

A policy's :attr:`~SearchPolicy.version` is a fingerprint of the knobs that change what is played
or shown as advice: the deals the course offers to learn from (``tiangow.drills.session.LEARNABLE``)
record the version they were found with, and a test fails when the policy changed and they were
not found again.

>>> p = POLICY.plan(8, coach=True)                # the coach, 8 tiles a hand: played out
>>> p.samples, p.exact, p.budget, p.ending, p.own_best
(96, False, 4500000, 5, True)
>>> p = POLICY.plan(5, coach=True)                # exact from 6 tiles; 4 times the samples from 5
>>> p.samples, p.exact, p.budget
(128, True, 3000000)
>>> POLICY.plan(5)                                # a table's search bot: 8 deep samples, no budget
Plan(samples=8, exact=True, budget=None, ending=None, own_best=False, max_discards=3)
>>> POLICY.but(coach_samples=8).plan(3, coach=True).samples
32
"""

from __future__ import annotations

import dataclasses
import zlib
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SearchPolicy", "Plan", "POLICY", "PolicyError"]


class PolicyError(ValueError):
    """A knob given a value it cannot take (the message says which and why)."""


def _knob(value: Any, what: str, plays: bool = True) -> Any:
    """A field with its default and what it is (one line; docs/policy.md says the rest).
    ``plays``: whether it changes what is played or shown as advice (and so the version)."""
    return field(default=value, metadata={"what": what, "plays": plays})


@dataclass(frozen=True)
class Plan:
    """What one decision gets (:meth:`SearchPolicy.plan`)."""

    samples: int
    """Deals of the hidden tiles to score every option on (with a budget: at most this many)."""
    exact: bool
    """Whether each deal is searched exactly (else played out: see :attr:`ending`)."""
    budget: int | None
    """Positions of exact search the decision may spend (``None``: no limit). Exact deals past it
    are not searched; where fewer than :attr:`SearchPolicy.min_exact_samples` fit, the deals
    are played out instead, the playouts' exact endings within the same budget."""
    ending: int | None
    """When the deals are played out: from how many tiles a hand each playout ends by exact
    search (``None``: the rule-based player plays it to the end)."""
    own_best: bool
    """In a playout with an exact ending (also one the decision falls back to), the seat's own
    steps before it are its best in that deal, the others playing as the rule-based player (else
    the rule-based player plays it too)."""
    max_discards: int
    """Discards tried besides the plays while the search is not exact."""


@dataclass(frozen=True)
class SearchPolicy:
    """The coach's, the bots' and the search's knobs (module text; docs/policy.md)."""

    # --- the coach's deals of the hidden tiles ------------------------------------------------
    coach_samples: int = _knob(32, "deals a hint scores each option on, before the factors below")
    late_tiles: int = _knob(5, "from this many tiles a hand down, a hint has late_samples_factor times the deals")
    late_samples_factor: int = _knob(4, "times the deals a hint has from late_tiles down")
    early_samples_factor: int = _knob(3, "times the deals a hint has above late_tiles, on a fast enough core")
    early_factor_share: float = _knob(0.5, "the least core share that gets early_samples_factor (else 1)")
    early_factor: int | None = _knob(None, "times the deals above late_tiles; None: by the core's share")
    # --- how the coach scores a deal ------------------------------------------------------------
    coach_exact_tiles: int = _knob(6, "from this many tiles a hand, each of a hint's deals is searched exactly")
    coach_ending: int | None = _knob(5, "earlier, a playout ends by exact search from this many tiles a hand")
    coach_own_best: bool = _knob(True, "a playout takes the seat's own best steps before its exact ending")
    # --- the coach's budgets (positions of exact search, for the extension) ---------------------
    coach_budget: int | None = _knob(1_500_000, "a hint's budget where its deals are searched exactly (None: no limit)")
    early_budget: int = _knob(700_000, "at 6 tiles a hand or more searched exactly, this times the deals' factor")
    playout_budget: int = _knob(4_500_000, "the playouts' exact endings' budget above coach_exact_tiles")
    late_budget_factor: int = _knob(2, "times coach_budget from late_tiles tiles a hand down")
    tiered_budget: bool = _knob(True, "the budgets above by the position; False: coach_budget everywhere, unscaled")
    # --- the search bots ------------------------------------------------------------------------
    bot_samples: int = _knob(20, "deals a search bot scores each option on")
    bot_exact_tiles: int = _knob(5, "from this many tiles a hand, a search bot searches each deal exactly")
    bot_budget: int | None = _knob(None, "a search bot's budget of positions of exact search (None: no limit)")
    bot_ending: int | None = _knob(None, "a search bot's playouts end by exact search from this many tiles")
    bot_own_best: bool = _knob(False, "a search bot's playouts take its own best steps before the ending")
    deep_samples: int | None = _knob(8, "at most this many deals searched exactly without a budget from 5 tiles")
    max_discards: int = _knob(3, "discards tried besides the plays while the search is not exact")
    strong_samples: int = _knob(20, "deals a decision of lesson 08's strong opponents (the coach's model)")
    strong_early_factor: int = _knob(1, "times those deals above late_tiles (1: three opponents' moves stay quick)")
    # --- the budgets' rules -----------------------------------------------------------------------
    budget_from: int = _knob(4, "from how many tiles a hand an exact budget applies")
    sample_share: int = _knob(8, "one deal may take at most 1/sample_share of the budget, else it is left out")
    min_exact_samples: int = _knob(1, "fewer exact deals than this within the budget: played out instead")
    min_ending_samples: int = _knob(8, "fewer playouts than this within the budget: the endings start later")
    last_ending: int = _knob(3, "the latest start of a playout's exact ending")
    # --- marks, figures and words -------------------------------------------------------------------
    best_margin_exact: float = _knob(0.25, "short of the best by at most this (exact deals): marked best")
    best_margin_played: float = _knob(0.3, "the same with played-out deals")
    fine_margin_exact: float = _knob(1.0, "short of the best by at most this (exact deals): marked fine")
    fine_margin_played: float = _knob(1.5, "the same with played-out deals")
    play_error: int = _knob(6, "about how far a shown net lands from play (said in the hint's method)", plays=False)
    likely: float = _knob(0.75, "a share of the deals from which the coach may say \"likely\"", plays=False)
    rarely: float = _knob(0.25, "a share of the deals up to which the coach may say \"rarely\"", plays=False)
    principles_samples: int = _knob(8, "deals each principle's position is judged on")
    principles_holds_from: float = _knob(0.9, "a principle holding this often is taught as a rule")
    # --- the review and the searches ahead --------------------------------------------------------
    review_nodes: int = _knob(1_000_000, "positions the review's open-hands search may visit from a trick's start")
    review_wait: float = _knob(3.0, "seconds the review waits for the search ahead", plays=False)
    ahead_nodes: int = _knob(1_000_000_000, "positions a search ahead may visit")
    ahead_seconds: int = _knob(300, "processor seconds a search ahead's process may use", plays=False)
    job_step: int = _knob(20_000_000, "positions between two looks at a job's processor time", plays=False)
    steps_seconds: float = _knob(300.0, "seconds of work a job in steps may take in all", plays=False)
    step_seconds: float = _knob(0.1, "about how long one step of a job in steps takes", plays=False)
    step_pause: float = _knob(0.1, "seconds the event loop is left free between two steps", plays=False)
    max_running: int = _knob(2, "searches ahead running at once (each a process)", plays=False)
    # --- the cores' shares of the budgets ---------------------------------------------------------
    wasmtime_share: float = _knob(0.75, "the budgets' share for the WebAssembly core on wasmtime")
    browser_share: float = _knob(0.5, "the budgets' share for the WebAssembly core in the browser")
    # --- compiled into the core (scripts.make_core_abi writes them into core/abi.h) -------------
    win_floor_from: int = _knob(5, "core: from this many tiles, ask at a trick's start whether the seat forces the win")
    win_floor_grace: int = _knob(32, "core: asked this many times within one search of a window while it pays")
    win_floor_rate: int = _knob(4, "core: then while it finds a win at least once in this many times")
    lead_through_from: int = _knob(4, "core: from this many tiles, the other three's leads are ordered as a side")
    relaxed_from: int = _knob(4, "core: from this many tiles, ask the relaxed game for a bound")
    relaxed_discards: int = _knob(3, "core: where this many of the replies left are discards")

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            v, kind = getattr(self, f.name), str(f.type)
            if v is None and kind.endswith("| None"):
                continue
            if kind == "bool":
                if not isinstance(v, bool):
                    raise PolicyError(f"{f.name} is True or False, not {v!r}")
            elif kind.startswith("int"):
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise PolicyError(f"{f.name} is a whole number, 0 or more{' or None' * (kind != 'int')}, "
                                      f"not {v!r}")
            elif isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v < float("inf"):
                raise PolicyError(f"{f.name} is a number, 0 or more, not {v!r}")
        for name in ("coach_samples", "bot_samples", "late_samples_factor", "early_samples_factor",
                     "late_budget_factor", "sample_share", "strong_samples", "strong_early_factor",
                     "principles_samples"):
            if getattr(self, name) < 1:
                raise PolicyError(f"{name} is at least 1, not {getattr(self, name)!r}")
        if self.early_factor is not None and self.early_factor < 1:
            raise PolicyError(f"early_factor is a whole number of times the deals, 1 or more, "
                              f"not {self.early_factor!r}")
        for name in ("coach_ending", "bot_ending"):
            if (getattr(self, name) or 0) > 5:
                raise PolicyError(f"{name} is at most 5: the core's playouts end exactly from 5 tiles a hand at most "
                                  f"(from 6 its searches need the big table), not {getattr(self, name)!r}")
        for name in ("coach_budget", "bot_budget"):
            if getattr(self, name) == 0:
                raise PolicyError(f"{name} is a positive number of positions or None, not 0")

    def but(self, **changes: Any) -> SearchPolicy:
        """This policy with ``changes`` (knob names as the fields'); an unknown knob or a value
        it cannot take is a :class:`PolicyError`."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise PolicyError(f"no knob named {', '.join(unknown)} (see docs/policy.md)")
        return dataclasses.replace(self, **changes)

    @property
    def version(self) -> str:
        """A fingerprint of the knobs that change what is played or shown as advice: eight hex
        digits, the same for the same values.

        >>> POLICY.version == POLICY.but(step_pause=0.2).version, POLICY.version == POLICY.but(coach_samples=8).version
        (True, False)
        """
        played = [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self) if f.metadata["plays"]]
        return f"{zlib.crc32(repr(played).encode()):08x}"

    def early_factor_for(self, share: float) -> int:
        """The times its deals a hint has above :attr:`late_tiles` on a core of ``share``."""
        if self.early_factor is not None:
            return self.early_factor
        return self.early_samples_factor if share >= self.early_factor_share else 1

    def plan(self, tiles: int, share: float = 1.0, coach: bool = False, samples: int | None = None) -> Plan:
        """What a decision with ``tiles`` tiles in the seat's hand gets: a coach's hint
        (``coach``) or a search bot's move, on a core of ``share`` (the budgets' share it gets
        through in the extension's time). ``samples`` instead of the policy's own deals (before
        the coach's factors)."""
        if coach:
            factor = self.early_factor_for(share)
            n = (self.coach_samples if samples is None else samples) * (
                self.late_samples_factor if tiles <= self.late_tiles else factor)
            exact = tiles <= self.coach_exact_tiles
            budget = self._coach_budget(tiles, share, factor)
            ending, own_best = self.coach_ending, self.coach_own_best
        else:
            n = self.bot_samples if samples is None else samples
            exact = tiles <= self.bot_exact_tiles
            budget, ending, own_best = self.bot_budget, self.bot_ending, self.bot_own_best
        if exact and tiles < self.budget_from:
            budget = None  # every deal is cheap
        if exact and budget is None and tiles >= 5 and self.deep_samples:
            n = min(n, self.deep_samples)
        n = max(1, n)
        ending = None if ending is None or tiles <= 1 else min(ending, tiles - 1)
        return Plan(n, exact, budget, ending, own_best, self.max_discards)

    def _coach_budget(self, tiles: int, share: float, factor: int) -> int | None:
        budget = self.coach_budget
        if budget is None or not self.tiered_budget:
            return budget
        whole = int(budget * share)
        if tiles > self.coach_exact_tiles and factor > 1:
            return int(self.playout_budget * share)
        if tiles <= self.late_tiles:
            return whole * self.late_budget_factor
        if 6 <= tiles <= self.coach_exact_tiles:
            return min(whole, int(self.early_budget * factor * share))
        return whole

    def margins(self, exact: bool) -> tuple[float, float]:
        """How far short of the best an action may fall and be marked best, and fine."""
        return ((self.best_margin_exact, self.fine_margin_exact) if exact
                else (self.best_margin_played, self.fine_margin_played))

    def core_tuning(self) -> dict[str, int]:
        """The knobs compiled into the search's core, as ``tiangow/core/abi.h`` names them."""
        return {name.upper(): getattr(self, name) for name in (
            "win_floor_from", "win_floor_grace", "win_floor_rate", "lead_through_from", "relaxed_from",
            "relaxed_discards")}


POLICY = SearchPolicy()
"""The policy the package plays and teaches with."""
