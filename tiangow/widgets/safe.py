"""Widget values from the page are untrusted input: refuse bad ones, keep the kernel alive."""

from __future__ import annotations

import contextlib
import logging
from typing import Any, ClassVar

import traitlets

log = logging.getLogger("tiangow.widgets")


class SafeState:
    """Mixin for ipywidgets: the page may only set the traits in ``_page_writable`` (``None``:
    any), and an update that fails validation is refused — the widget keeps its state and
    the page is sent the kernel's state again. Nothing from the page raises in the kernel."""

    _page_writable: ClassVar[frozenset[str] | None] = None
    refused: int = 0

    def set_state(self, sync_data: dict[str, Any]) -> None:
        allowed = self._page_writable
        if not isinstance(sync_data, dict):
            self._refuse(f"an update is an object, not {type(sync_data).__name__}")
            return
        if allowed is not None:
            extra = sorted(k for k in sync_data if k not in allowed)
            if extra:
                self._refuse(f"the page may not set {', '.join(extra)}")
                sync_data = {k: v for k, v in sync_data.items() if k in allowed}
                if not sync_data:
                    return
        try:
            super().set_state(sync_data)  # type: ignore[misc]
        except (traitlets.TraitError, ValueError, TypeError, KeyError, IndexError) as exc:
            self._refuse(str(exc))

    def _refuse(self, why: str) -> None:
        self.refused += 1
        log.warning("refused a bad value from the page for %s: %s", type(self).__name__, why)
        with contextlib.suppress(Exception):  # no comm yet: the widget was never displayed
            self.send_state()  # type: ignore[attr-defined]
