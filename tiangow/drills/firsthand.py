"""Tien Gow in five minutes: one scripted hand with fixed tiles, the learner as East (the
banker), every decision explained before it is made, ending with the settlement (the course's
first page, ``lessons/00_start.ipynb``).

The hand is real: :func:`script` plays it on a :class:`~tiangow.deal.Deal`, so every step is
checked by the engine, and the settlement is the engine's. The learner makes six decisions —
two leads, a pair, a discard, a beat, and the last trick; the others' moves are narrated.

>>> steps = script()
>>> sum(1 for s in steps if s.learner), final_deal().winner, final_deal().settlement().net
(6, 0, (22, -2, -10, -10))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from ..deal import Deal
from ..i18n import T, Text
from ..move import Move
from ..tiles import parse_tiles

__all__ = ["HANDS", "Step", "script", "final_deal", "FirstHandRecord", "SETTLEMENT_TEXT"]

HANDS: Final = ("66 66 55 55 22 22 11 15", "44 44 45 33 13 56 35 23", "33 56 46 46 16 34 25 24",
                "11 13 36 26 16 15 14 12")
"""East (the learner, banker in the first hand of a streak), South, West, North."""


@dataclass(frozen=True)
class Step:
    """One move of the hand: ``seat`` puts down ``move``. For the learner's (East's) moves,
    ``text`` explains the decision before it is made; for the others', it narrates the move."""

    seat: int
    move: Move
    text: Text
    learner: bool = False
    after: Text | None = None
    """Said once the trick this move ends is over (who takes it and why)."""


def _m(text: str) -> Move:
    return Move.parse(text)


