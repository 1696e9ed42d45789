"""Runewars setup, rulebook p. 8 (digest §4.1), as far as it needs no cards yet."""

import random

import pytest

from engine.core import Action, Engine, IllegalAction, InvalidAction, encode, load_ruleset, replay
from engine.runewars.setup import AREA_UNIT_LIMIT

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})


def play_setup(seats: int, seed: int, chooser_seed: int = 0):
    """Set up a game answering every prompt at random; return the state and all records and events."""
    chooser = random.Random(chooser_seed)
    start = ENGINE.setup({}, seats, seed)
    state, records, events = start.state, list(start.records), list(start.events)
    while state.board.phase.startswith("setup"):
        prompt = state.prompts[0]
        transition = ENGINE.apply(state, chooser.choice(ENGINE.legal(state, prompt.seat)))
        state, records, events = transition.state, records + list(transition.records), events + list(transition.events)
    return state, records, events


def answer(state, choice, **args):
    prompt = state.prompts[0]
    return ENGINE.apply(state, Action(prompt.seat, prompt.id, choice, args))


def test_the_highest_fate_card_makes_the_first_player():
    """p. 8 Aufbau 1: „Der Spieler mit der höchsten Zahl (Mitte des unteren Randes) auf der Karte ist STARTSPIELER.“"""
    for seed in range(10):
        start = ENGINE.setup({}, 4, seed)
        drawn = next(e for e in start.events if e.kind == "first_player_drawn")
        cards = drawn.data["cards"]
        assert len(set(cards)) == 4 and drawn.data["first_player"] == cards.index(max(cards))
        assert start.state.board.first_player == cards.index(max(cards))


def test_factions_are_chosen_in_seat_order_from_the_first_player_and_the_last_is_forced():
    """p. 8 Aufbau 2: the first player chooses first, then clockwise; the last choice follows from public facts."""
    state = ENGINE.setup({}, 4, seed=3).state
    first = state.board.first_player
    order = []
    for _ in range(3):
        order.append(state.prompts[0].seat)
        state = answer(state, "faction", faction=state.prompts[0].info["factions"][0]).state
    last = state.prompts  # the fourth seat's prompt was forced and answered by the engine
    assert order == [(first + i) % 4 for i in range(3)]
    assert all(p.kind != "choose_faction" for p in last)
    assert sorted(p.faction for p in state.board.players) == sorted(PACK.factions)


def test_a_taken_faction_is_refused_with_the_free_ones():
    """p. 8 Aufbau 2 (Fraktionswahl): „Beginnend mit dem Startspieler und weiter reihum im Uhrzeigersinn wählt jeder Spieler
    eine Fraktion“: a faction already chosen is refused, the free ones are the alternatives."""
    state = ENGINE.setup({}, 3, seed=4).state
    state = answer(state, "faction", faction="elves").state
    before = encode(state)
    with pytest.raises(IllegalAction) as refused:
        answer(state, "faction", faction="elves")
    assert refused.value.rule == "p. 8, Aufbau 2"
    assert {a.args["faction"] for a in refused.value.alternatives} == {"humans", "undead", "uthuk"}
    assert encode(state) == before


def test_a_wrong_choice_name_is_invalid():
    state = ENGINE.setup({}, 2, seed=4).state
    with pytest.raises(InvalidAction):
        answer(state, "stronghold", area="10A")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_map_uses_the_tiles_of_the_dealt_setup_quests_and_the_chosen_home_realms(seats):
    """p. 8 Aufbau 3 / p. 9: 2 setup quests face up per player; their tiles and the home realms make the map."""
    state, _, events = play_setup(seats, seed=seats)
    board = state.board
    dealt = next(e for e in events if e.kind == "setup_quests_dealt")
    assert dealt.to is None and [len(q) for q in dealt.data["quests"]] == [2] * seats
    tiles = {q.id: q.tile for q in PACK.setup_quests}
    expected = {tiles[q] for quests in board.setup_quests for q in quests}
    expected |= {PACK.faction(p.faction).home_tile for p in board.players}
    assert {p.tile for p in board.placements} == expected


