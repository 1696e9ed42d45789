"""The turn's steps and the wheel (digest 5, 6)."""

from __future__ import annotations

import pytest

from engine.core import Action, IllegalAction
from tests.ragnarok.helpers import ENGINE, answer, at, kinds, legal


def test_armies_never_move_into_lokis_territory():
    """3.10 and Loki's board: "Armeen können niemals in das Gebiet mit Loki bewegt werden"."""
    state = at(active=0, step="manoeuvre", boss=19, players={"0": {"armies": [[15, 2]], "at": 3}})
    targets = {a.args["to"] for a in legal(state, 0) if a.choice == "move"}
    assert 19 not in targets and {12, 16} <= targets


def test_a_field_with_ones_own_marker_cannot_be_chosen_and_monument_needs_a_marker():
    """5.5: not a field with your own marker; Build Monument only with a marker of yours on the wheel."""
    state = at(active=0, step="special", wheel={"prepare": [0]}, players={"0": {"at": 3}})
    choices = {a.choice for a in legal(state, 0)}
    assert "prepare" not in choices and "monument" in choices
    state = at(active=0, step="special", players={"0": {"at": 3}})
    assert "monument" not in {a.choice for a in legal(state, 0)}


def test_a_refusal_names_the_rule_and_the_alternatives():
    """Issue 25 item 2: a refusal names the rule and the legal alternatives."""
    state = at(active=0, step="special", wheel={"prepare": [0]}, players={"0": {"at": 3}})
    prompt = state.prompts[0]
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(0, prompt.id, "prepare"))
    assert "5.5" in refused.value.rule and refused.value.alternatives


def test_seize_needs_a_hero_alone_and_might_at_least_the_population():
    """6.6: Seize in a territory without other heroes, Might >= population (neutral)."""
    alone = at(active=0, step="special", players={"0": {"at": 19, "attrs": {"might": 4}}})
    assert "seize" in {a.choice for a in legal(alone, 0)}
    weak = at(active=0, step="special", players={"0": {"at": 19}})
    assert "seize" not in {a.choice for a in legal(weak, 0)}
    crowded = at(active=0, step="special", players={"0": {"at": 20}, "1": {"at": 20}})
    assert "seize" not in {a.choice for a in legal(crowded, 0)}


def test_seize_makes_other_armies_retreat_and_an_empty_enemy_territory_needs_no_might():
    """6.6: a territory of another player without armies is seized whatever the Might; armies there retreat."""
    state = at(
        active=0, step="special", control={"19": 1, "20": 1}, players={"0": {"at": 19}, "1": {"at": 3, "armies": [[19, 5]]}}
    )
    assert "seize" not in {a.choice for a in legal(state, 0)}
    state = at(
        active=0,
        step="special",
        control={"19": 1, "20": 1},
        players={"0": {"at": 19, "attrs": {"might": 5}}, "1": {"at": 3, "armies": [[19, 5]]}},
    )
    state = answer(state, 0, "seize")
    assert state.board.players[1].armies[0] == [20, 5]  # the only adjacent territory red controls
    assert state.board.control[19] == 0


def test_mobilize_activates_each_army_once():
    """6.2 and ruling R5: any number of armies, each activated once."""
    state = at(active=0, step="special", players={"0": {"at": 3, "armies": [[1, 2], [5, 2]]}})
    state = answer(state, 0, "mobilize")
    assert kinds(state) == [(0, "mobilize")] and "done" not in {a.choice for a in legal(state, 0)}
    state = answer(state, 0, "move", army=0, to=2)
    assert {a.args.get("army") for a in legal(state, 0) if a.args} == {1}


def test_cover_rune_goes_to_the_previous_top_marker_only():
    """5.5 and ruling R3: only the owner of the covered (top) marker takes a rune."""
    state = at(active=2, step="special", wheel={"prepare": [0, 1]}, players={"2": {"at": 3}})
    state = answer(state, 2, "prepare")
    assert kinds(state) == [(1, "take_rune")]


def test_injured_attribute_counts_2_and_the_limit_asks_the_owner_to_discard():
    """3.5: an injured marker counts 2; over the Wisdom limit the owner discards what they choose."""
    state = at(
        active=0,
        step="prayer",
        monuments={"thor": 3},
        players={"0": {"at": 3, "priests": 1, "attrs": {"wisdom": 5}, "injured": ["wisdom"]}},
    )
    state = answer(state, 0, "priest", god="thor")
    assert kinds(state) == [(0, "discard")]
    assert len(state.board.players[0].hand) == 3
    state = answer(state, 0, "card", card=legal(state, 0)[0].args["card"])
    assert len(state.board.players[0].hand) == 2


def test_monster_rings_are_limited_to_two():
    """7.4: 2 rings; a third monster means freeing one of yours."""
    state = at(
        active=0,
        step="rune",
        monsters={"draugr": {"at": 3}, "troll": {"at": 1, "ctrl": 0}, "wolf": {"at": 2, "ctrl": 0}},
        players={"0": {"at": 3, "runes": {"uruz": 1}}},
    )
    state.board.players[0].rings = ["troll", "wolf"]
    controls = [a for a in legal(state, 0) if a.choice == "control"]
    assert {a.args["release"] for a in controls} == {"troll", "wolf"}


def test_a_two_rune_action_asks_which_different_runes_pay():
    """5.3: 2- or 3-rune actions take runes all different; with three kinds held the player chooses the pair."""
    state = at(
        active=0, step="rune", players={"0": {"at": 3, "runes": {"uruz": 1, "othala": 1, "algiz": 1}, "attrs": {"wisdom": 3}}}
    )
    state = answer(state, 0, "draw1")
    assert kinds(state) == [(0, "pay")]
    assert {a.args["runes"] for a in legal(state, 0)} == {"uruz+othala", "uruz+algiz", "othala+algiz"}
    state = answer(state, 0, "pay", runes="uruz+algiz")
    assert state.board.players[0].runes == {"uruz": 0, "othala": 1, "algiz": 0}
    two = at(active=0, step="rune", players={"0": {"at": 3, "runes": {"uruz": 2, "othala": 1}, "attrs": {"wisdom": 3}}})
    two = answer(two, 0, "draw1")
    assert (0, "pay") not in kinds(two) and two.board.players[0].runes["uruz"] == 1
