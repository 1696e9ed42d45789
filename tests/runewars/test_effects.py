"""The card-effect engine (engine/runewars/effects; issue #7): vocabulary, windows, durations, order, secrecy."""

from __future__ import annotations

import copy

import pytest

from engine.core import Action, Context, Engine, IllegalAction, Rng, encode, load_ruleset
from engine.runewars.battle.procedure import start_battle
from engine.runewars.effects import effect_problems
from engine.runewars.effects.conditions import condition_problems
from engine.runewars.effects.lasting import Lasting
from engine.runewars.effects.windows import why_not_playable
from engine.runewars.flow import run
from engine.runewars.ruleset import check_pack
from tests.runewars.test_cards import FACTIONS, TILES, stacks

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})


def game(players=None, **extra):
    spec = {"factions": FACTIONS, "placements": TILES, "neutrals": "none", "players": players or {}, **extra}
    return ENGINE.from_position({}, 2, 5, spec)


def my_turn(players=None, **extra):
    """Seat 0's turn of summer, year 1 (Strategy), seat 1 plays Mobilize after him."""
    return game(players, season={"year": 1, "name": "summer", "start": "turn", "orders": {"0": 1, "1": 2}, "turn": 0}, **extra)


def prompt(state, kind, seat=None):
    return next(p for p in state.prompts if p.kind == kind and (seat is None or p.seat == seat))


def answer(state, kind, choice, seat=None, **args):
    p = prompt(state, kind, seat)
    return ENGINE.apply(state, Action(p.seat, p.id, choice, args))


def public(prompts):
    return [(p.id, p.seat, p.kind, p.secret, dict(p.info), p.forced) for p in prompts]


# -- the vocabulary and the checker -------------------------------------------------------------


def test_effect_records_are_checked_against_the_registry():
    """issue #7: unknown effect names, unknown or missing parameters and wrong types are refused."""
    assert effect_problems({"do": "gain_influence", "amount": 2}) == []
    assert effect_problems({"do": "summon_dragons"}) == ["unknown effect 'summon_dragons'"]
    assert effect_problems({"amount": 2}) == ["unknown effect None (the key 'do' names the effect)"]
    assert effect_problems({"do": "gain_influence"}) == ["gain_influence: missing parameter 'amount'"]
    assert effect_problems({"do": "gain_influence", "amount": "2"}) == [
        "gain_influence: parameter 'amount' should be int, not '2'"
    ]
    assert effect_problems({"do": "gain_influence", "amount": True}) == [
        "gain_influence: parameter 'amount' should be int, not True"
    ]
    assert effect_problems({"do": "dial", "resource": "gold", "amount": 1}) == [
        "dial: parameter 'resource' should be resource, not 'gold'"
    ]
    assert effect_problems({"do": "draw_tactics", "count": 1, "who": "everybody"})[0].startswith("draw_tactics: parameter 'who'")
    assert effect_problems({"do": "lasting", "modifier": "fly"})[0].startswith("lasting: parameter 'modifier' should be")
    assert effect_problems({"do": "draw_tactics", "count": 1, "colour": "red"})[0].startswith(
        "draw_tactics: unknown parameter 'colour'"
    )
    assert condition_problems({"check": "areas", "at_least": 3}) == []
    assert condition_problems({"check": "wealth"}) == ["unknown condition 'wealth'"]


