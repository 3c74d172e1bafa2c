"""The solver: the net a seat can guarantee, bounds on it, each step's value, lines of best
play, and the core's rule-based player, its discards and its playouts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress

from .. import coreabi
from ..deal import Deal
from ..errors import DealError
from ..move import Move
from ..state import State, Step
from . import core as _core
from .core import SearchUnavailable
from .packing import BIG_BITS, BIG_FROM, GOAL_CODE, big_table, context, core_state
from .types import INF, TT, Goal, SearchStats, SearchTooLong


def core_rule_move(st: State) -> Step | None:
    """The rule-based player's choice for the seat to act in ``st``
    (:func:`tiangow.players.rule.rule_move`), as the compiled core makes it (``tests/test_rule_core.py``
    holds every build to its statement in Python, ``tests/reference/rule.py``). ``None`` where no
    core with the rule-based player runs here."""
    if _core._ddcore is None or st.to_play is None or coreabi.SINCE["rule_plays"] > _core._ddcore.ABI:
        return None  # (no core, or a frozen one from before the rule-based player)
    play, tiles = context(st).rule(core_state(st), st.disc[st.to_play])
    return st.tab.plays[play] if play >= 0 else int(tiles)


def core_discards(st: State, n: int) -> list[Step]:
    """The seat to act's ``n`` lowest discards by the rule-based player's keep-values (all of them
    when it has no more), as the compiled core finds them: the discards a search bot tries
    besides its plays. :class:`SearchUnavailable` where no core with them runs here."""
    if _core._ddcore is None or coreabi.DISCARDS_SINCE > _core._ddcore.ABI:
        raise SearchUnavailable(f"the search cannot run here: {_core._WHY_NONE or 'no core with discards in use'}")
    if st.to_play is None or not st.size:
        return []
    return list(context(st).discards(core_state(st), st.disc[st.to_play], n))


def _budget_left(stats: SearchStats) -> int:
    """The positions a call into the core may still visit within ``stats.limit`` (0: no limit);
    :class:`SearchTooLong` where none are left."""
    if not stats.limit:
        return 0
    budget = stats.limit - stats.nodes
    if budget <= 0:
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    return budget


def core_playouts(st: State, me: int, options: Sequence[Step], tiles: int, own_best: bool, max_discards: int,
                  stats: SearchStats) -> list[tuple[int, int, int, int, int, int]]:
    """Each of ``options`` (steps of the seat to act, ``me``) played out in the sample ``st`` as
    :class:`tiangow.players.SearchBot` plays its samples out (its statement in Python,
    ``tests/reference/playouts.py``, is the oracle ``tests/test_playout_core.py`` holds every
    build to): the rule-based player in the
    other seats, in ``me``'s with ``own_best`` its best step in the sample (of the rule-based
    player's and its plays and ``max_discards`` lowest discards), else the rule-based player's,
    then from ``tiles`` tiles a hand a line of best play. The same searches as the statement, so
    the same figures and the same positions counted into ``stats`` (within its limit: past it,
    :class:`SearchTooLong`). ``tiles`` 0: the rule-based player plays on to the end (no ending to
    search). Each option's :data:`tiangow.coreabi.PLAYOUT`. :class:`SearchUnavailable` where no
    core with playouts runs here; a ``ValueError`` for an ending from :data:`BIG_FROM` tiles or
    more (its searches would need the big table: the policy's endings start lower). The searches
    are not listed in ``stats.windows``."""
    core = _core._ddcore
    if core is None or coreabi.PLAYOUT_SINCE > core.ABI:
        raise SearchUnavailable(f"the search cannot run here: {_core._WHY_NONE or 'no core with playouts in use'}")
    if tiles >= BIG_FROM:
        raise ValueError(f"a playout's exact ending starts from {BIG_FROM - 1} tiles a hand at most, not {tiles}")
    budget = _budget_left(stats)
    d = st.disc
    steps = [(-1, step) if type(step) is int else (step.id, 0) for step in options]  # type: ignore[union-attr]
    found, nodes, hits, stores = context(st).playout(core_state(st), (d[0], d[1], d[2], d[3]), me, steps, tiles,
                                                      own_best, max_discards, budget)
    stats.nodes += nodes  # (past the limit where a search gave up, at it where the limit came between searches)
    stats.hits += hits
    stats.tt_size += stores
    if found is None:
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    return [tuple(r) for r in found]


def _core_value(st: State, me: int, goal: Goal, stats: SearchStats, fresh: bool,
                window: tuple[int, int] | None = None, table: int = 0) -> int:
    if st.to_play is None:  # the step just taken ended the hand
        stats.nodes += 1
        return st.final_net()[me] if goal is Goal.NET else int(st.winner == me)
    if fresh and st.left >= BIG_FROM and table == 0:
        big_table()
    lo, hi = _window(goal) if window is None else window
    budget = _budget_left(stats)
    v, nodes, hits, stored = coreabi.Result(*context(st).solve(core_state(st), me, GOAL_CODE[goal], lo, hi, fresh,
                                                                budget, table))
    if v is None:
        stats.hits += hits
        stats.nodes = stats.limit + 1
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    stats.nodes += nodes
    stats.hits += hits
    stats.tt_size += stored
    return int(v)


def searcher(st: State, me: int, goal: Goal, tt: TT, stats: SearchStats,
              warm: bool = False) -> Callable[[int, int], int]:
    """The value of ``st`` for ``me`` as it stands when called, as a function of the window:
    the core's (one table for every call: emptied at the first unless ``warm``, when the search
    just before was of the same sample and its entries serve). ``tt`` is kept for the callers'
    sake: the core's table is its own."""
    if _core._ddcore is None:
        raise SearchUnavailable(f"the search cannot run here: {_core._WHY_NONE or 'no core in use'}")
    calls = [0]

    def value(alpha: int, beta: int) -> int:
        calls[0] += 1
        before = stats.nodes
        v = _core_value(st, me, goal, stats, calls[0] == 1 and not warm, (alpha, beta))
        if stats.windows is not None:
            stats.windows.append((alpha, beta, v, stats.nodes - before))
        return v

    return value


