"""SVG drawings of tiles, rows of tiles, tricks and deals (RULES §1's drawing notes).

A tile is a tall black rectangle (1 : 2.5) with no bar between its halves; the lower face
is on top (紅頭十 has its red 4 at the head). Pips follow Chinese dice (R-T2): every 1 and
4 is red, on 6-6 each half has a red and a white column; the single 1 is larger; a 2 is
two pips side by side across the far end; a 3 is a diagonal, except on 3-3, whose six pips
are a horizontal pair at each end and a vertical pair across the middle (Celko's
description); a 6 is two columns of three.

Every tile's ``<svg>`` carries ``data-tile="<low>-<high>"`` (``"back"`` face down) and a
``<title>`` with its name, for screen readers and for tests.

>>> from tiangow import Tile
>>> s = tile_svg(Tile("66"))
>>> s.startswith("<svg") and 'data-tile="6-6"' in s and "<title>天 6-6</title>" in s
True
>>> 'data-tile="back"' in tile_svg(None)
True
"""

from __future__ import annotations

import contextlib
import functools
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Final

from .i18n import Lang, pick, seat_name
from .tiles import Tile

if TYPE_CHECKING:
    from .deal import DealView, Trick

__all__ = ["tile_svg", "tile_element", "row_svg", "trick_svg", "deal_svg", "die_svg", "TILE_W", "TILE_H",
           "faces_svg", "by_reference", "referencing"]

TILE_W: Final = 40
TILE_H: Final = 100
FACE: Final = "#1d1c1a"
EDGE: Final = "#5b5750"
WHITE: Final = "#f4f1e8"
RED: Final = "#d7263d"
BACK: Final = "#b8894a"
BACK_EDGE: Final = "#7a5a2e"
SELECT: Final = "#f2b705"
R: Final = 4.4
BIG_R: Final = 7.5

# Pip positions of each face in a half, as (across 0–1, from the far end 0–1).
_FACES: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),),
    2: ((0.2, 0.12), (0.8, 0.12)),
    3: ((0.15, 0.1), (0.5, 0.5), (0.85, 0.9)),
    4: ((0.2, 0.18), (0.8, 0.18), (0.2, 0.82), (0.8, 0.82)),
    5: ((0.15, 0.1), (0.85, 0.1), (0.5, 0.5), (0.15, 0.9), (0.85, 0.9)),
    6: ((0.2, 0.08), (0.2, 0.5), (0.2, 0.92), (0.8, 0.08), (0.8, 0.5), (0.8, 0.92)),
}
_X0, _X1 = 8.0, 32.0  # pip centres across
_TOP = (8.0, 42.0)  # top half: far end (top) to near end
_BOTTOM = (92.0, 58.0)  # bottom half: far end (bottom) to near end
# 長三 (3-3): a horizontal pair at each end, a vertical pair across the middle.
_LONG_THREE: Final = ((13.0, 12.0), (27.0, 12.0), (20.0, 38.0), (20.0, 62.0), (13.0, 88.0), (27.0, 88.0))


