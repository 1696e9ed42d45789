"""Orders 4 Harvest (pp. 33-34, digest §6.7) and 5 Recruit (p. 35, digest §6.8), with the component limits (p. 31, digest §10.8)."""

from tests.runewars.prompting import ENGINE, act, prompt_of, refused

TILES = [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}]


def turn(order, areas, dials=None, played=(), tiles=TILES, **extra):
    """Seat 0 (Humans) resolving ``order`` in spring of year 1; seat 1 (Uthuk) played Strategy before.

    After the turn the game goes on to summer, whose second function changes nothing here;
    the summer season deck is pinned empty, so no season card's text changes the dials.
    """
    player = {"dials": dials or {}, "played": list(played)}
    decks = {"season.summer": [], **extra.pop("decks", {})}
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": tiles,
        "neutrals": "none",
        "areas": areas,
        "players": {"0": player},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": order, "1": 1}, "turn": 0},
        "decks": decks,
        **extra,
    }
    return ENGINE.from_position({}, 2, 1, spec)


def units(unit, n, owner=0, routed=0):
    return {"owner": owner, "unit": unit, "standing": n, "routed": routed}


def kinds(events):
    return [e.kind for e in events]


# -- Harvest --------------------------------------------------------------------------------------

P34_AREAS = {
    "10A": {"stronghold": {"owner": 0}, "development": "humans.diplomacy", "units": [units("human_infantry", 2)]},
    "1A": {"stronghold": {"owner": 0}, "units": [units("human_knight", 1)]},
}


def test_p34_harvest_sets_the_dials_to_the_production_of_controlled_areas():
    """p. 34 (Beispiel Ernte): food „2“ → „4“, wood „4“ → „3“, ore „2“ stays; then 2 influence from the Diplomacy development."""
    done = turn(4, P34_AREAS, dials={"food": 2, "wood": 4, "ore": 2})
    player = done.state.board.players[0]
    dials_set = next(e for e in done.events if e.kind == "dials_set")
    assert dials_set.data["dials"] == {"food": [2, 4], "wood": [4, 3], "ore": [2, 2]}
    assert player.influence == 3 + 2  # the Humans' starting 3, plus the development
    assert prompt_of(done.state, "harvest_build").info["sites"] == ["1A"]


def test_p34_the_bonus_build_costs_one_wood_and_needs_a_stronghold_without_development():
    """p. 33: „kann er seine Rohstoffanzeige für Holz um 1 verringern, um 1 Entwicklung in ein eigenes Gebiet zu legen, in dem sich auch mindestens 1 Festung befindet“."""
    state = turn(4, P34_AREAS, dials={"food": 2, "wood": 4, "ore": 2}).state
    error = refused(state, "harvest_build", "build", development="humans.training", area="10B")
    assert "p. 33" in error.rule and "stronghold" in str(error)
    assert all(a.args.get("area") == "1A" for a in error.alternatives if a.choice == "build")
    refused(state, "harvest_build", "build", development="humans.training", area="10A")  # 10A has a development
    built = act(state, "harvest_build", "build", development="humans.training", area="1A")
    board = built.state.board
    assert board.areas["1A"].development == "humans.training" and board.players[0].dials["wood"] == 2
    assert kinds(built.events)[:3] == ["dials_set", "development_built", "turn_ended"]


def test_the_build_may_be_declined():
    """p. 33: „kann er …“ — building is optional."""
    state = turn(4, P34_AREAS, dials={"food": 2, "wood": 4, "ore": 2}).state
    declined = act(state, "harvest_build", "decline")
    assert declined.state.board.players[0].dials["wood"] == 3 and declined.state.board.areas["1A"].development is None


def test_without_the_bonus_harvest_only_sets_the_dials():
    """p. 12: the bonus only for the highest order number of the year; Recruit (5) was played before Harvest (4)."""
    done = turn(4, P34_AREAS, dials={"food": 2, "wood": 4, "ore": 2}, played=[5])
    board = done.state.board
    assert board.players[0].dials == {"food": 4, "wood": 3, "ore": 2}
    assert board.players[0].influence == 3  # no development collected
    assert "order_bonus" not in kinds(done.events) and not [p for p in done.state.prompts if p.kind == "harvest_build"]


