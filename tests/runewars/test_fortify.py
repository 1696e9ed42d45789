"""Order 8, Fortify (p. 36 „Festung (Nr 8)“, p. 31 component limits; digest §6.11, §10.8, §11.1)."""

import pytest

from engine.core import Action, Engine, IllegalAction, InvalidAction, encode, load_ruleset
from engine.runewars.state import Stronghold

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
TILES = ["tile-10", "tile-13", "tile-2", "tile-4", "tile-5", "tile-7"]
PLACEMENTS = [{"tile": t, "rotation": 0, "q": 10 * i, "r": 0} for i, t in enumerate(TILES)]
# home realms: humans 10A-10C (seat 0), uthuk 13A-13C (seat 1)


def units(owner, n=1, unit=None):
    return {"units": [{"owner": owner, "unit": unit or ("human_infantry" if owner == 0 else "uthuk_berserker"), "standing": n}]}


def rune(kind, **extra):
    return {"rune": {"kind": kind, **extra}}


def fortify(areas=None, dials=None):
    """Seat 0 (humans) resolving Fortify in summer of year 1; seat 1 played Strategy earlier."""
    spec = {
        "factions": ["humans", "uthuk"],
        "neutrals": "none",
        "placements": PLACEMENTS,
        "areas": areas or {},
        "players": {"0": {"dials": dials or {"food": 3, "wood": 3, "ore": 2}}},
        "season": {"year": 1, "name": "summer", "start": "turn", "orders": {"0": 8, "1": 1}, "turn": 0},
    }
    return ENGINE.from_position({}, 2, 5, spec)


def act(state, choice, args=None, seat=0):
    prompt = state.prompts_for(seat)[0]
    return ENGINE.apply(state, Action(seat, prompt.id, choice, args or {}))


def test_fortify_opens_with_its_choices_and_done_ends_the_turn():
    """p. 36: „alle oder einige der folgenden Handlungen in beliebiger Reihenfolge“; no bonus (p. 14)."""
    state = fortify({"2A": units(0)}).state
    prompt = state.prompts[0]
    assert prompt.kind == "fortify_action" and prompt.seat == 0 and not prompt.secret
    assert {a.choice for a in ENGINE.legal(state, 0)} == {"build", "done"}
    done = act(state, "done")
    assert [e.kind for e in done.events if e.kind in ("fortify_done", "turn_ended")] == ["fortify_done", "turn_ended"]


def test_building_a_stronghold_costs_wood_and_ore_and_needs_a_free_controlled_area():
    """p. 36 „Eine Festung bauen“: wood and ore -1; a controlled area with neither stronghold nor city; undamaged side up."""
    areas = {"2A": units(0), "2B": {**units(0), "city": "city-1"}, "2C": units(1), "2D": {}}
    state = fortify(areas).state
    builds = {a.args["area"] for a in ENGINE.legal(state, 0) if a.choice == "build"}
    assert builds == {"2A", "10A", "10B", "10C"}
    before = encode(state)
    for area in ("2B", "2C", "2D"):
        with pytest.raises(IllegalAction) as refused:
            act(state, "build", {"area": area})
        assert "p. 36" in refused.value.rule and all(a.choice == "build" for a in refused.value.alternatives)
    assert encode(state) == before
    after = act(state, "build", {"area": "2A"}).state
    assert after.board.areas["2A"].stronghold == Stronghold(0, damaged=False)
    assert after.board.players[0].dials == {"food": 3, "wood": 2, "ore": 1}


@pytest.mark.parametrize("dials", [{"food": 3, "wood": 0, "ore": 2}, {"food": 3, "wood": 2, "ore": 0}])
def test_no_stronghold_with_wood_or_ore_at_zero(dials):
    """p. 36: „Ein Spieler kann keine Festung bauen, falls seine Holz- und/oder Erzanzeige auf „0“ steht.“"""
    state = fortify({"2A": units(0)}, dials=dials).state
    assert state.prompts == [] or state.prompts[0].kind != "fortify_action"  # only "done" was left: answered by itself
    legal_only_done = fortify(
        {"2A": units(0), "2B": {**units(0), **rune("false")}, "2C": {**units(0), **rune("dragon")}}, dials=dials
    ).state
    with pytest.raises(IllegalAction) as refused:
        act(legal_only_done, "build", {"area": "2A"})
    assert "wood" in str(refused.value) and {a.choice for a in refused.value.alternatives} <= {"move_runes", "done"}


