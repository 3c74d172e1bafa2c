"""Errors raised by tiangow.

Every public entry point rejects bad input with a subclass of :class:`TiangowError`,
itself a :class:`ValueError`, whose message says in a learner's words what was wrong and
which rule (by its id in RULES.md, such as ``R-C1``) forbids it.
"""

from __future__ import annotations

from typing import Literal, Protocol

__all__ = [
    "TiangowError",
    "TileError",
    "NotACombination",
    "IllegalPlay",
    "RulesError",
    "DealError",
    "SettlementError",
    "Refused",
]


class Refused(Protocol):
    """What an error says of a refused move (:class:`tiangow.refusals.Refusal` is one): its
    kind, the rule id, the seat, and the reason in a display language."""

    @property
    def kind(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def seat(self) -> int | None: ...

    def text(self, lang: Literal["zh-Hant", "zh-Hans", "en"] = "en") -> str: ...


class TiangowError(ValueError):
    """Base class of every error raised by tiangow for bad input. A move refused by the rules
    of play carries its :class:`~tiangow.refusals.Refusal` (the rule, the tiles, and the reason
    in each display language) as ``refusal``; otherwise that is ``None``."""

    refusal: Refused | None = None


class TileError(TiangowError):
    """A token, value or sequence does not name tiles of the set (RULES §1)."""


class NotACombination(TiangowError):
    """The tiles given do not form one of the nine classes of play (R-C2)."""


class IllegalPlay(TiangowError):
    """An action the rules of play forbid: out of turn, not held, does not beat …"""


class RulesError(TiangowError):
    """A variant setting of :class:`tiangow.Rules` that does not exist or does not fit."""


class DealError(TiangowError):
    """Hands, seats, dice or dealing arguments that cannot describe a deal."""


class SettlementError(TiangowError):
    """An end of hand that cannot be settled as described (RULES §6)."""
