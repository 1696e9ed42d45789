"""The season loop: pp. 11-13 and 31 (digest §5, §10.10), the turn (p. 15), the end of the game (pp. 30-32)."""

import pytest

from engine.core import Action, Engine, IllegalAction, NotYourDecision, encode, load_ruleset

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
INFANTRY = {"owner": 0, "unit": "human_infantry", "standing": 1}


def game(factions=("humans", "uthuk"), **extra):
    spec = {"factions": list(factions), "neutrals": "none", **extra}
    return ENGINE.from_position({}, len(factions), 1, spec)


def prompt_of(state, seat, kind=None):
    return next(p for p in state.prompts if p.seat == seat and (kind is None or p.kind == kind))


def act(state, seat, choice, **args):
    return ENGINE.apply(state, Action(seat, prompt_of(state, seat).id, choice, args))


def choose_orders(state, numbers):
    events = []
    for seat, number in numbers.items():
        transition = act(state, seat, "order", number=number)
        state, events = transition.state, events + list(transition.events)
    return state, events


def test_every_player_chooses_an_order_in_secret_at_the_same_time():
    """p. 12 (Befehlskarten wählen): every player chooses one order card face down; all are revealed together."""
    state = game(factions=("humans", "uthuk", "elves")).state
    prompts = [p for p in state.prompts if p.kind == "choose_order"]
    assert sorted(p.seat for p in prompts) == [0, 1, 2] and all(p.secret for p in prompts)
    after_one = act(state, 1, "order", number=5)
    public = [e for e in after_one.events if e.to is None]
    assert [e.kind for e in public] == ["order_chosen"] and "number" not in public[0].data
    assert [(e.kind, e.data["number"]) for e in after_one.events if e.to == frozenset({1})] == [("your_order", 5)]
    assert ENGINE.view(after_one.state, None)["players"][1]["has_chosen"] is True
    assert "chosen" not in ENGINE.view(after_one.state, None)["players"][1]
    assert ENGINE.view(after_one.state, 1)["players"][1]["chosen"] == 5


def test_the_public_view_is_the_same_whatever_order_was_chosen():
    """digest §11.1: a chosen order is known to its owner only until the reveal."""
    state = game().state
    views = {n: ENGINE.view(act(state, 0, "order", number=n).state, None) for n in (1, 4, 8)}
    assert views[1] == views[4] == views[8]


def test_orders_are_revealed_together_and_resolved_lowest_number_first():
    """p. 12 step 3: revealed simultaneously, resolved from the lowest order number."""
    state = game(factions=("humans", "uthuk", "elves")).state
    state, events = choose_orders(state, {0: 5, 1: 1, 2: 3})
    revealed = next(e for e in events if e.kind == "orders_revealed")
    assert revealed.data == {"orders": {0: 5, 1: 1, 2: 3}, "player_order": [1, 2, 0]}
    assert ENGINE.view(state, None)["turn"]["seat"] == 1


def test_tied_order_numbers_go_to_more_influence_then_more_starting_influence():
    """p. 31 (Spielerreihenfolge und Gleichstände) and the p. 13 example: with two Conquer cards, more influence goes first."""
    state = game(factions=("humans", "uthuk"), players={"1": {"influence": 5}}).state
    _, events = choose_orders(state, {0: 3, 1: 3})
    assert next(e for e in events if e.kind == "orders_revealed").data["player_order"] == [1, 0]
    state = game(factions=("humans", "uthuk"), players={"0": {"influence": 2}, "1": {"influence": 2}}).state
    _, events = choose_orders(state, {0: 3, 1: 3})
    assert next(e for e in events if e.kind == "orders_revealed").data["player_order"] == [0, 1]  # humans start with 3, uthuk 1


@pytest.mark.parametrize("played, number, bonus", [([], 1, True), ([3, 5], 1, False), ([1, 2], 3, True), ([8], 5, False)])
def test_the_bonus_only_on_the_highest_number_played_this_year(played, number, bonus):
    """p. 12 (Bonusfunktion) and the p. 13 example: the card must be the highest played this year so far."""
    season = {"year": 1, "name": "autumn" if len(played) == 2 else "summer", "start": "orders"}
    state = game(players={"0": {"played": played}}, season=season).state
    state, events = choose_orders(state, {0: number, 1: 8 if number != 8 else 7})
    began = next(e for e in events if e.kind == "turn_began" and e.data["seat"] == 0)
    assert began.data["bonus"] is bonus