def _steps() -> tuple[Step, ...]:
    E, S, W, N = 0, 1, 2, 3
    return (
        # Trick 1: East leads 天.
        Step(E, _m("lead 66"), T(
            "你是東家，也是莊家：莊家先出第一墩（R-P1）。你有兩張天。單張天是最大的文子，唯一一樣大的另一張天也在你手上"
            "（一樣大不算贏，R-C3），所以沒有人打得過它。可以拆開一對來出（R-C5）。**選一張天，按「出牌」。**",
            "You are East, and the banker: the banker leads the first trick (R-P1). You hold both 天 (Heaven). A "
            "single 天 is the highest civil tile, and the only tile equal to it is your other 天 (an equal tile "
            "does not beat, R-C3): nobody can beat it. You may split a pair (R-C5). **Pick one 天 and press "
            "Play.**"), learner=True),
        Step(S, _m("discard 23"), T("南家打不過天，只能墊一張牌，蓋着（R-P3）。", "South cannot beat 天, so discards a tile "
                                    "face down (R-P3).")),
        Step(W, _m("discard 24"), T("西家也墊一張。", "West discards too.")),
        Step(N, _m("discard 12"), T("北家也墊一張。", "So does North."), after=T(
            "你贏了第一墩，拿一棟（每人出一張，就是一棟，R-P5）。贏家先出下一墩（R-P1）。",
            "You take the first trick: one stack (each player put in one tile, R-P5). The winner leads next "
            "(R-P1).")),
        # Trick 2: East leads 雙梅; South beats with 雙人.
        Step(E, _m("lead 55 55"), T(
            "又到你出。這次出一對：雙梅。對子只有同類（文對）更大的對子才打得過（R-C1），出了可以換走兩張中等的牌，"
            "也看看誰有大對子。**選兩張梅，按「出牌」。**",
            "Your lead again. This time a pair: the two 梅 (Plum). Only a higher pair of the same class (a civil "
            "pair) can beat it (R-C1); leading it trades two middling tiles and shows who holds a big pair. "
            "**Pick both 梅 and press Play.**"), learner=True),
        Step(S, _m("play 44 44"), T("南家用雙人打：人比梅大，而且同是文對（R-C1）。",
                                    "South beats it with the two 人 (Man): 人 ranks above 梅, and both are civil "
                                    "pairs (R-C1).")),
        Step(W, _m("discard 16 34"), T("西家墊兩張（出多少張就墊多少張，R-P3）。",
                                        "West discards two tiles (as many as were led, R-P3).")),
        Step(N, _m("discard 15 14"), T("北家也墊兩張。", "North discards two."), after=T(
            "南家贏了這一墩，拿兩棟（對子一墩值兩棟，R-P5），下一墩由南家先出。",
            "South takes the trick: two stacks (a trick of pairs is worth two, R-P5), and leads next.")),
        # Trick 3: South leads 九; East discards 銅錘六.
        Step(S, _m("lead 45"), T("南家出一張九（4-5），最大的武子。", "South leads a 九 (4-5), the highest military tile.")),
        Step(W, _m("discard 25"), T("西家打不過，墊一張。", "West cannot beat it and discards.")),
        Step(N, _m("discard 26"), T("北家手上也有一張九（3-6），但一樣大不算贏（R-T1、R-C3），只能墊。",
                                    "North holds the other 九 (3-6), but an equal tile does not beat (R-T1, R-C3): "
                                    "North discards.")),
        Step(E, _m("discard 15"), T(
            "輪到你。你沒有武子，文子也不能打武子（只有同類才能比，R-C1），所以要**墊**一張，蓋着（R-P3）。墊哪一張？"
            "墊以後最沒用的：銅錘六（1-5）是最小的文子，永遠贏不了一墩。天、地要留着贏墩，一對板凳留到後面出。"
            "**選銅錘六，按「墊牌」。**",
            "Your turn. You hold no military tile, and a civil tile cannot beat a military one (only the same "
            "class can, R-C1): you must **discard** a tile, face down (R-P3). Which? The one of least use later: "
            "銅錘六 (1-5) is the lowest civil tile and will never win a trick. Keep 天 and 地 to win tricks, and "
            "the pair of 板凳 for later. **Pick 銅錘六 and press Discard.**"), learner=True, after=T(
            "南家又贏一墩（共三棟），再先出。", "South takes this one too (three stacks now) and leads again.")),
        # Trick 4: South leads 長三; North beats with 和; East beats with 地.
        Step(S, _m("lead 33"), T("南家出長三（3-3）。", "South leads 長三 (Long three, 3-3).")),
        Step(W, _m("discard 33"), T("西家也有一張長三，但一樣大不算贏，只能墊。",
                                    "West holds the other 長三, but equal does not beat: West discards.")),
        Step(N, _m("play 13"), T("北家用和（1-3）打：和比長三大。", "North beats it with 和 (Harmony, 1-3), which ranks "
                                                             "above 長三.")),
        Step(E, _m("play 11"), T(
            "你是最後一個。要贏，就要用同類更大的牌打過場上最大的牌——北家的和（R-P3）。你的地（1-1）比和大（天地人和）。**選地，按「出牌」。**",
            "You play last. To win you must beat the best play so far — North's 和 — with a higher play of its class (R-P3). Your 地 (Earth, 1-1) ranks "
            "above it (天 地 人 和 …). **Pick 地 and press Play.**"), learner=True, after=T(
            "你贏了這一墩：多一棟，一共兩棟，也拿回先出的權利。",
            "You take the trick: one more stack, two in all, and the lead is yours again.")),
        # Trick 5: East leads 雙板凳.
        Step(E, _m("lead 22 22"), T(
            "剩下兩墩，你有天和一對板凳。**最後一墩的贏家贏這一局**（R-W1）。天沒有人打得過，留到最後一墩；"
            "現在先出一對板凳：沒有人有比它大的文對。**選兩張板凳，按「出牌」。**",
            "Two tricks left, and you hold 天 and the two 板凳 (Bench). **Whoever takes the last trick wins the "
            "hand** (R-W1). Nobody can beat 天, so keep it for the last trick, and lead the 板凳 pair now: "
            "nobody holds a higher civil pair. **Pick both 板凳 and press Play.**"), learner=True),
        Step(S, _m("discard 56 35"), T("南家墊兩張。", "South discards two.")),
        Step(W, _m("discard 46 46"), T("西家有一對紅頭十，比板凳小，只能墊。",
                                        "West holds a pair of 紅頭十, lower than 板凳: West discards.")),
        Step(N, _m("discard 36 16"), T("北家墊兩張。", "North discards two."), after=T(
            "你又贏兩棟，一共四棟。", "Two more stacks: four now.")),
        # Trick 6, the last: East leads 天.
        Step(E, _m("lead 66"), T(
            "最後一墩。贏家結束時要至少有兩棟（R-W2）——你有四棟。出天，沒有人打得過。**選天，按「出牌」。**",
            "The last trick. The winner must end with at least two stacks (R-W2) — you have four. Lead 天: "
            "nobody can beat it. **Pick 天 and press Play.**"), learner=True),
        Step(S, _m("discard 13"), T("南家墊。", "South discards.")),
        Step(W, _m("discard 56"), T("西家墊。", "West discards.")),
        Step(N, _m("discard 11"), T("北家墊。", "North discards."), after=T(
            "你贏了最後一墩，贏了這一局（R-W1）！", "You take the last trick, and the hand (R-W1)!")),
    )


