"""Double-dummy puzzles: all four hands shown, one decision to find, checked by the exact solver.

Two goals, as bridge books pose them:

- ``"win"`` — "East to play and win the hand": the seat to act can force the win (the others
  defending together, :func:`tiangow.search.forced_win`), but only with some of its moves;
- ``"stop"`` — "stop West from winning": after most of the moves of the seat to act, another
  seat is sure to win; a few keep it from a sure win;
- ``"stacks"`` — "make your fourth stack": the seat to act, short of par (R-$1), can make sure of
  its fourth stack, but only with some moves (:func:`sure_stacks`).

A :class:`Puzzle` is made from a real deal (dealt and played sensibly by the bots, then stopped),
so its position is one a player meets. It keeps everything needed to serve it without solving
(the static site has no time to solve): the moves that solve it, a winning (or saving) line after
the key move, and for every other move, the line that refutes it. Themes and a difficulty
rating are read from the position and the solution. ``tiangow/data/puzzles.json`` ships a set
made by ``scripts/make_puzzles.py``; tests re-check each against the solver.

>>> p = PUZZLES[0]
>>> p.deal().to_play == p.seat, p.check(p.answers[0])
(True, True)
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Final

from . import search
from .deal import Deal
from .errors import TiangowError
from .i18n import T, Text, seat_name
from .move import Move
from .players.positions import deal_until, sensible_action
from .players.rule import RuleBot
from .tiles import Tile, parse_tiles

__all__ = ["Puzzle", "PuzzleError", "PUZZLES", "THEMES", "make_puzzle", "sure_stacks", "expected", "rated",
           "pick_puzzle"]


class PuzzleError(TiangowError):
    """A puzzle that does not hold (or a bad answer to one)."""


THEMES: Final[dict[str, Text]] = {
    "last-trick": T("留一張穩贏的牌給最後一墩", "Keep a sure winner for the last trick"),
    "two-stacks": T("兩棟的規則（R-W2）", "The two-stack rule (R-W2)"),
    "discard": T("墊哪一張", "Which tile to discard"),
    "duck": T("讓出這一墩", "Give up this trick"),
    "pairs": T("對子和組合", "Pairs and combinations"),
    "capture": T("擒（R-$10）", "Capture (R-$10)"),
    "take-the-lead": T("搶出牌權", "Take the lead"),
}


def _key(m: Move) -> str:
    return str(m)


def _bot(d: Deal) -> Move:
    """The rule-based player's move for the seat to act (it sees only its own seat)."""
    seat = d.to_play
    assert seat is not None
    return RuleBot(0).choose(d.view(seat))


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position (replayed from the deal's hands and the moves made), who is to
    act, the goal, and the solution."""

    id: str
    hands: tuple[str, str, str, str]
    banker: int
    moves: tuple[str, ...]
    seat: int
    goal: str
    """``"win"``: ``seat`` (to act) wins the hand; ``"stop"``: ``seat`` keeps ``rival`` from winning;
    ``"stacks"``: ``seat`` makes sure of its fourth stack."""
    rival: int | None
    answers: tuple[str, ...]
    """The moves that solve it (``str(Move)``: ``"play 66"``, ``"discard 12 13"``)."""
    line: tuple[str, ...]
    """A line of play after the first answer, with best play on both sides, to the end."""
    refutes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For each other legal move, a line that shows why it fails."""
    themes: tuple[str, ...] = ()
    rating: int = 1500

    def deal(self) -> Deal:
        d = Deal([parse_tiles(h) for h in self.hands], banker=self.banker)
        for m in self.moves:
            d.push(Move.parse(m))
        return d

    def prompt(self) -> Text:
        who = T(seat_name(self.seat, "zh-Hant"), seat_name(self.seat))
        if self.goal == "win":
            return T(f"所有牌都翻開了。{who.zh}出牌：找出一定贏這一局的出法（別人一起盡力阻止）。",
                     f"Every tile is shown. {who.en} to play and win the hand, whatever the others do together.")
        if self.goal == "stacks":
            return T(f"所有牌都翻開了。{who.zh}出牌：確保拿到第四棟（歸本，不用付錢，R-$1），別人一起盡力阻止。",
                     f"Every tile is shown. {who.en} to play: make sure of a fourth stack (par: nothing to pay, "
                     "R-$1), whatever the others do together.")
        assert self.rival is not None
        rival = T(seat_name(self.rival, "zh-Hant"), seat_name(self.rival))
        return T(f"所有牌都翻開了。{who.zh}出牌：阻止{rival.zh}一定贏這一局。",
                 f"Every tile is shown. {who.en} to play: stop {rival.en} from being sure to win the hand.")

    def check(self, move: Move | str) -> bool:
        """Whether ``move`` solves the puzzle (raises :class:`PuzzleError` for a move the rules
        refuse here)."""
        m = Move.parse(move) if isinstance(move, str) else move
        d = self.deal()
        refused = d.why_not(m)
        if refused is not None:
            raise PuzzleError(str(refused))
        # a discard's tiles may differ from the listed one and be as good: compare as the solver does
        return _key(_normal(d, m)) in self.answers

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "hands": list(self.hands), "banker": self.banker, "moves": list(self.moves),
                "seat": self.seat, "goal": self.goal, "rival": self.rival, "answers": list(self.answers),
                "line": list(self.line), "refutes": {k: list(v) for k, v in self.refutes.items()},
                "themes": list(self.themes), "rating": self.rating}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        return cls(data["id"], tuple(data["hands"]), data["banker"], tuple(data["moves"]), data["seat"],
                   data["goal"], data["rival"], tuple(data["answers"]), tuple(data["line"]),
                   {k: tuple(v) for k, v in data["refutes"].items()}, tuple(data["themes"]), data["rating"])


