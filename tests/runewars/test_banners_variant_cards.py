"""Every card of the Banners of War variants played in a game position, its effect checked (issue 24 item 7: „Every card has
a scenario test“): the 32 development cards, the 10 commander cards, the 4 victory cards, the 8 alternative cities; and
the variants' rare outcomes (issue 24 „Done when“): a commander leading, retreating, falling and replaced, Generalleutnant
played from the hand, zombie tokens recruited, a capital captured in battle and rebuilt with Fortify (Banners of War
rulebook pp. 9-11; digest §6.1-§6.4; rulings R-BWV1-R-BWV8)."""

import random

import pytest

from engine.core import Context
from engine.runewars import runes
from engine.runewars.banners.commanders import _rally, commander_card
from engine.runewars.ruleset import RULESET
from engine.runewars.supply import figures_left
from tests.runewars.prompting import ENGINE, act, prompt_of
from tests.runewars.test_banners_variants import CMD_PACK, DEV_PACK, HOME, INFANTRY, cmd_position, dev_position, fight, units

DEV_CARDS = {c.id: c for c in DEV_PACK.cards["development_card"]}
ENEMY = {"humans": "uthuk", "elves": "uthuk", "undead": "humans", "uthuk": "humans"}


def _used(events, card):
    return [e.data for e in events if e.kind == "development_card_used" and e.data["card"] == card]


def _battle(faction, card, *, attack, unit=None):
    """Seat 0 (``faction``, owning ``card``) attacks 1A from 1B with ``unit``, or defends its stronghold in 1A against
    the other faction's infantry from 1B; every prompt answered with its first legal answer; all events."""
    other = ENEMY[faction]
    mine = unit or INFANTRY[faction]
    if attack:
        areas = {
            "1A": {"stronghold": {"owner": 1}, "units": [units(INFANTRY[other], 1, owner=1)]},
            "1B": {"units": [units(mine, 2)]},
        }
        orders, turn, target, moving, source = {0: 2, 1: 5}, 0, "1A", mine, "1B"
    else:
        areas = {
            "1A": {"stronghold": {"owner": 0}, "units": [units(mine, 1)]},
            "1B": {"units": [units(INFANTRY[other], 3, owner=1)]},
        }
        orders, turn, target, moving, source = {0: 5, 1: 2}, 1, "1A", INFANTRY[other], "1B"
    done = dev_position(faction, orders, areas=areas, turn=turn, other=other, variants={"development_cards": {0: [card]}})
    done = act(done.state, "march_target", "activate", area=target)
    done = act(done.state, "march_move", "move", **{"from": source, "unit": moving, "count": 3 if not attack else 2})
    done = act(done.state, "march_move", "done")
    return fight(done)[1]


def _harvest(faction, owned, decline=False):
    done = dev_position(faction, owned=owned)
    if decline:
        done = act(done.state, "harvest_build", "decline")
    return done


