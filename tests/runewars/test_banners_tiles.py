"""Banners of War (issue 23 item 2): tiles 10-12 (Runetable's 14-16, ruling R-BW13), tile 12's placement rules, the
Sunken City, and counting dragon runes rather than areas.

Sources: the expansion rulebook (seeds/003, German), sections „Spielaufbau der Erweiterung“, „Spielplanteil 12“,
„Die Versunkene Stadt“, „Beschreibung Spielplanteil 12 und Versunkene Stadt“, „Ödnismarker“; rulings R-BW13 to
R-BW15 in docs/rulings.md.
"""

from random import Random

import pytest

from engine.core import Context
from engine.runewars.banners.board import terrain
from engine.runewars.banners.sunken_city import place_sunken_city, sink_sunken_city, stronghold_banned
from engine.runewars.map import Board, Placement, auto_layout, legal_tile_placements, tile_placement_problem
from engine.runewars.orders.fortify import _build_args
from engine.runewars.orders.harvest import area_production
from engine.runewars.ruleset import RULESET
from engine.runewars.runes import dragon_rune_count
from engine.runewars.victory import check
from tests.runewars.prompting import ENGINE

BOW = {"banners_of_war": True}
PACK = RULESET.pack(BOW)
TILE12 = PACK.tile("tile-16")
#: tile 1 at the centre, tile 12 against 1B and 1D (its yellow sides e and se face empty space), a home realm apart
MAP = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-16", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": 0, "r": 3},
]


def units(unit, n, owner=0):
    return {"owner": owner, "unit": unit, "standing": n}


def position(areas, *, banners=None, players=None):
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": MAP,
        "neutrals": "none",
        "areas": areas,
        "players": players or {},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 5, "1": 1}, "turn": 0},
        "decks": {"season.summer": []},
        **({"banners": banners} if banners else {}),
    }
    return ENGINE.from_position(BOW, 2, 1, spec).state


# -- the tiles and the setup quests ---------------------------------------------------------------------------


def test_three_new_tiles_with_their_setup_quests_and_tile_12_is_a_single_hex():
    """„die zusätzlichen Aufbau-Questkarten für die Spielplanteile 10, 11 und 12 [werden] in den Stapel der Aufbau-
    Questkarten eingemischt“; „3 Spielplanteile (1 bis 4 Hexfelder groß)“; tile 12 has a yellow border."""
    assert len(PACK.tiles) == 16 and len(RULESET.pack({}).tiles) == 13
    new = [PACK.tile(t) for t in ("tile-14", "tile-15", "tile-16")]
    assert all(1 <= len(t.hexes) <= 4 for t in new) and len(TILE12.hexes) == 1
    assert "yellow" in TILE12.hexes[0].borders.values()
    dealt = {q.tile for q in PACK.setup_quests}
    assert {"tile-14", "tile-15", "tile-16"} <= dealt and len(PACK.setup_quests) == 12
    quests = PACK.hero_cards.quests
    assert all(q in quests for q in ("setup-14", "setup-15", "setup-16"))  # the same cards join the quest deck


def test_tile_12_placed_later_must_touch_two_different_areas_with_two_sides():
    """„Falls das Spielplanteil 12 nicht das Erste ist …, muss es so angelegt werden, dass zwei Seiten seines Gebietes
    mindestens an zwei verschiedene Gebiete bereits ausgelegter Spielplanteile grenzen.“"""
    board = Board(PACK, [Placement("tile-1", 0, 0, 0)])
    assert tile_placement_problem(board, TILE12, Placement("tile-16", 0, 2, 0)) is None  # against 1B and 1D
    problem = tile_placement_problem(board, TILE12, Placement("tile-16", 0, 2, -1))  # against 1B only
    assert problem is not None and "2 different areas" in problem
    for p in legal_tile_placements(board, TILE12):
        cell = (p.q, p.r)
        touching = {
            h.area
            for c, h in board.hexes.items()
            if abs(c[0] - cell[0]) + abs(c[1] - cell[1]) + abs(c[0] + c[1] - cell[0] - cell[1]) == 2
        }
        assert len(touching) >= 2


def test_the_tile_after_a_first_tile_12_touches_two_of_its_sides_with_two_different_areas():
    """„Falls das Spielplanteil 12 das Erste ist, das gelegt wird, muss das nächste Spielplanteil so angelegt werden,
    dass zwei verschiedene Gebiete (Hexfelder) zwei Seiten des Spielplanteils 12 berühren.“"""
    board = Board(PACK, [Placement("tile-16", 0, 0, 0)])
    tile7 = PACK.tile("tile-7")  # 7A and 7B side by side
    assert tile_placement_problem(board, tile7, Placement("tile-7", 0, -1, 1)) is None  # 7A sw, 7B se of tile 12
    problem = tile_placement_problem(board, tile7, Placement("tile-7", 0, -2, 1))  # only 7B touches it
    assert problem is not None and "2 different areas" in problem
    assert legal_tile_placements(board, tile7)


