"""Orders 2 and 3, Mobilize and Conquer: pp. 14, 17-18, 33 (digest §6.3, §6.4, §3)."""

import pytest

from engine.runewars import diplomacy
from engine.runewars.control import controller
from engine.runewars.flow import top
from engine.runewars.turn_order import Turn
from tests.runewars.prompting import ENGINE, refused
from tests.runewars.prompting import act as answer
from tests.runewars.prompting import prompt_of as only_prompt

# 10A-10B (human home) - 1A - 1B - 2A - 2B ~water~ 2C - 2D; 1C -mountain- 1D; 1B touches 1A 1C 1D 2A
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]


def start(areas, *, order=2, played=(), influence=None, factions=("humans", "uthuk"), season="spring", fate_deck=None):
    """Seat 0's turn with ``order`` (seat 1 already played Strategy this season)."""
    players = {"0": {"played": list(played), **({} if influence is None else {"influence": influence})}}
    spec = {
        "factions": list(factions),
        "placements": TILES,
        "neutrals": "none",
        "areas": areas,
        "players": players,
        "season": {"year": 1, "name": season, "start": "turn", "orders": {"0": order, "1": 1}, "turn": 0},
    }
    if fate_deck:
        spec["fate_deck"] = fate_deck
    return ENGINE.from_position({}, 2, 1, spec).state


def units(owner, unit, standing=0, routed=0):
    return {"owner": owner, "unit": unit, "standing": standing, "routed": routed}


def activate(state, area):
    return answer(state, "march_target", "activate", area=area).state


def march(state, origin, unit, count):
    return answer(state, "march_move", "move", **{"from": origin, "unit": unit, "count": count}).state


class Battles(list):
    """The battles started: (area, attacker, conquer); ``counted`` is the turn's ``battles`` at each start."""

    counted: list


@pytest.fixture
def battles(monkeypatch):
    return record_battles(monkeypatch)


def record_battles(monkeypatch):
    """Record battles instead of fighting them (the battle package is another module's)."""
    calls = Battles()
    calls.counted = []

    def fake(state, pack, area, attacker, *, conquer, ctx):
        state.board.contested.append(area)
        calls.append((area, attacker, conquer))
        calls.counted.append(top(state, Turn).battles)

    monkeypatch.setattr(diplomacy, "_start_battle", fake)
    return calls


P17 = {  # the example of p. 17 on our tiles: a neutral Dragon in 1B
    "1B": {"units": [units("neutral", "dragon", 1)]},
    "1A": {"units": [units(0, "human_infantry", 2)]},
    "10A": {"units": [units(0, "human_knight", 1)]},
    "1C": {"units": [units(0, "human_siege_engine", routed=1)]},
    "2A": {"units": [units("neutral", "beastman", 2)]},
    "2B": {"units": [units(0, "human_archer", 2)]},
}


def test_the_token_goes_down_first_and_never_on_an_area_with_your_own_token():
    """p. 17 „Aktivierungsmarker“: „muss er zuerst einen Aktivierungsmarker in das Gebiet legen“; „Ein Gebiet mit
    eigenem Aktivierungsmarker kann der Spieler nicht erneut aktivieren.“ Another player's token does not matter."""
    state = start({"1A": {"activated_by": [0]}, "1C": {"activated_by": [1]}})
    targets = {a.args["area"] for a in ENGINE.legal(state, 0)}
    assert "1A" not in targets and {"1B", "1C", "10A"} <= targets
    error = refused(state, "march_target", "activate", area="1A")
    assert "Aktivierungsmarker" in error.rule and error.alternatives
    transition = answer(state, "march_target", "activate", area="1C")
    assert transition.state.board.areas["1C"].activated_by == [1, 0]
    assert [e.kind for e in transition.events] == ["area_activated"]
    assert only_prompt(transition.state, "march_move").info["area"] == "1C"


def test_the_first_activation_is_the_order_itself_and_tokens_never_run_out():
    """p. 17: the order activates an area (no skipping the main effect); p. 31 („Falls die Spieler mal nicht genügend
    Aktivierungsmarker … zur Verfügung haben sollten, können sie geeigneten Ersatz …“): 4 tokens on the board do not
    stop a fifth activation."""
    state = start({})
    error = refused(state, "march_target", "skip")
    assert "muss er zuerst einen Aktivierungsmarker" in error.rule and error.alternatives
    assert "skip" not in {a.choice for a in ENGINE.legal(state, 0)}
    spent = start({a: {"activated_by": [0]} for a in ("1C", "1D", "2C", "2D")})
    assert [p.kind for p in spent.prompts] == ["march_target"]


