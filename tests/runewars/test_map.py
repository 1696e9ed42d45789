"""Map building, digest §4.2 / rulebook pp. 8-9, and the map's geometry."""

from functools import lru_cache

import pytest

from engine.core import Rng, encode
from engine.runewars.data import DIRECTIONS, OPPOSITE, load_pack
from engine.runewars.map import (
    GUIDE_DISTANCE_ONCE,
    GUIDE_UNCOLOURED_EDGES,
    Board,
    Guide,
    Placement,
    auto_layout,
    distance,
    guide_candidates,
    guide_pairs,
    guides_are_spaced,
    legal_home_placements,
    legal_tile_placements,
    neighbours,
    place,
    tile_placement_problem,
    tile_turns,
)


@lru_cache(maxsize=1)
def pack():
    return load_pack(use_env=False)


def deal(seed: int, players: int):
    """Two non-home tiles per player (as the setup quests deal them) and the first homes."""
    rng = Rng(seed)
    tiles = [t.id for t in pack().tiles if not t.is_home]
    rng.shuffle(tiles)
    homes = [t.id for t in pack().home_tiles][:players]
    return [tiles[2 * i : 2 * i + 2] for i in range(players)], homes, rng


def layouts(players: int, seeds=range(8)):
    for seed in seeds:
        by_seat, homes, rng = deal(seed, players)
        yield by_seat, homes, auto_layout(pack(), seed % players, by_seat, homes, rng)