@pytest.mark.parametrize(
    "toml, record, field, message",
    [
        (
            '[[tactics_card]]\nid = "zauberwind"\nname_de = "Zauberwind"\nname = "Magic Wind"\nsummary = "s"\ntiming = "turn"\n'
            'effects = [{ do = "summon_dragons" }]\nsource = "house"\n',
            "tactics_card[zauberwind]",
            "effects[0]",
            "unknown effect 'summon_dragons'",
        ),
        (
            '[[season_card]]\nid = "tauwetter"\nname_de = "Tauwetter"\nname = "Thaw"\nsummary = "s"\nseason = "spring"\n'
            'effects = [{ do = "dial", resource = "food", amount = "one" }]\nsource = "house"\n',
            "season_card[tauwetter]",
            "effects[0]",
            "dial: parameter 'amount' should be int, not 'one'",
        ),
        (
            '[[tactics_card]]\nid = "riesenpakt"\nname_de = "Riesenpakt"\nname = "Giant\'s Pact"\nsummary = "s"\ntiming = "turn"\n'
            'effects = [{ do = "place_neutrals", unit = "troll", count = 1 }]\nsource = "house"\n',
            "tactics_card[riesenpakt]",
            "effects[0]",
            "place_neutrals: unit 'troll' is no unit of this pack",
        ),
        (
            '[[objective]]\nid = "einfall"\nname_de = "Einfall"\nname = "Incursion"\nsummary = "s"\nalignment = "evil"\n'
            'requires = [{ check = "glory" }]\nsource = "house"\n',
            "objective[einfall]",
            "requires[0]",
            "unknown condition 'glory'",
        ),
        (
            '[[tactics_card]]\nid = "silhouette"\nname_de = "Silhouette"\nname = "Silhouette"\nsummary = "s"\ntiming = "turn"\n'
            'effects = [{ do = "rally" }]\nsource = "house"\n',
            "tactics_card[silhouette]",
            "id",
            "the id 'silhouette' is also a hero card",
        ),
    ],
)
def test_the_checker_names_file_deck_and_card_of_a_bad_effect(tmp_path, toml, record, field, message):
    """issue #7: "The data checker rejects an unknown effect name or bad parameters with the place named." """
    (tmp_path / "pack.toml").write_text('[pack]\nname = "broken"\n', encoding="utf-8")
    (tmp_path / "cards.toml").write_text(toml, encoding="utf-8")
    result = check_pack(tmp_path, use_env=False)
    assert not result.ok
    errors = [(e.file, e.record, e.field, e.message) for e in result.errors]
    assert any(f.endswith("cards.toml") and (r, fl, m) == (record, field, message) for f, r, fl, m in errors), errors


def test_the_built_in_decks_have_the_rulebook_s_counts():
    """p. 4 (Spielmaterial): „8 böse Zielkarten“, „8 gute Zielkarten“, „50 Taktikkarten“, „32 Jahreszeitenkarten“; 3 titles."""
    counts = check_pack(use_env=False).counts
    assert (counts["season_cards"], counts["tactics"], counts["objectives"], counts["titles"]) == (32, 50, 16, 3)
    assert counts["season_cards_by_season"] == {"spring": 8, "summer": 8, "autumn": 8, "winter": 8}
    assert counts["objectives_by_alignment"] == {"good": 8, "evil": 8}
    assert counts["council_cards"] >= 1 and counts["bid_cards"] >= 1
    assert set(counts["tactics_by_window"]) == {"turn", "rival_turn", "battle_start", "season", "duel_start", "quest_phase"}


def test_the_rulebook_s_named_tactics_card_keeps_its_name_and_purpose():
    """p. 18: „Manche Karte, beispielsweise die Taktikkarte „Versteckter Pass“, erlauben es, bestimmte Beschränkungen zu ignorieren“."""
    hidden = [c for c in PACK.cards["tactics_card"] if c.name_de == "Versteckter Pass"]
    assert hidden and all(c.prov.source == "rulebook" and c.attrs["effects"][0]["do"] == "hidden_pass" for c in hidden)


# -- tactics cards: when they may be played --------------------------------------------------------


def test_a_tactics_card_is_not_played_in_the_season_it_was_drawn():
    """p. 30: „Eine Taktikkarte darf nicht sofort in der Jahreszeit gespielt werden, in der sie gezogen wird (aber schon in der nächsten).“"""
    state = my_turn({"0": {"tactics": ["geruechte"]}}, decks={"tactics": ["kriegskasse", "kriegskasse_2"]}).state
    state = answer(state, "turn_window", "play", card="geruechte").state
    assert state.board.players[0].tactics == ["kriegskasse", "kriegskasse_2"]
    window = prompt(state, "turn_window")
    assert [a.choice for a in ENGINE.legal(state, 0)] == ["proceed"]
    before = encode(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(0, window.id, "play", {"card": "kriegskasse"}))
    assert "season it was drawn" in str(refused.value) and refused.value.alternatives and encode(state) == before
    later = copy.deepcopy(state)
    later.board.season = "autumn"
    assert why_not_playable(later, PACK, 0, "kriegskasse", "turn") is None


