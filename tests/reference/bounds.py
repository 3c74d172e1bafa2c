"""A floor under the exact search: what a seat is sure to get from a position at least, however
the hand is played from there — the readable statement of ``net_floor``, ``net_ceiling`` and
``win_bound`` in tiangow/core/bounds.h, which tests/test_search_bounds.py holds the core to.

The search of :mod:`tiangow.search` asks, at every position, whether the seat it searches for
(``me``) gets at least some value (``beta``); where the floor already reaches it, nothing below
needs searching. The floor is the worst of what is still possible for ``me`` (R-$1–R-$11):

- winning the hand is worth more than 0 to its winner under every settlement (checked over all
  of them in tests/test_search_bounds.py), so the worst is to lose;
- a loser pays 5, 3, 2, 1 or 0 for 0–4 stacks and is paid from 5 (R-$1–R-$3), and stacks only
  grow: the worst is to pay for the stacks ``me`` is sure of (:meth:`Floor.sure_stacks`), times
  the banker's ``m`` where ``me`` or the winner is the banker (RULES §6), and the largest finish
  multiplier still possible (R-$4): 包尊 ×2 if another seat holds a supreme (R-$7), 四大包 ×4 if
  a quad (R-$8), 么結 ×2 if another seat holds 1-2, or 1-5 under the civil supreme, and ``me``
  cannot stop it (R-$9), and ×4 for 八支 (×2 for 七支 where 八支 cannot be: :meth:`Floor.sweep`)
  while ``me`` has no stack and at most one seat has any (R-$11) — no more than that seat can
  force against ``me`` where it leads next (:meth:`Floor.sweep_mult`: ``me`` beats what it
  can), and nothing from a seat that has lost the trick under way or cannot beat what stands
  in it; where ``me`` leads every trick left with plays nobody can beat, what it collects as
  the winner;
- less the rewards ``me`` may still pay during play: 2 for every supreme and 4 for every quad
  another seat holds (R-$5, R-$6) and 2 for a pair of 1-6 under 擒尊, each ×m where ``me`` or
  that seat is the banker, and 2·m or 4·m for the trick under way if another seat's supreme or
  quad stands in it — but a supreme or quad that wins the last trick earns no reward (R-$7,
  R-$8, unless the variant pays both), and 1-2 led alone breaks the supreme that holds it
  (R-$9), so each seat's finish is counted with the reward it forgoes (the worst of its ways),
  and nothing held earns one in the last trick;
- where ``me`` could still be captured (R-$10: it holds 1-2, or 1-5 under the civil supreme,
  and another seat holds the tile that captures it), which happens only when it leads that tile
  alone into the last trick: the floor of ``me`` getting rid of it at its next play (so without
  cashing), and none where that tile is all it will lead the last trick with; none under rules
  not scored.

The position of :mod:`tiangow.search`'s example: East (the banker, m = 2) has taken five
stacks and leads; South holds 天 地 人 and takes the last three tricks.

>>> from tiangow import Deal, parse_tiles
>>> from tiangow.search import solve
>>> d = Deal([parse_tiles("66 11 44 13 55 33 22 56"), parse_tiles("66 11 44 13 55 33 22 56"),
...           parse_tiles("46 46 16 16 15 15 36 45"), parse_tiles("26 35 25 34 24 23 14 12")])
>>> for t in "66 11 44 13 55".split():
...     _ = d.play(t)
...     for seat in (1, 2, 3):
...         _ = d.discard(d.holding(seat)[-1:])
>>> st = d.snapshot()
>>> bounds = Floor.for_rules(st.rules)
>>> bounds(st, 0), solve(d, 0)     # East, a loser with 5 stacks at worst, is paid 1 (入一)
(1, 1)
>>> bounds(st, 2), solve(d, 2), bounds.ceiling(st, 2)   # West: 空棟 to the banker at best
(-20, -20, -10)
"""

from __future__ import annotations

from typing import ClassVar, Final

from tests.reference.symmetry import Canon, canon_for
from tiangow import packed
from tiangow.combos import Kind
from tiangow.rules import Rules
from tiangow.state import State, every_higher

__all__ = ["Floor"]

_PAYS: Final = (5, 3, 2, 1)
"""What a loser pays with 0–3 stacks (R-$1, R-$2)."""

