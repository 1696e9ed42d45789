"""The optional rules of p. 37 in the rules they change: exploration tokens (Dragon Throne, Village, Magic Portal
for units) and the epic variant; and whole random games with each option.

Sources: p. 37 „Erkundungsmarker“ and „Epische Spielvariante“ (German rulebook), digest §10.11-§10.12.
"""

import pytest

from engine.core import Action, Context, Rng, replay, state_hash
from engine.runewars.orders.harvest import produced_resources
from engine.runewars.runes import dragon_rune_count, instant_winners
from engine.runewars.victory import end_of_time
from tests.runewars.playthrough import play
from tests.runewars.prompting import ENGINE, act, prompt_of, refused

PACK = ENGINE.ruleset.pack({})
# 10A-10B-10C (human home) - 1A - 1B - 2A - 2B ~water~ 2C - 2D; 1C -mountain- 1D; 1B touches 1A 1C 1D 2A
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]


def position(areas, *, order=1, influence=3, exploration=None, season="spring"):
    """Seat 0's turn with ``order`` (seat 1, the Uthuk, whose realm is off the map, plays later)."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "areas": areas,
        "players": {"0": {"influence": influence}},
        "exploration": exploration or {},
        "season": {"year": 1, "name": season, "start": "turn", "orders": {"0": order, "1": 8}, "turn": 0},
    }
    return ENGINE.from_position({}, 2, 1, spec).state


def infantry(count=1, owner=0):
    return {"units": [{"owner": owner, "unit": "human_infantry" if owner == 0 else "uthuk_berserker", "standing": count}]}


def token(name, face_up=True):
    return {"token": name, "face_up": face_up}


def events(transition, kind):
    return [e for e in transition.events if e.kind == kind]


# -- Dragon Throne ------------------------------------------------------------------------------------


def test_a_face_up_dragon_throne_is_one_more_dragon_rune_for_whoever_controls_its_area():
    """p. 37 Drachenthron: „Wer auch immer das Gebiet kontrolliert, hat dadurch eine zusätzliche Drachenrune.“
    Face down it is nothing yet; an area another player controls gives it to that player."""
    board = position(
        {"1A": infantry(), "1B": {**infantry(), "rune": {"kind": "dragon"}}, "2A": infantry(owner=1)},
        exploration={"1A": token("dragon_throne"), "2A": token("dragon_throne"), "1C": token("dragon_throne", False)},
    ).board
    assert dragon_rune_count(board, 0) == 2  # the rune in 1B and the throne in 1A
    assert dragon_rune_count(board, 1) == 1  # the throne in 2A
    board.exploration["1A"].face_up = False
    assert dragon_rune_count(board, 0) == 1


def test_a_dragon_throne_counts_towards_the_instant_win():
    """p. 37 (Drachenthron) with p. 30 (Spielende): five dragon-rune areas and a face-up throne are six dragon runes."""
    runes = {a: {**infantry(), "rune": {"kind": "dragon"}} for a in ("10A", "10B", "10C", "1B", "2A")}
    areas = {**runes, "1A": infantry()}
    board = position(areas, exploration={"1A": token("dragon_throne", False)}).board
    assert instant_winners(board, PACK, [0, 1]) == []
    won = position(areas, exploration={"1A": token("dragon_throne")})
    assert won.result == {"winner": 0, "reason": "dragon_runes", "areas": sorted(runes), "dragon_thrones": 1}


def test_a_dragon_throne_counts_at_the_end_of_the_game():
    """p. 37 (Drachenthron) with p. 30: after the last year the most dragon runes win; the throne is one of them."""
    state = position(
        {
            "10A": {**infantry(), "rune": {"kind": "dragon"}},
            "1A": infantry(),
            "2A": {**infantry(owner=1), "rune": {"kind": "dragon"}},
            "2B": infantry(owner=1),
        },
        exploration={"1A": token("dragon_throne")},
    )
    state.board.players[0].influence = 0  # without the throne seat 1 would win the tie on influence
    end_of_time(state, PACK, Context(Rng(1)))
    assert state.result["winner"] == 0
    assert state.result["standings"][0] == {"seat": 0, "dragon_runes": 2, "influence": 0}


# -- Village ------------------------------------------------------------------------------------------


def test_a_face_up_village_adds_one_of_its_resource_to_harvest():
    """p. 37 Dorf: „Das Gebiet produziert +1 Rohstoff der auf dem Marker angegebenen Sorte.“ Harvest (p. 33) sets each
    dial to what the player's areas produce; a face-down village produces nothing yet."""
    areas = {"10A": infantry(), "1A": infantry(), "1B": infantry()}
    plain = position(areas, order=4)
    village = position(areas, order=4, exploration={"1A": token("village_ore"), "1B": token("village_food", False)})
    assert village.board.players[0].dials["ore"] == plain.board.players[0].dials["ore"] + 1
    assert village.board.players[0].dials["food"] == plain.board.players[0].dials["food"]
    assert "ore" in produced_resources(village.board, PACK, "1A")  # what a Resources development may raise there