def test_a_played_card_is_shown_to_all_and_discarded():
    """pp. 4-6 (Spielmaterial, Taktikkarten): „werden nach Gebrauch abgelegt“; the window opens again for more cards."""
    state = my_turn({"0": {"tactics": ["kriegskasse", "gewaltmarsch"], "influence": 1}}).state
    done = answer(state, "turn_window", "play", card="kriegskasse")
    assert [(e.kind, e.data) for e in done.events_for(None)][0] == (
        "tactics_played",
        {"seat": 0, "card": "kriegskasse", "window": "turn"},
    )
    board = done.state.board
    assert board.players[0].influence == 4 and board.decks["tactics"].discard[-1] == "kriegskasse"
    assert prompt(done.state, "turn_window").info["window"] == "before"


def test_a_card_of_another_window_or_without_a_target_cannot_be_played():
    """p. 30: „Jede Taktikkarte nennt genau den Zeitpunkt, zu dem sie gespielt werden kann.“"""
    state = my_turn({"0": {"tactics": ["schlachtruf", "gewaltmarsch", "kriegskasse"]}}).state
    assert [a.args for a in ENGINE.legal(state, 0) if a.choice == "play"] == [{"card": "kriegskasse"}]
    assert "battle_start" in why_not_playable(state, PACK, 0, "schlachtruf", "turn")
    assert "nothing to act on" in why_not_playable(state, PACK, 0, "gewaltmarsch", "turn")


def test_the_hand_holds_at_most_ten_tactics_cards():
    """p. 30: „Falls ein Spieler mehr als 10 haben sollte, muss er sofort so viele davon ablegen, bis er nur noch 10 Taktikkarten hat.“"""
    hand = [c.id for c in PACK.cards["tactics_card"] if c.attrs["timing"] == "battle_start"][:9]
    state = my_turn({"0": {"tactics": hand + ["geruechte"]}}, decks={"tactics": ["kriegskasse", "zehnt"]}).state
    assert not any(p.kind == "discard_tactics" for p in state.prompts)  # 10 cards are allowed
    done = answer(state, "turn_window", "play", card="geruechte")
    limit = prompt(done.state, "discard_tactics")
    assert (limit.seat, limit.secret, limit.info["count"]) == (0, True, 1)
    with pytest.raises(IllegalAction):
        ENGINE.apply(done.state, Action(0, limit.id, "discard", {"cards": ["kriegskasse", "zehnt"]}))
    done = ENGINE.apply(done.state, Action(0, limit.id, "discard", {"cards": ["zehnt"]}))
    assert len(done.state.board.players[0].tactics) == 10 and done.state.board.decks["tactics"].discard[-1] == "zehnt"
    assert [e.data for e in done.events_for(1) if e.kind == "tactics_discarded"] == [
        {"seat": 0, "cards": ["zehnt"], "why": "hand_limit"}
    ]


# -- windows ---------------------------------------------------------------------------------------


def battle(defender_hand, attacker_hand=(), defender_units=None, areas=None):
    players = {"0": {"tactics": list(attacker_hand)}, "1": {"tactics": list(defender_hand)}}
    units = stacks(0, human_infantry=2) + (defender_units if defender_units is not None else stacks(1, uthuk_berserker=2))
    return game(players, areas={"1B": {"units": units}, **(areas or {})}, battle={"area": "1B", "attacker": 0})


def test_the_attacker_plays_his_battle_cards_first_then_the_defender():
    """p. 21 step 3: „Falls der Angreifer Taktikkarten … hat, die „zu Beginn eines Kampfes“ … benutzt werden können, muss er
    sie jetzt benutzen, falls er das möchte. Anschließend hat der Verteidiger Gelegenheit“."""
    state = battle(["schlachtruf"], ["schlachtruf_2"]).state
    assert [(p.seat, p.kind, p.info["window"]) for p in state.prompts] == [(0, "tactics_window", "battle_start")]
    state = answer(state, "tactics_window", "pass").state
    assert [(p.seat, p.kind) for p in state.prompts] == [(1, "tactics_window")]
    done = answer(state, "tactics_window", "play", card="schlachtruf")
    assert [e.data["card"] for e in done.events if e.kind == "tactics_played"] == ["schlachtruf"]