def test_each_action_at_most_once():
    """p. 36: „Er kann aber jede Handlung nur 1 x ausführen (d. h. er könnte nie … 2 Festungen bauen).“"""
    areas = {"2A": units(0), "2B": units(0), "10A": rune("dragon"), "10B": rune("false")}
    state = act(fortify(areas).state, "build", {"area": "2A"}).state
    assert state.prompts[0].kind == "fortify_action"
    assert {a.choice for a in ENGINE.legal(state, 0)} == {"move_runes", "done"}
    with pytest.raises(IllegalAction) as refused:
        act(state, "build", {"area": "2B"})
    assert "at most once" in refused.value.rule and refused.value.alternatives
    only_done = act(act(state, "move_runes", {"areas": ["10A", "10B"]}).state, "keep")
    assert [e.data["taken"] for e in only_done.events if e.kind == "fortify_done"] == [["build", "move_runes"]]


def test_with_all_four_strongholds_in_play_one_is_moved_and_its_development_destroyed():
    """p. 31 „Beschränkungen des Spielmaterials“: „kann er eine Festung … aus einem seiner Gebiete entfernen und sie woanders wieder einsetzen.
    Falls eine Entwicklung in einem Gebiet ohne Festung zurückbleibt, wird sie sofort vernichtet.“"""
    strongholds = {a: {**units(0), "stronghold": {"owner": 0}} for a in ("10A", "2A", "2B")}
    strongholds["2C"] = {**units(0), "stronghold": {"owner": 0}, "development": "humans.resources"}
    state = fortify({**strongholds, "2D": units(0)}).state
    builds = [a.args for a in ENGINE.legal(state, 0) if a.choice == "build"]
    assert {"area": "2D", "from": "2C"} in builds and all("from" in b for b in builds)
    with pytest.raises(IllegalAction) as refused:
        act(state, "build", {"area": "2D"})
    assert "from" in str(refused.value)
    done = act(state, "build", {"area": "2D", "from": "2C"})
    after = done.state.board
    assert after.areas["2D"].stronghold == Stronghold(0) and after.areas["2C"].stronghold is None
    assert after.areas["2C"].development is None
    assert [e.data["development"] for e in done.events if e.kind == "development_destroyed"] == ["humans.resources"]


def test_repairing_a_damaged_stronghold_costs_one_ore():
    """p. 36 „Eine Festung reparieren“: ore -1 turns one of your damaged strongholds; not with ore 0."""
    areas = {"2A": {**units(0), "stronghold": {"owner": 0, "damaged": True}}, "2B": {**units(0), "stronghold": {"owner": 0}}}
    state = fortify(areas).state
    assert [a.args for a in ENGINE.legal(state, 0) if a.choice == "repair"] == [{"area": "2A"}]
    with pytest.raises(IllegalAction):
        act(state, "repair", {"area": "2B"})
    after = act(state, "repair", {"area": "2A"}).state
    assert not after.board.areas["2A"].stronghold.damaged and after.board.players[0].dials["ore"] == 1
    broke = fortify(areas, dials={"food": 3, "wood": 3, "ore": 0}).state
    assert not any(a.choice == "repair" for a in ENGINE.legal(broke, 0))


def test_the_actions_may_come_in_any_order():
    """p. 36: „in beliebiger Reihenfolge“."""
    areas = {
        "2A": {**units(0), "stronghold": {"owner": 0, "damaged": True}},
        "2B": units(0),
        "10A": rune("dragon"),
        "10C": rune("false"),
    }
    state = fortify(areas).state
    state = act(state, "repair", {"area": "2A"}).state
    state = act(state, "move_runes", {"areas": ["10C", "10A"]}).state
    state = act(state, "keep").state
    last = act(state, "build", {"area": "2B"})  # nothing is left: "done" answers itself
    assert [e.data["taken"] for e in last.events if e.kind == "fortify_done"] == [["repair", "move_runes", "build"]]
    assert last.state.board.players[0].dials == {"food": 3, "wood": 2, "ore": 0}


