"""Runewars scenario positions (docs/scenarios.md, engine/runewars/position.py)."""

import pytest

from engine.core import Engine, InvalidAction, decode, encode, load_ruleset
from engine.scenario import ScenarioError, run_scenario

ENGINE = Engine(load_ruleset("runewars"))


def position(**extra):
    return {"factions": ["elves", "undead"], **extra}


def test_a_position_builds_the_automatic_map_with_printed_neutrals():
    state = ENGINE.from_position({}, 2, 3, position()).state
    board = state.board
    assert (board.phase, board.year, board.season) == ("play", 1, "spring")
    assert sorted(p.kind for p in state.prompts) == ["choose_order", "choose_order"]  # the default start: choosing orders
    assert {p.tile for p in board.placements} >= {"tile-11", "tile-12"}
    assert any(s.owner is None for a in board.areas.values() for s in a.stacks)
    assert decode(encode(state)) == state


def test_an_explicit_map_fragment_and_pieces():
    spec = position(
        placements=[{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}],
        neutrals="none",
        areas={
            "1A": {
                "units": [
                    {"owner": 1, "unit": "undead_zombie", "standing": 3},
                    {"owner": "neutral", "unit": "giant", "routed": 1},
                ],
                "stronghold": {"owner": 1, "damaged": True},
                "activated_by": [0],
            }
        },
        players={"1": {"influence": 9, "dials": {"food": 5}}},
    )
    board = ENGINE.from_position({}, 2, 3, spec).state.board
    assert sorted(board.areas) == ["1A", "1B", "1C", "1D"]
    area = board.areas["1A"]
    assert [(s.owner, s.unit, s.standing, s.routed) for s in area.stacks] == [(1, "undead_zombie", 3, 0), (None, "giant", 0, 1)]
    assert area.stronghold.damaged and area.activated_by == [0]
    assert board.players[1].influence == 9 and board.players[1].dials["food"] == 5
    assert not board.areas["1C"].stacks  # neutrals = "none"


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"factions": ["elves"]}, "2 different factions"),
        (position(areas={"99Z": {}}), "no such area"),
        (position(areas={"11A": {"units": [{"owner": 0, "unit": "dragonlord"}]}}), "unknown unit"),
        (position(areas={"11A": {"rune": {"kind": "maybe"}}}), "'dragon' or 'false'"),
        (position(areas={"11A": {"colour": "red"}}), "unknown keys"),
        (position(placements=[{"tile": "tile-99"}]), "unknown tile"),
        (position(areas={"11A": {"activated_by": [5]}}), "out of range"),
        (position(players={"0": {"drawn_this_season": ["schlachtruf"]}}), "only cards of the player's tactics"),
    ],
)
def test_a_bad_position_is_refused_with_a_clear_message(bad, message):
    with pytest.raises(InvalidAction, match=message):
        ENGINE.from_position({}, 2, 3, bad)


def test_the_scenario_runner_reports_a_bad_position_without_a_traceback():
    with pytest.raises(ScenarioError, match="position is refused: .*no such area"):
        run_scenario({"title": "t", "source": "s", "game": "runewars", "seats": 2, "position": position(areas={"99Z": {}})})
