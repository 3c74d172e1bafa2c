"""Lesson 04's drills: positions taken from real deals (R-S1, R-P1 … R-P5, R-W1 … R-W3).

Deals are dealt from a seeded source and played by a sensible policy up to an interesting
point. Four kinds of exercise:

- **act**: it is your turn to follow — beat the trick if you can, otherwise discard;
- **winner**: who wins this trick;
- **can_win**: could this player still win the hand (found by exhaustive search);
- **play_out**: play the last three tricks with every tile shown, against the best defence.

>>> import random
>>> q = make_question("winner", random.Random(5))
>>> q.check(q.answer)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from .. import search
from ..combos import can_beat, combinations_in, table
from ..deal import Deal, Trick
from ..i18n import T, Text, seat_name
from ..move import Move
from ..players.positions import deal_until, sensible_action
from ..tiles import CIVIL_KINDS, MILITARY_KINDS, Tile, full_set
from .base import Choice, DrillError, KindDrill, Question, Score

__all__ = ["TrickDrill", "ActTask", "PlayOutTask", "make_question", "act_task", "play_out_task",
           "QUESTION_KINDS", "RULES_TAUGHT"]

QUESTION_KINDS: Final = ("winner", "can_win", "unseen")
RULES_TAUGHT: Final = ("R-S1", "R-P1", "R-P2", "R-P3", "R-P4", "R-P5", "R-W1", "R-W2", "R-W3")


def _seat(s: int) -> Text:
    return T(seat_name(s, "zh-Hant"), seat_name(s, "en"))


def _play_text(tiles: tuple[Tile, ...] | None) -> Text:
    if not tiles:
        return T("", "")
    return T(" ".join(t.name for t in tiles), " ".join(t.name for t in tiles))


# --- who wins this trick --------------------------------------------------------------

def _trick_groups(trick: Trick) -> tuple[tuple[Text, tuple[Tile | None, ...]], ...]:
    groups = []
    for a in trick.actions:
        verb = {"lead": T("先出", "leads"), "play": T("打", "plays"),
                "discard": T("墊牌（蓋着）", "discards (face down)")}[a.kind]
        tiles: tuple[Tile | None, ...] = a.tiles if a.kind != "discard" and a.tiles else (None,) * a.size
        groups.append((_seat(a.seat) + T("　", " ") + verb, tiles))
    return tuple(groups)


def _winner_question(rng: random.Random, number: int) -> Question:
    for _ in range(200):
        d = Deal.random(rng, banker=rng.randrange(4))
        while not d.is_over:
            sensible_action(d, rng)
        tricks = [t for t in d.tricks if sum(a.kind == "play" for a in t.actions) >= 1 or rng.random() < 0.2]
        if tricks:
            trick = rng.choice(tricks)
            break
    else:  # pragma: no cover
        raise DrillError("no trick found")
    w = trick.winner
    assert w is not None and trick.winning is not None
    name = trick.winning.label("zh-Hant")
    beaten = [a for a in trick.actions if a.kind == "play"]
    if w == trick.leader:
        why = T(f"沒人打得過{_seat(w).zh}先出的{name}：蓋着墊的牌不算（R-P3），{_seat(w).zh}贏得 {trick.size} 棟（R-P5）。",
                f"Nobody beat {_seat(w).en}'s lead, {trick.winning.label('en')}: discards face down never win "
                f"(R-P3), so {_seat(w).en} takes {trick.size} stack{'s' if trick.size > 1 else ''} (R-P5).")
    else:
        why = T(f"{_seat(w).zh}的{name}是這一墩最大的同類牌（R-C1），贏得 {trick.size} 棟（R-P5）。",
                f"{_seat(w).en}'s {trick.winning.label('en')} is the highest play of the class led (R-C1): it "
                f"takes {trick.size} stack{'s' if trick.size > 1 else ''} (R-P5).")
    if len(beaten) > 1:
        why = why + T("後出的牌要比當時最大的更大才算打（R-P3）。",
                      " Each later play had to beat the best so far (R-P3).")
    led = trick.led
    assert led is not None
    why = why + T(f"{_seat(trick.leader).zh}可以先出任何牌型（R-P2），其餘按東南西北的次序跟（R-S1）；"
                  f"{_seat(w).zh}先出下一墩（R-P1）。",
                  f" {_seat(trick.leader).en} could lead any combination (R-P2), the others followed in turn "
                  f"(R-S1); {_seat(w).en} leads the next trick (R-P1).")
    kinds = {a.seat: a.kind for a in trick.actions}

    def hint(seat: int) -> Text | None:
        """What happened to ``seat``'s tiles, without naming who holds the trick."""
        if seat == w:
            return None
        if kinds.get(seat) == "discard":
            return T(f"{_seat(seat).zh}是蓋着墊牌的，墊的牌永遠贏不了（R-P3）。",
                     f"{_seat(seat).en} discarded face down, and a discard never wins (R-P3).")
        if kinds.get(seat) == "lead":
            return T(f"{_seat(seat).zh}先出，但之後有人用同類更大的牌打了（R-C1、R-P3）。",
                     f"{_seat(seat).en} led, but a later play of the same class beat it (R-C1, R-P3).")
        return T(f"{_seat(seat).zh}打了，但之後又有人用同類更大的牌打（R-C1、R-P3）。",
                 f"{_seat(seat).en} beat the trick, but a later, higher play of the same class beat it again "
                 "(R-C1, R-P3).")

    choices = tuple(Choice(str(s), _seat(s), why=hint(s)) for s in range(4))
    return Question(f"winner:{number}", "winner", T("這一墩誰贏？", "Who wins this trick?"), choices, str(w),
                    why, "R-P5", groups=_trick_groups(trick))