def test_harvest_can_lower_a_dial_and_stops_at_the_dial_s_top_field():
    """p. 33 „Dabei können die Zeigerstände erhöht oder verringert werden“; a dial shows at most its highest field (8)."""
    tiles = TILES + [{"tile": "tile-2", "rotation": 0, "q": 0, "r": 3}, {"tile": "tile-3", "rotation": 0, "q": 3, "r": 3}]
    farms = {a: {"units": [units("human_infantry", 1)]} for a in ("1A", "2A", "2B", "2C", "3A", "3B")}  # food 2+1+1+1+1+2
    board = turn(4, farms, dials={"food": 0, "wood": 8, "ore": 0}, played=[5], tiles=tiles).state.board
    assert board.players[0].dials["food"] == 8  # 10 food icons with the home realm's 2
    assert board.players[0].dials["wood"] == 2 + 3  # down from 8: 3A, 2C and the home realm's 3


def test_a_resources_development_raises_one_resource_its_area_produces():
    """p. 33 (Rohstoffe): „die Anzeige eines Rohstoffes, den es in diesem Gebiet gibt, um 1 zu erhöhen“ — a choice where there are several."""
    areas = {
        "10C": {"stronghold": {"owner": 0}, "development": "humans.resources"},  # food, wood and ore
        "1A": {"stronghold": {"owner": 0}, "development": "humans.resources", "units": [units("human_knight", 1)]},  # food only
    }
    state = turn(4, areas).state
    assert state.board.players[0].dials == {"food": 4, "wood": 3, "ore": 2}
    prompt = prompt_of(state, "harvest_raise_dial")
    assert prompt.info == {"area": "10C", "resources": ["food", "wood", "ore"]} and prompt.forced is None
    assert len(ENGINE.legal(state, 0)) == 3
    assert "p. 33" in refused(state, "harvest_raise_dial", "raise", resource="gold").rule
    raised = act(state, "harvest_raise_dial", "raise", resource="ore")
    assert raised.state.board.players[0].dials == {"food": 5, "wood": 3, "ore": 3}  # then 1A's food, without asking
    assert any(e.kind == "development_not_possible" and e.data["reason"] == "no_site" for e in raised.events)


def test_a_training_ground_draws_a_tactics_card_and_a_defence_development_gives_nothing():
    """p. 33 (Trainingsplatz): 1 tactics card with every Harvest bonus; the defence bonus acts only in battle."""
    areas = {
        "10A": {"stronghold": {"owner": 0}, "development": "humans.training"},
        "10B": {"stronghold": {"owner": 0}, "development": "humans.defence"},
    }
    done = turn(4, areas, decks={"tactics": ["versteckter_pass"]})
    board = done.state.board
    assert board.players[0].tactics == ["versteckter_pass"]
    assert board.players[0].influence == 3 and board.players[0].dials == {"food": 2, "wood": 3, "ore": 2}


def test_no_development_can_be_built_at_wood_zero():
    """p. 33: „Wenn sein Rohstoffbestand für Holz „0“ beträgt, kann ein Spieler keine Entwicklung bauen.“"""
    occupied = {a: {"units": [units("uthuk_berserker", 1, owner=1)]} for a in ("10A", "10B", "10C")}
    areas = {**occupied, "1A": {"stronghold": {"owner": 0}, "units": [units("human_knight", 1)]}}
    done = turn(4, areas)
    assert done.state.board.players[0].dials == {"food": 2, "wood": 0, "ore": 0}
    assert any(e.kind == "development_not_possible" and e.data["reason"] == "wood" for e in done.events)
    assert not [p for p in done.state.prompts if p.kind == "harvest_build"]