def _normal(d: Deal, m: Move) -> Move:
    """``m`` as the puzzle lists it: a discard of tiles the position cannot tell apart from the
    listed one counts as it (the listed discards are the solver's distinct ones)."""
    if not m.discard:
        return m
    for listed in _options(d):
        if listed.discard and sorted(t.notation for t in listed.tiles) == sorted(t.notation for t in m.tiles):
            return listed
    return m


def _options(d: Deal) -> list[Move]:
    """The legal moves, discards all listed (positions are small: 4 tiles each at most)."""
    return list(d.legal_moves(discards=True))


def sure_stacks(position: Deal, seat: int, k: int) -> bool:
    """Whether ``seat`` ends the hand with at least ``k`` stacks whatever the others do (they
    play together against it; exact, by search over every move with a table of positions)."""
    st = position.snapshot()
    table: dict[tuple[object, ...], bool] = {}

    def value() -> bool:
        if st.stacks[seat] >= k:
            return True
        if st.to_play is None:
            return False
        key = st.key()
        if key in table:
            return table[key]
        mine = st.to_play == seat
        result = not mine
        for step in st.moves():
            st.push(step)
            v = value()
            st.pop()
            if v == mine:
                result = mine
                break
        table[key] = result
        return result

    return value()


def _wins(d: Deal, seat: int) -> bool:
    if d.is_over:
        return d.winner == seat
    return search.forced_win(d, seat)


