"""The variants of the table (RULES §10) as one frozen value, :class:`Rules`.

Every place the sources disagree is a field; the defaults follow seed 004 (Ng Kwai-Shang's
rules of 1886 plus the modern 入一/入二). Field order matches the rows of RULES §10.

>>> Rules()
Rules()
>>> r = Rules(civil_supreme=True, capture_multiplier=4)
>>> r
Rules(civil_supreme=True, capture_multiplier=4)
>>> r.civil_supreme, r.hand_size
(True, 8)
>>> Rules(capture_multiplier=3)
Traceback (most recent call last):
...
tiangow.errors.RulesError: capture_multiplier must be 2 (Ng, seed 004) or 4 (么雙擒四, seeds 000–002), not 3
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .errors import RulesError
from .i18n import Lang, pick

__all__ = ["Rules", "Natural", "VARIANT_NOTES", "DEFAULT_RULES"]


class Natural(enum.Enum):
    """The natural hands of RULES §8 (例牌); each is worth 七支 or 八支."""

    SEVEN_CIVIL = "七文"
    """Seven (or more) civil tiles — 七支."""
    SEVEN_MILITARY = "七武"
    """Seven (or more) military tiles — 七支."""
    ONE_RED = "全白一點紅"
    """Exactly one red pip in the whole hand — 七支; the only natural that needs no
    declaration before play (though in tiangow it is still only on when listed)."""
    EIGHT_CIVIL = "八文"
    """Eight civil tiles — 八支."""
    EIGHT_MILITARY = "八武"
    """Eight military tiles — 八支."""
    NO_RED = "全白"
    """No red pip at all — 八支."""
    FOUR_PAIRS = "四對"
    """Four pairs: civil pairs or military pairs 雜九/八/七/五 (not 天九-type mixed pairs) — 八支."""

    @property
    def stacks_bonus(self) -> int:
        """The finish it is scored as: 2 for 七支, 4 for 八支 (RULES §8)."""
        return 2 if self in (Natural.SEVEN_CIVIL, Natural.SEVEN_MILITARY, Natural.ONE_RED) else 4

    @property
    def name_en(self) -> str:
        return _NATURAL_EN[self]

    def label(self, lang: Lang = "zh-Hant") -> str:
        return pick(lang, self.value, self.name_en)


_NATURAL_EN: Final = {
    Natural.SEVEN_CIVIL: "seven civil tiles",
    Natural.SEVEN_MILITARY: "seven military tiles",
    Natural.ONE_RED: "all white but one red pip",
    Natural.EIGHT_CIVIL: "eight civil tiles",
    Natural.EIGHT_MILITARY: "eight military tiles",
    Natural.NO_RED: "no red pip",
    Natural.FOUR_PAIRS: "four pairs",
}

EightStackRule = Literal["essay", "wikipedia"]
BankerRotation = Literal["winner", "rotate"]


def _meta(rule: str, zh: str, en: str, default: str, other: str) -> dict[str, str]:
    return {"rule": rule, "zh": zh, "en": en, "default_source": default, "other_source": other}


@dataclass(frozen=True, repr=False)
class Rules:
    """The table's choice of every variant in RULES §10 (defaults: seed 004).

    Frozen and hashable, so it can key caches and be shared by deals, bots and lessons.
    """

    civil_supreme: bool = field(default=False, metadata=_meta(
        "R-C4", "文至尊、文么結、文擒", "civil supreme, civil 么結 and civil capture",
        "off: Culin 1893; seed 004's own family (Ng 1886 had civil 么結 and 擒 but no civil supreme)",
        "on: seeds 000–002; seed 004 accepts the bundle as standard but optional"))
    """One bundle (RULES §10 row 1): a pair of 1-5 is a supreme 文至尊 (R-C4), a led 1-5
    winning the last trick is 么結 (R-$9) and a led 1-5 beaten by 1-6 is captured (R-$10).
    Default off (Culin; seed 004's family); on in seeds 000–002."""

    capture_civil_supreme: bool = field(default=False, metadata=_meta(
        "R-C4", "擒尊：雙高腳擒文尊", "a pair of 1-6 captures a led civil supreme",
        "no: seed 004 (a supreme cannot be beaten)", "yes: seeds 000–002 (擒尊)"))
    """A pair of 1-6 may capture a led civil supreme and take the 賀尊 money (seeds 000–002,
    擒尊); the captured supreme cannot be beaten again, and on the last trick it is a plain
    win for the capturer. Default no (seed 004). Needs ``civil_supreme``."""

    capture_multiplier: int = field(default=2, metadata=_meta(
        "R-$10", "擒：包賠雙計或四計", "a capture pays ×2 or ×4",
        "×2: Ng 1886, seed 004", "×4 (么雙擒四): seeds 000–002, which also allow ×2"))
    """What a captured player pays is multiplied by this: 2 (Ng, seed 004) or 4 (么雙擒四,
    seeds 000–002)."""

    capture_wins_trick: bool = field(default=False, metadata=_meta(
        "R-$10", "以擒為大", "the capturing tile wins the trick regardless",
        "no: seed 004 (it must win the trick normally)",
        "yes: web rules reported (and rejected) by seed 004"))
    """以擒為大: on the last trick after a led 1-2, a qualifying player may play 2-4 over any
    higher military single already played, and nobody after may beat it (likewise 1-6 over a
    led 1-5 under ``civil_supreme``). Default no (seed 004); web rules cited by seed 004."""

    finish_collects_immediate: bool = field(default=False, metadata=_meta(
        "R-$7", "包尊／四大包兼收賀尊／四大賀", "包尊 / 四大包 also collect 賀尊 / 四大賀 money",
        "no: Ng 1886, seed 004", "yes: Celko, Lai (per seed 004)"))
    """包尊 and 四大包 also collect the 賀尊 / 四大賀 money. Default no (Ng, seed 004); yes
    in Celko and Lai (per seed 004)."""

    eight_stack_rule: EightStackRule = field(default="essay", metadata=_meta(
        "R-$11", "七支／八支的判定", "when all eight stacks count as 七支 or 八支",
        "essay: seed 004 and Lai (R-$11)",
        "wikipedia: seeds 000–002 (a banker may not open with 天, 九 or a supreme; the finish "
        "must be a pair or better, or 天, 九, 1-5, 1-2 or the highest tile still unseen)"))
    """How all eight stacks split into 七支 and 八支. ``"essay"`` (seed 004, Lai; R-$11):
    八支 unless the last trick was a single that something still unseen could beat.
    ``"wikipedia"`` (seeds 000–002): 八支 only if the winner, when banker, did not open the
    hand with 天, 九 or a supreme, and finished with two or more tiles, or a single 天, 九,
    1-5 or 1-2, or the highest tile of its class still unseen."""

    free_split: bool = field(default=True, metadata=_meta(
        "R-C5", "拆牌自由", "a leader may split a combination",
        "free: Ng 1886, seed 004", "restricted: Wong 1996 (per seed 004)"))
    """R-C5: the leader may split a combination. ``False`` is Wong's rule (1996, per seed
    004): a leader may not lead part of a combination held unless it has 天 or 九; a follower
    may still split."""

    banker_rotation: BankerRotation = field(default="winner", metadata=_meta(
        "R-B1", "飛莊／輪莊", "banker succession",
        "winner (飛莊): the winner of a hand banks next; all sources' modern play",
        "rotate (輪莊): the bank passes on like mahjong (Ng 1886 mentions it)"))
    """``"winner"`` (飛莊, R-S2/R-B1): the winner of the hand is the next banker.
    ``"rotate"`` (輪莊, as in mahjong, mentioned by Ng per seed 004): a banker who wins
    stays; otherwise the bank passes to the next seat in turn order."""

    naturals: frozenset[Natural] = field(default=frozenset(), metadata=_meta(
        "§8", "例牌", "natural hands",
        "none: off by default (RULES §8)", "any subset of RULES §8 agreed before play"))
    """The natural hands (例牌, RULES §8, from seeds 000–002) the table agreed to before play;
    empty by default. The seeds say only 全白一點紅 needs no declaration; tiangow still counts
    a natural only when it is listed here."""

    hand_size: int = field(default=8, metadata=_meta(
        "R-S3", "大天九／小天九", "tiles in each hand",
        "8: 大天九, the classic game", "4: 小天九 (seed 000), for play and drills only: "
        "no source gives its scoring"))
    """8 (大天九) or 4 (小天九: seed 000 says it is popular now, but no source gives its
    scoring, so a 4-tile hand can be played but not settled; R-S3)."""

    def __post_init__(self) -> None:
        for name in ("civil_supreme", "capture_civil_supreme", "capture_wins_trick",
                     "finish_collects_immediate", "free_split"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(f"{name} must be True or False, not {value!r}")
        if type(self.capture_multiplier) is not int or self.capture_multiplier not in (2, 4):
            raise RulesError(
                f"capture_multiplier must be 2 (Ng, seed 004) or 4 (么雙擒四, seeds 000–002), "
                f"not {self.capture_multiplier!r}"
            )
        if self.eight_stack_rule not in ("essay", "wikipedia"):
            raise RulesError(
                f"eight_stack_rule must be 'essay' (seed 004) or 'wikipedia' (seeds 000–002), "
                f"not {self.eight_stack_rule!r}"
            )
        if self.banker_rotation not in ("winner", "rotate"):
            raise RulesError(
                f"banker_rotation must be 'winner' (飛莊) or 'rotate' (輪莊), not {self.banker_rotation!r}"
            )
        if type(self.hand_size) is not int or self.hand_size not in (4, 8):
            raise RulesError(f"hand_size must be 8 (大天九) or 4 (小天九; R-S3), not {self.hand_size!r}")
        nat: Any = self.naturals
        if isinstance(nat, (str, bytes)) or not hasattr(nat, "__iter__"):
            raise RulesError(f"naturals must be a set of tiangow.Natural members, not {nat!r}")
        members = []
        for x in nat:
            if isinstance(x, Natural):
                members.append(x)
            elif isinstance(x, str) and x in Natural.__members__:
                members.append(Natural[x])
            elif isinstance(x, str) and x in {n.value for n in Natural}:
                members.append(Natural(x))
            else:
                raise RulesError(f"{x!r} is not a natural hand of RULES §8; use tiangow.Natural members")
        object.__setattr__(self, "naturals", frozenset(members))
        if self.capture_civil_supreme and not self.civil_supreme:
            raise RulesError(
                "capture_civil_supreme needs civil_supreme=True: without the civil supreme "
                "(R-C4) there is no civil supreme for a pair of 1-6 to capture"
            )
        if self.naturals and self.hand_size != 8:
            raise RulesError("natural hands (RULES §8) are hands of eight tiles; hand_size=4 has none")

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated again).

        >>> Rules().replace(free_split=False).free_split
        False
        """
        return dataclasses.replace(self, **changes)

    def differences(self) -> dict[str, object]:
        """The fields that differ from the defaults."""
        out: dict[str, object] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                out[f.name] = value
        return out

    def to_dict(self) -> dict[str, object]:
        """The fields that differ from the defaults, as plain JSON (naturals by name), for
        saving; :meth:`from_dict` reads it back.

        >>> r = Rules(capture_multiplier=4, naturals={Natural.NO_RED, Natural.FOUR_PAIRS})
        >>> r.to_dict()
        {'capture_multiplier': 4, 'naturals': ['FOUR_PAIRS', 'NO_RED']}
        >>> Rules.from_dict(r.to_dict()) == r
        True
        """
        out: dict[str, object] = {}
        for name, value in self.differences().items():
            out[name] = sorted(n.name for n in value) if isinstance(value, frozenset) else value
        return out

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from :meth:`to_dict`'s form; raises :class:`RulesError` for anything else.

        >>> Rules.from_dict({"house": 1})
        Traceback (most recent call last):
        ...
        tiangow.errors.RulesError: 'house' is not a variant of RULES §10 (the fields of tiangow.Rules)
        """
        if not isinstance(data, dict):
            raise RulesError(f"saved rules are an object of variant fields, not {type(data).__name__}")
        names = {f.name for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name not in names:
                raise RulesError(f"{name!r} is not a variant of RULES §10 (the fields of tiangow.Rules)")
            if name == "naturals":
                if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                    raise RulesError(f"saved naturals are a list of names of RULES §8, not {value!r}")
                values[name] = frozenset(value)
            else:
                values[name] = value
        return cls(**values)

    def __repr__(self) -> str:
        parts = []
        for name, value in self.differences().items():
            if isinstance(value, frozenset):
                inner = ", ".join(sorted(f"Natural.{n.name}" for n in value))
                parts.append(f"{name}=frozenset({{{inner}}})")
            else:
                parts.append(f"{name}={value!r}")
        return f"Rules({', '.join(parts)})"

    @property
    def scored(self) -> bool:
        """Whether hands under these rules can be settled (not 小天九; R-S3)."""
        return self.hand_size == 8


DEFAULT_RULES: Final = Rules()


def variant_notes() -> list[dict[str, str]]:
    """One row per field of :class:`Rules`, in RULES §10 order: name, rule id, what it is
    in Chinese and English, and the sources of the default and the other readings."""
    rows = []
    for f in dataclasses.fields(Rules):
        row = {"field": f.name, "default": repr(f.default)}
        row.update(f.metadata)
        rows.append(row)
    return rows


VARIANT_NOTES: Final = variant_notes()
