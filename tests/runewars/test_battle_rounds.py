"""Combat rounds, routs and damage, p. 22 (digest §7.2, §7.4, §7.5), and the battle policies."""

import pytest

from engine.core import Action, IllegalAction, decode, encode
from engine.runewars.battle.assign import candidates
from engine.runewars.battle.frame import BattleSide, Fighter, Task
from tests.runewars.test_battle import ENGINE, PACK, deck, fight, kinds, play_out, units, won


def side(*fighters):
    return BattleSide(0, 0, True, fighters=list(fighters))


def pick(fighters, what):
    return [f.id for f in candidates(PACK, side(*fighters), Task("assign", 0, what, 1))]


def test_rout_points_go_to_undamaged_standing_units_first():
    """p. 22: „Für jeden erhaltenen Fluchtpunkt muss eine seiner noch unverletzten Einheiten … flüchten. Falls alle … verletzt sind, muss er eine davon flüchten lassen.“"""
    hurt, fresh, lying = (
        Fighter(1, 0, "elf_pegasus_rider", damage=1),
        Fighter(2, 0, "elf_archer"),
        Fighter(3, 0, "elf_archer", routed=True),
    )
    assert pick([hurt, fresh, lying], "rout") == [2]
    assert pick([hurt, lying], "rout") == [1]
    assert pick([lying], "rout") == []  # digest §14.2 #5: no standing unit, the point has no effect


def test_damage_goes_to_damaged_units_first_then_standing_then_routed():
    """p. 22: „müssen sie immer einer bereits verletzten Einheit zugewiesen werden … Wenn er in diesem Kampf keine stehenden Einheiten mehr hat … flüchtenden“."""
    hurt = Fighter(1, 0, "elf_pegasus_rider", damage=1)
    fresh = Fighter(2, 0, "elf_archer")
    lying_hurt = Fighter(3, 0, "elf_warrior", damage=1, routed=True)
    lying = Fighter(4, 0, "elf_archer", routed=True)
    assert pick([hurt, fresh, lying_hurt, lying], "damage") == [1]
    assert pick([fresh, lying_hurt, lying], "damage") == [2]
    assert pick([lying_hurt, lying], "damage") == [3]
    assert pick([lying], "damage") == [4]


def test_a_point_of_damage_must_go_to_the_damaged_unit_in_battle():
    """p. 22 example: a damaged unit takes the next point; the player may not spread it (manual policy: no real choice, forced)."""
    areas = {"1B": {"units": units(0, elf_archer=1, elf_pegasus_rider=1) + units(1, uthuk_flesh_ripper=1, uthuk_berserker=1)}}
    # row 1: Archer -, Flesh Ripper D1 (onto the Pegasus: it survives); row 2: Pegasus -, Berserker D1 (forced onto the Pegasus)
    start = fight(
        areas, fate=deck(("triangle", "-"), ("rectangle", "D1"), ("rectangle", "-"), ("triangle", "D1")), policy={0: "manual"}
    )
    [prompt] = start.state.prompts
    assert {a.args["unit"] for a in ENGINE.legal(start.state, 0)} == {"elf_archer", "elf_pegasus_rider"}
    state, events = play_out(start, {"battle_assign": Action(0, prompt.id, "assign", {"unit": "elf_pegasus_rider"})})
    assert [(d["unit"], d["damage"]) for d in kinds(events, "battle_damaged")] == [
        ("elf_pegasus_rider", 1),
        ("elf_pegasus_rider", 2),
    ]


def test_simultaneous_attack_cards_drawn_apply_even_if_their_units_fall_first():
    """p. 22 „Gleichzeitige Angriffsregel“: „werden alle diese Karten angewandt ohne Rücksicht darauf, ob die entsprechenden Einheiten später eliminiert werden“."""
    areas = {"1B": {"units": units(0, elf_archer=1) + units(1, uthuk_flesh_ripper=1)}}
    state, events = play_out(fight(areas, fate=deck(("triangle", "D1"), ("rectangle", "D1"))))
    hits = kinds(events, "battle_damaged")
    assert [(d["side"], d["eliminated"]) for d in hits] == [("attacker", True), ("defender", True)]  # the attacker assigns first
    assert won(events)["strength"] == {"attacker": 0, "defender": 0} and won(events)["winner"] == "defender"
    assert state.board.areas["1B"].stacks == []


def test_a_type_that_falls_before_drawing_never_draws():
    """p. 22: „Es kommt vor, dass Einheiten eliminiert werden oder flüchten, bevor sie Schicksalskarten ziehen können.“"""
    areas = {
        "1B": {
            "units": units(0, elf_pegasus_rider=2)
            + units(1, uthuk_berserker=1)
            + [{"owner": "neutral", "unit": "beastman", "standing": 2, "ally": 1}]
        }
    }
    # row 2: the Pegasus Riders deal 2 + 1 damage; the Berserker (first in data order) draws a blank
    _, events = play_out(fight(areas, fate=deck(("rectangle", "D2"), ("rectangle", "D1"), ("triangle", "-"))))
    assert [(d["side"], d["unit"]) for d in kinds(events, "battle_drew")] == [
        ("attacker", "elf_pegasus_rider"),
        ("defender", "uthuk_berserker"),
    ]
    assert won(events)["strength"] == {"attacker": 2, "defender": 0}