def test_neutrals_cities_dials_and_influence_are_set_up():
    """p. 8 Aufbau 4, 5, 7: neutrals as printed, city tokens at random, dials and influence from the sheet."""
    state, _, _ = play_setup(3, seed=8)
    board = state.board
    for area_id, area in board.areas.items():
        neutrals = {s.unit: s.count for s in area.stacks if s.owner is None}
        assert neutrals == {u: n for u, n in PACK.areas[area_id].neutrals.items() if n}
        assert (area.city is not None) == PACK.areas[area_id].city
    cities = [a.city for a in board.areas.values() if a.city]
    assert len(cities) == len(set(cities))
    for player in board.players:
        faction = PACK.faction(player.faction)
        assert player.dials == {r: d.start for r, d in faction.dials.items()}
        assert player.influence == faction.start_influence


@pytest.mark.parametrize("seed", range(6))
def test_each_player_has_a_stronghold_the_starting_army_and_three_runes_at_home(seed):
    """p. 8 Aufbau 8: 1 stronghold at home, all starting units at home (≤ 8 per area), 2 dragon + 1 false rune."""
    state, _, _ = play_setup(2 + seed % 3, seed=seed, chooser_seed=seed)
    board = state.board
    assert (board.phase, board.year, board.season) == ("play", 1, "spring")  # setup hands over to the first spring
    for player in board.players:
        home = [board.areas[a] for a in player.home_areas]
        assert sum(1 for a in home if a.stronghold and a.stronghold.owner == player.seat) == 1
        army = {}
        for area in home:
            assert area.units_of(player.seat) <= AREA_UNIT_LIMIT
            for stack in area.stacks:
                if stack.owner == player.seat:
                    army[stack.unit] = army.get(stack.unit, 0) + stack.count
        assert army == PACK.faction(player.faction).starting_units()
        assert sorted(a.rune.dragon for a in home) == [False, True, True]
    placed = 3 * state.seat_count
    assert board.rune_supply["dragon"] + board.rune_supply["false"] == PACK.rune_tokens.dragon + PACK.rune_tokens.false - placed


def test_the_starting_army_follows_the_at_and_below_rule():
    """p. 14 / p. 35: each dial grants the units of its current field and every field below."""
    for faction in PACK.factions.values():
        expected = {}
        for dial in faction.dials.values():
            for f in dial.fields:
                if f.value <= dial.start and f.unit:
                    expected[f.unit] = expected.get(f.unit, 0) + f.unit_count
        assert faction.starting_units() == expected


def test_the_false_rune_choice_is_secret():
    """p. 8 Aufbau 8 / digest §11.1: which home area holds the false rune only its owner knows."""
    state = ENGINE.setup({}, 2, seed=12).state
    while state.prompts[0].kind != "place_false_rune":
        state = ENGINE.apply(state, ENGINE.legal(state, state.prompts[0].seat)[0]).state
    prompt = state.prompts[0]
    assert prompt.secret
    outcomes = [ENGINE.apply(state, a) for a in ENGINE.legal(state, prompt.seat)]
    public_views = {encode(ENGINE.view(t.state, None)) for t in outcomes}
    public_events = {encode(t.events_for(None)) for t in outcomes}
    other_seat = 1 - prompt.seat
    assert len(public_views) == 1 and len(public_events) == 1
    assert len({encode(ENGINE.view(t.state, other_seat)) for t in outcomes}) == 1
    assert len({encode(ENGINE.view(t.state, prompt.seat)) for t in outcomes}) == 3
    assert all(v == "face_down" for t in outcomes for v in _runes(ENGINE.view(t.state, None)))


def _runes(view):
    return [a["rune"] for a in view["areas"].values() if a["rune"]]


def test_a_stronghold_outside_the_home_realm_is_refused():
    """p. 8 Aufbau 8: „legt jeder Spieler eins seiner Festungsplättchen auf ein beliebiges Gebiet seines Heimatreiches“."""
    state = ENGINE.setup({}, 2, seed=13).state
    while state.prompts[0].kind != "place_stronghold":
        state = ENGINE.apply(state, ENGINE.legal(state, state.prompts[0].seat)[0]).state
    seat = state.prompts[0].seat
    elsewhere = next(a for a in state.board.areas if a not in state.board.players[seat].home_areas)
    with pytest.raises(IllegalAction) as refused:
        answer(state, "stronghold", area=elsewhere)
    assert refused.value.rule == "p. 8, Aufbau 8" and len(refused.value.alternatives) == 3


