"""Map, panel and both together, as Pillow images (the encoders and texts build on these)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from PIL import Image

from engine.runewars.data.model import Pack
from renderer import phone
from renderer.palette import palette as get_palette
from renderer.runewars.layout import MAP_HEX, label_size, map_layout, map_parts
from renderer.runewars.mapdraw import base_layer, draw_pieces
from renderer.runewars.panel import PANEL_WIDTH, panel_pages, render_panel
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
    areas: Sequence[str] | None = None,
    tr: Any = None,
) -> tuple[Image.Image, dict[str, list[Box]]]:
    """The map and, per area, the boxes of its secret-bearing markers (runes). ``crop``: an area
    and its neighbours, larger; ``only_seat``: only that seat's units (and neutrals allied with
    it) and heroes; ``seat``: the seat whose view this is (checked against the view; its privately
    known runes get a dashed ring); ``highlight``: areas to mark with a rim (e.g. what changed
    since a player last acted); ``areas``: only those areas, at the whole map's scale (a part of a
    phone gallery)."""
    data = ViewData(view, pack, seat, tr)
    pal = get_palette(palette)
    layout = map_layout(view, pack, crop=crop, areas=areas)
    base, borders = base_layer(layout, pack, pal)
    image = base.copy()
    boxes = draw_pieces(image, borders, layout, pack, data, pal, seat=data.viewer, only_seat=only_seat, highlight=highlight)
    return image, boxes


def render_map(view: View, pack: Pack, **options: Any) -> Image.Image:
    """The map (``options`` as for :func:`map_with_boxes`)."""
    return map_with_boxes(view, pack, **options)[0]


def render_board(
    view: View, pack: Pack, *, seat: int | None = None, palette: str = "default", width: int = PANEL_WIDTH, tr: Any = None
) -> Image.Image:
    """The board panel (and, for a seat's view, that seat's hand)."""
    return render_panel(ViewData(view, pack, seat, tr), get_palette(palette), width)


def render_board_pages(
    view: View,
    pack: Pack,
    *,
    seat: int | None = None,
    palette: str = "default",
    width: int = PANEL_WIDTH,
    max_height: int = phone.MAX_HEIGHT,
    tr: Any = None,
) -> list[Image.Image]:
    """The board panel as pages of at most ``max_height`` pixels, cut between its rows."""
    return panel_pages(ViewData(view, pack, seat, tr), get_palette(palette), width, max_height)


def gallery(
    view: View,
    pack: Pack,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    layout: str = "wide",
    highlight: Collection[str] = (),
    max_height: int = phone.MAX_HEIGHT,
    tr: Any = None,
) -> list[tuple[str, Image.Image]]:
    """Map and panel as several pictures, each at most ``max_height`` pixels tall, as
    ``(what, image)`` with ``what`` "map", "map:<first area>-<last area>" (a part) or "panel".

    ``layout="wide"``: the map whole (or the crop), then the panel's pages. ``"phone"``: the
    whole map cut into parts (west to east) narrow enough that area ids and unit counts
    show at least :data:`renderer.phone.MIN_LABEL_PX` high at a phone's 400 px, then the
    panel's pages. A crop is already large enough for a phone and stays one picture."""
    if layout not in phone.LAYOUTS:
        raise ValueError(f"no layout {layout!r}; layouts: {', '.join(phone.LAYOUTS)}")
    out: list[tuple[str, Image.Image]] = []
    parts: list[tuple[str, ...]] = []
    if layout == "phone" and crop is None:
        widest = phone.widest_for(label_size(MAP_HEX))
        parts = map_parts(view, pack, max_width=widest, max_height=max_height)
    if len(parts) > 1:
        for part in parts:
            image = render_map(view, pack, seat=seat, palette=palette, highlight=highlight, areas=part, tr=tr)
            out.append((f"map:{part[0]}-{part[-1]}", image))
    else:
        out.append(("map", render_map(view, pack, seat=seat, palette=palette, crop=crop, highlight=highlight, tr=tr)))
    for page in render_board_pages(view, pack, seat=seat, palette=palette, max_height=max_height, tr=tr):
        out.append(("panel", page))
    return out


def compose(
    view: View,
    pack: Pack,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    only_seat: int | None = None,
    highlight: Collection[str] = (),
    tr: Any = None,
) -> Image.Image:
    """Map above panel in one image, as wide as the wider of the two, in ``tr``'s language."""
    pal = get_palette(palette)
    top = render_map(view, pack, seat=seat, palette=palette, crop=crop, only_seat=only_seat, highlight=highlight, tr=tr)
    width = max(top.width, PANEL_WIDTH)
    panel = render_board(view, pack, seat=seat, palette=palette, width=width, tr=tr)
    out = Image.new("RGB", (width, top.height + panel.height), pal.ground)
    out.paste(top, ((width - top.width) // 2, 0))
    out.paste(panel, (0, top.height))
    return out
