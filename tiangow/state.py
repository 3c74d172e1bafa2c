"""The trick state machine: whose turn, what may be played, and what a step changes.

A :class:`State` holds one hand in play on packed holdings (:mod:`tiangow.packed`): the
tiles each seat holds, the trick in progress, the stacks won. :meth:`State.moves` lists the
steps open to the seat to act; :meth:`State.push` takes one (and :meth:`State.pop` takes it
back), resolving the trick when the fourth player has acted. :class:`tiangow.Deal` runs one
(adding what a learner reads: checked input, reasons, the record of every action) and the
search (:mod:`tiangow.search`) pushes and pops a copy of it, so the two cannot disagree.

A step is the :class:`~tiangow.combos.Combination` played, or the packed tiles discarded
face down (an ``int``); :class:`tiangow.Move` is the public form of a step.

>>> from tiangow import Deal
>>> st = Deal.random(7).snapshot()
>>> st.to_play, st.size, len(st.moves()) == len(st.plays())   # the banker leads: plays only
(0, 0, True)
>>> lead = st.plays()[0]
>>> _ = st.push(lead); st.to_play, st.size == lead.size
(1, True)
>>> st.pop(); st.to_play
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from . import packed
from .combos import Combination, Kind, Table, table
from .rules import Rules
from .scoring import Finish, Reason, banker_multiplier
from .scoring import compute_settlement as _settle
from .tiles import KINDS, Tile

__all__ = ["State", "Step", "TrickState", "Bonus", "follower_plays", "capturing_tile", "trick_bonus",
           "last_trick_finishes", "NOT_LOCKED", "CAPTURED_SUPREME", "CAPTURE_HOLDS"]

Step = Combination | int
"""A step: the combination played, or the packed tiles discarded face down."""

_SUPREME: Final = Kind.SUPREME
_QUAD: Final = Kind.QUAD
_T: Final = {t.pips: t for t in KINDS}
_ONE_TWO: Final = _T[(1, 2)]
_TWO_FOUR: Final = _T[(2, 4)]
_ONE_FIVE: Final = _T[(1, 5)]
_ONE_SIX: Final = _T[(1, 6)]
_HEAVEN: Final = _T[(6, 6)]
_NINES: Final = (_T[(3, 6)], _T[(4, 5)])

NOT_LOCKED: Final = 0
CAPTURED_SUPREME: Final = 1
"""Two 1-6 took a civil supreme (擒尊): nobody after may beat the capture."""
CAPTURE_HOLDS: Final = 2
"""A last-trick capture under 以擒為大 (R-$10 variant): nobody after may beat it."""


@dataclass(frozen=True)
class TrickState:
    """What everyone at the table knows of the trick in progress (a view's part of the state).

    ``size``: tiles each player puts in (0 before the lead); ``best``: the play standing to
    win it and ``best_seat`` its player; ``led``: the lead; ``locked``: a capture nobody may
    beat (:data:`CAPTURED_SUPREME`, :data:`CAPTURE_HOLDS`); ``last``: the leader led every
    tile left, so this trick ends the hand.
    """

    leader: int
    size: int
    best: Combination | None
    best_seat: int
    led: Combination | None
    locked: int
    last: bool


@dataclass(frozen=True)
class Bonus:
    """Money paid at once to the winner of a trick (賀尊, 四大賀; RULES §6.1)."""

    winner: int
    base: int
    reason: Reason
    net: tuple[int, int, int, int]
    """What each seat gains (the winner) or pays (the others), banker multiplier included."""


class State:
    """One hand in play, every tile known, on packed holdings (see the module's docstring).

    ``h[s]``: seat ``s``'s tiles, packed; ``disc[s]``: the tiles it discarded face down;
    ``shown``: the tiles played face up in finished tricks, ``up`` those in the trick in
    progress; ``acted``: how many have acted in it; ``left``: the tiles each player held
    when it began; ``first``: the hand's first lead; ``winner``: set when the hand is over.
    """

    __slots__ = ("rules", "tab", "free_split", "capture", "banker", "m", "h", "disc", "stacks", "to_play",
                 "leader", "size", "best", "best_seat", "locked", "last", "led", "acted", "shown", "up", "first",
                 "winner", "left", "won", "_undo", "_moves_cache", "_net_cache", "core_context")

    def __init__(self, holdings: tuple[int, int, int, int] | list[int], banker: int, streak: int,
                 rules: Rules) -> None:
        self.rules: Rules = rules
        self.tab: Table = table(rules)
        self.free_split: bool = rules.free_split
        self.capture: bool = rules.capture_wins_trick
        self.banker: int = banker
        self.m: int = banker_multiplier(streak)
        self.h: list[int] = list(holdings)
        self.disc: list[int] = [0, 0, 0, 0]
        self.stacks: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.to_play: int | None = banker
        self.leader: int = banker
        self.size: int = 0
        self.best: Combination | None = None
        self.best_seat: int = -1
        self.locked: int = NOT_LOCKED
        self.last: bool = False
        self.led: Combination | None = None
        self.acted: int = 0
        self.shown: int = 0
        self.up: int = 0
        self.first: Combination | None = None
        self.winner: int | None = None
        self.left: int = packed.size(self.h[banker])
        self.won: tuple[int, Combination, Bonus | None] | None = None
        """Who took the trick that the last step finished, with what, and any bonus."""
        self._undo: list[tuple[Any, ...]] = []
        self._moves_cache: dict[tuple[object, ...], tuple[Step, ...]] = {}
        self._net_cache: dict[tuple[object, ...], tuple[int, int, int, int]] = {}
        self.core_context: tuple[object, object] | None = None
        """The search's core and its context for this hand's rules, banker and multiplier, kept
        by :mod:`tiangow.search` (shared by copies: none of those changes within a hand)."""

    def copy(self) -> State:
        """An independent copy (its own undo list; the caches are shared)."""
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.h = list(self.h)
        other.disc = list(self.disc)
        other._undo = []
        return other

    def end(self, winner: int) -> None:
        """End the hand at once, ``winner`` taking every stack (a natural hand, RULES §8)."""
        self.winner = winner
        self.to_play = None
        self.stacks = tuple(8 if s == winner else 0 for s in range(4))  # type: ignore[assignment]

    # -- what is known ----------------------------------------------------------------------
    def trick(self) -> TrickState:
        """The trick in progress, as everyone at the table sees it."""
        return TrickState(self.leader, self.size, self.best, self.best_seat, self.led, self.locked, self.last)

    # -- moves ------------------------------------------------------------------------------
    def plays(self) -> list[Combination]:
        """The plays open to the seat to act (no discards): every held combination for a
        leader (R-C5 under Wong's rule); for a follower, those that beat the best play so far
        and are allowed (R-W2, the captures)."""
        seat = self.to_play
        if seat is None:
            return []
        if not self.size:
            return list(self.tab.leader_plays(self.h[seat], self.free_split))
        assert self.best is not None
        return follower_plays(self.tab, self.rules, self.h[seat], self.best, self.size, self.last,
                              self.stacks[seat], bool(self.locked), self.led)

    def moves(self) -> list[Step]:
        """Every step open to the seat to act: its plays, then its distinct discards
        (weakest tiles first)."""
        seat = self.to_play
        if seat is None:
            return []
        if not self.size:
            return list(self.tab.leader_plays(self.h[seat], self.free_split))
        best = self.best
        assert best is not None
        hs = self.h[seat]
        blocked = self.last and self.stacks[seat] + self.size < 2
        led = self.led
        key = (hs, best.id, self.size, self.last, blocked, self.locked, -1 if led is None else led.id)
        found = self._moves_cache.get(key)
        if found is None:
            plays: list[Step] = follower_plays(  # type: ignore[assignment]
                self.tab, self.rules, hs, best, self.size, self.last, self.stacks[seat], bool(self.locked), led)
            found = self._moves_cache[key] = (*plays, *packed.subsets(hs, self.size))
        return list(found)

    def key(self) -> tuple[object, ...]:
        """Everything that decides the rest of the hand (for a transposition table)."""
        st = self.stacks
        # What was shown face up matters only while one seat could still take all 8 stacks
        # (七支 or 八支, R-$11); the first lead only under the seeds 000–002 reading.
        shown = (self.shown, self.up, self.first) if (st[0] > 0) + (st[1] > 0) + (st[2] > 0) + (st[3] > 0) <= 1 \
            else None
        best = self.best
        led = self.led
        h = self.h
        return (h[0], h[1], h[2], h[3], st, self.to_play, self.leader,
                -1 if best is None else best.id, self.best_seat, self.locked,
                -1 if led is None else led.id, shown)

    # -- steps ------------------------------------------------------------------------------
    def push(self, step: Step, undo: bool = True) -> Bonus | None:
        """Take ``step`` (from :meth:`moves`, unchecked), remembering how to :meth:`pop` it
        (``undo=False``: for good); returns the bonus paid at once if it finished a trick
        that pays one."""
        seat: int = self.to_play  # type: ignore[assignment]
        if undo:
            self._undo.append((seat, step, self.stacks, self.leader, self.size, self.best, self.best_seat,
                               self.locked, self.last, self.led, self.acted, self.shown, self.up, self.first,
                               self.winner, self.left))
        if type(step) is int:
            self.h[seat] -= step
            self.disc[seat] += step
        else:
            comb: Combination = step  # type: ignore[assignment]
            mask = comb.mask
            left = self.h[seat] - mask
            self.h[seat] = left
            if self.size:
                self.up += mask
                if self.best.kind is _SUPREME:  # type: ignore[union-attr]
                    self.locked = CAPTURED_SUPREME
                elif self.last and self.capture and comb.size == 1 and \
                        comb.tiles[0] is capturing_tile(self.led, self.rules):
                    self.locked = CAPTURE_HOLDS
            else:
                self.size = comb.size
                self.last = not left
                self.led = comb
                self.up = mask
                if self.first is None:
                    self.first = comb
            self.best = comb
            self.best_seat = seat
        acted = self.acted + 1
        self.acted = acted
        if acted < 4:
            self.to_play = (seat + 1) & 3
            return None
        return self._resolve()

    def _resolve(self) -> Bonus | None:
        w = self.best_seat
        best = self.best
        assert best is not None
        st = self.stacks
        self.stacks = (st[0] + self.size if w == 0 else st[0], st[1] + self.size if w == 1 else st[1],
                       st[2] + self.size if w == 2 else st[2], st[3] + self.size if w == 3 else st[3])
        paid: Bonus | None = None
        if best.kind is _SUPREME or best.kind is _QUAD or self.locked:
            bonus = trick_bonus(self.rules, best, bool(self.locked), self.led, self.last)
            if bonus is not None:
                base = bonus[0]
                net = [0, 0, 0, 0]
                for other in range(4):
                    if other != w:
                        amount = base * (self.m if self.banker in (w, other) else 1)
                        net[other] -= amount
                        net[w] += amount
                paid = Bonus(w, base, bonus[1], (net[0], net[1], net[2], net[3]))
        self.won = (w, best, paid)
        if self.last:
            self.winner = w
            self.to_play = None
        else:
            self.shown += self.up
            self.up = 0
            self.leader = self.to_play = w
            self.left -= self.size
            self.size = 0
            self.best = None
            self.best_seat = -1
            self.locked = NOT_LOCKED
            self.led = None
            self.acted = 0
        return paid

    @property
    def pushed(self) -> int:
        """How many steps :meth:`pop` can take back."""
        return len(self._undo)

    def pop(self) -> None:
        """Take back the last :meth:`push`."""
        (seat, step, self.stacks, self.leader, self.size, self.best, self.best_seat, self.locked, self.last,
         self.led, self.acted, self.shown, self.up, self.first, self.winner, self.left) = self._undo.pop()
        self.to_play = seat
        if type(step) is int:
            self.h[seat] += step
            self.disc[seat] -= step
        else:
            self.h[seat] += step.mask

    # -- the end ----------------------------------------------------------------------------
    def final_net(self) -> tuple[int, int, int, int]:
        """The settlement of the finished hand, without the immediate rewards (cached). Under
        小天九, which the sources leave unscored (R-S3), +3 for the winner and −1 for the
        others: a search then simply tries to win the hand."""
        w = self.winner
        assert w is not None and self.led is not None and self.best is not None and self.first is not None
        st = self.stacks
        fins, captured = last_trick_finishes(self.rules, self.leader, self.led, self.best, w, st[w], self.banker,
                                             self.first, self.shown, self.size)
        return self.net_for(st, w, fins, captured)

    def net_for(self, st: tuple[int, ...], w: int, fins: tuple[Finish, ...], captured: int | None
                ) -> tuple[int, int, int, int]:
        """The settlement's net for final stacks ``st``, winner ``w`` and the finishes (cached)."""
        key = (st, w, fins, captured)
        found = self._net_cache.get(key)
        if found is not None:
            return found
        net: tuple[int, int, int, int]
        if self.rules.scored:
            net = _settle((st[0], st[1], st[2], st[3]), w, self.banker, self.m - 1, fins, captured, self.rules,
                          []).net
        else:
            net = (3 if w == 0 else -1, 3 if w == 1 else -1, 3 if w == 2 else -1, 3 if w == 3 else -1)
        self._net_cache[key] = net
        return net

    def tiles_of(self, step: Step) -> tuple[Tile, ...]:
        """The tiles a step puts down."""
        return packed.unpack(step) if type(step) is int else step.tiles  # type: ignore[union-attr]


# --- the rules of a trick and of the finish ---------------------------------------------

def capturing_tile(led: Combination | None, rules: Rules) -> Tile | None:
    """The tile that captures the led single on a last trick (R-$10), if any."""
    if led is None or led.size != 1:
        return None
    t = led.tiles[0]
    if t is _ONE_TWO:
        return _TWO_FOUR
    if t is _ONE_FIVE and rules.civil_supreme:
        return _ONE_SIX
    return None


def follower_plays(tab: Table, rules: Rules, holding: int, best: Combination, size: int, last: bool,
                   stacks: int, locked: bool, led: Combination | None) -> list[Combination]:
    """The plays open to a follower holding ``holding`` (packed) with ``stacks`` stacks,
    against the standing ``best`` play of a trick of ``size`` tiles each."""
    if locked:
        return []  # a capture under 擒尊 or 以擒為大 cannot be beaten again
    if last and stacks + size < 2:
        return []  # R-W2: this play could not win, so the player must discard
    out = tab.beating(best, holding)
    if last and rules.capture_wins_trick:
        capt = capturing_tile(led, rules)
        if capt is not None and packed.count(holding, capt):
            c = tab.by_key[(capt.index,)]
            if c not in out:
                out.append(c)
    return out


def trick_bonus(rules: Rules, won: Combination, locked: bool, led: Combination | None,
                last: bool) -> tuple[int, Reason] | None:
    """The money every other player pays at once to the winner of a trick won with
    ``won`` (RULES §6.1): ``(base, reason)``, or ``None``."""
    if rules.hand_size != 8:
        return None  # 小天九 has no scoring (R-S3)
    pay_bonus = not last or rules.finish_collects_immediate
    if won.kind is _SUPREME and pay_bonus:
        return 2, Reason.SUPREME_BONUS  # R-$5
    if won.kind is _QUAD and pay_bonus:
        return 4, Reason.QUAD_BONUS  # R-$6
    if locked and led is not None and led.kind is _SUPREME and not last:
        return 2, Reason.SUPREME_CAPTURED  # 擒尊 takes the 賀尊 money
    return None


# Every copy of every tile ranking above each tile in its class (civil or military), packed,
# and those tiles' count fields: "every one of them was shown" is shown & FIELDS == HIGHER.
_ABOVE: Final = tuple(tuple(u for u in KINDS if u.is_civil == t.is_civil and u.rank < t.rank) for t in KINDS)
_HIGHER: Final = tuple(packed.every_copy(above) for above in _ABOVE)
_FIELDS: Final = tuple(packed.fields(above) for above in _ABOVE)


def every_higher(tile: Tile) -> int:
    """Every copy of every tile ranking above ``tile`` in its class (civil or military), packed:
    what must all have been shown face up for a last single to make 八支 (R-$11)."""
    return _HIGHER[tile.index]


def last_trick_finishes(rules: Rules, leader: int, led: Combination, won: Combination, winner: int,
                        winner_stacks: int, banker: int, first_lead: Combination, shown: int,
                        size: int) -> tuple[tuple[Finish, ...], int | None]:
    """The special finishes (§6.2) and the captured seat of a hand whose last trick was led
    by ``leader`` with ``led`` and won by ``winner`` with ``won``; ``shown`` packs the tiles
    shown face up in the earlier tricks, ``first_lead`` is the hand's first lead."""
    fins: list[Finish] = []
    captured: int | None = None
    if won.kind is Kind.SUPREME:
        fins.append(Finish.SUPREME)  # R-$7
    elif won.kind is Kind.QUAD:
        fins.append(Finish.QUAD)  # R-$8
    elif led.size == 1 and (led.tiles[0] is _ONE_TWO or (rules.civil_supreme and led.tiles[0] is _ONE_FIVE)):
        if winner == leader:
            fins.append(Finish.LOWEST)  # R-$9
        elif won.size == 1 and won.tiles[0] is capturing_tile(led, rules):
            captured = leader  # R-$10
    if winner_stacks == 8:
        fins.append(_seven_or_eight(rules, won, winner, banker, first_lead, shown, size))
    if len(fins) > 1:
        fins.sort(key=_FINISH_ORDER.__getitem__)
    return tuple(fins), captured


def _seven_or_eight(rules: Rules, won: Combination, winner: int, banker: int, first_lead: Combination,
                    shown: int, size: int) -> Finish:
    """R-$11 (and the Wikipedia articles' reading under ``eight_stack_rule="wikipedia"``)."""
    wiki = rules.eight_stack_rule == "wikipedia"
    if wiki and winner == banker and (first_lead.kind is Kind.SUPREME or (
            first_lead.size == 1 and first_lead.tiles[0] in (_HEAVEN, *_NINES))):
        return Finish.SEVEN
    if size >= 2:
        return Finish.EIGHT
    tile = won.tiles[0]
    if wiki and tile in (_HEAVEN, *_NINES, _ONE_FIVE, _ONE_TWO):
        return Finish.EIGHT
    if shown & _FIELDS[tile.index] == _HIGHER[tile.index]:
        return Finish.EIGHT  # nothing still unseen could beat it
    return Finish.SEVEN


_FINISH_ORDER: Final = {f: i for i, f in enumerate(Finish)}
