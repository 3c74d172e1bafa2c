"""Same-deal challenges: play a deal, send a friend a link, compare — no server needed.

A link (``?c=<code>``) carries a deal's seed, the rules, the bots' strength, the seat, and the
result of everyone who has played it so far (each one's moves: the net is worked out again by
replaying them, never taken from the link). A friend who opens it plays the same deal against
the same bots (seeded by the deal) from the same seat; at the end the page shows every result
side by side, each with lesson 08's review of that player's moves, and a link with their own
result added to send back. Everything runs in the page's kernel: on the static site, in the
browser, offline.

>>> c = Challenge(seed=7, rules=Rules(), bots="rule", seat=0)
>>> Challenge.parse(c.code()) == c
True
>>> Challenge.parse("not-a-code")
Traceback (most recent call last):
...
tiangow.widgets.challenge.ChallengeError: This challenge link is damaged or incomplete.
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import random
import zlib
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w
import traitlets

from ..coach.record import HandRecord, marked
from ..coach.review import Review
from ..deal import Deal
from ..drills.session import opponent_kind
from ..errors import TiangowError
from ..i18n import LANGS, Lang, T, Text, seat_name
from ..move import Move
from ..policy import POLICY
from ..rules import Rules
from .pagewidget import PageWidget, esm
from .play import PlayTable
from .review import ReviewPanel
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["Challenge", "ChallengeBoard", "ChallengeError", "Played"]

VERSION = 2
"""The links' form; a link of another version is refused. 2: the strong bots are the coach's
model (:data:`tiangow.drills.session.STRONG`), so a link made against the search bot (1) would
not deal its players the same bots."""
MAX_CODE = 4000
MAX_PLAYERS = 8


class ChallengeError(TiangowError):
    """A challenge link that cannot be read (damaged, from another version, or not a real hand):
    ``text`` says so in each language (``str()`` is the English)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text


_DAMAGED = T("這條挑戰連結壞了或者不完整。", "This challenge link is damaged or incomplete.")
_VERSION_TEXT = T("這條挑戰連結是另一個版本的課程做的。", "This challenge link is from another version of the course.")
_ILLEGAL = T("連結裏有一個成績不是規則容許的一局。", "A result in this challenge link is not a hand the rules allow.")
_UNFINISHED = T("連結裏有一個成績沒有打完。", "A result in this challenge link is a hand not played to the end.")


@dataclass(frozen=True)
class Played:
    """One player's go at the deal: a name (may be empty) and every move of the hand."""

    name: str
    moves: tuple[str, ...]


@dataclass(frozen=True)
class Challenge:
    """A deal to play from ``seat`` against ``bots``, and the results so far."""

    seed: int
    rules: Rules
    bots: str
    seat: int
    results: tuple[Played, ...] = field(default=())

    def code(self) -> str:
        """The link's code: compact JSON, compressed, base64url."""
        data = {"v": VERSION, "s": self.seed, "r": self.rules.to_dict(), "b": self.bots, "p": self.seat,
                "res": [{"n": p.name, "m": list(p.moves)} for p in self.results]}
        raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    @classmethod
    def parse(cls, code: object) -> Challenge:
        """The challenge in a link's ``code`` — untrusted: every field checked, every player's
        moves replayed by the rules to a finished hand."""
        bad = ChallengeError(_DAMAGED)
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
            raise bad
        try:
            raw = zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)), bufsize=65536)
            data = json.loads(raw)
        except (binascii.Error, zlib.error, ValueError):
            raise bad from None
        if not isinstance(data, dict) or data.get("v") != VERSION:
            raise ChallengeError(_VERSION_TEXT)
        seed, seat, bots = data.get("s"), data.get("p"), data.get("b")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= 10**9:
            raise bad
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3 or bots not in ("rule", "search"):
            raise bad
        try:
            rules = Rules.from_dict(data.get("r", {}))
        except (TiangowError, TypeError):
            raise bad from None
        res = data.get("res", [])
        if not isinstance(res, list) or len(res) > MAX_PLAYERS:
            raise bad
        played = []
        for item in res:
            if not isinstance(item, dict) or not isinstance(item.get("n", ""), str) or len(item.get("n", "")) > 24:
                raise bad
            moves = item.get("m")
            if not isinstance(moves, list) or len(moves) > 64 or not all(isinstance(m, str) and len(m) <= 40
                                                                         for m in moves):
                raise bad
            p = Played(item.get("n", ""), tuple(moves))
            c = cls(seed, rules, bots, seat)
            try:
                finished = c.replay(p).is_over
            except TiangowError:
                raise ChallengeError(_ILLEGAL) from None
            if not finished:
                raise ChallengeError(_UNFINISHED)
            played.append(p)
        return cls(seed, rules, bots, seat, tuple(played))

    def deal(self) -> Deal:
        """The deal, as dealt (the first hand of a session: East the banker)."""
        return Deal.random(self.seed, rules=self.rules)

    def replay(self, p: Played) -> Deal:
        """``p``'s hand, move by move, checked by the rules."""
        d = self.deal()
        for m in p.moves:
            d.push(Move.parse(m))
        return d

    def net(self, p: Played) -> int:
        """What ``p`` won or lost on the deal (worked out, not read from the link)."""
        return self.replay(p).settlement().net[self.seat]

    def record(self, p: Played) -> HandRecord:
        """``p``'s hand as the review reads it."""
        return HandRecord(self.seed, 0, 1, self.rules, self.seat, [Move.parse(m) for m in p.moves], [], 1,
                          opponent_kind("search" if self.bots == "search" else "rule"), POLICY.strong_samples)

    def with_result(self, p: Played) -> Challenge:
        return Challenge(self.seed, self.rules, self.bots, self.seat, (*self.results, p)[-MAX_PLAYERS:])


