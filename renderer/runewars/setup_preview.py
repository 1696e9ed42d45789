"""The map-building preview (pp. 8-9): the map so far with the legal choices numbered.

``candidates`` are tile or home-realm placements (objects or dicts with ``tile``,
``rotation``, ``q``, ``r``) or setup-guide positions (``cells``: two axial cells), in the
order the prompt offers them; candidate *i* is labelled *i + 1*. A placement's number sits
on the cell its tile's first area would take, with spokes in its own colour to every other
cell it covers (so two rotations over the same cells differ visibly); a guide's number sits
between its two cells. Numbers that would meet are moved aside.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.runewars.data.model import Pack
from engine.runewars.map import Placement, place
from renderer import fonts
from renderer.palette import Palette
from renderer.runewars.layout import map_layout
from renderer.runewars.mapdraw import base_layer, draw_pieces
from renderer.runewars.viewdata import ViewData

OUTLINES = ((255, 200, 0), (86, 180, 233), (240, 228, 66), (204, 121, 167), (255, 255, 255), (230, 159, 0))


def _get(obj: Any, key: str):
    return obj[key] if isinstance(obj, Mapping) else getattr(obj, key)


def candidate_cells(candidate: Any, pack: Pack) -> tuple[list[tuple[int, int]], tuple[float, float]]:
    """The cells a candidate covers and where its number goes (a cell, or a point between two)."""
    cells = candidate["cells"] if isinstance(candidate, Mapping) and "cells" in candidate else getattr(candidate, "cells", None)
    if cells is not None:
        a, b = (tuple(c) for c in cells)
        return [a, b], ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    placement = Placement(
        _get(candidate, "tile"), int(_get(candidate, "rotation")), int(_get(candidate, "q")), int(_get(candidate, "r"))
    )
    placed = place(pack.tile(placement.tile), placement)
    return [ph.cell for ph in placed], placed[0].cell


def render_setup_preview(view: Mapping[str, Any], pack: Pack, candidates: Sequence[Any], pal: Palette) -> Image.Image:
    data = ViewData(view, pack)
    shapes = [candidate_cells(c, pack) for c in candidates]
    extra = sorted({cell for cells, _ in shapes for cell in cells} - set(map_layout(view, pack).board.hexes))
    layout = map_layout(view, pack, extra_cells=extra)
    base, borders = base_layer(layout, pack, pal)
    img = base.copy()
    draw_pieces(img, borders, layout, pack, data, pal, seat=None, only_seat=None)
    draw = ImageDraw.Draw(img)
    badges: list[tuple[int, float, float, tuple[int, int, int]]] = []
    R = layout.size
    taken: list[tuple[float, float]] = []
    size = round(R * 0.3)
    for number, (cells, spot) in enumerate(shapes, 1):
        colour = OUTLINES[(number - 1) % len(OUTLINES)]
        x, y = _free_spot(*layout.grid.centre(spot), taken, size * 1.3)
        taken.append((x, y))
        for cell in cells:  # spokes from the number to every cell the choice covers
            ex, ey = layout.grid.centre(cell)
            draw.line([(x, y), (ex, ey)], fill=colour, width=max(2, round(R * 0.05)))
            dot = R * 0.09
            draw.ellipse([ex - dot, ey - dot, ex + dot, ey + dot], fill=colour, outline=(20, 20, 20))
        badges.append((number, x, y, colour))
    for number, x, y, colour in badges:
        r = size * 0.75
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(20, 20, 20), outline=colour, width=max(2, size // 6))
        fonts.text(img, (x, y), str(number), size, (255, 255, 255), anchor="mm", bold=True)
    return img


def _free_spot(x: float, y: float, taken: list[tuple[float, float]], gap: float) -> tuple[float, float]:
    """(x, y), or the nearest point on rings around it not within ``gap`` of a taken one."""
    candidates = [(x, y)] + [
        (x + dx * gap * ring, y + dy * gap * ring)
        for ring in (1, 2, 3)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
    ]
    for cx, cy in candidates:
        if all((cx - tx) ** 2 + (cy - ty) ** 2 >= gap * gap for tx, ty in taken):
            return cx, cy
    return x, y
