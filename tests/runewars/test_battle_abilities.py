"""Special abilities in battle (p. 22 „Besondere Fähigkeiten anwenden“; texts in data/runewars/units.toml)."""

import pytest

from engine.core import Action
from engine.runewars.battle.abilities import AUTOMATIC, CHOSEN
from tests.runewars.test_battle import ENGINE, PACK, deck, fight, kinds, play_out, units

SHAPE = {u: PACK.unit(u).shape for u in PACK.units}
#: the defenders: one unit of every base shape, in rows 1, 2, 3 and 5
DEFENDERS = {"uthuk_flesh_ripper": 1, "uthuk_berserker": 2, "uthuk_sorcerer": 1, "uthuk_chaos_lord": 1}


def special_deck(unit):
    """The unit's 2 cards show the special icon; everybody else draws blanks (rows 1-5, attacker first)."""
    wants = []
    for row in range(1, 6):
        if PACK.unit(unit).row == row:
            wants += [(SHAPE[unit], "S")] * 2
        wants += [(SHAPE[u], "-") for u, n in DEFENDERS.items() if PACK.unit(u).row == row for _ in range(n)]
    return deck(*wants)


def attackers(unit, n=2):
    owner = "neutral" if PACK.unit(unit).neutral else 0
    return [{"owner": owner, "unit": unit, "standing": n, **({"ally": 0} if owner == "neutral" else {})}]


@pytest.mark.parametrize("unit", list(PACK.units))
def test_every_ability_named_in_the_data_resolves(unit):
    """units.toml: every unit type's ability is implemented and resolves once per special icon (p. 22, 3.)."""
    assert unit in AUTOMATIC or unit in CHOSEN
    areas = {"1A": {"units": units(0, elf_warrior=1)}, "1B": {"units": attackers(unit) + units(1, **DEFENDERS)}}
    state, events = play_out(fight(areas, fate=special_deck(unit)))
    used = [d for d in kinds(events, "ability_used") if d["side"] == "attacker"]
    assert len(used) >= 2 and all(d["unit"] == unit and d.get("implemented", True) for d in used)
    assert kinds(events, "battle_ended") and state.board.contested == []


def _first_prompt(unit, defenders):
    """A row-1 unit draws one card with the special icon; its ability prompt is the first prompt."""
    assert PACK.unit(unit).row == 1
    return fight({"1B": {"units": attackers(unit, 1) + defenders}}, fate=deck((SHAPE[unit], "S")))


def test_elf_archers_damage_an_enemy_unit_of_their_choice():
    """p. 23, 5.: „Diese Fähigkeit ermöglicht ihm, einer Einheit seiner Wahl 1 Schaden zuzufügen.“ Every enemy figure class is offered."""
    start = _first_prompt("elf_archer", units(1, uthuk_flesh_ripper=1, uthuk_berserker=2, uthuk_chaos_lord=1))
    [prompt] = start.state.prompts
    targets = [a.args["targets"][0]["unit"] for a in ENGINE.legal(start.state, 0)]
    assert (prompt.kind, sorted(targets)) == ("battle_ability", ["uthuk_berserker", "uthuk_chaos_lord", "uthuk_flesh_ripper"])
    step = ENGINE.apply(
        start.state, Action(0, prompt.id, "ability", {"mode": "damage", "targets": [{"unit": "uthuk_chaos_lord"}]})
    )
    assert kinds(step.events, "battle_damaged")[0] == {
        "area": "1B",
        "side": "defender",
        "seat": 1,
        "unit": "uthuk_chaos_lord",
        "damage": 1,
        "eliminated": False,
        "why": "elf_archer",
    }


def test_flesh_rippers_hit_two_different_units():
    """units.toml uthuk_flesh_ripper: „Deal 1 damage to each of 2 different enemy units of your choice.“"""
    start = _first_prompt("uthuk_flesh_ripper", units(1, elf_archer=2, elf_warrior=1))
    answers = [a.args["targets"] for a in ENGINE.legal(start.state, 0)]
    assert all(len(t) == 2 for t in answers)
    assert [{"unit": "elf_archer", "damage": 0, "routed": False}] * 2 in answers


