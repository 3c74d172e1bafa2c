"""The widget kit the lessons use (ipywidgets 8 and anywidget).

Every widget takes its words in three languages and follows the language switch; values
coming from the page are validated in Python and bad ones refused without an exception.
"""

from __future__ import annotations

from ..i18n import T, Text
from .dealing import DealingStepper
from .exercise import Exercise
from .findall import FindAllPlays
from .glossary import GlossaryTable
from .lesson import IndexPage, LessonIndex, LessonPage, ReferencePage
from .picker import HoldingPicker
from .play import PlayTable
from .principles import PrinciplesView
from .progress import ProgressError, ProgressStore
from .quiz import Quiz
from .rules import RulesReference
from .scoring import SettlementQuiz, SettlementTable
from .table import ActQuiz, PlayOutBoard
from .text import LANGUAGE, current_lang, on_language
from .variants import VariantExplorer
from .views import CombinationTable, LanguageSwitch, Prose, TileView, WorkedExample

__all__ = [
    "LANGUAGE", "ActQuiz", "DealingStepper", "Exercise", "PlayOutBoard", "CombinationTable", "FindAllPlays", "GlossaryTable", "HoldingPicker", "IndexPage", "LanguageSwitch", "LessonIndex", "LessonPage", "PlayTable", "PrinciplesView", "ProgressError",
    "ProgressStore", "Prose", "Quiz", "ReferencePage", "RulesReference", "SettlementQuiz", "SettlementTable", "T", "Text", "TileView", "VariantExplorer", "WorkedExample", "current_lang", "on_language",
]