def _line(d: Deal, seat: int, goal: str, rival: int | None) -> tuple[str, ...]:
    """Play to the end from ``d``. ``"win"``: ``seat`` keeps a sure win when it has one (else the
    rule-based player's move), the others stop it when they can; ``"stop"``: ``rival`` wins when
    it is sure to, the others keep it from a sure win when they can."""
    out: list[str] = []
    board = d.copy()
    while not board.is_over:
        who = board.to_play
        assert who is not None
        if goal == "stacks":  # the seat keeps its fourth stack sure when it can; the others deny it
            sure = [x for x in _options(board) if sure_stacks(_after(board, x), seat, 4)]
            if who == seat:
                m = sure[0] if sure else _bot(board)
            else:
                unsure = [x for x in _options(board) if not sure_stacks(_after(board, x), seat, 4)]
                m = unsure[0] if unsure else _bot(board)
        elif goal == "win":
            if who == seat:
                wins = search.winning_moves(board, seat)
                m = wins[0] if wins else _bot(board)
            else:
                m = search.best_defence(board, seat)
        else:
            assert rival is not None
            if who == rival:
                wins = search.winning_moves(board, rival)
                m = wins[0] if wins else _bot(board)
            else:
                m = next((x for x in _options(board) if not _wins(_after(board, x), rival)), _bot(board))
        out.append(str(m))
        board.push(m)
    return tuple(out)


def _pips(tiles: tuple[Tile, ...]) -> str:
    return " ".join(f"{t.pips[0]}{t.pips[1]}" for t in tiles)


def _after(d: Deal, m: Move) -> Deal:
    c = d.copy()
    c.push(m)
    return c


def _matters_two_stacks(d: Deal, seat: int, goal: str, rival: int | None, results: dict[str, bool]) -> bool:
    """Whether the two-stack rule (R-W2) decides the puzzle: with every seat at two stacks or
    more, some move's result would change."""
    from .players.base import step_of

    if goal == "stacks" or all(s >= 2 for s in d.stacks):
        return False
    who = seat if goal == "win" else rival
    assert who is not None
    for m in _options(d):
        st = d.snapshot()
        st.stacks = tuple(max(2, n) for n in st.stacks)  # type: ignore[assignment]
        st.push(step_of(st, m))
        sure = st.winner == who if st.to_play is None else search.forced_win(st, who)
        if (sure if goal == "win" else not sure) != results[str(m)]:
            return True
    return False


def _themes(d: Deal, seat: int, answer: Move, wrong: list[Move], line: tuple[str, ...], goal: str,
            rival: int | None, results: dict[str, bool]) -> tuple[str, ...]:
    themes: list[str] = []
    if answer.discard:
        themes.append("discard")
    if len(answer.tiles) >= 2 and not answer.discard:
        themes.append("pairs")
    if d.trick_size is not None and not answer.discard:
        themes.append("take-the-lead")
    elif d.trick_size is not None and answer.discard and any(not m.discard for m in wrong):
        themes.append("duck")  # it could have beaten, and must not
    if _matters_two_stacks(d, seat, goal, rival, results):
        themes.append("two-stacks")
    if any(t.notation in ("1-2", "2-4") for m in (answer, *wrong) for t in m.tiles) and any(
            t.notation == "1-2" for t in d.holding(seat)):
        themes.append("capture")
    # the tile that takes the last trick in the solution, played too soon by a wrong move
    final = Move.parse(line[-1]) if line else answer
    won_with = {t.notation for t in final.tiles} if not final.discard else set()
    if goal == "win" and won_with and any(not m.discard and won_with & {t.notation for t in m.tiles} for m in wrong):
        themes.append("last-trick")
    return tuple(dict.fromkeys(themes))


def _rating(d: Deal, answers: list[Move], options: list[Move], bot_finds: bool) -> int:
    """A difficulty on a chess-like scale: more tiles, more tempting moves and a key move the
    rule-based player misses make it harder."""
    tiles = len(d.holding(d.to_play or 0))
    share = len(answers) / max(1, len(options))
    r = 900 + 120 * tiles + int(400 * (1 - share)) + (0 if bot_finds else 250)
    return max(800, min(2400, r))


