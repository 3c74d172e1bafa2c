"""Questions, answers and spaced repetition for drills (no widgets: plain, testable Python).

A drill generates :class:`Question` objects from a seeded :class:`random.Random`; the quiz
widget shows them and reports the outcome back, and the drill's state (Leitner boxes, a
score) is saved in the learner's progress.
"""

from __future__ import annotations

import abc
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, Protocol

from ..errors import TiangowError
from ..i18n import Text
from ..tiles import Tile

__all__ = ["AnswerError", "Choice", "Drill", "DrillError", "DrillFinished", "KindDrill", "Leitner", "LeitnerDrill",
           "Question", "Score"]


class DrillError(TiangowError):
    """A drill asked for something it does not have (an unknown question kind …)."""


class AnswerError(DrillError):
    """An answer that is not one of the question's choices."""


class DrillFinished(Exception):
    """Raised by ``next_question`` of a drill with a fixed number of questions when it is done."""


MAX_TRIES: Final = 3
"""Tries per question; the answer and the explanation come after the last."""


@dataclass(frozen=True)
class Choice:
    """One answer on offer: a key, its label, the tiles it shows (for tile picks) and why it
    is right or wrong (shown as feedback when chosen)."""

    key: str
    label: Text
    tiles: tuple[Tile, ...] = ()
    why: Text | None = None


Mode = Literal["choice", "pick", "order"]


@dataclass(frozen=True)
class Question:
    """A drill question: prompt, tiles shown, the choices, the right key and the explanation
    (citing the rule). ``item`` is what spaced repetition schedules (e.g. a tile kind).

    ``mode``: ``"choice"`` — buttons with the choices' labels; ``"pick"`` — click the one
    right tile among the choices' tiles; ``"order"`` — click all the choices' tiles in the
    right order; the key is then their positions joined by commas (``"2,0,1"``), and every
    right order (equal ranks may come either way) is in ``accepts``.
    ``groups``: labelled rows of tiles shown with the prompt (``("East leads", tiles)``).
    """

    id: str
    item: str
    prompt: Text
    choices: tuple[Choice, ...]
    answer: str
    explanation: Text
    rule: str
    shown: tuple[Tile | None, ...] = ()
    mode: Mode = "choice"
    accepts: frozenset[str] = frozenset()
    judge: Callable[[str], Text] | None = field(default=None, compare=False)
    groups: tuple[tuple[Text, tuple[Tile | None, ...]], ...] = ()

    def __post_init__(self) -> None:
        keys = [c.key for c in self.choices]
        if len(set(keys)) != len(keys):
            raise AnswerError(f"question {self.id}: choices must have distinct keys, got {keys}")
        if self.mode == "order":
            if self.answer not in self.accepts:
                raise AnswerError(f"question {self.id}: the answer {self.answer!r} is not among the accepted orders")
            for key in self.accepts:
                self._order(key)
        elif self.answer not in keys:
            raise AnswerError(f"question {self.id}: the answer {self.answer!r} is not among {keys}")

    @property
    def pick_tiles(self) -> bool:
        """Whether the learner answers by clicking tiles (pick or order)."""
        return self.mode != "choice"

    def _order(self, key: str) -> tuple[int, ...]:
        try:
            seq = tuple(int(x) for x in key.split(","))
        except (AttributeError, ValueError):
            raise AnswerError(f"an order is tile positions joined by commas, not {key!r}") from None
        if sorted(seq) != list(range(len(self.choices))):
            raise AnswerError(f"an order uses each of the {len(self.choices)} tiles once, not {key!r}")
        return seq

    def choice(self, key: str) -> Choice:
        for c in self.choices:
            if c.key == key:
                return c
        raise AnswerError(f"{key!r} is not a choice of this question ({', '.join(c.key for c in self.choices)})")

    def check(self, key: str) -> bool:
        """Whether ``key`` is a right answer (raises :class:`AnswerError` if it is no answer)."""
        if self.mode == "order":
            self._order(key)
            return key in self.accepts
        return self.choice(key).key == self.answer

    @property
    def tries(self) -> int:
        """How many tries the learner gets: three, or fewer when fewer wrong choices would leave
        the answer as the only one untried (a yes/no question is over after one wrong answer)."""
        if self.mode == "order":
            return MAX_TRIES
        return max(1, min(MAX_TRIES, len(self.choices) - 1))

    def why(self, key: str) -> Text | None:
        """Why ``key`` is wrong, if the question says. Shown while tries remain, so it points at
        the rule and at what is wrong with this choice without giving the answer away (the
        :attr:`explanation` comes once the question is over)."""
        if self.mode == "order":
            return self.judge(key) if self.judge is not None else None
        return self.choice(key).why

    def answer_label(self) -> Text:
        """The right answer in words (for "the answer: …")."""
        if self.mode == "order":
            order = [self.choices[int(i)] for i in self.answer.split(",")]
            return Text(" > ".join(c.label.zh for c in order), " > ".join(c.label.en for c in order))
        return self.right.label

    @property
    def right(self) -> Choice:
        if self.mode == "order":
            return self.choices[int(self.answer.split(",")[0])]
        return self.choice(self.answer)


