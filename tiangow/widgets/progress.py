"""The progress store: what the learner has mastered, kept in the browser's localStorage.

The page loads every saved lesson state when the store is displayed and writes back each
lesson the kernel changes. Data from the page is untrusted: a payload that is not an object
is refused (the kernel keeps what it had); entries that are malformed or oversized are left
out of the kernel's view but never deleted from the browser.

Several tabs share one store. A tab never writes over a value it has not seen: when another
tab has written (the browser's ``storage`` event, or a value found changed just before a
write), the page sends that value to the kernel (a ``stored`` message), the lesson on the page
joins it into its own state item by item (:meth:`ProgressStore.on_stored`: counts only grow, a
box takes its latest answer, a passed check stays passed), and the joined state is written.

Each lesson's value carries its schema version (:data:`SCHEMA`); an older one is migrated
(:func:`migrate`), a newer one (from a later tiangow) is left alone and never overwritten.
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
from collections.abc import Callable
from typing import Any

import traitlets

from ..errors import TiangowError
from ..i18n import LANGS
from .pagewidget import PageWidget, esm
from .safe import log

__all__ = ["ProgressStore", "ProgressError", "sanitize", "migrate", "SCHEMA"]

LESSON_ID = re.compile(r"^[0-9a-z_]{1,40}$")
MAX_LESSON_BYTES = 64_000
SCHEMA = 2
"""The version of a saved lesson's form. 1 (no ``schema`` key): Leitner boxes as bare numbers;
2: each box with the time of its last answer, ``[box, ms]``, so two tabs' boxes can merge."""


class ProgressError(TiangowError):
    """A lesson state the store cannot keep (not JSON, too large, bad id)."""


def _json_size(value: object) -> int:
    try:
        return len(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError):
        return -1


def _v1_to_v2(state: dict[str, Any]) -> dict[str, Any]:
    drills = state.get("drills")
    if isinstance(drills, dict):
        for drill in drills.values():
            boxes = drill.get("boxes") if isinstance(drill, dict) else None
            if isinstance(boxes, dict):
                drill["boxes"] = {k: [b, 0] if isinstance(b, int) and not isinstance(b, bool) else b
                                  for k, b in boxes.items()}
    return state


_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}
"""``version: step`` — each step turns a lesson state of that version into the next."""


def migrate(state: dict[str, Any]) -> dict[str, Any] | None:
    """A saved lesson state in the current schema (:data:`SCHEMA`), or ``None`` if it is
    from a later version this tiangow cannot read (or its version is not a number).

    >>> migrate({"drills": {"tiles": {"boxes": {"6-6": 4}}}})
    {'drills': {'tiles': {'boxes': {'6-6': [4, 0]}}}, 'schema': 2}
    >>> migrate({"schema": 99, "drills": {}}) is None
    True
    """
    out = copy.deepcopy(state)
    version = out.pop("schema", 1)
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= SCHEMA:
        return None
    while version < SCHEMA:
        out = _MIGRATIONS[version](out)
        version += 1
    out["schema"] = SCHEMA
    return out


