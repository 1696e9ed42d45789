"""The 8 new unit types' special abilities in battle (Banners of War, issue 23 items 3-4; texts in
data/runewars/banners_of_war/units.toml, house except the Leonx Riders' „Herumpirschen“, ruling R-BW6).

The expansion rulebook: „Besondere Fähigkeit: Diese Fähigkeit wird angewandt, wenn die Einheit das entsprechende
Symbol für besondere Fähigkeiten während des Kampfes zieht.“ (Beschreibung Verstärkungstafel, item 5).
"""

import pytest

from engine.core import Action
from engine.runewars.battle.abilities import AUTOMATIC, CHOSEN
from engine.runewars.ruleset import RULESET
from tests.runewars.test_battle import ENGINE, TILES, kinds, play_out, units

BOW = {"banners_of_war": True}
PACK = RULESET.pack(BOW)
NEW = [u.id for u in PACK.units.values() if u.replaces]
SHAPE = {u: PACK.unit(u).shape for u in PACK.units}
ENEMY = {"humans": "uthuk", "elves": "uthuk", "uthuk": "humans", "undead": "humans"}
#: the defenders of each attacking faction: sturdy base units in rows 1, 2 and 5
DEFENDERS = {
    "uthuk": {"uthuk_flesh_ripper": 2, "uthuk_berserker": 2, "uthuk_chaos_lord": 1},
    "humans": {"human_infantry": 3, "human_knight": 2},
}


def deck(*wants):
    cards = []
    for shape, code in wants:
        cards.append(next(c.id for c in PACK.fate_cards if c.section(shape).code == code and c.id not in cards))
    return cards + [c.id for c in PACK.fate_cards if c.id not in cards]


def special_deck(unit, defenders, n=2):
    """The unit's cards show the special icon; everybody else draws blanks, row by row, attacker first."""
    wants = []
    for row in range(1, 6):
        if PACK.unit(unit).row == row:
            wants += [(SHAPE[unit], "S")] * n
        wants += [(SHAPE[u], "-") for u, k in defenders.items() if PACK.unit(u).row == row for _ in range(k)]
    return deck(*wants)


def fight(unit, *, n=2, defenders=None, players=None, fate=None):
    faction = PACK.unit(unit).faction
    enemy = ENEMY[faction]
    defenders = DEFENDERS[enemy] if defenders is None else defenders
    areas = {"1A": {"units": units(0, **{unit: 1})}, "1B": {"units": units(0, **{unit: n}) + units(1, **defenders)}}
    spec = {
        "factions": [faction, enemy],
        "placements": TILES,
        "neutrals": "none",
        "fate_deck": fate or special_deck(unit, defenders, n),
        "areas": areas,
        "players": players or {},
        "battle": {"area": "1B", "attacker": 0, "conquer": False},
    }
    return ENGINE.from_position(BOW, 2, 1, spec)


def test_each_faction_has_its_two_new_types():
    """„In Banner des Krieges gibt es für jede Fraktion zwei neue Einheiten“ (8 + 4 figures)."""
    assert len(NEW) == 8
    for faction in PACK.factions:
        assert sorted(u.figures for u in PACK.units.values() if u.faction == faction and u.replaces) == [4, 8]


@pytest.mark.parametrize("unit", NEW)
def test_every_new_units_ability_resolves_once_per_special_icon(unit):
    """Each of the 8 abilities is implemented and resolves in a battle with the expansion's step 4."""
    assert unit in AUTOMATIC or unit in CHOSEN
    state, events = play_out(fight(unit))
    used = [d for d in kinds(events, "ability_used") if d["side"] == "attacker"]
    assert len(used) >= 2 and all(d["unit"] == unit for d in used)
    assert kinds(events, "battle_ended") and state.board.contested == []


def _damage_to_defender(events):
    return sum(1 for d in kinds(events, "battle_damaged") if d["side"] == "defender")


def test_blood_sisters_and_obscenities_deal_two_damage_each():
    """units.toml: Blood Sister „1 damage twice“, Obscenity „2 damage“ (the opponent assigns, p. 22)."""
    for unit in ("uthuk_blood_sister", "uthuk_obscenity"):
        state, events = play_out(fight(unit, n=1))
        assert _damage_to_defender(events) == 2, unit


