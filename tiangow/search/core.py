"""Which build of the search's compiled core runs here, and the switches on it.

CPython's extension where ``pip install`` built it; else the same source as WebAssembly — on
``wasmtime`` in CPython, on the browser's own engine in Pyodide (:mod:`tiangow.wasmcore`).
``TIANGOW_CORE`` chooses one. :func:`using_core` swaps the core in use (to hold one build to
another); every other module of :mod:`tiangow.search` reads :data:`_ddcore` here at each call.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

from .. import coreabi
from ..errors import DealError
from ..policy import POLICY

CORES: Final = ("native", "wasm")
"""The cores ``TIANGOW_CORE`` may name: CPython's extension, or the WebAssembly module on
``wasmtime``."""


class SearchUnavailable(DealError):
    """No build of the search's core could run here (the message says why)."""


def _wanted() -> str:
    """The core asked for: ``TIANGOW_CORE`` (``native`` or ``wasm``), or ``""`` for the first
    that runs here (native, then wasm)."""
    wanted = os.environ.get("TIANGOW_CORE", "").strip().lower()
    if wanted not in ("", *CORES):
        raise ImportError(f"TIANGOW_CORE={wanted!r}: choose one of {', '.join(CORES)}")
    return wanted


def _load_core() -> tuple[Any, str]:
    """The search's core (tiangow/core/) and how it runs: CPython's extension where ``pip
    install`` built it; else the same source as WebAssembly — on ``wasmtime`` in CPython, on the
    browser's own engine in Pyodide (:mod:`tiangow.wasmcore`). ``TIANGOW_CORE`` chooses one; a
    core asked for that cannot run here is an ImportError that says why. Where none runs:
    ``(None, why)``, and every search raises :class:`SearchUnavailable` with that reason."""
    wanted = _wanted()
    from .. import wasmcore

    if sys.platform == "emscripten":
        try:
            return wasmcore.load(wasmcore.pyodide_runtime()), "WebAssembly in the browser"
        except Exception as e:  # the browser refused the module
            return None, f"the browser could not run the search's WebAssembly module ({e})"
    stale = ""
    if wanted in ("", "native"):
        try:
            from .. import ddcore
        except ImportError as e:  # pragma: no cover - depends on the build
            if wanted == "native":
                raise ImportError(f"TIANGOW_CORE=native: the extension was not built here ({e})") from e
        else:
            if getattr(ddcore, "ABI", None) == coreabi.ABI:
                return ddcore, "native"
            stale = (f"the search's extension was built for layout version {getattr(ddcore, 'ABI', 0)}, the "
                     f"package sends version {coreabi.ABI}: pip install -e . builds it again")
            if wanted == "native":
                raise ImportError(stale)
            warnings.warn(stale + "; the WebAssembly core runs meanwhile", stacklevel=2)
    try:
        import wasmtime  # noqa: F401
    except ImportError as e:  # pragma: no cover - wasmtime is a dependency
        if wanted == "wasm":
            raise ImportError("TIANGOW_CORE=wasm needs wasmtime (pip install wasmtime)") from e
        return None, "no search core: the extension was not built and wasmtime is missing (pip install wasmtime)"
    try:
        return wasmcore.load(wasmcore.wasmtime_runtime(), POLICY.wasmtime_share), "wasm"
    except (wasmcore.StaleCore, OSError) as e:
        if wanted == "wasm":
            raise ImportError(str(e)) from e
        warnings.warn(str(e), stacklevel=2)
        return None, f"no search core: {e}"


_loaded = _load_core()
_ddcore: Any = _loaded[0]
CORE_BUILD: Final[str] = _loaded[1] if _ddcore is not None else "none"
"""How the search runs here: ``"native"`` (CPython's extension), ``"wasm"`` (the WebAssembly
module on ``wasmtime``), ``"WebAssembly in the browser"`` (Pyodide), or ``"none"``."""
_WHY_NONE: Final[str] = "" if _ddcore is not None else _loaded[1]


@contextmanager
def using_core(core: Any) -> Iterator[None]:
    """Inside the block every search runs on ``core``: an object with the compiled core's
    interface (``Context``, ``set_table_bits``, ``set_floor``, ``table_info``), such as the
    WebAssembly build of tiangow/core/ (:func:`tiangow.wasmcore.load`) — for holding one
    build to another's values."""
    global _ddcore  # noqa: PLW0603 - the one switch every search reads
    was = _ddcore
    _ddcore = core
    try:
        yield
    finally:
        _ddcore = was


@contextmanager
def _core_switch(setter: str, value: object) -> Iterator[None]:
    """Inside the block the core in use has one of its switches (``set_floor``,
    ``set_relaxed_from``) set to ``value``; afterwards it is set back to what it was."""
    was = getattr(_ddcore, setter)(value) if _ddcore is not None else None
    try:
        yield
    finally:
        if _ddcore is not None and was is not None:
            getattr(_ddcore, setter)(was)


@contextmanager
def without_floor() -> Iterator[None]:
    """Inside the block the searches do not cut where the core's floor of a seat's net reaches
    the window (same values, more positions: to measure what the floor saves)."""
    with _core_switch("set_floor", False):
        yield


@contextmanager
def relaxed_from(tiles: int) -> Iterator[None]:
    """Inside the block the searches ask the relaxed game (the other three putting off their
    discards: a bound, docs/search.md) from ``tiles`` tiles a hand instead of
    ``coreabi.TUNING["RELAXED_FROM"]`` (the tests hold it to the reference on small endings;
    9: never). Same values."""
    with _core_switch("set_relaxed_from", tiles):
        yield


def core_in_use() -> str:
    """Which search runs now: ``"compiled"`` (a build of the core: :data:`CORE_BUILD`), or
    ``"none"`` where no core could run (or inside ``using_core(None)``)."""
    return "compiled" if _ddcore is not None else "none"


def core_budget_share() -> float:
    """The share of a budget of positions, set for CPython's extension, that the compiled core
    in use gets through in about the same time: 1, or less for the WebAssembly build in the
    browser (:attr:`tiangow.wasmcore.Core.BUDGET_SHARE`, with the rest of the coach's work in
    the browser's slower Python)."""
    return float(getattr(_ddcore, "BUDGET_SHARE", 1.0)) if _ddcore is not None else 1.0


CORE: Final = "compiled" if _ddcore is not None else "none"
"""Whether the search runs here: ``"compiled"`` (tiangow/core/: the extension ``pip
install`` built, or the same source as WebAssembly; :data:`CORE_BUILD` says which), or
``"none"``. Every build gives the same values (tests/test_search_wasm.py), held to the small
Python reference in ``tests/reference`` (tests/test_search_reference.py)."""