def test_moving_runes_needs_two_controlled_areas_with_runes():
    """p. 36 „Runenmarker bewegen“: „Der Spieler wählt 2 von ihm kontrollierte Gebiete, in denen eine Rune liegt.“"""
    state = fortify(
        {"10A": rune("dragon"), "10B": rune("false"), "10C": {}, "2A": rune("dragon"), "2B": {**units(0), **rune("dragon")}}
    ).state
    pairs = sorted(tuple(a.args["areas"]) for a in ENGINE.legal(state, 0) if a.choice == "move_runes")
    assert pairs == [("10A", "10B"), ("10A", "2B"), ("10B", "2B")]
    for areas in (["10A", "2A"], ["10A", "10C"], ["10A", "10A"]):
        with pytest.raises(IllegalAction) as refused:
            act(state, "move_runes", {"areas": areas})
        assert "p. 36" in refused.value.rule
    with pytest.raises(InvalidAction):
        act(state, "move_runes", {"areas": "10A"})


def swapped_and_kept():
    areas = {"10A": rune("dragon", known_to=[1]), "10B": rune("false"), "2A": rune("false", known_to=[1])}
    state = act(fortify(areas).state, "move_runes", {"areas": ["10A", "10B"]}).state
    prompt = state.prompts[0]
    assert prompt.kind == "fortify_swap" and prompt.secret
    assert {a.choice for a in ENGINE.legal(state, 0)} == {"swap", "keep"}
    return act(state, "swap"), act(state, "keep")


def test_the_swap_is_secret_only_the_areas_are_public():
    """p. 36: „vertauscht sie so, dass niemand mehr weiß, welcher Runenmarker welcher ist. Dann sieht er sie sich heimlich an“."""
    swapped, kept = swapped_and_kept()
    assert swapped.state.board.areas["10A"].rune.dragon is False and kept.state.board.areas["10A"].rune.dragon is True
    public = [(e.kind, e.data) for e in swapped.events_for(None)]
    assert public == [(e.kind, e.data) for e in kept.events_for(None)]
    assert ("runes_moved", {"seat": 0, "areas": ["10A", "10B"]}) in public
    assert [(e.kind, e.data) for e in swapped.events_for(1)] == [(e.kind, e.data) for e in kept.events_for(1)]
    assert ENGINE.view(swapped.state, None) == ENGINE.view(kept.state, None)
    assert ENGINE.view(swapped.state, 1) == ENGINE.view(kept.state, 1)
    assert ENGINE.view(swapped.state, 0)["areas"]["10A"]["rune"] == "false"
    mine = [e for e in swapped.events if e.kind == "your_runes"][0]
    assert mine.to == frozenset({0}) and mine.data["runes"] == {"10A": "false", "10B": "dragon"} and mine.data["swapped"]


def test_a_swap_makes_the_other_players_knowledge_stale():
    """Digest §11.1: „A Fortify swap is seen only by the swapping player“: seat 1 knew 10A was a dragon rune;
    afterwards it only remembers that (Rune.last_known), whatever the swapper chose."""
    for transition in swapped_and_kept():
        areas = transition.state.board.areas
        assert 1 not in areas["10A"].rune.known_to and 1 not in areas["10B"].rune.known_to
        assert areas["10A"].rune.last_known == {1: "dragon"} and areas["10B"].rune.last_known == {}
        assert areas["10A"].rune.known_to == [0] and areas["10B"].rune.known_to == [0]
        assert areas["2A"].rune.known_to == [1]  # untouched


def test_knowing_both_tokens_of_the_same_kind_survives_a_swap():
    """p. 36: a swap of two tokens of one kind changes nothing a seat that knew both can tell."""
    areas = {"10A": rune("false", known_to=[1]), "10B": rune("false", known_to=[1]), "10C": rune("dragon", known_to=[1])}
    state = act(fortify(areas).state, "move_runes", {"areas": ["10A", "10B"]}).state
    after = act(state, "swap").state.board.areas
    assert after["10A"].rune.known_to == [0, 1] and after["10A"].rune.last_known == {}
    state = act(fortify(areas).state, "move_runes", {"areas": ["10A", "10C"]}).state
    after = act(state, "keep").state.board.areas
    assert after["10A"].rune.last_known == {1: "false"} and after["10C"].rune.last_known == {1: "dragon"}


def test_nothing_to_do_passes_by_itself():
    """p. 36 + Prompt.forced: with wood and ore 0 and fewer than 2 rune areas, „done“ is the only answer, from public facts."""
    start = fortify({"10A": rune("dragon")}, dials={"food": 3, "wood": 0, "ore": 0})
    assert all(p.kind != "fortify_action" for p in start.state.prompts)
    assert [e.data["taken"] for e in start.events if e.kind == "fortify_done"] == [[]]