def test_novice_wizards_discard_a_tactics_card_for_one_more_damage():
    """units.toml human_novice_wizard, ruling R-BW17: Ball Lightning deals 1 damage; holding tactics cards, its player
    discards the one held longest („die abgeworfene Taktikkarte“, Kugelblitz-Meisterschaft, exp. p. 9) for 1 more."""
    _, bare = play_out(fight("human_novice_wizard", n=1))
    hand = {"0": {"tactics": ["bow_bestechung"]}}
    state, holding = play_out(fight("human_novice_wizard", n=1, players=hand))
    assert (_damage_to_defender(bare), _damage_to_defender(holding)) == (1, 2)
    assert not kinds(bare, "tactics_discarded")
    assert kinds(holding, "tactics_discarded") == [{"seat": 0, "cards": ["bow_bestechung"], "why": "human_novice_wizard"}]
    assert state.board.players[0].tactics == []
    assert state.board.decks["tactics"].discard[-1] == "bow_bestechung"


def test_forest_guardians_add_two_strength():
    """units.toml elf_forest_guardian: +2 strength when the winner is determined."""
    state, events = play_out(fight("elf_forest_guardian", n=1, defenders={"uthuk_berserker": 2}))
    strength = kinds(events, "battle_won")[0]["strength"]
    assert strength["attacker"] == 1 + 2


def test_rocs_rout_and_great_dragons_hit_two_different_standing_units():
    """units.toml: Roc: the opponent routs 1 unit; Great Dragon: 2 damage to 2 different standing units."""
    _, events = play_out(fight("human_roc", n=1))
    assert [d["why"] for d in kinds(events, "battle_routed") if d["side"] == "defender"] == ["human_roc"]
    _, events = play_out(fight("undead_great_dragon", n=1))
    hit = [d for d in kinds(events, "battle_damaged") if d["side"] == "defender" and d["why"] == "undead_great_dragon"]
    assert len(hit) == 2


def test_vampires_rout_an_enemy_unit_of_their_choice():
    """units.toml undead_vampire: rout 1 standing enemy unit of your choice."""
    start = fight("undead_vampire", n=1, defenders={"human_infantry": 1, "human_knight": 1})
    state, events = play_out(start)
    routed = [d for d in kinds(events, "battle_routed") if d["side"] == "defender" and d["why"] == "undead_vampire"]
    assert len(routed) == 1


# -- the Leonx Riders' Prowl during the retreat (step 6a) --------------------------------------------------------


def _to_prowl(start):
    """Play the battle with first answers until the prowl prompt opens (or the battle ends)."""
    state, events = start.state, list(start.events)
    while state.prompts and state.prompts[0].kind != "prowl":
        prompt = state.prompts[0]
        step = ENGINE.apply(state, ENGINE.legal(state, prompt.seat)[0])
        state, events = step.state, events + list(step.events)
    return state, events


def test_prowling_leonx_riders_eliminate_retreating_units():
    """„Herumpirschen: Wenn sich gegnerische Einheiten aus dem Kampf zurückziehen, kannst du bis zum Ende des Kampfes
    Leonx-Reiter …“ (ruling R-BW6): after the icon, the winner routs Riders, one retreating unit eliminated each."""
    start = fight("elf_leonx_rider", n=3, defenders={"uthuk_berserker": 2})
    state, events = _to_prowl(start)
    assert kinds(events, "prowl_active") and kinds(events, "battle_won")[0]["winner"] == "attacker"
    [prompt] = state.prompts
    assert prompt.info["most"] == 2 and [a.args["count"] for a in ENGINE.legal(state, 0)] == [0, 1, 2]
    step = ENGINE.apply(state, Action(0, prompt.id, "rout", {"count": 1}))
    state, more = play_out(step)
    assert kinds(more, "prowled") == [{"area": "1B", "seat": 0, "count": 1}]
    assert [d["unit"] for d in kinds(more, "battle_routed") if d["why"] == "prowl"] == ["elf_leonx_rider"]
    assert len([d for d in kinds(more, "battle_eliminated") if d["side"] == "defender"]) == 1
    assert sum(s.count for a in state.board.areas.values() for s in a.stacks if s.owner == 1) == 1  # one retreated
    assert state.board.areas["1B"].stack(0, "elf_leonx_rider").routed == 1
    assert not state.board.prowl


def test_prowl_refuses_more_riders_than_it_may_and_without_the_icon_there_is_no_prompt():
    """The refusal names the rule; Riders that drew no special icon do not prowl."""
    start = fight("elf_leonx_rider", n=3, defenders={"uthuk_berserker": 2})
    state, _ = _to_prowl(start)
    prompt = state.prompts[0]
    from engine.core import IllegalAction

    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(0, prompt.id, "rout", {"count": 3}))
    assert "R-BW6" in refused.value.rule
    blank = deck(*[("rectangle", "-")] * 3, ("triangle", "-"), ("triangle", "-"))
    state, events = play_out(fight("elf_leonx_rider", n=3, defenders={"uthuk_berserker": 2}, fate=blank))
    assert not kinds(events, "prowl_active") and not kinds(events, "prowled")


