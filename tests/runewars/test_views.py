"""What each seat sees (digest §11.1): public counts, own cards, the battle without its hidden draws."""

from tests.runewars.test_battle import ENGINE, deck, fight, units


def test_the_public_sees_how_many_cards_a_player_holds_and_the_player_sees_which():
    """digest §11.1: tactics hands are secret, their size is public."""
    spec = {"factions": ["humans", "uthuk"], "neutrals": "none", "players": {"0": {"tactics": ["versteckter_pass"]}}}
    state = ENGINE.from_position({}, 2, 1, spec).state
    public, own, other = (ENGINE.view(state, s)["players"][0] for s in (None, 0, 1))
    assert public["tactics"] == 1 and "tactics_hand" not in public and other == public
    assert own["tactics_hand"] == ["versteckter_pass"]


def test_the_battle_shows_damage_but_not_the_attackers_hidden_draw():
    """p. 22: the attacker looks at his cards before the defender chooses and draws; nobody else sees them yet."""
    allied_razorwing = {"owner": "neutral", "unit": "razorwing", "standing": 1, "ally": 1}
    areas = {"1B": {"units": units(0, elf_archer=2) + units(1, uthuk_flesh_ripper=1) + [allied_razorwing]}}
    manual = {1: "manual"}
    views = []
    for first in ("-", "D1"):
        state = fight(areas, fate=deck(("triangle", first), ("triangle", "-"), ("triangle", "-")), policy=manual).state
        assert [p.kind for p in state.prompts] == ["battle_type"]  # the defender chooses which row-1 type draws
        views.append(ENGINE.view(state, None))
        battle = views[-1]["battle"]
        assert battle["area"] == "1B" and battle["sides"][0]["drawn"] == ["elf_archer"]
        assert [f["unit"] for f in battle["sides"][1]["fighters"]] == ["uthuk_flesh_ripper", "razorwing"]
    assert views[0] == views[1]
