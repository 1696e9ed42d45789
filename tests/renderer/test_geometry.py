"""Hex geometry: centres, shared edges, and every area of automatic maps inside the canvas."""

from __future__ import annotations

import math

import pytest

from engine.runewars.data.model import DIRECTIONS, OPPOSITE
from renderer.hexgeo import Grid, axial_to_pixel, corners, edge
from renderer.runewars import render_map
from renderer.runewars.layout import MAP_HEX, map_layout
from tests.renderer.conftest import states


def test_hex_centres_follow_the_axial_pointy_top_layout():
    """model.py: axial (q, r), pointy-top, e = (1, 0); neighbours are sqrt(3)*size apart."""
    assert axial_to_pixel(0, 0, 10) == (0, 0)
    assert axial_to_pixel(1, 0, 10) == pytest.approx((10 * math.sqrt(3), 0))
    assert axial_to_pixel(0, 1, 10) == pytest.approx((5 * math.sqrt(3), 15))
    for dq, dr in DIRECTIONS.values():
        x, y = axial_to_pixel(dq, dr, 10)
        assert math.hypot(x, y) == pytest.approx(10 * math.sqrt(3))


def test_neighbours_share_the_edge_of_their_direction():
    """A border drawn on edge d of a hex lies on edge opposite(d) of its neighbour."""
    for name, (dq, dr) in DIRECTIONS.items():
        a = edge(0, 0, 10, name)
        bx, by = axial_to_pixel(dq, dr, 10)
        b = edge(bx, by, 10, OPPOSITE[name])
        assert sorted((round(x, 6), round(y, 6)) for x, y in a) == sorted((round(x, 6), round(y, 6)) for x, y in b)
    assert len(corners(0, 0, 10)) == 6


def test_grid_boxes_fit_inside_the_canvas():
    cells = [(0, 0), (3, -2), (-2, 4)]
    grid = Grid.fit(cells, 20, margin=5)
    for cell in cells:
        left, top, right, bottom = grid.box(cell)
        assert left >= 0 and top >= 0 and right <= grid.width and bottom <= grid.height


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_area_of_an_automatic_map_is_drawn_inside_the_canvas(engine, pack, seats):
    """Automatic layouts (p. 8 map building) of 2-4 seats, after the factions are chosen."""
    state = next(s for s in states(seats, seats * 7, limit=40) if s.board.placements)
    view = engine.view(state, None)
    layout = map_layout(view, pack)
    assert set(layout.areas) == set(view["areas"])
    for area in layout.areas:
        left, top, right, bottom = layout.box(area)
        assert left >= 0 and top >= 0 and right <= layout.grid.width and bottom <= layout.grid.height, area
    image = render_map(view, pack)
    assert image.size == (layout.grid.width, layout.grid.height)
    ground = image.getpixel((0, image.height - 1))
    for area in layout.areas:  # a point inside each hex (below its id, left of centre) is painted
        x, y = layout.centre(area)
        assert image.getpixel((round(x - 0.6 * MAP_HEX), round(y + 0.1 * MAP_HEX))) != ground, area
