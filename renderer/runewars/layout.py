"""Where each area of a Runewars map goes in pixels, from the view's placements and the pack.

Sizes (hex circumradius ``R``; documented in docs/renderer.md): the whole map uses
:data:`MAP_HEX` (a 3-player map is ~1,100 px wide), a crop :data:`CROP_HEX` (an area and
its neighbours fill ~600 px, so a phone shows them at about 2/3 scale). Every other size
on the map (tokens, type, icons) is a fixed fraction of ``R``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.runewars.data.model import Hex, Pack
from engine.runewars.map import Board, Placement, geometry
from renderer.hexgeo import Grid

MAP_HEX = 72
CROP_HEX = 120
#: the type of area ids and unit counts, in hex radii
LABEL = 0.27
#: room above the hexes for the legend band, in hex radii
LEGEND_BAND = 0.62


@dataclass(frozen=True)
class MapLayout:
    board: Board
    grid: Grid
    areas: tuple[str, ...]  # drawn areas, sorted
    focus: str | None  # the cropped-to area
    extra_cells: tuple[tuple[int, int], ...] = ()  # cells drawn empty (set-up candidates)

    @property
    def size(self) -> float:
        return self.grid.size

    def cell(self, area: str) -> tuple[int, int]:
        return self.board.cell_of[area]

    def hex(self, area: str) -> Hex:
        return self.board.pack.tile(self.board.hexes[self.cell(area)].tile).hex(area)

    def centre(self, area: str) -> tuple[float, float]:
        return self.grid.centre(self.cell(area))

    def box(self, area: str) -> tuple[int, int, int, int]:
        return self.grid.box(self.cell(area))


def placements_of(view: Mapping[str, Any]) -> tuple[Placement, ...]:
    return tuple(Placement(p["tile"], int(p["rotation"]), int(p["q"]), int(p["r"])) for p in view.get("map", []))


def map_layout(
    view: Mapping[str, Any],
    pack: Pack,
    *,
    crop: str | None = None,
    size: float | None = None,
    extra_cells: Sequence[tuple[int, int]] = (),
    areas: Sequence[str] | None = None,
) -> MapLayout:
    """The layout of the whole map, of ``crop`` and its neighbours, or of ``areas`` only
    (a part of the map, at the whole map's scale)."""
    board = geometry(pack, placements_of(view))
    if areas is not None:
        unknown = sorted(set(areas) - set(board.cell_of))
        if unknown or not areas:
            raise ValueError(f"no area {unknown[0] if unknown else ''!r} on this map")
        areas = sorted(set(areas))
        size = size or MAP_HEX
    elif crop is not None:
        if crop not in board.cell_of:
            raise ValueError(f"no area {crop!r} on this map")
        areas = sorted({crop, *board.adjacency[crop]})
        size = size or CROP_HEX
    else:
        areas = board.areas
        size = size or MAP_HEX
    cells = [board.cell_of[a] for a in areas] + list(extra_cells)
    grid = Grid.fit(cells, size, margin=size * 0.35)
    band = round(size * LEGEND_BAND)
    width = max(grid.width, round(size * 8))  # room for the legend
    grid = Grid(grid.size, (grid.origin[0] + (width - grid.width) / 2, grid.origin[1] + band), width, grid.height + band)
    return MapLayout(board, grid, tuple(areas), crop, tuple(extra_cells))


def label_size(R: float) -> int:
    """The type size of area ids and unit counts on hexes of circumradius ``R``."""
    return round(R * LABEL)


def map_parts(view: Mapping[str, Any], pack: Pack, *, max_width: int, max_height: int) -> list[tuple[str, ...]]:
    """The whole map's areas cut into parts from west to east (then north to south), as few
    as make each part's picture at most ``max_width`` x ``max_height`` pixels (so a phone
    shows its labels large enough); one part when the whole map fits."""
    board = geometry(pack, placements_of(view))
    areas = list(board.areas)
    if not areas:
        return []
    unit = Grid(MAP_HEX, (0.0, 0.0), 0, 0)
    x_of = {a: unit.centre(board.cell_of[a])[0] for a in areas}
    y_of = {a: unit.centre(board.cell_of[a])[1] for a in areas}

    checked: dict[tuple[str, ...], bool] = {}  # a part's layout is built once, however often it is asked

    def fits(part: Sequence[str]) -> bool:
        key = tuple(part)
        if key not in checked:
            grid = map_layout(view, pack, areas=part).grid
            checked[key] = grid.width <= max_width and grid.height <= max_height
        return checked[key]

    def bands(group: Sequence[str], key: Mapping[str, float], k: int) -> list[list[str]]:
        low, high = min(key[a] for a in group), max(key[a] for a in group)
        step = (high - low) / k or 1.0
        out: list[list[str]] = [[] for _ in range(k)]
        for a in group:
            out[min(k - 1, int((key[a] - low) / step))].append(a)
        return [b for b in out if b]

    for columns in range(1, len(areas) + 1):
        parts: list[list[str]] = []
        for column in bands(areas, x_of, columns):
            for rows in range(1, len(column) + 1):
                cut = bands(column, y_of, rows)
                if all(fits(p) for p in cut) or rows == len(column):
                    parts += cut
                    break
        if all(fits(p) for p in parts) or columns == len(areas):
            return [tuple(sorted(p)) for p in parts]
    return [tuple(areas)]