def test_the_yellow_border_never_lies_against_a_red_or_blue_one_and_does_not_hinder_movement():
    """„Die gelbe Grenze darf nicht parallel angrenzend an eine rote oder blaue Grenze gelegt werden. Die gelbe Grenze
    hat keine anderweitige Bedeutung, außer dieser Aufbaubeschränkung.“"""
    board = Board(PACK, [Placement("tile-6", 0, 0, 0)])  # 6A's north-west edge is a mountain border
    problem = tile_placement_problem(board, TILE12, Placement("tile-16", 0, 0, -1))  # its yellow south-east side there
    assert problem is not None and "yellow" in problem
    built = Board(PACK, [Placement("tile-1", 0, 0, 0), Placement("tile-16", 0, 2, 0), Placement("tile-7", 0, 2, 1)])
    assert built.border("16A", "se") == "yellow" and built.adjacency["16A"]["7A"] is None  # crossed freely


def test_maps_with_tile_12_are_built_automatically():
    """Setup step 3 with the new tiles: the automatic layout follows the same rules (two-player deal with tile 12)."""
    for first in ("tile-16", "tile-1"):
        tiles = [[first, "tile-14"], ["tile-15", "tile-16" if first != "tile-16" else "tile-7"]]
        placements = auto_layout(PACK, 0, tiles, ["tile-10", "tile-13"], _Rng())
        assert "16A" in Board(PACK, placements).areas


class _Rng:
    def __init__(self):
        self.r = Random(3)

    def choice(self, seq):
        return self.r.choice(list(seq))

    def shuffle(self, seq):
        self.r.shuffle(seq)


def test_no_stronghold_on_tile_12():
    """„Festungen können nicht auf dem Spielplanteil 12 gebaut werden.“ Fortify never offers its area."""
    state = position({"16A": {"units": [units("human_infantry", 2)]}, "1B": {"units": [units("human_infantry", 1)]}})
    assert stronghold_banned(PACK, "16A") and not stronghold_banned(PACK, "1B")
    assert not stronghold_banned(RULESET.pack({}), "10A")
    sites = {a["area"] for a in _build_args(state.board, PACK, 0)}
    assert "1B" in sites and "16A" not in sites


# -- the Sunken City ------------------------------------------------------------------------------------------


def _place(state, seat=0):
    ctx = Context(Random(1))
    place_sunken_city(state, PACK, ctx, seat)
    return [e.kind for e in ctx.events], ctx


def test_a_quest_places_the_sunken_city_on_tile_12_and_its_water_border_covers_the_yellow_one():
    """„muss er sie so auf das Spielplanteil 12 legen, dass die blaue Wassergrenze die gelbe Grenze genau überdeckt“;
    „Dieser Marker wird wie jeder andere Stadtmarker behandelt“; a second instruction is ignored."""
    state = position({"16A": {"units": [units("human_infantry", 1)]}})
    assert "sunken-city" not in {a.city for a in state.board.areas.values()}  # never laid at setup
    kinds, _ = _place(state)
    assert kinds == ["sunken_city_placed"] and state.board.areas["16A"].city == "sunken-city"
    assert state.board.sunken_city == "16A"
    geo = terrain(PACK, state.board)
    assert geo.adjacency["16A"]["1B"] is None  # the uncoloured sides stay open
    kinds, _ = _place(state)
    assert kinds == ["sunken_city_ignored"]  # „die Versunkene Stadt wurde bereits entdeckt!“
    assert ENGINE.view(state, None)["banners"]["sunken_city"] == "16A"


def test_the_sunken_city_water_border_blocks_the_formerly_yellow_sides():
    """Legend item 6: „Diese blaue Grenze wird genau auf die gelbe Grenze gelegt, ansonsten gelten für sie die üblichen
    Regeln für Wassergrenzen.“ (the neighbour across a yellow side is behind water once the city lies there)."""
    spec_map = [*MAP[:2], {"tile": "tile-7", "rotation": 0, "q": 2, "r": 1}, MAP[2]]
    state = ENGINE.from_position(
        BOW,
        2,
        1,
        {
            "factions": ["humans", "uthuk"],
            "placements": spec_map,
            "neutrals": "none",
            "areas": {},
            "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 5, "1": 1}, "turn": 0},
            "banners": {"sunken_city": "16A"},
        },
    ).state
    geo = terrain(PACK, state.board)
    assert geo.adjacency["16A"]["7A"] == "water" and geo.adjacency["7A"]["16A"] == "water"
    state.board.cryomancy = {"16A": 1}  # Cryomancy opens the area's water borders as in winter
    assert terrain(PACK, state.board).adjacency["16A"]["7A"] is None