def make_puzzle(rng: random.Random, number: int = 0, tiles: int | None = None) -> Puzzle | None:
    """A puzzle from a real deal, or ``None`` if this deal gives none (no choice matters)."""
    d = deal_until(rng, tiles if tiles is not None else rng.choice((2, 3, 3, 4)))
    # stop at a random decision of the next trick
    for _ in range(rng.randrange(4)):
        if d.is_over or (d.trick_size is None and len(d.holding(d.to_play or 0)) < 2):
            break
        sensible_action(d, rng)
    if d.is_over:
        return None
    seat = d.to_play
    assert seat is not None
    options = _options(d)
    if len(options) < 2:
        return None
    results = {str(m): _wins(_after(d, m), seat) for m in options}
    goal, rival = "win", None
    if not any(results.values()) or all(results.values()):
        # not a win puzzle: is some other seat sure to win unless this one finds the move?
        for r in range(4):
            if r == seat:
                continue
            saving = {str(m): not _wins(_after(d, m), r) for m in options}
            if any(saving.values()) and not all(saving.values()):
                goal, rival, results = "stop", r, saving
                break
        else:
            # "make your k-th stack": the seat is short of par and some moves make sure of it
            k = 4 if d.stacks[seat] < 4 else 0
            if not k or len(d.holding(seat)) + d.stacks[seat] < k:
                return None
            sure = {str(m): sure_stacks(_after(d, m), seat, k) for m in options}
            if not any(sure.values()) or all(sure.values()):
                return None
            goal, results = "stacks", sure
    answers = [m for m in options if results[str(m)]]
    wrong = [m for m in options if not results[str(m)]]
    if len(answers) > 2:
        return None  # too easy to stumble on
    key = answers[0]
    bot = _bot(d)
    bot_finds = str(_normal(d, bot)) in {str(a) for a in answers}
    moves = tuple(("discard " if a.kind == "discard" else "play ") + _pips(a.tiles or ()) for a in d.history)
    hands = tuple(_pips(d.initial_holding(s)) for s in range(4))
    line = _line(_after(d, key), seat, goal, rival)
    refutes = {str(m): (_line(_after(d, m), seat, "win", None) if goal == "win"
                        else _line(_after(d, m), seat, "stacks", None) if goal == "stacks"
                        else _line(_after(d, m), rival or 0, "win", None)) for m in wrong}
    return Puzzle(f"p{number}", hands, d.banker, moves, seat, goal, rival, tuple(str(a) for a in answers),  # type: ignore[arg-type]
                  line, refutes, _themes(d, seat, key, wrong, line, goal, rival, results),
                  _rating(d, answers, options, bot_finds))


# --- serving at the learner's level ---------------------------------------------------------

def expected(rating: float, puzzle_rating: float) -> float:
    """The chance a learner of ``rating`` solves a puzzle of ``puzzle_rating`` (Elo's curve)."""
    return 1 / (1 + math.pow(10, (puzzle_rating - rating) / 400))


def rated(rating: float, puzzle_rating: float, solved: bool, k: float = 40) -> int:
    """The learner's rating after a puzzle (Elo, K = 40: it follows results quickly).

    >>> rated(1500, 1500, True), rated(1500, 1500, False), rated(1500, 1900, True)
    (1520, 1480, 1536)
    """
    return round(rating + k * ((1 if solved else 0) - expected(rating, puzzle_rating)))


def pick_puzzle(rating: float, done: set[str], rng: random.Random) -> Puzzle:
    """A puzzle near the learner's rating (a little above: solving it about 60 % of the time),
    not one already done while others remain."""
    pool = [p for p in PUZZLES if p.id not in done] or list(PUZZLES)
    target = rating + 70
    pool.sort(key=lambda p: abs(p.rating - target))
    return rng.choice(pool[: max(1, min(5, len(pool)))])


@cache
def _load() -> tuple[Puzzle, ...]:
    path = resources.files("tiangow").joinpath("data/puzzles.json")
    if not path.is_file():
        return ()
    return tuple(Puzzle.from_json(p) for p in json.loads(path.read_text(encoding="utf-8"))["puzzles"])


PUZZLES: Final[tuple[Puzzle, ...]] = _load()
