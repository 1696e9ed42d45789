"""Orders 6 Support (p. 36, digest §6.9) and 7 Gain Power (p. 36, digest §6.10, §10.5)."""

import copy

from engine.core import Action
from engine.runewars.state import Deck, Title
from tests.runewars.prompting import ENGINE, act, prompt_of, refused

TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 0, "r": 3},
]


def turn(order, areas, played=(), turn_of=0, influence=None, dials=None, **extra):
    """Seat 0 (Humans) resolving ``order`` in spring of year 1; seat 1 (Uthuk) plays Strategy first.

    ``turn_of=1`` stops at seat 1's Strategy move, before seat 0's turn begins. The tactics and
    quest decks are pinned empty (cities offer no cards) unless ``decks`` pins them otherwise.
    """
    player = {"played": list(played), "dials": dials or {}}
    if influence is not None:
        player["influence"] = influence
    decks = {"tactics": [], "quests": [], **extra.pop("decks", {})}
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "areas": areas,
        "players": {"0": player},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": order, "1": 1}, "turn": turn_of},
        "decks": decks,
        **extra,
    }
    return ENGINE.from_position({}, 2, 1, spec)


def units(unit, n, owner=0):
    return {"owner": owner, "unit": unit, "standing": n}


def event(events, kind):
    return next(e for e in events if e.kind == kind)


# -- Support --------------------------------------------------------------------------------------

CITY_1 = {"city": "city-1", "units": [units("human_knight", 1)]}  # 2 Beastmen, 1 tactics, 2 influence, 1 quest


def test_each_controlled_city_gives_one_benefit_of_its_token():
    """p. 36: „Für jede von ihm kontrollierte Stadt wählt der Spieler einen der folgenden Vorteile“; 2A's city is not controlled."""
    state = turn(6, {"1A": CITY_1, "2A": {"city": "city-7"}}, played=[8]).state
    prompt = prompt_of(state, "support_city")
    assert prompt.info == {
        "area": "1A",
        "city": "city-1",
        "benefits": {"units": 2, "influence": 2},
    }  # no tactics deck, no quest deck
    assert [a.args for a in ENGINE.legal(state, 0)] == [{"benefit": "units"}, {"benefit": "influence"}]
    error = refused(state, "support_city", "benefit", benefit="quests")
    assert "p. 36" in error.rule and len(error.alternatives) == 2
    done = act(state, "support_city", "benefit", benefit="influence")
    assert done.state.board.players[0].influence == 3 + 2
    assert not [p for p in done.state.prompts if p.kind == "support_city"]  # 2A gave nothing


def test_neutral_units_from_a_city_are_placed_allied_and_count_towards_the_limit():
    """p. 36: „Weil der Spieler das Gebiet kontrolliert, sind diese Einheiten automatisch mit ihm verbündet“; digest §6.5: allies count towards 8."""
    crowded = {"city": "city-1", "units": [units("human_knight", 7)]}
    state = act(turn(6, {"1A": crowded}, played=[8]).state, "support_city", "benefit", benefit="units").state
    beastmen = state.board.areas["1A"].stack(None, "beastman")
    assert (beastmen.count, beastmen.ally) == (2, 0)
    cull = prompt_of(state, "eliminate_units")
    assert cull.info["excess"] == 1
    after = act(state, "eliminate_units", "eliminate", units={"beastman": 1}).state
    assert after.board.areas["1A"].force_of(0) == 8


def test_no_neutral_units_are_placed_when_the_supply_has_none_left():
    """p. 36: „Wenn es keine Einheiten des entsprechenden Typs mehr gibt, kann der Spieler auch keine einsetzen“ (4 Dragons, p. 4)."""
    areas = {
        "1A": {"city": "city-7", "units": [units("human_knight", 1)]},
        "2A": {"units": [units("dragon", 4, owner="neutral")]},
    }
    done = turn(6, areas, played=[8])
    assert event(done.events, "support_chosen").data["benefit"] == "influence"  # the only benefit left: answered at once
    assert done.state.board.players[0].influence == 3 + 2
    assert any(r.forced and r.action.choice == "benefit" for r in done.records)


def test_tactics_cards_from_a_city():
    """p. 36 „Taktikkarten: Der Spieler zieht so viele Taktikkarten, wie auf dem Stadtplättchen angegeben“."""
    state = turn(6, {"1A": CITY_1}, played=[8], decks={"tactics": ["versteckter_pass"]}).state
    assert prompt_of(state, "support_city").info["benefits"] == {"units": 2, "tactics": 1, "influence": 2}
    done = act(state, "support_city", "benefit", benefit="tactics")
    assert done.state.board.players[0].tactics == ["versteckter_pass"]
    assert event(done.events, "tactics_drawn").to is None and "cards" not in event(done.events, "tactics_drawn").data


def test_quest_cards_are_offered_only_with_a_quest_deck_then_the_hand_goes_down_to_three():
    """p. 36 „Questkarten: … Anschließend muss er Questkarten ablegen, bis er nur noch 3 auf der Hand hat“."""
    state = copy.deepcopy(turn(6, {"1A": CITY_1}, played=[8], turn_of=1).state)
    state.board.decks["quests"] = Deck(["q4", "q5"])
    state.board.players[0].quests = ["q1", "q2", "q3"]
    strategy = prompt_of(state, "strategy_move")
    state = ENGINE.apply(state, Action(1, strategy.id, "done")).state
    assert prompt_of(state, "support_city").info["benefits"] == {"units": 2, "influence": 2, "quests": 1}
    drawn = act(state, "support_city", "benefit", benefit="quests")
    assert drawn.state.board.players[0].quests == ["q1", "q2", "q3", "q4"]
    assert event(drawn.events, "quests_drawn").data == {"seat": 0, "count": 1}
    assert event(drawn.events, "your_quests_drawn").to == frozenset({0})
    discard = prompt_of(drawn.state, "support_quest_discard")
    assert discard.secret and discard.info == {"count": 1} and len(ENGINE.legal(drawn.state, 0)) == 4
    assert "p. 36" in refused(drawn.state, "support_quest_discard", "discard", cards=["q9"]).rule
    done = act(drawn.state, "support_quest_discard", "discard", cards=["q2"]).state
    assert done.board.players[0].quests == ["q1", "q3", "q4"] and done.board.decks["quests"].discard == ["q2"]


