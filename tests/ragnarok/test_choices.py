"""Decisions the rules leave to a player are prompts (issue 25 item 2): the area attack's targets
(digest 7.2, ruling R18) and the optional hunt effects (digest 8.4, 14 #19, ruling R9)."""

from __future__ import annotations

from bot.games.ragnarok.narrator import RagnarokNarrator
from engine.ragnarok.ai.policy import choose
from engine.ragnarok.pack import RUNES
from tests.ragnarok.helpers import ENGINE, answer, at, kinds, legal


def _troll_next_to_two_armies(ctrl: int, seed: int = 1):
    """The Mountain Troll (area attack: 1 army in each territory next to it) in 5; territory 6 (next
    to 5) holds red's army 3 and blue's army 5; green is active with two runes for a rune action."""
    return at(
        seed=seed,
        active=0,
        step="rune",
        monsters={"troll": {"at": 5, "ctrl": ctrl}},
        players={
            "0": {"at": 12, "armies": [[15, 2]], "runes": {RUNES[0]: 1, RUNES[1]: 1}},
            "1": {"armies": [[6, 3]]},
            "2": {"armies": [[6, 5]]},
        },
    )


def _area_attack(state):
    state = answer(state, 0, "activate", monster="troll")
    while kinds(state) and kinds(state)[0] == (0, "pay"):
        state = ENGINE.apply(state, legal(state, 0)[0]).state
    if kinds(state)[0] == (0, "monster_act"):  # a controlled monster: its controller picks the area attack
        state = answer(state, 0, "area")
    return state


def test_the_controller_chooses_which_army_the_area_attack_hits():
    """Rulebook, Monster aktivieren und kontrollieren, die face 🔥 ("Muss hier eine Entscheidung getroffen
    werden, entscheidest du"); digest 7.2, 14 #14: two armies next to the monster, the controller picks."""
    state = _area_attack(_troll_next_to_two_armies(ctrl=0))
    assert kinds(state) == [(0, "area_target")]
    options = {(a.args["owner"], a.args["strength"]) for a in legal(state, 0)}
    assert options == {(1, 3), (2, 5)}
    state = answer(state, 0, "army", owner=1, army=0, strength=3)
    assert state.board.players[1].armies[0] == [6, 2] and state.board.players[2].armies[0] == [6, 5]


def test_a_neutral_monsters_area_attack_target_is_the_active_players_choice():
    """Digest 7.2, die face Area attack: "Any decision it requires is made by the active player"."""
    asked = []
    for seed in range(1, 40):
        state = _troll_next_to_two_armies(ctrl=-1, seed=seed)
        state = answer(state, 0, "activate", monster="troll")
        while kinds(state) and kinds(state)[0] == (0, "pay"):
            state = ENGINE.apply(state, legal(state, 0)[0]).state
        if kinds(state)[0] == (0, "monster_act") and any(a.choice == "area" for a in legal(state, 0)):
            state = answer(state, 0, "area")
        if kinds(state) and kinds(state)[0][1] == "area_target":
            asked.append(kinds(state))
    assert asked and all(k == [(0, "area_target")] for k in asked)


def test_a_single_army_next_to_the_monster_is_hit_without_a_question():
    """Ruling R18: with one army in a territory there is nothing to decide."""
    state = _troll_next_to_two_armies(ctrl=0)
    state.board.players[2].armies[0] = [0, 0]
    state = _area_attack(state)
    assert (0, "area_target") not in kinds(state)
    assert state.board.players[1].armies[0] == [6, 2]


def _wounding():
    """Green hunts the Draugr; the monster player (blue) holds one attack card."""
    state = at(
        active=0,
        step="special",
        monsters={"draugr": {"at": 3}},
        players={"0": {"at": 3, "hand": [], "attrs": {"wisdom": 2}}},
        hunt={"hunter": 0, "target": "draugr", "monster_player": 2, "attack_hand": ["attack01"]},
    )
    return state


def test_a_hunt_effect_is_offered_and_may_be_declined():
    """Rulebook, Heldenrunde; digest 8.4, 14 #19: "kannst du ihren Jagdeffekt abhandeln" (you may)."""
    from engine.ragnarok.pack import pack_for

    pack = pack_for({})
    state = _wounding()
    b = state.board
    spaces = [w["weapon"] for w in pack.monsters["draugr"]["wounds"]]
    card = next(c for c, rec in sorted(pack.combat.items()) if rec["hunt"] == "draw" and rec["weapon"] in spaces)
    b.decks["combat"] = [c for c in b.decks["combat"] if c != card]
    b.players[0].hand = [card]
    state = answer(state, 2, "attack", card="attack01")
    while kinds(state) and kinds(state)[0][1] != "hunt_wound":
        seat = kinds(state)[0][0]
        state = ENGINE.apply(state, legal(state, seat)[-1]).state
    wound = next(a for a in legal(state, 0) if a.choice == "wound" and a.args["card"] == card)
    state = ENGINE.apply(state, wound).state
    assert kinds(state)[0] == (0, "hunt_effect")
    choices = {a.choice for a in legal(state, 0)}
    assert choices == {"use", "skip"}
    hand = len(state.board.players[0].hand)
    skipped = answer(state, 0, "skip")
    assert len(skipped.board.players[0].hand) == hand
    used = answer(state, 0, "use", card=card, effect="draw")
    assert len(used.board.players[0].hand) == hand + 1
    # the AI answers it and the narrator phrases it (issue 25 items 2 and 6)
    prompt = state.prompts[0]
    view = ENGINE.view(state, 0)
    assert choose(view, prompt, legal(state, 0), __import__("random").Random(1), pack=pack).choice == "use"
    narrator = RagnarokNarrator()
    assert "Hunt effect of" in narrator.prompt(prompt) and card not in narrator.prompt(prompt)
    assert all(card not in narrator.action(a) for a in legal(state, 0))