def _pips(tile: Tile) -> list[tuple[float, float, float, str]]:
    """(x, y, r, colour) of every pip of ``tile`` in a 40 × 100 box."""
    out: list[tuple[float, float, float, str]] = []
    if tile.pips == (3, 3):
        return [(x, y, R, WHITE) for x, y in _LONG_THREE]
    for face, (far, near) in zip(tile.pips, (_TOP, _BOTTOM), strict=True):
        for u, v in _FACES[face]:
            x = _X0 + u * (_X1 - _X0)
            y = far + v * (near - far)
            if face == 1:
                out.append((x, y, BIG_R, RED))
            elif face == 4:
                out.append((x, y, R, RED))
            elif face == 6 and tile.pips == (6, 6):
                out.append((x, y, R, RED if u < 0.5 else WHITE))  # R-T2: half red on 天
            else:
                out.append((x, y, R, WHITE))
    return out


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def tile_element(
    tile: Tile | None,
    x: float = 0,
    y: float = 0,
    width: float = TILE_W,
    lang: Lang = "zh-Hant",
    selected: bool = False,
    named: bool = True,
) -> ET.Element:
    """An ``<svg>`` element for one tile (``None``: face down), placed at (x, y). Its title and
    ``aria-label`` name the tile; with ``named=False`` they give only the pips (for a quiz whose
    question is the name)."""
    height = width * TILE_H / TILE_W
    el = ET.Element("svg", {
        "x": _fmt(x), "y": _fmt(y), "width": _fmt(width), "height": _fmt(height),
        "viewBox": f"0 0 {TILE_W} {TILE_H}", "role": "img",
        "data-tile": "back" if tile is None else tile.notation,
        "class": "tg-tile" + (" tg-selected" if selected else ""),
    })
    if tile is None:
        name = pick(lang, "蓋着的牌", "face-down tile")
    elif named:
        name = tile.label(lang, pips=True)
    else:
        name = pick(lang, f"骨牌 {tile.notation}", f"tile {tile.notation}")
    el.set("aria-label", name)
    ET.SubElement(el, "title").text = name
    if tile is None:
        ET.SubElement(el, "rect", {"x": "1", "y": "1", "width": "38", "height": "98", "rx": "5",
                                   "fill": BACK, "stroke": BACK_EDGE, "stroke-width": "2"})
        ET.SubElement(el, "rect", {"x": "7", "y": "7", "width": "26", "height": "86", "rx": "3",
                                   "fill": "none", "stroke": BACK_EDGE, "stroke-width": "1.2",
                                   "stroke-dasharray": "3 2"})
        return el
    ET.SubElement(el, "rect", {
        "x": "1", "y": "1", "width": "38", "height": "98", "rx": "5", "fill": FACE,
        "stroke": SELECT if selected else EDGE, "stroke-width": "3" if selected else "1.5",
    })
    for px, py, r, colour in _pips(tile):
        ET.SubElement(el, "circle", {"cx": _fmt(px), "cy": _fmt(py), "r": _fmt(r), "fill": colour})
    return el


def _svg_root(width: float, height: float, label: str) -> ET.Element:
    root = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "width": _fmt(width), "height": _fmt(height),
        "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}", "role": "img", "aria-label": label,
    })
    return root


