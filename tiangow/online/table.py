"""A shared table: four seats, hand after hand, every change a numbered event.

A :class:`Table` is the state of one table and nothing else: no sockets, no clock of its own,
no disk. Whoever owns it (:mod:`tiangow.online.service`) asks it to *propose* an event for a
command — checked against the engine (:meth:`tiangow.Deal.why_not`), refused with a
:class:`TableError` that says why in 繁 / 简 / English — writes the event down, and only then
*applies* it. Applying is the only way the table changes, and replaying a table's events
through :meth:`Table.replay` rebuilds it exactly: each hand's seed and rules are in its
``dealt`` event, every move (a human's or a bot's) in a ``moved`` one.

Events (plain JSON objects, ``seq`` numbered from 1 per table):

- ``dealt``: a hand begins (``hand``, ``seed``, ``banker``, ``streak``); each hand's seed is
  drawn fresh (:func:`new_seed`, 128 bits from :mod:`secrets`), never derived from another's,
  and kept in the log: what a role is sent of it (:mod:`tiangow.online.views`) leaves it out
  until the hand is over;
- ``seated``: a human took a seat for the first time (``seat``);
- ``moved``: ``seat`` made ``move`` (:class:`tiangow.Move`'s text), ``by`` a human or a bot;
- ``agreed``: ``seat`` is ready for the first hand, or asks for another after one;
- ``ended``: the creator ended the table.

Who is connected is not an event: it changes who plays a seat (a human, or a bot after the
human has been gone ``hold_seconds``) but never the game, so it is kept beside the events
(:meth:`Table.connect`, :meth:`Table.disconnect`), with the time passed in.

>>> t = Table("demo", TableConfig(), seeds=iter([7]).__next__)
>>> t.apply(t.propose_agree(0, against=0)); t.connect(0); t.everyone_agrees(now=0.0)
True
>>> t.apply(t.propose_deal())
>>> t.seq, t.hand, t.deal.to_play
(2, 1, 0)
>>> first = t.deal.legal_moves()[0]
>>> ev = t.propose_move(0, first, against=2, by="human")
>>> t.apply(ev); t.seq, t.deal.to_play
(3, 1)
>>> t.last["type"], len(t.this_hand)
('moved', 2)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from ..deal import Deal
from ..errors import IllegalPlay, TiangowError
from ..i18n import Lang, T, Text, seat_name
from ..move import Move
from ..rules import DEFAULT_RULES, Rules

__all__ = ["Role", "Table", "TableConfig", "TableError", "Said", "Event", "BOTS", "SPECTATOR", "ROLES",
           "new_token", "new_seed", "token_hash", "SEED_BITS", "Seeds"]

Role = int | Literal["watch"]
"""Who a connection is: a seat 0–3 (East, South, West, North) or the spectator."""

SPECTATOR: Final = "watch"
ROLES: Final[tuple[Role, ...]] = (0, 1, 2, 3, SPECTATOR)

Event = dict[str, Any]
"""One change to a table, as stored and replayed (see the module's docstring)."""

BOTS: Final = ("rule", "search")
"""The bots that can play the empty seats: the course's rule-based player or its search player."""

MAX_HOLD: Final = 3600.0

SEED_BITS: Final = 128
"""A hand's seed is this many bits from :mod:`secrets`: too many to find by trying them against
the tiles one seat holds."""

Seeds = Callable[[], int]
"""Where a table draws each hand's seed (:func:`new_seed`; a test passes a seeded one)."""


def new_seed() -> int:
    """A fresh seed for one hand: :data:`SEED_BITS` bits from :mod:`secrets`."""
    return secrets.randbits(SEED_BITS)


class Said(TiangowError):
    """An error a page is told: ``kind`` says which, ``text`` says it in each language
    (``str()`` is the English)."""

    def __init__(self, kind: str, text: Text) -> None:
        super().__init__(text.en)
        self.kind = kind
        self.text = text

    def say(self, lang: Lang = "en") -> str:
        return self.text(lang)


class TableError(Said):
    """A command the table refuses."""


@dataclass(frozen=True)
class TableConfig:
    """What the creator chose: the rules variant, the bots' strength, whether a learner at the
    table may ask the coach, and how long a dropped human's seat is held before a bot plays it.
    Not the deals: no one chooses or is told a hand's seed before it is over (:func:`new_seed`)."""

    rules: Rules = DEFAULT_RULES
    bots: str = "rule"
    hints: bool = True
    hold_seconds: float = 30.0

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TableError("bad-config", T("規則設定不對。", "The rules are not a tiangow.Rules."))
        if self.bots not in BOTS:
            raise TableError("bad-config", T(f"機械人只有 {'、'.join(BOTS)}，沒有 {self.bots!r}。",
                                             f"The bots are {' or '.join(BOTS)}, not {self.bots!r}."))
        if not isinstance(self.hints, bool):
            raise TableError("bad-config", T("提示只可以開或關。", "Hints are on or off (true or false)."))
        hold = self.hold_seconds
        if isinstance(hold, bool) or not isinstance(hold, (int, float)) or not 0 <= hold <= MAX_HOLD:
            raise TableError("bad-config", T(f"保留座位的時間要在 0 到 {MAX_HOLD:.0f} 秒之間。",
                                             f"A seat is held 0 to {MAX_HOLD:.0f} seconds, not {hold!r}."))

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "bots": self.bots, "hints": self.hints,
                "hold_seconds": self.hold_seconds}

    @classmethod
    def from_dict(cls, data: object) -> TableConfig:
        """A config from :meth:`to_dict`'s form (or a page's request): unknown fields refused
        with :class:`TableError` — a ``seed`` among them: nobody picks the deals."""
        if not isinstance(data, Mapping):
            raise TableError("bad-config", T("設定要是一個物件。", "A table's settings are a JSON object."))
        known = {"rules", "bots", "hints", "hold_seconds"}
        extra = set(data) - known
        if extra:
            raise TableError("bad-config", T(f"不明的設定：{', '.join(sorted(map(str, extra)))}",
                                             f"Unknown settings: {', '.join(sorted(map(str, extra)))}"))
        try:
            rules = Rules.from_dict(data.get("rules", {}))
        except (TiangowError, TypeError) as exc:
            raise TableError("bad-config", T(f"規則設定不對：{exc}", f"The rules are not right: {exc}")) from None
        kwargs: dict[str, Any] = {"rules": rules}
        for name in ("bots", "hints", "hold_seconds"):
            if name in data:
                kwargs[name] = data[name]
        return cls(**kwargs)