def test_desolation_or_cryomancy_on_tile_12_keeps_the_city_away_and_leaves_the_area():
    """„Falls auf dem Spielplanteil 12 ein Ödnis- oder Eiswüstenmarker liegt …, wird die Versunkene Stadt nicht gelegt,
    stattdessen werden alle Ödnis- und Eiswüstenmarker von dem Gebiet entfernt.“"""
    state = position({}, banners={"cryomancy": {"16A": 2}, "desolation": ["1A"]})
    kinds, ctx = _place(state)
    assert kinds == ["sunken_city_blocked"] and not state.board.sunken_city
    assert state.board.cryomancy == {} and state.board.desolation == ["1A"]
    assert ctx.events[0].data["removed"] == {"desolation": 0, "cryomancy": 2}
    kinds, _ = _place(state)  # the next quest finds it
    assert kinds == ["sunken_city_placed"]


def test_the_sunken_city_destroyed_can_be_found_again():
    """„Falls die Versunkene Stadt zerstört wird, kann sie später erneut entdeckt werden.“"""
    state = position({}, banners={"sunken_city": "16A"})
    ctx = Context(Random(1))
    sink_sunken_city(state, PACK, ctx, 1)
    assert [e.kind for e in ctx.events] == ["sunken_city_destroyed"]
    assert state.board.areas["16A"].city is None and not state.board.sunken_city
    assert _place(state)[0] == ["sunken_city_placed"]


def test_without_tile_12_on_the_map_there_is_nowhere_to_place_it():
    """Ruling R-BW14: the tile was not dealt, so the quest's instruction places nothing."""
    state = ENGINE.from_position(
        BOW,
        2,
        1,
        {
            "factions": ["humans", "uthuk"],
            "placements": [MAP[0], MAP[2]],
            "neutrals": "none",
            "areas": {},
            "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 5, "1": 1}, "turn": 0},
        },
    ).state
    kinds, ctx = _place(state)
    assert kinds == ["sunken_city_ignored"] and ctx.events[0].data["reason"] == "no_tile"


def test_the_sunken_city_adds_its_resource_symbols_unless_cancelled():
    """Legend item 5: „die zusätzlichen Rohstoffe, um welche die Versunkene Stadt das Gebiet bereichert“; Desolation
    cancels „alle Rohstoffsymbole des Gebietes“, the city's too."""
    state = position({}, banners={"sunken_city": "16A"})
    city = next(c for c in PACK.city_tokens if c.id == "sunken-city")
    printed = PACK.areas["16A"].resources()
    assert area_production(state.board, PACK, "16A") == {r: printed[r] + city.resources()[r] for r in printed}
    state.board.desolation = ["16A"]
    assert sum(area_production(state.board, PACK, "16A").values()) == 0


# -- dragon runes, not areas ----------------------------------------------------------------------------------


def test_the_sunken_city_rune_counts_for_its_areas_controller_and_a_rune_token_there_counts_too():
    """„dass diese Stadt dem Spieler, der das Gebiet mit dieser Stadt kontrolliert, eine Drachenrune verschafft“;
    „kann ein Gebiet mit einer Drachenrunenstadt für den Spieler, der es kontrolliert, möglicherweise zwei
    Drachenrunen wert sein“; Desolation: „verschafft sie diese nicht mehr, solange der Ödnismarker dort liegt“."""
    areas = {"16A": {"units": [units("human_infantry", 1)], "rune": {"kind": "dragon"}}}
    state = position(areas, banners={"sunken_city": "16A"})
    assert dragon_rune_count(state.board, 0) == 2 and dragon_rune_count(state.board, 1) == 0
    state.board.cryomancy = {"16A": 1}
    assert dragon_rune_count(state.board, 0) == 1  # the token still counts („Drachenrunenmarker … nicht betroffen“)