@pytest.mark.parametrize("card", sorted(DEV_CARDS))
def test_every_development_card_does_what_it_says(card):
    """Each of the 32 cards (exp. p. 9 „acht Entwicklungskarten für jede Fraktion“) owned by its faction in a position
    where its effect applies; measured against the same position without the card (house effects: ruling R-BWV2)."""
    found = DEV_CARDS[card]
    faction, effect, amount = found.attrs["faction"], found.attrs["effect"], int(found.attrs.get("amount", 1))
    if effect == "harvest_resource":  # one more on the named dial each Harvest
        resource = found.attrs["resource"]
        base = _harvest(faction, []).state.board.players[0].dials[resource]
        assert _harvest(faction, [card]).state.board.players[0].dials[resource] == base + amount
    elif effect == "harvest_influence":
        base = _harvest(faction, []).state.board.players[0].influence
        done = _harvest(faction, [card])
        assert done.state.board.players[0].influence == base + amount and _used(done.events, card)
    elif effect == "harvest_tactics":  # drawn with the Harvest bonus
        base = len(_harvest(faction, [], decline=True).state.board.players[0].tactics)
        done = _harvest(faction, [card], decline=True)
        assert len(done.state.board.players[0].tactics) == base + amount and _used(done.events, card)
    elif effect == "defence_strength":  # step 5a, defending an area with his stronghold
        used = _used(_battle(faction, card, attack=False), card)
        assert used == [{"seat": 0, "card": card, "area": "1A", "side": "defender", "strength": amount}]
    elif effect == "attack_strength":  # attacking with the named unit; without it nothing
        used = _used(_battle(faction, card, attack=True, unit=found.attrs["unit"]), card)
        assert used == [{"seat": 0, "card": card, "area": "1A", "side": "attacker", "strength": amount}]
        if found.attrs["unit"] != INFANTRY[faction]:
            assert _used(_battle(faction, card, attack=True), card) == []
    elif effect == "capital":  # bought: the home stronghold becomes the capital, defence 7 (p. 9)
        done = act(_harvest(faction, [], decline=True).state, "development_card", "buy", card=card)
        home = f"{HOME[faction][5:]}A"
        assert done.state.board.capitals == {home: 0}
        from engine.runewars.banners.development import _capital_strength

        stronghold = done.state.board.areas[home].stronghold
        assert _capital_strength(done.state, DEV_PACK, home, stronghold, 5) == 7
    elif effect == "zombie_tokens":  # 16 plastic Zombies + 8 tokens
        done = act(_harvest(faction, [], decline=True).state, "development_card", "buy", card=card)
        assert figures_left(done.state.board, DEV_PACK, 0, "undead_zombie") == 24 - 4
    elif effect == "peasants":  # a token left in the area his last units leave (p. 9 „Bauernmarker“)
        done = dev_position(faction, {0: 1, 1: 4}, owned=[card])
        done = act(done.state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": INFANTRY[faction], "count": 1})
        done = act(done.state, "leave_peasant", "leave")
        assert done.state.board.peasants == {"1A": 0}
    elif effect == "kugelblitz_return":  # the rulebook's example card: the discarded tactics card comes back
        from types import SimpleNamespace

        from engine.runewars.battle.abilities import AUTOMATIC
        from engine.runewars.battle.frame import Task

        done = dev_position(faction, owned=[card])
        done.state.board.decks["tactics"].discard.append("bow_machtspiel")
        frame = SimpleNamespace(sides=[SimpleNamespace(seat=0), SimpleNamespace(seat=1)], tasks=[])
        ctx = Context(rng=None)
        AUTOMATIC[found.attrs["unit"]](done.state, DEV_PACK, frame, Task("ability", 0, found.attrs["unit"]), ctx)
        assert done.state.board.players[0].tactics == ["bow_machtspiel"]
    else:
        pytest.fail(f"no check for the effect {effect!r} of {card}")


def test_plague_lands_zombie_tokens_are_recruited_like_zombies():
    """p. 9 „Zombiemarker“: „Diese Marker werden genauso wie Zombiefiguren aus Kunststoff behandelt“: with all 16 plastic
    Zombies on the board a Recruit still places 5 (tokens); without the card the supply is empty and figures must be
    taken from the board (base p. 35)."""

    def recruit(owned):
        areas = {
            "12A": {"stronghold": {"owner": 0}},
            "1A": {"units": [units("undead_zombie", 8)]},
            "1B": {"units": [units("undead_zombie", 8)]},
        }
        extra = {"variants": {"development_cards": {0: owned}}} if owned else {}
        players = {"0": {"dials": {"food": 8, "wood": 8, "ore": 8}, "played": [1]}}
        done = dev_position("undead", {0: 5, 1: 1}, areas=areas, players=players, **extra)
        return act(done.state, "recruit_resource", "recruit", resource="food")

    done = recruit(["dev.undead.plague_lands"])
    placed = {e.kind: e.data for e in done.events if e.kind in ("units_placed", "zombie_tokens_placed")}
    assert placed["units_placed"]["areas"] == {"12A": 5}
    assert placed["zombie_tokens_placed"] == {"seat": 0, "unit": "undead_zombie", "count": 5, "in_play": 5}
    assert figures_left(done.state.board, DEV_PACK, 0, "undead_zombie") == 3
    done = recruit([])
    assert prompt_of(done.state, "place_recruits").info["figures_left"] == 0


# -- the capital captured in battle and rebuilt with Fortify (p. 9; ruling R-BWV1) ---------------------------------


def test_a_capital_taken_in_battle_becomes_the_conquerors_plain_stronghold():
    """p. 9: „Wer eine gegnerische Hauptstadt erobert, kann sie durch eine seiner eigenen normalen Festungen ersetzen,
    aber nie durch seine Hauptstadt“ (the Uthuk own their capital card too)."""
    areas = {
        "10A": {"stronghold": {"owner": 0, "damaged": True}, "units": [units("human_infantry", 1)]},
        "10B": {"units": [units("uthuk_berserker", 6, owner=1)]},
        "1A": {"units": [units("human_infantry", 1)]},
    }
    variants = {"development_cards": {0: ["dev.humans.capital"], 1: ["dev.uthuk.capital"]}, "capitals": {"10A": 0}}
    done = dev_position("humans", {0: 5, 1: 2}, areas=areas, turn=1, variants=variants)
    done = act(done.state, "march_target", "activate", area="10A")
    done = act(done.state, "march_move", "move", **{"from": "10B", "unit": "uthuk_berserker", "count": 6})
    done = act(done.state, "march_move", "done")
    done, events = fight(done)
    while done.state.prompts and done.state.prompts[0].kind != "choose_order":
        done = ENGINE.apply(done.state, ENGINE.ruleset.legal(done.state, done.state.prompts[0])[0])
        events += done.events
    assert next(e for e in events if e.kind == "battle_won").data["winner"] == "attacker"
    board = done.state.board
    assert [e.data for e in events if e.kind == "capital_captured"] == [{"seat": 0, "area": "10A", "by": 1}]
    assert board.areas["10A"].stronghold.owner == 1 and board.capitals == {} and board.capitals_lost == [0]


def _fortify(builder_faction="humans", *, ore=3, capital_card=True, seat=0):
    """Daqan's capital in 10A was taken by the Uthuk (seat 1); seat ``seat`` resolves Fortify."""
    areas = {
        "10A": {"stronghold": {"owner": 1, "damaged": True}, "units": [units("uthuk_berserker", 1, owner=1)]},
        "10B": {"units": [units("human_infantry", 1)]},
        "10C": {"units": [units("uthuk_berserker", 1, owner=1)]},
        "1A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]},
        "1B": {"units": [units("human_infantry", 1)]},
    }
    owned = {0: ["dev.humans.capital"] if capital_card else [], 1: ["dev.uthuk.capital"]}
    done = dev_position(
        "humans",
        {0: 8, 1: 1} if seat == 0 else {0: 1, 1: 8},
        areas=areas,
        turn=0 if seat == 0 else 1,
        variants={"development_cards": owned, "capitals": {"10A": 0}},
        players={str(seat): {"dials": {"food": 3, "wood": 3, "ore": ore}}},
    )
    captured = [e.data for e in done.events if e.kind == "capital_captured"]
    return done, captured


def test_a_lost_capital_is_rebuilt_by_a_home_realm_fortify_for_two_ore_and_one_wood():
    """p. 9: „kann er beim nächsten Mal, wenn er in seinem Heimatreich eine Festung mit der Befehlskarte ‚Festung‘ baut,
    seine Hauptstadt wieder neu bauen, indem er dafür 2 Erz und 1 Holz zahlt (statt 1 Erz und 1 Holz für eine normale
    Festung)“."""
    done, captured = _fortify()
    assert captured == [{"seat": 0, "area": "10A", "by": 1}]
    built = act(done.state, "fortify_action", "build", area="10B")
    assert [e.data["why"] for e in built.events if e.kind == "capital_built"] == ["rebuilt"]
    board = built.state.board
    assert board.capitals == {"10B": 0} and board.capitals_lost == []
    assert {r: board.players[0].dials[r] for r in ("ore", "wood")} == {"ore": 1, "wood": 2}  # 2 ore + 1 wood


def test_a_stronghold_outside_the_home_realm_or_without_the_second_ore_is_no_capital():
    done, _ = _fortify()
    built = act(done.state, "fortify_action", "build", area="1B")  # not in his home realm
    assert not [e for e in built.events if e.kind == "capital_built"] and built.state.board.capitals == {}
    done, _ = _fortify(ore=1)  # a plain stronghold is paid (1 ore + 1 wood); the capital waits
    built = act(done.state, "fortify_action", "build", area="10B")
    board = built.state.board
    assert board.capitals == {} and board.capitals_lost == [0] and board.areas["10B"].stronghold.owner == 0


def test_a_conqueror_never_places_his_capital_in_the_realm_he_took():
    """p. 9: „aber nie durch seine Hauptstadt“: the Uthuk own their capital card and build in Daqan's home realm."""
    done, _ = _fortify(seat=1)
    fortify = prompt_of(done.state, "fortify_action")
    assert fortify.seat == 1
    sites = [a.args["area"] for a in ENGINE.ruleset.legal(done.state, fortify) if a.choice == "build"]
    assert "10C" in sites
    built = act(done.state, "fortify_action", "build", area="10C")
    assert built.state.board.areas["10C"].stronghold.owner == 1
    assert built.state.board.capitals == {} and not [e for e in built.events if e.kind == "capital_built"]


# -- the 10 commander cards (p. 10; rulings R-BWV7, R-BWV8) ------------------------------------------------------

COMMANDER_CARDS = {c.id: c for c in CMD_PACK.cards["commander_card"]}


def _commander_battle(card, *, attack):
    """Aldric (seat 0) commands with ``card``: he leads 3 Infantry from 1B into 1A (and goes with them), or stands with
    his Infantry at his stronghold 1A when the Uthuk come from 1B."""
    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "1B" if attack else "1A"}]
    if attack:
        areas = {"10A": {"stronghold": {"owner": 0}}, "1A": {"units": [units("uthuk_berserker", 1, owner=1)]}}
        areas["1B"] = {"units": [units("human_infantry", 3)]}
        done = cmd_position({0: 2, 1: 5}, areas, heroes, {"aldric_sturmhand": card})
        done = act(done.state, "march_target", "activate", area="1A")
        done = act(done.state, "march_move", "move", **{"from": "1B", "unit": "human_infantry", "count": 3})
        done = act(done.state, "commander_follows", "follow")
    else:
        areas = {"10A": {"stronghold": {"owner": 0}}, "1A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]}}
        areas["1B"] = {"units": [units("uthuk_berserker", 3, owner=1)]}
        done = cmd_position({0: 5, 1: 2}, areas, heroes, {"aldric_sturmhand": card}, turn=1)
        done = act(done.state, "march_target", "activate", area="1A")
        done = act(done.state, "march_move", "move", **{"from": "1B", "unit": "uthuk_berserker", "count": 3})
    done = act(done.state, "march_move", "done")
    return fight(done)


@pytest.mark.parametrize("card", sorted(c for c, v in COMMANDER_CARDS.items() if v.attrs["effect"] == "strength"))
@pytest.mark.parametrize("attack", [True, False], ids=["attack", "defence"])
def test_every_strength_commander_card_leads_in_its_battles(card, attack):
    """p. 10: „Wenn ein stehender Kommandant in einem Gebiet ist, in dem eigene Einheiten einen Kampf führen, trägt er
    dazu mit der Fähigkeit bei, die auf seiner Kommandantenkarte genannt ist“; each card's ``when`` (any, attack, defence)
    decides where its strength counts (house effects)."""
    found = COMMANDER_CARDS[card]
    _, events = _commander_battle(card, attack=attack)
    leads = [e.data for e in events if e.kind == "commander_leads"]
    applies = found.attrs["when"] in ("any", "attack" if attack else "defence")
    side = "attacker" if attack else "defender"
    expected = {
        "seat": 0,
        "hero": "aldric_sturmhand",
        "card": card,
        "area": "1A",
        "side": side,
        "strength": found.attrs["amount"],
    }
    assert leads == ([expected] if applies else [])
    if applies:
        won = next(e for e in events if e.kind == "battle_won")
        assert won.data["strength"][side] >= found.attrs["amount"]


def _fate_cards(passing, symbols):
    """Fate card ids showing one of ``symbols`` (``passing``), or none of them."""
    return [c.id for c in CMD_PACK.fate_cards if (c.symbol in symbols) is passing]


@pytest.mark.parametrize("card", sorted(c for c, v in COMMANDER_CARDS.items() if v.attrs["effect"] == "rally"))
def test_every_rallying_commander_card_tests_its_trait_and_stands_routed_units(card):
    """The rulebook's rallying card (p. 10, R-BWV7) and the house cards like it: a test of the commander's trait (one fate
    card per point); on one of the card's symbols up to ``count`` routed units of his side stand; otherwise none."""
    from types import SimpleNamespace

    from engine.runewars.battle.frame import Fighter
    from engine.runewars.heroes import trait

    found = COMMANDER_CARDS[card]
    symbols = list(found.attrs["symbols"])
    for passing in (True, False):
        heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "10A"}]
        done = cmd_position({0: 5, 1: 2}, {"10A": {"stronghold": {"owner": 0}}}, heroes, {"aldric_sturmhand": card})
        board = done.state.board
        hero = board.heroes[0]
        draws = max(1, trait(CMD_PACK, hero, found.attrs["trait"]))
        tops = _fate_cards(passing, symbols)[:draws]
        if not passing and len(tops) < draws:
            continue  # every symbol passes (Veteran Marshal): there is no failing draw
        deck = board.decks["fate"]
        deck.draw = tops + [c for c in deck.draw if c not in tops]
        fighters = [Fighter(i, 0, "human_infantry", routed=True) for i in range(4)]
        frame = SimpleNamespace(
            sides=[SimpleNamespace(seat=1, fighters=[]), SimpleNamespace(seat=0, fighters=fighters)], area="10A"
        )
        ctx = Context(rng=random.Random(1))
        _rally(done.state, CMD_PACK, frame, 1, hero, commander_card(CMD_PACK, card), ctx)
        rallied = found.attrs["count"] if passing else 0
        assert sum(not f.routed for f in fighters) == rallied
        lead = next(e.data for e in ctx.events if e.kind == "commander_leads")
        assert lead["test"] == found.attrs["trait"] and lead["rallied"] == rallied


