"""Banners of War (issue 23, items 1-7 and 9): the option ``banners_of_war`` and the expansion's mandatory rules.

Sources: the expansion rulebook (seeds/003, German), sections named per test; digest
shared/rules/runewars-banners-of-war.md; rulings R-BW* in docs/rulings.md. The rulebook's two
examples are scenarios (tests/scenarios/runewars/bow_daqan_recruit.toml, bow_bestechung_tactic_fate.toml),
as is the Garrison bonus (bow_garrison.toml).
"""

from random import Random

import pytest

from engine.core import Context
from engine.runewars.banners.board import BannersBoard
from engine.runewars.banners.cards import token_areas
from engine.runewars.banners.tactic_fate import usable
from engine.runewars.effects.windows import season_label, why_not_playable
from engine.runewars.ruleset import RULESET
from engine.runewars.seasons import _spring
from engine.runewars.state import RunewarsBoard
from tests.runewars.prompting import ENGINE, act, prompt_of, refused

BOW = {"banners_of_war": True}
TILES = [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}]
PACK = RULESET.pack(BOW)


def units(unit, n, owner=0):
    return {"owner": owner, "unit": unit, "standing": n}


def position(orders, areas, *, season="spring", players=None, options=BOW, turn=0, **extra):
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": extra.pop("placements", TILES),
        "neutrals": "none",
        "areas": areas,
        "players": players or {},
        "season": {"year": 1, "name": season, "start": "turn", "orders": orders, "turn": turn},
        "decks": {"season.summer": [], **extra.pop("decks", {})},
        **extra,
    }
    return ENGINE.from_position(options, 2, 1, spec)


# -- item 1: the option; without it nothing changes ------------------------------------------------------------


def test_without_the_option_the_base_pack_board_and_hand_stay():
    """Issue 23 item 1: the base game keeps its pack (no Garrison, 4 unit types), its board type and hand 1-8."""
    base = RULESET.pack({})
    assert [o.number for o in base.orders] == list(range(1, 9))
    assert sum(1 for u in base.units.values() if u.faction == "humans") == 4
    state = ENGINE.setup({}, 2, 1).state
    assert type(state.board) is RunewarsBoard
    assert all(p.hand == list(range(1, 9)) for p in state.board.players)


def test_with_the_option_a_ninth_order_card_and_the_expansion_board():
    """„Jede Fraktion hat nun Zugang zu einer Garnisonsbefehlskarte“: hands of 9, Garrison numbered 0 (ruling R-BW3)."""
    state = ENGINE.setup(BOW, 2, 1).state
    assert type(state.board) is BannersBoard
    assert all(p.hand == list(range(9)) for p in state.board.players)
    assert PACK.order(0).id == "garrison"
    assert "bow_generalleutnant" not in state.board.decks["tactics"].draw  # ruling R-BW8: Commanders variant only


def test_the_expansion_counts_of_the_component_list():
    """„Liste des Spielmaterials“: +12 units per faction (8 + 4), +32 tactics, +3 per season deck, +1 title, runes 26/22."""
    for faction in PACK.factions:
        own = [u for u in PACK.units.values() if u.faction == faction]
        assert len(own) == 6 and sum(u.figures for u in own) == 48
        assert sorted(u.figures for u in own if u.replaces) == [4, 8]
    assert len(PACK.cards["tactics_card"]) == 82
    assert len([c for c in PACK.cards["season_card"] if not c.partial]) == 44
    assert len([c for c in PACK.cards["title"] if not c.partial]) == 4
    assert PACK.unit("human_novice_wizard").replaces == "human_archer"  # the Daqan example
    assert PACK.unit("elf_leonx_rider").replaces == "elf_warrior" and PACK.unit("elf_leonx_rider").fast  # „Schnell“