def test_the_instant_win_counts_dragon_runes_with_the_sunken_citys():
    """Six dragon runes win at once (base p. 30); the Sunken City's rune does not raise the threshold (digest §4.3)."""
    rune_areas = ["1A", "1B", "1C", "1D", "10B"]
    areas = {a: {"units": [units("human_infantry", 1)], "rune": {"kind": "dragon"}} for a in rune_areas}
    areas["16A"] = {"units": [units("human_infantry", 1)]}
    state = position(areas)
    state.board.phase = "play"
    check(state, PACK, Context(Random(1)))
    assert state.result is None  # five runes
    state = position(areas, banners={"sunken_city": "16A"})
    check(state, PACK, Context(Random(1)))
    assert state.result is not None and state.result["winner"] == 0 and state.result["printed_runes"] == 1


# -- the expansion's exploration tokens (with the base game's optional rule) ------------------------------------


def test_a_flooded_area_has_six_water_borders_except_in_winter_or_with_cryomancy():
    """„Überflutetes Gebiet“: „Das Gebiet wird so behandelt, als seien alle seine sechs Grenzen Wassergrenzen (blau)“;
    „außer im Winter (oder wenn dort ein Eiswüstenmarker liegt)“ (winter: movement.crossable reads the water)."""
    from engine.runewars.heroes.exploration import token_kind
    from engine.runewars.state import ExplorationMarker as Exploration

    state = position({})
    board = state.board
    board.exploration["1A"] = Exploration("flooded_area", face_up=True)
    geo = terrain(PACK, board)
    assert all(kind == "water" for kind in geo.adjacency["1A"].values())
    assert geo.adjacency["1B"]["1A"] == "water" and geo.adjacency["1B"]["1D"] is None
    board.cryomancy = {"1A": 1}
    assert all(kind is None for kind in terrain(PACK, board).adjacency["1A"].values())
    assert token_kind(PACK, "flooded_area") == "location" and token_kind(PACK, "defensible_area") == "destructible_location"
    assert sum(t.back_1 + t.back_2 for t in PACK.exploration_tokens if t.id in ("flooded_area", "defensible_area")) == 8


def test_a_defensible_area_gives_the_defender_one_strength():
    """„Zu verteidigendes Gebiet“: „Wenn der Sieger eines Kampfes in diesem Gebiet ermittelt wird, erhält der Verteidiger
    +1 Stärke.“"""
    from engine.runewars.banners.exploration import defensible_bonus
    from engine.runewars.state import ExplorationMarker as Exploration

    state = position({})
    state.board.exploration["1B"] = Exploration("defensible_area", face_up=True)
    assert defensible_bonus(state.board, "1B") == 1 and defensible_bonus(state.board, "1A") == 0
    state.board.exploration["1B"].face_up = False
    assert defensible_bonus(state.board, "1B") == 0


def _flooded_quest_phase():
    from tests.runewars.test_heroes import TILES as HERO_TILES
    from tests.runewars.test_heroes import hero

    spec = {
        "factions": ["humans", "uthuk"],
        "placements": HERO_TILES,
        "neutrals": "none",
        "areas": {"2A": {"units": [units("uthuk_berserker", 1, owner=1)]}},
        "heroes": [hero("aldric_sturmhand", 1, "1B")],
        "players": {"1": {"quests": ["kopfgeld"]}},
        "season": {"year": 1, "name": "summer", "start": "orders", "previous_orders": {"0": 5, "1": 4}},
        "frames": [{"type": "QuestPhase"}],
        "exploration": {"2A": {"token": "flooded_area"}},
    }
    return ENGINE.from_position(BOW, 2, 1, spec)


def test_the_left_neighbour_moves_the_hero_who_reveals_a_flooded_area():
    """„Wenn dieser Marker aufgedeckt wird, bewegt der linke Nachbar des Spielers, dessen Held den Marker aufgedeckt hat,
    diesen Helden um bis zu zwei Gebiete“ (an out-of-turn prompt; ruling R-BW16: the hero does nothing more this phase)."""
    from tests.runewars.prompting import act, prompt_of, refused

    start = _flooded_quest_phase()
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"])
    prompt = prompt_of(moved.state, "flooded_move")
    assert prompt.seat == 0 and prompt.info["hero"] == "aldric_sturmhand" and prompt.info["areas"]
    assert "R-BW16" in refused(moved.state, "flooded_move", "move", area="2A").rule
    target = prompt.info["areas"][-1]
    carried = act(moved.state, "flooded_move", "move", area=target)
    assert [e.data["why"] for e in carried.events if e.kind == "hero_moved"] == ["flooded_area"]
    assert carried.state.board.heroes[0].area == target
    assert not any(p.kind in ("venture", "hero_venture") for p in carried.state.prompts)
    assert carried.state.board.exploration["2A"].face_up  # „Dieser Marker bleibt bis zum Spielende liegen.“
    stayed = act(moved.state, "flooded_move", "stay")
    assert stayed.state.board.heroes[0].area == "2A" and prompt_of(stayed.state, "hero_venture").seat == 1


