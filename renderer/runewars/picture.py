"""Map, panel and both together, as Pillow images (the encoders and texts build on these)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from PIL import Image

from engine.runewars.data.model import Pack
from renderer.palette import palette as get_palette
from renderer.runewars.layout import map_layout
from renderer.runewars.mapdraw import base_layer, draw_pieces
from renderer.runewars.panel import PANEL_WIDTH, render_panel
from renderer.runewars.viewdata import ViewData

View = Mapping[str, Any]
Box = tuple[int, int, int, int]


def map_with_boxes(
    view: View,
    pack: Pack,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    only_seat: int | None = None,
    highlight: Collection[str] = (),
) -> tuple[Image.Image, dict[str, list[Box]]]:
    """The map and, per area, the boxes of its secret-bearing markers (runes)."""
    data = ViewData(view, pack, seat)
    pal = get_palette(palette)
    layout = map_layout(view, pack, crop=crop)
    base, borders = base_layer(layout, pack, pal)
    image = base.copy()
    boxes = draw_pieces(image, borders, layout, pack, data, pal, seat=data.viewer, only_seat=only_seat, highlight=highlight)
    return image, boxes


def render_map(
    view: View,
    pack: Pack,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    only_seat: int | None = None,
    highlight: Collection[str] = (),
) -> Image.Image:
    """The map. ``crop``: an area and its neighbours, larger; ``only_seat``: only that seat's
    units (and neutrals allied with it) and heroes; ``seat``: the seat whose view this is
    (checked against the view; its privately known runes get a dashed ring); ``highlight``:
    areas to mark with a rim (e.g. what changed since a player last acted)."""
    image, _ = map_with_boxes(view, pack, seat=seat, palette=palette, crop=crop, only_seat=only_seat, highlight=highlight)
    return image


def render_board(
    view: View, pack: Pack, *, seat: int | None = None, palette: str = "default", width: int = PANEL_WIDTH
) -> Image.Image:
    """The board panel (and, for a seat's view, that seat's hand)."""
    return render_panel(ViewData(view, pack, seat), get_palette(palette), width)


def compose(
    view: View,
    pack: Pack,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    only_seat: int | None = None,
    highlight: Collection[str] = (),
) -> Image.Image:
    """Map above panel in one image, as wide as the wider of the two."""
    pal = get_palette(palette)
    top = render_map(view, pack, seat=seat, palette=palette, crop=crop, only_seat=only_seat, highlight=highlight)
    width = max(top.width, PANEL_WIDTH)
    panel = render_board(view, pack, seat=seat, palette=palette, width=width)
    out = Image.new("RGB", (width, top.height + panel.height), pal.ground)
    out.paste(top, ((width - top.width) // 2, 0))
    out.paste(panel, (0, top.height))
    return out