def test_the_component_list_counts_the_expansions_tokens_and_markers():
    """Issue 23 item 5 and „Done when“ (exp. p. 2 „Liste des Spielmaterials“; digest §2.1/§2.2): the tokens the expansion
    adds, merged over the base counts — +1 activation token per faction, 5 influence tokens worth 3, 6 Desolation/Cryomancy
    tokens, +15 training tokens, +8 defeated-hero markers, 4 reinforcement sheets, the Sunken City, 16 map tiles, 43
    exploration tokens; without the option the base counts stay."""
    counts = {c: PACK.components[c].count for c in PACK.components}
    base = RULESET.pack({}).components
    assert {
        c: counts[c]
        for c in (
            "activation_tokens",
            "influence_three",
            "desolation_cryomancy_tokens",
            "training_tokens",
            "defeated_hero_tokens",
            "reinforcement_sheets",
            "sunken_city",
            "map_tiles",
            "exploration_tokens",
        )
    } == {
        "activation_tokens": 20,
        "influence_three": 5,
        "desolation_cryomancy_tokens": 6,
        "training_tokens": 24 + 15,
        "defeated_hero_tokens": 8 + 8,
        "reinforcement_sheets": 4,
        "sunken_city": 1,
        "map_tiles": 13 + 3,
        "exploration_tokens": 35 + 8,
    }
    assert (base["training_tokens"].count, base["defeated_hero_tokens"].count, base["activation_tokens"].count) == (24, 8, 16)
    assert "reinforcement_sheets" not in base and "influence_three" not in base


# -- Garrison: +2 whenever its player defends this season ---------------------------------------------------------


def test_garrison_gives_its_player_two_strength_in_a_battle_he_defends():
    """„Wenn du in dieser Jahreszeit im Kampf der Verteidiger bist, erhältst du +2 Stärke.“ Garrison (0) resolves before
    the attacker's Mobilize (2); its bonus places 2 triangle units; the battle then counts +2 for the defender."""
    areas = {
        "10A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 2)]},
        "1A": {"units": [units("uthuk_berserker", 1, owner=1)]},
        "1B": {"units": [units("human_knight", 1)]},
    }
    done = position({"0": 2, "1": 0}, areas, turn=1)
    # seat 1 (Uthuk) plays Garrison first; it holds no stronghold, so the bonus finds nowhere to recruit
    assert [e.kind for e in done.events if e.kind in ("garrison_played", "recruit_not_possible")] == [
        "garrison_played",
        "recruit_not_possible",
    ]
    done = act(done.state, "march_target", "activate", area="1A")
    done = act(done.state, "march_move", "move", **{"from": "1B", "unit": "human_knight", "count": 1})
    done = act(done.state, "march_move", "done")
    events = list(done.events)
    while not any(e.kind == "battle_won" for e in events):
        prompt = done.state.prompts[0]
        done = ENGINE.apply(done.state, ENGINE.ruleset.legal(done.state, prompt)[0])
        events += done.events
    assert any(e.kind == "garrison_defends" and e.data == {"area": "1A", "seat": 1, "strength": 2} for e in events)
    won = next(e for e in events if e.kind == "battle_won")
    assert won.data["strength"]["defender"] >= 2


