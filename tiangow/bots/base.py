"""What every computer player shares: decisions, the bot protocol, sampling hidden tiles.

A bot sees only a :class:`tiangow.DealView` — its own tiles, every tile shown face up, and
the *number* of tiles each other player discarded face down — and returns a
:class:`Decision`. It never touches the :class:`tiangow.Deal`, so it cannot peek.

>>> from tiangow import Deal
>>> from tiangow.bots import RandomBot, play_hand
>>> d = play_hand(Deal.random(3), [RandomBot(1), RandomBot(2), RandomBot(3), RandomBot(4)])
>>> d.is_over, sum(d.stacks), sum(d.settlement().net)
(True, 8, 0)
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from .. import packed
from ..combos import Combination, _Table, table
from ..deal import Action, Deal, DealView
from ..errors import DealError, IllegalPlay
from ..i18n import Lang, T, Text, seat_name
from ..tiles import Tile, as_tiles, full_set
from .perfect import PMove, Position

__all__ = ["Decision", "Bot", "RandomBot", "play_hand", "sample_deal", "view_position", "legal_decisions",
           "BotError"]


class BotError(DealError):
    """A bot was asked to act when it cannot (not its turn, the hand is over, bad arguments)."""


_SHARED: dict[int, frozenset[str]] = {}


def _shared_names(tab: _Table) -> frozenset[str]:
    """Names (in English) that more than one play in a combination table goes by."""
    found = _SHARED.get(id(tab))
    if found is None:
        counts = Counter(c.label("en") for c in tab.plays)
        found = _SHARED[id(tab)] = frozenset(name for name, n in counts.items() if n > 1)
    return found


@dataclass(frozen=True)
class Decision:
    """An action a player chooses: play ``tiles`` (lead or beat) or discard them face down."""

    tiles: tuple[Tile, ...]
    discard: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(as_tiles(self.tiles), key=lambda t: t.index)))

    def apply(self, d: Deal) -> Action:
        """Carry the decision out on ``d`` (checked: an illegal decision raises)."""
        return d.discard(self.tiles) if self.discard else d.play(self.tiles)

    def text(self, view: DealView | Deal | None = None) -> Text:
        """The decision in words: "lead 天九", "play 人", "discard 長三 斧頭" (given the
        view, a play by the leader is called a lead)."""
        if self.discard:
            return T("墊 " + " ".join(t.name for t in self.tiles),
                     "discard " + ", ".join(t.label("en") for t in self.tiles))
        tab = table(None if view is None else view.rules)
        c = tab.by_tiles.get(self.tiles)
        zh = c.label("zh-Hant") if c is not None else " ".join(t.name for t in self.tiles)
        en = c.label("en") if c is not None else ", ".join(t.label("en") for t in self.tiles)
        if c is not None and c.size > 1 and en in _shared_names(tab):
            # 地八 is 地 with either 八: say which
            zh += "（" + "、".join(t.label("zh-Hant") for t in self.tiles) + "）"
            en += " (" + ", ".join(t.label("en") for t in self.tiles) + ")"
        if view is not None and view.trick_size is None:
            return T(f"出 {zh}", f"lead {en}")
        return T(f"打 {zh}", f"play {en}")

    def label(self, lang: Lang = "en") -> str:
        return self.text()(lang)

    def __str__(self) -> str:
        return self.label("en")


@runtime_checkable
class Bot(Protocol):
    """A computer player: from one seat's view of the deal, the action it takes."""

    name: str

    def choose(self, view: DealView) -> Decision: ...


def _check_view(view: object) -> DealView:
    if not isinstance(view, DealView):
        raise BotError(f"a bot decides from a tiangow.DealView (deal.view(seat)), not {type(view).__name__}")
    if view.seat is None:
        raise BotError("a bot decides from one seat's view (deal.view(seat)), not the full view")
    if view.is_over or view.to_play is None:
        raise BotError("the hand is over: there is nothing to decide (R-W1)")
    if view.to_play != view.seat:
        raise BotError(f"it is {seat_name(view.to_play)}'s turn, not {seat_name(view.seat)}'s (R-P4)")
    return view


def legal_decisions(view: DealView) -> list[Decision]:
    """Every distinct action open to the seat of ``view``: its plays, then its discards."""
    pos = view_position(view, random.Random(0))
    return [to_decision(pos, mv) for mv in pos.moves()]


def to_decision(pos: Position, mv: PMove) -> Decision:
    """A :class:`Position` move as a :class:`Decision`."""
    if type(mv) is int:
        return Decision(packed.unpack(mv), True)
    c: Combination = mv  # type: ignore[assignment]
    return Decision(c.tiles, False)


def to_move(pos: Position, decision: Decision) -> PMove:
    """The :class:`Position` move for a decision legal in ``pos``."""
    for mv in pos.moves():
        if (type(mv) is int) == decision.discard and pos.tiles_of(mv) == decision.tiles:
            return mv
    raise IllegalPlay(f"{decision} is not open to {seat_name(pos.to_play or 0)} now")


class RandomBot:
    """Picks uniformly among its legal actions (plays and distinct discards): the baseline."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view: DealView) -> Decision:
        _check_view(view)
        return self.rng.choice(legal_decisions(view))


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
                d.discard_unchecked(tuple(sorted(hidden.get(i) or a.tiles or (), key=lambda t: t.index)))
            else:
                assert a.combination is not None
                d.play_combination(a.combination)
        return d
    raise AssertionError("unreachable")  # pragma: no cover


def view_position(view: DealView, rng: random.Random) -> Position:
    """A :class:`Position` for one sample of the hidden tiles (see :func:`sample_deal`)."""
    return Position(sample_deal(view, rng))


def unseen_mask(pos: Position, seat: int) -> int:
    """Packed tiles ``seat`` has not seen in ``pos``: everything but its own tiles, its own
    discards and the tiles shown face up."""
    return _FULL_MASK - pos.shown - pos.up - pos.h[seat] - pos.disc[seat]


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
        decision = bot.choose(deal.view(seat))
        action = decision.apply(deal)
        if on_action is not None:
            on_action(deal, action)
    return deal


__all__ += ["to_decision", "to_move", "unseen_mask"]