def new_token() -> str:
    """An unguessable token for a link (128 bits from :mod:`secrets`)."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What is kept of a token: its SHA-256 (a stolen database gives no links)."""
    return hashlib.sha256(token.encode()).hexdigest()


_HAND_OVER = T("這一局已經結束（R-W1）。", "The hand is over (R-W1).")
_ENDED = T("這張枱已經散了。", "This table has ended.")


class Table:
    """One table's state (see the module's docstring). ``code`` names it in links; ``seeds``
    draws each new hand's seed (:func:`new_seed` unless a test gives its own)."""

    def __init__(self, code: str, config: TableConfig, seeds: Seeds = new_seed) -> None:
        self.code = code
        self.config = config
        self.seeds = seeds
        self.seq = 0
        """The number of the last event applied (0 before the first)."""
        self.last: Event | None = None
        """The last event applied."""
        self.this_hand: list[Event] = []
        """The hand in play's ``dealt`` event and its moves, in order: what is kept of the events
        (the log holds them all), so a table takes the same memory whatever its length."""
        self.deal: Deal | None = None
        self.hand = 0
        self.hand_seed = 0
        """The seed of the hand in play (0 before the first): never sent before the hand is over."""
        self.banker = 0
        self.streak = 1
        self.totals = [0, 0, 0, 0]
        self.hands_played = 0
        """Hands finished at the table."""
        self.last_net: tuple[int, int, int, int] = (0, 0, 0, 0)
        """The last finished hand's net."""
        self.seated: set[int] = set()
        """Seats a human has taken (with its link) at least once."""
        self.agreed: set[int] = set()
        self.ended = False
        self.play_seq = 0
        """The number of the last event that changed the play (a deal, a move, the end): a
        command made against an earlier one is stale."""
        self.present: dict[int, int] = {}
        """Connections open per seat (not an event: who is here changes who plays, not the game)."""
        self.dropped: dict[int, float] = {}
        """When each seated human's last connection closed."""

    # -- rebuilding ------------------------------------------------------------------------
    @classmethod
    def replay(cls, code: str, config: TableConfig, events: Iterable[Event], now: float = 0.0,
               seeds: Seeds = new_seed, each: Callable[[Table, Event], None] | None = None) -> Table:
        """The table after ``events`` (as stored: each dealt hand's seed is in them); ``each`` is
        called with the table after each event is applied. Every seated human counts as dropped
        at ``now`` (a restarted service holds their seats for them)."""
        t = cls(code, config, seeds)
        for ev in events:
            t.apply(ev)
            if each is not None:
                each(t, ev)
        for seat in t.seated:
            t.dropped[seat] = now
        return t

    # -- who plays each seat ---------------------------------------------------------------
    def connect(self, role: Role) -> None:
        if isinstance(role, int):
            self.present[role] = self.present.get(role, 0) + 1
            self.dropped.pop(role, None)

    def disconnect(self, role: Role, now: float) -> None:
        if isinstance(role, int) and self.present.get(role, 0) > 0:
            self.present[role] -= 1
            if not self.present[role]:
                del self.present[role]
                self.dropped[role] = now

    def controller(self, seat: int, now: float) -> Literal["human", "held", "bot"]:
        """Who plays ``seat`` now: a connected human; ``"held"`` for a human gone less than
        ``hold_seconds`` (the table waits for them); else a bot."""
        if self.present.get(seat):
            return "human"
        gone = self.dropped.get(seat)
        if gone is not None and now < gone + self.config.hold_seconds:
            return "held"
        return "bot"

    def humans(self, now: float) -> set[int]:
        """Seats played by a human now (connected, or dropped and still held)."""
        return {s for s in range(4) if self.controller(s, now) != "bot"}

    def bot_to_act(self, now: float) -> int | None:
        """The seat a bot should act for now, if any."""
        d = self.deal
        if self.ended or d is None or d.is_over or d.to_play is None:
            return None
        return d.to_play if self.controller(d.to_play, now) == "bot" else None

    def next_change(self, now: float) -> float | None:
        """When a held seat passes to a bot (the owner should look again then), if ever."""
        times = [gone + self.config.hold_seconds for s, gone in self.dropped.items()
                 if now < gone + self.config.hold_seconds]
        return min(times) if times else None

    # -- proposing events (checked, nothing changed) ----------------------------------------
    def _event(self, kind: str, **data: Any) -> Event:
        return {"seq": self.seq + 1, "type": kind, **data}

    def _live(self) -> None:
        if self.ended:
            raise TableError("ended", _ENDED)

    def _fresh(self, against: object) -> None:
        if isinstance(against, bool) or not isinstance(against, int) or not 0 <= against <= self.seq:
            raise TableError("bad-seq", T(f"指令的編號 {against!r} 不對（現在是 {self.seq}）。",
                                          f"A command names the last event it saw; {against!r} is not one "
                                          f"(the table is at {self.seq})."))
        if against < self.play_seq:
            raise TableError("stale", T("枱上已經變了：你看到的不是最新的，請再看一次。",
                                        "The table has moved on since you chose: look again and choose."))

    def propose_deal(self) -> Event:
        """The next hand's ``dealt`` event: the first hand, or another once the hand in play
        is over, with a seed drawn fresh for it."""
        self._live()
        if self.deal is not None and not self.deal.is_over:
            raise TableError("hand-in-play", T("這一局還沒完（R-W1）。", "The hand in play is not over yet (R-W1)."))
        hand = self.hand + 1
        return self._event("dealt", hand=hand, seed=self.seeds(), banker=self.banker,
                           streak=self.streak)

    def propose_seat(self, seat: int) -> Event | None:
        """The ``seated`` event of a human taking ``seat`` with its link for the first time
        (``None`` if they have sat there before)."""
        _check_seat(seat)
        return None if seat in self.seated else self._event("seated", seat=seat)

    def propose_move(self, seat: int, move: Move, against: object, by: Literal["human", "bot"] = "human") -> Event:
        """``seat``'s ``move`` made against event ``against``: refused if the table has moved on
        since (stale), if it is not ``seat``'s turn, or if the rules forbid it (the engine's
        :class:`~tiangow.refusals.Refusal`, as :class:`tiangow.IllegalPlay`)."""
        self._live()
        _check_seat(seat)
        self._fresh(against)
        d = self.deal
        if d is None or d.is_over:
            raise TableError("hand-over", _HAND_OVER)
        if not isinstance(move, Move):
            raise TableError("bad-move", T("先點選要出的牌。", "Select tiles first."))
        if d.to_play != seat:
            who = d.to_play if d.to_play is not None else 0
            raise TableError("not-your-turn", T(f"還沒輪到你：現在是{seat_name(who, 'zh-Hant')}出牌（R-P4）。",
                                                f"Not your turn: {seat_name(who)} is to act (R-P4)."))
        why = d.why_not(move, seat)
        if why is not None:
            raise why.error()
        return self._event("moved", seat=seat, move=str(move), by=by)

    def propose_agree(self, seat: int, against: object) -> Event | None:
        """``seat`` is ready for the first hand, or asks for another after one is over
        (``None`` if it already has)."""
        self._live()
        _check_seat(seat)
        self._fresh(against)
        if self.deal is not None and not self.deal.is_over:
            raise TableError("hand-in-play", T("這一局還沒完（R-W1）。", "The hand in play is not over yet (R-W1)."))
        return None if seat in self.agreed else self._event("agreed", seat=seat)

    def everyone_agrees(self, now: float) -> bool:
        """Whether every human at the table is ready for the first hand, or has asked for
        another once the hand is over (a table deals nothing while nobody is there)."""
        humans = self.humans(now)
        return (not self.ended and (self.deal is None or self.deal.is_over) and bool(humans)
                and humans <= self.agreed)

    def propose_end(self) -> Event:
        self._live()
        return self._event("ended")

    # -- applying ---------------------------------------------------------------------------
    def apply(self, ev: Event) -> None:
        """Take event ``ev`` (proposed by this table, or read back from its log)."""
        if ev.get("seq") != self.seq + 1:
            raise TableError("bad-event", T(f"事件編號不連續：{ev.get('seq')!r}",
                                            f"Event {ev.get('seq')!r} does not follow event {self.seq}."))
        kind = ev["type"]
        if kind == "dealt":
            self.hand = int(ev["hand"])
            self.hand_seed = int(ev["seed"])
            self.banker, self.streak = int(ev["banker"]), int(ev["streak"])
            self.deal = Deal.random(int(ev["seed"]), banker=self.banker, streak=self.streak, rules=self.config.rules)
            self.agreed = set()
            self.play_seq = ev["seq"]
            self.this_hand = [ev]
            self._took(ev)
            if self.deal.is_over:  # a natural hand is settled as dealt (RULES §8)
                self._bank()
            return
        if kind == "moved":
            assert self.deal is not None
            self.deal.push(Move.parse(ev["move"]), int(ev["seat"]))
            self.play_seq = ev["seq"]
            self.this_hand.append(ev)
            self._took(ev)
            if self.deal.is_over:
                self._bank()
            return
        if kind == "seated":
            self.seated.add(int(ev["seat"]))
        elif kind == "agreed":
            self.agreed.add(int(ev["seat"]))
        elif kind == "ended":
            self.ended = True
            self.play_seq = ev["seq"]
        else:
            raise TableError("bad-event", T(f"不明的事件：{kind!r}", f"Unknown event type {kind!r}."))
        self._took(ev)

    def _took(self, ev: Event) -> None:
        self.seq = int(ev["seq"])
        self.last = ev

    def _bank(self) -> None:
        d = self.deal
        assert d is not None and d.is_over
        net = d.settlement().net if d.rules.scored else (0, 0, 0, 0)
        self.hands_played += 1
        self.last_net = net
        self.totals = [a + b for a, b in zip(self.totals, net, strict=True)]
        self.banker, self.streak = d.next_deal_banker()

    # -- what is known ------------------------------------------------------------------------
    def over(self) -> bool:
        return self.deal is not None and self.deal.is_over


def _check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise TableError("bad-seat", T(f"座位只有 0 到 3（東南西北），沒有 {seat!r}。",
                                       f"A seat is 0–3 (East, South, West, North), not {seat!r}."))


def is_refusal(exc: BaseException) -> bool:
    """Whether ``exc`` is a command refused (by the table or by the rules), not a fault."""
    return isinstance(exc, (TableError, IllegalPlay)) or getattr(exc, "refusal", None) is not None
