"""A clickable holding: the learner selects tiles; the selection is validated in Python."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import traitlets

from ..errors import TileError
from ..i18n import Lang
from ..move import Move
from ..svg import TILE_W, tile_svg
from ..tiles import Tile
from .pagewidget import PageWidget, esm
from .text import current_lang, on_language

__all__ = ["HoldingPicker"]

_HERE = Path(__file__).parent


class HoldingPicker(PageWidget):
    """Tiles the learner clicks to select (up to ``max_select``; with 1, a click replaces).

    The page sends indices into :attr:`tiles`; anything else (not a list of distinct
    integers in range, or too many) is refused and the page is told the kernel's selection.
    """

    _page_writable = frozenset({"selected"})
    _esm = esm("picker.js")
    _css = (_HERE / "picker.css").read_text(encoding="utf-8")

    svgs = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    marks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    max_select = traitlets.Int(8).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    ordered = traitlets.Bool(False).tag(sync=True)
    """Show the order in which tiles were selected (for "put these in order" questions)."""

    def __init__(self, tiles: Sequence[Tile | None] = (), max_select: int = 8, names: bool = True,
                 width: float = TILE_W, **kwargs: object) -> None:
        super().__init__(max_select=max_select, **kwargs)
        self.names = names
        self.width = width
        self.tiles: tuple[Tile | None, ...] = ()
        self.set_tiles(tiles)
        on_language(self._relabel)
        self.on_msg(self._page_select)

    def _page_select(self, _widget: object, content: object, _buffers: object) -> None:
        """The page's selection, sent as ``{"type": "select", "selected": [...]}`` (see
        picker.js): taken as a sync of ``selected`` from the page would be (not sent back),
        refused like one if it is not a valid selection."""
        if not (isinstance(content, dict) and content.get("type") == "select"):
            return
        value = content.get("selected")
        try:
            with self._lock_property(selected=value):
                self.selected = value  # type: ignore[assignment]
        except (traitlets.TraitError, TypeError, ValueError) as exc:
            self._refuse(str(exc))

    @traitlets.validate("selected")
    def _valid_selection(self, proposal: dict[str, object]) -> list[int]:
        value = proposal["value"]
        if not isinstance(value, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in value):
            raise traitlets.TraitError(f"a selection is a list of tile positions, not {value!r}")
        if len(set(value)) != len(value):
            raise traitlets.TraitError(f"a tile can be selected once, not {value!r}")
        if any(not 0 <= i < len(self.tiles) for i in value):
            raise traitlets.TraitError(f"no tile at {value!r}: the holding has {len(self.tiles)} tiles")
        if len(value) > self.max_select:
            raise traitlets.TraitError(f"at most {self.max_select} tiles may be selected")
        return value

    def set_tiles(self, tiles: Sequence[Tile | None], marks: Sequence[str] | None = None) -> None:
        """Show ``tiles`` (``None`` face down), clearing the selection."""
        for t in tiles:
            if t is not None and type(t) is not Tile:
                raise TileError(f"a picker shows tiles, not {type(t).__name__}")
        self.selected = []
        self.tiles = tuple(tiles)
        self.marks = list(marks) if marks else [""] * len(self.tiles)
        self._relabel(current_lang())

    def mark(self, marks: Sequence[str]) -> None:
        """Colour tiles as ``"right"``, ``"wrong"`` or ``""`` (feedback after an answer)."""
        if len(marks) != len(self.tiles) or any(m not in ("", "right", "wrong") for m in marks):
            raise TileError("marks are one of '', 'right', 'wrong' per tile")
        self.marks = list(marks)

    def select(self, indices: Sequence[int]) -> None:
        """Select tiles by position from Python (raises :class:`TileError` if invalid)."""
        try:
            self.selected = list(indices)
        except traitlets.TraitError as exc:
            raise TileError(str(exc)) from None

    @property
    def selected_tiles(self) -> tuple[Tile | None, ...]:
        return tuple(self.tiles[i] for i in sorted(self.selected))

    def selected_move(self, discard: bool = False) -> Move | None:
        """The selected tiles as a move to play (or, with ``discard``, to discard); ``None``
        when no tile (or more than a move's four) is selected."""
        tiles = tuple(t for t in self.selected_tiles if t is not None)
        if not 1 <= len(tiles) <= 4:
            return None
        return Move(tiles, discard)

    def _relabel(self, lang: Lang) -> None:
        self.svgs = [tile_svg(t, self.width, lang, named=self.names) for t in self.tiles]
        self.labels = [t.caption(lang) if (t is not None and self.names) else "" for t in self.tiles]
