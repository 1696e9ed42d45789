"""The board (digest §3, §17): tiles shuffled into columns of 6 with one water gap per column by die,
names ("C4": column C, row 4), orthogonal adjacency, same-colour portals, paths and volcano coordinates.

A cell is a dict ``{"kind": ..., "portal": None | "blue" | "yellow"}``; kinds are plain, forest,
mountain, temple, desert, volcano and water (portal tiles are plains with a portal).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.rng import Rng
from engine.seventhstone.pack import Pack

ROWS = 6
LETTERS = "ABCDEFG"
YIELD = frozenset({"plain", "forest", "mountain"})
CONTROLLABLE = YIELD | {"temple"}
PASSABLE = CONTROLLABLE | {"desert"}
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONALS = ((1, -1), (1, 1), (-1, 1), (-1, -1))


def name(x: int, y: int) -> str:
    return f"{LETTERS[x]}{y + 1}"


def coords(cell: str) -> tuple[int, int]:
    return LETTERS.index(cell[0]), int(cell[1:]) - 1


def tile_list(pack: Pack, players: int) -> list[str]:
    """The tiles in play: the 35, less the 2- or 3-player removals (section 4)."""
    removed = pack.removals.get(players, {}) if players < 4 else {}
    tiles: list[str] = []
    for kind, count in pack.tiles.items():
        tiles += [kind] * (count - removed.get(kind, 0))
    return tiles


def cell_of(tile: str) -> dict[str, Any]:
    if tile.startswith("portal_"):
        return {"kind": "plain", "portal": tile.removeprefix("portal_")}
    return {"kind": tile, "portal": None}


def generate(pack: Pack, players: int, rng: Rng, gaps: list[int] | None = None) -> tuple[dict[str, dict[str, Any]], list[int]]:
    """Shuffle the tiles and lay them column by column; each column's water row is a die roll
    (``gaps`` gives the rolls instead, e.g. the rulebook's 4, 5, 6, 2, 5, 3, 1)."""
    ncols = pack.columns.get(players, 7)
    tiles = tile_list(pack, players)
    rng.shuffle(tiles)
    rolls = list(gaps) if gaps is not None else [rng.below(6) + 1 for _ in range(ncols)]
    cells: dict[str, dict[str, Any]] = {}
    it = iter(tiles)
    for x in range(ncols):
        for y in range(ROWS):
            cells[name(x, y)] = {"kind": "water", "portal": None} if y == rolls[x] - 1 else cell_of(next(it))
    return cells, rolls


#: board sizes by field count: 5, 6 and 7 columns of 6; the four islands 7 x 7
DIMS = {30: (5, 6), 36: (6, 6), 42: (7, 6), 49: (7, 7)}


def dims(cells: dict[str, Any]) -> tuple[int, int]:
    return DIMS[len(cells)]


def ncols_of(cells: dict[str, Any]) -> int:
    return dims(cells)[0]


def generate_islands(pack: Any, rng: Rng) -> dict[str, dict[str, Any]]:
    """The "Vier Inseln" board (data/seventhstone/islands.toml): fixed volcano and portals, the other
    tiles shuffled onto the four islands."""
    layout = pack.islands
    lane = int(layout["lane"]) - 1
    fixed = {island_cell(*entry["at"], lane=lane): entry["tile"] for entry in layout["fixed"]}
    sea = {island_cell(*at, lane=lane) for at in layout["sea"]}
    tiles = tile_list(pack, 4)
    for tile in fixed.values():
        tiles.remove(tile)
    rng.shuffle(tiles)
    it = iter(tiles)
    cells: dict[str, dict[str, Any]] = {}
    for x in range(7):
        for y in range(7):
            cell = name(x, y)
            if x == lane or y == lane or cell in sea:
                cells[cell] = {"kind": "water", "portal": None}
            else:
                cells[cell] = cell_of(fixed.get(cell) or next(it))
    return cells


def island_cell(h: int, v: int, *, lane: int = 3) -> str:
    """The field at island position h/v (1-6, counted from the upper left, the water lane not counted)."""
    x, y = h - 1, v - 1
    return name(x + (1 if x >= lane else 0), y + (1 if y >= lane else 0))


def neighbours(cells: dict[str, Any], cell: str, *, diagonal: bool = False) -> Iterator[str]:
    x, y = coords(cell)
    n, rows = dims(cells)
    for dx, dy in STEPS + (DIAGONALS if diagonal else ()):
        nx, ny = x + dx, y + dy
        if 0 <= nx < n and 0 <= ny < rows:
            yield name(nx, ny)


def portal_links(cells: dict[str, Any], cell: str, *, any_colour: bool = False) -> Iterator[str]:
    colour = cells[cell]["portal"]
    if colour is None:
        return
    for other, data in cells.items():
        if other != cell and data["portal"] is not None and (any_colour or data["portal"] == colour):
            yield other


def crossings(cells: dict[str, Any], cell: str, *, volcano: bool = False) -> Iterator[str]:
    """Shore fields facing ``cell`` across water (the water-crossing event; with ``volcano`` also
    across the volcano tile, the Agility tile): straight on until the first other field."""
    x, y = coords(cell)
    n, rows = dims(cells)
    over = {"water", "volcano"} if volcano else {"water"}
    for dx, dy in STEPS:
        nx, ny, crossed = x + dx, y + dy, False
        while 0 <= nx < n and 0 <= ny < rows and cells[name(nx, ny)]["kind"] in over:
            nx, ny, crossed = nx + dx, ny + dy, True
        if crossed and 0 <= nx < n and 0 <= ny < rows:
            yield name(nx, ny)


def volcano_cell(cells: dict[str, Any]) -> str | None:
    return next((c for c, d in cells.items() if d["kind"] == "volcano"), None)


def volcano_corner(cells: dict[str, Any], rng: Rng) -> tuple[int, int, bool]:
    """The corner nearest the volcano (digest §17) as (left?, top?) signs, and whether a die chose it
    (the volcano in the middle column of an odd number of columns)."""
    where = volcano_cell(cells)
    n, rows = dims(cells)
    if rows == 7:  # the four islands: always from the upper left (section 5)
        return 0, 0, False
    x, y = coords(where) if where else (0, 0)
    rolled = False
    if n % 2 == 1 and x == n // 2:
        left = rng.below(2) == 0
        rolled = True
    else:
        left = x < n / 2
    top = y < rows / 2
    return (0 if left else 1), (0 if top else 1), rolled


def from_corner(cells: dict[str, Any], corner: tuple[int, int], h: int, v: int) -> str | None:
    """The field ``h`` columns and ``v`` rows (1-6) from the corner, or None off the board."""
    n, rows = dims(cells)
    if rows == 7:
        return island_cell(h, v)
    x = h - 1 if corner[0] == 0 else n - h
    y = v - 1 if corner[1] == 0 else rows - v
    if 0 <= x < n and 0 <= y < rows:
        return name(x, y)
    return None