@dataclass
class Score:
    """Questions asked and answered right at the first try."""

    asked: int = 0
    first_try: int = 0
    streak: int = 0

    def record(self, first_try: bool) -> None:
        self.asked += 1
        self.first_try += first_try
        self.streak = self.streak + 1 if first_try else 0

    def state(self) -> dict[str, int]:
        return {"asked": self.asked, "first_try": self.first_try, "streak": self.streak}

    @classmethod
    def from_state(cls, state: object) -> Score:
        s = cls()
        if isinstance(state, Mapping):
            for name in ("asked", "first_try", "streak"):
                v = state.get(name)
                if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**9:
                    setattr(s, name, v)
        s.first_try = min(s.first_try, s.asked)
        return s

    def merge(self, state: object) -> None:
        """Join a score saved elsewhere (another tab) into this one: counts only grow
        (each the larger of the two); the streak goes with the score that asked more.

        >>> s = Score(12, 10, 3); s.merge({"asked": 10, "first_try": 9, "streak": 9}); s
        Score(asked=12, first_try=10, streak=3)
        """
        other = Score.from_state(state)
        if (other.asked, other.streak) > (self.asked, self.streak):
            self.streak = other.streak
        self.asked = max(self.asked, other.asked)
        self.first_try = max(self.first_try, other.first_try)


def now_ms() -> int:
    """The time now in milliseconds (when an answer moved a box: the latest answer wins a merge)."""
    return time.time_ns() // 1_000_000


@dataclass
class Leitner:
    """Leitner boxes over ``items``: a right answer moves an item up a box, a wrong one back
    to box 1; items in low boxes are asked more often (weight 2^(boxes − box)), so missed
    items come back sooner. An item is mastered from box ``mastered_box`` on.

    >>> deck = Leitner(["a", "b"], boxes=5)
    >>> deck.record("a", True); deck.record("a", True); deck.record("a", True)
    >>> deck.box["a"], deck.mastered()
    (4, ['a'])
    >>> deck.record("a", False); deck.box["a"]
    1

    Saved as ``{item: [box, when]}`` (``when`` in ms; 0 if unknown), so that two tabs' decks
    merge item by item, each item's box set by its latest answer (:meth:`merge`).
    """

    items: Sequence[str]
    boxes: int = 5
    mastered_box: int = 4
    box: dict[str, int] = field(default_factory=dict)
    at: dict[str, int] = field(default_factory=dict)
    """When each item's box last moved (ms since the epoch; 0: never, or not known)."""

    def __post_init__(self) -> None:
        self.items = tuple(self.items)
        for item in self.items:
            self.box.setdefault(item, 1)
            self.at.setdefault(item, 0)

    def weight(self, item: str) -> int:
        return int(2 ** (self.boxes - self.box[item]))

    def pick(self, rng: random.Random, avoid: Iterable[str] = ()) -> str:
        """An item chosen with the box weights, avoiding ``avoid`` when possible."""
        skip = set(avoid)
        pool = [i for i in self.items if i not in skip] or list(self.items)
        return rng.choices(pool, weights=[self.weight(i) for i in pool])[0]

    def record(self, item: str, right: bool) -> None:
        if item not in self.box:
            return
        self.box[item] = min(self.box[item] + 1, self.boxes) if right else 1
        self.at[item] = max(now_ms(), self.at[item] + 1)

    def mastered(self) -> list[str]:
        return [i for i in self.items if self.box[i] >= self.mastered_box]

    def state(self) -> dict[str, list[int]]:
        return {item: [self.box[item], self.at[item]] for item in self.items}

    def _saved(self, state: object) -> dict[str, tuple[int, int]]:
        """The well-formed ``item: (box, when)`` entries of a saved deck (a bare box number,
        the form before timestamps, counts as ``when`` = 0)."""
        out: dict[str, tuple[int, int]] = {}
        if not isinstance(state, Mapping):
            return out
        for item, entry in state.items():
            b, t = (entry, 0) if isinstance(entry, int) else (entry if isinstance(entry, list) and len(entry) == 2
                                                               else (None, None))
            if (item in self.box and isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= self.boxes
                    and isinstance(t, int) and not isinstance(t, bool) and 0 <= t < 2**53):
                out[item] = (b, t)
        return out

    def load(self, state: object) -> None:
        """Take box numbers from saved state, ignoring anything malformed."""
        for item, (b, t) in self._saved(state).items():
            self.box[item], self.at[item] = b, t

    def merge(self, state: object) -> None:
        """Join a deck saved elsewhere (another tab): each item takes the box of its latest
        answer (on a tie in time, the higher box: boxes saved before answers were timed, and
        items never answered, both count as time 0).

        >>> deck = Leitner(["a", "b"]); deck.load({"a": [3, 100], "b": [4, 100]})
        >>> deck.merge({"a": [1, 200], "b": [2, 50]}); deck.state()
        {'a': [1, 200], 'b': [4, 100]}
        """
        for item, (b, t) in self._saved(state).items():
            if (t, b) > (self.at[item], self.box[item]):
                self.box[item], self.at[item] = b, t