def _window(goal: Goal) -> tuple[int, int]:
    return (-INF, INF) if goal is Goal.NET else (0, 1)


def _exact(value: Callable[[int, int], int], goal: Goal, guess: int = 0, proved: list[int] | None = None) -> int:
    """The exact value of a searcher (:func:`searcher`) for ``goal``. For the net, by searches
    of null windows around a guess, each from the bounds the one before proved (MTD(f), as
    chess and bridge solvers do: cheaper than one search of the whole window, its cuts coming
    from the first bound tried); the win goals are already a null window. ``proved``: a list
    ``[low, high]`` kept up to date with the bounds proved so far (what is left of them if a
    search gives up)."""
    if goal is not Goal.NET:
        return value(0, 1)
    bounds = [-INF, INF] if proved is None else proved
    g = guess
    while bounds[0] < bounds[1]:
        beta = g + 1 if g == bounds[0] else g
        g = value(beta - 1, beta)
        bounds[0 if g >= beta else 1] = g
    return g


def state_of(position: Deal | State, seat: int | None = None) -> State:
    if isinstance(position, Deal):
        if position.natural is not None:
            raise DealError("a natural hand ended this deal at once: there is nothing to search")
        st = position.snapshot()
    elif isinstance(position, State):
        st = position.copy()
    else:
        raise DealError(f"the search reads a tiangow.Deal (or a State), not {type(position).__name__}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3):
        raise DealError(f"seat must be 0–3 (East, South, West, North), not {seat!r}")
    return st


def solve(position: Deal | State, seat: int, goal: Goal = Goal.NET, stats: SearchStats | None = None,
          max_nodes: int | None = None, tt: TT | None = None, warm: bool = False) -> int:
    """The answer to ``goal`` for ``seat`` from ``position``, every tile known: the net it can
    guarantee (``Goal.NET``; 0 when the hand is over), or 1 or 0 (the win goals).

    ``max_nodes``: give up, raising :class:`SearchTooLong`, rather than visit more positions
    than that (a whole hand can take from thousands to a hundred million). ``tt``: the table to
    use (pass it on to :func:`principal_line` to follow a line of the value cheaply). ``warm``:
    the search just before was of the same sample of the hidden tiles for the same ``seat``, so
    the core's table still serves (else it starts empty).

    >>> from tiangow import Deal
    >>> solve(Deal.random(1), 0, Goal.FORCED_WIN)
    0
    >>> solve(Deal.random(14), 0, Goal.FORCED_WIN, max_nodes=1000)
    Traceback (most recent call last):
    ...
    tiangow.search.types.SearchTooLong: the search gave up after 1,000 positions
    """
    st = state_of(position, seat)
    if st.to_play is None:
        return 0 if goal is Goal.NET else int(st.winner == seat)
    stats = SearchStats() if stats is None else stats
    if max_nodes is not None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise DealError(f"max_nodes is a positive whole number, not {max_nodes!r}")
        stats.limit = stats.nodes + max_nodes
    table: TT = {} if tt is None else tt
    v = _exact(searcher(st, seat, goal, table, stats, warm), goal)
    return v


def solve_above(position: Deal | State, seat: int, floor: int, stats: SearchStats | None = None,
                warm: bool = False) -> int:
    """The net ``seat`` can guarantee from ``position`` (as :func:`solve`) where it is above
    ``floor``; where it is not, a bound at or below ``floor`` that it does not exceed — what a
    choice among several needs to know of the ones that cannot beat the best so far, at the
    cost of one search of a null window. ``warm`` as for :func:`solve`.

    >>> from tiangow import Deal
    >>> from tiangow.players.positions import deal_until
    >>> import random
    >>> st = deal_until(random.Random(3), 4).snapshot()
    >>> v = solve(st, 0)
    >>> solve_above(st, 0, v - 1) == v and solve_above(st, 0, v) <= v
    True
    """
    st = state_of(position, seat)
    if st.to_play is None:
        return 0
    stats = SearchStats() if stats is None else stats
    value = searcher(st, seat, Goal.NET, {}, stats, warm)
    g = value(floor, floor + 1)
    if g <= floor:
        return g
    return _exact(value, Goal.NET, g, [g, INF])


def solve_range(position: Deal | State, seat: int, max_nodes: int,
                stats: SearchStats | None = None) -> tuple[int | None, int | None]:
    """The net ``seat`` can guarantee from ``position``, every tile known, as far as a search of
    at most ``max_nodes`` positions proves it: ``(low, high)``, the value lying between them
    (both ends included), equal where the search finished; ``None`` for an end it did not prove.
    The searches are those of :func:`solve` (null windows around 0), each proving one end
    before the next begins, so what the budget allowed is kept when it runs out.

    >>> from tiangow import Deal
    >>> d = Deal.random(3)
    >>> solve_range(d, 0, 10_000_000) == (solve(d, 0),) * 2
    True
    >>> low, high = solve_range(d, 0, 1_000)    # a bound or none, never a wrong one
    >>> (low is None or low <= solve(d, 0)) and (high is None or solve(d, 0) <= high)
    True
    """
    st = state_of(position, seat)
    if st.to_play is None:
        return 0, 0
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise DealError(f"max_nodes is a positive whole number, not {max_nodes!r}")
    stats = SearchStats() if stats is None else stats
    stats.limit = stats.nodes + max_nodes
    table: TT = {}
    value = searcher(st, seat, Goal.NET, table, stats)
    proved = [-INF, INF]
    with suppress(SearchTooLong):
        _exact(value, Goal.NET, 0, proved)
    lo, hi = proved
    return (None if lo == -INF else lo), (None if hi == INF else hi)


class RangeSearch:
    """:func:`solve_range` in steps, for a caller that cannot hand a search to another process
    (the static site's browser): each :meth:`run` searches on for at most so many positions,
    keeping what it proved, so that one search of a whole hand can be spread over the pauses of
    play. It searches in the core's second table, which keeps what a search cut short had
    stored, so the next step goes on from there (other searches use the first). It gives
    :func:`solve_range`'s bounds: once :attr:`done`, the exact value; meanwhile the bounds
    proved so far.

    >>> from tiangow import Deal
    >>> d = Deal.random(3)
    >>> r = RangeSearch(d, 0)
    >>> while not r.run(2_000):
    ...     pass
    >>> r.bounds == solve_range(d, 0, 10_000_000)
    True
    """

    def __init__(self, position: Deal | State, seat: int) -> None:
        self._st = state_of(position, seat)
        self.stats = SearchStats()
        self._proved = [-INF, INF]
        self._guess = 0
        self.gave_up = False
        """Whether it stopped for good short of the exact value (kept for its callers: the
        core's table never makes it give up); :attr:`bounds` says what it proved."""
        if self._st.to_play is None:
            self._proved = [0, 0]
        if _core._ddcore is None:
            raise SearchUnavailable(f"the search cannot run here: {_core._WHY_NONE or 'no core in use'}")
        bits = getattr(_core._ddcore, "BIG_BITS", BIG_BITS)
        if _core._ddcore.table_info(1)[0] != 1 << bits:
            _core._ddcore.set_table_bits(bits, 1)
        st, calls = self._st, [0]

        def value(alpha: int, beta: int) -> int:
            calls[0] += 1  # the first search empties the table, the rest go on from it
            return _core_value(st, seat, Goal.NET, self.stats, calls[0] == 1, (alpha, beta), table=1)

        self._value: Callable[[int, int], int] = value

    @property
    def done(self) -> bool:
        """Whether the exact value is known."""
        return self._proved[0] == self._proved[1]

    @property
    def bounds(self) -> tuple[int | None, int | None]:
        """What is proved so far, as :func:`solve_range` gives it: ``(low, high)``, ``None`` for
        an end not proved yet."""
        lo, hi = self._proved
        return (None if lo == -INF else lo), (None if hi == INF else hi)

    def run(self, max_nodes: int) -> bool:
        """Search on for at most ``max_nodes`` positions (the same searches of null windows as
        :func:`solve_range`, the one cut short taken up again where the table left it); returns
        :attr:`done`."""
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise DealError(f"max_nodes is a positive whole number, not {max_nodes!r}")
        if self.done or self.gave_up:
            return self.done
        bounds = self._proved
        self.stats.limit = self.stats.nodes + max_nodes
        try:
            while bounds[0] < bounds[1]:
                g = self._guess
                beta = g + 1 if g == bounds[0] else g
                g = self._value(beta - 1, beta)
                bounds[0 if g >= beta else 1] = g
                self._guess = g
        except SearchTooLong:
            pass
        finally:
            self.stats.limit = 0
        return self.done


def step_values(st: State, goal: Goal = Goal.NET, tt: TT | None = None,
                stats: SearchStats | None = None) -> list[tuple[Step, int]]:
    """Each step open to the seat to act in ``st`` with its exact value for that seat (for a
    search that samples hidden tiles: ``st`` is one sample; ``tt`` may be shared between
    calls on the same sample)."""
    seat = st.to_play
    if seat is None:
        return []
    stats = SearchStats() if stats is None else stats
    table: TT = {} if tt is None else tt
    value = searcher(st, seat, goal, table, stats)
    out: list[tuple[Step, int]] = []
    guess = 0
    for mv in st.moves():
        paid = st.push(mv)
        dv = 0 if paid is None or goal is not Goal.NET else paid.net[seat]
        guess = _exact(value, goal, guess)  # the step before's value: the first guess
        out.append((mv, dv + guess))
        st.pop()
    return out


def principal_line(st: State, me: int, value: int, tt: TT | None = None, stats: SearchStats | None = None,
                   prefer: Callable[[State], Step] | None = None) -> list[Step]:
    """A line of best play from ``st`` to the end of the hand: every seat's steps, ``me``
    getting its exact net ``value`` (immediate rewards still to come included) and the other
    three holding it there. Where several steps keep the value, ``prefer(st)`` (if given, and
    if it keeps it) is taken, else the first listed. ``st`` is left as it was; ``tt`` may be
    the table of the search that found ``value`` (the same sample).

    Each step is checked with a null-window search (does it keep ``value``?), so the line
    costs little more than the search that valued it (given its ``tt``: with the compiled
    core, whose table is its own, giving ``tt`` says that search was the last one)."""
    stats = SearchStats() if stats is None else stats
    table: TT = {} if tt is None else tt
    search = searcher(st, me, Goal.NET, table, stats, warm=tt is not None)
    line: list[Step] = []
    v = value
    trying = False  # a step taken to be tried, not yet kept or taken back
    try:
        while st.to_play is not None:
            mover = st.to_play
            first = prefer(st) if prefer is not None else None
            steps = st.moves()
            if first is not None and first in steps:
                steps = [first, *(s for s in steps if s != first)]
            for mv in steps:
                paid = st.push(mv)
                trying = True
                d = 0 if paid is None else paid.net[me]
                target = v - d
                if st.to_play is None:
                    c = st.final_net()[me]
                    keeps = c == target
                elif mover == me:
                    keeps = search(target - 1, target) >= target
                else:
                    keeps = search(target, target + 1) <= target
                if keeps:
                    line.append(mv)
                    trying = False
                    v = target
                    break
                st.pop()
                trying = False
            else:
                raise DealError(f"no step keeps the value {value} for seat {me}: it is not this position's value")
    finally:  # also when a search gives up (SearchTooLong) while a step is being tried
        if trying:
            st.pop()
        for _ in line:
            st.pop()
    return line


def rule_line(st: State, me: int, value: int, tt: TT | None = None, stats: SearchStats | None = None) -> list[Step]:
    """:func:`principal_line` with the rule-based player's step preferred wherever it keeps the
    value (``prefer=``:func:`tiangow.players.rule.rule_move`): the coach follows each sample along
    such a line. The compiled core finds the whole line in one call — the same line, step for
    step as :func:`principal_line` preferring the rule-based player's statement
    (``tests/test_rule_core.py``). :class:`SearchUnavailable` where no core with the rule-based
    player runs here."""
    stats = SearchStats() if stats is None else stats
    core = _core._ddcore
    if st.to_play is None:
        return []
    if core is None or coreabi.SINCE["rule_plays"] > core.ABI:
        why = _core._WHY_NONE or "no core with the rule-based player"
        raise SearchUnavailable(f"the search cannot run here: {why}")
    budget = _budget_left(stats)
    d = st.disc
    steps, nodes = context(st).line(core_state(st), (d[0], d[1], d[2], d[3]), me, value, tt is None, budget)
    stats.nodes += nodes
    if steps is None:
        stats.nodes = stats.limit + 1
        raise SearchTooLong(f"the search gave up after {stats.limit:,} positions")
    plays = st.tab.plays
    return [plays[play] if play >= 0 else int(tiles) for play, tiles in steps]


def solve_moves(position: Deal | State, goal: Goal = Goal.NET,
                stats: SearchStats | None = None) -> list[tuple[Move, int]]:
    """Each move of the seat to act with its exact value for that seat."""
    st = state_of(position)
    return [(Move.of(mv), v) for mv, v in step_values(st, goal, None, stats)]


# --- the trick drills' questions ------------------------------------------------------------
