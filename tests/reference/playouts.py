"""The search bot's playouts stated in Python: the oracle the search's compiled core is held to.

The package plays every playout in the core (:meth:`tiangow.players.SearchBot._playouts`, through
:func:`tiangow.search.core_playouts`). :class:`StatementBot` is the same bot with each playout
stated here instead — the rule-based player in every seat (in the seat's own, with its best
steps, the step that ends with the most for it against the rule-based play of the other three),
then from the ending's tiles a line of best play — and its discards chosen by the rule-based
player's statement (``tests/reference/rule.py``). ``tests/test_playout_core.py`` holds every
build of the core to it: the same figures, the same positions searched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tests.reference.rule import RuleMemo, knowledge_key, lowest_discards, remembered
from tiangow.players.rule import rule_move
from tiangow.players.search import SearchBot, _follow, _Tally
from tiangow.search import INF, TT, rule_line, solve, solve_above
from tiangow.state import State, Step

__all__ = ["StatementBot"]


class StatementBot(SearchBot):
    """:class:`tiangow.players.SearchBot` with its playouts and its discards stated in Python."""

    def _playouts(self, st: State, me: int, moves: Sequence[Step], ending: int | None,
                  own_best: bool) -> list[tuple[Step, int, _Tally]]:
        memo: RuleMemo = {}
        rule = remembered(memo)
        known: dict[tuple[object, ...], tuple[int, int]] = {}  # this sample's endings, shared by its options
        out = []
        for mv in moves:
            tally = _Tally()
            policy = rule if ending is None else self._ending(me, ending, own_best, known, rule)
            out.append((mv, _follow(st, me, mv, policy, tally), tally))
        return out

    def _candidates(self, st: State, few: bool = False) -> list[Step]:
        moves = st.moves()
        if self.plan_for(st.left).exact and not few:
            return moves
        return [m for m in moves if type(m) is not int] + lowest_discards(st, self.max_discards)

    def _ending(self, me: int, tiles: int, own_best: bool = False,
                known: dict[tuple[object, ...], tuple[int, int]] | None = None,
                rule: Callable[[State], Step] = rule_move,
                steps: dict[tuple[int, ...], list[Step]] | None = None) -> Callable[[State], Step]:
        """The steps of a playout: the rule-based player in every seat until each hand has
        ``tiles`` tiles or fewer, then a line of best play (every seat), so that the playout's
        net from there is that position's exact value for ``me``. With ``own_best``, ``me``'s
        own steps before then are its best in this sample (see the class text); ``known``: what
        the searches of endings in this sample proved so far, by position (low, high); ``rule``:
        the rule-based player (:func:`~tiangow.players.rule.rule_move`, or it :func:`tests.reference.rule.remembered`);
        ``steps``: ``me``'s steps weighed, kept by :func:`tests.reference.rule.knowledge_key` (they
        depend on nothing else)."""
        line: list[Step] = []
        started = False
        stats = self.stats
        proved: dict[tuple[object, ...], tuple[int, int]] = {} if known is None else known
        weighed: dict[tuple[int, ...], list[Step]] = {} if steps is None else steps

        def ending_value(st: State, floor: int) -> int:
            """The ending's exact value where above ``floor``; else a bound at or below it."""
            key = st.key()
            low, high = proved.get(key, (-INF, INF))
            if low == high or high <= floor:
                return high
            warm = bool(proved)  # every search since the first in ``proved`` was of this sample, for ``me``
            if floor <= -INF:
                v = solve(st, me, stats=stats, warm=warm)
            else:
                v = solve_above(st, me, floor, stats=stats, warm=warm)
            proved[key] = (v, v) if v > floor else (low, min(high, v))
            return v

        def value(st: State, floor: int) -> int:
            """``me``'s net from ``st`` on — its best steps, the others' rule-based ones, exact
            from ``tiles`` — where above ``floor``; else a bound at or below it (alpha-beta
            over ``me``'s choices: a step that cannot beat the best so far is only bounded)."""
            if st.to_play is None:
                return st.final_net()[me]
            if st.left <= tiles:
                return ending_value(st, floor)
            if st.to_play != me:
                return after(st, rule(st), floor)
            best = -INF
            for mv in own_steps(st):
                best = max(best, after(st, mv, max(floor, best)))
            return best

        def own_steps(st: State) -> list[Step]:
            """``me``'s steps weighed: the rule-based player's first (it wins ties), then the rest
            of its candidates, so that its best is never worse than the rule-based player's."""
            key = knowledge_key(st)
            found = weighed.get(key)
            if found is None:
                preferred = rule(st)
                found = weighed[key] = [preferred, *(mv for mv in self._candidates(st, True) if mv != preferred)]
            return found

        def after(st: State, mv: Step, floor: int) -> int:
            paid = st.push(mv)
            try:
                d = 0 if paid is None else paid.net[me]
                return d + value(st, floor - d)
            finally:
                st.pop()

        def step(st: State) -> Step:
            nonlocal started
            if not started and st.left <= tiles:
                started = True
                tt: TT = {}
                # the ending's value, where weighing the seat's steps already proved it (the
                # path followed is the one found best); else a search of its own
                low, high = proved.get(st.key(), (-INF, INF))
                v = low if low == high else solve(st, me, stats=stats, tt=tt)
                line.extend(reversed(rule_line(st, me, v, tt, stats)))
            if started:
                return line.pop()
            if not own_best or st.to_play != me:
                return rule(st)
            chosen: Step | None = None
            best = -INF
            for mv in own_steps(st):  # the first of equals
                v = after(st, mv, best)
                if chosen is None or v > best:
                    chosen, best = mv, v
            assert chosen is not None
            return chosen

        return step

