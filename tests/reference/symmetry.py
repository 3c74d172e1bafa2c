"""Positions that play alike: relabelling the tiles no live tile can tell apart — the readable
statement of the relabelling in tiangow/core/symmetry.h (``canon``), which the tests use to check
the core's dominance of discards and its bounds.

The double-dummy search (:mod:`tiangow.search`) keys its transposition table on a position's
*canonical* form and lists only one of the discards whose positions share it. Two positions
share a canonical form when a relabelling of the tile kinds maps one onto the other and keeps
everything the rest of the hand can depend on: the class and rank order of every live tile
(live: held by someone, or in the standing or the led play of the trick in progress), every
combination it can be part of, and the tiles the rules name (RULES §6, §10). Three moves of the
labels do so:

1. **Equal military tiles** (the two nines, eights, sevens, fives) play every role alike:
   which of the two is where is a matter of naming. The canonical form puts the one held by the
   lower seat first.
2. **Families** (天 with its nines, 地 with its eights, 人 with its sevens, 和 with its fives)
   rank in the same order in every class (singles, pairs, 文武 pairs, triples, quads). A family
   with no live tile is gone from the rest of the hand: the live families below move up into
   its place, keeping their order. 2-4 ranks between the sevens and the fives, so while it is
   live 和's family stays where it is; under Wong's rule (R-C5) 天's family is the one a leader
   may split, so it never moves.
3. **Plain civil tiles** (梅 … 銅錘: singles and civil pairs only) close up the same way over
   the dead kinds. 1-6 stays put where it captures (擒尊, or 以擒為大 with the civil supreme),
   and 1-5 where it is the civil supreme (R-C4).

1-2 and 2-4 (the supreme, R-$9, R-$10) never move. And a seat that can never again put down a
play that stands (:meth:`Canon.inert_seats`) will only discard: which tiles it holds cannot
matter, so the canonical form keeps only that it holds them. What was shown face up, and the hand's first
lead, decide only whether an eight-stack finish is 七支 or 八支 (R-$11); while one seat could
still take all eight stacks the search keys on them as they are and uses no relabelling.

>>> from tiangow import Deal, parse_tiles
>>> from tiangow import packed
>>> from tiangow.packed import pack
>>> canon = Canon(Deal.random(1).rules)
>>> def show(hs): return [" ".join(t.notation for t in packed.unpack(h)) for h in hs]
>>> hs = [pack(parse_tiles(t)) for t in ("26 55", "35 33", "25 44", "34 11")]   # no 天 family left
>>> c = canon.holdings(hs, None, None, best_seat=0)   # 地's family moves up into 天's, 人's into 地's
>>> show(c[:4]), c[6]
(['5-5 3-6', '3-3 4-5', '1-1 2-6', '6-6 3-5'], 0)
>>> c = canon.holdings([pack(parse_tiles(t)) for t in ("26 55", "35 33", "25", "34")], None, None, 0)
>>> show(c[:4]), c[6]       # a seven beats nothing the others hold: West and North are inert
(['5-5 3-6', '3-3 4-5', '', ''], 12)
"""

from __future__ import annotations

from typing import Final

from tiangow.combos import Combination, Table, table
from tiangow.packed import contains, excess
from tiangow.rules import Rules

__all__ = ["Canon", "canon_for"]

_FAMILY_SLOTS: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11))
_PLAIN_SLOTS: Final = (12, 13, 14, 15, 16, 17, 18)  # 梅 長 板凳 斧頭 紅頭 高腳 銅錘
_SLOT_16: Final = 17
_SLOT_15: Final = 18
_SLOT_24: Final = 19
_FIELD: Final = 7
_UNIT_LOW: Final = sum(1 << (3 * f) for f in range(21))  # the low bit of every field
_BLOCK: Final = 0o777  # a family: three fields