def test_a_commander_retreats_routed_with_his_losing_units():
    """p. 10: „Falls der Spieler den Kampf verliert, muss sich sein Kommandant zusammen mit den Einheiten zurückziehen
    (als sei der Held eine Einheit)“ (ruling R-BWV8: routed). Aldric leads 2 Infantry against a stronghold and 4 Berserkers."""
    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "1B"}]
    areas = {
        "10A": {"stronghold": {"owner": 0}},
        "1A": {"stronghold": {"owner": 1}, "units": [units("uthuk_berserker", 4, owner=1)]},
        "1B": {"units": [units("human_infantry", 2)]},
    }
    done = cmd_position({0: 2, 1: 5}, areas, heroes, {"aldric_sturmhand": "commander.shield_wall"})
    done = act(done.state, "march_target", "activate", area="1A")
    done = act(done.state, "march_move", "move", **{"from": "1B", "unit": "human_infantry", "count": 2})
    done = act(done.state, "commander_follows", "follow")
    done = act(done.state, "march_move", "done")
    done, events = fight(done)
    while done.state.prompts and done.state.prompts[0].kind != "choose_order":
        done = ENGINE.apply(done.state, ENGINE.ruleset.legal(done.state, done.state.prompts[0])[0])
        events += done.events
    assert next(e for e in events if e.kind == "battle_won").data["winner"] == "defender"
    assert not [e for e in events if e.kind == "commander_leads"]  # Shield Wall counts only in defence
    retreat = [e for e in events if e.kind == "commander_retreats"]
    assert [e.data for e in retreat] == [{"seat": 0, "hero": "aldric_sturmhand", "area": "1B"}]
    assert retreat[0].to is None  # public, like the units' retreat
    hero = done.state.board.heroes[0]
    assert (hero.area, hero.routed) == ("1B", True)


