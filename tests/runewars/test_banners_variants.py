"""The Banners of War variants (issue 24; Banners of War rulebook pp. 9-11, digest §6): the options, their data layers
and the rules the scenarios in tests/scenarios/runewars/bow_* do not show."""

import pytest

from engine.core import Action
from engine.core.game import BadOption
from engine.runewars.banners.development import faction_cards
from engine.runewars.banners.variants import VARIANTS, VariantsBoard
from engine.runewars.game import GAME
from engine.runewars.ruleset import RULESET
from engine.runewars.supply import figures_left
from tests.runewars.prompting import ENGINE, act, prompt_of, refused


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_is_an_option_that_needs_banners_of_war(variant):
    """Issue 24 item 1: „Diese Erweiterung enthält vier Möglichkeiten“ (exp. p. 9); each needs the expansion."""
    option = GAME.option(variant)
    assert option.type is bool and option.default is False and option.help
    assert GAME.check_options({"banners_of_war": "true", variant: "true"}) == {"banners_of_war": True, variant: True}
    with pytest.raises(BadOption, match=f"option {variant} needs the option banners_of_war"):
        GAME.check_options({variant: "true"})
    with pytest.raises(BadOption, match="needs the option banners_of_war"):
        GAME.check_options({"banners_of_war": "false", variant: "yes"})
    assert GAME.check_options({variant: "false"}) == {variant: False}  # off without the expansion is fine


def test_every_combination_with_epic_and_exploration_is_accepted():
    """Issue 24: „in any combination“, with the base Epic and exploration options."""
    every = {v: True for v in VARIANTS}
    options = GAME.check_options({"banners_of_war": True, "epic": True, "exploration": True, **every})
    assert options == {"banners_of_war": True, "epic": True, "exploration": True, **every}


def test_free_cities_layer_replaces_the_cities_and_raises_the_threshold():
    """exp. p. 11: „Die alternativen Stadtmarker ersetzen die ursprünglichen“, 3 with a printed rune, one rune more (7, 8 epic)."""
    pack = RULESET.pack({"banners_of_war": True, "free_cities": True})
    dealt = [c for c in pack.city_tokens if c.at_setup]
    assert len(dealt) == 8 and all(c.id.startswith("free-city-") for c in dealt)
    # the Sunken City, which only quests place, is not laid at setup: it stays (R-BW14; docs/data-packs.md, replace)
    assert [c.id for c in pack.city_tokens if not c.at_setup] == ["sunken-city"]
    assert sum(1 for r in pack.records["city_token"] if r.get("printed_rune")) == 3
    assert all(r.get("source") for r in pack.records["city_token"])
    assert pack.constant("runes_to_win") == 7 and pack.constant("epic_runes_to_win") == 8
    base = RULESET.pack({"banners_of_war": True})
    assert sum(c.at_setup for c in base.city_tokens) == 7 and base.constant("runes_to_win") == 6


def test_road_to_victory_has_a_victory_card_per_faction():
    """exp. p. 2: „4 Siegkarten (1 pro Fraktion)“; the Uthuk card's text is the rulebook's (p. 11)."""
    pack = RULESET.pack({"banners_of_war": True, "road_to_victory": True})
    cards = pack.cards["victory_card"]
    assert sorted(c.attrs["faction"] for c in cards) == sorted(pack.factions)
    uthuk = next(c for c in cards if c.attrs["faction"] == "uthuk")
    assert uthuk.attrs["text_de"] == "Falls der Uthuk-Spieler noch genügend Drachenrunen kontrolliert, gewinnt er das Spiel."


def test_a_game_with_a_variant_gets_the_variants_board_and_without_keeps_its_board():
    from engine.runewars.banners.board import BannersBoard
    from engine.runewars.setup import board_type

    assert board_type({"banners_of_war": True, "free_cities": True}) is VariantsBoard
    assert board_type({"banners_of_war": True}) is BannersBoard


# -- Development Cards (exp. p. 9; digest §6.1; rulings R-BWV1, R-BWV2) -------------------------------------------


DEV = {"banners_of_war": True, "development_cards": True}
DEV_PACK = RULESET.pack(DEV)
HOME = {"humans": "tile-10", "elves": "tile-11", "undead": "tile-12", "uthuk": "tile-13"}
INFANTRY = {"humans": "human_infantry", "elves": "elf_warrior", "undead": "undead_zombie", "uthuk": "uthuk_berserker"}


def units(unit, n, owner=0):
    return {"owner": owner, "unit": unit, "standing": n}