def test_the_winter_food_limit_reads_the_food_dial_which_a_village_raised_at_harvest():
    """p. 11 (Winter): units per area are cut to „seinem aktuellen Nahrungsbestand“ (the dial, p. 14); a food village
    counts through the Harvest that set the dial (ruling), not again at winter."""
    areas = {"10A": infantry(), "1A": infantry()}
    plain = position(areas, order=4).board.players[0].dials["food"]
    village = position(areas, order=4, exploration={"1A": token("village_food")}).board.players[0].dials["food"]
    assert village == plain + 1


# -- Magic Portal --------------------------------------------------------------------------------------

PORTALS = {"10A": token("magic_portal"), "2A": token("magic_portal")}


def test_strategy_may_step_from_one_face_up_portal_to_another_for_one_influence():
    """p. 37 Magisches Portal: „Jeder Spieler, der seine Einheiten oder Helden bewegt, kann 1 Einflussmarker ausgeben, um
    dieses Gebiet so zu behandeln, als sei es direkt benachbart zu allen anderen Gebieten mit einem offenen Magischen
    Portal.“ Strategy (p. 16) still needs a friendly or empty destination."""
    state = position({"10A": infantry(2)}, exploration=PORTALS)
    prompt = prompt_of(state, "strategy_move")
    assert prompt.info["magic_portal"] == {"areas": ["10A", "2A"], "influence": 1}
    jump = {"from": "10A", "to": "2A", "unit": "human_infantry", "count": 2}
    assert Action(0, prompt.id, "move", jump) in ENGINE.legal(state, 0)
    moved = act(state, "strategy_move", "move", **jump)
    assert moved.state.board.areas["2A"].units_of(0) == 2 and moved.state.board.players[0].influence == 2
    assert [e.data for e in events(moved, "influence_spent")] == [{"seat": 0, "amount": 1, "why": "magic_portal"}]
    walk = act(state, "strategy_move", "move", **{**jump, "to": "10B"})
    assert walk.state.board.players[0].influence == 3 and not events(walk, "influence_spent")


def test_without_influence_or_with_a_face_down_portal_there_is_no_jump():
    """p. 37: the price is 1 influence, and only „Gebieten mit einem offenen Magischen Portal“ are linked."""
    broke = position({"10A": infantry()}, influence=0, exploration=PORTALS)
    jump = {"from": "10A", "to": "2A", "unit": "human_infantry", "count": 1}
    assert Action(0, prompt_of(broke, "strategy_move").id, "move", jump) not in ENGINE.legal(broke, 0)
    assert "magic_portal" not in prompt_of(broke, "strategy_move").info
    assert "p. 37" in refused(broke, "strategy_move", "move", **jump).rule
    hidden = position({"10A": infantry()}, exploration={**PORTALS, "2A": token("magic_portal", False)})
    assert "p. 16" in refused(hidden, "strategy_move", "move", **jump).rule


def test_mobilize_marches_through_a_portal_for_one_influence_and_walks_for_free():
    """p. 37 with p. 17 (Mobilisierung, up to 2 areas): from the portal in 10C the jump to the portal in 2A, then 2B, is
    2 steps and 1 jump (1 influence; ruling: per group and jump); 1B walks to 2B through 2A without paying."""
    areas = {"10C": infantry(2), "1B": infantry()}
    state = act(
        position(areas, order=2, exploration={"10C": token("magic_portal"), "2A": token("magic_portal")}),
        "march_target",
        "activate",
        area="2B",
    ).state
    moves = {(a.args["from"], a.args["count"]) for a in ENGINE.legal(state, 0) if a.choice == "move"}
    assert {("10C", 2), ("1B", 1)} <= moves
    walked = act(state, "march_move", "move", **{"from": "1B", "unit": "human_infantry", "count": 1})
    assert walked.state.board.players[0].influence == 3
    jumped = act(walked.state, "march_move", "move", **{"from": "10C", "unit": "human_infantry", "count": 2})
    assert jumped.state.board.areas["2B"].units_of(0) == 3 and jumped.state.board.players[0].influence == 2
    assert [e.data["why"] for e in events(jumped, "influence_spent")] == ["magic_portal"]