_QUALIFIES: Final = 1 << 63
"""In the ``avail`` of :meth:`Floor.sweep_mult` (past every field of a packed holding): the
seat searched for has a stack, so it may take a last trick of one tile (R-W2)."""


class Floor:
    """The floor of one rule set (built once a rule set: :meth:`for_rules`)."""

    _made: ClassVar[dict[Rules, Floor]] = {}

    def __init__(self, rules: Rules) -> None:
        cn: Canon = canon_for(rules)
        self.rules = rules
        self.scored = rules.scored
        self.plays_of = cn.plays_of
        plays = cn.tab.plays
        single = {c.tiles[0].notation: c for c in plays if c.size == 1}
        self.m12, self.m24 = single["1-2"].mask, single["2-4"].mask
        self.m15, self.m16 = single["1-5"].mask, single["1-6"].mask
        self.id12, self.id15 = single["1-2"].id, single["1-5"].id
        self.beaten_by = cn.beaten_by
        self.plays = plays
        # R-$11: a sweep ends in 八支 (×4) only with a last trick of 2+ tiles, or a single every
        # higher tile of whose class was shown (under the Wikipedia reading, more often).
        self.multi = sum(1 << c.id for c in plays if c.size >= 2)
        self.singles = sum(1 << c.id for c in plays if c.size == 1)
        wiki = rules.eight_stack_rule == "wikipedia"
        self.higher = tuple(0 if wiki or c.size != 1 else every_higher(c.tiles[0]) for c in plays)
        self.size_groups = tuple(sum(1 << c.id for c in plays if c.size == k) for k in (1, 2, 3, 4))
        self.beat12, self.beat15 = cn.beaten_by[self.id12], cn.beaten_by[self.id15]
        self.civil = rules.civil_supreme
        self.free_split = rules.free_split
        self.supremes = sum(1 << c.id for c in plays if c.kind is Kind.SUPREME)
        self.quads = sum(1 << c.id for c in plays if c.kind is Kind.QUAD)
        # the supremes that hold 1-2, and those that hold 1-5: leading that tile alone into the
        # last trick (么結) forgoes their reward (R-$5, R-$9)
        self.sup_with12 = sum(1 << c.id for c in plays if c.kind is Kind.SUPREME and packed.contains(c.mask, self.m12))
        self.sup_with15 = sum(1 << c.id for c in plays if c.kind is Kind.SUPREME and packed.contains(c.mask, self.m15))
        pair16 = [c.mask for c in plays if c.size == 2 and c.mask == 2 * self.m16]
        self.pair16 = pair16[0] if pair16 and rules.capture_civil_supreme else 0
        self.by_mask = cn.by_mask
        # me's ways of keeping a sweep low (sweep_bound) need free splitting and no variant
        # that names 1-5 or 1-6
        self.plain_sweeps = rules.free_split and not rules.civil_supreme and not rules.capture_civil_supreme
        self._sweeps: dict[tuple[int, int, int], int] = {}

    @classmethod
    def for_rules(cls, rules: Rules) -> Floor:
        found = cls._made.get(rules)
        if found is None:
            found = cls._made[rules] = cls(rules)
        return found

    @staticmethod
    def quick(st: State, me: int) -> int:
        """An upper bound on :meth:`__call__` that costs little: a loser's payment for the most
        stacks :meth:`sure_stacks` could give ``me``, times ``m`` (0 from 4 stacks); where me
        leads next, at least what it would collect as the winner, times ``m``."""
        stacks = st.stacks
        s = stacks[me]
        if st.best_seat == me if st.size else st.to_play == me:
            s += st.size + packed.size(st.h[me])
            win = 0
            for o in range(4):
                if o != me and stacks[o] < 4:
                    win += _PAYS[stacks[o]]
            return max(min(s - 4, 2) if s >= 4 else -_PAYS[s] * st.m, win * st.m)
        return min(s - 4, 2) if s >= 4 else -_PAYS[s] * st.m

    @staticmethod
    def least_ceiling(st: State, me: int) -> int:
        """A lower bound on :meth:`ceiling` that costs nothing: what ``me`` would pay with the
        stacks it has, times ``m``."""
        s = st.stacks[me]
        return 0 if s >= 4 else -_PAYS[s] * st.m

    def cash(self, held: int, against: int) -> tuple[int, int]:
        """How many of the tiles ``held`` a seat with the lead can lead, one play after another
        and keeping the lead, in plays nobody holding the plays ``against`` (bits of their
        ids) can beat; and the tiles left (R-P1, R-P3; singles first)."""
        mine = self.plays_of(held)[0]
        n = 0
        if mine:
            beaten_by, contains, plays = self.beaten_by, packed.contains, self.plays
            for group in self.size_groups:
                bits = mine & group
                while bits:
                    low = bits & -bits
                    bits ^= low
                    i = low.bit_length() - 1
                    if not beaten_by[i] & against:
                        c = plays[i]
                        while contains(held, c.mask):
                            held -= c.mask
                            n += c.size
        return n, held

    def sure_stacks(self, st: State, me: int, others: int, cashing: bool = True) -> tuple[int, int, bool]:
        """The stacks ``me`` is sure of: those it has; the trick under way if its play stands
        there and no seat still to act holds a play that beats it (under 以擒為大 a last trick is
        not counted); and, where me leads next (so), the tiles it can lead in plays no other seat
        can beat (``others``: the plays the other three hold, as bits of their ids), one after
        another, keeping the lead (R-P1, R-P3, R-P5; free splitting only; not ``cashing``: none).
        With the tiles me still holds once those are led, and whether that is every trick left
        (me wins the hand)."""
        s = st.stacks[me]
        held = st.h[me]
        if st.size:
            if st.best_seat != me or st.best is None:
                return s, held, False
            if not st.locked:
                if st.last and self.rules.capture_wins_trick:
                    return s, held, False
                beats = self.beaten_by[st.best.id]
                for i in range(st.acted, 4):
                    if self.plays_of(st.h[(st.leader + i) & 3])[0] & beats:
                        return s, held, False
            s += st.size
            if st.last:
                return s, held, True
        elif st.to_play != me:
            return s, held, False
        if not self.free_split or not cashing:
            return s, held, False
        n, held = self.cash(held, others)
        return s + n, held, not held

    def ceiling(self, st: State, me: int) -> int | None:
        """The most ``me`` can get from ``st`` where another seat leads next (its play stands in
        the trick under way and me cannot beat it, or it is to lead) and can lead all its tiles
        in plays me cannot beat — or, under the rules :meth:`sweep_mult` reads, take every trick
        left by leading them against whatever me keeps: the other three can then see that it
        wins every trick left, so me ends with the stacks it has, a loser (R-W1), its payment
        counted without finishes or rewards (R-$1–R-$4); None elsewhere (free splitting only)."""
        x = self.sweeper(st, me)
        return None if x is None else self.loser_net(st, me, x, st.stacks[me])

    def sweeper(self, st: State, me: int) -> int | None:
        """The seat :meth:`ceiling` finds sure to take every trick left from ``st`` against
        ``me``, or None."""
        if not self.scored or not self.free_split:
            return None
        h = st.h
        mine = self.plays_of(h[me])[0]
        q = _QUALIFIES if st.stacks[me] else 0
        if st.size:
            x = st.best_seat
            if x == me or st.best is None:
                return None
            me_to_act = False
            if not st.locked:
                if st.last and self.rules.capture_wins_trick:
                    return None
                me_to_act = any((st.leader + i) & 3 == me for i in range(st.acted, 4))
                if me_to_act and mine & self.beaten_by[st.best.id]:
                    return None
            if st.last:
                led = st.led.id if st.led is not None else -1
                if st.leader != x and (led == self.id12 or (self.civil and led == self.id15)):
                    return None  # x may capture the leader, who alone then pays (R-$10)
            elif self.cash(h[x], mine)[1]:
                # x leads every trick left: it takes them all against whatever me keeps
                if not self.plain_sweeps:
                    return None
                if not me_to_act:
                    if not self.sweep_mult(h[x], h[me], q):
                        return None
                elif any(not self.sweep_mult(h[x], h[me] - d, q) for d in packed.subsets(h[me], st.size)):
                    return None
        else:
            to_lead = st.to_play
            if to_lead is None or to_lead == me:
                return None
            if self.cash(h[to_lead], mine)[1] and (not self.plain_sweeps or not self.sweep_mult(h[to_lead], h[me], q)):
                return None
            x = to_lead
        return x

    def win_bound(self, st: State, me: int) -> int | None:
        """For the forced win (the twin of ``win_bound`` in tiangow/core/bounds.h): 1 where ``me``
        is sure to win the hand (it leads every trick left in plays nobody can beat, or its
        play stands unbeatable in the last trick: :meth:`sure_stacks`), 0 where another seat is
        sure to take every trick left (:meth:`sweeper`), else None (R-W1, R-W2)."""
        h = st.h
        others = 0
        for o in range(4):
            if o != me and h[o]:
                others |= self.plays_of(h[o])[0]
        s, _, wins = self.sure_stacks(st, me, others)
        if wins and s >= 2:
            return 1
        return None if self.sweeper(st, me) is None else 0

    def loser_net(self, st: State, me: int, winner: int, s: int) -> int | None:
        """``me``'s settlement as a loser with ``s`` stacks to ``winner``, no finish (R-$1–R-$3);
        None past 6 stacks (then me cannot lose)."""
        if s > 6:
            return None
        if s < 4:
            return -_PAYS[s] * (st.m if st.banker in (me, winner) else 1)
        return (s - 4) * (st.m if winner == st.banker else 1)

    def winner_net(self, st: State, me: int, stacks: tuple[int, ...]) -> int:
        """``me``'s settlement as the winner with the other seats' final ``stacks``, no finish
        (R-$1–R-$3)."""
        total = 0
        for o in range(4):
            if o == me:
                continue
            t = stacks[o]
            if t < 4:
                total += _PAYS[t] * (st.m if st.banker in (me, o) else 1)
            elif t > 4:
                total -= (t - 4) * (st.m if me == st.banker else 1)
        return total

    def win_floor(self, st: State, me: int) -> int | None:
        """The least ``me`` gets as the winner of the hand from the trick start ``st`` (the twin
        of ``win_floor`` in tiangow/core/bounds.h): the others end with the stacks they have or more,
        me with at least one more (the last trick) and at least 2 (R-W2), less the rewards the
        others may still collect (R-$5, R-$6). Finishes and captures only multiply what the
        winner collects, never what it pays out (R-$3, R-$4, R-$10). None under rules not
        scored, and where another seat could still end with 5 stacks or more (there the search
        would ask for a forced win far more often than it finds one)."""
        if not self.scored:
            return None
        stacks = st.stacks
        r = 8 - sum(stacks)
        others = [o for o in range(4) if o != me]
        if any(stacks[o] + r - 1 > 4 for o in others):
            return None
        h, m = st.h, st.m
        imm = 0
        for o in range(4):
            if o == me or not h[o]:
                continue
            held = self.plays_of(h[o])[0]
            f = m if st.banker in (me, o) else 1  # between me and o (R-$5, R-$6)
            imm += 2 * f * (held & self.supremes).bit_count() + 4 * f * (held & self.quads).bit_count()
            if self.pair16 and packed.contains(h[o], self.pair16):
                imm += 2 * f
        least: int | None = None
        for a in range(r):
            for b in range(r - a):
                for d in range(r - a - b):
                    if stacks[me] + r - a - b - d < 2:
                        continue
                    total = 0
                    for o, add in zip(others, (a, b, d), strict=True):
                        t = stacks[o] + add
                        if t < 4:
                            total += _PAYS[t] * (m if st.banker in (me, o) else 1)
                        elif t > 4:
                            total -= (t - 4) * (m if me == st.banker else 1)
                    least = total if least is None or total < least else least
        return None if least is None else least - imm

    def __call__(self, st: State, me: int) -> int | None:
        """The least ``me`` can get from ``st`` to the end of the hand (rewards still to be paid
        during play and the settlement), or None where no floor is worked out."""
        if not self.scored:
            return None
        contains, plays_of = packed.contains, self.plays_of
        h, m = st.h, st.m
        others = imm = imm_other = 0  # rewards others may collect: all, and not from a supreme or quad
        plays = [0, 0, 0, 0]
        hold24 = hold16 = False
        # what passes between me and each seat is multiplied by m where one of them is the banker
        f = [m if st.banker in (me, o) else 1 for o in range(4)]
        for o in range(4):
            if o == me or not h[o]:
                continue
            held = plays[o] = plays_of(h[o])[0]
            others |= held
            imm += 2 * f[o] * (held & self.supremes).bit_count() + 4 * f[o] * (held & self.quads).bit_count()
            if self.pair16 and contains(h[o], self.pair16):
                imm_other += 2 * f[o]
            hold24 = hold24 or contains(h[o], self.m24)
            hold16 = hold16 or contains(h[o], self.m16)
        imm += imm_other
        # me holds the tile another seat may capture (R-$10): it is captured only by leading it
        # alone into the last trick. In the last trick it no longer leads; where that tile is all
        # it will have to lead the last trick with, no floor; else the floor is of me getting rid
        # of it at its next play (leading it, or putting it in what it plays), so without cashing.
        acted = 0  # the seats that have played in the trick under way
        if st.size:
            for i in range(st.acted):
                acted |= 1 << ((st.leader + i) & 3)
        risk = ((contains(h[me], self.m12) and hold24) or (self.civil and contains(h[me], self.m15) and hold16))
        if risk and not (st.size and st.last):
            if packed.size(h[me]) == 1 and (acted >> me & 1 or (not st.size and st.to_play == me)):
                return None
        else:
            risk = False
        stacks = st.stacks
        sure, kept, wins = self.sure_stacks(st, me, others, not risk)
        if wins:
            # me leads every trick left with plays nobody can beat: it wins the hand, the
            # others keep the stacks they have, and nobody else can collect a reward
            return self.winner_net(st, me, st.stacks)
        # 么結 needs the lowest led alone into the last trick and winning it: me stops it by
        # keeping to the end a single that beats it (one it does not lead to be sure of its
        # stacks), once it has a stack to qualify (R-W2) — with free splitting (else it may have
        # to lead that single inside a combination), and only one of the two lowest.
        mine = plays_of(kept)[0] if sure and self.free_split and kept and not risk else 0
        if self.civil and others >> self.id12 & 1 and others >> self.id15 & 1:
            mine = 0  # me keeps one tile to the end: it cannot stop both 1-2 and 1-5
        lowest = 0
        if not mine & self.beat12:
            lowest |= 1 << self.id12
        if self.civil and not mine & self.beat15:
            lowest |= 1 << self.id15
        # What each other seat could finish the hand with, winning its last trick (R-$7–R-$9):
        # ×4 with a quad, ×2 with a supreme or the lowest led — and the reward that way forgoes:
        # a supreme or quad winning the last trick earns none (R-$7, R-$8; unless the variant
        # pays both), and the lowest led alone breaks the supreme that holds it (R-$5, R-$9).
        ways: list[list[tuple[int, int]]] = [[], [], [], []]
        forgo = not self.rules.finish_collects_immediate
        if st.size and st.last:
            led = st.led.id if st.led is not None else -1
            if st.leader == me and led in (self.id12, self.id15) and (led == self.id12 or self.civil):
                return None
            # the last lead is made: no supreme can come, and the lowest only as led; nothing
            # held earns a reward now (R-$5, R-$6: not in the last trick)
            if forgo:
                imm = imm_other
            for o in range(4):
                if o != me and plays[o] & self.quads:
                    ways[o].append((4, 0))
            if st.leader != me and (1 << led) & lowest:
                ways[st.leader].append((2, 0))
            if st.best_seat != me and st.best is not None:
                kind = st.best.kind
                if kind is Kind.QUAD:
                    ways[st.best_seat].append((4, 0))
                    if not forgo:
                        imm += 4 * m
                elif kind is Kind.SUPREME:
                    ways[st.best_seat].append((2, 0))
                    if not forgo:
                        imm += 2 * m
                elif st.locked:
                    imm += 2 * m
        elif not st.size and st.left == 1:
            # the last trick, of single tiles, is to be led: no supreme, quad or reward is left
            imm = 0
            if st.leader != me and plays[st.leader] & lowest:
                ways[st.leader].append((2, 0))
        else:
            for o in range(4):
                if o == me:
                    continue
                held = plays[o]
                if held & self.quads:
                    ways[o].append((4, 4 * f[o] if forgo else 0))
                if held & self.supremes:
                    ways[o].append((2, 2 * f[o] if forgo else 0))
                if (held & lowest) >> self.id12 & 1:
                    ways[o].append((2, 2 * f[o] if held & self.sup_with12 else 0))
                if self.civil and (held & lowest) >> self.id15 & 1:
                    ways[o].append((2, 2 * f[o] if held & self.sup_with15 else 0))
            if st.size and st.best_seat != me and st.best is not None:
                if st.best.kind is Kind.SUPREME:
                    imm += 2 * m
                elif st.best.kind is Kind.QUAD:
                    imm += 4 * m
                elif st.locked:
                    imm += 2 * m
        s = sure
        if s >= 4:
            return min(s - 4, 2) - imm  # a loser with 5 or 6 stacks is paid (R-$3)
        pay = _PAYS[s]
        loss = pay * m  # no finish, every reward (the banker may win)
        for o in range(4):
            for mult, cost in ways[o]:
                loss = max(loss, pay * f[o] * mult - cost)
        holders = (stacks[0] > 0) + (stacks[1] > 0) + (stacks[2] > 0) + (stacks[3] > 0)
        if s == 0 and holders <= 1:
            # another seat could take all 8 stacks: 七支/八支 with its own finish (R-$11) — not
            # one that has lost this trick or cannot beat what stands, and no more than
            # sweep_bound where me can keep it to that (one seat at a time — the one that leads
            # next, or the only one with stacks — and none while me must get rid of a tile that
            # could be captured: risk)
            plain = self.plain_sweeps and not risk
            for x in range(4):
                if x == me or (holders and not stacks[x]):
                    continue
                if st.size and st.best is not None:
                    if acted >> x & 1 and st.best_seat != x:
                        continue  # it has lost this trick
                    if (not acted >> x & 1 and not (st.last and self.rules.capture_wins_trick)
                            and (st.locked or not plays[x] & self.beaten_by[st.best.id])):
                        continue  # it cannot beat what stands
                sw = self.sweep(st, me, x)
                b = self.sweep_bound(st, me, x, acted, holders == 1) if plain else -1
                for mult, cost in [(1, 0), *ways[x]]:
                    most = mult * sw
                    if b >= 0:
                        most = min(most, b)
                    loss = max(loss, pay * f[x] * most - cost)
        return -loss - imm

    def sweep_mult(self, hx: int, hm: int, avail: int) -> int:
        """The finish multiplier a seat gets by leading every trick left with the tiles ``hx``
        against ``me`` holding ``hm`` (as many tiles) with no stack, me playing to stop it or,
        failing that, to keep it low; 0 where me can take a trick (then nobody takes all
        eight). Before the last trick me beats any play it can; in the last trick the seat's play
        is all its tiles, and me, with no stack, cannot take a last trick of one tile (R-W2).
        The other two only discard (face down: had one of them played a tile face up, it would
        take the trick). The last trick makes it 八支 (×4) when it is 2+ tiles or a single no
        tile unseen could beat — every higher tile of its class face up (``avail``: what is face
        up now and the tiles the seat leads, all face up) — else 七支 (×2) (R-$11), times 包尊 ×2
        for a supreme, 四大包 ×4 for a quad, 么結 ×2 for 1-2 (R-$7–R-$9). With ``_QUALIFIES`` in
        ``avail``, me has a stack and may take a last trick of one tile too (:meth:`ceiling`:
        whether the seat can take every trick left at all, more than 0). Twin: sweep_mult in
        tiangow/core/bounds.h."""
        key = (hx, hm, avail)
        found = self._sweeps.get(key)
        if found is not None:
            return found
        t = packed.size(hx)
        xs = self.plays_of(hx)[0]
        ms = self.plays_of(hm)[0]
        beaten_by, plays = self.beaten_by, self.plays
        best = 0
        bits = xs
        while bits and best < 32:
            low = bits & -bits
            bits ^= low
            i = low.bit_length() - 1
            p = plays[i]
            if p.size == t:  # the last trick
                if p.size > 1 or avail & _QUALIFIES:
                    q = self.by_mask.get(hm)
                    if q is not None and beaten_by[i] >> q.id & 1:
                        continue
                v = 4 if p.size > 1 or packed.contains(avail & ~_QUALIFIES, self.higher[i]) else 2
                if p.kind is Kind.QUAD:
                    v *= 4
                elif p.kind is Kind.SUPREME or i == self.id12:
                    v *= 2
            else:
                if ms & beaten_by[i]:
                    continue  # me beats it and takes a stack
                v = 64
                for d in packed.subsets(hm, p.size):
                    if v <= best:
                        break
                    v = min(v, self.sweep_mult(hx - p.mask, hm - d, avail))
            best = max(best, v)
        if len(self._sweeps) > 2_000_000:
            self._sweeps.clear()
        self._sweeps[key] = best
        return best

    def sweep_bound(self, st: State, me: int, x: int, acted: int, alone: bool) -> int:
        """The most seat ``x``, all of whose stacks so far are its own, can multiply the
        settlement by taking every trick left, where ``me`` can keep it to that: x leads next (it
        is to lead, or its play stands where me has played: :meth:`sweep_mult`), or x has still to
        play in this trick (the most over the plays x could beat it with — me, where it plays
        after x, beating that if it can, else discarding; where before, discarding), or x's play stands
        where me has still to play, not in the last trick (0 if me can beat it, else the least
        over me's discards), or me leads next and x, the only seat with stacks (``alone``),
        cannot beat some play me holds (0). -1 where unsure. Twin: sweep_bound in
        tiangow/core/bounds.h."""
        h = st.h
        shown = st.shown + st.up
        if not st.size:
            if st.to_play == x:
                return self.sweep_mult(h[x], h[me], shown + h[x])
            if st.to_play != me or not alone:
                return -1
            xs = self.plays_of(h[x])[0]
            bits = self.plays_of(h[me])[0]
            while bits:
                low = bits & -bits
                bits ^= low
                if not self.beaten_by[low.bit_length() - 1] & xs:
                    return 0
            return -1
        assert st.best is not None
        if not acted >> x & 1:
            if st.locked or st.last:
                return -1
            # the others still to play before x may put tiles face up that x then beats (and
            # what x must beat then is no lower than what stands now)
            avail = shown + h[x]
            for o in range(4):
                if o not in (x, me) and not acted >> o & 1:
                    avail += h[o]
            beats = []
            bits = self.plays_of(h[x])[0] & self.beaten_by[st.best.id]
            while bits:
                low = bits & -bits
                bits ^= low
                beats.append(low.bit_length() - 1)
            if acted >> me & 1:
                return max((self.sweep_mult(h[x] - self.plays[b].mask, h[me], avail) for b in beats), default=0)
            me_first = next(o for o in ((st.leader + i) & 3 for i in range(st.acted, 4)) if o in (me, x)) == me
            discards = packed.subsets(h[me], st.size)
            if me_first:
                # me discards (beating instead could only help it), then x beats
                least = 64
                for d in discards:
                    if not least:
                        break
                    most = 0
                    for b in beats:
                        if most >= least:
                            break
                        most = max(most, self.sweep_mult(h[x] - self.plays[b].mask, h[me] - d, avail))
                    least = min(least, most)
                return least
            # x beats, then me beats that if it can, else discards
            mine = self.plays_of(h[me])[0]
            most = 0
            for b in beats:
                if mine & self.beaten_by[b]:
                    continue
                least = 64
                for d in discards:
                    if least <= most:
                        break
                    least = min(least, self.sweep_mult(h[x] - self.plays[b].mask, h[me] - d, avail))
                most = max(most, least)
            return most
        if st.best_seat != x or st.last:
            return -1
        if acted >> me & 1:
            return self.sweep_mult(h[x], h[me], shown + h[x])
        if not st.locked and self.plays_of(h[me])[0] & self.beaten_by[st.best.id]:
            return 0
        least = 64
        for d in packed.subsets(h[me], st.size):
            if not least:
                break
            least = min(least, self.sweep_mult(h[x], h[me] - d, shown + h[x]))
        return least

    def sweep(self, st: State, me: int, x: int) -> int:
        """The multiplier of seat ``x`` taking all 8 stacks (R-$11) at its worst for ``me``: ×4
        (八支) where ``x`` holds a play of 2+ tiles, or a single whose higher tiles of its class
        are all shown, face up in this trick or held by the others (me can keep one of its own
        unseen), or the last trick is under way; else ×2 (七支)."""
        if st.size and st.last:
            return 4
        h = st.h
        plays = self.plays_of(h[x])[0]
        if plays & self.multi:
            return 4
        avail = st.shown + st.up
        for o in range(4):
            if o != me:
                avail += h[o]
        contains = packed.contains
        bits = plays & self.singles
        while bits:
            low = bits & -bits
            bits ^= low
            if contains(avail, self.higher[low.bit_length() - 1]):
                return 4
        return 2
