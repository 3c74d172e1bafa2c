"""Ideas of play, tested: how often each rule of thumb picks an action as good as the best.

Each principle says, for some positions, which actions follow it ("when you discard, discard your
weakest tiles"). Over seeded positions from real deals (3 to 5 tiles a hand, where the search is
exact), the seat to act judges every action as the coach does from its own view: the tiles it
has not seen dealt at random, each deal searched to the end with the other three playing their
best against it, the nets averaged. A principle *holds* in a position when the best action that
follows it nets at least as much as the best one that does not; where it does not, the position
is an *exception* (the best of those is shown, with both figures).

``tiangow/data/principles.json`` keeps each principle's verdict in every position (written by
``python -m scripts.make_principles``; a test plays the positions again and compares), so a page
shows the figures without searching.

>>> position(3).seat == position(3).deal.to_play
True
>>> sorted(p.id for p in PRINCIPLES)[:2]
['beat-lowest-when-last', 'beat-lowest-with-others-to-come']
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..combos import Combination, combinations_in
from ..deal import Deal, DealView
from ..i18n import T, Text
from ..move import Move
from ..players.positions import deal_until
from ..players.search import Option, SearchBot
from ..policy import POLICY
from ..tiles import Tile
from .text import is_sure

__all__ = ["Principle", "PRINCIPLES", "Position", "position", "judge", "Tally", "measured",
           "verdicts", "verdict", "tally", "Example", "example", "kept_examples"]

@dataclass(frozen=True)
class Position:
    """A seeded position: the deal as it stands and the seat to act (whose view is judged)."""

    seed: int
    deal: Deal

    @property
    def seat(self) -> int:
        seat = self.deal.to_play
        assert seat is not None
        return seat

    @property
    def view(self) -> DealView:
        return self.deal.view(self.seat)


def position(seed: int) -> Position:
    """Position ``seed``: a real deal played sensibly to a trick's start with 2 to 5 tiles a
    hand, then up to three actions into that trick (a lead, plays and discards at random)."""
    rng = random.Random(seed)
    d = deal_until(rng, rng.choice((2, 3, 4, 5)))
    for _ in range(rng.randrange(4)):
        if d.is_over:
            break
        moves = d.legal_moves()
        plays = [m for m in moves if not m.discard]
        d.push(rng.choice(plays) if plays and rng.random() < 0.6 else rng.choice(moves))
    if d.is_over:  # the hand ended in those actions: the position before the last of them
        d.pop()
    return Position(seed, d)


def judge(p: Position, samples: int = POLICY.principles_samples) -> list[Option]:
    """Every action of ``p``'s seat, valued from its own view on ``samples`` deals of the tiles
    it has not seen (the same deals for every action), each searched exactly."""
    return SearchBot(p.seed, samples=samples).options(p.view)


# --- the principles -------------------------------------------------------------------------


def _combination(view: DealView, move: Move) -> Combination | None:
    found = [c for c in combinations_in(move.tiles, view.rules) if c.size == len(move.tiles)]
    return found[0] if found else None


def _sure_tiles(view: DealView) -> set[str]:
    """The seat's tiles that nothing it has not seen could beat as a single (sure winners)."""
    out = set()
    for t in set(view.hands[view.seat or 0] or ()):
        single = _combination(view, Move((t,)))
        if single is not None and is_sure(view, single):
            out.add(t.notation)
    return out


def _sure_lead(view: DealView, move: Move) -> bool:
    c = _combination(view, move)
    return not move.discard and c is not None and is_sure(view, c)


def _last_to_act(d: Deal) -> bool:
    cur = d.current_trick
    return cur is not None and len(cur.actions) == 3


def _lowest_play(d: Deal) -> Move | None:
    plays = d.legal_moves(discards=False)  # highest first
    return plays[-1] if plays else None