_LABELS = {"link": T("把這條連結傳給朋友（同一局、同樣的電腦對手、你的成績在裏面）：",
                     "Send this link to a friend (the same deal, the same bots, your result inside):"),
           "copy": T("複製", "Copy"), "copied": T("已複製", "Copied")}


class ChallengeLink(PageWidget):
    """The page's part: it reports the challenge the page was opened with (``incoming``: the code,
    or ``"-"`` for none) and shows the link to send (``outgoing``) with a copy button."""

    _esm = esm("challenge.js")
    incoming = traitlets.Unicode("").tag(sync=True)
    outgoing = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("zh-Hant").tag(sync=True)
    _page_writable = frozenset({"incoming"})

    def __init__(self) -> None:
        super().__init__(labels={lang: {k: t(lang) for k, t in _LABELS.items()} for lang in LANGS},
                         lang=current_lang())


_INTRO = T("不用伺服器的挑戰：打一局，然後把連結傳給朋友。朋友打同一副牌、對同樣的電腦、坐同一個位；打完之後兩邊的成績並排，每人都可以覆盤。",
           "A challenge, no server needed: play a deal, then send a friend the link. They play the same tiles "
           "against the same bots from the same seat; at the end both results are side by side, each with its "
           "review.")
_CHALLENGED = T("{who}打過這一副牌。你打一次，看看誰打得好：打完才看到他們的成績。",
                "{who} played this deal. Play it yourself to see who did better: their results show when you finish.")
_SOMEONE = T("有人", "Someone")
_BAD = T("這條挑戰連結讀不到：", "This challenge link cannot be read: ")
_DEAL = T("發一副挑戰牌", "Deal a challenge")
_NAME = T("你的名字（可以不填）", "Your name (optional)")
_RESULTS = T("成績", "Results")
_YOU = T("你", "you")
_REVIEW = T("覆盤", "Review")
_NET = T("淨得", "net")