def test_the_defender_announces_tactic_fate_cards_out_of_turn_after_both_unit_types_are_fixed():
    """Issue 23 items 3, 4 and 7: revised step 4 („Überarbeitete Kampfschritte“, exp. p. 7; ruling R-BW4) — both unit
    types are chosen before anyone draws, the attacker announces (4a), then the defender, out of turn and secretly (the
    count is public, the cards are not); a card he does not hold is refused naming the rule; he draws one fewer fate card
    and the tactic fate card goes to the tactics discard pile."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES[:1] + [{"tile": "tile-2", "rotation": 0, "q": 2, "r": 0}],
        "neutrals": "none",
        "battle": {"area": "1B", "attacker": 0, "conquer": False},
        "players": {"0": {"tactics": ["bow_eiserner_wille"]}, "1": {"tactics": ["bow_kriegslist"]}},
        "areas": {"1B": {"units": [units("human_knight", 2), units("uthuk_berserker", 3, owner=1)]}},
    }
    started = act(ENGINE.from_position(BOW, 2, 7, spec).state, "tactics_window", "pass")
    started = act(started.state, "tactics_window", "pass")
    chosen = [e.data["side"] for e in started.events if e.kind == "battle_type_chosen"]
    assert chosen == ["attacker", "defender"] and prompt_of(started.state, "tactic_fate").seat == 0
    attacker = act(started.state, "tactic_fate", "announce", cards=[])
    prompt = prompt_of(attacker.state, "tactic_fate")
    assert (prompt.seat, prompt.secret, prompt.info["side"], prompt.info["draws"]) == (1, True, "defender", 3)
    assert [a.args["cards"] for a in ENGINE.legal(attacker.state, 1)] == [[], ["bow_kriegslist"]]
    assert "exp. p. 7" in refused(attacker.state, "tactic_fate", "announce", cards=["bow_eiserner_wille"]).rule
    done = act(attacker.state, "tactic_fate", "announce", cards=["bow_kriegslist"])
    announced = next(e for e in done.events if e.kind == "tactic_fate_announced")
    assert announced.to is None and announced.data["side"] == "defender" and announced.data["count"] == 1
    assert [(e.to, e.data["cards"]) for e in done.events if e.kind == "your_tactic_fate"] == [({1}, ["bow_kriegslist"])]
    drew = next(e.data for e in done.events if e.kind == "battle_drew" and e.data["side"] == "defender")
    assert (drew["count"], drew["tactic_fate"]) == (3, 1)
    revealed = next(e.data["defender"] for e in done.events if e.kind == "battle_cards_revealed")
    assert revealed["cards"][0] == "bow_kriegslist" and len(revealed["cards"]) == 3  # 2 fate cards + the tactic fate card
    assert "bow_kriegslist" in done.state.board.decks["tactics"].discard


def _both_play_garrison(season, influence, played=None):
    players = {str(s): {"influence": influence[s], **({"played": [played[s]]} if played else {})} for s in (0, 1)}
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "players": players,
        "areas": {"10A": {"stronghold": {"owner": 0}}},
        "season": {"year": 1, "name": season, "start": "orders"},
        "decks": {"season.summer": []},
    }
    state = ENGINE.from_position(BOW, 2, 3, spec).state
    events = []
    for seat in (0, 1):
        prompt = next(p for p in state.prompts if p.seat == seat and p.kind == "choose_order")
        garrison = next(a for a in ENGINE.legal(state, seat) if a.prompt == prompt.id and a.args.get("number") == 0)
        done = ENGINE.apply(state, garrison)
        state, events = done.state, events + list(done.events)
    return state, events


@pytest.mark.parametrize("richer", [0, 1])
def test_two_garrisons_are_secret_tie_by_the_base_rule_and_only_the_years_first_card_earns_the_bonus(richer):
    """Issue 23 item 3 (ruling R-BW3): Garrison is order 0 — chosen secretly like every order card; two Garrisons tie
    and the base tie-break decides (p. 31: more influence first); its bonus needs the highest number played this year
    (p. 12), so in spring both earn it, in summer after another order neither does."""
    influence = {richer: 5, 1 - richer: 2}
    state, events = _both_play_garrison("spring", influence)
    assert [(e.to, e.data) for e in events if e.kind == "your_order"] == [
        ({0}, {"number": 0, "order": "garrison"}),
        ({1}, {"number": 0, "order": "garrison"}),
    ]
    assert all("number" not in e.data for e in events if e.kind == "order_chosen")
    revealed = next(e.data for e in events if e.kind == "orders_revealed")
    assert revealed["orders"] == {0: 0, 1: 0} and revealed["player_order"] == [richer, 1 - richer]
    assert [(e.data["seat"], e.data["bonus"]) for e in events if e.kind == "turn_began"][:1] == [(richer, True)]
    _, later = _both_play_garrison("summer", influence, played={0: 3, 1: 4})
    assert [e.data["bonus"] for e in later if e.kind == "turn_began"] == [False, False]
    assert [e.data["seat"] for e in later if e.kind == "garrison_played"] == [richer, 1 - richer]
    assert not [e for e in later if e.kind in ("order_bonus", "garrison_recruited")]


@pytest.mark.parametrize("knights", [1, 2])
def test_no_more_tactic_fate_cards_than_fate_cards_the_unit_type_would_draw(knights):
    """Exp. p. 7: „Er zieht dann für jede Taktikschicksalskarte … eine Schicksalskarte weniger“ — so at most as many as he
    would draw (digest §14 item 1; ruling R-BW4): one Knight draws one card, so one of his two tactic fate cards at most;
    two Knights may replace both their draws."""
    hand = ["bow_kriegslist", "bow_frostzauber"]
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES[:1] + [{"tile": "tile-2", "rotation": 0, "q": 2, "r": 0}],
        "neutrals": "none",
        "battle": {"area": "1B", "attacker": 0, "conquer": False},
        "players": {"0": {"tactics": hand}},
        "areas": {"1B": {"units": [units("human_knight", knights), units("uthuk_berserker", 3, owner=1)]}},
    }
    state = act(ENGINE.from_position(BOW, 2, 7, spec).state, "tactics_window", "pass").state
    assert prompt_of(state, "tactic_fate").info["draws"] == knights
    announcements = sorted(sorted(a.args["cards"]) for a in ENGINE.legal(state, 0))
    singles = [[], ["bow_frostzauber"], ["bow_kriegslist"]]
    assert announcements == (singles if knights == 1 else sorted(singles + [sorted(hand)]))
    if knights == 1:
        assert "exp. p. 7" in refused(state, "tactic_fate", "announce", cards=hand).rule
    else:
        done = act(state, "tactic_fate", "announce", cards=hand)
        drew = next(e.data for e in done.events if e.kind == "battle_drew" and e.data["side"] == "attacker")
        assert (drew["count"], drew["tactic_fate"]) == (2, 2)


def test_unallied_neutrals_never_get_tactic_fate_cards():
    """Ruling R-BW4 (digest §14 item 4): tactics cards belong to players, and neutral units are nobody's (base p. 19), so
    the Uthuk player, holding a tactic fate card, is never asked while the Humans fight unallied Beastmen."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES[:1] + [{"tile": "tile-2", "rotation": 0, "q": 2, "r": 0}],
        "neutrals": "none",
        "battle": {"area": "1B", "attacker": 0, "conquer": False},
        "players": {"0": {"tactics": ["bow_eiserner_wille"]}, "1": {"tactics": ["bow_kriegslist"]}},
        "areas": {"1B": {"units": [units("human_infantry", 2), {"owner": "neutral", "unit": "beastman", "standing": 3}]}},
    }
    state, asked, drew = ENGINE.from_position(BOW, 2, 7, spec).state, [], []
    while state.prompts and state.prompts[0].kind not in ("retreat", "choose_order"):
        prompt = state.prompts[0]
        asked.append((prompt.seat, prompt.kind))
        choices = [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id]
        done = ENGINE.apply(state, next(a for a in choices if a.choice == "pass" or a.args.get("cards") == []))
        state, drew = done.state, drew + [e.data for e in done.events if e.kind == "battle_drew"]
    assert asked == [(0, "tactics_window"), (0, "tactic_fate")]
    assert [(d["side"], d["seat"], d["count"], d["tactic_fate"]) for d in drew if d["side"] == "defender"] == [
        ("defender", None, 3, 0)
    ]