def test_the_march_reaches_2_areas_fast_units_3_routed_units_stay():
    """p. 17 example: 2 Infantry from an adjacent area, a Knight (fast) from 3 away; the routed Siege Engine cannot
    move, the Archers' only way crosses a neutral area."""
    state = activate(start(P17), "1B")
    moves = {(a.args["from"], a.args["unit"], a.args["count"]) for a in ENGINE.legal(state, 0) if a.choice == "move"}
    assert moves == {("1A", "human_infantry", 1), ("1A", "human_infantry", 2), ("10A", "human_knight", 1)}
    assert refused(state, "march_move", "move", **{"from": "1C", "unit": "human_siege_engine", "count": 1}).rule.startswith(
        "p. 17"
    )
    assert "neutral" in refused(state, "march_move", "move", **{"from": "2B", "unit": "human_archer", "count": 1}).rule
    state = march(march(state, "1A", "human_infantry", 2), "10A", "human_knight", 1)
    area = state.board.areas["1B"]
    assert area.units_of(0) == 3 and state.board.areas["1A"].units_of(0) == 0


def test_an_enemy_area_on_the_way_blocks_the_march_as_a_neutral_one_does():
    """p. 18: „Einheiten dürfen eigene oder leere Gebiete durchqueren, aber nie feindliche oder neutrale.“"""
    areas = {
        "2A": {"units": [units(1, "uthuk_berserker", 1)]},
        "2B": {"units": [units(0, "human_archer", 2)]},
        "1A": {"units": [units(0, "human_archer", 1)]},
    }
    state = activate(start(areas), "1B")
    assert not any(a.args.get("from") == "2B" for a in ENGINE.legal(state, 0))
    error = refused(state, "march_move", "move", **{"from": "2B", "unit": "human_archer", "count": 1})
    assert "feindliche" in error.rule and error.alternatives


def test_a_mountain_border_blocks_the_march_and_water_only_outside_winter():
    """p. 18 „Bewegungsbeschränkungen“: red and blue borders stop all figures; in winter water is frozen."""
    state = activate(
        start({"1B": {"units": [units("neutral", "beastman", 1)]}, "1C": {"units": [units(0, "human_infantry", 1)]}}), "1D"
    )
    assert (
        "Bewegungsbeschränkungen"
        in refused(state, "march_move", "move", **{"from": "1C", "unit": "human_infantry", "count": 1}).rule
    )
    water = {"2C": {"units": [units(0, "human_infantry", 1)]}}
    summer = activate(start(water, season="summer"), "2B")
    assert (
        "Bewegungsbeschränkungen"
        in refused(summer, "march_move", "move", **{"from": "2C", "unit": "human_infantry", "count": 1}).rule
    )
    winter = activate(start(water, season="winter"), "2B")
    assert march(winter, "2C", "human_infantry", 1).board.areas["2B"].units_of(0) == 1


def test_units_in_an_area_with_your_own_token_cannot_leave_it():
    """p. 17: „Kein Spieler darf seine Einheiten aus einem Gebiet heraus ziehen, in dem ein eigener Aktivierungsmarker
    liegt“; another player's token locks nothing (digest §14.2 #24)."""
    state = activate(start({"1A": {"units": [units(0, "human_infantry", 2)], "activated_by": [0]}}), "1B")
    assert [a.choice for a in ENGINE.legal(state, 0)] == ["done"]
    assert (
        "Aktivierungsmarker" in refused(state, "march_move", "move", **{"from": "1A", "unit": "human_infantry", "count": 1}).rule
    )
    state = activate(start({"1A": {"units": [units(0, "human_infantry", 2)], "activated_by": [1]}}), "1B")
    assert len(ENGINE.legal(state, 0)) == 3


def test_an_empty_target_takes_the_units_and_the_8_unit_limit_applies():
    """p. 17: in an empty area the units simply arrive; p. 18: more than 8 of a player's units are cut down at once."""
    areas = {"1A": {"units": [units(0, "human_infantry", 5)]}, "1C": {"units": [units(0, "human_archer", 4)]}}
    state = march(march(activate(start(areas), "1B"), "1A", "human_infantry", 5), "1C", "human_archer", 4)
    assert state.board.contested == []
    state = answer(state, "march_move", "done").state
    assert controller(state.board, "1B") == 0
    cull = only_prompt(state, "eliminate_units")
    assert cull.info["area"] == "1B" and cull.info["excess"] == 1 and cull.info["why"] == "limit"