class ChallengeBoard(w.VBox):
    """The challenge section of the Play-with-friends page (see the module's docstring)."""

    def __init__(self, page: Any = None, pace: float = 0.7, seed: int | None = None) -> None:
        self.page = page
        self.pace = pace
        self.seed = seed
        self.link = ChallengeLink()
        self.intro = w.HTML()
        self.name = w.Text(layout=w.Layout(width="16em"))
        self.name.add_class("tg-challenge-name")
        self.results = w.HTML()
        self.results.add_class("tg-challenge-results")
        self.review_buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.review_panel = ReviewPanel()
        self.review_panel.add_class("tg-challenge-panel")
        self.review_panel.layout.display = "none"
        self.challenge: Challenge | None = None
        self.table: PlayTable | None = None
        self.problem: Text | None = None
        self.deal_button = w.Button(button_style="success", layout=w.Layout(width="auto"))
        self.deal_button.add_class("tg-challenge-deal")
        self.deal_button.on_click(lambda _: self._deal())
        self.link.observe(self._incoming, names="incoming")
        super().__init__([self.link, self.intro])
        on_language(self._render)
        self._render(current_lang())

    # -- the flow ----------------------------------------------------------------------------
    def _incoming(self, change: dict[str, Any]) -> None:
        code = change.get("new")
        if self.table is not None or not isinstance(code, str) or not code:
            return
        challenge = None
        if code != "-":
            try:
                challenge = Challenge.parse(code)
            except ChallengeError as exc:
                self.problem = _BAD + exc.text
        if challenge is None and self.problem is None:
            # opened without a challenge: a deal is dealt only when one is asked for
            self.children = [self.link, self.intro, self.deal_button]
            return
        if challenge is None:
            challenge = self._fresh()
        self.start(challenge)

    def _fresh(self) -> Challenge:
        seed = self.seed if self.seed is not None else random.randrange(1, 10**6)
        return Challenge(seed, Rules(), "rule", 0)

    def _deal(self) -> None:
        if self.table is None:
            self.start(self._fresh())

    def start(self, challenge: Challenge) -> None:
        """Deal ``challenge``'s deal at a table of its own (played once, as dealt)."""
        self.challenge = challenge
        self.table = PlayTable(seat=challenge.seat, seed=challenge.seed, opponents=challenge.bots,  # type: ignore[arg-type]
                               rules=challenge.rules, fixed=True, pace=self.pace, on_result=self._finished)
        self.children = [self.link, self.intro, self.name, self.table, self.results, self.review_buttons,
                         self.review_panel]
        self._render(current_lang())

    def _finished(self, *_: object) -> None:
        """The hand is over: this player's result joins the others', and the link to send back."""
        c, t = self.challenge, self.table
        if c is None or t is None:
            return
        mine = Played(self.name.value.strip()[:24], tuple(str(m) for m in t.session.hand_record().moves))
        self.challenge = c.with_result(mine)
        self.mine = len(self.challenge.results) - 1
        self.link.outgoing = self.challenge.code()
        buttons = []
        for p in self.challenge.results:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("tg-challenge-review")
            b.on_click(lambda _, p=p: self.review(p))
            buttons.append(b)
        self.review_buttons.children = tuple(buttons)
        self._render(current_lang())

    def review(self, p: Played) -> None:
        """Lesson 08's review of ``p``'s moves (the coach's marks worked out here)."""
        if self.challenge is None:
            return
        self.review_panel.layout.display = ""
        self.review_panel.show(Review(marked(self.challenge.record(p))))

    # -- drawing -----------------------------------------------------------------------------
    def _who(self, i: int, p: Played, lang: Lang) -> str:
        name = p.name or T(f"玩家 {i + 1}", f"Player {i + 1}")(lang)
        return name + (f" ({_YOU(lang)})" if i == getattr(self, "mine", -1) else "")

    def _render(self, lang: Lang) -> None:
        c = self.challenge
        parts = [f'<div class="tg-prose">{html.escape(_INTRO(lang))}</div>']
        if self.problem is not None:
            parts.append(f'<div class="tg-feedback-wrong">{html.escape(self.problem(lang))}</div>')
        if c is not None and c.results and not hasattr(self, "mine"):
            names = ("、" if lang != "en" else ", ").join(p.name for p in c.results if p.name) or _SOMEONE(lang)
            parts.append(f'<div class="tg-prose tg-challenge-intro"><b>{html.escape(_CHALLENGED(lang).format(who=names))}'
                         "</b></div>")
        self.intro.value = STYLE + "".join(parts)
        self.deal_button.description = _DEAL(lang)
        self.name.placeholder = _NAME(lang)
        self.name.description = ""
        if c is not None and hasattr(self, "mine"):
            rows = "".join(
                f'<tr data-player="{i}"><td>{html.escape(self._who(i, p, lang))}</td>'
                f"<td>{c.net(p):+d}</td></tr>" for i, p in enumerate(c.results))
            self.results.value = (STYLE + f'<div class="tg-prose"><b>{html.escape(_RESULTS(lang))}</b> · '
                                  f'{html.escape(seat_name(c.seat, lang))}</div><table class="tg-settlement '
                                  f'tg-challenge-table"><tr><th></th><th>{html.escape(_NET(lang))}</th></tr>{rows}</table>')
            for i, (b, p) in enumerate(zip(self.review_buttons.children, c.results, strict=True)):
                b.description = f"{_REVIEW(lang)}: {self._who(i, p, lang)}"
