"""What every computer player shares: the bot protocol, sampling hidden tiles.

A bot sees only a :class:`tiangow.DealView` — its own tiles, every tile shown face up, and
the *number* of tiles each other player discarded face down — and returns a
:class:`tiangow.Move`. It never touches the :class:`tiangow.Deal`, so it cannot peek.

>>> from tiangow import Deal
>>> from tiangow.players import RuleBot, play_hand
>>> d = play_hand(Deal.random(3), [RuleBot(1), RuleBot(2), RuleBot(3), RuleBot(4)])
>>> d.is_over, sum(d.stacks), sum(d.settlement().net)
(True, 8, 0)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from .. import packed
from ..deal import Action, Deal, DealView
from ..errors import DealError, IllegalPlay
from ..i18n import seat_name
from ..move import Move
from ..state import State, Step
from ..tiles import Tile, full_set

__all__ = ["Bot", "play_hand", "sample_deal", "BotError", "check_view"]


class BotError(DealError):
    """A bot was asked to act when it cannot (not its turn, the hand is over, bad arguments)."""


@runtime_checkable
class Bot(Protocol):
    """A computer player: from one seat's view of the deal, the action it takes."""

    name: str

    def choose(self, view: DealView) -> Move: ...


def check_view(view: object) -> DealView:
    """``view`` if a bot may decide from it (one seat's view, its turn); else :class:`BotError`."""
    if not isinstance(view, DealView):
        raise BotError(f"a bot decides from a tiangow.DealView (deal.view(seat)), not {type(view).__name__}")
    if view.seat is None:
        raise BotError("a bot decides from one seat's view (deal.view(seat)), not the full view")
    if view.is_over or view.to_play is None:
        raise BotError("the hand is over: there is nothing to decide (R-W1)")
    if view.to_play != view.seat:
        raise BotError(f"it is {seat_name(view.to_play)}'s turn, not {seat_name(view.seat)}'s (R-P4)")
    return view


def step_of(st: State, move: Move) -> Step:
    """The state machine step for a move open to the seat to act in ``st``."""
    for mv in st.moves():
        if (type(mv) is int) == move.discard and st.tiles_of(mv) == move.tiles:
            return mv
    raise IllegalPlay(f"{move} is not open to {seat_name(st.to_play or 0)} now")


# --- the hidden tiles -----------------------------------------------------------------------


def sample_deal(view: DealView, rng: random.Random) -> Deal:
    """A whole deal consistent with everything ``view``'s seat has seen, the hidden tiles
    (others' holdings and face-down discards) dealt at random from those it has not seen,
    replayed to the same point. The seat's own tiles, every face-up play and the count of
    every discard are as in the real deal."""
    if view.seat is None:
        raise BotError("sampling needs one seat's view: the full view hides nothing")
    me = view.seat
    acts = [a for tr in (*view.tricks, *((view.current,) if view.current else ())) for a in tr.actions]
    pool = list(view.unseen)
    rules = view.rules
    for attempt in range(50):
        rng.shuffle(pool)
        it = iter(pool)
        hidden: dict[int, tuple[Tile, ...]] = {}
        initial: list[list[Tile]] = [[] for _ in range(4)]
        initial[me].extend(view.hands[me] or ())
        for i, a in enumerate(acts):
            if a.tiles is not None:
                initial[a.seat].extend(a.tiles)
            else:
                ts = tuple(next(it) for _ in range(a.size))
                hidden[i] = ts
                initial[a.seat].extend(ts)
        for s in range(4):
            if s != me:
                initial[s].extend(next(it) for _ in range(view.hand_sizes[s]))
        # A natural would have ended the deal at once (RULES §8): this one was played, so
        # nobody held one. Resample; after many tries, ignore (a vanishing case).
        r = rules if attempt < 49 or not rules.naturals else dataclasses.replace(rules, naturals=frozenset())
        d = Deal([sorted(h, key=lambda t: t.index) for h in initial], view.banker, view.streak, r, _trusted=True)
        if d.natural is not None:
            continue
        for i, a in enumerate(acts):
            if a.kind == "discard":
                d.push_step(packed.pack(hidden.get(i) or a.tiles or ()))
            else:
                assert a.combination is not None
                d.push_step(a.combination)
        return d
    raise AssertionError("unreachable")  # pragma: no cover


def sample_state(view: DealView, rng: random.Random) -> State:
    """The play state of one sample of the hidden tiles (see :func:`sample_deal`)."""
    return sample_deal(view, rng).snapshot()


def unseen_mask(st: State, seat: int) -> int:
    """Packed tiles ``seat`` has not seen in ``st``: everything but its own tiles, its own
    discards and the tiles shown face up."""
    return _FULL_MASK - st.shown - st.up - st.h[seat] - st.disc[seat]


_FULL_MASK = packed.pack(full_set())


def play_hand(deal: Deal, bots: Sequence[Bot | None], *,
              on_action: Callable[[Deal, Action], None] | None = None) -> Deal:
    """Let ``bots`` (one per seat) play ``deal`` to the end, each from its own view; returns
    the deal. A seat whose bot is ``None`` raises :class:`BotError` when its turn comes."""
    if len(bots) != 4:
        raise BotError(f"play_hand needs four bots (or None), one per seat, not {len(bots)}")
    while not deal.is_over:
        seat = deal.to_play
        assert seat is not None
        bot = bots[seat]
        if bot is None:
            raise BotError(f"{seat_name(seat)} has no bot to play for it")
        move = bot.choose(deal.view(seat))
        action = deal.push(move)
        if on_action is not None:
            on_action(deal, action)
    return deal


__all__ += ["step_of", "sample_state", "unseen_mask"]
