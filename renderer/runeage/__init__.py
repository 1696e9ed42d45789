"""Rune Age pictures and texts, each a pure function of a view and the data pack (never a
game state: what the view does not hold, a picture cannot show).

Public API (docs/renderer.md): :func:`render_png` (the table; with ``seat`` and that seat's own
view, its hand and Barracks below), :func:`render_gallery_png` (``wide`` or ``phone`` pages),
:func:`render_private_png` (hand and Barracks alone), :func:`render_combat_png` (the combat
panel), :func:`alt_text`, :func:`text_board`, :func:`bench`, :data:`PALETTES`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.encode import png_bytes
from renderer.palette import PALETTES
from renderer.runeage.bench import bench
from renderer.runeage.describe import alt_text, text_board
from renderer.runeage.picture import combat_picture, compose, gallery, private_picture

__all__ = [
    "PALETTES",
    "alt_text",
    "bench",
    "compose",
    "render_combat_png",
    "render_gallery_png",
    "render_png",
    "render_private_png",
    "text_board",
]

View = Mapping[str, Any]


def render_png(
    view: View, pack: Any, *, seat: int | None = None, palette: str = "default", crop: str | None = None, tr: Any = None, **_: Any
) -> bytes:
    """The table in one PNG (``crop`` is accepted for the shared bot and ignored: the table has no map)."""
    return png_bytes(compose(view, pack, seat=seat, palette=palette, tr=tr))


def render_gallery_png(
    view: View,
    pack: Any,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    layout: str = "wide",
    tr: Any = None,
    **_: Any,
) -> list[tuple[str, bytes]]:
    """The table as ``(what, png)`` pictures: one (``wide``) or pages of at most 1,200 px (``phone``)."""
    return [(what, png_bytes(image)) for what, image in gallery(view, pack, seat=seat, palette=palette, layout=layout, tr=tr)]


def render_private_png(view: View, pack: Any, *, palette: str = "default", tr: Any = None) -> bytes:
    """A seat's hand and Barracks, from that seat's own view."""
    return png_bytes(private_picture(view, pack, palette=palette, tr=tr))


def render_combat_png(view: View, pack: Any, *, palette: str = "default", tr: Any = None) -> bytes | None:
    """The combat panel (each side's muster and strength, the casualty die), or None outside combat."""
    image = combat_picture(view, pack, palette=palette, tr=tr)
    return None if image is None else png_bytes(image)