def dev_position(faction="humans", orders=None, *, owned=(), areas=None, turn=0, other="uthuk", options=DEV, **extra):
    """Seat 0 plays ``faction`` (home tile beside tile-1, holding 1A-1D), seat 1 ``other``; Harvest with its bonus."""
    home = HOME[faction][5:]
    spec = {
        "factions": [faction, other if other != faction else "humans"],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": HOME[faction], "rotation": 0, "q": 3, "r": 0}],
        "neutrals": "none",
        "areas": areas
        if areas is not None
        else {f"{home}A": {"stronghold": {"owner": 0}}, **{f"1{x}": {"units": [units(INFANTRY[faction], 1)]} for x in "ABCD"}},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": orders or {0: 4, 1: 1}, "turn": turn},
        "decks": {"season.summer": []},
        **({"variants": {"development_cards": {0: list(owned)}}} if owned else {}),
        **extra,
    }
    return ENGINE.from_position(options, 2, 1, spec)


def test_eight_cards_per_faction_with_the_named_ones_and_a_source_each():
    """„acht Entwicklungskarten für jede Fraktion“ (p. 9): 32; each faction's capital card, „Pestländer“ (Waiqar),
    „Unterstützung durch das Volk“ (Daqan), the Kugelblitz card; every record names its source."""
    cards = DEV_PACK.cards["development_card"]
    assert len(cards) == 32
    for faction in DEV_PACK.factions:
        own = faction_cards(DEV_PACK, faction)
        assert len(own) == 8 and sum(1 for c in own if c.attrs["effect"] == "capital") == 1
    names = {c.name_de: c for c in cards}
    assert names["Pestländer"].attrs["faction"] == "undead" and names["Pestländer"].attrs["tokens"] == 8
    assert (
        names["Unterstützung durch das Volk"].attrs["faction"] == "humans"
        and names["Unterstützung durch das Volk"].attrs["tokens"] == 3
    )
    assert any(c.attrs["effect"] == "kugelblitz_return" and c.attrs["unit"] == "human_novice_wizard" for c in cards)
    assert all(c.prov.source in ("rulebook", "house") for c in cards)


@pytest.mark.parametrize("card", [c.id for c in DEV_PACK.cards["development_card"]])
def test_every_card_is_bought_with_the_harvest_bonus_paid_in_full(card):
    """p. 9: „zusätzlich zu dem einen üblichen Entwicklungsmarker eine Entwicklungskarte seiner Fraktion erwerben“, paid
    „sofort“ by lowering the dials; the card lies face up (public view) for good."""
    found = next(c for c in DEV_PACK.cards["development_card"] if c.id == card)
    faction = found.attrs["faction"]
    done = dev_position(faction)
    done = act(done.state, "harvest_build", "decline")
    prompt = prompt_of(done.state, "development_card")
    assert card in prompt.info["cards"] and len(prompt.info["cards"]) == 8
    before = dict(done.state.board.players[0].dials)
    done = act(done.state, "development_card", "buy", card=card)
    kinds = [e.kind for e in done.events]
    assert "development_card_bought" in kinds
    after = done.state.board.players[0].dials
    assert {r: before[r] - after[r] for r in before if before[r] != after[r]} == dict(found.attrs["cost"])
    assert ENGINE.view(done.state, 1)["variants"]["development_cards"] == {"0": [card]}
    effect = found.attrs["effect"]
    if effect == "capital":  # one home stronghold: placed at once, undamaged
        assert "capital_built" in kinds and done.state.board.capitals == {f"{HOME[faction][5:]}A": 0}
    elif effect == "zombie_tokens":  # 16 plastic Zombies + 8 tokens
        assert "zombie_tokens_received" in kinds
        assert figures_left(done.state.board, DEV_PACK, 0, "undead_zombie") == 24 - 4
    elif effect == "peasants":
        assert "peasant_tokens_received" in kinds


def test_a_card_is_offered_only_when_its_whole_cost_can_be_paid_and_only_one_per_harvest():
    """„Ein Spieler kann keine Entwicklungskarte erwerben, falls er nicht die kompletten Rohstoffkosten zahlen kann.“"""
    done = dev_position("humans")
    done = act(done.state, "harvest_build", "decline")
    refused(done.state, "development_card", "buy", card="dev.uthuk.capital")  # not his faction's
    done = act(done.state, "development_card", "buy", card="dev.humans.knightly_orders")
    assert not [p for p in done.state.prompts if p.kind == "development_card"]  # one card per Harvest bonus
    board = done.state.board
    board.players[0].dials.update({"food": 0, "wood": 0, "ore": 0})
    from engine.runewars.banners.development import affordable

    assert affordable(board, DEV_PACK, 0) == []