def test_a_played_order_is_refused_until_spring():
    """p. 12: played cards stay face up in front of the player until spring."""
    state = game(players={"0": {"played": [2]}}, season={"year": 1, "name": "summer", "start": "orders"}).state
    before = encode(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "order", number=2)
    assert "p. 12" in refused.value.rule and {a.args["number"] for a in refused.value.alternatives} == {1, 3, 4, 5, 6, 7, 8}
    assert encode(state) == before


def test_spring_lifts_activation_stands_routed_figures_and_returns_orders():
    """p. 11 (Frühling): activation tokens off, all routed figures stand (neutral ones too), order cards back to hand."""
    areas = {
        "10A": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 1, "routed": 2}], "activated_by": [0]},
        "10B": {"units": [{"owner": "neutral", "unit": "beastman", "routed": 2}]},
    }
    state = game(
        areas=areas,
        players={"0": {"played": [1, 2, 3, 4]}, "1": {"played": [5, 6, 7, 8]}},
        season={"year": 1, "name": "spring", "start": "card"},
    ).state
    board = state.board
    assert board.areas["10A"].activated_by == [] and board.areas["10A"].stacks[0].routed == 0
    assert board.areas["10A"].stacks[0].standing == 3 and board.areas["10B"].stacks[0].standing == 2
    assert all(sorted(p.hand) == list(range(1, 9)) and p.played == [] for p in board.players)


def test_autumn_reshuffles_the_fate_discards_and_everyone_chooses_influence_or_tactics_at_once():
    """p. 11 (Herbst): fate discards back into the deck; every player takes 2 influence or 1 tactics card."""
    state = game(season={"year": 1, "name": "autumn", "start": "card"}, decks={"tactics": ["versteckter_pass", "second"]}).state
    prompts = sorted((p.seat, p.kind) for p in state.prompts)
    assert prompts == [(0, "autumn_choice"), (1, "autumn_choice")]
    assert len(state.board.decks["fate"].draw) == 30 and state.board.decks["fate"].discard == []
    influence = state.board.players[1].influence
    state = act(state, 1, "influence").state
    assert state.board.players[1].influence == influence  # applied only when everyone has chosen
    state = act(state, 0, "tactics").state
    assert state.board.players[1].influence == influence + 2 and state.board.players[0].tactics == ["versteckter_pass"]


def test_autumn_tactics_cards_are_drawn_in_player_order():
    """digest §12 #2: the autumn choices are applied in player order (last season's order numbers)."""
    spec = dict(
        season={"year": 1, "name": "autumn", "start": "card", "previous_orders": {"0": 4, "1": 2}},
        decks={"tactics": ["versteckter_pass", "second"]},
    )
    state = game(**spec).state
    state = act(act(state, 0, "tactics").state, 1, "tactics").state
    assert state.board.players[1].tactics == ["versteckter_pass"] and state.board.players[0].tactics == ["second"]


def test_autumn_with_too_few_tactics_cards_asks_one_player_after_another():
    """p. 13: „… nimmt jeder Spieler entweder 2 Einflussmarker oder eine Taktikkarte, beginnend mit dem Spieler mit der
    niedrigsten Befehlsnummer der vorherigen Jahreszeit“ (ruling R30): when the cards cannot serve everyone, each
    player sees what the earlier ones left."""
    spec = dict(
        season={"year": 1, "name": "autumn", "start": "card", "previous_orders": {"0": 4, "1": 2}},
        decks={"tactics": ["versteckter_pass"]},
    )
    state = game(**spec).state
    assert [(p.seat, p.forced is None) for p in state.prompts] == [(1, True)]
    state = act(state, 1, "tactics").state
    assert state.board.players[1].tactics == ["versteckter_pass"]
    assert state.board.players[0].influence == 3 + 2  # nothing left to draw: influence was forced
    assert not any(p.kind == "autumn_choice" for p in state.prompts)


def test_autumn_without_tactics_cards_left_only_offers_influence():
    """p. 31 („Immer wenn ein Kartenstapel leer ist, wird der entsprechende Ablagestapel gemischt“): with deck and discards empty there is no card to take; the choice is forced."""
    state = game(season={"year": 1, "name": "autumn", "start": "card"}, decks={"tactics": [], "season.autumn": []}).state
    assert not any(p.kind == "autumn_choice" for p in state.prompts)
    assert [p.influence for p in state.board.players] == [3 + 2, 1 + 2]