def test_too_many_units_in_one_area_are_refused():
    """Digest §6.4: at most 8 of a player's units per area (ruling R13: also while setting up)."""
    state = ENGINE.setup({}, 2, seed=14).state
    while state.prompts[0].kind != "place_units":
        state = ENGINE.apply(state, ENGINE.legal(state, state.prompts[0].seat)[0]).state
    prompt = state.prompts[0]
    with pytest.raises(IllegalAction):
        answer(state, "place", areas={prompt.info["areas"][0]: prompt.info["count"] + 1})


@pytest.mark.parametrize("seats", [2, 4])
def test_setup_replays_identically(seats):
    state, records, _ = play_setup(seats, seed=21, chooser_seed=5)
    assert encode(replay(RULES, 21, {}, seats, records)) == encode(state)


def test_the_public_view_never_shows_a_face_down_rune():
    """p. 8 Aufbau 8 („legt diese verdeckt in die Gebiete seines Heimatreiches“) and digest §11.1: nobody else sees which
    home area holds the false rune."""
    for seed in range(5):
        state, _, events = play_setup(3, seed=seed, chooser_seed=seed)
        assert set(_runes(ENGINE.view(state, None))) == {"face_down"}
        public_text = encode([e for e in events if e.to is None])
        assert "false_rune" not in public_text


@pytest.mark.parametrize("seats, seed", [(2, 3), (3, 5), (4, 8)])
def test_setup_runs_in_the_rulebook_s_order(seats, seed):
    """p. 8 „Vor jedem Spiel müssen die folgenden Schritte genau in dieser Reihenfolge ausgeführt werden“: 1 first player,
    2 factions, 3 map, 4-5 neutrals and cities, 7 tactics cards, 8 stronghold, units and runes per player, 9 quests and
    heroes, 12 objectives last („Nun kann das Spiel mit der ersten Jahreszeit (Spielrunde) beginnen.“)."""
    _, _, events = play_setup(seats, seed)
    kinds = [e.kind for e in events if e.to is None]
    first = {kind: kinds.index(kind) for kind in reversed(kinds)}
    last = {kind: i for i, kind in enumerate(kinds)}
    steps = [
        ["first_player_drawn"],
        ["faction_chosen"],
        ["map_built"],
        ["tactics_drawn"],
        ["stronghold_placed", "units_placed", "runes_placed"],  # step 8, player after player
        ["quests_drawn", "hero_placed"],
        ["objective_dealt"],
        ["season_began"],
    ]
    for earlier, later in zip(steps, steps[1:]):
        assert max(last[k] for k in earlier) < min(first[k] for k in later), (earlier, later)
    step8 = [(e.kind, e.data["seat"]) for e in events if e.kind in ("stronghold_placed", "runes_placed")]
    assert [seat for _, seat in step8[::2]] == [(events[0].data["first_player"] + i) % seats for i in range(seats)]


def test_the_seat_order_and_the_first_player_are_shown_to_everyone():
    """p. 8 Aufbau 1-2: the first player by fate card, then „Beginnend mit dem Startspieler und weiter reihum im
    Uhrzeigersinn“: the seat order, fixed at the start, is in the public view and in every seat's view."""
    start = ENGINE.setup({}, 4, 8)
    first = next(e for e in start.events if e.kind == "first_player_drawn").data["first_player"]
    expected = [(first + i) % 4 for i in range(4)]
    for seat in (None, 0, 1, 2, 3):
        view = ENGINE.view(start.state, seat)
        assert view["first_player"] == first and view["seat_order"] == expected
    state, _, _ = play_setup(4, 8)
    assert ENGINE.view(state, None)["seat_order"] == expected == ENGINE.view(state, 2)["seat_order"]


def test_quests_for_areas_not_on_the_map_leave_the_game():
    """p. 8 Aufbau 6: „Alle Questkarten für Gebiete, die nicht Teil des Spielplans sind, werden aussortiert. Die
    Aufbau-Questkarten werden mit den übrigen gemischt.“"""
    state, _, _ = play_setup(2, 3)
    board, quests = state.board, PACK.hero_cards.quests
    in_game = board.decks["quests"].draw + board.decks["quests"].discard + [q for p in board.players for q in p.quests]
    removed = {q.id for q in quests.values() if q.area is not None and q.area not in board.areas}
    assert removed and set(in_game) == set(quests) - removed and len(in_game) == len(set(in_game))
    assert {q.id for q in PACK.setup_quests if q.area in board.areas} <= set(in_game)