def test_a_march_that_needs_a_portal_it_cannot_pay_for_is_refused_naming_p37():
    """p. 37: „kann 1 Einflussmarker ausgeben“: with none the portal does not link the areas."""
    portals = {"10C": token("magic_portal"), "2A": token("magic_portal")}
    state = act(
        position({"10C": infantry()}, order=2, influence=0, exploration=portals), "march_target", "activate", area="2B"
    ).state
    assert not [a for a in ENGINE.legal(state, 0) if a.choice == "move"]
    error = refused(state, "march_move", "move", **{"from": "10C", "unit": "human_infantry", "count": 1})
    assert "p. 37" in error.rule and "influence" in str(error)


# -- epic variant ----------------------------------------------------------------------------------


def epic_setup(seed=3):
    state = ENGINE.setup({"epic": True}, 2, seed).state
    while state.prompts and state.prompts[0].kind != "place_dragon_rune":
        state = ENGINE.apply(state, ENGINE.legal(state, state.prompts[0].seat)[0]).state
    return state


def test_epic_setup_gives_one_face_up_dragon_rune_per_home_realm_and_no_false_rune():
    """p. 37 Epische Spielvariante: „Während des Spielaufbaus erhält jeder Spieler nur 1 Drachenrune für sein Heimatreich
    (anstatt 2 Drachenrunen und 1 falsche Rune)“; „Falsche Runen werden in dieser Variante nicht benutzt und
    Drachenrunen liegen immer offen aus.“ Its player chooses the home area, in public (ruling)."""
    state = epic_setup()
    prompt = state.prompts[0]
    home = state.board.players[prompt.seat].home_areas
    assert not prompt.secret and {a.args["area"] for a in ENGINE.legal(state, prompt.seat)} == set(home)
    assert "p. 37" in refused(state, "place_dragon_rune", "dragon_rune", area="1A").rule
    supply = dict(state.board.rune_supply)
    placed = ENGINE.apply(state, Action(prompt.seat, prompt.id, "dragon_rune", {"area": home[1]})).state
    runes = {a: placed.board.areas[a].rune for a in home if placed.board.areas[a].rune}
    assert list(runes) == [home[1]] and runes[home[1]].dragon and runes[home[1]].face_up
    assert placed.board.rune_supply == {"dragon": supply["dragon"] - 1, "false": supply["false"]}
    assert ENGINE.view(placed, None)["areas"][home[1]]["rune"] == "dragon"


def test_epic_decks_hold_no_tactics_or_season_card_about_false_runes():
    """p. 37: „Taktik- oder Jahreszeitenkarten mit Bezug auf falsche Runen werden abgeworfen und es wird eine neue Karte
    für sie gezogen“: the cards that look at face-down runes leave the decks at setup (ruling)."""
    peeking = {
        c.id
        for kind in ("tactics_card", "season_card")
        for c in PACK.cards[kind]
        if any(e.get("do") == "peek_rune" for e in c.attrs.get("effects", ()))
    }
    assert peeking

    def dealt(state):
        board = state.board
        return {c for name, deck in board.decks.items() for c in deck.draw + deck.discard} | {
            c for p in board.players for c in p.tactics
        }

    assert peeking <= dealt(ENGINE.setup({}, 2, 3).state)
    assert not peeking & dealt(epic_setup())


# -- whole games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options, seed", [({"exploration": True}, 7), ({"epic": True}, 3)])
def test_a_random_game_with_the_option_ends_and_replays_exactly(options, seed):
    """p. 37: either optional rule, or both, „Vor jedem Spiel sollten die Spieler gemeinsam entscheiden“; a game with one
    plays to its end (p. 30; epic: 8 years or 7 dragon runes) and replays to the same state."""
    state, records, _ = play(2, seed, options=options)
    assert state.result["reason"] in {"dragon_runes", "time_limit", "last_player"}
    if options.get("epic"):
        assert state.board.year == 8 or state.result["reason"] != "time_limit"
        assert all(area.rune.face_up for area in state.board.areas.values() if area.rune)
    else:
        assert state.board.exploration
    assert state_hash(replay(ENGINE.ruleset, seed, options, 2, records)) == state_hash(state)
