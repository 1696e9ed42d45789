"""No rule may depend on the insertion order of a dict.

The bot reloads each game from the store before every action (docs/architecture.md), and the
canonical JSON sorts keys, so a reloaded state's dicts come back sorted while the live state's
keep their insertion order. Both must answer every action the same way.
"""

from engine.core import decode, encode
from tests.runewars.prompting import ENGINE, act, prompt_of

TILES = [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0}]


def recruiting(to_place):
    """Seat 0 places recruited units of several types, its stronghold in 1B (p. 35 Rekrutierung)."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "areas": {
            "1B": {"stronghold": {"owner": 0}, "units": [{"owner": 0, "unit": "human_infantry", "standing": 1}]},
            "1A": {"stronghold": {"owner": 0}, "units": [{"owner": 0, "unit": "human_infantry", "standing": 1}]},
        },
        "season": {"year": 1, "name": "spring", "start": "orders"},
        "frames": [{"type": "RecruitOrder", "seat": 0, "bonus": False, "step": "place", "to_place": to_place}],
    }
    return ENGINE.from_position({}, 2, 1, spec).state


def test_recruited_units_are_placed_in_the_same_order_in_a_live_and_a_reloaded_game():
    """p. 35: the recruited units are placed type by type; the order must not depend on how the
    dict of units still to place was built (a 2-player AI game once diverged here)."""
    live = recruiting({"human_knight": 1, "human_infantry": 1, "human_archer": 1})  # not in sorted order
    reloaded = decode(encode(live))
    first = prompt_of(live, "place_recruits")
    assert prompt_of(reloaded, "place_recruits").info == first.info
    area = first.info["areas"][0]
    after_live = act(live, "place_recruits", "place", areas={area: 1}).state
    after_reloaded = act(reloaded, "place_recruits", "place", areas={area: 1}).state
    assert prompt_of(after_live, "place_recruits").info == prompt_of(after_reloaded, "place_recruits").info
    assert encode(after_live) == encode(after_reloaded)
