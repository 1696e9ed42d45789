"""Runewars pictures and texts, each a pure function of a view and the data pack.

Public API (docs/renderer.md): :func:`render_map`, :func:`render_board`, :func:`render_png`,
:func:`render_split_png`, :func:`render_battle`, :func:`render_setup_preview`,
:func:`alt_text`, :func:`text_board`, :func:`bench`. None of them takes a game state: what
the view does not hold, a picture cannot show. All are thread-safe (the bot may render in
worker threads); the static base of a map is drawn once per layout and cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.runewars.data.model import Pack
from renderer.encode import png_bytes
from renderer.palette import PALETTES
from renderer.palette import palette as get_palette
from renderer.runewars.battle import render_battle as _render_battle
from renderer.runewars.bench import bench
from renderer.runewars.describe import alt_text, text_board
from renderer.runewars.panel import PANEL_WIDTH
from renderer.runewars.picture import View, compose, gallery, map_with_boxes, render_board, render_board_pages, render_map
from renderer.runewars.setup_preview import render_setup_preview as _render_setup_preview

__all__ = [
    "PALETTES",
    "alt_text",
    "bench",
    "compose",
    "gallery",
    "render_gallery_png",
    "map_with_boxes",
    "render_battle",
    "render_board",
    "render_board_pages",
    "render_map",
    "render_png",
    "render_setup_preview",
    "render_split_png",
    "text_board",
]


def render_png(view: View, pack: Pack, *, seat: int | None = None, **options) -> bytes:
    """Map and panel in one PNG (IHDR/IDAT/IEND only: no metadata).

    ``options``: ``palette``, ``crop``, ``only_seat``, ``highlight`` as for :func:`render_map`;
    ``tr``: the viewer's language (renderer.words; None: English).
    """
    return png_bytes(compose(view, pack, seat=seat, **options))


def render_gallery_png(view: View, pack: Pack, **options: Any) -> list[tuple[str, bytes]]:
    """Map and panel as several PNGs, each at most 1,200 px tall (:func:`gallery`, whose
    ``options``: ``seat``, ``palette``, ``crop``, ``layout``, ``highlight``, ``tr``):
    ``layout="phone"`` cuts the whole map into parts whose labels a phone shows at least
    10 px high; ``"wide"`` keeps the map whole. ``(what, png)`` per picture."""
    return [(what, png_bytes(image)) for what, image in gallery(view, pack, **options)]


def render_split_png(
    view: View,
    pack: Pack,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    only_seat: int | None = None,
    tr: Any = None,
) -> tuple[bytes, bytes]:
    """Map and panel as two PNGs (for phones: each is shown at its own best scale)."""
    top = render_map(view, pack, seat=seat, palette=palette, crop=crop, only_seat=only_seat, tr=tr)
    panel = render_board(view, pack, seat=seat, palette=palette, tr=tr)
    return png_bytes(top), png_bytes(panel)


def render_battle(
    view_or_battle_report: Any,
    pack: Pack,
    *,
    palette: str = "default",
    players: Sequence[Any] = (),
    width: int = PANEL_WIDTH,
    tr: Any = None,
) -> Image.Image:
    """A battle: from a view (the battle being fought) or from one battle's events (only
    public ones are used). ``players``: the view's ``players`` list, to name the sides of a
    report."""
    return _render_battle(view_or_battle_report, pack, palette_obj=get_palette(palette), players=players, width=width, tr=tr)


def render_setup_preview(view: View, pack: Pack, candidates: Sequence[Any], *, palette: str = "default") -> Image.Image:
    """The map being built with the prompt's legal ``candidates`` numbered 1..n (placements
    ``{tile, rotation, q, r}`` or guides ``{cells}``)."""
    return _render_setup_preview(view, pack, candidates, get_palette(palette))