def test_with_no_tile_of_a_kind_left_one_is_moved_from_another_area():
    """p. 31: „kann er eine Festung bzw. Entwicklung aus einem seiner Gebiete entfernen und sie woanders wieder einsetzen“ (2 Resources tiles, house count)."""
    areas = {
        "10A": {"stronghold": {"owner": 0}, "development": "humans.resources"},
        "10B": {"stronghold": {"owner": 0}, "development": "humans.resources"},
        "1A": {"stronghold": {"owner": 0}, "units": [units("human_knight", 1)]},
    }
    state = turn(4, areas).state
    while any(p.kind == "harvest_raise_dial" for p in state.prompts):
        state = act(state, "harvest_raise_dial", "raise", resource="wood").state
    error = refused(state, "harvest_build", "build", development="humans.resources", area="1A")
    assert "No humans.resources tile is left" in str(error) and "p. 31" in error.rule
    assert {a.args.get("from") for a in error.alternatives if a.args.get("development") == "humans.resources"} == {"10A", "10B"}
    refused(
        state, "harvest_build", "build", development="humans.training", area="1A", **{"from": "10A"}
    )  # a training tile is left
    moved = act(state, "harvest_build", "build", development="humans.resources", area="1A", **{"from": "10B"}).state.board
    assert moved.areas["1A"].development == "humans.resources" and moved.areas["10B"].development is None
    assert moved.areas["10A"].development == "humans.resources"


# -- Recruit --------------------------------------------------------------------------------------

P35_AREAS = {"10A": {"stronghold": {"owner": 0}, "units": [units("human_archer", 3), units("human_infantry", 2)]}}


def test_p35_recruit_with_wood_and_the_ore_bonus_then_the_eight_unit_limit():
    """p. 35 (Beispiel Rekrutierung): wood gives 2 Archers (fields „1“, „3“), the ore bonus 1 Knight („2“) and 1 Siege Engine („4“); 9 units, 1 Infantry eliminated."""
    state = turn(5, P35_AREAS, dials={"food": 2, "wood": 3, "ore": 4}, played=[1]).state
    prompt = prompt_of(state, "recruit_resource")
    assert prompt.info["units"]["wood"] == {"human_archer": 2}
    assert prompt.info["units"]["ore"] == {"human_knight": 1, "human_siege_engine": 1}
    recruited = act(state, "recruit_resource", "recruit", resource="wood", second="ore")
    board = recruited.state.board
    assert [(s.unit, s.count) for s in board.areas["10A"].stacks] == [
        ("human_archer", 5),
        ("human_infantry", 2),
        ("human_knight", 1),
        ("human_siege_engine", 1),
    ]
    cull = prompt_of(recruited.state, "eliminate_units")
    assert cull.info["excess"] == 1 and cull.forced is None  # the only stronghold area: placed without asking
    after = act(recruited.state, "eliminate_units", "eliminate", units={"human_infantry": 1}).state
    assert after.board.areas["10A"].force_of(0) == 8 and after.board.areas["10A"].stack(0, "human_infantry").count == 1
    assert after.board.players[0].dials == {
        "food": 2,
        "wood": 3,
        "ore": 4,
    }  # „Durch die Rekrutierung verringert sich der Rohstoffbestand nicht.“


def test_a_second_resource_needs_the_bonus_and_must_differ():
    """p. 12 (bonus only for the year's highest order) and p. 35: „wählt der Spieler einen anderen seiner Rohstoffe“."""
    no_bonus = turn(5, P35_AREAS, dials={"wood": 3, "ore": 4}, played=[8]).state
    error = refused(no_bonus, "recruit_resource", "recruit", resource="wood", second="ore")
    assert "p. 12" in error.rule and all("second" not in a.args for a in error.alternatives)
    assert len(ENGINE.legal(no_bonus, 0)) == 3
    with_bonus = turn(5, P35_AREAS, dials={"wood": 3, "ore": 4}).state
    assert "p. 35" in refused(with_bonus, "recruit_resource", "recruit", resource="wood", second="wood").rule
    assert len(ENGINE.legal(with_bonus, 0)) == 3 + 6


