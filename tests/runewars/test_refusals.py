"""Issue #4, "Done when": every illegal action the issue lists is refused with the rule named (page and German
heading or digest section), at least one legal alternative, and the state hash unchanged.

Leaving an activated area, moving into or through an enemy area or over a mountain (pp. 16-18, digest §6.2-§6.4),
recruiting outside a stronghold (p. 35, digest §6.8), an unearned bonus (p. 12, digest §5.4), acting out of turn
(p. 15 „Spielzug“, p. 30 „Taktikkarten“).
"""

import pytest

from engine.core import Action, IllegalAction, NotYourDecision, state_hash
from tests.runewars.prompting import ENGINE, act, prompt_of

# 10A-10B (human home) - 1A - 1B - 2A - 2B ~water~ 2C - 2D; 1C -mountain- 1D; 1B touches 1A 1C 1D 2A
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]


def units(owner, unit, standing):
    return {"owner": owner, "unit": unit, "standing": standing}


def turn(areas, order, *, players=None, season="spring", played=()):
    """Seat 0 (Humans) resolving ``order``; seat 1 (Uthuk) played Strategy (1) before."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "areas": areas,
        "players": {"0": {"played": list(played)}, **(players or {})},
        "season": {"year": 1, "name": season, "start": "turn", "orders": {"0": order, "1": 1}, "turn": 0},
    }
    return ENGINE.from_position({}, 2, 1, spec).state


def refusal(state, kind, choice, **args):
    """The refusal, checked the way the issue asks: a rule with a page, legal alternatives, the hash unchanged."""
    before = state_hash(state)
    prompt = prompt_of(state, kind)
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(state, Action(prompt.seat, prompt.id, choice, args))
    assert state_hash(state) == before
    assert "p. " in error.value.rule and error.value.alternatives
    legal = ENGINE.legal(state, prompt.seat)
    assert all(a in legal for a in error.value.alternatives)
    return error.value


def step(origin, to, unit, count=1):
    return {"from": origin, "to": to, "unit": unit, "count": count}


def march(origin, unit, count=1):
    return {"from": origin, "unit": unit, "count": count}


# -- Strategy (p. 16) --------------------------------------------------------------------------


def test_strategy_cannot_leave_an_activated_area():
    """p. 16: „Figuren in einem aktivierten Gebiet können nicht dort herausbewegt werden“."""
    state = turn(
        {
            "1A": {"units": [units(0, "human_infantry", 2)], "activated_by": [0]},
            "10B": {"units": [units(0, "human_infantry", 1)]},
        },
        1,
    )
    error = refusal(state, "strategy_move", "move", **step("1A", "1B", "human_infantry"))
    assert "aktivierten Gebiet" in error.rule and "activation token" in error.message
    assert all(a.args.get("from") != "1A" for a in error.alternatives)


def test_strategy_cannot_enter_an_enemy_or_neutral_area():
    """p. 16: only „in benachbarte leere oder eigene Gebiete … (Gebiete, die weder neutrale noch feindliche Einheiten
    enthalten)“."""
    state = turn(
        {
            "1A": {"units": [units(0, "human_infantry", 2)]},
            "1B": {"units": [units(1, "uthuk_berserker", 1)]},
            "1C": {"units": [units("neutral", "beastman", 1)]},
        },
        1,
    )
    for target in ("1B", "1C"):
        error = refusal(state, "strategy_move", "move", **step("1A", target, "human_infantry"))
        assert "weder neutrale noch feindliche" in error.rule
        assert {a.args["to"] for a in error.alternatives if a.choice == "move"} == {"10B"}


def test_strategy_cannot_cross_a_mountain_border():
    """p. 18 (Bewegungsbeschränkungen): „Diese Grenzen sind für alle Figuren normalerweise unpassierbar“."""
    state = turn({"1C": {"units": [units(0, "human_infantry", 1)]}}, 1)
    error = refusal(state, "strategy_move", "move", **step("1C", "1D", "human_infantry"))
    assert "Bewegungsbeschränkungen" in error.rule and "mountain" in error.message
    assert {a.args["to"] for a in error.alternatives if a.choice == "move"} == {"1A", "1B"}


def test_strategy_moves_one_step_only_and_each_figure_once():
    """p. 16: „solange jede Figur ihre Bewegung in einem benachbarten Gebiet beendet“."""
    state = turn({"10B": {"units": [units(0, "human_infantry", 2)]}}, 1)
    error = refusal(state, "strategy_move", "move", **step("10B", "1B", "human_infantry"))
    assert "benachbarten Gebiet" in error.rule and "not adjacent" in error.message
    moved = act(state, "strategy_move", "move", **step("10B", "1A", "human_infantry", 2)).state
    error = refusal(moved, "strategy_move", "move", **step("1A", "1B", "human_infantry"))
    assert "jede Figur" in error.rule and [a.choice for a in error.alternatives] == ["done"]


# -- Mobilize / Conquer (p. 17) ------------------------------------------------------------------


def test_a_march_cannot_leave_an_activated_area():
    """p. 17 (Aktivierungsmarker): „Kein Spieler darf seine Einheiten aus einem Gebiet heraus ziehen, in dem ein eigener
    Aktivierungsmarker liegt“."""
    state = act(
        turn(
            {
                "1A": {"units": [units(0, "human_infantry", 2)], "activated_by": [0]},
                "10B": {"units": [units(0, "human_infantry", 1)]},
            },
            2,
        ),
        "march_target",
        "activate",
        area="1B",
    ).state
    error = refusal(state, "march_move", "move", **march("1A", "human_infantry"))
    assert "Aktivierungsmarker" in error.rule


def test_a_march_cannot_pass_through_an_enemy_area_or_over_a_mountain():
    """p. 18: „Einheiten dürfen eigene oder leere Gebiete durchqueren, aber nie feindliche oder neutrale.“ and
    (Bewegungsbeschränkungen) „Diese Grenzen sind für alle Figuren normalerweise unpassierbar“."""
    areas = {
        "2A": {"units": [units(1, "uthuk_berserker", 1)]},
        "2B": {"units": [units(0, "human_archer", 1)]},
        "1C": {"units": [units(0, "human_infantry", 1)]},
        "1A": {"units": [units(0, "human_archer", 1)]},
    }
    state = act(turn(areas, 3), "march_target", "activate", area="1B").state
    error = refusal(state, "march_move", "move", **march("2B", "human_archer"))
    assert "nie feindliche oder neutrale" in error.rule
    over = act(
        turn(
            {
                "1C": {"units": [units(0, "human_infantry", 1)]},
                "1B": {"units": [units(1, "uthuk_berserker", 1)]},
                "1A": {"units": [units(0, "human_archer", 1)]},
            },
            3,
        ),
        "march_target",
        "activate",
        area="1D",
    ).state
    error = refusal(over, "march_move", "move", **march("1C", "human_infantry"))
    assert "Bewegungsbeschränkungen" in error.rule


# -- Recruit (p. 35) and the bonus (p. 12) -----------------------------------------------------------


def test_recruits_cannot_be_placed_outside_a_stronghold_area():
    """p. 35: recruits go „in beliebige eigene Gebiete mit einer Festung“."""
    strongholds = {
        "10A": {"stronghold": {"owner": 0}},
        "1A": {"stronghold": {"owner": 0}, "units": [units(0, "human_knight", 1)]},
    }
    state = act(turn(strongholds, 5, played=[8]), "recruit_resource", "recruit", resource="wood").state
    error = refusal(state, "place_recruits", "place", areas={"10B": prompt_of(state, "place_recruits").info["count"]})
    assert "p. 35" in error.rule and all(set(a.args["areas"]) <= {"10A", "1A"} for a in error.alternatives)


def test_a_bonus_not_earned_is_refused():
    """p. 12 (Bonusfunktion): only the year's highest order number so far has its bonus; Recruit's bonus is a second
    resource (p. 35)."""
    state = turn({"10A": {"stronghold": {"owner": 0}}}, 5, played=[8])
    error = refusal(state, "recruit_resource", "recruit", resource="wood", second="ore")
    assert "p. 12" in error.rule and all("second" not in a.args for a in error.alternatives)


# -- acting out of turn (p. 15, p. 30) -----------------------------------------------------------------


def test_a_during_your_turn_card_is_refused_in_another_player_s_turn():
    """p. 15 (Spielzug): a card usable „während des eigenen Spielzuges“ is played in your own turn; seat 1, asked in
    seat 0's turn (its rival window), cannot play it there."""
    state = turn({}, 1, players={"1": {"tactics": ["kriegskasse", "tribut"]}})
    window = prompt_of(state, "tactics_window")
    assert window.seat == 1 and window.info["window"] == "rival_turn"
    error = refusal(state, "tactics_window", "play", card="kriegskasse")
    assert "Spielzug" in error.rule and "pass" in [a.choice for a in error.alternatives]


def test_answering_another_player_s_decision_changes_nothing():
    """p. 15 (Spielzug): the active player resolves his order; another seat's answer to that prompt is refused (the
    engine names whom it waits for, the rule and the seat's own open decisions) and the state hash is unchanged."""
    state = turn({"1A": {"units": [units(0, "human_infantry", 1)]}}, 1)
    prompt = prompt_of(state, "strategy_move")
    before = state_hash(state)
    with pytest.raises(NotYourDecision) as error:
        ENGINE.apply(state, Action(1, prompt.id, "done"))
    assert list(error.value.awaited) == [0] and state_hash(state) == before
    assert "p. 15" in error.value.rule
    assert error.value.alternatives == ()  # nothing awaits seat 1 now, so it has no answer to offer
