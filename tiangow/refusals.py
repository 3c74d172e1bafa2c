"""Why a move is refused: the checks of play and their explanations, as data.

:func:`check` decides whether the seat to act may make a move in a hand's :class:`~tiangow.state.State`
and returns the state machine step it makes, or a :class:`Refusal`: which kind of refusal, the
rule that refuses it, the seat and tiles, and the sentence that explains it in traditional and
simplified Chinese and in English. :meth:`tiangow.Deal.why_not` returns it, and
:meth:`tiangow.Deal.push` raises it (as :class:`~tiangow.errors.IllegalPlay`, or
:class:`~tiangow.errors.NotACombination` for tiles that make no play).

>>> from tiangow import Deal, Move
>>> d = Deal.random(7)
>>> r = d.why_not(Move.parse("discard 11"))
>>> r.kind, r.rule, r.seat
('leader-discards', 'R-P3', 0)
>>> print(r)
East leads this trick and must play a combination; only followers discard (R-P2, R-P3)
>>> print(r.text("zh-Hant"))
東先出這一墩，要出一個牌型；只有跟牌的人才能墊牌（R-P2、R-P3）
>>> print(r.text("zh-Hans"))
东先出这一墩，要出一个牌型；只有跟牌的人才能垫牌（R-P2、R-P3）
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from . import packed
from .combos import Combination, Table, not_beating, why_not_a_combination
from .errors import IllegalPlay, NotACombination, TiangowError
from .i18n import Lang, Text, seat_name
from .rules import Natural, Rules
from .state import CAPTURE_HOLDS, CAPTURED_SUPREME, State, Step
from .tiles import Tile

__all__ = ["Refusal", "RefusalKind", "REFUSAL_KINDS", "check"]

RefusalKind = Literal[
    "hand-over",          # the last trick has been won (R-W1)
    "natural",            # a natural hand ended the deal at once (RULES §8)
    "bad-seat",           # a seat that is not 0–3
    "not-your-turn",      # R-P4
    "lead-size",          # a lead of 0 or more than 4 tiles (R-P2)
    "follow-size",        # a play of the wrong number of tiles for this trick (R-P3)
    "not-held",           # tiles the seat does not hold
    "not-a-combination",  # tiles that make no play (R-C2)
    "wong",               # a split lead refused under Wong's rule (R-C5 variant)
    "captured-supreme",   # 擒尊 cannot be beaten again (R-C4 variant)
    "capture-holds",      # 以擒為大: the capture cannot be beaten (R-$10 variant)
    "must-discard",       # R-W2: a win here would end the hand with under 2 stacks
    "does-not-beat",      # R-C1, R-C3, R-C4
    "leader-discards",    # a leader may not discard (R-P2, R-P3)
    "discard-size",       # a discard of the wrong number of tiles (R-P3)
]
"""Every kind of refusal, one per thing a move can get wrong."""

REFUSAL_KINDS: Final[tuple[str, ...]] = RefusalKind.__args__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Refusal:
    """A move refused: ``kind`` (one of :data:`RefusalKind`), ``rule`` (the rule id that refuses
    it, as in RULES.md), the ``seat`` that tried it and the ``tiles`` it tried (as given),
    and ``message``, the explanation in traditional Chinese and English. ``str()`` is the
    English sentence; :meth:`text` gives it in a display language."""

    kind: RefusalKind
    rule: str
    seat: int | None
    tiles: tuple[Tile, ...]
    discard: bool
    message: Text

    def text(self, lang: Lang = "en") -> str:
        """The explanation in ``lang`` ("zh-Hant", "zh-Hans" or "en")."""
        return self.message(lang)

    def __str__(self) -> str:
        return self.message.en

    def feedback(self) -> Text:
        """The refusal as a learner's feedback: "不行：…" / "Not allowed: …"."""
        return Text(f"不行：{self.message.zh}", f"Not allowed: {self.message.en}")

    def error(self) -> TiangowError:
        """The exception that refuses the move: :class:`NotACombination` for tiles that make
        no play, else :class:`IllegalPlay`; either carries this refusal as ``.refusal``."""
        exc: TiangowError = (NotACombination if self.kind == "not-a-combination" else IllegalPlay)(str(self))
        exc.refusal = self
        return exc


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _tiles_zh(ts: tuple[Tile, ...] | list[Tile]) -> str:
    return " ".join(t.notation for t in ts)


