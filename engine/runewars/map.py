"""The Runewars map: tiles placed on a hex grid, areas, borders, and building it (pp. 8-9).

A map is a list of :class:`Placement`s (tile, rotation, offset) – that is all the game state
stores. :class:`Board` derives everything else from it and the data pack: where each area
is, which areas are adjacent, and which borders are mountain or water.

Map building follows the rulebook (digest §4.2): tiles placed one at a time touching two
placed areas without doubling a coloured border, setup guides on the edge touching at least
3 uncoloured borders and spaced apart, home realms replacing the guides. :func:`auto_layout`
runs that procedure with the seeded RNG taking every choice; the prompt-driven variant
(engine/runewars/setup_map.py) asks the players the same questions through
:func:`legal_tile_placements`, :func:`next_guide_problem` and :func:`legal_home_placements`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.core import N_, Rng, register
from engine.runewars.data.model import (
    DIRECTION_ORDER,
    DIRECTIONS,
    OPPOSITE,
    MapTile,
    Pack,
    neighbour,
    rotate_axial,
    rotate_direction,
)

Coord = tuple[int, int]

#: ruling "guide spacing" (docs/rulings.md): hex distance between the nearest cells of two guides
GUIDE_DISTANCE = 4
GUIDE_DISTANCE_ONCE = 3
#: a guide must touch at least this many uncoloured area borders (p. 8)
GUIDE_UNCOLOURED_EDGES = 3
#: tries of the whole procedure before giving up (p. 8: "wiederholen Schritt 3")
MAX_REBUILDS = 200


@register
@dataclass(frozen=True)
class Placement:
    """A tile on the map: rotated ``rotation`` x 60 degrees counter-clockwise, its (0, 0) at (q, r)."""

    tile: str
    rotation: int
    q: int
    r: int


@register
@dataclass(frozen=True)
class Guide:
    """A home-realm setup guide: two adjacent empty cells on the edge of the map."""

    cells: tuple[Coord, Coord]


class MapBuildError(Exception):
    """No map can be built from these tiles under the rules (after every allowed retry)."""


def distance(a: Coord, b: Coord) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(cell: Coord) -> Iterator[Coord]:
    for direction in DIRECTION_ORDER:
        yield neighbour(cell[0], cell[1], direction)


@dataclass(frozen=True)
class PlacedHex:
    area: str
    tile: str
    cell: Coord
    coloured: dict[str, str]  # map direction -> "mountain" | "water" | "yellow" (this hex's own side)


def place(tile: MapTile, placement: Placement) -> list[PlacedHex]:
    """The hexes of ``tile`` where ``placement`` puts them."""
    return [
        PlacedHex(area, tile.id, (placement.q + dq, placement.r + dr), coloured)
        for area, dq, dr, coloured in _rotated(tile, placement.rotation)
    ]


_ROTATED: dict[tuple[int, int], tuple[MapTile, list[tuple[str, int, int, dict[str, str]]]]] = {}


def _rotated(tile: MapTile, rotation: int) -> list[tuple[str, int, int, dict[str, str]]]:
    """(area, dq, dr, coloured borders) of each hex of ``tile`` turned by ``rotation`` (cached: map
    building tries thousands of placements)."""
    key = (id(tile), rotation % 6)
    hit = _ROTATED.get(key)
    if hit is None or hit[0] is not tile:  # the entry keeps its tile alive, so ids are not reused
        shape = []
        for h in tile.hexes:
            dq, dr = rotate_axial(h.q, h.r, rotation)
            shape.append((h.area, dq, dr, {rotate_direction(d, rotation): kind for d, kind in h.borders.items()}))
        hit = _ROTATED[key] = (tile, shape)
    return hit[1]


class Board:
    """The geometry of a built (or partly built) map."""

    def __init__(self, pack: Pack, placements: Sequence[Placement]):
        self.pack = pack
        self.placements = tuple(placements)
        self.hexes: dict[Coord, PlacedHex] = {}
        for placement in self.placements:
            for ph in place(pack.tile(placement.tile), placement):
                if ph.cell in self.hexes:
                    raise MapBuildError(f"{ph.area} would overlap {self.hexes[ph.cell].area}")
                self.hexes[ph.cell] = ph
        self.cell_of: dict[str, Coord] = {ph.area: cell for cell, ph in self.hexes.items()}

    @property
    def areas(self) -> list[str]:
        return sorted(self.cell_of)

    def border(self, area: str, direction: str) -> str | None:
        """``"mountain"``, ``"water"``, ``"yellow"`` or ``None`` for the edge of ``area`` in ``direction``.

        An edge is coloured when either side prints it (tiles print an inner edge once);
        a mountain wins over water, though the building rules never let both meet. A yellow
        border (Banners of War's tile 12) only restricts building the map: :attr:`adjacency` ignores it.
        """
        cell = self.cell_of[area]
        own = self.hexes[cell].coloured.get(direction)
        other = self.hexes.get(neighbour(cell[0], cell[1], direction))
        theirs = other.coloured.get(OPPOSITE[direction]) if other else None
        kinds = {own, theirs} - {None}
        return next((k for k in ("mountain", "water", "yellow") if k in kinds), None)

    @cached_property
    def adjacency(self) -> dict[str, dict[str, str | None]]:
        """area -> {neighbouring area: border kind or None} (a yellow border is None: „keinerlei Auswirkung auf die Bewegung“)."""
        out: dict[str, dict[str, str | None]] = {}
        for area, cell in self.cell_of.items():
            out[area] = {}
            for direction in DIRECTION_ORDER:
                other = self.hexes.get(neighbour(cell[0], cell[1], direction))
                if other is not None:
                    kind = self.border(area, direction)
                    out[area][other.area] = None if kind == "yellow" else kind
        return out

    def empty_rim(self) -> set[Coord]:
        """Empty cells touching the map."""
        return {n for cell in self.hexes for n in neighbours(cell) if n not in self.hexes}


_GEOMETRIES: dict[tuple[int, tuple[Placement, ...]], tuple[Pack, Board]] = {}
_GEOMETRY_CACHE_SIZE = 64


def geometry(pack: Pack, placements: Sequence[Placement]) -> Board:
    """The (cached) geometry of a finished map; a game's map never changes after setup."""
    key = (id(pack), tuple(placements))
    hit = _GEOMETRIES.get(key)
    if hit is None or hit[0] is not pack:  # the entry keeps its pack alive, so ids are not reused
        if len(_GEOMETRIES) >= _GEOMETRY_CACHE_SIZE:
            _GEOMETRIES.clear()
        hit = _GEOMETRIES[key] = (pack, Board(pack, placements))
    return hit[1]


# -- step 3: tiles --------------------------------------------------------------------------


def tile_placement_problem(board: Board, tile: MapTile, placement: Placement) -> str | None:
    """Why ``placement`` breaks a rule of p. 8 step 3, or ``None`` if it is legal."""
    shape, hexes = _rotated(tile, placement.rotation), board.hexes
    cells = [(placement.q + dq, placement.r + dr) for _, dq, dr, _ in shape]
    if any(cell in hexes for cell in cells):
        return N_("tiles may not overlap")
    if not hexes:
        return None
    contacts = set()
    for (area, _, _, coloured), (q, r) in zip(shape, cells):
        for direction, (dq, dr) in DIRECTIONS.items():
            other = hexes.get((q + dq, r + dr))
            if other is None:
                continue
            if direction in coloured and OPPOSITE[direction] in other.coloured:
                if "yellow" in (coloured[direction], other.coloured[OPPOSITE[direction]]):
                    return N_(
                        "a yellow border may not lie against a red or blue border ({area}/{area2}, exp. Spielplanteil 12)",
                        area=area,
                        area2=other.area,
                    )
                return N_("coloured borders may not lie against each other ({area}/{area2}, p. 8)", area=area, area2=other.area)
            contacts.add((area, other.area))
    if len(shape) == 1:  # Banners of War's single-hex tile 12
        if len({b for _, b in contacts}) < 2:
            return N_("2 sides of a single-area tile must border 2 different areas already placed (exp. Spielplanteil 12)")
    elif len(hexes) == 1:  # the single-hex tile 12 was placed first
        if len({a for a, _ in contacts}) < 2:
            return N_("2 different areas of the tile must touch 2 sides of the single-area tile (exp. Spielplanteil 12)")
    elif not _two_disjoint_contacts(contacts):
        return N_("2 areas of the tile must touch 2 different areas already placed (p. 8)")
    return None


def _two_disjoint_contacts(contacts: set[tuple[str, str]]) -> bool:
    return any(a1 != a2 and b1 != b2 for a1, b1 in contacts for a2, b2 in contacts)


def legal_tile_placements(board: Board, tile: MapTile) -> list[Placement]:
    """Every legal placement of ``tile`` (the first tile goes to the centre, p. 8)."""
    if not board.hexes:
        return [Placement(tile.id, rotation, 0, 0) for rotation in range(6)]
    anchors = board.empty_rim()
    tried = {
        Placement(tile.id, rotation, aq - dq, ar - dr)
        for rotation in range(6)
        for dq, dr in (rotate_axial(h.q, h.r, rotation) for h in tile.hexes)
        for aq, ar in anchors
    }
    found = [p for p in tried if tile_placement_problem(board, tile, p) is None]
    return sorted(found, key=lambda p: (p.rotation, p.q, p.r))


def contact_count(board: Board, tile: MapTile, placement: Placement) -> int:
    """How many edges the placed tile shares with the map (more is more compact)."""
    return sum(1 for ph in place(tile, placement) for n in neighbours(ph.cell) if n in board.hexes)


# -- step 4: setup guides -------------------------------------------------------------------


def guide_candidates(board: Board) -> list[Guide]:
    """Every guide position on the edge of the map touching enough uncoloured borders (p. 8)."""
    rim = board.empty_rim()
    out = []
    for a in sorted(rim):
        for b in neighbours(a):
            if b in rim and a < b and _uncoloured_edges(board, (a, b)) >= GUIDE_UNCOLOURED_EDGES:
                out.append(Guide((a, b)))
    return out


def _uncoloured_edges(board: Board, cells: Iterable[Coord]) -> int:
    count = 0
    for cell in cells:
        for direction in DIRECTION_ORDER:
            other = board.hexes.get(neighbour(cell[0], cell[1], direction))
            if other is not None and other.coloured.get(OPPOSITE[direction]) in (None, "yellow"):  # yellow: no other meaning
                count += 1
    return count


def guide_distance(a: Guide, b: Guide) -> int:
    return min(distance(x, y) for x in a.cells for y in b.cells)


def guides_are_spaced(guides: Sequence[Guide]) -> bool:
    """At least GUIDE_DISTANCE apart, except one pair that may be one closer (p. 8)."""
    close = 0
    for i, a in enumerate(guides):
        for b in guides[i + 1 :]:
            d = guide_distance(a, b)
            if d < GUIDE_DISTANCE_ONCE:
                return False
            close += d < GUIDE_DISTANCE
    return close <= 1


def choose_guides(board: Board, count: int, rng: Rng) -> list[Guide] | None:
    """A random spaced set of ``count`` guides, preferring sets without the one closer pair."""
    candidates = guide_candidates(board)
    rng.shuffle(candidates)
    for allow_close in (False, True):
        found = complete_guides(candidates, count, [], allow_close)
        if found:
            return found
    return None


def complete_guides(candidates: Sequence[Guide], count: int, chosen: list[Guide], allow_close: bool) -> list[Guide] | None:
    """``chosen`` plus guides from ``candidates`` up to ``count``, spaced (``allow_close``: one pair
    may be 3 apart), or ``None`` if no such set exists; ``chosen`` is taken as already checked."""
    if len(chosen) == count:
        return chosen
    for i, guide in enumerate(candidates):
        trial = chosen + [guide]
        if any(set(guide.cells) & set(g.cells) for g in chosen):
            continue
        spaced = guides_are_spaced(trial) if allow_close else all(guide_distance(guide, g) >= GUIDE_DISTANCE for g in chosen)
        if spaced:
            found = complete_guides(candidates[i + 1 :], count, trial, allow_close)
            if found:
                return found
    return None


def close_pairs(guides: Sequence[Guide]) -> int:
    """Pairs of guides nearer than GUIDE_DISTANCE."""
    return sum(guide_distance(a, b) < GUIDE_DISTANCE for i, a in enumerate(guides) for b in guides[i + 1 :])


def next_guide_problem(
    board: Board, placed: Sequence[Guide], count: int, guide: Guide, candidates: Sequence[Guide] | None = None
) -> str | None:
    """Why the first player may not place ``guide`` next (p. 8 step 4), or ``None``.

    The guides go down one at a time (``placed`` lie already, ``count`` in all). A guide may be
    only 3 apart when, with the guides already lying, the rest cannot all be placed 4 apart (the
    example on p. 9 judges it when the last guide goes down), and a guide must leave room for
    the guides still to come (ruling "guide placement"). ``candidates``: guide_candidates(board), if known.
    """
    candidates = guide_candidates(board) if candidates is None else candidates
    if guide not in candidates:
        if not all(cell in board.empty_rim() for cell in guide.cells) or distance(*guide.cells) != 1:
            return N_("a guide lies on 2 adjacent empty spaces on the edge of the map (p. 8)")
        return N_(
            "a guide must touch at least {least} uncoloured area borders, this one touches {touched} (p. 8)",
            least=GUIDE_UNCOLOURED_EDGES,
            touched=_uncoloured_edges(board, guide.cells),
        )
    trial = [*placed, guide]
    if not guides_are_spaced(trial):
        return N_(
            "guides must be at least {distance} areas apart, only one of them {once} (p. 8)",
            distance=GUIDE_DISTANCE,
            once=GUIDE_DISTANCE_ONCE,
        )
    if close_pairs(trial) > close_pairs(placed) and complete_guides(candidates, count, list(placed), False):
        return N_(
            "a guide may be only {once} areas away only when the guides cannot all lie {distance} apart (p. 8)",
            once=GUIDE_DISTANCE_ONCE,
            distance=GUIDE_DISTANCE,
        )
    if complete_guides(candidates, count, trial, True) is None:
        return N_("this leaves no room for the remaining guides (p. 8)")
    return None


def legal_next_guides(board: Board, placed: Sequence[Guide], count: int) -> list[Guide]:
    """Every guide the first player may place next, in a stable order."""
    candidates = guide_candidates(board)
    return [g for g in candidates if next_guide_problem(board, placed, count, g, candidates) is None]


# -- step 5: home realms --------------------------------------------------------------------


def guide_pairs(home: MapTile) -> list[tuple[str, str]]:
    """The pairs of adjacent areas of ``home`` that may take a guide's place (p. 8: „dass 2 Gebiete davon den vorherigen
    Platz der Aufbauhilfe einnehmen“, any 2, ruling R33): the pack's ``guide_areas`` first, then the others."""
    areas = list(home.areas)
    pairs = [
        (a, b)
        for i, a in enumerate(areas)
        for b in areas[i + 1 :]
        if distance((home.hex(a).q, home.hex(a).r), (home.hex(b).q, home.hex(b).r)) == 1
    ]
    house = tuple(home.guide_areas)
    return sorted(pairs, key=lambda pair: (set(pair) != set(house), areas.index(pair[0]), areas.index(pair[1])))


def legal_home_placements(
    board: Board,
    home: MapTile,
    guide: Guide,
    other_guides: Sequence[Guide],
    homes: Sequence[str],
    pairs: Sequence[tuple[str, str]] | None = None,
) -> list[Placement]:
    """Placements of ``home`` with 2 of its areas on the guide's cells, in any orientation (p. 8 step 5, ruling R33).

    ``pairs``: the area pairs that may cover the guide (default: every adjacent pair, :func:`guide_pairs`, so the
    placements with the pack's ``guide_areas`` come first). The third area must be on an empty cell not under
    another guide, no area may touch another home realm, and no coloured border may double one already placed.
    """
    blocked = {cell for g in other_guides for cell in g.cells}
    home_cells = {board.cell_of[a] for tile in homes for a in board.pack.tile(tile).areas}
    out: list[Placement] = []
    for a1, a2 in guide_pairs(home) if pairs is None else pairs:
        g1, g2 = home.hex(a1), home.hex(a2)
        for rotation in range(6):
            r1, r2 = rotate_axial(g1.q, g1.r, rotation), rotate_axial(g2.q, g2.r, rotation)
            for c1, c2 in (guide.cells, guide.cells[::-1]):
                placement = Placement(home.id, rotation, c1[0] - r1[0], c1[1] - r1[1])
                if (placement.q + r2[0], placement.r + r2[1]) != c2 or placement in out:
                    continue
                cells = [ph.cell for ph in place(home, placement)]
                if any(c in blocked for c in cells):
                    continue
                if any(n in home_cells for c in cells for n in neighbours(c)):
                    continue
                if _doubles_a_border(board, home, placement):
                    continue
                if any(c in board.hexes for c in cells):
                    continue
                out.append(placement)
    return out


def _doubles_a_border(board: Board, tile: MapTile, placement: Placement) -> bool:
    for ph in place(tile, placement):
        for direction in ph.coloured:
            other = board.hexes.get(neighbour(ph.cell[0], ph.cell[1], direction))
            if other is not None and OPPOSITE[direction] in other.coloured:
                return True
    return False


# -- the whole procedure, automatic ---------------------------------------------------------


@dataclass(frozen=True)
class TileTurn:
    """Which seat places which tile, in the order of p. 8 step 3."""

    seat: int
    tile: str


def tile_turns(first: int, tiles_by_seat: Sequence[Sequence[str]]) -> list[TileTurn]:
    """Each seat, from the first player clockwise, places one tile per turn until all are placed."""
    seats = len(tiles_by_seat)
    order = [(first + i) % seats for i in range(seats)]
    rounds = max(len(t) for t in tiles_by_seat)
    return [TileTurn(s, tiles_by_seat[s][k]) for k in range(rounds) for s in order if k < len(tiles_by_seat[s])]


def auto_layout(
    pack: Pack, first: int, tiles_by_seat: Sequence[Sequence[str]], home_by_seat: Sequence[str], rng: Rng
) -> list[Placement]:
    """Build the whole map by the rules of pp. 8-9, every choice taken by ``rng``.

    Tiles go down compactly (among legal placements, one with the most shared edges);
    when guides or home realms cannot be placed the tiles are laid again, as p. 8 says.
    """
    seats = len(home_by_seat)
    for _ in range(MAX_REBUILDS):
        placements = _lay_tiles(pack, tile_turns(first, tiles_by_seat), rng)
        if placements is None:
            continue
        board = Board(pack, placements)
        guides = choose_guides(board, seats, rng)
        if guides is None:
            continue
        homes = _lay_homes(pack, board, guides, [(first + 1 + i) % seats for i in range(seats)], home_by_seat, rng)
        if homes is not None:
            return placements + homes
    raise MapBuildError(f"no legal map from these tiles after {MAX_REBUILDS} tries")


def _lay_tiles(pack: Pack, turns: Sequence[TileTurn], rng: Rng) -> list[Placement] | None:
    placements: list[Placement] = []
    for turn in turns:
        board = Board(pack, placements)
        tile = pack.tile(turn.tile)
        legal = legal_tile_placements(board, tile)
        if not legal:
            return None
        contacts = {p: contact_count(board, tile, p) for p in legal}
        best = max(contacts.values())
        placements.append(rng.choice([p for p in legal if contacts[p] == best]))
    return placements


def _lay_homes(
    pack: Pack, board: Board, guides: list[Guide], order: Sequence[int], home_by_seat: Sequence[str], rng: Rng
) -> list[Placement] | None:
    remaining = list(guides)
    homes: list[Placement] = []
    for seat in order:
        home = pack.tile(home_by_seat[seat])
        board_now = Board(pack, list(board.placements) + homes)
        # R33: any 2 areas may cover the guide. The automatic layout tries the pack's guide_areas first (the maps
        # it laid before any pair was allowed stay the same) and any other pair when they fit on no guide.
        options = []
        for pairs in ([tuple(home.guide_areas)], [p for p in guide_pairs(home) if set(p) != set(home.guide_areas)]):
            others = [[o for o in remaining if o is not g] for g in remaining]
            options = [
                (g, p)
                for g, rest in zip(remaining, others)
                for p in legal_home_placements(board_now, home, g, rest, [h.tile for h in homes], pairs)
            ]
            if options:
                break
        if not options:
            return None
        guide, placement = rng.choice(options)
        remaining.remove(guide)
        homes.append(placement)
    return homes