def test_the_flood_carries_the_hero_for_nothing_along_a_path_of_neighbouring_areas():
    """„bewegt der linke Nachbar … diesen Helden um bis zu zwei Gebiete“: the flood carries him, no Magic Portal is used, so
    his player pays no influence (p. 37's influence is for a portal's jump) — a 3-player simulation (seed 17 with
    `exploration`) had charged it for the flooded area's own water borders and left a player at -1 influence; the event
    names each area the hero passes."""
    from engine.runewars.banners.board import terrain
    from tests.runewars.prompting import act, prompt_of

    start = _flooded_quest_phase()
    start.state.board.players[1].influence = 0
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"])
    areas = prompt_of(moved.state, "flooded_move").info["areas"]
    plain = terrain(PACK, moved.state.board).adjacency
    steps = set()
    for target in areas:
        carried = act(moved.state, "flooded_move", "move", area=target)
        (event,) = [e.data for e in carried.events if e.kind == "hero_moved"]
        path = event["path"]
        assert event["influence_paid"] == 0 and carried.state.board.players[1].influence == 0
        assert path[0] == "2A" and path[-1] == target and all(b in plain[a] for a, b in zip(path, path[1:]))
        steps.add(len(path) - 1)
    assert steps == {1, 2}


@pytest.mark.parametrize("influence", [0, 3])
def test_a_hero_carried_by_the_flood_pays_no_influence(influence):
    """„bewegt der linke Nachbar … diesen Helden um bis zu zwei Gebiete“: the flood carries him; no Magic Portal is used,
    so nothing is paid (a simulated game charged a hero's owner 1 influence, leaving him at -1)."""
    from tests.runewars.prompting import act, prompt_of

    start = _flooded_quest_phase()
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"])
    owner = moved.state.board.heroes[0].owner
    moved.state.board.players[owner].influence = influence
    for target in prompt_of(moved.state, "flooded_move").info["areas"]:
        carried = act(moved.state, "flooded_move", "move", area=target)
        assert carried.state.board.players[owner].influence == influence
        assert [e.data["influence_paid"] for e in carried.events if e.kind == "hero_moved"] == [0]


def test_the_data_check_with_the_option_counts_the_merged_pack_as_the_component_list_sums_it():
    """`python -m bot data check --options banners_of_war`: digest §2.2's totals (base + the expansion's §2.1 counts)."""
    from engine.runewars.ruleset import check_pack

    result = check_pack(None, use_env=False, options=BOW)
    assert result.ok, result.errors
    counts = result.counts
    expected = {"map_tiles": 16, "setup_quests": 12, "quests": 41, "heroes": 20, "rewards": 34, "titles": 4}
    expected |= {"tactics": 82, "season_cards": 44, "exploration_tokens": 43, "order_cards": 36, "cities": 7}
    assert {k: counts[k] for k in expected} == expected
    assert counts["objectives_by_alignment"] == {"good": 11, "evil": 11} and counts["cities_placed_later"] == 1
    assert counts["rune_tokens"] == {"dragon": 26, "false": 22}
    base = check_pack(None, use_env=False).counts
    assert base["map_tiles"] == 13 and "cities_placed_later" not in base


def test_the_ai_reads_the_same_borders_from_the_public_view():
    """The AI answers from views only (issue 23 item 7): its map (Cryomancy, a Flooded Area, the Sunken City's water
    border) is the rules' own, rebuilt from the public view."""
    from engine.runewars.ai.knowledge import Seen
    from engine.runewars.state import ExplorationMarker

    spec_map = [*MAP[:2], {"tile": "tile-7", "rotation": 0, "q": 2, "r": 1}, MAP[2]]
    state = ENGINE.from_position(
        BOW,
        2,
        1,
        {
            "factions": ["humans", "uthuk"],
            "placements": spec_map,
            "neutrals": "none",
            "areas": {},
            "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 5, "1": 1}, "turn": 0},
            "banners": {"sunken_city": "16A", "cryomancy": {"1C": 1}},
        },
    ).state
    state.board.exploration["1A"] = ExplorationMarker("flooded_area", face_up=True)
    seen = Seen(ENGINE.view(state, 0), PACK, 0)
    assert seen.adjacency == terrain(PACK, state.board).adjacency
    assert seen.adjacency["16A"]["7A"] == "water" and seen.adjacency["1A"]["1B"] == "water"
    assert not seen.crossable("7A", "16A", flying=False) and seen.crossable("7A", "16A", flying=True)