# --- could this player still win ------------------------------------------------------

def position_groups(d: Deal, learner: int | None = None) -> tuple[tuple[Text, tuple[Tile | None, ...]], ...]:
    """Every seat's tiles (all shown) with its stacks; the seat to lead is marked."""
    groups = []
    for s in range(4):
        label = _seat(s) + T(f"　{d.stacks[s]} 棟", f" · {d.stacks[s]} stack{'s' if d.stacks[s] != 1 else ''}")
        if s == d.to_play and d.trick_size is None:
            label = label + T("　先出", " · to lead")
        if s == d.banker:
            label = label + T("　莊", " · banker")
        if learner is not None and s == learner:
            label = label + T("（你）", " (you)")
        groups.append((label, tuple(d.holding(s))))
    return tuple(groups)


def line_text(d: Deal, line: Sequence[Move]) -> Text:
    """A line of play from ``d``, trick by trick: who leads what, who beats with what, who
    discards, and who takes each trick.

    >>> import random
    >>> from tiangow import search
    >>> d = deal_until(random.Random(4), 1)
    >>> ok, line = search.can_win(d, d.to_play)
    >>> print(line_text(d, line)("en"))  # doctest: +ELLIPSIS
    Trick 8: ... leads ...; ... takes it.
    """
    board = d.copy()
    zh: list[str] = []
    en: list[str] = []
    for mv in line:
        board.push(mv)
    for tr in board.tricks[len(d.completed_tricks):]:
        parts_zh: list[str] = []
        parts_en: list[str] = []
        for a in tr.actions:
            who = _seat(a.seat)
            tiles = " ".join(t.name for t in a.tiles) if a.tiles else ""
            if a.kind == "lead":
                parts_zh.append(f"{who.zh}出{tiles}")
                parts_en.append(f"{who.en} leads {tiles}")
            elif a.kind == "play":
                parts_zh.append(f"{who.zh}用{tiles}打")
                parts_en.append(f"{who.en} beats it with {tiles}")
            else:
                parts_zh.append(f"{who.zh}墊牌")
                parts_en.append(f"{who.en} discards")
        taker = _seat(tr.winner) if tr.winner is not None else None
        zh.append(f"第 {tr.number} 墩：" + "，".join(parts_zh) + (f"；{taker.zh}贏。" if taker else "。"))
        en.append(f"Trick {tr.number}: " + ", ".join(parts_en) + (f"; {taker.en} takes it." if taker else "."))
    return T("".join(zh), " ".join(en))