def _prowl_then_spellweaver():
    """Riders (row 2) draw the special icon, then a Spellweaver (row 3) makes a Berserker retreat mid-battle."""
    defenders = {"uthuk_berserker": 2}
    fate = deck(("rectangle", "S"), ("rectangle", "S"), ("triangle", "-"), ("triangle", "-"), ("circle", "S"))
    areas = {
        "1A": {"units": units(0, elf_leonx_rider=1)},
        "1B": {"units": units(0, elf_leonx_rider=2, elf_spellweaver=1) + units(1, **defenders)},
    }
    spec = {
        "factions": ["elves", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "fate_deck": fate,
        "areas": areas,
        "battle": {"area": "1B", "attacker": 0, "conquer": False},
    }
    return _to_prowl(ENGINE.from_position(BOW, 2, 1, spec))


def test_prowl_works_on_a_retreat_an_ability_forces_in_the_middle_of_the_battle():
    """„Wenn sich gegnerische Einheiten aus dem Kampf zurückziehen“ names every retreat (ruling R-BW6): when the
    Spellweavers' ability makes a Berserker retreat after the Riders' icon, the Latari player may rout one Rider and
    the Berserker is eliminated instead of retreating."""
    state, events = _prowl_then_spellweaver()
    assert kinds(events, "prowl_active") and not kinds(events, "battle_won")  # still in the middle of the battle
    [prompt] = state.prompts
    assert prompt.seat == 0 and prompt.info["most"] == 1 and prompt.info["retreating_unit"] == "uthuk_berserker"
    assert [a.args["count"] for a in ENGINE.legal(state, 0)] == [0, 1]
    step = ENGINE.apply(state, Action(0, prompt.id, "rout", {"count": 1}))
    assert kinds(step.events, "prowled") == [{"area": "1B", "seat": 0, "count": 1}]
    assert [d["unit"] for d in kinds(step.events, "battle_routed") if d["why"] == "prowl"] == ["elf_leonx_rider"]
    assert [d["unit"] for d in kinds(step.events, "battle_eliminated")] == ["uthuk_berserker"]
    assert not kinds(step.events, "units_retreated")
    state, more = play_out(step)
    assert kinds(more, "battle_ended")


def test_declining_prowl_mid_battle_lets_the_unit_retreat():
    """Prowl is a choice („kannst du“): answering 0 the Berserker retreats as the Spellweavers' ability says."""
    state, _ = _prowl_then_spellweaver()
    step = ENGINE.apply(state, Action(0, state.prompts[0].id, "rout", {"count": 0}))
    assert not kinds(step.events, "prowled") and not kinds(step.events, "battle_eliminated")
    state, more = play_out(step)
    assert [d["why"] for d in kinds(more, "units_retreated")][:1] == ["elf_spellweaver"]
    assert state.board.areas["1B"].stack(0, "elf_leonx_rider").routed == 0


@pytest.mark.parametrize("on_board", [7, 8])
def test_the_new_units_figures_are_strictly_limited_as_the_base_figures(on_board):
    """Issue 23 item 5 (exp. p. 2 „8 Zaubernovizen, 4 Vögel Roc“; base p. 31 „Beschränkungen des Spielmaterials“, digest
    §2.2: unit pools are hard limits): with 7 or 8 of the 8 Novice Wizards on the board, two Archers recruited as Wizards
    place only what is left, or take the rest from a friendly area."""
    from tests.runewars.prompting import act, prompt_of, refused

    spec = {
        "factions": ["humans", "uthuk"],
        "neutrals": "none",
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}],
        "players": {"0": {"dials": {"food": 2, "wood": 3, "ore": 0}, "played": [6]}},
        "areas": {"10A": {"stronghold": {"owner": 0}}, "1A": {"units": units(0, human_novice_wizard=on_board)}},
        "season": {"year": 1, "name": "summer", "start": "turn", "orders": {"0": 5, "1": 1}, "turn": 0},
    }
    recruited = act(ENGINE.from_position(BOW, 2, 35, spec).state, "recruit_resource", "recruit", resource="wood")
    placing = act(recruited.state, "recruit_substitute", "substitute", count=2).state
    left = 8 - on_board
    assert prompt_of(placing, "place_recruits").info["figures_left"] == left
    places = [a.args for a in ENGINE.legal(placing, 0)]
    assert {"areas": {"10A": 2}} not in places
    assert [p for p in places if "take" not in p] == [{"areas": {"10A": left} if left else {}}]
    assert {"areas": {"10A": 2}, "take": {"1A": 2 - left}} in places
    assert len(refused(placing, "place_recruits", "place", areas={"10A": 2}).alternatives) == len(places)