# -- revealing rune tokens ----------------------------------------------------------------------------------------


def test_power_play_reveals_a_face_down_rune_of_ones_own_and_needs_one():
    """„Runenmarker aufdecken“ (p. 8): a token in an area he controls; it stays face up; a face-up token cannot pay, so
    with all his tokens face up „kann er keine Fähigkeiten oder Effekte nutzen, die dafür das Aufdecken … erfordern“."""
    areas = {
        "10A": {"stronghold": {"owner": 0}, "rune": {"kind": "dragon"}, "units": [units("human_infantry", 1)]},
        "10B": {"rune": {"kind": "false"}},
    }
    done = position({"0": 4, "1": 1}, areas, players={"0": {"tactics": ["bow_machtspiel"]}})
    state = done.state
    assert why_not_playable(state, PACK, 0, "bow_machtspiel", "turn") is None
    done = act(state, "turn_window", "play", card="bow_machtspiel")
    choice = prompt_of(done.state, "effect_choice")
    options = [a.args for a in ENGINE.ruleset.legal(done.state, choice) if a.choice == "choose"]
    assert sorted(o["area"] for o in options) == ["10A", "10B"]
    done = act(done.state, "effect_choice", "choose", area="10B")
    revealed = next(e for e in done.events if e.kind == "rune_revealed")
    assert revealed.to is None and revealed.data["rune"] == "false"  # public
    rune = done.state.board.areas["10B"].rune
    assert rune.face_up and rune.known_to == [0, 1]
    done.state.board.areas["10A"].rune.face_up = True
    done.state.board.players[0].tactics.append("bow_machtspiel_2")
    assert why_not_playable(done.state, PACK, 0, "bow_machtspiel_2", "turn") is not None


# -- Desolation and Cryomancy -------------------------------------------------------------------------------------