def test_each_type_of_a_row_draws_in_turn_with_its_standing_units():
    """p. 24, 4.: „Da die Tiermenschen … noch nicht angegriffen haben, zieht dieser nun 2 Schicksalskarten, da nur noch 2 Tiermenschen stehen.“"""
    areas = {
        "1B": {
            "units": units(0, elf_pegasus_rider=1)
            + units(1, uthuk_berserker=1)
            + [{"owner": "neutral", "unit": "beastman", "standing": 3, "ally": 1}]
        }
    }
    _, events = play_out(fight(areas, fate=deck(("rectangle", "D2"), ("triangle", "-"), ("triangle", "-"))))
    drew = [(d["side"], d["unit"], d["count"]) for d in kinds(events, "battle_drew")]
    assert drew == [("attacker", "elf_pegasus_rider", 1), ("defender", "uthuk_berserker", 1), ("defender", "beastman", 2)]


def test_the_attackers_cards_stay_hidden_until_the_defender_has_drawn():
    """p. 22: the attacker draws (1.), then the defender chooses and draws (2.), then both show their cards (3.-5.)."""
    areas = {
        "1B": {
            "units": units(0, elf_pegasus_rider=1)
            + units(1, uthuk_berserker=1)
            + [{"owner": "neutral", "unit": "beastman", "standing": 1, "ally": 1}]
        }
    }
    start = fight(areas, fate=deck(("rectangle", "-"), ("triangle", "-"), ("triangle", "-")), policy={1: "manual"})
    [prompt] = start.state.prompts
    assert (prompt.seat, prompt.kind, prompt.secret) == (1, "battle_type", False)
    assert decode(encode(start.state)) == start.state  # a battle in progress is saved and resumed exactly
    secret = [e for e in start.events if e.kind == "battle_cards"]
    assert [set(e.to) for e in secret] == [{0}]
    assert all("cards" not in e.data for e in start.events if e.to is None)
    step = ENGINE.apply(start.state, Action(1, prompt.id, "draw", {"unit": "beastman"}))
    shown = kinds(step.events, "battle_cards_revealed")[0]
    assert shown["attacker"]["cards"] == secret[0].data["cards"] and shown["defender"]["unit"] == "beastman"


def test_a_type_choice_outside_the_row_is_refused_with_the_rule_and_the_legal_types():
    """p. 22, 2.: the defender picks a type of this row that has not drawn yet; anything else is refused and changes nothing."""
    areas = {
        "1B": {
            "units": units(0, elf_pegasus_rider=1)
            + units(1, uthuk_berserker=1, uthuk_flesh_ripper=1)
            + [{"owner": "neutral", "unit": "beastman", "standing": 1, "ally": 1}]
        }
    }
    start = fight(areas, fate=deck(("triangle", "-"), ("rectangle", "-")), policy={1: "manual"})
    [prompt] = start.state.prompts  # row 2: the Flesh Ripper drew in row 1
    before = encode(start.state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(start.state, Action(1, prompt.id, "draw", {"unit": "uthuk_flesh_ripper"}))
    assert refused.value.rule.startswith("p. 22 (Kampfrunden)")
    assert {a.args["unit"] for a in refused.value.alternatives} == {"uthuk_berserker", "beastman"}
    assert encode(start.state) == before


def test_the_automatic_policy_asks_nothing_the_rules_decide_and_counts_the_prompts():
    """Digest §12 #10: the defender's many small decisions; the automatic policy opens no prompt for them."""
    areas = {
        "1A": {"units": units(0, elf_warrior=1)},
        "1B": {"units": units(0, elf_archer=2, elf_pegasus_rider=1) + units(1, uthuk_flesh_ripper=2, uthuk_berserker=2)},
    }
    start = fight(
        areas,
        fate=deck(
            ("triangle", "D1"),
            ("triangle", "-"),
            ("rectangle", "R1"),
            ("rectangle", "D1"),
            ("rectangle", "D1"),
            ("triangle", "D1"),
            ("triangle", "-"),
        ),
    )
    state, events = play_out(start)
    [ended] = kinds(events, "battle_ended")
    assert (ended["prompts"], ended["forced"]) == (0, 0)
    manual = play_out(
        fight(
            areas,
            fate=deck(
                ("triangle", "D1"),
                ("triangle", "-"),
                ("rectangle", "R1"),
                ("rectangle", "D1"),
                ("rectangle", "D1"),
                ("triangle", "D1"),
                ("triangle", "-"),
            ),
            policy={0: "manual", 1: "manual"},
        )
    )[1]
    assert kinds(manual, "battle_ended")[0]["prompts"] > 0