class Drill(Protocol):
    """What the quiz widget needs from a drill."""

    id: str
    title: Text

    def next_question(self, rng: random.Random) -> Question:
        """The next question (raises :class:`DrillFinished` when a finite drill is done)."""
        ...

    def record(self, question: Question, first_try: bool, tries: int) -> None: ...

    def state(self) -> dict[str, Any]: ...

    def load(self, state: Mapping[str, Any]) -> None: ...

    def merge(self, state: Mapping[str, Any]) -> None:
        """Join the state saved by another tab into this one (never losing progress)."""
        ...

    def progress(self) -> tuple[int, int]: ...


def _check_kinds(kinds: Sequence[str], allowed: Sequence[str]) -> tuple[str, ...]:
    for k in kinds:
        if k not in allowed:
            raise DrillError(f"unknown question kind {k!r}: use {', '.join(allowed)}")
    return tuple(kinds)


class LeitnerDrill(abc.ABC):
    """Questions about tiles, the tile chosen by Leitner boxes over the 21 kinds.

    A subclass names its ``id``, ``title``, ``question_kinds`` and the function that makes a
    question of a kind about a tile (``maker``).
    """

    id: str
    title: Text
    question_kinds: ClassVar[tuple[str, ...]]
    maker: ClassVar[Callable[[str, Tile, random.Random, int], Question]]
    """``maker(kind, tile, rng, number)``: the drill's question of ``kind`` about ``tile``."""

    def make(self, kind: str, tile: Tile, rng: random.Random, number: int) -> Question:
        """A question of ``kind`` about ``tile``."""
        return type(self).maker(kind, tile, rng, number)

    def __init__(self, kinds: Sequence[str] | None = None) -> None:
        from ..tiles import KINDS

        self.kinds = _check_kinds(kinds if kinds is not None else self.question_kinds, self.question_kinds)
        self.deck = Leitner([t.notation for t in KINDS])
        self.score = Score()
        self._recent: list[str] = []
        self._count = 0

    def next_question(self, rng: random.Random) -> Question:
        item = self.deck.pick(rng, avoid=self._recent)
        self._recent = [*self._recent, item][-3:]
        self._count += 1
        return self.make(rng.choice(self.kinds), Tile(item), rng, self._count)

    def record(self, question: Question, first_try: bool, tries: int) -> None:
        self.deck.record(question.item, first_try)
        self.score.record(first_try)

    def state(self) -> dict[str, Any]:
        return {"boxes": self.deck.state(), "score": self.score.state()}

    def load(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        self.deck.load(state.get("boxes"))
        self.score = Score.from_state(state.get("score"))

    def merge(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        self.deck.merge(state.get("boxes"))
        self.score.merge(state.get("score"))

    def progress(self) -> tuple[int, int]:
        """(kinds mastered, 21)."""
        return len(self.deck.mastered()), len(self.deck.items)


class KindDrill(abc.ABC):
    """Questions of several kinds (:meth:`make`), a score for them and one for each of the
    drill's other exercises (``extra_scores``), and the kinds answered right at the first try."""

    id: str
    title: Text
    question_kinds: ClassVar[tuple[str, ...]]
    extra_scores: ClassVar[tuple[str, ...]] = ()
    maker: ClassVar[Callable[[str, random.Random, int], Question]]
    """``maker(kind, rng, number)``: the drill's question of ``kind`` (or override :meth:`make`)."""

    def make(self, kind: str, rng: random.Random, number: int) -> Question:
        """A question of ``kind``."""
        return type(self).maker(kind, rng, number)

    def __init__(self, kinds: Sequence[str] | None = None) -> None:
        self.kinds = _check_kinds(kinds if kinds is not None else self.question_kinds, self.question_kinds)
        self.score = Score()
        self.scores = {name: Score() for name in self.extra_scores}
        self.seen: set[str] = set()
        self._count = 0

    def next_question(self, rng: random.Random) -> Question:
        self._count += 1
        return self.make(rng.choice(self.kinds), rng, self._count)

    def record(self, question: Question, first_try: bool, tries: int) -> None:
        self.score.record(first_try)
        if first_try:
            self.seen.add(question.item)

    def state(self) -> dict[str, Any]:
        out: dict[str, Any] = {"score": self.score.state(), "seen": sorted(self.seen)}
        out.update({name: s.state() for name, s in self.scores.items()})
        return out

    def load(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        self.score = Score.from_state(state.get("score"))
        self.scores = {name: Score.from_state(state.get(name)) for name in self.extra_scores}
        seen = state.get("seen")
        if isinstance(seen, list):
            self.seen = {k for k in seen if k in self.question_kinds}

    def merge(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        self.score.merge(state.get("score"))
        for name in self.extra_scores:
            self.scores[name].merge(state.get(name))
        seen = state.get("seen")
        if isinstance(seen, list):
            self.seen |= {k for k in seen if k in self.question_kinds}

    def progress(self) -> tuple[int, int]:
        """Kinds of question answered right at the first try at least once."""
        return len(self.seen & set(self.kinds)), len(self.kinds)