def test_desolation_gives_the_resources_at_once_then_cancels_them_and_respects_where_it_may_lie():
    """„Ödnismarker“ (p. 8): the controller „erhält … sofort die Rohstoffe“; then „alle Rohstoffsymbole … außer Kraft“;
    never in a home realm, never where a Desolation or Cryomancy token lies."""
    areas = {
        "10A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]},
        "1A": {"units": [units("human_infantry", 1)]},
    }
    done = position(
        {"0": 5, "1": 1},
        areas,
        players={"0": {"tactics": ["bow_verbrannte_erde"], "dials": {"food": 1, "wood": 1, "ore": 1}}},
        banners={"cryomancy": {"1B": 1}},
    )
    state = done.state
    legal = token_areas(state.board, PACK, "desolation")
    assert not set(legal) & set(state.board.players[0].home_areas) and "1B" not in legal and "1A" in legal
    produced = PACK.areas["1A"].resources()
    done = act(state, "turn_window", "play", card="bow_verbrannte_erde")
    done = act(done.state, "effect_choice", "choose", area="1A")
    placed = next(e for e in done.events if e.kind == "desolation_placed")
    assert placed.data["controller"] == 0
    after = done.state.board.players[0].dials
    assert all(after[r] == min(1 + n, PACK.faction("humans").dials[r].max) for r, n in produced.items())
    from engine.runewars.orders.harvest import area_production

    assert sum(area_production(done.state.board, PACK, "1A").values()) == 0
    assert "1A" not in token_areas(done.state.board, PACK, "cryomancy")
    assert ENGINE.view(done.state, None)["banners"]["desolation"] == ["1A"]  # public


def test_spring_removes_one_cryomancy_token_from_every_area():
    """„Durch die zweite Funktion einer Frühlingskarte wird ein Eiswüstenmarker aus jedem Gebiet … entfernt.“"""
    state = position({"0": 5, "1": 1}, {"10A": {"stronghold": {"owner": 0}}}, banners={"cryomancy": {"1A": 2, "1B": 1}}).state
    ctx = Context(Random(1))
    _spring(state, PACK, None, ctx)
    assert state.board.cryomancy == {"1A": 1}
    assert [e.data for e in ctx.events if e.kind == "cryomancy_removed"] == [{"areas": ["1A", "1B"]}]


# -- Guildmaster of Merchants -------------------------------------------------------------------------------------