def test_without_the_variant_the_harvest_bonus_offers_no_card():
    done = dev_position("humans", options={"banners_of_war": True})
    done = act(done.state, "harvest_build", "decline")
    assert not [p for p in done.state.prompts if p.kind == "development_card"]


@pytest.mark.parametrize(
    ("card", "kind"),
    [("dev.humans.kings_levy", "harvest_resource"), ("dev.humans.council_of_barons", "harvest_influence")],
)
def test_harvest_cards_pay_every_harvest(card, kind):
    """House effects (R-BWV2): one more on a dial, or 1 influence, each time the Harvest order is resolved."""
    done = dev_position("humans", owned=[card])
    used = [e for e in done.events if e.kind == "development_card_used"]
    assert used and used[0].data["card"] == card
    if kind == "harvest_resource":
        assert any(e.kind == "dials_set" and e.data.get("why") == "development" for e in done.events)
    else:
        assert any(e.kind == "influence_gained" and e.data.get("why") == "development_card" for e in done.events)


def test_harvest_tactics_card_draws_with_the_bonus():
    done = dev_position("humans", owned=["dev.humans.war_college"])
    done = act(done.state, "harvest_build", "decline")
    assert any(e.kind == "development_card_used" and e.data["card"] == "dev.humans.war_college" for e in done.events)
    assert len(done.state.board.players[0].tactics) == 1


def fight(done):
    """Answer every prompt with its first legal answer until the battle is won; all events."""
    events = list(done.events)
    while not any(e.kind == "battle_won" for e in events):
        prompt = done.state.prompts[0]
        done = ENGINE.apply(done.state, ENGINE.ruleset.legal(done.state, prompt)[0])
        events += done.events
    return done, events


def attack_10a(owned=(), attacker_owned=(), capital=True, damaged=False):
    """The Uthuk (seat 1) mobilize 3 Berserkers from 10B into the Daqan stronghold (or capital) at 10A."""
    areas = {
        "10A": {"stronghold": {"owner": 0, "damaged": damaged}, "units": [units("human_infantry", 1)]},
        "10B": {"units": [units("uthuk_berserker", 3, owner=1)]},
        "1A": {"units": [units("human_infantry", 1)]},
    }
    variants = {"development_cards": {0: list(owned), 1: list(attacker_owned)}}
    if capital:
        variants["capitals"] = {"10A": 0}
    done = dev_position("humans", {0: 5, 1: 2}, areas=areas, turn=1, variants=variants)
    done = act(done.state, "march_target", "activate", area="10A")
    done = act(done.state, "march_move", "move", **{"from": "10B", "unit": "uthuk_berserker", "count": 3})
    done = act(done.state, "march_move", "done")
    return fight(done)


def test_a_capital_defends_with_seven():
    """p. 9: „Außerdem sind Hauptstadtmarker stärker bei der Verteidigung (7, solange unbeschädigt).“"""
    _, events = attack_10a(owned=["dev.humans.capital"])
    won = next(e for e in events if e.kind == "battle_won")
    assert won.data["stronghold"] == 7
    _, events = attack_10a(owned=["dev.humans.capital"], capital=False)
    assert next(e for e in events if e.kind == "battle_won").data["stronghold"] == 5  # a plain stronghold: the base 5


def test_a_damaged_capital_defends_with_its_damaged_side():
    _, events = attack_10a(owned=["dev.humans.capital"], damaged=True)
    assert next(e for e in events if e.kind == "battle_won").data["stronghold"] == 3  # house value (R-BWV1)


def test_defence_and_attack_cards_add_strength_in_step_5a():
    """Revised step 5a: „oder eine Entwicklungskarte“; the attacker's unit cards count there too (house, R-BWV2)."""
    _, events = attack_10a(owned=["dev.humans.greyhaven_walls"], attacker_owned=["dev.uthuk.berserker_frenzy"], capital=False)
    used = {e.data["card"]: e.data for e in events if e.kind == "development_card_used"}
    assert used["dev.humans.greyhaven_walls"]["side"] == "defender" and used["dev.humans.greyhaven_walls"]["strength"] == 1
    assert used["dev.uthuk.berserker_frenzy"]["side"] == "attacker"


