"""The widget kit the lessons use (ipywidgets 8 and anywidget).

Every widget takes its words in three languages and follows the language switch; values
coming from the page are validated in Python and bad ones refused without an exception.
"""

from __future__ import annotations

from ..i18n import T, Text
from .lesson import IndexPage, LessonIndex, LessonPage
from .picker import HoldingPicker
from .progress import ProgressError, ProgressStore
from .quiz import Quiz
from .text import LANGUAGE, current_lang, on_language
from .views import LanguageSwitch, Prose, TileView

__all__ = [
    "LANGUAGE", "HoldingPicker", "IndexPage", "LanguageSwitch", "LessonIndex", "LessonPage", "ProgressError",
    "ProgressStore", "Prose", "Quiz", "T", "Text", "TileView", "current_lang", "on_language",
]
