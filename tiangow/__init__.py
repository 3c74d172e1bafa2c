"""tiangow — the rules of Tien Gow (天九), the Chinese domino trick-taking game.

An exact, typed model of the game as written in the project's RULES.md: tiles,
combinations, trick play, settlement, natural hands, dealing, and every variant the
sources disagree on (:class:`Rules`).

>>> import tiangow
>>> tiangow.classify(tiangow.parse_tiles("12 24")).name
'至尊'
"""

from __future__ import annotations

from .combos import Combination, Kind, all_combinations, classify, combinations_in, explain_not_beating
from .deal import SEATS, Action, Deal, DealView, Trick
from .dealing import Dealt, Method, Wall, deal_wall, draw_first_banker, first_banker, first_taker, random_deal
from .errors import DealError, IllegalPlay, NotACombination, RulesError, SettlementError, TiangowError, TileError
from .i18n import LANGS, Lang, seat_name, to_simplified
from .move import Move
from .naturals import best_natural, naturals_in
from .refusals import Refusal
from .rules import VARIANT_NOTES, Natural, Rules
from .scoring import Finish, Payment, Reason, Settlement, banker_multiplier, next_banker, settle
from .tiles import CIVIL_KINDS, KINDS, MILITARY_KINDS, Holding, Tile, format_tiles, full_set, parse_tiles, sort_tiles

__version__ = "0.1.0"

__all__ = [
    "Action", "CIVIL_KINDS", "Holding", "Combination", "Deal", "DealError", "DealView", "Dealt", "Finish",
    "IllegalPlay", "KINDS", "Kind", "LANGS", "Lang", "MILITARY_KINDS", "Method", "Move", "Natural",
    "NotACombination", "Payment", "Reason", "Refusal", "Rules", "RulesError", "SEATS", "Settlement",
    "SettlementError", "TiangowError", "Tile", "TileError", "Trick", "VARIANT_NOTES", "Wall",
    "all_combinations", "banker_multiplier", "best_natural", "classify", "combinations_in",
    "deal_wall", "draw_first_banker", "explain_not_beating", "first_banker", "first_taker",
    "format_tiles", "full_set", "naturals_in", "next_banker", "parse_tiles", "random_deal",
    "seat_name", "settle", "sort_tiles", "to_simplified",
]