def test_a_captured_capital_becomes_the_conquerors_plain_stronghold_and_may_be_rebuilt():
    """p. 9: „Wer eine gegnerische Hauptstadt erobert, kann sie durch eine seiner eigenen normalen Festungen ersetzen,
    aber nie durch seine Hauptstadt“; the owner may rebuild it later with Fortify in his home realm (2 ore + 1 wood)."""
    from engine.core import Context
    from engine.runewars.banners.development import _rebuild, upkeep

    done = dev_position(
        "humans",
        owned=["dev.humans.capital"],
        variants={"development_cards": {0: ["dev.humans.capital"]}, "capitals": {"10A": 0}},
    )
    board = done.state.board
    from engine.runewars.state import Stronghold

    board.areas["10A"].stronghold = Stronghold(1, damaged=True)
    ctx = Context(rng=None)
    upkeep(done.state, DEV_PACK, ctx)
    assert board.capitals == {} and board.capitals_lost == [0]
    assert [e.kind for e in ctx.events] == ["capital_captured"]
    board.areas["10B"].stronghold = Stronghold(0)
    board.players[0].dials["ore"] = 1
    _rebuild(done.state, DEV_PACK, 0, "10B", ctx)
    assert board.capitals == {"10B": 0} and board.players[0].dials["ore"] == 0


def test_peasant_tokens_are_left_hold_the_area_and_go_with_an_activation_token():
    """p. 9 „Bauernmarker“: „Jederzeit, wenn der Daqan-Spieler alle seine Einheiten aus einem Gebiet heraus zieht, kann er
    dort einen seiner Bauernmarker zurücklassen. Ein Gebiet mit einem Bauernmarker gilt für ihn wie ein eigenes“;
    „Ein Bauernmarker wird vom Spielplan genommen, wenn ein Aktivierungsmarker (auch ein Daqan-Marker) in das Gebiet
    gesetzt wird“. At most 3 (ruling R-BWV2)."""
    from engine.runewars.control import controller

    card = "dev.humans.support_of_the_people"
    done = dev_position("humans", {0: 1, 1: 4}, owned=[card])
    done = act(done.state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1})
    ask = next(p for p in done.state.prompts if p.kind == "leave_peasant")  # „kann er … zurücklassen“: his choice
    assert ask.info == {"area": "1A", "free": 3} and done.state.board.peasants == {}
    done = act(done.state, "leave_peasant", "leave")
    assert [e.data for e in done.events if e.kind == "peasant_placed"] == [{"seat": 0, "area": "1A"}]
    board = done.state.board
    assert board.peasants == {"1A": 0} and controller(board, "1A") == 0
    assert ENGINE.view(done.state, 1)["variants"]["peasants"] == {"1A": 0}
    board.areas["1A"].activated_by.append(1)  # any activation token, for whatever reason
    from engine.core import Context
    from engine.runewars.banners.development import upkeep

    ctx = Context(rng=None)
    upkeep(done.state, DEV_PACK, ctx)
    assert board.peasants == {} and [e.data["why"] for e in ctx.events if e.kind == "peasant_removed"] == ["activation"]
    assert controller(board, "1A") is None


def test_no_peasant_without_the_card_and_none_beyond_three():
    done = dev_position("humans", {0: 1, 1: 4})
    done = act(done.state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1})
    assert not [e for e in done.events if e.kind == "peasant_placed"]
    assert not [p for p in done.state.prompts if p.kind == "leave_peasant"]  # no token, no question
    card = "dev.humans.support_of_the_people"
    done = dev_position(
        "humans",
        {0: 1, 1: 4},
        owned=[card],
        variants={"development_cards": {0: [card]}, "peasants": {"2A": 0, "2B": 0, "2C": 0}},
        placements=[
            {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
            {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0},
            {"tile": "tile-2", "rotation": 0, "q": 0, "r": 3},
        ],
    )
    done = act(done.state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1})
    assert not [e for e in done.events if e.kind == "peasant_placed"]
    assert not [p for p in done.state.prompts if p.kind == "leave_peasant"]


def test_a_peasant_token_may_be_kept_for_later():
    """p. 9 „kann er dort einen seiner Bauernmarker zurücklassen“: a choice, kept tokens stay free (R-BWV2)."""
    card = "dev.humans.support_of_the_people"
    done = dev_position("humans", {0: 1, 1: 4}, owned=[card])
    done = act(done.state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1})
    done = act(done.state, "leave_peasant", "keep")
    assert done.state.board.peasants == {} and [e.data for e in done.events if e.kind == "peasant_kept"] == [
        {"seat": 0, "area": "1A"}
    ]
    assert not [p for p in done.state.prompts if p.kind == "leave_peasant"]


