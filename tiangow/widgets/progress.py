"""The progress store: what the learner has mastered, kept in the browser's localStorage.

The page loads every saved lesson state when the store is displayed and writes back each
lesson the kernel changes. Data from the page is untrusted: a payload that is not an object
is refused (the kernel keeps what it had); entries that are malformed or oversized are left
out of the kernel's view but never deleted from the browser.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..errors import TiangowError
from ..i18n import LANGS
from .safe import SafeState

__all__ = ["ProgressStore", "ProgressError", "sanitize"]

_HERE = Path(__file__).parent
LESSON_ID = re.compile(r"^[0-9a-z_]{1,40}$")
MAX_LESSON_BYTES = 64_000


class ProgressError(TiangowError):
    """A lesson state the store cannot keep (not JSON, too large, bad id)."""


def _json_size(value: object) -> int:
    try:
        return len(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError):
        return -1


def sanitize(value: object) -> dict[str, Any]:
    """The part of ``value`` the store keeps: ``{"lessons": {id: state}, "prefs": {...}}``.

    Raises :class:`traitlets.TraitError` if ``value`` is not an object at all.

    >>> sanitize({"lessons": {"01_tiles": {"boxes": {}}, "../x": {}, "02": 5}, "prefs": {"lang": "en", "x": 1}})
    {'lessons': {'01_tiles': {'boxes': {}}}, 'prefs': {'lang': 'en'}}
    """
    if not isinstance(value, dict):
        raise traitlets.TraitError(f"progress data is an object, not {type(value).__name__}")
    lessons: dict[str, Any] = {}
    raw = value.get("lessons", {})
    if isinstance(raw, dict):
        for key, state in raw.items():
            if not isinstance(key, str) or not LESSON_ID.match(key) or not isinstance(state, dict):
                continue
            size = _json_size(state)
            if 0 <= size <= MAX_LESSON_BYTES:
                lessons[key] = state
    prefs: dict[str, Any] = {}
    raw_prefs = value.get("prefs", {})
    if isinstance(raw_prefs, dict) and raw_prefs.get("lang") in LANGS:
        prefs["lang"] = raw_prefs["lang"]
    return {"lessons": lessons, "prefs": prefs}


class ProgressStore(SafeState, anywidget.AnyWidget):
    """Saved lesson states and preferences. Display it once per page (it draws nothing)."""

    _page_writable = frozenset({"data", "loaded"})
    _esm = (_HERE / "progress.js").read_text(encoding="utf-8")

    data = traitlets.Dict().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(data={"lessons": {}, "prefs": {}}, **kwargs)
        self.layout.display = "none"
        self._on_load: list[Callable[[], None]] = []
        self._was_loaded = False
        self.observe(self._when_loaded, "loaded")

    @traitlets.validate("data")
    def _valid_data(self, proposal: dict[str, object]) -> dict[str, Any]:
        return sanitize(proposal["value"])

    @traitlets.validate("loaded")
    def _valid_loaded(self, proposal: dict[str, object]) -> bool:
        value = proposal["value"]
        if not isinstance(value, bool):
            raise traitlets.TraitError("loaded is true or false")
        # Once loaded, stays loaded. (Not ``self.loaded``: while ipywidgets applies a page
        # update, validators run after the new value is already set.)
        return value or self._was_loaded

    def _when_loaded(self, change: dict[str, object]) -> None:
        if change["new"]:
            self._was_loaded = True
            for callback in list(self._on_load):
                callback()

    def on_load(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the page has loaded the saved progress (now if it has)."""
        self._on_load.append(callback)
        if self.loaded:
            callback()

    def lesson(self, lesson_id: str) -> dict[str, Any]:
        """A copy of the saved state of a lesson (empty if none)."""
        state = self.data.get("lessons", {}).get(lesson_id, {})
        return copy.deepcopy(state) if isinstance(state, dict) else {}

    def all_lessons(self) -> dict[str, dict[str, Any]]:
        return copy.deepcopy(self.data.get("lessons", {}))

    def save(self, lesson_id: str, state: dict[str, Any]) -> None:
        """Save a lesson's state (JSON-safe, at most 64 kB)."""
        if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
            raise ProgressError(f"{lesson_id!r} is not a lesson id (lowercase letters, digits, _)")
        if not isinstance(state, dict):
            raise ProgressError(f"a lesson state is a dict, not {type(state).__name__}")
        size = _json_size(state)
        if size < 0:
            raise ProgressError("a lesson state must be plain JSON (dicts, lists, str, numbers, bools)")
        if size > MAX_LESSON_BYTES:
            raise ProgressError(f"a lesson state is at most {MAX_LESSON_BYTES} bytes; this one is {size}")
        lessons = dict(self.data.get("lessons", {}))
        lessons[lesson_id] = copy.deepcopy(state)
        self.data = {"lessons": lessons, "prefs": dict(self.data.get("prefs", {}))}

    def pref(self, name: str, default: object = None) -> object:
        return self.data.get("prefs", {}).get(name, default)

    def set_pref(self, name: str, value: object) -> None:
        prefs = dict(self.data.get("prefs", {}))
        prefs[name] = value
        self.data = {"lessons": dict(self.data.get("lessons", {})), "prefs": prefs}