def test_the_guildmaster_takes_two_of_one_resource_on_harvest():
    """„Du erhältst 2 zusätzliche Rohstoffe einer einzigen Rohstoffart, wenn du die Befehlskarte „Ernte“ ausführst.“"""
    areas = {"10A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]}}
    done = position({"0": 4, "1": 1}, areas, titles={"gildemeister_der_haendler": {"holder": 0}})
    ore = done.state.board.players[0].dials["ore"]
    done = act(done.state, "effect_choice", "choose", resource="ore")
    gained = next(e for e in done.events if e.kind == "guildmaster_resources")
    assert gained.data["dials"] == {"ore": [ore, min(ore + 2, PACK.faction("humans").dials["ore"].max)]}


@pytest.mark.parametrize("holder", [0, 1])
def test_the_guildmaster_keeps_his_dials_when_a_season_card_resets_them_to_production(holder):
    """„Ignoriere jegliche Rohstoffverluste, die durch die erste Funktion einer Jahreszeitenkarte verursacht werden.“
    (ruling R-BW11; digest §14 item 24): „Erntedank“ sets every player's dials to his areas' resources, plus 1 food;
    the holder takes the increases and keeps every dial that would go down, the other player's dials go down."""
    high = {"food": 5, "wood": 4, "ore": 4}
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "titles": {"gildemeister_der_haendler": {"holder": holder}},
        "players": {str(s): {"dials": dict(high)} for s in (0, 1)},
        "areas": {"10A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]}},
        "season": {"year": 2, "name": "autumn", "start": "card", "previous_orders": {"0": 1, "1": 2}},
        "decks": {"season.autumn": ["erntedank"]},
    }
    done = ENGINE.from_position(BOW, 2, 3, spec)
    dials = [p.dials for p in done.state.board.players]
    ignored = [(e.data["seat"], e.data["resource"]) for e in done.events if e.kind == "loss_ignored"]
    other = 1 - holder
    assert dials[holder] == {"food": min(6, PACK.faction(["humans", "uthuk"][holder]).dials["food"].max), "wood": 4, "ore": 4}
    assert all(seat == holder for seat, _ in ignored) and {r for _, r in ignored} == {"food", "wood", "ore"}
    assert all(dials[other][r] < high[r] for r in ("wood", "ore"))  # he controls little: his dials go down


# -- tactic fate cards ----------------------------------------------------------------------------------------------


def test_a_tactic_fate_card_is_not_used_in_the_season_it_was_drawn():
    """„Eine Taktikschicksalskarte darf nicht in derselben Jahreszeit benutzt werden, in welcher sie gezogen wurde.“"""
    state = position(
        {"0": 5, "1": 1}, {"10A": {"stronghold": {"owner": 0}}}, players={"0": {"tactics": ["bow_kriegslist"]}}
    ).state
    assert usable(state, PACK, 0) == ["bow_kriegslist"]
    state.board.players[0].tactics_drawn["bow_kriegslist"] = season_label(state.board)
    assert usable(state, PACK, 0) == []


def test_cryomancy_lets_units_cross_the_water_borders_of_its_area_as_in_winter():
    """„können alle Einheiten die Bewegungsbeschränkungen durch Wassergrenzen (blau) in diesem Gebiet ignorieren, als
    wäre Winter“ (p. 8): tile 2's water border 2B-2C; the Cryomancy token in 2C opens it, only while it lies there."""
    from engine.runewars.banners.board import terrain
    from engine.runewars.movement import strategy_destinations

    tiles = TILES + [{"tile": "tile-2", "rotation": 0, "q": 0, "r": 3}]
    areas = {"10A": {"stronghold": {"owner": 0}}, "2B": {"units": [units("human_infantry", 1)]}}
    state = position({"0": 5, "1": 1}, areas, placements=tiles).state
    knight = PACK.unit("human_infantry")
    assert "2C" not in strategy_destinations(state.board, terrain(PACK, state.board), 0, "2B", knight, winter=False)
    state.board.cryomancy["2C"] = 1
    assert "2C" in strategy_destinations(state.board, terrain(PACK, state.board), 0, "2B", knight, winter=False)


def test_cryomancy_opens_its_water_borders_for_heroes_too():
    """Ruling R-BW9 (digest §14 item 9): „als wäre Winter“, and winter holds for „Einheiten und Helden“ — in the quest
    phase a hero in 2B crosses the water border into 2C only while a Cryomancy token lies there."""
    tiles = TILES + [{"tile": "tile-2", "rotation": 0, "q": 0, "r": 3}]

    def paths(banners):
        spec = {
            "factions": ["humans", "uthuk"],
            "placements": tiles,
            "neutrals": "none",
            "heroes": [{"card": "aldric_sturmhand", "owner": 1, "area": "2B"}],
            "season": {"year": 1, "name": "summer", "start": "orders", "previous_orders": {"0": 5, "1": 4}},
            "frames": [{"type": "QuestPhase"}],
            "banners": banners,
        }
        state = ENGINE.from_position(BOW, 2, 1, spec).state
        return [a.args["path"] for a in ENGINE.legal(state, 1) if a.choice == "move"]

    assert ["2C"] not in paths({}) and ["2C"] in paths({"cryomancy": {"2C": 1}})


def test_desolation_where_nobody_rules_gives_nothing_and_six_tokens_are_all_there_are():
    """Ruling R-BW9 (digest §14 items 8 and 10): the immediate gain goes to the area's controller, so an area nobody
    controls gives nothing; „6 Ödnis-/Eiswüstenmarker“ are one shared supply — with all six on the board neither kind
    can be placed and a card that places one is not playable."""
    players = {"0": {"tactics": ["bow_verbrannte_erde"], "dials": {"food": 1, "wood": 1, "ore": 1}}}
    areas = {"10A": {"stronghold": {"owner": 0}, "units": [units("human_infantry", 1)]}}
    done = position({"0": 5, "1": 1}, areas, players=players)
    done = act(done.state, "turn_window", "play", card="bow_verbrannte_erde")
    done = act(done.state, "effect_choice", "choose", area="1C")
    placed = next(e for e in done.events if e.kind == "desolation_placed")
    assert placed.data["controller"] is None and placed.data["dials"] == {}
    assert done.state.board.players[0].dials == {"food": 1, "wood": 1, "ore": 1}
    six = {"desolation": ["1A", "1B", "1C"], "cryomancy": {"1D": 3}}
    full = position({"0": 5, "1": 1}, areas, players=players, banners=six).state
    assert token_areas(full.board, PACK, "desolation") == [] and token_areas(full.board, PACK, "cryomancy") == []
    assert why_not_playable(full, PACK, 0, "bow_verbrannte_erde", "turn") is not None
    five = {"desolation": ["1A", "1B"], "cryomancy": {"1D": 3}}
    assert "1C" in token_areas(position({"0": 5, "1": 1}, areas, players=players, banners=five).state.board, PACK, "desolation")


def test_fortify_turns_the_moved_revealed_runes_face_down_before_they_move():
    """„Sie können lediglich durch die Befolgung einer Befehlskarte „Festung“ wieder auf ihre verdeckte Seite gedreht
    werden. Die auf diese Weise bewegten Runenmarker können wieder verdeckt werden, bevor sie bewegt werden.“ (p. 8)"""
    areas = {
        "10A": {"stronghold": {"owner": 0}, "rune": {"kind": "dragon"}},
        "10B": {"rune": {"kind": "false"}},
        "10C": {"rune": {"kind": "dragon"}},
    }
    state = position({"0": 8, "1": 1}, areas).state
    for area_id in ("10A", "10C"):
        rune = state.board.areas[area_id].rune
        rune.face_up, rune.known_to = True, [0, 1]
    done = act(state, "fortify_action", "move_runes", areas=["10A", "10B"])
    done = act(done.state, "fortify_swap", "swap")
    assert any(e.kind == "runes_hidden" and e.data == {"areas": ["10A"]} for e in done.events)
    board = done.state.board
    assert not board.areas["10A"].rune.face_up and not board.areas["10B"].rune.face_up
    assert board.areas["10C"].rune.face_up  # only the moved ones
    assert 1 not in board.areas["10B"].rune.known_to  # the other player no longer knows where the dragon rune went


def test_with_the_epic_variant_the_rune_reveal_cards_leave_the_tactics_deck():
    """„Falls mit der Epischen Spielvariante des Grundspiels gespielt wird, können Taktikkarten, die einen Spieler zwingen
    Runenmarker aufzudecken, abgeworfen und durch eine neu gezogene Karte ersetzt werden.“ (p. 8; ruling R-BW12)"""
    state = ENGINE.setup({**BOW, "epic": True}, 2, 1).state
    assert not [c for c in state.board.decks["tactics"].draw if c.startswith("bow_machtspiel")]
    plain = ENGINE.setup(BOW, 2, 1).state
    assert [c for c in plain.board.decks["tactics"].draw if c.startswith("bow_machtspiel")]


def test_a_tactic_fate_card_replaces_a_heros_fate_card_in_a_duel():
    """„Alternativ können die Spieler auch eine oder mehrere dieser Karten während eines Kampfes oder Duells spielen,
    anstatt Schicksalskarten zu ziehen.“ (p. 7): the hero reads the circle section; the card goes to the tactics discard."""
    from tests.runewars.test_heroes import TILES as HERO_TILES
    from tests.runewars.test_heroes import fate, hero

    spec = {
        "factions": ["humans", "uthuk"],
        "placements": HERO_TILES,
        "neutrals": "none",
        "heroes": [hero("aldric_sturmhand", 1, "2A"), hero("grell_knochenbeisser", 0, "1B")],
        "players": {"1": {"tactics": ["bow_kriegslist"]}},
        "season": {"year": 1, "name": "summer", "start": "orders", "previous_orders": {"0": 5, "1": 4}},
        "frames": [{"type": "QuestPhase"}],
        "fate_deck": fate("fate-20", "fate-20", "fate-20", "fate-20", "fate-20", "fate-20", "fate-20", "fate-20"),
    }
    start = ENGINE.from_position(BOW, 2, 1, spec)
    start = act(start.state, "tactics_window", "pass")  # the quest phase's window: he keeps the card
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["1B"])
    state = act(moved.state, "hero_venture", "duel", target="grell_knochenbeisser").state
    while any(p.kind in ("duel_start", "tactics_window") for p in state.prompts):
        state = act(state, state.prompts[0].kind, "pass").state
    assert prompt_of(state, "duel_tactic_fate").secret
    done = act(state, "duel_tactic_fate", "announce", cards=["bow_kriegslist"])
    first = next(e for e in done.events if e.kind == "duel_cards")
    assert first.data["cards"][0] == "bow_kriegslist" and first.data["sections"][0] == "D1"  # Kriegslist: circle 1 damage
    assert next(e for e in done.events if e.kind == "duel_round").data["damage"] == [0, 1]
    assert "bow_kriegslist" in done.state.board.decks["tactics"].discard
    assert "bow_kriegslist" not in done.state.board.decks["fate"].discard


