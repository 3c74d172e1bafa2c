"""The base of tiangow's widgets that draw themselves with a module of their own (anywidget)."""

from __future__ import annotations

import contextlib
import uuid
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .safe import SafeState, log

__all__ = ["PageWidget", "esm"]

_HERE = Path(__file__).parent


def esm(name: str) -> str:
    """The page module of a widget: ``listen.js`` (see :class:`PageWidget`), then ``name``."""
    return (_HERE / "listen.js").read_text(encoding="utf-8") + "\n" + (_HERE / name).read_text(encoding="utf-8")


class PageWidget(SafeState, anywidget.AnyWidget):
    """An anywidget that keeps hearing the kernel however slowly the page starts.

    anywidget 0.11 drops every message from the kernel to a widget whose module took the page
    more than 2 s to load; a busy or slow browser takes longer, and the widget then never
    changes again. The page part (``listen.js``) reconnects the widget's messages once its
    module runs and sends ``{"type": "resync"}``; the kernel answers with the widget's whole
    state and calls :meth:`resync` so a subclass can send again what only messages carry.
    ``_tg_model`` tells the page which model is this one.
    """

    _tg_model = traitlets.Unicode("").tag(sync=True)
    resyncs: int = 0

    def __init__(self, **kwargs: Any) -> None:
        model_id = kwargs.pop("model_id", None) or uuid.uuid4().hex
        super().__init__(model_id=model_id, _tg_model=model_id, **kwargs)
        self.on_msg(self._resync_message)

    def _resync_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not (isinstance(content, dict) and content.get("type") == "resync"):
            return
        self.resyncs += 1
        with contextlib.suppress(Exception):  # no comm: never displayed
            self.send_state()
        try:
            self.resync()
        except Exception:  # a page's request never crashes the kernel
            log.exception("resync of %s failed", type(self).__name__)

    def resync(self) -> None:
        """Send again what the page may have missed besides the state (nothing here)."""