def _text(parent: ET.Element, x: float, y: float, text: str, size: float = 11, anchor: str = "middle",
          weight: str = "normal", fill: str = "#333") -> None:
    t = ET.SubElement(parent, "text", {
        "x": _fmt(x), "y": _fmt(y), "font-size": _fmt(size), "text-anchor": anchor,
        "font-family": "'Noto Sans CJK TC','Noto Sans CJK SC','PingFang TC','Microsoft JhengHei',sans-serif",
        "font-weight": weight, "fill": fill,
    })
    t.text = text


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _render(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")


_BY_REFERENCE: ContextVar[bool] = ContextVar("tiangow_tiles_by_reference", default=False)


@contextlib.contextmanager
def by_reference() -> Iterator[None]:
    """Within it, :func:`tile_svg` draws each tile as a reference to its face in
    :func:`faces_svg` (``<use href="#tg-face-6-6">``), which a page holds once: the same tile,
    a tenth of the bytes (a shared table's pages are sent the table after every move).

    >>> with by_reference():
    ...     s = tile_svg(Tile("66"), lang="en")
    >>> '<use href="#tg-face-6-6"' in s and 'data-tile="6-6"' in s and "<circle" not in s
    True
    """
    token = _BY_REFERENCE.set(True)
    try:
        yield
    finally:
        _BY_REFERENCE.reset(token)


def referencing() -> bool:
    """Whether tiles are drawn :func:`by_reference` here (a cache of drawings keys on it)."""
    return _BY_REFERENCE.get()


def _face_id(tile: Tile | None) -> str:
    return "tg-face-back" if tile is None else f"tg-face-{tile.notation}"


def faces_svg() -> str:
    """Every face (the 21 pairs of pips and the back) as an ``<symbol>`` of one hidden SVG, drawn
    by :func:`tile_element`: what the tiles drawn :func:`by_reference` show."""
    from .tiles import KINDS

    seen: dict[str, Tile | None] = {_face_id(None): None}
    for t in KINDS:
        seen.setdefault(_face_id(t), t)
    symbols = []
    for face_id, tile in seen.items():
        el = tile_element(tile)
        inner = "".join(_render(child) for child in el if child.tag != "title")
        symbols.append(f'<symbol id="{face_id}" viewBox="0 0 {TILE_W} {TILE_H}">{inner}</symbol>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" '
            f'aria-hidden="true">{"".join(symbols)}</svg>')


def tile_svg(tile: Tile | None, width: float = TILE_W, lang: Lang = "zh-Hant", selected: bool = False,
             named: bool = True) -> str:
    """A standalone SVG document of one tile (``None``: face down); ``named=False`` leaves the
    name out of its title. Within :func:`by_reference`, a reference to its face.

    >>> "<title>tile 3-6</title>" in tile_svg(Tile("36"), lang="en", named=False)
    True
    """
    if _BY_REFERENCE.get():
        return _reference(tile, width, lang, selected, named)
    el = tile_element(tile, 0, 0, width, lang, selected, named)
    el.set("xmlns", "http://www.w3.org/2000/svg")
    for key in ("x", "y"):
        del el.attrib[key]
    return _render(el)


@functools.lru_cache(maxsize=4096)
def _reference(tile: Tile | None, width: float, lang: Lang, selected: bool, named: bool) -> str:
    """One tile drawn as a reference to its face (the same arguments, the same string: kept)."""
    name = pick(lang, "蓋着的牌", "face-down tile") if tile is None else (
        tile.label(lang, pips=True) if named else pick(lang, f"骨牌 {tile.notation}", f"tile {tile.notation}"))
    cls = "tg-tile" + (" tg-selected" if selected else "")
    height = width * TILE_H / TILE_W
    # a face-down tile says nothing a screen reader needs tile by tile (its seat says how many)
    label = 'aria-hidden="true"' if tile is None else f'role="img" aria-label="{_attr(name)}"'
    return (f'<svg width="{_fmt(width)}" height="{_fmt(height)}" viewBox="0 0 {TILE_W} {TILE_H}" {label} '
            f'data-tile="{"back" if tile is None else tile.notation}" class="{cls}">'
            f'<use href="#{_face_id(tile)}"/></svg>')


def row_svg(
    tiles: Sequence[Tile | None],
    caption: str | None = None,
    lang: Lang = "zh-Hant",
    width: float = TILE_W,
    names: bool = False,
    gap: float = 6,
) -> str:
    """Tiles side by side, with an optional caption above and names below.

    >>> from tiangow import parse_tiles
    >>> s = row_svg(parse_tiles("66 36"), caption="天九")
    >>> s.count('data-tile="'), "天九" in s
    (2, True)
    """
    height = width * TILE_H / TILE_W
    top = 20.0 if caption else 2.0
    bottom = 18.0 if names else 2.0
    total_w = max(len(tiles) * (width + gap) - gap, width) + 4
    label = caption or " ".join("?" if t is None else t.label(lang, pips=True) for t in tiles)
    root = _svg_root(total_w, top + height + bottom, label)
    if caption:
        _text(root, 2, 14, caption, 13, "start", "bold")
    for i, t in enumerate(tiles):
        x = 2 + i * (width + gap)
        root.append(tile_element(t, x, top, width, lang))
        if names:
            _text(root, x + width / 2, top + height + 13, "" if t is None else t.caption(lang), 10)
    return _render(root)


def trick_svg(trick: Trick, viewer: int = 0, lang: Lang = "zh-Hant", width: float = 30) -> str:
    """A trick on the table: the viewer's play at the bottom, the next seat in turn order to
    the right, the opposite seat at the top, the last to the left (play goes
    counter-clockwise, R-S1). Discards are drawn face down; the winning play is outlined."""
    tile_h = width * TILE_H / TILE_W
    span = 4 * (width + 4)
    w = span * 2 + 80
    h = tile_h * 2 + 140
    root = _svg_root(w, h, pick(lang, f"第{trick.number}墩", f"trick {trick.number}"))
    centres = {0: (w / 2, h - tile_h / 2 - 24), 1: (w - span / 2 - 6, h / 2),
               2: (w / 2, tile_h / 2 + 24), 3: (span / 2 + 6, h / 2)}
    best_seat = trick.best_seat
    for a in trick.actions:
        pos = (a.seat - viewer) % 4
        cx, cy = centres[pos]
        shown: list[Tile | None] = list(a.tiles) if (a.kind != "discard" and a.tiles) else [None] * a.size
        row_w = len(shown) * (width + 4) - 4
        x0 = cx - row_w / 2
        y0 = cy - tile_h / 2
        if a.seat == best_seat and a.kind != "discard":
            ET.SubElement(root, "rect", {"x": _fmt(x0 - 4), "y": _fmt(y0 - 4), "width": _fmt(row_w + 8),
                                         "height": _fmt(tile_h + 8), "rx": "6", "fill": "none",
                                         "stroke": SELECT, "stroke-width": "3"})
        for i, t in enumerate(shown):
            root.append(tile_element(t, x0 + i * (width + 4), y0, width, lang))
        label = seat_name(a.seat, lang)
        if a.kind == "discard":
            label += pick(lang, "（墊）", " (discard)")
        _text(root, cx, y0 - 8 if pos != 2 else y0 + tile_h + 16, label, 12)
    return _render(root)


def deal_svg(view: DealView, lang: Lang = "zh-Hant", width: float = 28) -> str:
    """Every seat's tiles in a row (hidden holdings face down) with its stacks."""
    tile_h = width * TILE_H / TILE_W
    rows = 4
    w = 8 * (width + 4) + 180
    h = rows * (tile_h + 26) + 10
    root = _svg_root(w, h, pick(lang, "牌局", "the deal"))
    for seat in range(4):
        y = 8 + seat * (tile_h + 26)
        hand = view.hands[seat]
        tiles: list[Tile | None] = list(hand) if hand is not None else [None] * view.hand_sizes[seat]
        name = seat_name(seat, lang) + (pick(lang, "（莊）", " (banker)") if seat == view.banker else "")
        _text(root, 4, y + 14, name, 13, "start", "bold")
        _text(root, 4, y + 32, pick(lang, f"{view.stacks[seat]} 棟", f"{view.stacks[seat]} stacks"), 11, "start")
        for i, t in enumerate(tiles):
            root.append(tile_element(t, 120 + i * (width + 4), y, width, lang))
    return _render(root)


_DIE: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),), 2: ((0.5, 0.25), (0.5, 0.75)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def die_svg(face: int, size: float = 34) -> str:
    """A die face as Chinese dice show it: the 1 and the 4 red (R-T2), the 1 large.

    >>> 'data-die="4"' in die_svg(4)
    True
    """
    if face not in _DIE:
        raise ValueError(f"a die shows 1 to 6, not {face!r}")
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": _fmt(size), "height": _fmt(size),
                              "viewBox": "0 0 40 40", "role": "img", "data-die": str(face),
                              "aria-label": str(face)})
    ET.SubElement(root, "title").text = str(face)
    ET.SubElement(root, "rect", {"x": "1", "y": "1", "width": "38", "height": "38", "rx": "7", "fill": "#fbf8f0",
                                 "stroke": "#8a8275", "stroke-width": "1.5"})
    colour = RED if face in (1, 4) else "#222"
    r = 7.5 if face == 1 else 3.6
    for u, v in _DIE[face]:
        ET.SubElement(root, "circle", {"cx": _fmt(4 + u * 32), "cy": _fmt(4 + v * 32), "r": _fmt(r), "fill": colour})
    return _render(root)