def test_the_data_check_counts_the_expansion_layer():
    """Issue 23 „Done when“: `python -m bot data check --pack data/runewars/banners_of_war --json` counts the expansion's
    own components as the rulebook lists them (the parts built so far: orders, units, tactics, season cards, title, runes)."""
    from engine.runewars.data.loader import check
    from engine.runewars.ruleset import PACK_CHECKS

    result = check(None, use_env=False, checks=PACK_CHECKS, expansions=("banners_of_war",))
    assert result.ok, result.errors
    counts = result.counts
    assert (counts["order_cards"], counts["order_card_types"]) == (36, 9)
    assert counts["tactics"] == 50 + 32 and counts["season_cards"] == 32 + 12 and counts["titles"] == 3 + 1
    assert counts["season_cards_by_season"] == {s: 11 for s in ("spring", "summer", "autumn", "winter")}
    assert counts["rune_tokens"] == {"dragon": 21 + 5, "false": 17 + 5}
    assert all(counts["units"][f]["figures"] == 48 for f in ("humans", "elves", "undead", "uthuk"))


# -- item 6: every card of the expansion, played in its window (the harness of tests/runewars/test_cards.py) --------


def check_reveal_rune(r, seat, b, a, ev, card):
    from tests.runewars.test_cards import targets

    for t in targets(r, seat, b):
        (revealed,) = [e for e in ev if e.kind == "rune_revealed" and e.data["seat"] == t]
        area = a.board.areas[revealed.data["area"]]
        assert revealed.to is None and area.rune.face_up and not b.board.areas[revealed.data["area"]].rune.face_up