def test_a_commander_who_falls_loses_his_card_and_a_new_one_comes_at_the_quest_phase():
    """p. 10: „Falls ein Kommandant besiegt wurde, gelten die normalen Regeln für besiegte Helden. Die Kommandantenkarte
    des besiegten Kommandanten wird abgeworfen“; „Wahl eines neuen Kommandanten“: a player whose only commander fell
    draws a new card at the start of the quest phase for a hero of his at one of his strongholds."""
    from engine.runewars.banners.commanders import _quest_phase_hook, fallen_commanders
    from engine.runewars.heroes import wound

    heroes = [
        {"card": "aldric_sturmhand", "owner": 0, "area": "1A", "rewards": ["runenspeer"]},
        {"card": "silhouette", "owner": 0, "area": "10A"},
    ]
    areas = {"10A": {"stronghold": {"owner": 0}}, "1A": {"units": [units("human_infantry", 1)]}}
    done = cmd_position({0: 5, 1: 2}, areas, heroes, {"aldric_sturmhand": "commander.shield_wall"})
    state = done.state
    board = state.board
    ctx = Context(rng=random.Random(1))
    aldric = board.heroes[0]
    wound(state, CMD_PACK, aldric, 10, ctx, "test")  # more than his health
    fallen_commanders(state, CMD_PACK, ctx)
    kinds = [e.kind for e in ctx.events]
    assert kinds[:2] == ["hero_damaged", "hero_defeated"] and "defeated_hero_token" in kinds  # the defeated-hero rules
    assert [e.data for e in ctx.events if e.kind == "commander_defeated"] == [
        {"hero": "aldric_sturmhand", "card": "commander.shield_wall", "seat": 0}
    ]
    assert board.commanders == {} and board.decks["commanders"].discard == ["commander.shield_wall"]
    state.prompts = []
    _quest_phase_hook(state, CMD_PACK, ctx)
    ask = prompt_of(state, "choose_commander")
    assert ask.info["why"] == "new_card" and ask.info["heroes"] == ["silhouette"]
    done = act(state, "choose_commander", "choose", hero="silhouette")
    assert done.state.board.commanders == {"silhouette": ask.info["card"]} != {"silhouette": "commander.shield_wall"}