def test_enemy_units_force_a_battle_and_any_number_may_attack(battles):
    """p. 18: „Die einzige Ausnahme dieser Mengenbeschränkung besteht dann, wenn ein Spieler einen Kampf in einem
    feindlichen oder neutralen Gebiet beginnt.“ p. 21: moving into an enemy area starts a battle."""
    areas = {
        "2A": {"units": [units(1, "uthuk_berserker", 1)]},
        "1A": {"units": [units(0, "human_infantry", 5)]},
        "1C": {"units": [units(0, "human_archer", 4)]},
    }
    state = march(march(activate(start(areas, played=[5]), "2A"), "1A", "human_infantry", 5), "1C", "human_archer", 4)
    state = answer(state, "march_move", "done").state
    assert battles == [("2A", 0, False)]
    assert state.board.areas["2A"].units_of(0) == 9
    assert not any(p.kind == "eliminate_units" for p in state.prompts)


@pytest.mark.parametrize("target, spec", [("10B", {}), ("1B", {"stronghold": {"owner": 1}})])
def test_an_enemy_home_realm_or_stronghold_without_units_is_a_battle(battles, target, spec):
    """Digest §3/§14.2 #4 (pp. 15, 21): an empty enemy home-realm area or an enemy stronghold alone is enemy
    controlled, so moving in starts a battle."""
    areas = (
        {"1A": {"units": [units(0, "uthuk_berserker", 2)]}, target: spec}
        if spec
        else {"1A": {"units": [units(0, "uthuk_berserker", 2)]}}
    )
    state = start(areas, factions=("uthuk", "humans"), played=[5])
    state = march(activate(state, target), "1A", "uthuk_berserker", 2)
    answer(state, "march_move", "done")
    assert battles == [(target, 0, False)]


@pytest.mark.parametrize("order, played, conquer", [(3, [], True), (3, [5], False), (2, [], False)])
def test_only_conquer_with_its_bonus_weakens_the_stronghold(battles, order, played, conquer):
    """p. 33 (Eroberung): „Durch die Bonusfunktion dieser Karte kann der Spieler während eines Kampfes die Stärke
    gegnerischer Festungen um 3 reduzieren.“ The battle is told whether the bonus applies."""
    areas = {
        "1B": {"units": [units(1, "uthuk_berserker", 1)], "stronghold": {"owner": 1}},
        "1A": {"units": [units(0, "human_infantry", 2)]},
    }
    state = march(activate(start(areas, order=order, played=played), "1B"), "1A", "human_infantry", 2)
    answer(state, "march_move", "done")
    assert battles == [("1B", 0, conquer)] and battles.counted == [1]


def test_activating_without_marching_in_starts_nothing(battles):
    """Digest §14.2 #25: „beliebige seiner Einheiten“ allows none; units that do not enter fight no battle."""
    state = activate(start({"2A": {"units": [units(1, "uthuk_berserker", 1)]}}, played=[5]), "2A")
    transition = answer(state, "march_move", "done")
    assert battles == [] and "no_units_marched" in [e.kind for e in transition.events]
    assert transition.state.board.areas["2A"].activated_by == [0]


def test_unallied_neutrals_mean_battle_or_diplomacy_and_without_influence_battle(battles):
    """p. 16: „muss er entweder einen Kampf beginnen oder diplomatische Verhandlungen führen“; p. 18: „Wer keine
    Einflussmarker besitzt, kann auch keine diplomatischen Verhandlungen führen.“"""
    areas = {"1B": {"units": [units("neutral", "beastman", 2)]}, "1A": {"units": [units(0, "human_infantry", 2)]}}
    state = march(activate(start(areas, played=[5]), "1B"), "1A", "human_infantry", 2)
    assert state.board.contested == ["1B"]  # p. 19: no alliance with the neutrals about to be fought or negotiated with
    state = answer(state, "march_move", "done").state
    prompt = only_prompt(state, "march_encounter")
    assert state.board.contested == ["1B"] and state.board.areas["1B"].stack(None, "beastman").ally is None
    assert [a.choice for a in ENGINE.legal(state, 0)] == ["battle", "diplomacy"] and prompt.forced is None
    answer(state, "march_encounter", "battle")
    assert battles == [("1B", 0, False)]
    poor = answer(
        march(activate(start(areas, played=[5], influence=0), "1B"), "1A", "human_infantry", 2), "march_move", "done"
    ).state
    assert battles[-1] == ("1B", 0, False) and len(battles) == 2
    assert not any(p.kind == "march_encounter" for p in poor.prompts)


