"""Pointy-top hex geometry in pixels, for axial coordinates ``(q, r)``.

The engine's data model names the six edges ``e, ne, nw, w, sw, se`` (counter-clockwise
from east, engine/runewars/data/model.py); :data:`EDGE_CORNERS` maps each to the two
corners that bound it, so a border lies exactly on its edge. Screen y grows downwards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SQRT3 = math.sqrt(3.0)

#: corner i sits at angle 30 + 60*i degrees, measured clockwise on screen (y down):
#: 0 = lower right, 1 = bottom, 2 = lower left, 3 = upper left, 4 = top, 5 = upper right
EDGE_CORNERS = {"e": (5, 0), "se": (0, 1), "sw": (1, 2), "w": (2, 3), "nw": (3, 4), "ne": (4, 5)}


def axial_to_pixel(q: float, r: float, size: float) -> tuple[float, float]:
    """Centre of hex (q, r) for hexes of circumradius ``size``, (0, 0) at the origin."""
    return size * SQRT3 * (q + r / 2.0), size * 1.5 * r


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, in the order of :data:`EDGE_CORNERS`."""
    return [(cx + size * math.cos(math.radians(30 + 60 * i)), cy + size * math.sin(math.radians(30 + 60 * i))) for i in range(6)]


def edge(cx: float, cy: float, size: float, direction: str) -> tuple[tuple[float, float], tuple[float, float]]:
    a, b = EDGE_CORNERS[direction]
    pts = corners(cx, cy, size)
    return pts[a], pts[b]


@dataclass(frozen=True)
class Grid:
    """Where hexes of ``size`` go on a canvas that holds ``cells`` with ``margin`` around them."""

    size: float
    origin: tuple[float, float]
    width: int
    height: int

    @classmethod
    def fit(cls, cells: Iterable[tuple[int, int]], size: float, margin: float) -> Grid:
        cells = list(cells) or [(0, 0)]
        xs, ys = zip(*(axial_to_pixel(q, r, size) for q, r in cells))
        half_w, half_h = size * SQRT3 / 2.0, size
        left, top = min(xs) - half_w - margin, min(ys) - half_h - margin
        width = math.ceil(max(xs) + half_w + margin - left)
        height = math.ceil(max(ys) + half_h + margin - top)
        return cls(size, (-left, -top), width, height)

    def centre(self, cell: tuple[float, float]) -> tuple[float, float]:
        """Pixel centre of an axial cell (fractional cells give points between hexes)."""
        x, y = axial_to_pixel(cell[0], cell[1], self.size)
        return x + self.origin[0], y + self.origin[1]

    def box(self, cell: tuple[int, int]) -> tuple[int, int, int, int]:
        """The hex's bounding box in whole pixels (left, top, right, bottom), right/bottom exclusive."""
        cx, cy = self.centre(cell)
        hw = self.size * SQRT3 / 2.0
        return math.floor(cx - hw), math.floor(cy - self.size), math.ceil(cx + hw) + 1, math.ceil(cy + self.size) + 1