def _why_none_can(d: Deal, seat: int) -> Text | None:
    """A plain reason ``seat`` cannot win, when one is true of the position: a seat takes a
    trick only by leading it or beating the play standing in it (R-P3); starting from the seat
    on lead, the seats that could ever take a trick are those holding a play that beats a play
    of one already among them. If ``seat`` is not among them, it never takes a trick, so never
    the last (R-W1)."""
    cur = d.current_trick
    first = d.to_play if cur is None or cur.complete else cur.leader
    assert first is not None
    plays = {s: combinations_in(d.holding(s), d.rules) for s in range(4)}
    standing = {s: list(plays[s]) for s in range(4)}
    can_take = {first}
    if cur is not None and not cur.complete and d.best is not None:
        best_seat, best = d.best
        can_take.add(best_seat)
        standing[best_seat].append(best)
    grew = True
    while grew:
        grew = False
        for s in range(4):
            if s not in can_take and any(can_beat(m, c) for m in plays[s] for t in can_take for c in standing[t]):
                can_take.add(s)
                grew = True
    if seat in can_take:
        return None
    takers = sorted(can_take)
    names = "、".join(dict.fromkeys(t.name for t in d.holding(seat)))
    names_en = ", ".join(dict.fromkeys(t.name for t in d.holding(seat)))
    lead = _seat(first)
    if len(takers) == 1:
        return T(f"{lead.zh}先出，其他三家沒有一手牌打得過{lead.zh}能出的牌，所以每一墩都是{lead.zh}的；"
                 f"{_seat(seat).zh}的牌（{names}）贏不了任何一墩（R-P3、R-W1）。",
                 f"{lead.en} is on lead and nobody holds a play that beats anything {lead.en} could lead, so "
                 f"every trick is {lead.en}'s: {_seat(seat).en}'s tiles ({names_en}) can take none (R-P3, R-W1).")
    others_zh = "、".join(_seat(t).zh for t in takers)
    others_en = " and ".join(_seat(t).en for t in takers)
    return T(f"{lead.zh}先出；能贏一墩的只有{others_zh}（除了先出的一家，只有牌打得過他們其中一手的才有機會）。"
             f"{_seat(seat).zh}的牌（{names}）"
             f"一手也打不過他們的牌，所以拿不到出牌權，也贏不了任何一墩（R-P3、R-W1）。",
             f"{lead.en} is on lead, and only {others_en} can ever take a trick (besides the leader, only a seat "
             f"holding a play that beats one of theirs can). {_seat(seat).en}'s tiles ({names_en}) beat none of their plays, so "
             f"{_seat(seat).en} never gets the lead nor takes a trick (R-P3, R-W1).")


def _can_win_question(rng: random.Random, number: int) -> Question:
    d = deal_until(rng, rng.choice((1, 2, 2, 3)))
    zero = [s for s in range(4) if d.stacks[s] == 0]
    seat = rng.choice(zero) if zero and rng.random() < 0.6 else rng.randrange(4)
    possible, line = search.can_win(d, seat)
    who = _seat(seat)
    if possible:
        final = next((m for m in reversed(line) if m.is_play), None)
        with_ = _play_text(final.tiles if final else None)
        why = T(f"能：例如大家這樣出，{who.zh}可以用{with_.zh}贏最後一墩（R-W1）。",
                f"Yes: played the right way, {who.en} can take the last trick with {with_.en} (R-W1).")
        why = why + T("　", " ") + line_text(d, line)
        rule = "R-W1"
    else:
        bumped = d.snapshot()  # the same tiles, with two stacks: could it win then?
        bumped.stacks = tuple(2 if s == seat else n for s, n in enumerate(bumped.stacks))  # type: ignore[assignment]
        if search.can_win(bumped, seat)[0]:
            why = T(f"不能：{who.zh}只有 {d.stacks[seat]} 棟，不管怎樣打，到最後一墩也湊不夠兩棟，所以最後一墩只能墊牌（R-W2）；"
                    "只有最後一墩的先出者一定合資格（R-W3）。",
                    f"No: {who.en} has {d.stacks[seat]} stack{'s' if d.stacks[seat] != 1 else ''} and could not end "
                    "with two, so it may not win the last trick and must discard (R-W2); only the leader of the "
                    "last trick is sure to qualify (R-W3).")
            rule = "R-W2"
        else:
            reason = _why_none_can(d, seat)
            if reason is not None:
                why = T("不能：", "No: ") + reason
            else:
                why = T(f"不能：不管怎樣出，{who.zh}的牌都贏不到最後一墩（R-W1）：要贏，{who.zh}要先出最後一墩（贏下之前一墩），"
                        "或者用同類更大的牌打最後一墩的先出牌，但每一種出法都做不到（搜尋過所有出法）。",
                        f"No: however the tiles are played, {who.en}'s tiles never take the last trick (R-W1): "
                        f"to win, {who.en} must lead the last trick (by taking the one before) or beat its lead "
                        "with a higher play of the same class, and no way of playing the hand allows either "
                        "(every line was searched).")
            rule = "R-W1"
    choices = (Choice("yes", T("還能贏", "yes, it could"), why=None if possible else why),
               Choice("no", T("贏不了", "no, it cannot"), why=why if possible else None))
    return Question(f"can_win:{number}", "can_win",
                    T(f"所有牌都翻開了。{who.zh}還有機會贏這一局嗎？（假設其他人肯讓）",
                      f"All tiles shown. Could {who.en} still win this hand (if the others let it)?"),
                    choices, "yes" if possible else "no", why, rule, groups=position_groups(d))