def test_ball_lightning_card_takes_the_discarded_tactics_card_back():
    """The rulebook's example card (p. 9): „Nach Anwendung der besonderen Fähigkeit Kugelblitz kannst du die abgeworfene
    Taktikkarte auf deine Hand nehmen“: the top of the tactics discards comes back (ruling R-BWV2)."""
    from types import SimpleNamespace

    from engine.core import Context
    from engine.runewars.battle.abilities import AUTOMATIC
    from engine.runewars.battle.frame import Task

    for owned, expected in (([], []), (["dev.humans.ball_lightning_mastery"], ["bow_machtspiel"])):
        done = dev_position("humans", owned=owned)
        board = done.state.board
        board.decks["tactics"].discard.append("bow_machtspiel")
        frame = SimpleNamespace(sides=[SimpleNamespace(seat=0), SimpleNamespace(seat=1)], tasks=[])
        ctx = Context(rng=None)
        AUTOMATIC["human_novice_wizard"](done.state, DEV_PACK, frame, Task("ability", 0, "human_novice_wizard"), ctx)
        assert frame.tasks[0].what == "damage"  # Ball Lightning itself is unchanged
        assert board.players[0].tactics == expected


# -- Commanders of the Battlefield (exp. p. 10; digest §6.2; rulings R-BWV7, R-BWV8) ----------------------------

CMD = {"banners_of_war": True, "commanders": True}
CMD_PACK = RULESET.pack(CMD)


def cmd_position(orders, areas, heroes, commanders, *, season="spring", turn=0, **extra):
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}],
        "neutrals": "none",
        "areas": areas,
        "heroes": heroes,
        "season": {"year": 2, "name": season, "start": "turn", "orders": orders, "turn": turn},
        "decks": {"season.summer": []},
        "variants": {"commanders": commanders},
        **extra,
    }
    return ENGINE.from_position(CMD, 2, 1, spec)


def test_ten_commander_cards_and_generalleutnant_stays_only_with_the_variant():
    """exp. p. 2 „10 Kommandantenkarten“; p. 10: „Die Taktikkarte ‚Generalleutnant‘ wird nur benutzt, wenn … mit der
    Variante Kommandanten des Schlachtfeldes“ (ruling R-BW8)."""
    assert len(CMD_PACK.cards["commander_card"]) == 10 and all(c.prov.source for c in CMD_PACK.cards["commander_card"])
    assert any(c.prov.source == "rulebook" and c.attrs["effect"] == "rally" for c in CMD_PACK.cards["commander_card"])
    with_variant = ENGINE.setup(CMD, 2, 1).state.board.decks["tactics"].draw
    without = ENGINE.setup({"banners_of_war": True}, 2, 1).state.board.decks["tactics"].draw
    assert "bow_generalleutnant" in with_variant and "bow_generalleutnant" not in without


def test_setup_deals_a_second_hero_and_a_commander_card_and_asks_which_hero_leads():
    """p. 10: „zwei Heldenkarten (statt nur einer) … eine Kommandantenkarte und muss nun einen seiner Helden wählen“."""
    done = ENGINE.setup(CMD, 2, 3)
    for _ in range(400):
        if any(p.kind == "choose_commander" for p in done.state.prompts):
            break
        prompt = done.state.prompts[0]
        done = ENGINE.apply(done.state, ENGINE.ruleset.legal(done.state, prompt)[0])
    board = done.state.board
    asks = [p for p in board_prompts(done.state) if p.kind == "choose_commander"]
    assert len(asks) == 2 and all(len(p.info["heroes"]) == 2 for p in asks)
    assert all(len([h for h in board.heroes if h.owner == seat]) == 2 for seat in (0, 1))
    for prompt in asks:
        done = ENGINE.apply(done.state, Action(prompt.seat, prompt.id, "choose", {"hero": prompt.info["heroes"][1]}))
    assert len(done.state.board.commanders) == 2
    assert ENGINE.view(done.state, None)["variants"]["commanders"] == done.state.board.commanders


def board_prompts(state):
    return list(state.prompts)