def test_generalleutnant_played_from_the_hand_gives_a_second_commander():
    """p. 10 „Generalleutnant“: „Zu spielen, während deines Spielzuges und diese Karte bleibt im Spiel. Ziehe eine
    zusätzliche Kommandantenkarte. Damit führst du nun zwei Kommandanten.“"""
    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "10A"}, {"card": "silhouette", "owner": 0, "area": "10A"}]
    areas = {"10A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]}}
    done = cmd_position(
        {0: 1, 1: 4},
        areas,
        heroes,
        {"aldric_sturmhand": "commander.shield_wall"},
        players={"0": {"tactics": ["bow_generalleutnant"]}},
    )
    done = act(done.state, "turn_window", "play", card="bow_generalleutnant")
    board = done.state.board
    played = next(e.data for e in done.events if e.kind == "lieutenant_general_played")
    assert played["seat"] == 0 and played["card"] == "bow_generalleutnant" and played["commander_card"]
    assert board.commanders == {"aldric_sturmhand": "commander.shield_wall", "silhouette": played["commander_card"]}
    assert board.lieutenants == {0: "bow_generalleutnant"} and "bow_generalleutnant" not in board.decks["tactics"].discard
    assert ENGINE.view(done.state, 1)["variants"]["lieutenants"] == {"0": "bow_generalleutnant"}


def test_the_commander_card_changes_hands_at_the_start_of_the_quest_phase_in_play():
    """p. 10 „Wahl eines neuen Kommandanten“: the quest phase of a real summer asks; the card goes to the hero at the
    stronghold."""
    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "1A"}, {"card": "silhouette", "owner": 0, "area": "10A"}]
    areas = {"10A": {"stronghold": {"owner": 0}}, "1A": {"units": [units("human_infantry", 1)]}}
    done = cmd_position({0: 5, 1: 2}, areas, heroes, {"aldric_sturmhand": "commander.warlord"}, season="spring", turn=1)
    for _ in range(40):
        if any(p.kind == "change_commander" for p in done.state.prompts):
            break
        prompt = done.state.prompts[0]
        legal = ENGINE.ruleset.legal(done.state, prompt)
        done = ENGINE.apply(done.state, next((a for a in legal if a.choice in ("proceed", "decline", "skip", "done")), legal[0]))
    ask = prompt_of(done.state, "change_commander")
    assert ask.info == {"from": "aldric_sturmhand", "heroes": ["silhouette"]}
    done = act(done.state, "change_commander", "change", hero="silhouette")
    assert done.state.board.commanders == {"silhouette": "commander.warlord"}
    changed = next(e.data for e in done.events if e.kind == "commander_changed")
    assert changed == {"seat": 0, "previous": "aldric_sturmhand", "hero": "silhouette", "card": "commander.warlord"}