def test_winter_cuts_each_area_to_the_food_value_by_the_owners_choice():
    """p. 11 (Winter) example: 7 units in an area with food 5 lose 2, chosen by their owner; one type is forced."""
    areas = {
        "10A": {
            "units": [{"owner": 0, "unit": "human_infantry", "standing": 4}, {"owner": 0, "unit": "human_archer", "standing": 3}]
        },
        "10B": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 7}]},
    }
    state = game(areas=areas, players={"0": {"dials": {"food": 5}}}, season={"year": 1, "name": "winter", "start": "card"}).state
    assert state.board.areas["10B"].units_of(0) == 5  # one unit type: forced
    prompt = prompt_of(state, 0, "eliminate_units")
    assert prompt.info == {"area": "10A", "limit": 5, "excess": 2, "why": "winter"}
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "eliminate", units={"human_infantry": 1})
    assert "Winter" in refused.value.rule and refused.value.alternatives
    state = act(state, 0, "eliminate", units={"human_infantry": 1, "human_archer": 1}).state
    assert state.board.areas["10A"].units_of(0) == 5


def test_the_turn_window_asks_only_a_player_holding_cards():
    """p. 15 (Spielzug): before and after the order; with no card in hand (public) the window passes by itself."""
    state = game(players={"0": {"tactics": ["versteckter_pass"]}}).state
    state, _ = choose_orders(state, {0: 1, 1: 2})
    window = prompt_of(state, 0)
    assert window.kind == "turn_window" and window.info["window"] == "before" and window.forced is None
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "end_turn")
    assert "Spielzug" in refused.value.rule and [a.choice for a in refused.value.alternatives] == ["proceed"]
    state = act(state, 0, "proceed").state
    assert prompt_of(state, 0).kind == "strategy_move"
    state = act(state, 0, "done").state
    assert prompt_of(state, 0).info["window"] == "after"
    state = act(state, 0, "end_turn").state
    rival_window = prompt_of(state, 0)  # seat 0 holds a card: it may play it in seat 1's turn
    assert (
        rival_window.kind == "tactics_window" and rival_window.info["window"] == "rival_turn" and rival_window.info["active"] == 1
    )
    assert not any(p.seat == 1 for p in state.prompts)
    state = act(state, 0, "pass").state
    assert [(p.seat, p.kind) for p in state.prompts] == [(1, "march_target")]  # seat 1 holds none: no window, its order at once


def test_an_answer_to_a_closed_prompt_is_refused():
    """Stale answers (the order was already chosen) change nothing."""
    state = game().state
    prompt = prompt_of(state, 0)
    state = act(state, 0, "order", number=1).state
    before = encode(state)
    with pytest.raises(NotYourDecision):
        ENGINE.apply(state, Action(0, prompt.id, "order", {"number": 2}))
    assert encode(state) == before


# -- the end of the game ------------------------------------------------------------------


def dragon(owner):
    return {
        "units": [{"owner": owner, "unit": "human_infantry" if owner == 0 else "uthuk_berserker", "standing": 1}],
        "rune": {"kind": "dragon"},
    }


def test_six_dragon_rune_areas_win_at_once_and_are_revealed():
    """p. 30 (Spielende): as soon as a player controls 6 areas with dragon runes he wins; those 6 are revealed."""
    areas = {a: dragon(0) for a in ("10A", "10B", "10C", "1A", "1B", "1C")}
    placements = [{"tile": "tile-1", "q": 0, "r": 0}, {"tile": "tile-10", "q": -2, "r": 0}]
    state = game(areas=areas, placements=placements).state
    assert state.result == {"winner": 0, "reason": "dragon_runes", "areas": sorted(areas)}
    assert state.prompts == [] and all(state.board.areas[a].rune.face_up for a in areas)
    assert ENGINE.view(state, None)["areas"]["1A"]["rune"] == "dragon"