def test_a_commander_goes_with_the_last_units_that_leave_and_never_quests():
    """p. 10: „Kommandanten können sich wie Einheiten bewegen, wenn dies mittels einer Befehlskarte ‚Strategie‘ …
    geschieht“; „sie können aber keine Quests erfüllen oder auch nur beginnen“."""
    from engine.runewars.banners.variants import is_commander

    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "1A"}]
    areas = {"10A": {"stronghold": {"owner": 0}}, "1A": {"units": [units("human_infantry", 2)]}}
    done = cmd_position({0: 1, 1: 4}, areas, heroes, {"aldric_sturmhand": "commander.standard_bearer"})
    done = act(done.state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1})
    assert done.state.board.heroes[0].area == "1A"  # a unit of his is still there
    done = act(done.state, "strategy_move", "move", **{"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1})
    assert done.state.board.heroes[0].area == "1B"
    ask = next(p for p in done.state.prompts if p.kind == "commander_follows")  # he may go, or stay behind
    assert ask.info == {"hero": "aldric_sturmhand", "from": "1A", "to": "1B"}
    stayed = act(done.state, "commander_follows", "stay")
    assert stayed.state.board.heroes[0].area == "1A" and [e.kind for e in stayed.events if e.kind.startswith("commander")] == [
        "commander_stayed"
    ]
    done = act(done.state, "commander_follows", "follow")
    assert done.state.board.heroes[0].area == "1B"
    assert [e.data["path"] for e in done.events if e.kind == "commander_moved"] == [["1A", "1B"]]
    assert is_commander(done.state.board, "aldric_sturmhand") and not is_commander(done.state.board, "silhouette")


def test_a_commander_in_an_activated_area_stays():
    """p. 10: „Kommandanten können nicht aus aktivierten Gebieten heraus ziehen“."""
    from engine.runewars.banners.commanders import _moved

    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "1A"}]
    areas = {"10A": {"stronghold": {"owner": 0}}, "1A": {"activated_by": [0]}}
    done = cmd_position({0: 1, 1: 4}, areas, heroes, {"aldric_sturmhand": "commander.standard_bearer"})
    _moved(done.state.board, 0, "1A", "1B")
    assert done.state.board.heroes[0].area == "1A"


def test_a_standing_commander_adds_his_cards_strength_where_his_units_fight():
    """p. 10: „Wenn ein stehender Kommandant in einem Gebiet ist, in dem eigene Einheiten einen Kampf führen, trägt er
    dazu mit der Fähigkeit bei, die auf seiner Kommandantenkarte genannt ist“ (revised step 3)."""
    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "10A"}]
    areas = {
        "10A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]},
        "10B": {"units": [units("uthuk_berserker", 3, owner=1)]},
    }
    done = cmd_position({0: 5, 1: 2}, areas, heroes, {"aldric_sturmhand": "commander.shield_wall"}, turn=1)
    done = act(done.state, "march_target", "activate", area="10A")
    done = act(done.state, "march_move", "move", **{"from": "10B", "unit": "uthuk_berserker", "count": 3})
    done = act(done.state, "march_move", "done")
    _, events = fight(done)
    leads = [e.data for e in events if e.kind == "commander_leads"]
    assert leads == [
        {"seat": 0, "hero": "aldric_sturmhand", "card": "commander.shield_wall", "area": "10A", "side": "defender", "strength": 2}
    ]


def test_a_fallen_commanders_card_is_discarded_and_generalleutnant_with_it():
    """p. 10: „Die Kommandantenkarte des besiegten Kommandanten wird abgeworfen“; Generalleutnant: „Wirf diese Karte ab,
    wenn einer von beiden besiegt wird.“"""
    from engine.core import Context
    from engine.runewars.banners.commanders import fallen_commanders, lieutenant_general

    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "10A"}, {"card": "silhouette", "owner": 0, "area": "10A"}]
    areas = {"10A": {"stronghold": {"owner": 0}}}
    done = cmd_position({0: 5, 1: 2}, areas, heroes, {"aldric_sturmhand": "commander.shield_wall"})
    board = done.state.board
    board.decks["tactics"].discard.append("bow_generalleutnant")
    ctx = Context(rng=__import__("random").Random(1))
    lieutenant_general(done.state, CMD_PACK, ctx, 0)
    assert board.lieutenants == {0: "bow_generalleutnant"} and set(board.commanders) == {"aldric_sturmhand", "silhouette"}
    fallen_commanders(done.state, CMD_PACK, ctx)
    board.heroes = [h for h in board.heroes if h.card != "aldric_sturmhand"]  # defeated
    fallen_commanders(done.state, CMD_PACK, ctx)
    assert "aldric_sturmhand" not in board.commanders and "commander.shield_wall" in board.decks["commanders"].discard
    assert board.lieutenants == {} and "bow_generalleutnant" in board.decks["tactics"].discard
    assert [e.kind for e in ctx.events if e.kind.startswith(("commander_defeated", "lieutenant"))] == [
        "lieutenant_general_played",
        "commander_defeated",
        "lieutenant_general_discarded",
    ]