# -- the 4 victory cards (p. 11) ----------------------------------------------------------------------------------

ROAD = {"banners_of_war": True, "road_to_victory": True}
ROAD_PACK = RULESET.pack(ROAD)


def _road_position(faction, season, **extra):
    home = HOME[faction][5:]
    areas = {
        f"{home}A": {"stronghold": {"owner": 0}, "rune": {"kind": "dragon", "face_up": True}},
        f"{home}B": {"rune": {"kind": "dragon"}},
        f"{home}C": {"rune": {"kind": "dragon"}},
        **{f"1{x}": {"units": [units(INFANTRY[faction], 1)], "rune": {"kind": "dragon"}} for x in "BCD"},
    }
    spec = {
        "factions": [faction, ENEMY[faction]],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": HOME[faction], "rotation": 0, "q": 3, "r": 0}],
        "neutrals": "none",
        "areas": areas,
        "season": season,
        **extra,
    }
    return ENGINE.from_position(ROAD, 2, 1, spec)


@pytest.mark.parametrize("card", sorted(c.id for c in ROAD_PACK.cards["victory_card"]))
def test_every_victory_card_is_placed_and_won_by_its_faction(card):
    """p. 11 „Straße des Sieges“: „kann er seine Siegkarte verdeckt auf den Stapel der Jahreszeitenkarten der aktuellen
    Jahreszeit legen“; a year later: „Falls dieser Spieler nun genügend Drachenrunen hat … hat er das Spiel gewonnen“."""
    faction = next(c for c in ROAD_PACK.cards["victory_card"] if c.id == card).attrs["faction"]
    done = _road_position(faction, {"year": 2, "name": "spring", "start": "turn", "orders": {0: 4, 1: 5}, "turn": 0})
    done = act(done.state, "turn_window", "victory_card")
    placed = next(e.data for e in done.events if e.kind == "victory_card_placed")
    assert placed == {"seat": 0, "season": "spring", "year": 2, "runes": 6}
    assert ENGINE.view(done.state, 1)["variants"]["victory_cards"] == {"spring": {"seat": 0, "year": 2}}
    done = _road_position(faction, {"year": 3, "name": "summer", "start": "card"}, variants={"victory_cards": {"summer": [0, 2]}})
    assert [e.data for e in done.events if e.kind == "victory_card_won"] == [{"seat": 0, "season": "summer", "placed": 2}]
    assert [e.data["winner"] for e in done.events if e.kind == "game_over" and e.data.get("reason") == "victory_card"] == [0]