# --- counting: cross off the tiles ---------------------------------------------------------

def _rank_groups(civil: bool) -> list[tuple[Tile, ...]]:
    """The class's ranks, highest first, each with its tile kinds (a civil kind has two copies;
    a military rank is one tile or two of equal rank, R-C1)."""
    kinds = CIVIL_KINDS if civil else MILITARY_KINDS
    return [tuple(k for k in kinds if k.rank == r) for r in sorted({k.rank for k in kinds})]


def _unseen_question(rng: random.Random, number: int, civil: bool | None = None) -> Question:
    """From a real deal, the seat to act: which civil (or military) tile is now the highest it
    has not seen — neither in its own hand nor played face up? (Face-down discards cannot be
    crossed off: anyone may discard, R-P3, face down, R-P4.) The trap is a higher tile of which
    only one copy was seen; among military tiles, two tiles of equal rank count together
    (九 is 3-6 or 4-5). ``civil``: which class (``None``: either, at random)."""
    civil = rng.random() < 0.5 if civil is None else civil
    ranks = _rank_groups(civil)
    full = full_set()
    for _ in range(200):
        d = deal_until(rng, rng.choice((3, 4, 5)))
        if d.is_over or d.to_play is None:
            continue
        seat = d.to_play
        hand = tuple(d.holding(seat))
        shown = tuple(t for a in d.history if a.kind != "discard" and a.tiles for t in a.tiles)
        discarded = sum(len(a.tiles or ()) for a in d.history if a.kind == "discard" and a.seat != seat)
        mine = tuple(t for a in d.history if a.kind == "discard" and a.seat == seat for t in a.tiles or ())

        def count(g: tuple[Tile, ...], among: tuple[Tile, ...]) -> int:
            return sum(among.count(k) for k in g)

        copies = {g: sum(full.count(k) for k in g) for g in ranks}
        seen = {g: count(g, hand) + count(g, shown) + count(g, mine) for g in ranks}
        out = [g for g in ranks if seen[g] < copies[g]]
        if not out or out[0] == ranks[0]:
            continue  # the highest rank itself still out: nothing to cross off
        answer = out[0]
        higher = ranks[:ranks.index(answer)]
        lower = out[1:]
        options = [answer, *rng.sample(higher, min(2, len(higher)))]
        options += rng.sample(lower, min(4 - len(options), len(lower)))
        if len(options) < 3:
            continue
        rng.shuffle(options)

        def where(g: tuple[Tile, ...], hand: tuple[Tile, ...] = hand, shown: tuple[Tile, ...] = shown,
                  mine: tuple[Tile, ...] = mine) -> Text:
            h, p, m = count(g, hand), count(g, shown), count(g, mine)
            parts = [T(f"你手上 {h} 張", f"{h} in your hand")] if h else []
            if p:
                parts.append(T(f"翻開出過 {p} 張", f"{p} played face up"))
            if m:
                parts.append(T(f"你墊過 {m} 張", f"{m} you discarded"))
            return Text("、".join(x.zh for x in parts), ", ".join(x.en for x in parts))

        def name(g: tuple[Tile, ...]) -> str:
            return g[0].name

        def named(g: tuple[Tile, ...]) -> Text:
            pips = "" if len(g) == 1 or civil else "、".join(k.notation for k in g)
            return T(name(g) + (f"（{pips}）" if pips else ""),
                     f"{name(g)} ({g[0].name_en}{', ' + pips.replace('、', ' or ') if pips else ''})")

        left = copies[answer] - seen[answer]
        cls = T("文子", "civil") if civil else T("武子", "military")
        why = T(f"{name(answer)}還有 {left} 張你沒見過", f"{left} {name(answer)} "
                f"{'tile is' if left == 1 else 'tiles are'} still unseen") + T(
            f"；比它大的{cls.zh}都劃掉了：", f"; every higher {cls.en} tile is crossed off: ") + Text(
            "；".join(f"{name(g)}（{where(g).zh}）" for g in higher), "; ".join(f"{name(g)} ({where(g).en})" for g in higher)
        ) + T("。蓋着墊的牌劃不掉：誰都可以墊（R-P3、R-P4）。", ". Face-down discards cannot be crossed off: anyone may "
              "discard (R-P3, R-P4).")
        if not civil:
            why = why + T("同點的武子一起算：先出的大（R-C1）。", " Military tiles of equal rank count together: the "
                          "first played wins between them (R-C1).")
        choices = tuple(Choice(g[0].notation, named(g),
                               why=None if g == answer else (
                                   T(f"{name(g)}都見過了（{where(g).zh}）。", f"Every {name(g)} has been seen "
                                     f"({where(g).en}).") if seen[g] >= copies[g] else
                                   T(f"還有比{name(g)}大的{cls.zh}沒見過。", f"A {cls.en} tile higher than {name(g)} is "
                                     "still unseen.")))
                        for g in options)
        groups = ((T("你的牌", "Your tiles"), hand),
                  (T("翻開出過的牌", "Played face up so far"), shown),
                  *(((T("你自己墊過的牌", "Your own discards"), mine),) if mine else ()),
                  *(((T(f"別人蓋着墊的 {discarded} 張", f"{discarded} discarded face down by others"),
                      (None,) * discarded),) if discarded else ()))
        return Question(f"unseen:{number}", "unseen",
                        T(f"劃掉見過的牌：除了你手上的和翻開出過的，現在最大的{cls.zh}是哪一張？（你是{_seat(seat).zh}）",
                          f"Cross off the tiles: apart from your own and those played face up, which is now the "
                          f"highest {cls.en} tile? (You are {_seat(seat).en}.)"),
                        choices, answer[0].notation, why, "R-C1", groups=groups)
    raise DrillError("no position to count from turned up")  # pragma: no cover - 200 seeded tries