def test_at_the_start_of_the_quest_phase_the_card_may_go_to_a_hero_at_a_stronghold():
    """p. 10 „Wahl eines neuen Kommandanten“: „zu Beginn der Questphase … ein eigener Held bei einer eigenen Festung“;
    after the only commander fell, a new card for a hero at one of his strongholds."""
    from engine.core import Context
    from engine.runewars.banners.commanders import _quest_phase_hook

    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "1A"}, {"card": "silhouette", "owner": 0, "area": "10A"}]
    areas = {"10A": {"stronghold": {"owner": 0}}}
    done = cmd_position({0: 5, 1: 2}, areas, heroes, {"aldric_sturmhand": "commander.shield_wall"})
    state = done.state
    state.prompts = []
    ctx = Context(rng=__import__("random").Random(1))
    _quest_phase_hook(state, CMD_PACK, ctx)
    ask = prompt_of(state, "change_commander")
    assert ask.info == {"from": "aldric_sturmhand", "heroes": ["silhouette"]}
    refused(state, "change_commander", "change", hero="aldric_sturmhand")
    done = act(state, "change_commander", "change", hero="silhouette")
    assert done.state.board.commanders == {"silhouette": "commander.shield_wall"}
    board = done.state.board
    board.commanders = {}
    done.state.prompts = []
    _quest_phase_hook(done.state, CMD_PACK, ctx)
    assert prompt_of(done.state, "choose_commander").info["why"] == "new_card"


def test_rally_support_may_draw_commander_cards_instead_of_heroes():
    """p. 10 „Kommandanten anwerben“: „kann der Spieler für bis zu drei Einflusspunkte bis zu drei Kommandantenkarten von
    dem Stapel ziehen. Dann kann er eine davon auswählen, um damit seine aktuelle Kommandantenkarte zu ersetzen. Die nicht
    gewählte Kommandantenkarte und auch die Ersetzte werden unter den Stapel der Kommandantenkarten geschoben.“"""
    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "10A"}]
    areas = {"10A": {"stronghold": {"owner": 0}}}
    done = cmd_position(
        {0: 6, 1: 2}, areas, heroes, {"aldric_sturmhand": "commander.shield_wall"}, players={"0": {"influence": 4}}
    )
    ask = prompt_of(done.state, "support_bonus_choice")
    assert ask.info == {"most": 3}
    done = act(done.state, "support_bonus_choice", "commanders", amount=2)
    board = done.state.board
    assert board.players[0].influence == 2
    keep = prompt_of(done.state, "keep_commander")
    assert keep.secret
    drawn = ENGINE.ruleset.legal(done.state, keep)[0].args["card"]
    done = act(done.state, "keep_commander", "keep", card=drawn, hero="aldric_sturmhand")
    board = done.state.board
    assert board.commanders == {"aldric_sturmhand": drawn}
    assert board.decks["commanders"].draw[-2:].count("commander.shield_wall") == 1  # the replaced card went under
    kinds = [e.kind for e in done.events]
    assert "commander_card_replaced" in kinds and "commanders_to_bottom" in kinds


@pytest.mark.parametrize(("top", "rallied"), [("fate-03", 2), ("fate-01", 0)])
def test_the_rulebooks_rallying_commander_card(top, rallied):
    """The rulebook's example card (p. 10, partly garbled, ruling R-BWV7): „kann dieser Kommandant seine [Weisheit
    prüfen] … [Symbol] oder [Symbol]: Stelle bis zu 2 deiner [geflüchteten Einheiten in diesem K]ampf wieder auf“: a
    wisdom test (1 card for Aldric), on gold or silver up to 2 routed units stand; on red nothing."""
    from types import SimpleNamespace

    from engine.core import Context
    from engine.runewars.banners.commanders import _rally, commander_card
    from engine.runewars.battle.frame import Fighter

    heroes = [{"card": "aldric_sturmhand", "owner": 0, "area": "10A"}]
    done = cmd_position(
        {0: 5, 1: 2}, {"10A": {"stronghold": {"owner": 0}}}, heroes, {"aldric_sturmhand": "commander.rallying_cry"}
    )
    board = done.state.board
    board.decks["fate"].draw.remove(top)
    board.decks["fate"].draw.insert(0, top)
    fighters = [Fighter(i, 0, "human_infantry", routed=True) for i in range(3)]
    frame = SimpleNamespace(sides=[SimpleNamespace(seat=1, fighters=[]), SimpleNamespace(seat=0, fighters=fighters)], area="10A")
    ctx = Context(rng=__import__("random").Random(1))
    card = commander_card(CMD_PACK, "commander.rallying_cry")
    _rally(done.state, CMD_PACK, frame, 1, board.heroes[0], card, ctx)
    assert sum(not f.routed for f in fighters) == rallied
    lead = next(e.data for e in ctx.events if e.kind == "commander_leads")
    assert lead["rallied"] == rallied and lead["test"] == "wisdom" and top in board.decks["fate"].discard