def test_human_archer_damage_must_go_to_a_unit_with_more_than_1_health():
    """units.toml human_archer: „the opponent must put it on a unit with more than 1 health if he has one“ (his choice is forced)."""
    areas = {"1B": {"units": units(0, human_archer=1) + units(1, elf_archer=2, elf_pegasus_rider=1)}}
    start = fight(areas, fate=deck(("triangle", "S"), ("triangle", "-"), ("triangle", "-")), policy={1: "manual"})
    hit = kinds(start.events, "battle_damaged")[0]
    assert (hit["unit"], hit["why"]) == ("elf_pegasus_rider", "human_archer")
    assert all(p.kind != "battle_assign" for p in start.state.prompts)


def test_berserkers_may_sacrifice_one_of_their_own_for_2_damage():
    """units.toml uthuk_berserker: „Eliminate 1 of your own standing Berserkers in this battle to deal 2 damage.“"""
    areas = {"1B": {"units": units(0, uthuk_berserker=2) + units(1, elf_pegasus_rider=1)}}
    start = fight(areas, factions=("uthuk", "elves"), fate=deck(("triangle", "S"), ("triangle", "-"), ("rectangle", "-")))
    [prompt] = start.state.prompts
    assert sorted(a.args["mode"] for a in ENGINE.legal(start.state, 0)) == ["skip", "use"]
    step = ENGINE.apply(start.state, Action(0, prompt.id, "ability", {"mode": "use"}))
    assert [(d["side"], d["unit"]) for d in kinds(step.events, "battle_eliminated")] == [("attacker", "uthuk_berserker")]
    assert [(d["unit"], d["damage"]) for d in kinds(step.events, "battle_damaged")] == [
        ("elf_pegasus_rider", 1),
        ("elf_pegasus_rider", 2),
    ]


def test_necromancers_raise_a_zombie_that_joins_the_battle():
    """units.toml undead_necromancer: a Zombie from the supply joins battle row 3 standing and stays if the Undead win."""
    areas = {"1B": {"units": units(0, undead_necromancer=1) + units(1, elf_archer=1)}}
    state, events = play_out(
        fight(areas, factions=("undead", "elves"), fate=deck(("triangle", "-"), ("circle", "S"), ("triangle", "-")))
    )
    assert kinds(events, "battle_raised") == [{"area": "1B", "side": "attacker", "seat": 0, "unit": "undead_zombie"}]
    assert ("attacker", "undead_zombie", 1) in [(d["side"], d["unit"], d["count"]) for d in kinds(events, "battle_drew")]
    assert kinds(events, "battle_won")[0]["strength"] == {"attacker": 2, "defender": 1}
    assert state.board.areas["1B"].stack(0, "undead_zombie").standing == 1


def test_a_beastmans_special_deals_1_damage_and_draws_one_more_card():
    """p. 24 / units.toml beastman: „Deal 1 damage, then draw a new fate card for this Beastman and resolve it (once per Beastman).“"""
    areas = {
        "1B": {"units": [{"owner": "neutral", "unit": "beastman", "standing": 1, "ally": 0}] + units(1, elf_pegasus_rider=1)}
    }
    _, events = play_out(fight(areas, fate=deck(("triangle", "S"), ("rectangle", "-"), ("triangle", "S"))))
    assert [d["section"] for d in kinds(events, "battle_card_drawn")] == ["S"]  # the new card's special: 1 damage, no third card
    assert [d["damage"] for d in kinds(events, "battle_damaged")] == [1, 2]


def test_dragons_eliminate_up_to_3_triangle_units():
    """p. 19: „die Fähigkeit des Drachen, 3 dreieckige Einheiten zu töten“."""
    areas = {"1B": {"units": attackers("dragon", 1) + units(1, uthuk_berserker=4, uthuk_flesh_ripper=1)}}
    start = fight(
        areas,
        fate=deck(
            ("rectangle", "-"), ("triangle", "-"), ("triangle", "-"), ("triangle", "-"), ("triangle", "-"), ("hexagon", "S")
        ),
    )
    [prompt] = start.state.prompts
    sizes = sorted(len(a.args["targets"]) for a in ENGINE.legal(start.state, 0))
    assert sizes == [1, 2, 3] and all(
        t["unit"] == "uthuk_berserker" for a in ENGINE.legal(start.state, 0) for t in a.args["targets"]
    )
    step = ENGINE.apply(
        start.state, Action(0, prompt.id, "ability", {"mode": "eliminate", "targets": [{"unit": "uthuk_berserker"}] * 3})
    )
    assert len(kinds(step.events, "battle_eliminated")) == 3
