"""The kernel's current display language (and :class:`Text`, re-exported).

Every widget of the kit takes its words as :class:`Text` (traditional Chinese and English;
simplified Chinese is derived) and re-renders when :data:`LANGUAGE` changes, so the
language switch relabels everything visible.
"""

from __future__ import annotations

from collections.abc import Callable

import traitlets

from ..i18n import LANGS, Lang, T, Text

__all__ = ["Text", "T", "LANGUAGE", "LanguageState", "current_lang", "on_language"]


class LanguageState(traitlets.HasTraits):
    """The display language of this kernel's lesson page (one per kernel)."""

    lang = traitlets.Enum(LANGS, default_value="zh-Hant")

    @traitlets.validate("lang")
    def _check(self, proposal: dict[str, object]) -> object:
        value = proposal["value"]
        return value if value in LANGS else self.lang


LANGUAGE = LanguageState()


def current_lang() -> Lang:
    lang: Lang = LANGUAGE.lang
    return lang


def on_language(callback: Callable[[Lang], None]) -> None:
    """Call ``callback(lang)`` whenever the display language changes."""

    def handler(change: dict[str, object]) -> None:
        callback(change["new"])  # type: ignore[arg-type]

    LANGUAGE.observe(handler, "lang")