def test_the_attacker_may_also_play_his_turn_cards_at_the_start_of_the_battle():
    """p. 21 step 3: „Falls der Angreifer Taktikkarten oder sonstige Fähigkeiten hat, die „zu Beginn eines Kampfes“ oder
    während seines Zuges benutzt werden können, muss er sie jetzt benutzen“; the defender only his battle cards."""
    turn = {"type": "Turn", "seat": 0, "order": 3, "bonus": False, "step": "after", "begun": True}  # seat 0 conquers 1B
    units = stacks(0, human_infantry=2) + stacks(1, uthuk_berserker=2)
    state = game(
        {"0": {"tactics": ["kriegskasse"]}, "1": {"tactics": ["kriegskasse_2"]}},
        areas={"1B": {"units": units}},
        frames=[turn],
        battle={"area": "1B", "attacker": 0},
    ).state
    assert [a.args for a in ENGINE.legal(state, 0) if a.choice == "play"] == [{"card": "kriegskasse"}]
    state = answer(state, "tactics_window", "play", card="kriegskasse").state
    assert [(p.seat, p.kind) for p in state.prompts] == [(1, "tactics_window")]  # seat 0 holds no card any more
    assert [a.choice for a in ENGINE.legal(state, 1)] == ["pass"]


def test_battle_cards_need_own_units_in_the_battle():
    """p. 30: „nur dann erlaubt, wenn der Spieler, der die Taktikkarte benutzt, mit eigenen Einheiten bzw. einem eigenen
    Helden am Kampf bzw. Duell beteiligt ist“; p. 21: the neutrals' leader „darf aber keine Taktikkarten spielen“."""
    against_neutrals = battle(["schlachtruf"], defender_units=[{"owner": "neutral", "unit": "beastman", "standing": 2}]).state
    assert not any(p.kind == "tactics_window" for p in against_neutrals.prompts)
    empty_home = game(
        {"0": {"tactics": ["schlachtruf"]}},
        areas={"10A": {"units": stacks(1, uthuk_berserker=2)}},
        battle={"area": "10A", "attacker": 1},
    ).state  # the humans defend their home area without units
    assert not any(p.kind == "tactics_window" for p in empty_home.prompts)


@pytest.mark.parametrize("situation", ["battle", "rival_turn", "season"])
def test_a_reaction_window_looks_the_same_whatever_the_hand(situation):
    """issue #7 item 2: a window opens for every eligible seat whatever its hand, so waiting says nothing about the cards.

    Seat 1 holds a card it can play now in one game, a card it cannot play now in the other: the prompts opened and the
    public events and views are the same (the hand count is public, p. 30 / digest §11.1)."""
    playable, unplayable = {
        "battle": ("schlachtruf", "kriegskasse"),
        "rival_turn": ("tribut", "kriegskasse"),
        "season": ("zeichen_deuten", "kriegskasse"),
    }[situation]

    def start(card):
        if situation == "battle":
            return battle([card])
        if situation == "rival_turn":
            return my_turn({"1": {"tactics": [card]}})
        return game(
            {"1": {"tactics": [card]}},
            season={"year": 1, "name": "summer", "start": "card"},
            decks={"season.summer": ["lange_tage"]},
        )

    with_card, without = start(playable), start(unplayable)
    assert public(with_card.state.prompts) == public(without.state.prompts)
    assert any(p.seat == 1 and p.kind == "tactics_window" and p.forced is None for p in with_card.state.prompts)
    assert with_card.events_for(None) == without.events_for(None) and with_card.events_for(0) == without.events_for(0)
    assert ENGINE.view(with_card.state, None) == ENGINE.view(without.state, None)
    assert ENGINE.view(with_card.state, 0) == ENGINE.view(without.state, 0)
    assert [a.choice for a in ENGINE.legal(with_card.state, 1)] == ["play", "pass"]
    assert [a.choice for a in ENGINE.legal(without.state, 1)] == ["pass"]


def test_the_rival_window_asks_the_other_players_not_the_active_one():
    """p. 31: „Die Spielerreihenfolge … Anwendung von Fähigkeiten“: the others, in player order, before the turn's order."""
    state = my_turn({"0": {"tactics": ["sabotage"]}, "1": {"tactics": ["sabotage_2"]}}).state
    assert [(p.seat, p.kind, dict(p.info)) for p in state.prompts] == [
        (1, "tactics_window", {"window": "rival_turn", "active": 0, "order": 1})
    ]
    done = answer(state, "tactics_window", "play", card="sabotage_2")
    assert [e.data for e in done.events if e.kind == "bonus_lost"] == [{"seat": 0, "why": "sabotage_2", "by": 1}]
    assert prompt(done.state, "turn_window", 0).info["window"] == "before"


# -- lasting effects and the season card ---------------------------------------------------------