@dataclass(frozen=True)
class Principle:
    """A rule of thumb: where it applies (among which of the options) and which actions follow it."""

    id: str
    statement: Text
    applies: Callable[[Position], bool]
    follows: Callable[[Position, Move], bool]
    among: Callable[[Move], bool] = lambda m: True
    """The actions compared (e.g. only discards, for a principle about what to discard)."""


def _discarding(p: Position) -> bool:
    return p.deal.trick_size is not None and len([m for m in p.deal.legal_moves() if m.discard]) >= 2


def _keeps_sure(p: Position, m: Move) -> bool:
    hand = [t.notation for t in p.deal.holding(p.seat)]
    for t in m.tiles:
        hand.remove(t.notation)
    return all(s in hand for s in _sure_tiles(p.view))


def _weakest_discard(p: Position, m: Move) -> bool:
    return m == next(x for x in p.deal.legal_moves() if x.discard)


def _can_beat(p: Position) -> bool:
    return p.deal.trick_size is not None and bool(p.deal.legal_moves(discards=False))


PRINCIPLES: tuple[Principle, ...] = (
    Principle("discard-weakest",
              T("墊牌時墊最小的牌。", "When you discard, discard your weakest tiles."),
              _discarding, _weakest_discard, lambda m: m.discard),
    Principle("discard-keep-sure",
              T("墊牌時留着穩贏的牌（你沒見過的牌都打不過的牌）。",
                "When you discard, keep your sure winners (tiles nothing you have not seen can beat)."),
              lambda p: _discarding(p) and bool(_sure_tiles(p.view)), _keeps_sure, lambda m: m.discard),
    Principle("beat-lowest-when-last",
              T("最後一個出牌而要打：用剛好打得過的最小的牌。",
                "Last to act in a trick, and beating: beat with the lowest play that wins."),
              lambda p: _last_to_act(p.deal) and len(p.deal.legal_moves(discards=False)) >= 2,
              lambda p, m: m == _lowest_play(p.deal), lambda m: not m.discard),
    Principle("beat-when-last",
              T("最後一個出牌而打得過：打，不要墊。",
                "Last to act in a trick and able to beat: beat rather than discard."),
              lambda p: _last_to_act(p.deal) and _can_beat(p), lambda p, m: not m.discard),
    Principle("beat-lowest-with-others-to-come",
              T("後面還有人出牌時，用剛好打得過的最小的牌。",
                "With others still to act after you, beat with the lowest play that wins."),
              lambda p: (p.deal.trick_size is not None and not _last_to_act(p.deal)
                         and len(p.deal.legal_moves(discards=False)) >= 2),
              lambda p, m: m == _lowest_play(p.deal), lambda m: not m.discard),
    Principle("lead-losers-first",
              T("手上有穩贏的牌時，先出可能輸的牌，留着穩贏的牌拿回出牌權。",
                "While you hold a sure winner, lead the tiles that may lose first, and keep the sure winner to "
                "take the lead back."),
              lambda p: (p.deal.trick_size is None and len(p.deal.holding(p.seat)) >= 3
                         and any(_sure_lead(p.view, m) for m in p.deal.legal_moves())
                         and not all(_sure_lead(p.view, m) for m in p.deal.legal_moves())),
              lambda p, m: not _sure_lead(p.view, m)),
    Principle("keep-sure-for-last",
              T("留一張穩贏的牌打最後一墩。", "Keep a sure winner for the last trick."),
              lambda p: (p.deal.trick_size is None and len(p.deal.holding(p.seat)) >= 3
                         and bool(_sure_tiles(p.view))),
              lambda p, m: any(s in [t.notation for t in _rest(p, m)] for s in _sure_tiles(p.view))),
)
"""The principles tested, the course's own and two a learner took from the coach's marks."""


def _rest(p: Position, m: Move) -> list[Tile]:
    hand = list(p.deal.holding(p.seat))
    for t in m.tiles:
        hand.remove(t)
    return hand