def sanitize(value: object) -> dict[str, Any]:
    """The part of ``value`` the store keeps: ``{"lessons": {id: state}, "prefs": {...}}``.

    Raises :class:`traitlets.TraitError` if ``value`` is not an object at all.

    Lesson states are migrated to the current schema; one from a later version is left out.

    >>> sanitize({"lessons": {"01_tiles": {"drills": {}}, "../x": {}, "02": 5}, "prefs": {"lang": "en", "x": 1}})
    {'lessons': {'01_tiles': {'drills': {}, 'schema': 2}}, 'prefs': {'lang': 'en'}}
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
            if 0 <= size <= MAX_LESSON_BYTES and (current := migrate(state)) is not None:
                lessons[key] = current
    prefs: dict[str, Any] = {}
    raw_prefs = value.get("prefs", {})
    if isinstance(raw_prefs, dict) and raw_prefs.get("lang") in LANGS:
        prefs["lang"] = raw_prefs["lang"]
    return {"lessons": lessons, "prefs": prefs}


class ProgressStore(PageWidget):
    """Saved lesson states and preferences. Display it once per page (it draws nothing)."""

    _page_writable = frozenset({"data", "loaded", "browser_languages", "tz_offset"})
    _esm = esm("progress.js")

    data = traitlets.Dict().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    ready = traitlets.Bool(False).tag(sync=True)
    """Set by the kernel once the saved progress is loaded and everything that waited for it
    has run (the page marks ``<body data-tg-progress="ready">``)."""
    schema = traitlets.Int(SCHEMA, read_only=True).tag(sync=True)
    browser_languages = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    """The browser's languages (``navigator.languages``), sent by the page before it loads the
    progress: the language of a first visit (:func:`tiangow.i18n.browser_language`)."""

    tz_offset = traitlets.Int(0).tag(sync=True)
    """The learner's offset from UTC in minutes (east positive), sent by the page: the calendar
    day of the practice streak."""

    @traitlets.validate("tz_offset")
    def _valid_tz_offset(self, proposal: dict[str, object]) -> int:
        value = proposal["value"]
        if not isinstance(value, int) or isinstance(value, bool) or not -900 <= value <= 900:
            raise traitlets.TraitError("tz_offset is minutes east of UTC, -900 to 900")
        return value

    @traitlets.validate("browser_languages")
    def _valid_browser_languages(self, proposal: dict[str, object]) -> list[str]:
        value = proposal["value"]
        if not isinstance(value, list):
            raise traitlets.TraitError("browser_languages is a list of language tags")
        return [v for v in value[:16] if isinstance(v, str) and len(v) <= 35]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(data={"lessons": {}, "prefs": {}}, **kwargs)
        self.layout.display = "none"
        self._on_load: list[Callable[[], None]] = []
        self._mergers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {}
        self._was_loaded = False
        self._written: dict[str, dict[str, Any]] = {}  # key -> what this page last asked to write
        self.observe(self._when_loaded, "loaded")
        self.on_msg(self._message)

    def on_stored(self, lesson_id: str, merge: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        """When another tab has saved ``lesson_id``, call ``merge`` with that state (migrated);
        it returns the state to keep, which is saved (it should be the join of the two)."""
        self._mergers[lesson_id] = merge

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the page: ``{"type": "stored", "lesson": id, "value": state}`` when
        another tab wrote that lesson. Untrusted: anything malformed is ignored (logged)."""
        if isinstance(content, dict) and content.get("type") == "resync":
            return  # PageWidget's
        if isinstance(content, dict) and content.get("type") == "ping":
            # The page's barrier (window.tiangowSettle): answered after everything before it.
            ping = content.get("id")
            if isinstance(ping, str) and len(ping) <= 64:
                with contextlib.suppress(Exception):
                    self.send({"type": "pong", "id": ping})
            return
        try:
            if not isinstance(content, dict) or content.get("type") != "stored":
                raise ProgressError(f"unknown message from the page: {str(content)[:80]}")
            lesson_id, value = content.get("lesson"), content.get("value")
            if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
                raise ProgressError(f"{lesson_id!r} is not a lesson id")
            kept = sanitize({"lessons": {lesson_id: value}})["lessons"].get(lesson_id)
            if kept is None:
                raise ProgressError(f"the stored value of lesson {lesson_id} is not one this version reads")
            merge = self._mergers.get(lesson_id)
            if merge is None:  # not this page's lesson: only the view (the index) follows it
                self._put(lesson_id, kept, write=False)
            else:
                self._put(lesson_id, merge(kept))
        except (ProgressError, TiangowError, traitlets.TraitError) as exc:
            log.warning("tiangow: ignored a stored value from the page: %s", exc)

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
            self.ready = True

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
        self._put(lesson_id, {**copy.deepcopy(state), "schema": SCHEMA})

    def _put(self, lesson_id: str, state: dict[str, Any], write: bool = True) -> None:
        """Keep ``state`` as lesson ``lesson_id`` (and ask the page to write it)."""
        lessons = dict(self.data.get("lessons", {}))
        lessons[lesson_id] = state
        self.data = {"lessons": lessons, "prefs": dict(self.data.get("prefs", {}))}
        if write:
            self._write("lesson:" + lesson_id, state)

    def _write(self, key: str, value: dict[str, Any]) -> None:
        """Ask the page to write ``value`` under ``tiangow:<key>``. Only what this page changed
        is written (the kernel's view of other lessons, migrated or not, never is)."""
        self._written[key] = value
        with contextlib.suppress(Exception):  # no page (plain Python, tests): nothing to write
            self.send({"type": "write", "key": key, "value": value})

    def resync(self) -> None:
        """The page may have missed write requests: ask again (the page writes a value it
        already holds as a no-op, and joins with another tab's first as always)."""
        for key, value in list(self._written.items()):
            self._write(key, value)

    def pref(self, name: str, default: object = None) -> object:
        return self.data.get("prefs", {}).get(name, default)

    def set_pref(self, name: str, value: object) -> None:
        prefs = dict(self.data.get("prefs", {}))
        prefs[name] = value
        self.data = {"lessons": dict(self.data.get("lessons", {})), "prefs": prefs}
        self._write("prefs", prefs)