def test_the_turn_window_asks_from_public_facts_and_offers_the_card_only_with_enough_dragon_runes():
    """Road to Victory (exp. p. 11): whether the window waits for the player must not tell the table that he holds enough
    dragon runes (ruling R-BWV5): six face-down tokens in his areas make it ask, whatever they are; the victory card is
    offered only when six of them are dragon runes."""
    road = {"banners_of_war": True, "road_to_victory": True}
    areas = {"10A": {"stronghold": {"owner": 0}}}
    for n, area in enumerate(["10A", "10B", "10C", "1B", "1C", "1D"]):
        spec = areas.setdefault(area, {})
        if area.startswith("1"):
            spec["units"] = [units("human_infantry", 1)]
        spec["rune"] = {"kind": "false" if n < 3 else "dragon"}
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}],
        "neutrals": "none",
        "areas": areas,
        "season": {"year": 2, "name": "spring", "start": "turn", "orders": {0: 4, 1: 5}, "turn": 0},
    }
    done = ENGINE.from_position(road, 2, 1, spec)
    window = prompt_of(done.state, "turn_window")
    assert window.forced is None
    assert "victory_card" not in {a.choice for a in ENGINE.ruleset.legal(done.state, window)}


def test_a_capital_holds_two_developments_built_and_collected_with_the_harvest_bonus():
    """p. 9: „Hauptstadtmarker stellen einen besonderen Festungstyp dar, der zwei Entwicklungsmarker aufnehmen kann, statt
    nur einem.“ (ruling R-BWV1)"""
    from engine.runewars.orders.harvest import development_at, supply

    areas = {
        "10A": {"stronghold": {"owner": 0}, "development": "humans.diplomacy"},
        "10B": {"stronghold": {"owner": 0}, "development": "humans.training"},
        **{f"1{x}": {"units": [units("human_infantry", 1)]} for x in "ABCD"},
    }
    variants = {"development_cards": {0: ["dev.humans.capital"]}, "capitals": {"10A": 0}}
    done = dev_position("humans", areas=areas, variants=variants)
    build = prompt_of(done.state, "harvest_build")
    assert build.info["sites"] == ["10A"]  # the capital's second slot; 10B's stronghold is full
    before = supply(done.state.board, DEV_PACK, "humans.resources")
    done = act(done.state, "harvest_build", "build", development="humans.resources", area="10A")
    board = done.state.board
    assert board.areas["10A"].development == "humans.diplomacy" and board.capital_developments == {"10A": "humans.resources"}
    assert development_at(board, "10A/2") == "humans.resources" and supply(board, DEV_PACK, "humans.resources") == before - 1
    assert ENGINE.view(done.state, 1)["variants"]["capital_developments"] == {"10A": "humans.resources"}
    # the next Harvest bonus collects both: the diplomacy's influence, then the second's tactics card
    board.capital_developments = {"10A": "humans.training"}
    board.areas["10B"].development = None
    from engine.core import Context
    from engine.runewars.flow import push, run
    from engine.runewars.orders.harvest import HarvestOrder

    done.state.prompts = []
    board.stack = [f for f in board.stack if not isinstance(f, HarvestOrder)]
    push(done.state, HarvestOrder(0, True, step="bonus"))
    ctx = Context(rng=__import__("random").Random(1))
    run(done.state, DEV_PACK, ctx)
    kinds = [(e.kind, e.data.get("area")) for e in ctx.events if e.kind in ("influence_gained", "tactics_drawn")]
    assert kinds[:2] == [("influence_gained", "10A"), ("tactics_drawn", None)]