def test_mobilize_bonus_activates_a_second_area_but_starts_no_second_battle(battles):
    """p. 33 (Mobilisierung): the bonus resolves the card a second time; „seine Einheiten nicht in ein Gebiet ziehen,
    wenn dadurch ein zweiter Kampf stattfinden würde“."""
    areas = {
        "2A": {"units": [units(1, "uthuk_berserker", 1)]},
        "1C": {"units": [units(1, "uthuk_berserker", 1)]},
        "1D": {"units": [units("neutral", "giant", 1)]},
        "1A": {"units": [units(0, "human_infantry", 3)]},
    }
    state = march(activate(start(areas), "2A"), "1A", "human_infantry", 1)
    state = answer(state, "march_move", "done").state
    assert battles == [("2A", 0, False)]
    second = only_prompt(state, "march_target")
    assert second.info == {"activation": 2, "may_skip": True}
    targets = {a.args.get("area") for a in ENGINE.legal(state, 0)}
    assert "1C" not in targets and "2A" not in targets and "1D" in targets and None in targets  # None: skip
    error = refused(state, "march_target", "activate", area="1C")
    assert "Mobilisierung" in error.rule and error.alternatives
    state = march(activate(state, "1D"), "1A", "human_infantry", 1)
    state = answer(state, "march_move", "done").state
    assert battles == [("2A", 0, False)]
    assert any(p.kind == "diplomacy_spend" for p in state.prompts)  # the only way left, forced


def test_skipping_the_second_activation_ends_the_order_and_conquer_has_none():
    """p. 33: the Mobilize bonus „ermöglicht“ (allows) a second activation; Conquer's bonus is another."""
    state = answer(activate(start({}), "1B"), "march_move", "done").state
    assert only_prompt(state, "march_target").info["may_skip"]
    transition = answer(state, "march_target", "skip")
    assert top(transition.state, Turn) is None and "turn_ended" in [e.kind for e in transition.events]
    transition = answer(activate(start({}, order=3), "1B"), "march_move", "done")
    assert top(transition.state, Turn) is None and not any(p.kind == "march_target" for p in transition.state.prompts)


def test_allied_neutrals_march_like_own_units_but_alone_only_where_their_ally_holds_the_target():
    """p. 17: „Verbündete neutrale Einheiten … bewegen sich … wie eigene Einheiten“ (p. 19); alone „solange sie ihre
    Bewegung in einem von dem Spieler kontrollierten Gebiet beenden“."""
    state = start({"1A": {"units": [units(0, "human_infantry", 1), units("neutral", "beastman", 2)]}})
    state.board.areas["1A"].stacks[1].ally = 0
    state = activate(state, "1B")
    assert {a.args.get("unit") for a in ENGINE.legal(state, 0)} == {"human_infantry", None}
    assert "Verbündete" in refused(state, "march_move", "move", **{"from": "1A", "unit": "beastman", "count": 2}).rule
    state = march(march(state, "1A", "human_infantry", 1), "1A", "beastman", 2)
    beastmen = state.board.areas["1B"].stack(None, "beastman")
    assert beastmen.ally == 0 and beastmen.standing == 2 and state.board.areas["1B"].force_of(0) == 3


def test_the_way_is_fixed_when_the_area_is_activated_and_alliances_refresh_afterwards():
    """p. 17: units from up to 2 (3) areas away march in; which areas are friendly is read when the area is
    activated, so moving one group out does not close the way for another. p. 19: allied neutrals left alone in an
    area their ally does not control lose the alliance."""
    areas = {
        "1A": {"units": [units(0, "human_infantry", 1), units("neutral", "beastman", 1)]},
        "10A": {"units": [units(0, "human_knight", 1)]},
    }
    state = start(areas, order=3)
    state.board.areas["1A"].stacks[1].ally = 0
    state = march(activate(state, "1B"), "1A", "human_infantry", 1)
    assert controller(state.board, "1A") is None
    state = march(state, "10A", "human_knight", 1)
    transition = answer(state, "march_move", "done")
    ended = [e for e in transition.events if e.kind == "alliance_ended"]
    assert ended and ended[0].data == {"seat": 0, "area": "1A", "units": {"beastman": 1}}
    assert transition.state.board.areas["1A"].stack(None, "beastman").ally is None