def test_a_lasting_strength_applies_in_every_battle_of_the_season():
    """p. 11: „Dadurch wird meist sofort ein bestimmter Effekt ausgelöst, aber es gibt auch Effekte, die bis zur nächsten Jahreszeit dauern können.“"""
    state = game(areas={"1B": {"units": stacks(0, human_infantry=2) + stacks(1, uthuk_berserker=2)}}).state
    state.board.lasting_effects = [
        Lasting("winterquartier", "defender_strength", "season", amount=2),
        Lasting("sommerfeldzug", "attacker_strength", "season", amount=1),
    ]
    state.prompts = []  # the order choice of the position waits; only the battle is looked at
    ctx = Context(Rng(3))
    start_battle(state, PACK, "1B", 0, conquer=False, ctx=ctx)
    run(state, PACK, ctx)
    bonuses = {e.data["side"]: e.data["strength"] for e in ctx.events if e.kind == "battle_bonus"}
    assert bonuses == {"attacker": 1, "defender": 2}
    won = next(e for e in ctx.events if e.kind == "battle_won").data
    assert won["strength"]["defender"] >= 2 and len(state.board.lasting_effects) == 2  # they last beyond the battle


def test_lasting_effects_end_when_the_next_season_card_is_drawn():
    """p. 12 (Bestimmung der aktuellen Jahreszeit): „Die AKTUELLE JAHRESZEIT ist immer die oberste Karte dieses Ablagestapels“: a new card ends "until the next season"."""
    state = game(
        season={"year": 1, "name": "winter", "start": "card"},
        decks={"season.winter": ["winterquartier"], "season.spring": ["tauwetter"]},
    ).state
    assert [(e.card, e.until) for e in state.board.lasting_effects] == [("winterquartier", "season")]
    assert ENGINE.view(state, None)["lasting_effects"] == [
        {"card": "winterquartier", "text": "Until the next season: defenders +2 strength.", "until": "season"}
    ]
    events = []
    for _ in range(60):
        if state.board.season == "spring":
            break
        p = state.prompts[0]
        actions = [a for a in ENGINE.legal(state, p.seat) if a.prompt == p.id]
        done = ENGINE.apply(
            state, next((a for a in actions if a.choice in ("done", "end_turn", "proceed", "pass", "keep")), actions[0])
        )
        state, events = done.state, events + list(done.events)
    assert state.board.season == "spring" and state.board.lasting_effects == []
    assert [e.data for e in events if e.kind == "lasting_effects_ended"] == [{"cards": ["winterquartier"], "until": "season"}]
    assert ENGINE.view(state, None)["season_card"] == "tauwetter"


def test_a_season_card_s_effects_go_in_player_order():
    """p. 31: the player order holds „einschließlich der Ausführung von Befehlskarten (aber nicht darauf beschränkt) und der
    Anwendung von Jahreszeitenkarten“; the previous season's order numbers count (p. 11)."""
    areas = {
        "10A": {"units": stacks(0, human_infantry=1), "stronghold": {"owner": 0}},
        "2A": {"units": stacks(1, uthuk_berserker=1), "stronghold": {"owner": 1}},
    }
    state = game(
        areas=areas,
        season={"year": 2, "name": "spring", "start": "card", "previous_orders": {"0": 5, "1": 2}},
        decks={"season.spring": ["frische_rekruten"]},
    ).state
    assert [(p.seat, p.info["effect"]) for p in state.prompts] == [(1, "reinforce")]
    first = next(a for a in ENGINE.legal(state, 1) if a.choice == "choose")
    state = ENGINE.apply(state, first).state
    assert [(p.seat, p.info["effect"]) for p in state.prompts] == [(0, "reinforce")]


def test_a_council_card_is_announced_and_the_drawn_card_is_public():
    """p. 31 (Rat der Magier): the season cards carry the words RAT DER MAGIER; p. 11: the first player draws the card for all."""
    done = game(season={"year": 1, "name": "winter", "start": "card"}, decks={"season.winter": ["winterrat"]})
    assert [e.data for e in done.events_for(None) if e.kind in ("season_card_drawn", "council_card")] == [
        {"card": "winterrat", "council": True},
        {"card": "winterrat"},
    ]
    view = ENGINE.view(done.state, None)
    assert view["season_card"] == "winterrat" and view["cards"]["winterrat"]["deck"] == "season"


# -- objectives, setup and what each seat may read -----------------------------------------------------