class Canon:
    """The canonical relabelling under one rule set (see the module's docstring)."""

    def __init__(self, rules: Rules) -> None:
        self.tab: Table = table(rules)
        self.by_mask: dict[int, Combination] = {c.mask: c for c in self.tab.plays}
        # Families that may move: all but 天's under Wong's rule.
        self.movable_families: tuple[int, ...] = (0, 1, 2, 3) if rules.free_split else (1, 2, 3)
        fixed = set()
        if rules.civil_supreme:
            fixed.add(_SLOT_15)
        if rules.civil_supreme or rules.capture_civil_supreme:
            fixed.add(_SLOT_16)
        self.fixed_plain: frozenset[int] = frozenset(fixed)
        self._cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._plays: dict[int, tuple[int, int]] = {}
        # beaten_by[id]: the plays that beat play id, as bits of their ids.
        self.beaten_by: tuple[int, ...] = tuple(sum(1 << o.id for _, o in self.tab.better[c.id])
                                                for c in self.tab.plays)
        self._moves: dict[tuple[int, ...], tuple[tuple[int, int, int], ...]] = {}
        self._undominated: dict[tuple[int, ...], list[int]] = {}
        # For dominated discards: the plays each field's tile is part of, and the fields of the
        # tiles the rules name (1-2, 2-4, 1-5, 1-6), which never take part.
        self.with_field: tuple[tuple[Combination, ...], ...] = tuple(
            tuple(c for c in self.tab.plays if (c.mask >> (3 * f)) & 3) for f in range(21))
        named = {"1-2", "2-4"}
        if rules.civil_supreme:
            named.add("1-5")
        if rules.civil_supreme or rules.capture_civil_supreme:
            named.add("1-6")
        self.named_fields: int = sum(c.mask for c in self.tab.plays
                                     if c.size == 1 and c.tiles[0].notation in named)

    # -- the relabelling -------------------------------------------------------------------
    def _plan(self, live: int, codes: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
        """The moves of fields ``(source shift, destination shift, field mask)`` that relabel a
        position whose live fields are ``live`` (an OR of everything live) and whose equal
        military tiles sit at ``codes`` (per family: 0 keep, 1 swap)."""
        # What the plan depends on: which families and which single kinds are live, and the codes.
        key = (live & _UNIT_LOW) | ((live >> 1) & _UNIT_LOW) | ((live >> 2) & _UNIT_LOW), *codes
        found = self._moves.get(key)
        if found is not None:
            return found
        moves: list[tuple[int, int, int]] = []
        # Families: segments of movable families, split at a fixed family and (while 2-4 is
        # live) between the sevens and the fives.
        live24 = (live >> (3 * _SLOT_24)) & _FIELD
        segments: list[list[int]] = []
        current: list[int] = []
        for f in range(4):
            if f not in self.movable_families:
                segments.append([f])  # stays
                continue
            if f == 3 and live24 and current:
                segments.append(current)
                current = []
            current.append(f)
        segments.append(current)
        for seg in segments:
            alive = [f for f in seg if (live >> (3 * _FAMILY_SLOTS[f][0])) & _BLOCK]
            for dst_f, src_f in zip(seg, alive, strict=False):
                (h_src, a_src, b_src), (h_dst, a_dst, b_dst) = _FAMILY_SLOTS[src_f], _FAMILY_SLOTS[dst_f]
                if codes[src_f]:
                    a_src, b_src = b_src, a_src
                moves.extend(((3 * h_src, 3 * h_dst, _FIELD), (3 * a_src, 3 * a_dst, _FIELD),
                              (3 * b_src, 3 * b_dst, _FIELD)))
        # Plain civil tiles: segments split by the fixed slots that are live.
        seg_p: list[int] = []
        plain_segments: list[list[int]] = []
        for s in _PLAIN_SLOTS:
            if s in self.fixed_plain:
                if (live >> (3 * s)) & _FIELD:
                    plain_segments.append(seg_p)
                    seg_p = []
                    moves.append((3 * s, 3 * s, _FIELD))
                continue
            seg_p.append(s)
        plain_segments.append(seg_p)
        for seg in plain_segments:
            alive = [s for s in seg if (live >> (3 * s)) & _FIELD]
            for dst, src in zip(seg, alive, strict=False):
                moves.append((3 * src, 3 * dst, _FIELD))
        # 2-4 and 1-2 stay.
        moves.append((3 * 19, 3 * 19, _FIELD))
        moves.append((3 * 20, 3 * 20, _FIELD))
        # Fields that move by the same distance one after another move as one block.
        moves.sort()
        merged: list[list[int]] = []
        for src, dst, mask in moves:
            last = merged[-1] if merged else None
            if last is not None and src == last[0] + last[3] and dst - src == last[1] - last[0]:
                last[2] |= mask << last[3]
                last[3] += 3
            else:
                merged.append([src, dst, mask, 3])
        out = tuple((src, dst, mask) for src, dst, mask, _ in merged)
        self._moves[key] = out
        return out

    def holdings(self, h: list[int] | tuple[int, ...], best: Combination | None, led: Combination | None,
                 best_seat: int = -1, acted: int = 0) -> tuple[int, ...]:
        """The canonical form of four holdings with the trick's standing and led plays:
        ``(h0, h1, h2, h3, best id, led id, inert seats)`` relabelled (ids −1 when there is no
        play; an inert seat's holding 0). ``best_seat``: whose play stands (the seat about to
        lead, before a lead); ``acted``: a bit for each seat that has acted in the trick."""
        bm = 0 if best is None else best.mask
        lm = 0 if led is None else led.mask
        key = (h[0], h[1], h[2], h[3], bm, lm, best_seat, acted)
        found = self._cache.get(key)
        if found is not None:
            return found
        inert = self.inert_seats(h, best, best_seat, acted)
        if inert:
            h = [0 if inert >> s & 1 else h[s] for s in range(4)]
        live = h[0] | h[1] | h[2] | h[3] | bm | lm
        codes = [0, 0, 0, 0]
        for f, (_head, m1, m2) in enumerate(_FAMILY_SLOTS):
            if (live >> (3 * m1)) & 0o77:  # a military tile of the family is live
                codes[f] = 1 if _where(h, bm, lm, m1) > _where(h, bm, lm, m2) else 0
        plan = self._plan(live, tuple(codes))
        out = []
        for x in (h[0], h[1], h[2], h[3], bm, lm):
            y = 0
            if x:
                for src, dst, mask in plan:
                    y |= ((x >> src) & mask) << dst
            out.append(y)
        ids = tuple(-1 if m == 0 else self.by_mask[m].id for m in out[4:])
        result = (out[0], out[1], out[2], out[3], *ids, inert)
        if len(self._cache) > 1_000_000:
            self._cache.clear()
        self._cache[key] = result
        return result

    def inert_seats(self, h: list[int] | tuple[int, ...], best: Combination | None, best_seat: int,
                    acted: int) -> int:
        """A bit for each seat that can never again put down a play that stands: no play it
        holds beats a play another seat holds (nor, before it acts, the standing play), and the
        standing play is not its own. It will only discard, so which tiles it holds cannot
        matter (and nothing it holds is live for the relabelling)."""
        mine = [0, 0, 0, 0]
        beaters = [0, 0, 0, 0]
        for s in range(4):
            if h[s]:
                mine[s], beaters[s] = self.plays_of(h[s])
        inert = 0
        for f in range(4):
            if not h[f] or f == best_seat:
                continue
            if best is not None and not acted >> f & 1 and self.beaten_by[best.id] & mine[f]:
                continue
            others = 0
            for s in range(4):
                if s != f:
                    others |= beaters[s]
            if not others & mine[f]:
                inert |= 1 << f
        return inert

    def plays_of(self, holding: int) -> tuple[int, int]:
        """The plays in ``holding`` and the plays that beat one of them, as bits of their ids."""
        found = self._plays.get(holding)
        if found is None:
            mine = beaters = 0
            for c in self.tab.leader_plays(holding, True):
                mine |= 1 << c.id
                beaters |= self.beaten_by[c.id]
            found = self._plays[holding] = (mine, beaters)
        return found


    # -- dominated discards -----------------------------------------------------------------
    def keeps_better(self, ua: int, ub: int, rest: int, partners: int) -> bool:
        """Whether a seat holding ``rest`` and one of two tiles (``ua``, ``ub``: a packed tile
        each) is never worse off keeping the second: every play it could make with ``ua`` is
        matched by a play of the same kind, no lower, with ``ub`` in its place, and no partner
        (``partners``: the plays the seat's partners hold, as bits of their ids; 0 for the seat
        playing alone) holds a play that beats the one with ``ua`` but not the one with ``ub``.
        The seat can then mimic every line with ``ub`` for ``ua`` (the partners still play as
        they would; the seat playing alone only loses options the others had against it).
        Sound once two seats hold stacks (what was shown no longer counts) and with free
        splitting; before that, for the pairs :meth:`sweep_highers` lets through. The tiles the
        rules name (1-2, 2-4, 1-5, 1-6) never take part.

        >>> from tiangow import Rules, parse_tiles
        >>> from tiangow.packed import pack
        >>> canon = Canon(Rules())
        >>> a, b, rest = pack(parse_tiles("22")), pack(parse_tiles("55")), pack(parse_tiles("66 11"))
        >>> canon.keeps_better(a, b, rest, 0), canon.keeps_better(b, a, rest, 0)   # 板凳 < 梅 as singles
        (True, False)
        >>> p33 = canon.by_mask[pack(parse_tiles("33"))].id     # a partner's 長三 beats 板凳, not 梅
        >>> canon.keeps_better(a, b, rest, 1 << p33)
        False
        >>> canon.keeps_better(a, b, pack(parse_tiles("22 11")), 0)   # 板凳 makes a pair: 板凳 + 梅 does not
        False
        """
        if (ua | ub) & self.named_fields:
            return False
        with_a = rest + ua
        beaten_by = self.beaten_by
        for c in self.with_field[(ua.bit_length() - 1) // 3]:
            if not contains(with_a, c.mask):
                continue
            o = self.by_mask.get(c.mask - ua + ub)
            if o is None or o.kind is not c.kind or beaten_by[o.id] >> c.id & 1:
                return False
            if beaten_by[c.id] & partners & ~beaten_by[o.id]:
                return False
        return True

    def sweep_highers(self, h: list[int] | tuple[int, ...], stacks: tuple[int, ...], best_seat: int, best: int,
                      leader: int, acted: int, seat: int, me: int) -> tuple[int, ...]:
        """While one seat at most holds stacks, another may still take all eight, and its last
        single makes 八支 only with every higher tile of its class shown face up (R-$11). A seat
        discarding tile b face down rather than a weaker a, and playing a where it would have
        played b, may then leave a sweep by the other side worth less to that side where the
        sweeper ends with a single that b ranks above and a does not: the line that kept b could
        show it. So a pair (a kept, b discarded) is let through :meth:`undominated` unless, for
        a single of a sweeper of the other side (``me`` where ``seat`` is one of the three, else
        the three), b is among its higher tiles and a is not. The sweepers: the one seat holding
        stacks, or before anyone does, the seat whose play stands (``best_seat``, the play
        ``best``) and those after ``seat`` in the trick holding a play that beats it. Returns
        each such single's higher tiles, every field's count set to 7 (none once two seats
        hold stacks, where no seat can sweep)."""
        from tiangow.state import every_higher

        holders = [s for s in range(4) if stacks[s] > 0]
        sweepers: set[int] = set()
        if len(holders) == 1:
            sweepers = {holders[0]}
        elif not holders:
            if best_seat >= 0:
                sweepers.add(best_seat)
            for k in range(acted + 1, 4):
                s = (leader + k) % 4
                if self.plays_of(h[s])[0] & self.beaten_by[best]:
                    sweepers.add(s)
        other_side = {s for s in range(4) if s != seat} if seat == me else {me}
        out: list[int] = []
        for s in sorted(sweepers & other_side):
            for c in self.tab.leader_plays(h[s], True):
                if c.size == 1:
                    higher = every_higher(c.tiles[0])
                    if higher:
                        fields = (higher | higher >> 1 | higher >> 2) & _UNIT_LOW
                        out.append(fields * 7)
        return tuple(out)

    def undominated(self, held: int, discards: list[int], partners: int,
                    highers: tuple[int, ...] = ()) -> list[int]:
        """``discards`` (of ``held``) without those no better than one listed before them
        (:meth:`keeps_better`, one tile swapped; while one seat at most holds stacks, only
        where ``highers`` — :meth:`sweep_highers` — lets the pair through): a discard left out
        is no better than an earlier one, so a chain of them ends at one kept. Remembered (the
        same holdings come back again and again in a search)."""
        key = (held, partners, *discards, -1, *highers)
        found = self._undominated.get(key)
        if found is not None:
            return found
        kept: list[int] = []
        earlier: list[int] = []
        for d in discards:
            dominated = False
            for e in earlier:
                b = excess(d, e)  # d discards b and keeps a, where e keeps b
                a = excess(e, d)
                if b & (b - 1) or not b & _UNIT_LOW or a & (a - 1) or not a & _UNIT_LOW:
                    continue
                if any(hi & b and not hi & a for hi in highers):
                    continue  # a sweep's 八支 could tell them apart
                if self.keeps_better(a, b, held - d - a, partners):
                    dominated = True
                    break
            earlier.append(d)
            if not dominated:
                kept.append(d)
        if len(self._undominated) > 200_000:
            self._undominated.clear()
        self._undominated[key] = kept
        return kept


def _where(h: list[int] | tuple[int, ...], bm: int, lm: int, slot: int) -> int:
    """Where the one copy of the military tile in ``slot`` is: a seat 0–3, 4 in the standing
    play, 5 in the led play, 6 nowhere live."""
    shift = 3 * slot
    for s in range(4):
        if (h[s] >> shift) & _FIELD:
            return s
    if (bm >> shift) & _FIELD:
        return 4
    if (lm >> shift) & _FIELD:
        return 5
    return 6


_CANONS: dict[Rules, Canon] = {}


def canon_for(rules: Rules) -> Canon:
    """The :class:`Canon` of ``rules``, built once (its caches are kept between searches)."""
    found = _CANONS.get(rules)
    if found is None:
        found = _CANONS[rules] = Canon(rules)
    return found
