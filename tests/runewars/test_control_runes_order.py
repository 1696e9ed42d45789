"""Control (p. 15, digest §3), dragon runes (p. 32, digest §8), player order and bonus (pp. 12, 31)."""

import pytest

from engine.core import Engine, load_ruleset
from engine.runewars.control import controlled_areas, controller, is_empty, is_neutral
from engine.runewars.runes import dragon_rune_areas, instant_winners
from engine.runewars.turn_order import earns_bonus, player_order

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
FRAGMENT = [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}]


def board(areas=None, factions=("humans", "uthuk"), **extra):
    spec = {"factions": list(factions), "placements": FRAGMENT, "neutrals": "none", "areas": areas or {}, **extra}
    return ENGINE.from_position({}, len(factions), 1, spec).state.board


def units(owner, n=1, unit="human_infantry", routed=0):
    return {"units": [{"owner": owner, "unit": unit, "standing": n, "routed": routed}]}


def test_own_units_or_stronghold_control_an_area_routed_units_too():
    """p. 15 „Kontrolliertes Gebiet“: at least one own unit (routed ones too) or an own stronghold."""
    b = board(
        {
            "1A": units(0),
            "1B": {"units": [{"owner": 1, "unit": "uthuk_berserker", "routed": 2}]},
            "1C": {"stronghold": {"owner": 1}},
        }
    )
    assert controller(b, "1A") == 0 and controller(b, "1B") == 1 and controller(b, "1C") == 1
    assert controller(b, "1D") is None


def test_neutral_units_control_nothing():
    """p. 15: „Helden oder neutrale Einheiten können keine Gebiete kontrollieren“."""
    b = board({"1A": {"units": [{"owner": "neutral", "unit": "giant", "standing": 1}]}})
    assert controller(b, "1A") is None and is_neutral(b, "1A") and not is_empty(b, "1A")


def test_a_home_realm_is_controlled_by_its_owner_even_when_empty_and_is_never_empty():
    """p. 15 „Heimatreich“: always controlled by its owner, never empty."""
    b = board()
    assert [controller(b, a) for a in ("10A", "10B", "10C")] == [0, 0, 0]
    assert not is_empty(b, "10A") and is_empty(b, "1A")
    assert controlled_areas(b, 0) == ["10A", "10B", "10C"]


def test_enemy_units_or_stronghold_in_a_home_realm_break_its_owner_s_control():
    """p. 15: „außer dort befinden sich feindliche Einheiten oder eine feindliche Festung“."""
    b = board({"10A": units(1, unit="uthuk_berserker"), "10B": {"stronghold": {"owner": 1}}})
    assert controller(b, "10A") == 1 and controller(b, "10B") == 1 and controller(b, "10C") == 0


def test_unallied_neutrals_in_a_home_realm_count_as_enemy_units():
    """Ruling R14 (p. 19: „Neutrale Einheiten gelten immer als feindliche Einheiten …“)."""
    b = board({"10A": {"units": [{"owner": "neutral", "unit": "beastman", "standing": 1}]}})
    assert controller(b, "10A") is None and is_neutral(b, "10A")


def test_dragon_runes_count_only_in_controlled_areas():
    """p. 32 / digest §8: control of an area with a dragon rune counts; false runes and lost areas do not."""
    b = board(
        {
            "10A": {"rune": {"kind": "dragon"}},
            "10B": {"rune": {"kind": "false"}},
            "1A": {**units(0), "rune": {"kind": "dragon"}},
            "1B": {"rune": {"kind": "dragon"}},
        }
    )
    assert dragon_rune_areas(b, 0) == ["10A", "1A"]
    assert dragon_rune_areas(b, 1) == []


def test_six_dragon_rune_areas_win_at_once_seven_in_the_epic_variant():
    """Digest §0 / p. 32 (6 runes); p. 37 epic variant (7)."""
    six = {a: {**units(1, unit="uthuk_berserker"), "rune": {"kind": "dragon"}} for a in ("1A", "1B", "1C", "1D")}
    six["10A"] = {**units(1, unit="uthuk_berserker"), "rune": {"kind": "dragon"}}
    six["10B"] = {**units(1, unit="uthuk_berserker"), "rune": {"kind": "dragon"}}
    b = board(six)
    assert len(dragon_rune_areas(b, 1)) == 6
    assert instant_winners(b, PACK, [0, 1]) == [1]
    assert instant_winners(b, PACK, [0, 1], epic=True) == []


def test_player_order_lowest_order_number_first():
    """p. 31 (digest §10.10) 1: the lowest order number goes first."""
    b = board(factions=("humans", "uthuk", "elves"))
    assert player_order(b, PACK, {0: 5, 1: 3, 2: 1}) == [2, 1, 0]


def test_tied_orders_go_by_influence_then_starting_influence():
    """p. 13 example: two Conquer (3) cards, more influence goes first; p. 31: then starting influence."""
    b = board(factions=("humans", "uthuk", "elves"), players={"0": {"influence": 2}, "1": {"influence": 5}})
    assert player_order(b, PACK, {0: 3, 1: 3, 2: 1}) == [2, 1, 0]
    b = board(factions=("humans", "uthuk"), players={"0": {"influence": 4}, "1": {"influence": 4}})
    starting = {f: PACK.faction(f).start_influence for f in ("humans", "uthuk")}
    expected = [0, 1] if starting["humans"] > starting["uthuk"] else [1, 0]
    assert starting["humans"] != starting["uthuk"]
    assert player_order(b, PACK, {0: 3, 1: 3}) == expected


def test_without_order_cards_most_influence_goes_first():
    """p. 31: „oder gerade keine Befehlskarte aufgedeckt haben“ - the first spring's second function."""
    b = board(factions=("humans", "uthuk"), players={"0": {"influence": 1}, "1": {"influence": 6}})
    assert player_order(b, PACK) == [1, 0]


@pytest.mark.parametrize(
    "earlier, number, bonus",
    [
        ([], 1, True),  # p. 12: in spring every player gets the bonus
        ([3, 5], 1, False),  # p. 13: the Elf played 3 and 5, then 1: no bonus
        ([1, 2], 3, True),  # p. 12: 3 after 1 and 2 earns it
        ([8], 5, False),  # p. 12: Recruit (5) after Fortify (8) in spring: no bonus
    ],
)
def test_the_bonus_needs_the_highest_order_number_of_the_year(earlier, number, bonus):
    """p. 12 (digest §5.4): the bonus only if the card is the highest played this year."""
    assert earns_bonus(earlier, number) is bonus


def test_a_player_sees_the_runes_of_areas_they_control():
    """p. 32: a player may look at rune tokens in areas they control at any time."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": FRAGMENT,
        "neutrals": "none",
        "areas": {"1A": {**units(1, unit="uthuk_berserker"), "rune": {"kind": "dragon", "known_to": [0]}}},
    }
    state = ENGINE.from_position({}, 2, 1, spec).state
    assert ENGINE.view(state, 1)["areas"]["1A"]["rune"] == "dragon"  # controls it
    assert ENGINE.view(state, 0)["areas"]["1A"]["rune"] == "dragon"  # remembers it
    assert ENGINE.view(state, None)["areas"]["1A"]["rune"] == "face_down"
    assert ENGINE.view(state, None)["areas"]["1A"]["controller"] == 1
