"""Movement, pp. 16-18 (digest §6.2-§6.4)."""

from engine.core import Engine, load_ruleset
from engine.runewars.map import Board, Placement
from engine.runewars.movement import crossable, march_sources, may_leave, move_units, strategy_destinations
from tests.runewars.prompting import act, refused

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
INFANTRY, KNIGHT, PEGASUS = PACK.unit("human_infantry"), PACK.unit("human_knight"), PACK.unit("elf_pegasus_rider")
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]


def setting(areas=None, factions=("humans", "uthuk")):
    spec = {"factions": list(factions), "placements": TILES, "neutrals": "none", "areas": areas or {}}
    board = ENGINE.from_position({}, len(factions), 1, spec).state.board
    return board, Board(PACK, board.placements)


def find_border(geometry, kind):
    return next((a, b) for a, others in sorted(geometry.adjacency.items()) for b, k in sorted(others.items()) if k == kind)


def test_knights_are_fast_and_the_range_is_two_or_three():
    """p. 17: Mobilize/Conquer bring units from up to 2 areas away, fast units (Knights) from 3."""
    assert KNIGHT.fast and not INFANTRY.fast
    board, geometry = setting()
    far = {a: n for a, n in march_sources(board, geometry, 0, "2A", KNIGHT, winter=False).items()}
    near = march_sources(board, geometry, 0, "2A", INFANTRY, winter=False)
    assert max(near.values()) == 2 and max(far.values()) == 3
    assert set(near) < set(far)


def test_a_mountain_border_stops_walkers_but_not_fliers():
    """Digest §6.4: mountain borders are impassable; flying units ignore them."""
    board, geometry = setting()
    a, b = find_border(geometry, "mountain")
    assert not crossable(geometry, a, b, flying=False, winter=False)
    assert not crossable(geometry, a, b, flying=False, winter=True)
    assert crossable(geometry, a, b, flying=True, winter=False)
    assert b not in strategy_destinations(board, geometry, 0, a, INFANTRY, winter=False)
    assert b in strategy_destinations(board, geometry, 0, a, PEGASUS, winter=False)


def test_water_freezes_in_winter():
    """p. 11 / digest §5.3: in winter water borders can be crossed, by units and heroes."""
    _, geometry = setting()
    a, b = find_border(geometry, "water")
    assert not crossable(geometry, a, b, flying=False, winter=False)
    assert crossable(geometry, a, b, flying=False, winter=True)


def test_strategy_enters_only_friendly_or_empty_areas():
    """p. 16: each figure moves 1 step into an adjacent friendly or empty area (not neutral, not enemy)."""
    board, geometry = setting(
        {
            "1A": {"units": [{"owner": 0, "unit": "human_knight", "standing": 1}]},
            "1B": {"units": [{"owner": "neutral", "unit": "giant", "standing": 1}]},
            "1C": {"units": [{"owner": 1, "unit": "uthuk_berserker", "standing": 1}]},
        }
    )
    destinations = strategy_destinations(board, geometry, 0, "1A", KNIGHT, winter=False)
    assert "1B" not in destinations and "1C" not in destinations
    assert all(b in geometry.adjacency["1A"] for b in destinations) and destinations


def test_marching_never_passes_through_enemy_or_neutral_areas():
    """p. 17: the path leads only through friendly or empty areas."""
    board, geometry = setting()
    open_sources = march_sources(board, geometry, 0, "2A", INFANTRY, winter=False)
    two_steps = [a for a, n in open_sources.items() if n == 2]
    assert two_steps
    source = two_steps[0]
    middles = [m for m in geometry.adjacency[source] if m in geometry.adjacency["2A"]]
    blocked = {m: {"units": [{"owner": "neutral", "unit": "beastman", "standing": 1}]} for m in middles}
    board, geometry = setting(blocked)
    assert source not in march_sources(board, geometry, 0, "2A", INFANTRY, winter=False)


def test_units_cannot_leave_their_own_activated_area():
    """p. 15 „Aktiviertes Gebiet“: units cannot leave an area with their own activation token (others may)."""
    board, geometry = setting({"1A": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 2}], "activated_by": [0]}})
    assert not may_leave(board, 0, "1A")
    assert strategy_destinations(board, geometry, 0, "1A", INFANTRY, winter=False) == []
    assert "1A" not in march_sources(board, geometry, 0, "1B", INFANTRY, winter=False)
    board, geometry = setting({"1A": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 2}], "activated_by": [1]}})
    assert may_leave(board, 0, "1A")


