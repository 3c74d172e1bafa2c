"""A move: the tiles a player puts down, played (a lead, or a play to beat) or discarded.

The one move type of the package: :meth:`tiangow.Deal.legal_moves` and
:meth:`tiangow.DealView.legal_moves` list them, bots and the coach choose them, lessons show
them; :meth:`tiangow.Deal.push` makes one (checked). A move is a value: it round-trips
through text and knows nothing of any deal.

>>> from tiangow import Deal, Move
>>> m = Move.parse("play 36 66")
>>> m, str(m), Move.parse(str(m)) == m
(Move.parse('play 66 36'), 'play 66 36', True)
>>> d = Deal.random(7)
>>> first = d.legal_moves()[0]
>>> d.push(first).kind, d.to_play          # East led
('lead', 1)

An :class:`tiangow.Action` is the record of a move taken (who, in which trick, led or played
or discarded, and the combination).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

from . import packed
from .combos import Table, table, table_of
from .errors import TileError
from .i18n import Lang, T, Text
from .rules import Rules
from .tiles import Tile, as_tiles

if TYPE_CHECKING:
    from .state import Step


class Situation(Protocol):
    """Anything that says the rules in force and whether the seat to act leads (a deal or a
    view of one): enough to name a move."""

    @property
    def rules(self) -> Rules: ...

    @property
    def trick_size(self) -> int | None: ...

__all__ = ["Move", "Situation", "discard_of", "move_of", "play_moves"]

_VERBS = {"play": False, "lead": False, "discard": True}


@dataclass(frozen=True)
class Move:
    """Put ``tiles`` down: play them (lead, or beat) or, with ``discard``, discard them face down."""

    tiles: tuple[Tile, ...]
    discard: bool = False

    def __post_init__(self) -> None:
        tiles = tuple(sorted(as_tiles(self.tiles, "a move's tiles"), key=lambda t: t.index))
        if not 1 <= len(tiles) <= 4:
            raise TileError(f"a move puts down 1 to 4 tiles, not {len(tiles)} (R-P2, R-P3)")
        object.__setattr__(self, "tiles", tiles)
        if not isinstance(self.discard, bool):
            raise TileError(f"discard is True or False, not {self.discard!r}")

    # -- text -------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its text: ``"play 66 36"``, ``"lead 天 九"``, ``"discard 1-3 2-2"``
        (tiles as :func:`tiangow.parse_tiles` reads them)."""
        if not isinstance(text, str):
            raise TileError(f"a move is text like 'play 66 36', not {type(text).__name__}")
        verb, _, rest = text.strip().partition(" ")
        if verb not in _VERBS:
            raise TileError(f"a move starts with play, lead or discard, not {verb!r} (in {text!r})")
        return cls(as_tiles(rest, "a move's tiles"), _VERBS[verb])

    def __str__(self) -> str:
        return ("discard " if self.discard else "play ") + " ".join(f"{t.pips[0]}{t.pips[1]}" for t in self.tiles)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def is_play(self) -> bool:
        return not self.discard

    def text(self, view: Situation | None = None) -> Text:
        """The move in words: "lead 天九", "play 人", "discard 長三, 斧頭" (given a view or a
        deal, a play by the leader is called a lead)."""
        if self.discard:
            return T("墊 " + " ".join(t.full_name for t in self.tiles),
                     "discard " + ", ".join(t.label("en") for t in self.tiles))
        tab = table(None if view is None else view.rules)
        c = tab.by_tiles.get(self.tiles)
        zh = c.label("zh-Hant") if c is not None else " ".join(t.name for t in self.tiles)
        en = c.label("en") if c is not None else ", ".join(t.label("en") for t in self.tiles)
        if c is not None and len(set(self.tiles)) > 1:
            # which tiles make it (地八 is 地 with either 八; 雜九 is 3-6 with 4-5), by their pips
            zh += "（" + " + ".join(t.notation for t in self.tiles) + "）"
            en += " (" + " + ".join(t.notation for t in self.tiles) + ")"
        if view is not None and view.trick_size is None:
            return T(f"出 {zh}", f"lead {en}")
        return T(f"打 {zh}", f"play {en}")

    def label(self, lang: Lang = "en") -> str:
        return self.text()(lang)

    # -- the state machine ----------------------------------------------------------------
    @classmethod
    def of(cls, step: Step) -> Move:
        """The move of a state machine step (:mod:`tiangow.state`): a combination is played,
        packed tiles are discarded. Moves are values: each step's is made once and kept."""
        return move_of(step)

    def step(self, tab: Table) -> Step:
        """The state machine step of this move (a combination of ``tab``, or packed tiles);
        raises :class:`TileError` for tiles that make no play."""
        if self.discard:
            return packed.pack(self.tiles)
        found = tab.by_tiles.get(self.tiles)
        if found is None:
            raise TileError(f"{' '.join(t.notation for t in self.tiles)} make no play (R-C2)")
        return found


_set: Final = object.__setattr__


def _made(tiles: tuple[Tile, ...], discard: bool) -> Move:
    """A move of tiles already checked and in order (no checks: for the engine's own steps)."""
    move = object.__new__(Move)
    _set(move, "tiles", tiles)
    _set(move, "discard", discard)
    return move


class _Discards(dict[int, Move]):
    """Each packed discard's move, made on first use: at most one per multiset of up to four
    tiles of the 21 kinds (about 12,000)."""

    def __missing__(self, mask: int) -> Move:
        move = self[mask] = _made(packed.unpack(mask), True)
        return move


_DISCARDS: Final = _Discards()
discard_of: Final = _DISCARDS.__getitem__
"""The move that discards the packed tiles ``mask`` (made once and kept)."""
_PLAYS: Final[dict[int, tuple[Move, ...]]] = {}


def play_moves(tab: Table) -> tuple[Move, ...]:
    """The move of every play of ``tab``, by the play's position in it (``Combination.id``):
    ``play_moves(tab)[c.id]`` is ``c``'s move. Made once per table and kept."""
    found = _PLAYS.get(id(tab))
    if found is None:
        found = _PLAYS[id(tab)] = tuple(_made(c.tiles, False) for c in tab.plays)
    return found


def move_of(step: Step) -> Move:
    """The move of a state machine step (the fast form of :meth:`Move.of`): packed tiles are
    discarded, a combination is played."""
    if type(step) is int:
        return _DISCARDS[step]
    return play_moves(table_of(step))[step.id]  # type: ignore[arg-type, union-attr]