def test_the_last_year_ends_with_all_runes_revealed_and_most_dragon_runes_winning():
    """p. 30: after the 6th winter all runes are revealed; most dragon-rune areas win, ties by influence, then starting influence."""
    placements = [{"tile": "tile-1", "q": 0, "r": 0}, {"tile": "tile-10", "q": -2, "r": 0}, {"tile": "tile-13", "q": 2, "r": 0}]
    areas = {"10A": dragon(0), "13A": dragon(1), "1A": {**dragon(1), "rune": {"kind": "false"}}}
    spec = dict(
        areas=areas, placements=placements, season={"year": 6, "name": "winter", "start": "orders"}, decks={"tactics": []}
    )
    state = game(**spec, players={"0": {"influence": 1}, "1": {"influence": 1}}).state
    state, events = choose_orders(state, {0: 1, 1: 1})
    while state.result is None:
        prompt = state.prompts[0]
        state = ENGINE.apply(
            state, Action(prompt.seat, prompt.id, "done" if prompt.kind == "strategy_move" else "end_turn")
        ).state
    assert (
        state.result["reason"] == "time_limit" and state.result["winner"] == 0
    )  # 1 rune each, 1 influence each, humans started with 3
    assert state.result["standings"] == [
        {"seat": 0, "dragon_runes": 1, "influence": 1},
        {"seat": 1, "dragon_runes": 1, "influence": 1},
    ]
    assert ENGINE.view(state, None)["areas"]["1A"]["rune"] == "false"


def test_a_player_controlling_no_area_is_eliminated_and_the_last_player_left_wins():
    """p. 31 „Eliminieren von Spielern“: „In dem seltenen Fall, dass ein Spieler kein Gebiet mehr kontrolliert, wird
    dieser Spieler eliminiert.“ Their tactics cards are shuffled back (ruling R19); alone, the other player wins."""
    placements = [{"tile": "tile-10", "q": -2, "r": 0}, {"tile": "tile-13", "q": 2, "r": 0}]
    occupied = {a: {"units": [INFANTRY]} for a in ("13A", "13B", "13C")}
    state = game(areas=occupied, placements=placements, players={"1": {"tactics": ["versteckter_pass"]}}).state
    assert state.board.players[1].eliminated and state.board.players[1].tactics == []
    assert "versteckter_pass" in state.board.decks["tactics"].draw
    assert state.result == {"winner": 0, "reason": "last_player"}


def test_an_eliminated_players_objective_goes_back_unseen_into_its_deck():
    """p. 31: „Alle seine Taktik-, Quest-, Belohnungs- und Heldenkarten werden wieder in die entsprechenden Stapel
    eingemischt.“ Ruling R19: the objective card goes back too, unseen, into the deck of its alignment (issue 20 item 6)."""
    placements = [{"tile": "tile-10", "q": -2, "r": 0}, {"tile": "tile-13", "q": 2, "r": 0}]
    occupied = {a: {"units": [INFANTRY]} for a in ("13A", "13B", "13C")}
    transition = game(
        areas=occupied,
        placements=placements,
        players={"1": {"objective": "einfall"}},
        decks={"objectives.evil": ["reich_der_furcht"]},
    )
    board = transition.state.board
    assert board.players[1].eliminated and board.players[1].objective is None
    assert sorted(board.decks["objectives.evil"].draw) == ["einfall", "reich_der_furcht"]
    assert "einfall" not in repr([e for e in transition.events if e.to is None])


def test_influence_on_a_title_does_not_break_the_final_tie():
    """p. 30 tie-break „die meisten Einflussmarker besitzt“ with p. 36 „gelten als „ausgegeben““ (ruling R17)."""
    placements = [{"tile": "tile-10", "q": -2, "r": 0}, {"tile": "tile-13", "q": 2, "r": 0}]
    spec = dict(
        placements=placements,
        season={"year": 6, "name": "winter", "start": "orders"},
        decks={"tactics": []},
        players={"0": {"influence": 1}, "1": {"influence": 2}},
        titles={"primarch_des_rates_der_magier": {"holder": 0, "influence": 5}},
    )
    state, _ = choose_orders(game(**spec).state, {0: 1, 1: 1})
    while state.result is None:
        prompt = state.prompts[0]
        state = ENGINE.apply(
            state, Action(prompt.seat, prompt.id, "done" if prompt.kind == "strategy_move" else "end_turn")
        ).state
    assert state.result["winner"] == 1  # no dragon runes on either side; 2 owned influence beat 1 (+5 spent on the title)