def test_the_support_bonus_needs_hero_cards_and_a_controlled_area_with_an_own_stronghold():
    """p. 36 (Bonusfunktion): „bis zu 3 Einflussmarker abzugeben, um entsprechend viele Heldenkarten zu ziehen … und
    platziert die Heldenfigur in ein eigenes Gebiet mit Festung“: with no hero card to draw or no such area, nothing is
    drawn and no influence spent."""
    stronghold = {"10A": {"stronghold": {"owner": 0}}}
    no_stronghold = turn(6, {"1A": CITY_1}).state
    no_hero_cards = turn(6, {"1A": CITY_1, **stronghold}, decks={"heroes": []}).state
    for state in (no_stronghold, no_hero_cards):
        done = act(state, "support_city", "benefit", benefit="influence")
        bonus = event(done.events, "order_bonus")
        assert bonus.data == {"seat": 0, "order": "support", "heroes": 0, "reason": "cannot recruit"}
        assert done.state.board.players[0].influence == 5
        assert not [p for p in done.state.prompts if p.kind == "recruit_heroes"]
    both = act(turn(6, {"1A": CITY_1, **stronghold}).state, "support_city", "benefit", benefit="influence")
    assert prompt_of(both.state, "recruit_heroes").info["most"] == 3  # 5 influence, at most 3 spent
    assert not [e for e in both.events if e.kind == "order_bonus"]


# -- Gain Power -----------------------------------------------------------------------------------

HUMAN_DIALS = {"food": 2, "wood": 4, "ore": 3}  # influence icons on food „2“, wood „4“ and ore „3“ (house dials)


def test_gain_power_gives_one_influence_per_icon_at_and_below_the_dials():
    """p. 36: „erhält einen Einflussmarker für jedes Einflussymbol, auf dem ein Zeiger steht und darunter“."""
    done = turn(7, {}, played=[8], dials=HUMAN_DIALS)
    assert event(done.events, "influence_gained").data == {"seat": 0, "amount": 3, "why": "gain_power"}
    assert done.state.board.players[0].influence == 3 + 3
    assert not [p for p in done.state.prompts if p.kind == "take_title"]  # no bonus


def test_the_bonus_takes_a_title_by_spending_more_than_lies_on_it():
    """p. 36: „eine beliebige Anzahl Einflussmarker ausgeben, um dafür eine Titelkarte zu bekommen, auf der weniger Einflussmarker liegen“."""
    titles = {
        "oberhaupt_der_kriegergilde": {"holder": 1, "influence": 2},
        "primarch_des_rates_der_magier": {"holder": 0, "influence": 1},
    }
    state = turn(7, {}, dials=HUMAN_DIALS, influence=0, titles=titles).state
    assert state.board.players[0].influence == 3
    answers = [a.args for a in ENGINE.legal(state, 0)]
    assert {"title": "oberhaupt_der_kriegergilde", "influence": 3} in answers
    assert not any(a.get("title") == "primarch_des_rates_der_magier" for a in answers)  # already ours
    assert len(answers) == 3 + 1 + 1  # kapitaen 1..3, oberhaupt 3, decline
    error = refused(state, "take_title", "take", title="oberhaupt_der_kriegergilde", influence=2)
    assert "p. 36" in error.rule and [a.args for a in error.alternatives] == [
        {"title": "oberhaupt_der_kriegergilde", "influence": 3}
    ]
    refused(state, "take_title", "take", title="kapitaen_der_heldenliga", influence=4)  # only 3 to spend
    refused(state, "take_title", "take", title="primarch_des_rates_der_magier", influence=3)
    done = act(state, "take_title", "take", title="oberhaupt_der_kriegergilde", influence=3)
    board = done.state.board
    assert board.titles["oberhaupt_der_kriegergilde"] == Title(holder=0, influence=3)
    assert board.players[0].influence == 0
    assert (
        board.players[1].influence == state.board.players[1].influence
    )  # seat 1's 2 tokens went to the supply, not back to them
    assert event(done.events, "title_taken").data == {
        "seat": 0,
        "title": "oberhaupt_der_kriegergilde",
        "influence": 3,
        "from_seat": 1,
        "returned_to_supply": 2,
    }


def test_the_title_bonus_may_be_declined():
    """p. 36 „kann der Spieler …“: the bonus is optional."""
    state = turn(7, {}, dials=HUMAN_DIALS).state
    done = act(state, "take_title", "decline").state
    assert done.board.players[0].influence == 6 and all(t.holder is None for t in done.board.titles.values())


def test_no_title_prompt_without_influence_to_spend():
    """p. 36: an unclaimed title costs at least 1 influence; with none there is nothing to choose."""
    done = turn(7, {}, dials={"food": 0, "wood": 0, "ore": 0}, influence=0)
    assert event(done.events, "order_bonus").data["reason"] == "no title affordable"
    assert not [p for p in done.state.prompts if p.kind == "take_title"]
