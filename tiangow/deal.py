"""One hand of Tien Gow for four players: turns, legal plays, tricks, stacks, settlement.

Seats 0–3 are East, South, West, North; play goes 0 → 1 → 2 → 3 → 0 (R-S1). The banker
leads the first trick (R-P1). Each follower either plays a combination of the leader's
class that beats the best play so far, or discards as many tiles face down (R-P3).

>>> from tiangow import Deal, parse_tiles
>>> d = Deal([
...     parse_tiles("66 66 11 11 44 44 13 13"),
...     parse_tiles("55 55 33 33 22 22 56 56"),
...     parse_tiles("46 46 16 16 15 15 36 45"),
...     parse_tiles("26 35 25 34 24 23 14 12"),
... ], banker=0)
>>> d.to_play, d.trick_size          # East leads: any combination
(0, None)
>>> d.play("66 66")                  # 雙天
Action(seat=0, trick=1, kind='lead', tiles=(Tile('6-6'), Tile('6-6')), combination=Combination('6-6 6-6'), size=2)
>>> [str(m) for m in d.legal_moves()][:3]   # South holds no civil pair above 雙天: discards only
['discard 56 56', 'discard 22 56', 'discard 33 56']
>>> d.discard("22 33").kind, d.discard("16 15").tiles, d.discard("24 12").seat
('discard', (Tile('1-6'), Tile('1-5')), 3)
>>> d.stacks, d.to_play
((2, 0, 0, 0), 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from . import packed, refusals
from .combos import Combination, table
from .errors import DealError, IllegalPlay
from .i18n import seat_name
from .move import Move, discard_of, move_of, play_moves
from .refusals import Refusal
from .rules import DEFAULT_RULES, Natural, Rules
from .scoring import Finish, Payment, Settlement, banker_multiplier, compute_settlement, settle
from .state import (
    CAPTURED_SUPREME,
    Bonus,
    State,
    Step,
    TrickState,
    follower_plays,
    last_trick_finishes,
)
from .tiles import KINDS, Holding, Tile, as_tiles, check_counts, full_set

__all__ = ["Deal", "Action", "Trick", "DealView", "SEATS", "Move", "Refusal"]

SEATS: Final = (0, 1, 2, 3)

_FULL: Final = tuple(full_set())

ActionKind = Literal["lead", "play", "discard"]


class Action(NamedTuple):
    """One action in a trick: a lead, a play that tries to beat, or a face-down discard.

    In a seat's view, another player's discard has ``tiles=None`` (only the count shows).
    """

    seat: int
    trick: int
    kind: ActionKind
    tiles: tuple[Tile, ...] | None
    combination: Combination | None
    size: int

    @property
    def face_up(self) -> bool:
        return self.kind != "discard"


_new_action: Final = tuple.__new__  # builds an Action or Trick without NamedTuple's slower __new__


class Trick(NamedTuple):
    """A trick: who led, each action in turn, who won it and any immediate reward."""

    number: int
    leader: int
    size: int
    actions: tuple[Action, ...]
    winner: int | None
    winning: Combination | None
    is_last: bool
    rewards: tuple[Payment, ...] = ()

    @property
    def led(self) -> Combination | None:
        """The combination led."""
        return self.actions[0].combination if self.actions else None

    @property
    def complete(self) -> bool:
        return self.winner is not None

    @property
    def best_seat(self) -> int | None:
        """The seat whose play wins the trick, or stands to win it so far: the winner of a
        complete trick; in play, the last seat that played face up (a play must beat the
        best before it, R-P3). ``None`` before anyone has played."""
        if self.winner is not None:
            return self.winner
        for a in reversed(self.actions):
            if a.kind != "discard":
                return a.seat
        return None

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.trick_svg(self)


@dataclass(frozen=True)
class DealView:
    """What one seat knows of a deal (``seat=None``: everything, the teacher's view).

    Other players' holdings are ``None`` and their discards hidden in a seat's view.
    """

    seat: int | None
    hands: tuple[tuple[Tile, ...] | None, ...]
    hand_sizes: tuple[int, int, int, int]
    stacks: tuple[int, int, int, int]
    banker: int
    streak: int
    rules: Rules
    to_play: int | None
    leader: int | None
    trick_size: int | None
    tricks: tuple[Trick, ...]
    current: Trick | None
    is_over: bool
    winner: int | None
    immediate: tuple[Payment, ...]
    trick: TrickState | None = None
    """The trick in progress as the table sees it (``None`` when the hand is over)."""

    def legal_moves(self, discards: bool = True) -> list[Move]:
        """Every distinct move open to this view's seat when it is its turn (its plays, then
        its discards; with ``discards=False`` the plays only), worked out from its own tiles
        and the trick on the table; empty when it is not its turn.

        >>> d = Deal.random(7)
        >>> d.view(0).legal_moves() == d.legal_moves(), d.view(1).legal_moves()
        (True, [])
        """
        seat, trick = self.seat, self.trick
        if trick is None or seat is None or self.to_play != seat:
            return []
        own = packed.pack(self.hands[seat] or ())
        tab = table(self.rules)
        if not trick.size:
            return [move_of(c) for c in tab.leader_plays(own, self.rules.free_split)]
        assert trick.best is not None
        plays = follower_plays(tab, self.rules, own, trick.best, trick.size, trick.last, self.stacks[seat],
                               bool(trick.locked), trick.led)
        moves = [move_of(c) for c in plays]
        return moves + list(map(discard_of, packed.subsets(own, trick.size))) if discards else moves

    def only_discards(self) -> str | None:
        """Why this view's seat, to follow now, may only discard: the first rule that forbids
        every play — ``"R-C4"`` or ``"R-$10"`` (a capture nobody may beat, under those variants),
        ``"R-C1"`` (nothing it holds beats the best play so far), ``"R-W2"`` (a play could beat
        it, but on the last trick a seat with too few stacks may not win) — or ``None`` when it
        may play (or it is not following now).

        >>> d = Deal.random(7)
        >>> _ = d.push(d.legal_moves()[0])  # East leads
        >>> d.view(1).only_discards() is None, d.view(2).only_discards()  # South may play; not West's turn
        (True, None)
        """
        seat, trick = self.seat, self.trick
        if trick is None or seat is None or self.to_play != seat or not trick.size or self.legal_moves(False):
            return None
        if trick.locked:
            return "R-C4" if trick.locked == CAPTURED_SUPREME else "R-$10"
        assert trick.best is not None
        own = packed.pack(self.hands[seat] or ())
        beats = follower_plays(table(self.rules), self.rules, own, trick.best, trick.size, trick.last, 2, False,
                               trick.led)
        return "R-W2" if beats else "R-C1"

    @property
    def played(self) -> tuple[Tile, ...]:
        """Every tile shown face up so far, in order."""
        out: list[Tile] = []
        for tr in (*self.tricks, *((self.current,) if self.current else ())):
            for a in tr.actions:
                if a.face_up and a.tiles:
                    out.extend(a.tiles)
        return tuple(out)

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """Tiles this seat has not seen: the full set minus its own holding, its own
        discards and every tile played face up (for the full view: every tile discarded
        face down and still held by others is known, so this is empty)."""
        if self.seat is None:
            return ()
        left = Counter(full_set())
        own = self.hands[self.seat] or ()
        left.subtract(own)
        left.subtract(self.played)
        for tr in (*self.tricks, *((self.current,) if self.current else ())):
            for a in tr.actions:
                if a.kind == "discard" and a.seat == self.seat and a.tiles:
                    left.subtract(a.tiles)
        return tuple(t for t in KINDS for _ in range(left[t]))


class Deal:
    """The state of one hand (RULES §3–§6).

    ``hands``: four sequences of tiles for East, South, West, North (8 each, the whole
    set; 4 each under ``Rules(hand_size=4)``); ``banker``: the seat that leads first;
    ``streak``: 1 in the banker's first hand (multiplier 2), 2 in the second (3) …

    Moves: :meth:`legal_moves` lists them; :meth:`push` makes one (checked) and returns its
    :class:`Action`, :meth:`pop` takes the last one back; :meth:`is_legal` / :meth:`why_not`
    say whether a move is allowed and, if not, why (a :class:`~tiangow.refusals.Refusal`).
    :meth:`play` and :meth:`discard` are checked conveniences taking tiles or text. A refused
    move raises and leaves the state unchanged.
    """

    __slots__ = ("rules", "banker", "streak", "_table", "_initial", "_st", "_hands", "_tricks", "_cur", "_rewards",
                 "_natural", "_cache", "_listed", "_moves")

    def __init__(
        self,
        hands: Sequence[Iterable[Tile] | str],
        banker: int = 0,
        streak: int = 1,
        rules: Rules | None = None,
        *,
        _trusted: bool = False,
    ) -> None:
        if rules is None:
            rules = DEFAULT_RULES
        if not isinstance(rules, Rules):
            raise DealError(f"rules must be a tiangow.Rules, not {type(rules).__name__}")
        if isinstance(banker, bool) or not isinstance(banker, int) or not 0 <= banker <= 3:
            raise DealError(f"banker must be a seat 0–3 (East, South, West, North), not {banker!r}")
        if isinstance(streak, bool) or not isinstance(streak, int) or streak < 1:
            raise DealError(f"streak must be a whole number ≥ 1 (1 = the banker's first hand), not {streak!r}")
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
            raise DealError("hands must be four sequences of tiles, one per seat (East, South, West, North)")
        if len(hands) != 4:
            raise DealError(f"a deal has four hands (R-S1), not {len(hands)}")
        n = rules.hand_size
        parsed: list[tuple[Tile, ...]] = []
        if _trusted:
            parsed = [tuple(h) for h in hands]  # type: ignore[arg-type]
        else:
            for seat, h in enumerate(hands):
                ts = as_tiles(h, f"{seat_name(seat)}'s hand")
                if len(ts) != n:
                    raise DealError(f"{seat_name(seat)} has {len(ts)} tiles; each player holds {n} (R-S3)")
                parsed.append(tuple(sorted(ts, key=_index)))
            try:
                check_counts(t for h in parsed for t in h)
            except Exception as exc:
                raise DealError(f"these hands cannot come from one set: {exc}") from None
        self.rules: Rules = rules
        self.banker: int = banker
        self.streak: int = streak
        self._table = table(rules)
        self._moves = play_moves(self._table)
        self._initial: tuple[tuple[Tile, ...], ...] = tuple(parsed)
        self._reset()

    # -- construction helpers ------------------------------------------------------------
    @classmethod
    def random(
        cls,
        seed: int | random.Random | None = None,
        banker: int = 0,
        streak: int = 1,
        rules: Rules | None = None,
    ) -> Deal:
        """A deal from a shuffled set; ``seed`` is an int or a :class:`random.Random`.

        >>> Deal.random(7).holding(0) == Deal.random(7).holding(0)
        True
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        r = DEFAULT_RULES if rules is None else rules
        n = r.hand_size if isinstance(r, Rules) else 8
        rand = rng.random
        keys = [rand() for _ in range(32)]
        perm = sorted(range(32), key=keys.__getitem__)  # a uniform shuffle of the set
        # _FULL is in canonical order, so sorting positions sorts each hand.
        hands = [[_FULL[j] for j in sorted(perm[i * n:(i + 1) * n])] for i in range(4)]
        # The tiles come from one shuffled set: only the other arguments need checking.
        return cls(hands, banker, streak, rules, _trusted=True)

    def _reset(self) -> None:
        self._st = State([packed.pack(h) for h in self._initial], self.banker, self.streak, self.rules)
        self._hands: list[list[Tile]] = [list(h) for h in self._initial]  # each seat's tiles, in order
        self._tricks: list[Trick] = []
        self._cur: list[Action] = []
        self._rewards: list[Payment] = []
        self._natural: tuple[int, Natural] | None = None
        self._cache: list[Combination] | None = None
        self._listed: tuple[list[Move], list[Step]] | None = None
        if self.rules.naturals:
            from .naturals import best_natural

            for k in range(4):  # the banker has priority, then turn order (RULES §8)
                seat = (self.banker + k) % 4
                best = best_natural(self._initial[seat], self.rules.naturals)
                if best is not None:
                    self._natural = (seat, best)
                    self._st.end(seat)
                    break

    def copy(self) -> Deal:
        """An independent copy of the deal in its current state."""
        other = Deal.__new__(Deal)
        other.rules = self.rules
        other.banker = self.banker
        other.streak = self.streak
        other._table = self._table
        other._moves = self._moves
        other._initial = self._initial
        other._st = self._st.copy()
        other._hands = [list(h) for h in self._hands]
        other._tricks = list(self._tricks)
        other._cur = list(self._cur)
        other._rewards = list(self._rewards)
        other._natural = self._natural
        other._cache = self._cache
        other._listed = self._listed
        return other

    def snapshot(self) -> State:
        """An independent copy of the play state, every tile known (for a search: push and pop
        moves on it; see :mod:`tiangow.state`)."""
        return self._st.copy()

    # -- state ---------------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self._st.to_play

    @property
    def trick_size(self) -> int | None:
        """Tiles each player puts into the current trick; ``None`` when the seat to act
        leads (or the hand is over)."""
        st = self._st
        return st.size if st.size and st.to_play is not None else None

    @property
    def leader(self) -> int | None:
        """The seat that led (or will lead) the current trick."""
        st = self._st
        return None if st.to_play is None else st.leader

    @property
    def is_last_trick(self) -> bool:
        """Whether the trick in progress is the last (the leader led every tile left)."""
        return self._st.last and self._st.to_play is not None

    @property
    def stacks(self) -> tuple[int, int, int, int]:
        """Stacks (棟) won by each seat so far (R-P5)."""
        return self._st.stacks

    @property
    def is_over(self) -> bool:
        return self._st.to_play is None

    @property
    def winner(self) -> int | None:
        """The seat that won the hand (the last trick, R-W1; or a natural), else ``None``."""
        return self._st.winner

    @property
    def natural(self) -> tuple[int, Natural] | None:
        """``(seat, natural)`` when a natural hand (RULES §8) ended the deal at once."""
        return self._natural

    @property
    def best(self) -> tuple[int, Combination] | None:
        """``(seat, combination)`` of the best play in the current trick so far."""
        st = self._st
        if st.best is None or st.to_play is None:
            return None
        return st.best_seat, st.best

    @property
    def immediate_payments(self) -> tuple[Payment, ...]:
        """Rewards paid at once during play (賀尊, 四大賀; RULES §6.1)."""
        return tuple(self._rewards)

    @property
    def multiplier(self) -> int:
        """The banker multiplier m for this hand (RULES §6)."""
        return banker_multiplier(self.streak)

    def holding(self, seat: int) -> Holding:
        """The tiles ``seat`` still holds, in canonical order."""
        if type(seat) is not int or not 0 <= seat <= 3:
            _seat(seat)
        return Holding(self._hands[seat])

    def initial_holding(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` was dealt."""
        return self._initial[_seat(seat)]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Every trick so far, the one in progress last (its ``winner`` is ``None``)."""
        cur = self.current_trick
        return tuple(self._tricks) + ((cur,) if cur is not None else ())

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (possibly with no action yet), or ``None`` when over."""
        st = self._st
        if st.to_play is None:
            return None
        return Trick(len(self._tricks) + 1, st.leader, st.size, tuple(self._cur), None, st.best, st.last)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action in order."""
        out: list[Action] = []
        for tr in self._tricks:
            out.extend(tr.actions)
        out.extend(self._cur)
        return tuple(out)

    def __repr__(self) -> str:
        st = self._st
        state = (f"won by {seat_name(st.winner)}" if st.winner is not None
                 else f"{seat_name(st.to_play or 0)} to act")
        return f"<Deal banker={seat_name(self.banker)} streak={self.streak} stacks={self.stacks} {state}>"

    # -- legal moves ---------------------------------------------------------------------
    def _legal(self) -> list[Combination]:
        cached = self._cache
        if cached is not None:
            return cached
        out = self._cache = self._st.plays()
        return out

    def legal_moves(self, discards: bool = True) -> list[Move]:
        """Every distinct move open to the seat to act: its plays (every held combination
        for a leader; for a follower, those that beat the best play so far and are allowed
        by R-W2 and the variants), then its discards (the weakest tiles first). Empty when
        the hand is over. With ``discards=False``, the plays only (cheaper: a follower's
        discards are every distinct set of its tiles of the trick's size).

        >>> d = Deal.random(7)
        >>> first = d.legal_moves()[0]
        >>> str(first), d.push(first).kind
        ('play 11', 'lead')
        >>> [str(m) for m in d.legal_moves(discards=False)]   # South: only 天 beats 地
        ['play 66']
        """
        listed = self._listed
        if listed is None:
            st = self._st
            plays: list[Step] = self._legal()  # type: ignore[assignment]
            pm = self._moves
            moves: list[Move] = []
            for c in plays:  # (a loop: cheaper than a comprehension for a few plays)
                moves.append(pm[c.id])  # type: ignore[union-attr]
            if not discards:
                return moves
            if st.size and st.to_play is not None:
                held = packed.subsets(st.h[st.to_play], st.size)
                moves += map(discard_of, held)
                steps = [*plays, *held]
            else:
                steps = plays
            listed = self._listed = (moves, steps)
        elif not discards:
            return [m for m in listed[0] if not m.discard]
        return list(listed[0])

    def why_not(self, move: Move | Iterable[Tile] | str, seat: int | None = None) -> Refusal | None:
        """Why ``move`` (a :class:`Move`, or tiles or text to play) is refused now, or
        ``None`` if it is allowed: a :class:`~tiangow.refusals.Refusal` with the rule, the
        tiles and the reason in each display language (``str()`` gives the English).
        ``seat``, if given, must be the seat to act."""
        found = self._check(move, seat)
        return found if type(found) is Refusal else None

    def is_legal(self, move: Move | Iterable[Tile] | str) -> bool:
        """Whether :meth:`push` would accept ``move`` now."""
        return type(self._check(move, None)) is not Refusal

    def _check(self, move: Move | Iterable[Tile] | str, seat: int | None) -> Step | Refusal:
        if seat is None:
            # A move legal_moves() listed in this state (moves are immutable): already checked.
            listed = self._listed
            if listed is not None:
                for i, m in enumerate(listed[0]):
                    if m is move:
                        return listed[1][i]
            else:
                plays = self._cache
                if plays is not None:
                    pm = self._moves
                    for c in plays:
                        if pm[c.id] is move:
                            return c
        if isinstance(move, Move):
            tiles, discard = move.tiles, move.discard
        else:
            tiles = as_tiles(move)
            discard = False
            if len(tiles) > 1:
                tiles = tuple(sorted(tiles, key=_index))
        return refusals.check(self._st, self._table, self.rules, self._natural, tiles, discard, seat, self._legal)

    # -- actions -------------------------------------------------------------------------
    def push(self, move: Move, seat: int | None = None) -> Action:
        """Make ``move`` (checked) and return the :class:`Action` it records. A refused move
        raises :class:`IllegalPlay` (:class:`NotACombination` for tiles that make no play)
        carrying the :class:`~tiangow.refusals.Refusal` as ``.refusal``, and changes
        nothing. ``seat``, if given, must be the seat to act."""
        if type(move) is not Move and not isinstance(move, Move):
            raise IllegalPlay(f"push() takes a tiangow.Move (see legal_moves()), not {type(move).__name__}")
        step = self._check(move, seat)
        if type(step) is Refusal:
            raise step.error()
        return self._apply(step, move.tiles)  # type: ignore[arg-type]

    def play(self, tiles: Iterable[Tile] | str, seat: int | None = None) -> Action:
        """Lead, or play to beat the best play so far, with ``tiles`` (tiles or text): a
        checked convenience for ``push(Move(tiles))``."""
        step = self._check(tiles, seat)
        if isinstance(step, Refusal):
            raise step.error()
        return self._apply(step, step.tiles if type(step) is not int else packed.unpack(step))  # type: ignore[union-attr]

    def discard(self, tiles: Iterable[Tile] | str, seat: int | None = None) -> Action:
        """Discard ``tiles`` face down (as many as the leader played; R-P3): a checked
        convenience for ``push(Move(tiles, discard=True))``."""
        ts = as_tiles(tiles)
        if len(ts) > 1:
            ts = tuple(sorted(ts, key=_index))
        st = self._st
        s = st.to_play
        if seat is None and s is not None and st.size == len(ts):
            # The common case without building a refusal: a follower discards held tiles, as
            # many as were led (R-P3). Anything else, refusals.check says why (or allows it).
            mask = packed.pack(ts)
            if packed.contains(st.h[s], mask):
                return self._apply(mask, ts)
        step = refusals.check(self._st, self._table, self.rules, self._natural, ts, True, seat, self._legal)
        if type(step) is Refusal:
            raise step.error()
        return self._apply(step, ts)  # type: ignore[arg-type]

    def steps(self, discards: bool = True) -> list[Step]:
        """The unchecked fast path's list of moves, for searches and samples only: the state
        machine steps open to the seat to act (combinations, then packed discards; with
        ``discards=False`` the combinations only), in the order of :meth:`legal_moves`."""
        return self._st.moves() if discards else list(self._legal())

    def push_step(self, step: Step) -> Action:
        """The unchecked fast path, for searches and samples of hidden tiles only: take a
        state machine step (a :class:`Combination` or packed tiles) that :meth:`snapshot`'s
        ``moves()`` lists in this state. Widgets and drills use :meth:`push`."""
        return self._apply(step, step.tiles if type(step) is not int else packed.unpack(step))  # type: ignore[union-attr]

    def _apply(self, step: Step, ts: tuple[Tile, ...]) -> Action:
        """Take ``step`` in the state machine and record it (a lead, play or discard)."""
        st = self._st
        seat: int = st.to_play  # type: ignore[assignment]
        cur = self._cur
        trick_no = len(self._tricks) + 1
        action = _new_action(Action, (seat, trick_no, ("lead", "play", "play", "play")[len(cur)]
                                      if type(step) is not int else "discard", ts,
                                      None if type(step) is int else step, len(ts)))
        self._cache = None
        self._listed = None
        hand = self._hands[seat]
        for t in ts:
            hand.remove(t)
        st.push(step, False)
        cur.append(action)
        if len(cur) == 4:
            w, best, bonus = st.won  # type: ignore[misc]
            rewards = self._bonus(bonus, trick_no) if bonus is not None else ()
            if rewards:
                self._rewards.extend(rewards)
            lead = cur[0]
            self._tricks.append(_new_action(Trick, (trick_no, lead.seat, lead.size, tuple(cur), w, best,
                                                    st.to_play is None, rewards)))
            self._cur = []
        return action

    def _bonus(self, bonus: Bonus, trick: int) -> tuple[Payment, ...]:
        m = banker_multiplier(self.streak)
        seat = bonus.winner
        out = []
        for k in range(1, 4):
            other = (seat + k) & 3
            mult = m if self.banker in (seat, other) else 1
            factors = (("banker", m),) if mult > 1 else ()
            out.append(Payment(other, seat, bonus.base * mult, bonus.reason, bonus.base, factors, trick=trick))
        return tuple(out)

    def pop(self) -> Action:
        """Take back the last action and return it (raises :class:`IllegalPlay` when
        nothing has been played)."""
        history = self.history
        if not history:
            raise IllegalPlay("there is nothing to take back: no tile has been played in this hand yet")
        self._reset()
        for a in history[:-1]:
            assert a.tiles is not None
            self._apply(a.combination if a.combination is not None else packed.pack(a.tiles), a.tiles)
        return history[-1]

    # -- views ---------------------------------------------------------------------------
    def view(self, seat: int) -> DealView:
        """What ``seat`` knows: its own tiles, every face-up play, the count (not the
        tiles) of others' discards (R-P4)."""
        return self._view(_seat(seat))

    def full_view(self) -> DealView:
        """Everything, including every discard and holding (the teacher's view)."""
        return self._view(None)

    def _view(self, seat: int | None) -> DealView:
        def hide(tr: Trick) -> Trick:
            if seat is None:
                return tr
            acts = tuple(
                a if a.kind != "discard" or a.seat == seat else a._replace(tiles=None)
                for a in tr.actions
            )
            return Trick(tr.number, tr.leader, tr.size, acts, tr.winner, tr.winning, tr.is_last, tr.rewards)

        cur = self.current_trick
        st = self._st
        hands = tuple(tuple(h) if seat is None or s == seat else None for s, h in enumerate(self._hands))
        sizes = tuple(len(h) for h in self._hands)
        return DealView(
            seat=seat, hands=hands, hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
            stacks=self.stacks, banker=self.banker, streak=self.streak, rules=self.rules,
            to_play=st.to_play, leader=self.leader, trick_size=self.trick_size,
            tricks=tuple(hide(t) for t in self._tricks), current=hide(cur) if cur else None,
            is_over=self.is_over, winner=st.winner, immediate=tuple(self._rewards),
            trick=st.trick() if st.to_play is not None else None,
        )

    # -- end of hand ---------------------------------------------------------------------
    def finishes(self) -> tuple[tuple[Finish, ...], int | None]:
        """The special finishes of a finished hand and the captured seat, if any (§6.2)."""
        winner = self._st.winner
        if winner is None:
            raise IllegalPlay("the hand is not over yet: finishes are decided by the last trick (R-W1)")
        if self._natural is not None:
            return (), None
        last = self._tricks[-1]
        led, won = last.led, last.winning
        assert won is not None and led is not None
        st = self._st  # shown: the tiles played face up before the last trick
        assert st.first is not None
        return last_trick_finishes(self.rules, last.leader, led, won, winner, st.stacks[winner],
                                   self.banker, st.first, st.shown, last.size)

    def settlement(self) -> Settlement:
        """The itemised settlement of the finished hand, including the immediate rewards
        paid during play (RULES §6)."""
        winner = self._st.winner
        if winner is None:
            raise IllegalPlay("the hand is not over yet: it is settled after the last trick (R-W1)")
        if self._natural is not None:
            return settle(None, winner, self.banker, self.streak, rules=self.rules, natural=self._natural[1])
        if not self.rules.scored:
            settle(self.stacks, winner, self.banker, self.streak, rules=self.rules)  # raises (R-S3)
        fins, captured = self.finishes()
        # The deal guarantees consistent inputs, so skip settle()'s argument checks.
        return compute_settlement(self.stacks, winner, self.banker, self.streak, fins,
                                   captured, self.rules, list(self._rewards))

    def next_deal_banker(self) -> tuple[int, int]:
        """The next hand's banker and streak (R-B1)."""
        from .scoring import next_banker

        winner = self._st.winner
        if winner is None:
            raise IllegalPlay("the hand is not over yet: the next banker is its winner (R-B1)")
        return next_banker(self.banker, self.streak, winner, self.rules)

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.deal_svg(self.full_view())




def _index(t: Tile) -> int:
    return t.index


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise DealError(f"seat must be 0–3 (East, South, West, North), not {seat!r}")
    return seat