def test_recruits_go_only_into_friendly_areas_with_a_stronghold_split_as_you_like():
    """p. 35: „in beliebige eigene Gebiete mit einer Festung. Dabei können die Einheiten auf mehrere Gebiete … aufgeteilt werden.“"""
    areas = {"10A": {"stronghold": {"owner": 0}}, "1A": {"stronghold": {"owner": 0}, "units": [units("human_knight", 1)]}}
    state = act(turn(5, areas, dials={"wood": 3}, played=[8]).state, "recruit_resource", "recruit", resource="wood").state
    prompt = prompt_of(state, "place_recruits")
    assert prompt.info["count"] == 2 and prompt.forced is None
    assert [a.args for a in ENGINE.legal(state, 0)] == [
        {"areas": {"1A": 2}},
        {"areas": {"10A": 1, "1A": 1}},
        {"areas": {"10A": 2}},
    ]
    error = refused(state, "place_recruits", "place", areas={"10B": 2})
    assert "stronghold" in str(error) and "p. 35" in error.rule and len(error.alternatives) == 3
    placed = act(state, "place_recruits", "place", areas={"10A": 1, "1A": 1}).state.board
    assert placed.areas["10A"].stack(0, "human_archer").count == 1 and placed.areas["1A"].stack(0, "human_archer").count == 1


def test_without_a_stronghold_area_nothing_can_be_recruited():
    """p. 35: recruits are placed only in friendly areas with your stronghold."""
    done = turn(5, {"10A": {"units": [units("human_infantry", 1)]}})
    assert any(e.kind == "recruit_not_possible" for e in done.events)
    assert not [p for p in done.state.prompts if p.kind == "recruit_resource"]


def test_with_every_figure_on_the_board_a_unit_may_be_taken_from_a_friendly_area():
    """p. 31: „Falls ein Spieler eine Einheit rekrutieren möchte und seine Figuren bereits alle im Spiel sind, kann er eine seiner Einheiten aus einem eigenen Gebiet heraus nehmen“."""
    areas = {
        "10A": {"stronghold": {"owner": 0}},
        "10B": {"units": [units("human_archer", 6, routed=1)]},
        "1A": {"units": [units("human_archer", 1)]},
    }  # all 8 Archers are on the board
    state = act(turn(5, areas, dials={"wood": 3}, played=[8]).state, "recruit_resource", "recruit", resource="wood").state
    prompt = prompt_of(state, "place_recruits")
    assert prompt.info["figures_left"] == 0
    answers = [a.args for a in ENGINE.legal(state, 0)]
    assert {"areas": {}} in answers and {"areas": {"10A": 2}, "take": {"10B": 1, "1A": 1}} in answers
    assert "p. 31" in refused(state, "place_recruits", "place", areas={"10A": 2}, take={"10B": 1}).rule  # takes 1, places 2
    done = act(state, "place_recruits", "place", areas={"10A": 1}, take={"10B": 1})
    board = done.state.board
    assert board.areas["10B"].stack(0, "human_archer").standing == 6 and board.areas["10B"].stack(0, "human_archer").routed == 0
    assert board.areas["10A"].stack(0, "human_archer").count == 1
    missing = next(e for e in done.events if e.kind == "units_not_recruited")
    assert missing.data == {"seat": 0, "unit": "human_archer", "count": 1, "reason": "no figures left"}


def test_with_no_figure_left_and_none_to_take_the_unit_is_not_recruited():
    """p. 31: „Alle anderen … Figuren sind strikt auf die mitgelieferte Menge beschränkt.“"""
    uthuk_held = {"1A": {"units": [units("human_archer", 8)]}}  # 1A is not friendly once enemy units share it
    uthuk_held["1A"]["units"].append(units("uthuk_berserker", 1, owner=1))
    areas = {"10A": {"stronghold": {"owner": 0}}, **uthuk_held}
    done = turn(5, areas, dials={"wood": 3}, played=[8])
    done = act(done.state, "recruit_resource", "recruit", resource="wood")
    assert any(e.kind == "units_not_recruited" and e.data["count"] == 2 for e in done.events)
    assert not [p for p in done.state.prompts if p.kind == "place_recruits"]