def test_tiles_are_placed_one_per_turn_clockwise_from_the_first_player():
    """p. 8 step 3: the first player starts, then clockwise, one tile per turn."""
    turns = tile_turns(2, [["a1", "a2"], ["b1", "b2"], ["c1", "c2"]])
    assert [(t.seat, t.tile) for t in turns] == [(2, "c1"), (0, "a1"), (1, "b1"), (2, "c2"), (0, "a2"), (1, "b2")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_automatic_map_obeys_the_placement_rules(players):
    """p. 8 step 3: each tile touches 2 placed areas with 2 of its own, no doubled coloured border."""
    for by_seat, _homes, layout in layouts(players):
        normal = [p for p in layout if not pack().tile(p.tile).is_home]
        assert sorted(p.tile for p in normal) == sorted(t for tiles in by_seat for t in tiles)
        for i, placement in enumerate(normal):
            board = Board(pack(), normal[:i])
            assert tile_placement_problem(board, pack().tile(placement.tile), placement) is None
        assert normal[0].q == normal[0].r == 0  # the first tile goes to the centre


@pytest.mark.parametrize("players", [2, 3, 4])
def test_home_realms_sit_on_the_edge_apart_and_never_touch(players):
    """p. 8 steps 4-5: guides on the edge, spaced (one pair may be closer), homes never adjacent."""
    for _, homes, layout in layouts(players):
        home_placements = [p for p in layout if pack().tile(p.tile).is_home]
        assert sorted(p.tile for p in home_placements) == sorted(homes)
        cells = {p.tile: {ph.cell for ph in place(pack().tile(p.tile), p)} for p in home_placements}
        for a in cells:
            for b in cells:
                if a < b:
                    assert not any(n in cells[b] for c in cells[a] for n in neighbours(c)), (a, b)
        guides = []
        for p in home_placements:
            tile = pack().tile(p.tile)
            by_area = {ph.area: ph.cell for ph in place(tile, p)}
            guides.append(Guide(tuple(by_area[a] for a in tile.guide_areas)))
        assert guides_are_spaced(guides)


def test_a_map_is_reproducible_from_the_seed():
    """Issue #4 item 1 (b): the automatic layout is reproducible from the seed (rulings R12, R33)."""
    first = list(layouts(3, seeds=[5]))[0][2]
    again = list(layouts(3, seeds=[5]))[0][2]
    other = list(layouts(3, seeds=[6]))[0][2]
    assert encode(first) == encode(again) != encode(other)


def test_the_first_tile_may_go_down_in_any_orientation():
    """p. 8 Spielplanaufbau 3: „Der Startspieler wählt eines seiner Spielplanteile und legt es in die Mitte der Spielfläche“
    (ruling R33: any of the 6 orientations)."""
    tile = pack().tiles[0]
    assert len(legal_tile_placements(Board(pack(), []), tile)) == 6


def test_overlapping_and_touching_a_single_area_are_refused():
    """p. 8 step 3: 'dass 2 Gebiete des Teils mindestens 2 verschiedene Gebiete ... berühren'."""
    normal = [t for t in pack().tiles if not t.is_home]
    board = Board(pack(), [Placement(normal[0].id, 0, 0, 0)])
    assert "overlap" in tile_placement_problem(board, normal[1], Placement(normal[1].id, 0, 0, 0))
    far_tile = normal[1]
    touching_once = next(
        Placement(far_tile.id, rot, q, r)
        for rot in range(6)
        for q in range(-6, 7)
        for r in range(-6, 7)
        if _contacts(board, far_tile, Placement(far_tile.id, rot, q, r)) == 1
    )
    assert "2 areas of the tile" in tile_placement_problem(board, far_tile, touching_once)


def _contacts(board, tile, placement):
    cells = [ph.cell for ph in place(tile, placement)]
    if any(c in board.hexes for c in cells):
        return -1
    return len({(c, n) for c in cells for n in neighbours(c) if n in board.hexes})


def test_a_doubled_coloured_border_is_refused():
    """p. 8 step 3: no mountain or water border may lie against another on the neighbouring tile."""
    coloured = [t for t in pack().tiles if not t.is_home and any(d in t.hex(a).borders for a, d in t.outer_edges())]
    a, b = coloured[0], coloured[1]
    board = Board(pack(), [Placement(a.id, 0, 0, 0)])
    problems = {
        tile_placement_problem(board, b, Placement(b.id, rot, q, r))
        for rot in range(6)
        for q in range(-5, 6)
        for r in range(-5, 6)
    }
    assert any(p and "coloured borders" in p for p in problems)


def test_guides_touch_enough_uncoloured_borders():
    """p. 8 step 4: 'Jede dieser Hilfen muss mindestens 3 nichtfarbige ... Gebietsgrenzen berühren'."""
    _, _, layout = next(layouts(3, seeds=[1]))
    board = Board(pack(), [p for p in layout if not pack().tile(p.tile).is_home])
    candidates = guide_candidates(board)
    assert candidates
    for guide in candidates:
        uncoloured = [
            (cell, direction)
            for cell in guide.cells
            for direction, (dq, dr) in DIRECTIONS.items()
            if (cell[0] + dq, cell[1] + dr) in board.hexes
            and OPPOSITE[direction] not in board.hexes[(cell[0] + dq, cell[1] + dr)].coloured
        ]
        assert len(uncoloured) >= GUIDE_UNCOLOURED_EDGES
        assert all(cell not in board.hexes for cell in guide.cells)


def test_guide_spacing_allows_one_closer_pair_only():
    """p. 8 step 4: 'darf eine auch nur 3 Felder Abstand haben' (ruling: guide spacing)."""

    def g(q):
        return Guide(((q, 0), (q, 1)))

    assert guides_are_spaced([g(0), g(4), g(8)])
    assert guides_are_spaced([g(0), g(3), g(7)])
    assert not guides_are_spaced([g(0), g(3), g(6)])
    assert not guides_are_spaced([g(0), g(GUIDE_DISTANCE_ONCE - 1)])


def test_a_home_realm_covers_its_guide_with_any_two_areas_in_any_orientation():
    """p. 8 step 5: „Das Heimatreich muss so angelegt werden, dass 2 Gebiete davon den vorherigen Platz der Aufbauhilfe
    einnehmen. Ein Heimatreich kann in beliebiger Orientierung angelegt werden.“ Ruling R33 (issue 20 item 4): any 2
    adjacent areas may cover the guide, either way round; the pack's guide_areas come first."""
    _, homes, layout = next(layouts(2, seeds=[2]))
    normal = [p for p in layout if not pack().tile(p.tile).is_home]
    board = Board(pack(), normal)
    home = pack().tile(homes[0])
    assert len(guide_pairs(home)) == 3 and set(guide_pairs(home)[0]) == set(home.guide_areas)
    seen_pairs = set()
    for guide in guide_candidates(board):
        placements = legal_home_placements(board, home, guide, [], [])
        assert len(set(placements)) == len(placements)
        house = legal_home_placements(board, home, guide, [], [], [tuple(home.guide_areas)])
        assert placements[: len(house)] == house
        for placement in placements:
            cells = {ph.area: ph.cell for ph in place(home, placement)}
            on_guide = frozenset(a for a, c in cells.items() if c in guide.cells)
            assert len(on_guide) == 2
            seen_pairs.add(on_guide)
    assert seen_pairs == {frozenset(p) for p in guide_pairs(home)}  # all 3 pairs, not only the pack's


def test_adjacency_and_borders_are_symmetric():
    """p. 18 (Bewegungsbeschränkungen): a border is one line between two areas, the same seen from either side."""
    _, _, layout = next(layouts(4, seeds=[3]))
    board = Board(pack(), layout)
    for area, others in board.adjacency.items():
        for other, kind in others.items():
            assert board.adjacency[other][area] == kind
            assert distance(board.cell_of[area], board.cell_of[other]) == 1