SETTLEMENT_TEXT: Final = T(
    "計分（§6）：你是贏家，輸家按棟數付錢。四棟是歸本（R-$1）；少於四棟付少了的棟數，沒有棟（空棟）付 5（R-$2）。"
    "你是莊家，莊家和閒家之間的錢要乘莊家倍數 m（做莊第一局 m = 2，每多連莊一局加 1）。南家三棟：(4 − 3) × 2 = 2；西家、北家空棟：5 × 2 = 10。"
    "你一共收 22。",
    "Settlement (§6): you won, so each loser pays by their stacks. Four stacks is par (R-$1); fewer pay what is "
    "short of four, and no stack at all (空棟) pays 5 (R-$2). You are the banker, so money between you and "
    "another player is multiplied by the banker multiplier m (2 in a banker's first hand, one more for each "
    "further hand the banker keeps in a row): South, 3 stacks, pays "
    "(4 − 3) × 2 = 2; West and North, no stack, pay 5 × 2 = 10 each. You collect 22.")


@cache
def script() -> tuple[Step, ...]:
    """The steps, checked: each is legal where it comes, in turn (raises if the script is wrong)."""
    steps = _steps()
    d = Deal([parse_tiles(h) for h in HANDS], banker=0, streak=1)
    for s in steps:
        assert d.to_play == s.seat, (s, d.to_play)
        d.push(s.move)
    assert d.is_over
    return steps


def final_deal() -> Deal:
    """The hand played to the end."""
    d = Deal([parse_tiles(h) for h in HANDS], banker=0, streak=1)
    for s in script():
        d.push(s.move)
    return d


@dataclass
class FirstHandRecord:
    """Whether the learner has played the five-minute hand to the end, and the last step
    reached (kept in the progress so a reload comes back to it)."""

    id: str = "first-hand"
    title: Text = field(default_factory=lambda: T("五分鐘學天九", "Tien Gow in five minutes"))
    finished: bool = False
    step: int = 0

    def state(self) -> dict[str, Any]:
        return {"finished": self.finished, "step": self.step}

    def load(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state, Mapping):
            return
        if isinstance(state.get("finished"), bool):
            self.finished = state["finished"]
        step = state.get("step")
        if isinstance(step, int) and not isinstance(step, bool) and 0 <= step <= len(script()):
            self.step = step

    def merge(self, state: Mapping[str, Any]) -> None:
        other = FirstHandRecord()
        other.load(state)
        self.finished = self.finished or other.finished
        self.step = max(self.step, other.step)

    def progress(self) -> tuple[int, int]:
        return (1 if self.finished else 0), 1