def check_place_desolation(r, seat, b, a, ev, card):
    (placed,) = [e for e in ev if e.kind == "desolation_placed"]
    assert a.board.desolation == [placed.data["area"]] and placed.data["area"] not in a.board.players[0].home_areas


def check_place_cryomancy(r, seat, b, a, ev, card):
    (placed,) = [e for e in ev if e.kind == "cryomancy_placed"]
    assert a.board.cryomancy == {placed.data["area"]: 1} and placed.data["area"] not in a.board.players[0].home_areas


def check_bribe(r, seat, b, a, ev, card):
    taken = min(r["amount"], b.board.players[1].influence)
    assert a.board.players[0].influence - b.board.players[0].influence == taken
    assert b.board.players[1].influence - a.board.players[1].influence == taken


BOW_CHECKS = {
    "reveal_rune": check_reveal_rune,
    "place_desolation": check_place_desolation,
    "place_cryomancy": check_place_cryomancy,
}
BOW_CHECKS["bribe"] = check_bribe

#: one card of each name (copies share it); Generalleutnant belongs to the Commanders variant (R-BW8)
BOW_CARDS = [
    c
    for kind in ("tactics_card", "season_card")
    for c in PACK.cards.get(kind, ())
    if c.attrs.get("expansion") == "banners_of_war" and not c.attrs.get("requires") and not c.id[-2:-1] == "_"
]


def test_the_expansion_deals_a_card_of_every_name_here():
    assert len(BOW_CARDS) == 10 + 12  # 10 tactics names besides Generalleutnant, 12 season cards


@pytest.mark.parametrize("card", BOW_CARDS, ids=lambda c: c.id)
def test_every_expansion_card_does_what_its_effects_say(card):
    """Issue 23 item 6: each card of Banners of War, played in its window with the option, does all its effects."""
    import tests.runewars.test_cards as harness

    before, after, events = harness.play(card, options=BOW)
    seat = 1 if card.attrs.get("timing") == "rival_turn" else 0
    if card.kind == "tactics_card":
        assert any(e.kind == "tactics_played" and e.data["card"] == card.id for e in events)
        assert card.id in after.board.decks["tactics"].discard
    for record in card.attrs["effects"]:
        check = BOW_CHECKS.get(record["do"]) or harness.CHECKS[record["do"]]
        check(record, seat, before, after, events, card)
