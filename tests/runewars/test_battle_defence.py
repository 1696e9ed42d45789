"""Defence developments in battle: p. 21, 5a „Verteidigungsbonus“ and p. 33 „Entwicklungen“ (digest §6.7)."""

from engine.core import Action
from tests.runewars.test_battle import deck, fight, kinds, play_out, units, won


def siege(attacker_units, defender_faction, development, *, policy=None, attacker_faction="elves"):
    """The defender's stronghold (5) and development in 1B, no defending units; the attacker holds 1A."""
    factions = (attacker_faction, defender_faction)
    attacking = [dict(u) for u in attacker_units]
    areas = {
        "1A": {"units": units(0, **{attacking[0]["unit"]: 1})},
        "1B": {"units": attacking, "stronghold": {"owner": 1}, "development": development},
    }
    blanks = [("triangle", "-")] * sum(u["standing"] for u in attacking)
    return fight(areas, factions=factions, fate=deck(*blanks), policy=policy)


def test_greedy_spawn_deals_4_damage_when_the_defender_needs_it_and_is_discarded():
    """p. 33 Gieriger Ableger: „kann der Verteidiger dieses Plättchen ablegen, um seinem Gegner 4 Schaden zuzufügen“."""
    state, events = play_out(siege(units(0, elf_archer=7), "uthuk", "uthuk.defence"))
    assert kinds(events, "defence_used") == [{"area": "1B", "seat": 1, "development": "uthuk.defence"}]
    assert len([d for d in kinds(events, "battle_damaged") if d["why"] == "uthuk.defence"]) == 4
    assert won(events)["strength"] == {"attacker": 3, "defender": 5} and won(events)["winner"] == "defender"
    assert state.board.areas["1B"].development is None


def test_the_automatic_policy_keeps_a_costly_defence_when_the_defender_wins_anyway():
    """p. 21, 5a: „kann er sie jetzt benutzen“: using it is the defender's choice; automatic: only when it helps."""
    state, events = play_out(siege(units(0, elf_archer=4), "uthuk", "uthuk.defence"))
    assert kinds(events, "defence_used") == [] and won(events)["winner"] == "defender"
    assert state.board.areas["1B"].development == "uthuk.defence"


def test_a_manual_defender_is_asked_and_may_skip():
    """p. 21, 5a: the defender decides whether to use his defence development."""
    start = siege(units(0, elf_archer=7), "uthuk", "uthuk.defence", policy={1: "manual"})
    [prompt] = start.state.prompts
    assert (prompt.kind, prompt.seat, prompt.info["development"]) == ("battle_defence", 1, "uthuk.defence")
    state, events = play_out(start, {"battle_defence": Action(1, prompt.id, "skip", {})})
    assert won(events)["winner"] == "attacker" and kinds(events, "defence_used") == []


def test_the_reinforced_wall_adds_2_strength():
    """p. 33 Verstärkungswall: „verleiht seinem Besitzer +2 Stärke, wenn der Sieger des Kampfes ermittelt wird“."""
    state, events = play_out(siege(units(0, elf_archer=6), "humans", "humans.defence"))
    assert won(events)["strength"] == {"attacker": 6, "defender": 7} and won(events)["winner"] == "defender"
    assert state.board.areas["1B"].development == "humans.defence"


def test_the_sanctuary_sends_one_standing_attacker_away_and_stays():
    """p. 33 Schutzgebiet: „zwingt den Gegner, 1 seiner am Kampf beteiligten stehenden Einheiten zurückzuziehen“."""
    state, events = play_out(siege(units(0, uthuk_berserker=6), "elves", "elves.defence", attacker_faction="uthuk"))
    first = kinds(events, "units_retreated")[0]
    assert (first["units"], first["why"]) == ({"uthuk_berserker": 1}, "elves.defence")
    assert won(events)["strength"] == {"attacker": 5, "defender": 5} and won(events)["winner"] == "defender"
    assert state.board.areas["1B"].development == "elves.defence"


def test_the_cursed_burial_ground_routs_3_attackers():
    """p. 33 Verfluchte Grabstätte: „um 3 Einheiten seines Gegners zur Flucht zu zwingen“."""
    state, events = play_out(siege(units(0, elf_archer=7), "undead", "undead.defence"))
    assert len([d for d in kinds(events, "battle_routed") if d["why"] == "undead.defence"]) == 3
    assert won(events)["strength"] == {"attacker": 4, "defender": 5}
    assert state.board.areas["1B"].development is None