def make_question(kind: str, rng: random.Random, number: int = 0) -> Question:
    if kind == "winner":
        return _winner_question(rng, number)
    if kind == "can_win":
        return _can_win_question(rng, number)
    if kind == "unseen":
        return _unseen_question(rng, number)
    raise DrillError(f"unknown question kind {kind!r}: use {', '.join(QUESTION_KINDS)}")


# --- act in a position ----------------------------------------------------------------

@dataclass
class ActTask:
    """It is ``seat``'s turn to follow in ``deal``: beat the trick if possible, else discard."""

    deal: Deal
    seat: int

    def check(self, move: Move) -> tuple[bool, Text]:
        """Whether ``move`` is right, and why (citing the rule)."""
        d = self.deal
        refused = d.why_not(move)
        if refused is not None:
            return False, refused.feedback()
        discard = move.discard
        tab = table(d.rules)
        plays = [tab.by_tiles[m.tiles] for m in d.legal_moves(discards=False)]
        best = d.best
        assert best is not None
        standing = best[1].label("zh-Hant"), best[1].label("en")
        if discard and plays:
            kind = plays[-1].kind
            return False, T(f"你打得過：你手上有比{standing[0]}大的{kind.value}（R-C1）。這一題要你能打就打（規則上你隨時可以改為墊牌，R-P3）。",
                            f"You can beat it: you hold a {kind.name_en} that outranks {standing[1]} (R-C1). "
                            "Here, beat it when you can (you may always discard instead, R-P3).")
        if discard:
            if d.is_last_trick and d.stacks[self.seat] + (d.trick_size or 0) < 2:
                return True, T("對：這是最後一墩，你沒有足夠的棟，就算有大牌也只能墊牌（R-W2）。蓋着墊，別人看不到（R-P4）。",
                               "Right: this is the last trick and you could not end with two stacks, so you must "
                               "discard even a winning tile (R-W2). Face down: nobody sees it (R-P4).")
            return True, T(f"對：你沒有同一類又比{standing[0]}大的牌，只好墊牌，張數跟先出的一樣，蓋着出（R-P3）。",
                           f"Right: you hold nothing of that class above {standing[1]}, so you discard as many tiles "
                           "as were led, face down (R-P3).")
        c = tab.by_tiles[move.tiles]
        return True, T(f"對：{c.label('zh-Hant')}和{standing[0]}同類而且更大（R-C1），現在由你領先（R-P3）。",
                       f"Right: {c.label('en')} is of the same class and outranks {standing[1]} (R-C1): you now "
                       "hold the trick (R-P3).")


