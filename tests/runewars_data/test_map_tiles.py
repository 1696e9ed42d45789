"""Map tiles: geometry, home realms and the building rules of pp. 8-9 (digest §4.2)."""

import pytest

from engine.core import Rng
from engine.runewars.data import DIRECTION_ORDER, DIRECTIONS, OPPOSITE, rotate_axial, rotate_direction
from engine.runewars.map import auto_layout


def test_direction_convention():
    """Axial pointy-top directions e, ne, nw, w, sw, se; opposites; rotation is counter-clockwise."""
    assert DIRECTIONS == {"e": (1, 0), "ne": (1, -1), "nw": (0, -1), "w": (-1, 0), "sw": (-1, 1), "se": (0, 1)}
    for d, (dq, dr) in DIRECTIONS.items():
        odq, odr = DIRECTIONS[OPPOSITE[d]]
        assert (dq + odq, dr + odr) == (0, 0)
    for i, d in enumerate(DIRECTION_ORDER):
        assert rotate_direction(d, 1) == DIRECTION_ORDER[(i + 1) % 6]
        assert rotate_axial(*DIRECTIONS[d], 1) == DIRECTIONS[rotate_direction(d, 1)]
        assert rotate_axial(*DIRECTIONS[d], 6) == DIRECTIONS[d]


def test_p4_tiles_have_2_to_4_connected_hexes(pack):
    """p. 4: every tile has 2 to 4 hexes; Runetable also requires them to be connected."""
    for t in pack.tiles:
        assert 2 <= len(t.hexes) <= 4, t.id
        assert t.is_connected(), t.id


def test_area_ids_carry_the_tile_number(pack):
    """p. 7 / p. 26: area ids like '3A' (tile number + letter), unique over the map."""
    seen = set()
    for t in pack.tiles:
        for h in t.hexes:
            assert h.area.startswith(str(t.number)) and h.area[len(str(t.number)) :].isalpha()
            assert h.area not in seen
            seen.add(h.area)


def test_p15_home_realms_3_areas_and_guide_data(pack):
    """pp. 8, 15: 4 home realms (one per faction) of 3 mutually adjacent areas; 2 adjacent guide areas
    with uncoloured outer edges; no neutrals, cities or setup quests in home realms."""
    homes = pack.home_tiles
    assert sorted(t.home_faction for t in homes) == sorted(pack.factions)
    quest_tiles = {q.tile for q in pack.setup_quests}
    for t in homes:
        assert len(t.hexes) == pack.constant("home_realm_areas") == 3
        for h in t.hexes:
            assert len(t.internal_neighbours(h.area)) == 2  # a triangle of 3 hexes
            assert not h.neutrals and not h.city
        a, b = (t.hex(x) for x in t.guide_areas)
        assert len(t.guide_areas) == pack.constant("setup_guide_areas")
        assert b.area in t.internal_neighbours(a.area).values()
        outer = t.outer_edges()
        for area in t.guide_areas:
            assert not [d for (x, d) in outer if x == area and d in t.hex(area).coloured_edges]
        assert t.id not in quest_tiles
        assert pack.faction(t.home_faction).home_tile == t.id


def test_home_realm_resources_give_the_starting_dials(pack):
    """House design: harvesting the home realm alone reproduces each faction's starting dial values."""
    for f in pack.factions.values():
        t = pack.tile(f.home_tile)
        for res in ("food", "wood", "ore"):
            assert sum(h.resources()[res] for h in t.hexes) == f.dials[res].start, (f.id, res)


def test_internal_borders_are_mirrored(pack):
    """An edge between two hexes of a tile has the same border seen from both sides."""
    for t in pack.tiles:
        for h in t.hexes:
            for d, area in t.internal_neighbours(h.area).items():
                assert h.borders.get(d) == t.hex(area).borders.get(OPPOSITE[d])


def test_every_non_home_tile_has_one_setup_quest(pack):
    """p. 8: setup quest cards name the tiles; one per non-home tile, its area on that tile."""
    non_home = [t for t in pack.tiles if not t.is_home]
    assert sorted(q.tile for q in pack.setup_quests) == sorted(t.id for t in non_home)
    for q in pack.setup_quests:
        assert q.area in pack.tile(q.tile).areas


def test_city_spaces_fit_the_city_tokens(pack):
    """p. 8 step 5: city tokens go on city spaces; there are never more spaces than the 7 tokens."""
    spaces = sum(h.city for h in pack.areas.values())
    assert 0 < spaces <= len(pack.city_tokens)


def test_setup_neutrals_fit_the_supply(pack):
    """p. 8 step 4: the printed neutrals of all tiles together fit the neutral figures."""
    used = {}
    for h in pack.areas.values():
        for u, n in h.neutrals.items():
            used[u] = used.get(u, 0) + n
    for u, n in used.items():
        assert n <= pack.unit(u).figures
        assert pack.unit(u).neutral


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pp8_9_map_building_is_satisfiable(pack, players):
    """pp. 8-9: with the built-in tiles, random setup-quest deals build a legal map: touching 2 placed areas,
    no parallel coloured borders, guides at the edge touching 3 uncoloured borders, 4 apart (one may be 3),
    home realms on the guides and never adjacent to each other."""
    normal = [t.id for t in pack.tiles if not t.is_home]
    homes = [t.id for t in pack.home_tiles][:players]
    for seed in range(8):
        rng = Rng(seed)
        rng.shuffle(normal)
        layout = auto_layout(pack, 0, [normal[2 * i : 2 * i + 2] for i in range(players)], homes, rng)
        assert len({p.tile for p in layout}) == 3 * players  # the rules themselves: tests/runewars/test_map.py