def check(st: State, tab: Table, rules: Rules, natural: tuple[int, Natural] | None,
          tiles: tuple[Tile, ...], discard: bool, seat: int | None,
          plays: Callable[[], list[Combination]]) -> Step | Refusal:
    """The step that playing (or, with ``discard``, discarding) ``tiles`` makes for the seat to
    act in ``st``, or the :class:`Refusal` saying why it may not. ``seat``, if given, must be
    the seat to act; ``plays()`` lists the plays open to a follower (cached by the caller)."""

    s = st.to_play
    if s is None:
        if natural is not None:
            shower, nat = natural
            return _refuse(tiles, discard, seat, "natural", "RULES §8", f"這手牌已經結束：{seat_name(shower, 'zh-Hant')}亮出例牌{nat.value}（RULES §8）",
                          f"the hand is over: {seat_name(shower)} showed a natural hand, {nat.value} (RULES §8)")
        w = st.winner
        assert w is not None
        return _refuse(tiles, discard, seat, "hand-over", "R-W1", f"這手牌已經結束：{seat_name(w, 'zh-Hant')}贏了最後一墩（R-W1）；請發新的一手",
                      f"the hand is over: {seat_name(w)} won the last trick (R-W1); deal a new hand")
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            return Refusal("bad-seat", "R-S1", None, tiles, discard,
                           Text(f"座位是 0–3（東、南、西、北），不是 {seat!r}（R-S1）",
                                f"seat must be 0–3 (East, South, West, North), not {seat!r} (R-S1)"))
        if seat != s:
            return _refuse(tiles, discard, seat, "not-your-turn", "R-P4",
                          f"現在輪到{seat_name(s, 'zh-Hant')}，不是{seat_name(seat, 'zh-Hant')}："
                          "上家不打，下家不墊，每家等上家出完才出，東 → 南 → 西 → 北（R-P4）",
                          f"it is {seat_name(s)}'s turn, not {seat_name(seat)}'s: each player acts "
                          "only after the player before, East → South → West → North (R-P4)")
    n = len(tiles)
    size = st.size
    if discard:
        if not size:
            who_zh, who = seat_name(s, "zh-Hant"), seat_name(s)
            return _refuse(tiles, discard, seat, "leader-discards", "R-P3", f"{who_zh}先出這一墩，要出一個牌型；只有跟牌的人才能墊牌（R-P2、R-P3）",
                          f"{who} leads this trick and must play a combination; only followers discard (R-P2, R-P3)", s)
        if n != size:
            return _refuse(tiles, discard, seat, "discard-size", "R-P3", f"這一墩墊牌要墊{size}張，跟先出的張數一樣；這裏給了{n}張（R-P3）",
                          f"a discard in this trick is {_plural(size, 'tile')}, the number the leader played; "
                          f"{n} given (R-P3)", s)
        mask = packed.pack(tiles)
        if not packed.contains(st.h[s], mask):
            return _not_held(st, s, tiles, discard)
        return mask
    if size and n != size:
        return _refuse(tiles, discard, seat, "follow-size", "R-P3", f"這一墩每家出{size}張；這裏給了{n}張（R-P3）",
                      f"this trick is played with {_plural(size, 'tile')} each; {n} given (R-P3)", s)
    if not size and not 1 <= n <= 4:
        return _refuse(tiles, discard, seat, "lead-size", "R-P2", f"先出的是一至四張的牌型；這裏給了{n}張（R-P2）",
                      f"a lead is a combination of 1 to 4 tiles; {n} given (R-P2)", s)
    comb = tab.by_tiles.get(tiles)
    if not packed.contains(st.h[s], packed.pack(tiles) if comb is None else comb.mask):
        return _not_held(st, s, tiles, discard)
    if comb is None:
        why = why_not_a_combination(tiles)
        rule = "R-P2" if not 1 <= n <= 4 else "R-C2"
        return _refuse(tiles, discard, seat, "not-a-combination", rule, why.zh, why.en, s)
    if not size:
        # A held combination may always be led, except a split under Wong's rule (R-C5).
        if rules.free_split or comb.family == packed.HEAVEN_NINE or packed.in_family(st.h[s], comb.family) == comb.mask:
            return comb
        who_zh, who = seat_name(s, "zh-Hant"), seat_name(s)
        whole = packed.unpack(packed.in_family(st.h[s], comb.family))
        found = tab.by_tiles.get(whole)
        w_zh = found.label("zh-Hant") if found is not None else _tiles_zh(whole)
        w_en = found.name if found is not None else " ".join(t.notation for t in whole)
        c_zh, c_en = comb.label("zh-Hant"), comb.name
        return _refuse(tiles, discard, seat, "wong", "R-C5",
                      f"{who_zh}手上有{w_zh}：按不拆牌的規則（R-C5 的變體），沒有天或九的牌組先出時不能拆開，"
                      f"所以{c_zh}不能單獨先出——要整組出{w_zh}",
                      f"{who} holds {w_en}: with free_split=False (Wong's rule, R-C5) a leader may "
                      f"not split a combination without 天 or 九, so {c_en} cannot be led alone — "
                      f"lead all of {w_en}", s)
    for c in plays():
        if c is comb:
            return comb
    if st.locked == CAPTURED_SUPREME:
        b = st.best_seat
        return _refuse(tiles, discard, seat, "captured-supreme", "R-C4", f"{seat_name(b, 'zh-Hant')}用兩張高腳七（1-6）擒了文至尊（擒尊）：擒住的牌不能再被打（R-C4 的變體）",
                      f"{seat_name(b)} captured the civil supreme with two 1-6 (擒尊): "
                      "the capture cannot be beaten again (R-C4 variant)", s)
    if st.locked == CAPTURE_HOLDS:
        b = st.best_seat
        led = st.led
        return _refuse(tiles, discard, seat, "capture-holds", "R-$10",
                      f"{seat_name(b, 'zh-Hant')}擒了先出的{led.label('zh-Hant') if led else ''}，"
                      "按「以擒為大」，之後誰都不能打過它（R-$10 的變體）",
                      f"{seat_name(b)} captured the led {led.label('en') if led else ''} "
                      "with 以擒為大 in force: nobody after may beat the capture (R-$10 variant)", s)
    best = st.best
    assert best is not None
    # the first rule that forbids the play is the one cited: a play that cannot beat the best
    # so far is refused for that (R-C1, R-C3, R-C4), whatever the seat's stacks
    beaten = not_beating(comb, best)
    if beaten is not None:
        rule = "R-C4" if "R-C4" in beaten.en else "R-C3" if "R-C3" in beaten.en else "R-C1"
        return _refuse(tiles, discard, seat, "does-not-beat", rule, beaten.zh, beaten.en, s)
    if st.last and st.stacks[s] + size < 2:
        who_zh, who = seat_name(s, "zh-Hant"), seat_name(s)
        k = st.stacks[s]
        return _refuse(tiles, discard, seat, "must-discard", "R-W2",
                      f"{who_zh}只有{k}棟，這最後一墩值{size}棟：贏家最後至少要有兩棟，"
                      f"所以{who_zh}不能打這一墩去贏，只能墊牌（R-W2）",
                      f"{who} has {_plural(k, 'stack')} and this last trick is worth "
                      f"{size}: a winner must end the hand with at least 2 stacks, so {who} may "
                      "not play to win it and must discard (R-W2)", s)
    return _refuse(tiles, discard, seat, "does-not-beat", "R-C1",  # pragma: no cover - explained above
                   f"{comb.label('zh-Hant')}現在不能出", f"{comb.label('en')} cannot be played now", s)


def _refuse(tiles: tuple[Tile, ...], discard: bool, seat: int | None, kind: RefusalKind, rule: str, zh: str, en: str,
            who: int | None = None) -> Refusal:
    return Refusal(kind, rule, who if who is not None else seat, tiles, discard, Text(zh, en))


def _not_held(st: State, seat: int, ts: tuple[Tile, ...], discard: bool) -> Refusal:
    need = Counter(ts)
    holding = packed.unpack(st.h[seat])
    have = Counter(holding)
    missing = [t for t in need if need[t] > have[t]]
    en = ", ".join(f"{t.name} ({t.notation})" + (f" ×{need[t]}" if need[t] > 1 else "") for t in missing)
    zh = "、".join(f"{t.name}（{t.notation}）" + (f"×{need[t]}" if need[t] > 1 else "") for t in missing)
    held = " ".join(t.notation for t in holding)
    return Refusal("not-held", "R-P2", seat, ts, discard, Text(
        f"{seat_name(seat, 'zh-Hant')}手上沒有{zh}：每家只能出自己手上的牌（R-P2、R-P3；手上有 {held}）",
        f"{seat_name(seat)} does not hold {en}: a player plays only from their own tiles (R-P2, R-P3; holding {held})"))