def test_an_objective_is_claimed_only_when_its_conditions_hold():
    """p. 30: „Wenn ein Spieler zu irgendeinem Zeitpunkt seines Spielzuges die Bedingungen seiner Zielkarte erfüllt, kann er
    sie ablegen, um eine Drachenrune zu erhalten.“"""
    state = my_turn({"0": {"objective": "volle_schatzkammer", "influence": 9}}).state
    window = prompt(state, "turn_window")
    before = encode(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(0, window.id, "claim"))
    assert "Zielkarten" in refused.value.rule and encode(state) == before
    assert [a.choice for a in refused.value.alternatives] == ["proceed"]


def test_setup_deals_the_faction_s_tactics_cards_and_one_objective_of_its_alignment():
    """p. 8 step 7: „Dann erhält jeder Spieler so viele Einflussmarker und Taktikkarten, wie links unten auf seiner
    Fraktionstafel angegeben ist.“ Step 12: „Jeder Spieler erhält eine zufällige Zielkarte, passend zur Gesinnung seiner Fraktion“."""
    start = ENGINE.setup({}, 2, 11)
    state, events = start.state, list(start.events)
    while state.board.phase.startswith("setup"):
        p = state.prompts[0]
        done = ENGINE.apply(state, next(a for a in ENGINE.legal(state, p.seat) if a.prompt == p.id))
        state, events = done.state, events + list(done.events)
    objectives = {c.id: c.attrs["alignment"] for c in PACK.cards["objective"]}
    for player in state.board.players:
        faction = PACK.faction(player.faction)
        assert len(player.tactics) == faction.start_tactics
        assert objectives[player.objective] == faction.alignment
        assert all(player.tactics_drawn[c] != f"{state.board.year}/{state.board.season}" for c in player.tactics)
    dealt = [e for e in events if e.kind in ("objective_dealt", "your_objective")]
    assert all("card" not in e.data for e in dealt if e.to is None) and all(e.to is not None for e in dealt if "card" in e.data)


def test_a_seat_reads_its_own_cards_and_the_public_ones_only():
    """p. 30: „Zielkarten werden so lange geheim gehalten, bis ein Spieler seine Karte aufdeckt“; titles lie face up (p. 8 step 10)."""
    state = game({"0": {"tactics": ["kriegskasse"], "objective": "einfall"}, "1": {"tactics": ["tribut"]}}).state
    own, other, public_view = (ENGINE.view(state, s)["cards"] for s in (0, 1, None))
    titles = {c.id for c in PACK.cards["title"]}
    assert set(public_view) == titles
    assert set(own) == titles | {"kriegskasse", "einfall"} and set(other) == titles | {"tribut"}
    assert own["kriegskasse"] == {
        "deck": "tactics",
        "name": "War Chest",
        "summary": "Gain 3 influence.",
        "text": "Play during your turn. Take 3 influence tokens from the supply.",
    }
    assert ENGINE.view(state, None)["season_card"] is None


def test_the_built_in_pack_checks_clean_with_the_decks():
    """The data checker accepts the built-in decks (docs/effects.md: how a data pack adds cards)."""
    result = check_pack(use_env=False)
    assert result.ok, result.errors[:3]


def test_an_override_pack_adds_a_card_in_the_vocabulary(tmp_path):
    """docs/effects.md: a data pack adds a card by writing its effects in the vocabulary; it is then dealt and played."""
    (tmp_path / "pack.toml").write_text('[pack]\nname = "more"\n', encoding="utf-8")
    (tmp_path / "more.toml").write_text(
        '[[tactics_card]]\nid = "kriegskasse"\nname_de = "Kriegskasse"\nname = "War Chest"\nsummary = "Gain 4 influence."\n'
        'text = "Take 4 influence."\ntiming = "turn"\neffects = [{ do = "gain_influence", amount = 4 }]\nsource = "house"\n',
        encoding="utf-8",
    )
    assert check_pack(tmp_path, use_env=False).ok
    spec = {
        "factions": FACTIONS,
        "placements": TILES,
        "neutrals": "none",
        "players": {"0": {"tactics": ["kriegskasse"], "influence": 0}},
        "season": {"year": 1, "name": "summer", "start": "turn", "orders": {"0": 1, "1": 2}, "turn": 0},
    }
    state = ENGINE.from_position({"data_pack": str(tmp_path)}, 2, 5, spec).state
    assert answer(state, "turn_window", "play", card="kriegskasse").state.board.players[0].influence == 4