def act_task(rng: random.Random) -> ActTask:
    """A position where some seat must follow; a third of them at a last trick where R-W2 bites."""
    want_w2 = rng.random() < 0.3
    for _ in range(400):
        d = Deal.random(rng, banker=rng.randrange(4))
        stop = rng.randrange(4, 30)
        steps = 0
        while not d.is_over:
            if d.trick_size is not None:
                seat = d.to_play
                assert seat is not None
                if want_w2:
                    if d.is_last_trick and d.stacks[seat] + d.trick_size < 2 and _holds_beater(d):
                        return ActTask(d, seat)
                elif steps >= stop:
                    return ActTask(d, seat)
            sensible_action(d, rng)
            steps += 1
    want_w2 = False
    d = Deal.random(rng)
    sensible_action(d, rng)
    return ActTask(d, d.to_play)  # type: ignore[arg-type]


def _holds_beater(d: Deal) -> bool:
    """Whether the seat to act holds a play that would beat the trick but for R-W2."""
    best = d.best
    seat = d.to_play
    if best is None or seat is None:
        return False
    from ..combos import can_beat, combinations_in

    return any(can_beat(c, best[1]) for c in combinations_in(d.holding(seat), d.rules) if c.size == best[1].size)


# --- play out the last three tricks ---------------------------------------------------

@dataclass
class PlayOutTask:
    """Win the hand as ``seat`` from ``deal`` (all tiles shown) against the best defence."""

    deal: Deal
    seat: int
    start: Deal = field(init=False)

    def __post_init__(self) -> None:
        self.start = self.deal.copy()


def play_out_task(rng: random.Random, tiles_left: int = 3) -> PlayOutTask:
    """A position with ``tiles_left`` tiles each where some seat can force the win, but not
    with every move it has (there is something to find)."""
    fallback: PlayOutTask | None = None
    for _ in range(300):
        d = deal_until(rng, tiles_left)
        if len(d.holding(0)) != tiles_left:
            continue
        seats = list(range(4))
        rng.shuffle(seats)
        for s in seats:
            if not search.forced_win(d, s):
                continue
            task = PlayOutTask(d, s)
            if fallback is None:
                fallback = task
            node = d.copy()
            while not node.is_over and node.to_play != s:
                node.push(search.best_defence(node, s))
            if node.is_over:
                continue
            if len(search.winning_moves(node, s)) < len(node.legal_moves()):
                return task
    if fallback is None:  # pragma: no cover
        raise DrillError("no position to play out")
    return fallback


class TrickDrill(KindDrill):
    """Trick questions, act-in-position tasks and play-outs; a score for each."""

    id = "tricks"
    title = T("打牌練習", "Trick drill")
    question_kinds = QUESTION_KINDS
    extra_scores = ("acted", "played")

    def make(self, kind: str, rng: random.Random, number: int) -> Question:
        return make_question(kind, rng, number)

    @property
    def acted(self) -> Score:
        return self.scores["acted"]

    @property
    def played(self) -> Score:
        return self.scores["played"]

    def next_act(self, rng: random.Random) -> ActTask:
        return act_task(rng)

    def record_act(self, task: ActTask, first_try: bool) -> None:
        self.acted.record(first_try)

    def next_play_out(self, rng: random.Random) -> PlayOutTask:
        return play_out_task(rng)

    def record_play_out(self, task: PlayOutTask, perfect: bool) -> None:
        self.played.record(perfect)

    def progress(self) -> tuple[int, int]:
        """Exercises done right first time, counted up to 10 of each of the three kinds."""
        done = sum(min(s.first_try, 10) for s in (self.score, self.acted, self.played))
        return done, 30