# -- the 8 alternative cities (p. 11; ruling R-BWV3) --------------------------------------------------------------

FREE = {"banners_of_war": True, "free_cities": True}
FREE_PACK = RULESET.pack(FREE)
CITIES = {c.id: c for c in FREE_PACK.city_tokens if c.at_setup}


@pytest.mark.parametrize("city", sorted(CITIES))
def test_every_alternative_city_gives_its_support_and_its_printed_rune(city):
    """p. 11: „Die alternativen Stadtmarker ersetzen die ursprünglichen“, giving „mehr Taktikkarten, Einfluss“ with Rally
    Support (base p. 36: one benefit per controlled city); the three with a printed dragon rune count it for whoever
    controls the area („Diese Drachenrune zählt nur für den Spielsieg“)."""
    token = CITIES[city]
    printed = next(r for r in FREE_PACK.records["city_token"] if r["id"] == city).get("printed_rune", False)
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}],
        "neutrals": "none",
        "areas": {"10A": {"stronghold": {"owner": 0}}, "1A": {"units": [units("human_infantry", 1)]}, "1B": {"city": city}},
        "season": {"year": 2, "name": "spring", "start": "turn", "orders": {0: 6, 1: 1}, "turn": 0},
    }
    spec["areas"]["1B"]["units"] = [units("human_infantry", 1)]
    done = ENGINE.from_position(FREE, 2, 1, spec)
    board = done.state.board
    assert runes.printed_runes(board, 0) == int(printed) and runes.printed_runes(board, 1) == 0
    changed = [e.data for e in done.events if e.kind == "printed_rune_changed_hands"]
    assert [(c["area"], c["seat"]) for c in changed] == ([("1B", 0)] if printed else [])
    ask = prompt_of(done.state, "support_city")
    assert ask.info["city"] == city and ask.info["benefits"]["influence"] == token.influence
    assert ask.info["benefits"]["tactics"] == token.tactics and ask.info["benefits"]["units"] == token.neutral_count
    before = board.players[0].influence
    done = act(done.state, "support_city", "benefit", benefit="influence")
    assert done.state.board.players[0].influence == before + token.influence


# -- the Deliver list's smaller rules (issue 24 items 2-6), each with its page ------------------------------------


def test_a_capital_is_laid_undamaged_side_up_on_a_damaged_stronghold():
    """p. 9: „wird der Hauptstadtmarker mit der unbeschädigten Seite nach oben ausgelegt“."""
    areas = {
        "10A": {"stronghold": {"owner": 0, "damaged": True}},
        **{f"1{x}": {"units": [units("human_infantry", 1)]} for x in "ABCD"},
    }
    done = act(dev_position("humans", areas=areas).state, "harvest_build", "decline")
    done = act(done.state, "development_card", "buy", card="dev.humans.capital")
    assert done.state.board.capitals == {"10A": 0} and done.state.board.areas["10A"].stronghold.damaged is False


