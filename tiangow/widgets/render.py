"""The table, drawn: pure functions from what one seat sees (a :class:`tiangow.DealView`) to HTML.

Every widget that shows a table uses these (the trick drills and the play-out board of
lesson 04, the table of lesson 08): four seats around the trick, the viewer at the bottom,
the next seat in turn to the right, the opposite seat at the top (play runs East → South →
West → North, counter-clockwise as the viewer sees it, R-S1). What a seat may not see is not
drawn: a view hides others' tiles and face-down discards; the full view
(:meth:`tiangow.Deal.full_view`) shows everything. The style is in ``table.css``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path

from ..deal import ActionKind, DealView, Trick
from ..i18n import Lang, T, Text, bracketed, listed, seat_name
from ..svg import tile_svg
from ..tiles import Tile
from .views import STYLE

__all__ = ["VERBS", "CSS", "tiles_html", "seat_html", "trick_html", "table_html", "history_html", "position"]

CSS = "<style>" + (Path(__file__).parent / "table.css").read_text(encoding="utf-8") + "</style>"

VERBS: dict[ActionKind, Text] = {"lead": T("先出", "leads"), "play": T("打", "plays"), "discard": T("墊", "discards")}
"""How an action is said, everywhere a table or a record of tricks shows it."""

_BANKER = T("莊", "banker")
_YOU = T("你", "you")
_LAST = T("（最後一墩）", " (the last trick)")


def position(seat: int, viewer: int) -> int:
    """Where ``seat`` sits as ``viewer`` sees the table: 0 bottom (the viewer), 1 right,
    2 top, 3 left."""
    return (seat - viewer) & 3


def tiles_html(tiles: Iterable[Tile | None], lang: Lang, width: float = 26) -> str:
    """Tiles in a row (``None``: face down)."""
    return "".join(tile_svg(t, width, lang) for t in tiles)


def seat_html(view: DealView, seat: int, lang: Lang, *, you: int | None, width: float = 26,
              hide_own: bool = False) -> str:
    """One seat: its name (banker, you), its stacks, and its tiles as ``view`` sees them
    (face down, smaller, when it may not see them). With ``hide_own``, ``you``'s tiles are
    left out (a widget shows them to pick from) and listed in ``data-hand`` instead."""
    tags = [t(lang) for t, on in ((_BANKER, seat == view.banker), (_YOU, seat == you)) if on]
    tag = bracketed(listed(tags, lang), lang) if tags else ""
    n = view.stacks[seat]
    stacks = T(f"{n} 棟", f"{n} stack{'s' if n != 1 else ''}")(lang)
    held = view.hands[seat]
    hand = ""
    if hide_own and seat == you:
        tiles = ""
        hand = f' data-hand="{" ".join(t.notation for t in held or ())}"'
    elif held is not None:
        tiles = tiles_html(held, lang, width)
    else:
        tiles = tiles_html((None,) * view.hand_sizes[seat], lang, width / 2)
    acting = " tg-acting" if seat == view.to_play else ""
    return (f'<div class="tg-seat{acting}" data-seat="{seat}" data-stacks="{n}"{hand}>'
            f'<div class="tg-seat-name"><b>{html.escape(seat_name(seat, lang))}</b>{html.escape(tag)}</div>'
            f'<div class="tg-muted">{html.escape(stacks)}</div><div class="tg-seat-tiles">{tiles}</div></div>')


def trick_html(trick: Trick, viewer: int, lang: Lang, *, width: float = 26, caption: Text | None = None,
               extra_class: str = "") -> str:
    """A trick laid out as the table sits: each action where its seat is, with who did what;
    discards face down (as far as ``trick`` shows them), the play standing to win outlined."""
    best = trick.best_seat
    acts = []
    for a in trick.actions:
        shown: tuple[Tile | None, ...] = a.tiles if (a.kind != "discard" and a.tiles) else (None,) * a.size
        outline = " tg-best" if a.seat == best and a.kind != "discard" else ""
        acts.append(f'<div class="tg-act tg-pos-{position(a.seat, viewer)}{outline}" data-seat="{a.seat}" '
                    f'data-kind="{a.kind}"><div>{html.escape(seat_name(a.seat, lang))} '
                    f'{html.escape(VERBS[a.kind](lang))}</div><div class="tg-act-tiles">{tiles_html(shown, lang, width)}'
                    "</div></div>")
    head = caption(lang) if caption is not None else ""
    if trick.is_last:
        head += _LAST(lang)
    return (f'<div class="tg-trick{" " + extra_class if extra_class else ""}" data-trick="{trick.number}" '
            f'data-last="{str(trick.is_last).lower()}"><div class="tg-trick-caption">{html.escape(head)}</div>'
            f'<div class="tg-trick-grid">{"".join(acts)}</div></div>')


def _won_by(trick: Trick) -> Text:
    who = trick.winner or 0
    return T(f"第 {trick.number} 墩：{seat_name(who, 'zh-Hant')}贏", f"Trick {trick.number}: won by {seat_name(who)}")


def table_html(view: DealView, lang: Lang, *, you: int | None = None, width: float = 26, previous: bool = False,
               seat_width: float | None = None, hide_own: bool = False) -> str:
    """The whole table as ``view`` sees it, from ``you``'s seat (default: the view's seat,
    or the banker in the full view): the seats around the trick in progress, or, between
    tricks, the trick just won; with ``previous``, also the trick before (in a corner);
    with ``hide_own``, without ``you``'s tiles (shown elsewhere to pick from)."""
    me = you if you is not None else (view.seat if view.seat is not None else view.banker)
    done = view.tricks
    cur = view.current
    if cur is not None and cur.actions:
        middle = trick_html(cur, me, lang, width=width, caption=T(f"第 {cur.number} 墩", f"Trick {cur.number}"))
    elif done:
        middle = trick_html(done[-1], me, lang, width=width, caption=_won_by(done[-1]))
    else:
        middle = ('<div class="tg-trick tg-muted" data-trick="0" data-last="false">'
                  + html.escape(T(f"{seat_name(view.banker, 'zh-Hant')}（莊家）先出（R-P1）。",
                                  f"{seat_name(view.banker)}, the banker, leads first (R-P1).")(lang)) + "</div>")
    corner = ""
    if previous and cur is not None and cur.actions and done:
        corner = ('<div class="tg-at-corner tg-prev-trick">'
                  + trick_html(done[-1], me, lang, width=width / 2, caption=T("上一墩：", "Previous: ") + T(
                      f"{seat_name(done[-1].winner or 0, 'zh-Hant')}贏", f"won by {seat_name(done[-1].winner or 0)}"))
                  + "</div>")
    sw = width if seat_width is None else seat_width
    places = ("bottom", "right", "top", "left")
    seats = "".join(f'<div class="tg-at-{places[position(s, me)]}">{seat_html(view, s, lang, you=you, width=sw, hide_own=hide_own)}</div>'
                    for s in range(4))
    return STYLE + CSS + f'<div class="tg-table">{seats}<div class="tg-at-middle">{middle}</div>{corner}</div>'


def history_html(view: DealView, lang: Lang, *, width: float = 14) -> str:
    """Every finished trick in a row each: who did what (discards as ``view`` sees them) and
    who took how many stacks."""
    rows = []
    for tr in view.tricks:
        acts = []
        for a in tr.actions:
            tiles: tuple[Tile | None, ...] = a.tiles if a.tiles is not None else (None,) * a.size
            acts.append(f'<span class="tg-hact" data-kind="{a.kind}">{html.escape(seat_name(a.seat, lang))} '
                        f"{html.escape(VERBS[a.kind](lang))} {tiles_html(tiles, lang, width)}</span>")
        win = T(f"→ {seat_name(tr.winner or 0, 'zh-Hant')}贏 {tr.size} 棟", f"→ {seat_name(tr.winner or 0)} takes {tr.size}")
        rows.append(f'<div class="tg-history-row" data-trick="{tr.number}"><b>{tr.number}</b>'
                    f'{"".join(acts)}<span>{html.escape(win(lang))}</span></div>')
    return CSS + "".join(rows)