def test_holes_in_the_map_cannot_be_crossed_even_flying():
    """p. 18 („Löcher“): no figure may move across a missing area, flying units included."""
    geometry = Board(PACK, [Placement("tile-9", 0, 0, 0), Placement("tile-7", 0, 3, 0)])
    tile9 = PACK.tile("tile-9").areas
    tile7 = PACK.tile("tile-7").areas
    assert all(b not in geometry.adjacency[a] for a in tile9 for b in tile7)
    assert not any(crossable(geometry, a, b, flying=True, winter=True) for a in tile9 for b in tile7)


def test_moved_allied_neutrals_never_merge_with_unallied_ones():
    """p. 19: only sharing an area with a player's units (or diplomacy) allies neutral units; moving allies in does not."""
    board, _ = setting(
        {
            "1A": {
                "units": [
                    {"owner": 0, "unit": "human_infantry", "standing": 1},
                    {"owner": "neutral", "unit": "beastman", "standing": 2, "ally": 0},
                ]
            },
            "1B": {"units": [{"owner": "neutral", "unit": "beastman", "standing": 1}]},
        }
    )
    move_units(board, 0, "1A", "1B", "beastman", 2)
    assert {s.ally: s.standing for s in board.areas["1B"].stacks} == {0: 2, None: 1}


def strategy_turn(areas):
    """Seat 0 (Humans) resolving Strategy in spring; seat 1 has played Recruit."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "areas": areas,
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 1, "1": 5}, "turn": 0},
    }
    return ENGINE.from_position({}, 2, 1, spec).state


def test_strategy_moves_each_figure_only_once():
    """p. 33 (Strategie): units move „auf benachbarte eigene oder leere Gebiete“, one step each (digest §6.2): a unit
    that moved with this order cannot move on."""
    state = strategy_turn({"10B": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 2}]}})
    state = act(state, "strategy_move", "move", **{"from": "10B", "to": "1A", "unit": "human_infantry", "count": 2}).state
    error = refused(state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1})
    assert "p. 16" in error.rule and all(a.args.get("from") != "1A" for a in error.alternatives)


def test_allied_neutrals_move_alone_only_into_an_area_their_ally_controls():
    """p. 19: allied neutral units may move without the player's units „solange sie ihre Bewegung in einem von dem
    Spieler kontrollierten Gebiet beenden“."""
    allied = {"owner": "neutral", "unit": "beastman", "standing": 2, "ally": 0}
    state = strategy_turn({"1A": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 1}, allied]}})
    destinations = {a.args["to"] for a in ENGINE.legal(state, 0) if a.args.get("unit") == "beastman"}
    assert destinations == {"10B"}  # home realm: controlled; 1B and 1C are empty, not controlled
    refused(state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "beastman", "count": 2})


def test_the_eight_unit_limit_cut_during_strategy_is_the_players_choice_and_moved_units_go_first():
    """p. 18 (8 units per area) with p. 11 „nach Wahl des Spielers“ and ruling R15 (issue 20 item 6): the player chooses
    which unit types the limit cuts; the figures cut count first as ones that moved with the order, so every unit that
    had not moved may still move."""
    infantry = {"owner": 0, "unit": "human_infantry", "standing": 5}
    knights = {"owner": 0, "unit": "human_knight", "standing": 2}
    state = strategy_turn({"1A": {"units": [infantry, knights]}, "10B": {"units": [{**infantry, "standing": 3}]}})
    state = act(state, "strategy_move", "move", **{"from": "10B", "to": "1A", "unit": "human_infantry", "count": 3}).state
    cull = [p for p in state.prompts if p.kind == "eliminate_units"][0]
    assert cull.forced is None and cull.info["excess"] == 2  # two unit types: the player chooses
    choices = [a.args["units"] for a in ENGINE.legal(state, 0) if a.prompt == cull.id]
    assert (
        {"human_knight": 2} in choices
        and {"human_infantry": 2} in choices
        and {"human_infantry": 1, "human_knight": 1} in choices
    )
    state = act(state, "eliminate_units", "eliminate", units={"human_infantry": 1, "human_knight": 1}).state
    area = state.board.areas["1A"]
    assert {s.unit: s.standing for s in area.led_by(0)} == {"human_infantry": 7, "human_knight": 1}
    moves = [a for a in ENGINE.legal(state, 0) if a.choice == "move" and a.args["from"] == "1A"]
    assert max(a.args["count"] for a in moves if a.args["unit"] == "human_infantry") == 5  # the 5 that never moved
    assert max(a.args["count"] for a in moves if a.args["unit"] == "human_knight") == 1