def test_a_routed_commander_never_moves_in_the_quest_phase_nor_out_of_an_activated_area():
    """p. 10: „Kommandanten können nicht aus aktivierten Gebieten heraus ziehen und können sich auch nicht bewegen, wenn
    sie flüchtend sind (auch nicht während der Questphase).“"""
    from engine.runewars.heroes.moves import quest_paths

    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "1A"}]
    for area, routed, moves in (({}, False, True), ({"activated_by": [0]}, False, False), ({}, True, False)):
        done = cmd_position(
            {0: 5, 1: 2}, {"10A": {"stronghold": {"owner": 0}}, "1A": area}, heroes, {"aldric_sturmhand": "commander.vanguard"}
        )
        hero = done.state.board.heroes[0]
        hero.routed = routed
        paths = quest_paths(done.state, CMD_PACK, hero)
        assert any(paths) is moves


@pytest.mark.parametrize("commanders", [True, False], ids=["with-commanders", "without"])
def test_commanders_stand_outside_the_three_hero_limit(commanders):
    """p. 10: „Kommandanten zählen nicht gegen das Heldenlimit“: three heroes of whom one commands, and a fourth recruited,
    is no breach of the limit of 3 (base p. 36); without the variant it is."""
    from engine.runewars.heroes.recruit import Disloyalty, HeroRecruitment, _advance

    names = ["aldric_sturmhand", "silhouette", "mirela_laterne"]
    heroes = [{"card": h, "owner": 0, "area": "10A"} for h in names]
    done = cmd_position({0: 5, 1: 2}, {"10A": {"stronghold": {"owner": 0}}}, heroes, {"aldric_sturmhand": "commander.vanguard"})
    state = done.state
    if not commanders:
        state.board.commanders = {}
    frame = HeroRecruitment(0)
    frame.step = "limit"
    state.board.stack.append(frame)
    _advance(state, CMD_PACK, frame, Context(rng=random.Random(1)))
    assert isinstance(state.board.stack[-1], Disloyalty) is (not commanders)


def test_a_printed_city_rune_lies_beside_a_rune_token_and_both_count():
    """p. 11: „In solch ein Gebiet kann trotzdem noch ein Runenmarker gelegt werden“; the printed rune is no rune token."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}],
        "neutrals": "none",
        "areas": {
            "10A": {"stronghold": {"owner": 0}},
            "1B": {"city": "free-city-1", "rune": {"kind": "dragon"}, "units": [units("human_infantry", 1)]},
        },
        "season": {"year": 2, "name": "spring", "start": "turn", "orders": {0: 4, 1: 1}, "turn": 0},
    }
    board = ENGINE.from_position(FREE, 2, 1, spec).state.board
    assert board.areas["1B"].rune is not None and runes.printed_runes(board, 0) == 1
    assert runes.dragon_rune_count(board, 0) == 2


@pytest.mark.parametrize(
    ("options", "needed", "last"),
    [
        ({}, 6, 6),
        ({"development_cards": True, "commanders": True}, 6, 6),
        ({"free_cities": True}, 7, 6),
        ({"epic": True}, 7, 8),
        ({"epic": True, "free_cities": True}, 8, 8),
        ({"free_cities": True, "road_to_victory": True}, 7, 6),
        ({"epic": True, "free_cities": True, "road_to_victory": True, "exploration": True}, 8, 8),
    ],
)
def test_the_rune_threshold_and_last_year_of_every_combination(options, needed, last):
    """§6.6 and p. 11: „brauchen die Spieler eine Drachenrune mehr als sonst (sieben Drachenrunen; … acht bei Epic)“;
    Road to Victory keeps the base end of the game (6 years, 8 with Epic)."""
    full = {"banners_of_war": True, **options}
    pack = RULESET.pack(full)
    epic = bool(options.get("epic"))
    assert runes.runes_to_win(pack, epic) == needed
    assert int(pack.constant("epic_years" if epic else "years")) == last


def test_one_victory_card_per_season_deck_and_per_faction():
    """p. 11: „Auf jedem Jahreszeitenkartenstapel kann maximal nur eine Siegkarte liegen“ (one per deck) and each faction has one
    card (p. 2 „1 pro Fraktion“): with either taken, the turn window offers none."""
    from engine.runewars.banners.road_to_victory import may_place

    season = {"year": 2, "name": "spring", "start": "turn", "orders": {0: 4, 1: 5}, "turn": 0}
    assert may_place(_road_position("humans", season).state, ROAD_PACK, 0)
    for waiting in ({"spring": [1, 1]}, {"winter": [0, 1]}):
        state = _road_position("humans", season, variants={"victory_cards": waiting}).state
        assert not may_place(state, ROAD_PACK, 0)
        offered = {a.choice for p in state.prompts if p.kind == "turn_window" for a in ENGINE.ruleset.legal(state, p)}
        assert "victory_card" not in offered