def verdict(principle: Principle, p: Position, options: Sequence[Option]) -> str:
    """``"+"`` the principle's best action nets more than any other, ``"="`` as much as the best
    other, ``"-"`` less (an exception), ``"."`` the principle does not apply here."""
    if not principle.applies(p):
        return "."
    compared = [o for o in options if principle.among(o.move)]
    yes = [o.mean for o in compared if principle.follows(p, o.move)]
    no = [o.mean for o in compared if not principle.follows(p, o.move)]
    if not yes or not no:
        return "."
    gap = max(yes) - max(no)
    return "=" if abs(gap) < 1e-9 else "+" if gap > 0 else "-"


def verdicts(seeds: Sequence[int], samples: int = POLICY.principles_samples) -> dict[str, str]:
    """Each principle's verdict in each position, as a string (one character a seed)."""
    out: dict[str, list[str]] = {pr.id: [] for pr in PRINCIPLES}
    for seed in seeds:
        p = position(seed)
        options = judge(p, samples)
        for pr in PRINCIPLES:
            out[pr.id].append(verdict(pr, p, options))
    return {k: "".join(v) for k, v in out.items()}


@dataclass(frozen=True)
class Tally:
    """How one principle fared over the positions."""

    principle: Principle
    positions: int
    """Positions where it applies."""
    better: int
    """… where following it nets more than anything else."""
    equal: int
    exceptions: int
    example: int | None
    """The seed of the first exception (``None``: there is none)."""

    @property
    def holds(self) -> float:
        """The share of its positions in which following it is as good as the best action."""
        return (self.better + self.equal) / self.positions if self.positions else 0.0

    @property
    def rule(self) -> bool:
        return self.holds >= POLICY.principles_holds_from


def tally(principle: Principle, seeds: Sequence[int], marks: str) -> Tally:
    """A principle's figures from its verdicts ``marks`` (one a seed)."""
    if len(marks) != len(seeds):
        raise ValueError(f"{len(marks)} verdicts for {len(seeds)} positions")
    first = next((s for s, m in zip(seeds, marks, strict=True) if m == "-"), None)
    return Tally(principle, sum(m != "." for m in marks), marks.count("+"), marks.count("="), marks.count("-"), first)


@dataclass(frozen=True)
class Example:
    """An exception, worked out: the principle's best action and the better one, with their nets."""

    seed: int
    follows: Move
    follows_net: float
    better: Move
    better_net: float


def example(principle: Principle, seed: int, samples: int = POLICY.principles_samples) -> Example:
    """Position ``seed`` judged again: the best action that follows ``principle`` and the best
    that does not."""
    p = position(seed)
    compared = [o for o in judge(p, samples) if principle.among(o.move)]
    yes = max((o for o in compared if principle.follows(p, o.move)), key=lambda o: o.mean)
    no = max((o for o in compared if not principle.follows(p, o.move)), key=lambda o: o.mean)
    return Example(seed, yes.move, yes.mean, no.move, no.mean)


@cache
def _data() -> dict[str, object]:
    path = resources.files("tiangow").joinpath("data/principles.json")
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def measured() -> tuple[list[int], list[Tally]]:
    """The positions of ``tiangow/data/principles.json`` and each principle's figures over them."""
    data = _data()
    seeds = list(range(int(data["positions"])))  # type: ignore[call-overload]
    marks = data["verdicts"]
    assert isinstance(marks, dict)
    return seeds, [tally(pr, seeds, marks[pr.id]) for pr in PRINCIPLES]


def kept_examples() -> dict[str, Example]:
    """Each principle's first exception as ``tiangow/data/principles.json`` keeps it."""
    raw = _data().get("examples", {})
    assert isinstance(raw, dict)
    return {pid: Example(int(e["seed"]), Move.parse(e["follows"]), float(e["follows_net"]), Move.parse(e["better"]),
                         float(e["better_net"])) for pid, e in raw.items()}
