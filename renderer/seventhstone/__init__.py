"""Seventh Stone pictures and texts, each a pure function of a view and the data pack (never a
state): :func:`render_png` (grid and panel), :func:`render_gallery_png` (``wide`` or ``phone``),
:func:`render_battle_png` (the combat panel with its dice), :func:`render_private_png` (a seat's
hand and allocation), :func:`alt_text`, :func:`text_board`, :func:`bench`. ``tr``: a translator
duck type (``tr._``), None for English; ``palette``: ``default``, ``contrast`` or ``classic``."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from PIL import Image

from renderer.blocks import Column
from renderer.encode import png_bytes
from renderer.palette import PALETTES
from renderer.palette import palette as get_palette
from renderer.seventhstone import describe
from renderer.seventhstone.battle import render_battle
from renderer.seventhstone.bench import bench
from renderer.seventhstone.picture import PANEL_WIDTH, battle_blocks, compose, gallery, private_blocks, render_map, render_panel
from renderer.seventhstone.words import words

__all__ = [
    "PALETTES",
    "alt_text",
    "bench",
    "compose",
    "gallery",
    "render_battle",
    "render_battle_png",
    "render_gallery_png",
    "render_map",
    "render_panel",
    "render_png",
    "render_private_png",
    "text_board",
]

View = Mapping[str, Any]


def render_png(
    view: View,
    pack: Any = None,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    highlight: Collection[str] = (),
    tr: Any = None,
    dice: Sequence[Mapping[str, Any]] = (),
    **_: Any,
) -> bytes:
    """Grid and panel in one PNG (no metadata). ``crop`` is accepted and ignored: the grid is
    small enough to show whole."""
    return png_bytes(compose(view, pack, seat=seat, palette=palette, highlight=highlight, tr=tr, dice=dice))


def render_gallery_png(
    view: View,
    pack: Any = None,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    layout: str = "wide",
    highlight: Collection[str] = (),
    tr: Any = None,
) -> list[tuple[str, bytes]]:
    """``(what, png)`` per picture, each at most 1,200 px tall (:func:`gallery`)."""
    return [
        (what, png_bytes(im))
        for what, im in gallery(view, pack, seat=seat, palette=palette, layout=layout, highlight=highlight, tr=tr)
    ]


def render_battle_png(
    view: View, pack: Any = None, *, dice: Sequence[Mapping[str, Any]] = (), palette: str = "default", tr: Any = None
) -> bytes:
    """The combat panel: the battle of the view and the dice of its ``rolled`` events (``dice``:
    their data, ``{seat, dice, hits}``)."""
    pal = get_palette(palette)
    col = Column(PANEL_WIDTH, 14)
    if view.get("battle"):
        battle_blocks(col, view, pal, words(tr), dice)
    else:
        col.text(words(tr)("No battle is being fought."), 16, pal.ink)
    return png_bytes(col.render(pal.paper))


def render_private_png(view: View, pack: Any = None, *, seat: int, palette: str = "default", tr: Any = None) -> bytes:
    """A seat's private picture: its grid (the tiles under its own armies named) and its hand and
    allocation; refuses a view that is not that seat's."""
    if view.get("seat") != seat:
        raise ValueError("a private picture needs the seat's own view")
    pal = get_palette(palette)
    col = Column(PANEL_WIDTH, 14)
    private_blocks(col, view, pack, pal, words(tr))
    panel = col.render(pal.paper)
    grid = render_map(view, pack, seat=seat, palette=palette, tr=tr)
    out = Image.new("RGB", (grid.width + panel.width, max(grid.height, panel.height)), pal.ground)
    out.paste(grid, (0, 0))
    out.paste(panel, (grid.width, 0))
    return png_bytes(out)


def alt_text(view: View, pack: Any = None, *, seat: int | None = None, tr: Any = None) -> str:
    return describe.alt_text(view, pack, seat=seat, tr=tr)


def text_board(view: View, pack: Any = None, *, seat: int | None = None, area: str | None = None, tr: Any = None) -> list[str]:
    return describe.text_board(view, pack, seat=seat, area=area, tr=tr)


def panel_png(view: View, pack: Any = None, **options: Any) -> bytes:
    return png_bytes(render_panel(view, pack, **options))
