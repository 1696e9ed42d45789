"""The AI finishes off a cornered player (issue 12: every count of ``simulate``, eliminations too).

Source: rulebook p. 31, "Eliminieren von Spielern": „In dem seltenen Fall, dass ein Spieler kein
Gebiet mehr kontrolliert, wird dieser Spieler eliminiert.“ The AI decides from the seat's view
only (docs/ai.md, "How the AI decides").
"""

from random import Random

import pytest

from engine.core import Engine, load_ruleset
from engine.runewars.ai.knowledge import FINISH, LAST_AREA, Seen
from engine.runewars.ai.policy import choose

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]
BERSERKER = [{"owner": 1, "unit": "uthuk_berserker", "standing": 1}]


def mobilizing(uthuk_areas: list[str], human_outposts: tuple[str, ...] = ()):
    """The Humans (seat 0, home realm 10A-10C, an army in 10B, one infantry in each of ``human_outposts``)
    play Mobilize; the Uthuk (whose realm is off this map fragment) hold ``uthuk_areas`` with one
    Berserker each; 1A next to 10B is empty and has a city."""
    areas = {
        "10B": {
            "units": [{"owner": 0, "unit": "human_infantry", "standing": 4}, {"owner": 0, "unit": "human_knight", "standing": 1}]
        },
        "1A": {"city": "city-1"},
    }
    areas.update({a: {"units": BERSERKER} for a in uthuk_areas})
    areas.update({a: {"units": [{"owner": 0, "unit": "human_infantry", "standing": 1}]} for a in human_outposts})
    season = {"year": 2, "name": "summer", "start": "turn", "orders": {"0": 2, "1": 3}, "turn": 0}
    spec = {"factions": ["humans", "uthuk"], "placements": TILES, "neutrals": "none", "areas": areas, "season": season}
    return ENGINE.from_position({}, 2, 1, spec).state


def target_chosen(state) -> str:
    prompt = state.prompts[0]
    assert (prompt.kind, prompt.seat) == ("march_target", 0)
    action = choose(ENGINE.view(state, 0), prompt, RULES.legal(state, prompt), Random(1), pack=PACK)
    return action.args["area"]


def test_the_ai_attacks_the_last_area_of_a_cornered_player():
    """p. 31: taking the Uthuk's last area (1C, one Berserker) eliminates them and, with two players, wins."""
    state = mobilizing(["1C"])
    seen = Seen(ENGINE.view(state, 0), PACK, 0)
    assert seen.held(1) == 1 and seen.cornered(1)
    assert target_chosen(state) == "1C"


def test_a_player_with_areas_to_spare_is_not_hunted():
    """The same Berserker in 1C, but the Uthuk hold three more areas: the empty city area is worth more."""
    state = mobilizing(["1C", "2B", "2C", "2D"])
    seen = Seen(ENGINE.view(state, 0), PACK, 0)
    assert not seen.cornered(1) and seen.finishing("1C") == 0
    assert target_chosen(state) == "1A"


def test_each_of_a_cornered_players_areas_is_worth_more_the_fewer_they_hold():
    """Down to its last area the Uthuk's elimination wins the game (p. 31: the last player left wins)."""
    assert Seen(ENGINE.view(mobilizing(["1C"]), 0), PACK, 0).finishing("1C") == pytest.approx(FINISH + LAST_AREA)
    seen = Seen(ENGINE.view(mobilizing(["1C", "2B", "2C"], ("1D", "2A")), 0), PACK, 0)
    assert (seen.held(0), seen.held(1)) == (5, 3)
    assert seen.finishing("1C") == pytest.approx(FINISH / 3)
