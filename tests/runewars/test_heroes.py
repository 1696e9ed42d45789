"""Heroes: starting heroes, recruiting, the limit of 3, movement, heal and train, heroes not being units (pp. 8, 15-18, 25-26, 36; digest §9).

The helpers at the top build hero positions; the quest and duel tests import them.
"""

import random

import pytest

from engine.core import Action, IllegalAction, encode
from engine.runewars.control import controller, is_empty
from engine.runewars.state import Deck
from tests.runewars.prompting import ENGINE, act, prompt_of, refused

RULES = ENGINE.ruleset
PACK = RULES.pack({})
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]
# 10A-10B (Humans' home) - 1A - 1B - 2A - 2B; 1B-1D; 1C|1D mountain; 2B|2C water
FATE = [c.id for c in PACK.fate_cards]


def units(owner, unit, n=1):
    return {"owner": owner, "unit": unit, "standing": n}


def hero(card, owner, area, **extra):
    return {"card": card, "owner": owner, "area": area, **extra}


def fate(*top):
    """The fate deck with these cards on top (the rest follow in number order)."""
    return list(top) + [c for c in FATE if c not in top]


def quest_phase(heroes, areas=None, players=None, factions=("humans", "uthuk"), seed=1, **extra):
    """Summer of year 1 at the quest phase; seat 1 played the lower order number in spring, so it goes first."""
    spec = {
        "factions": list(factions),
        "placements": TILES,
        "neutrals": "none",
        "areas": areas or {},
        "heroes": heroes,
        "players": players or {},
        "season": {
            "year": 1,
            "name": "summer",
            "start": "orders",
            "previous_orders": {str(s): 5 - s for s in range(len(factions))},
        },
        "frames": [{"type": "QuestPhase"}],
        **extra,
    }
    return ENGINE.from_position({}, len(factions), seed, spec)


def events_of(transition, kind):
    return [e for e in transition.events if e.kind == kind]


def public_text(transitions):
    """Everything the table sees: the public events and the public view."""
    return repr([e for t in transitions for e in t.events if e.to is None]) + repr(ENGINE.view(transitions[-1].state, None))


# -- setup step 9 -------------------------------------------------------------------------------------


def play_setup(seats, seed):
    chooser = random.Random(seed)
    start = ENGINE.setup({}, seats, seed)
    state, transitions = start.state, [start]
    while state.board.phase.startswith("setup"):
        prompt = state.prompts[0]
        step = ENGINE.apply(state, chooser.choice([a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id]))
        state = step.state
        transitions.append(step)
    return state, transitions


@pytest.mark.parametrize("seats", [2, 4])
def test_setup_deals_two_secret_quests_and_a_starting_hero_of_the_factions_alignment(seats):
    """p. 8 Aufbau 9: „Jeder Spieler erhält 2 Questkarten … eine zufällige Heldenkarte, passend zur Gesinnung seiner Fraktion.
    … platziert die entsprechende Figur in ein beliebiges Gebiet seines Heimatreiches.“"""
    state, transitions = play_setup(seats, seed=seats)
    board = state.board
    placing = [e for t in transitions for e in t.events if e.kind == "hero_placed"]
    assert len(board.heroes) == seats == len(placing)
    for player in board.players:
        own = [h for h in board.heroes if h.owner == player.seat]
        assert len(own) == 1 and own[0].area in player.home_areas
        assert PACK.hero_cards.hero(own[0].card).alignment == PACK.faction(player.faction).alignment
        assert len(player.quests) == 2
    in_play = {h.card for h in board.heroes}
    assert sorted(board.decks["heroes"].draw + list(in_play)) == sorted(PACK.hero_cards.heroes)
    on_map = {q.id for q in PACK.hero_cards.quests.values() if q.area is None or q.area in board.areas}
    assert set(board.decks["quests"].draw) | {q for p in board.players for q in p.quests} == on_map
    drawn = [e for t in transitions for e in t.events if e.kind in ("quests_drawn", "your_quests_drawn")]
    assert all(set(e.data) == {"seat", "count"} for e in drawn if e.to is None)
    assert {(e.to, tuple(e.data["cards"])) for e in drawn if e.to is not None} == {
        (frozenset({p.seat}), tuple(p.quests)) for p in board.players
    }
    assert all("quest_hand" not in p for p in ENGINE.view(state, None)["players"])


def test_the_starting_hero_goes_into_the_home_realm_only():
    """p. 8 Aufbau 9 („in ein beliebiges Gebiet seines Heimatreiches“); a refusal changes nothing."""
    start = ENGINE.setup({}, 2, 5)
    state = start.state
    while not any(p.kind == "place_starting_hero" for p in state.prompts):
        prompt = state.prompts[0]
        state = ENGINE.apply(state, [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id][0]).state
    placing = [p for p in state.prompts if p.kind == "place_starting_hero"]
    assert sorted(p.seat for p in placing) == [0, 1] and not any(p.secret for p in placing)
    prompt = placing[0]
    assert set(prompt.info["areas"]) == set(state.board.players[prompt.seat].home_areas)
    stranger = next(a for a in state.board.areas if a not in prompt.info["areas"])
    before = encode(state)
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(state, Action(prompt.seat, prompt.id, "place", {"area": stranger}))
    assert "Aufbau 9" in error.value.rule and encode(state) == before


# -- recruiting (p. 36 bonus, p. 25) ------------------------------------------------------------------


def support_turn(heroes=(), influence=4, hero_deck=None, seed=1):
    """Seat 0 (Humans) resolves Support with the bonus; seat 1 played Strategy first and is done."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "heroes": list(heroes),
        "areas": {"10A": {"units": [units(0, "human_infantry")], "stronghold": {"owner": 0}}},
        "players": {"0": {"influence": influence}},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 6, "1": 1}, "turn": 0},
    }
    if hero_deck is not None:
        spec["decks"] = {"heroes": hero_deck}
    return ENGINE.from_position({}, 2, seed, spec)


def test_the_support_bonus_draws_as_many_hero_cards_as_influence_spent_keeps_one_secretly():
    """p. 36: „bis zu 3 Einflussmarker abzugeben, um entsprechend viele Heldenkarten zu ziehen. Von diesen Karten muss der
    Spieler 1 behalten und die übrigen wieder unter die anderen Heldenkarten mischen. … platziert die Heldenfigur in ein
    eigenes Gebiet mit Festung.“"""
    start = support_turn(hero_deck=["bruder_osric", "mirela_laterne", "aldric_sturmhand", "silhouette"])
    assert prompt_of(start.state, "recruit_heroes").info == {"most": 3}
    assert "p. 36" in refused(start.state, "recruit_heroes", "spend", amount=4).rule
    spent = act(start.state, "recruit_heroes", "spend", amount=2)
    assert spent.state.board.players[0].influence == 2
    assert [e.data for e in events_of(spent, "heroes_drawn")] == [{"seat": 0, "influence": 2, "count": 2}]
    keep = prompt_of(spent.state, "keep_hero")
    assert keep.secret and keep.info == {"count": 2}
    assert {a.args["hero"] for a in ENGINE.legal(spent.state, 0)} == {"bruder_osric", "mirela_laterne"}
    kept = act(spent.state, "keep_hero", "keep", hero="mirela_laterne")
    board = kept.state.board  # the only stronghold: the figure's area is forced
    assert [(h.card, h.area) for h in board.heroes] == [("mirela_laterne", "10A")]
    assert sorted(board.decks["heroes"].draw) == ["aldric_sturmhand", "bruder_osric", "silhouette"]
    assert "bruder_osric" not in public_text([spent, kept])


def test_no_hero_is_drawn_without_influence_or_stronghold():
    """p. 36 bonus: influence is spent to draw; the figure needs a stronghold of the player (ruling R-H1)."""
    done = support_turn(influence=0)
    assert not any(p.kind == "recruit_heroes" for p in done.state.prompts)
    assert events_of(done, "order_bonus")[0].data["reason"] == "cannot recruit"


def test_a_fourth_hero_makes_one_of_the_other_three_disloyal_and_its_rewards_go_face_up_to_the_discards():
    """p. 25: „Wenn er einen vierten Helden anwirbt, muss er dafür einen anderen wählen, der ihm UNTREU wird“;
    p. 28: „Alle seine Belohnungskarten werden als offener Ablagestapel neben den Belohnungskartenstapel gelegt“."""
    three = [
        hero("aldric_sturmhand", 0, "10A", rewards=["kettenhemd"]),
        hero("mirela_laterne", 0, "10B"),
        hero("bruder_osric", 0, "1A"),
    ]
    start = support_turn(heroes=three, hero_deck=["tamsin_gruenmantel"])
    start = act(start.state, "turn_window", "proceed")  # Aldric's reward could be used before the order (p. 27)
    kept = act(act(start.state, "recruit_heroes", "spend", amount=1).state, "keep_hero", "keep", hero="tamsin_gruenmantel")
    choice = prompt_of(kept.state, "disloyal_choice")
    assert set(choice.info["heroes"]) == {"aldric_sturmhand", "mirela_laterne", "bruder_osric"}
    assert "tamsin_gruenmantel" not in {h.card for h in kept.state.board.heroes}
    gone = act(kept.state, "disloyal_choice", "choose", hero="aldric_sturmhand")
    board = gone.state.board
    assert sorted(h.card for h in board.heroes) == ["bruder_osric", "mirela_laterne", "tamsin_gruenmantel"]
    assert "aldric_sturmhand" in board.decks["heroes"].draw
    assert board.decks["rewards"].discard == ["kettenhemd"]
    assert events_of(gone, "hero_disloyal")[0].to is None


# -- the quest-phase actions (p. 26) -------------------------------------------------------------------


def action(state, choice, **args):
    return act(state, "hero_action", choice, **args)


def test_heroes_act_in_player_order_of_the_previous_season():
    """p. 26: „Beginnend mit dem Spieler mit der aktuell niedrigsten Befehlsnummer auf seiner Karte (der vorhergehenden Jahreszeit)“."""
    start = quest_phase([hero("silhouette", 0, "10A"), hero("carthos_der_verrueckte", 1, "2A")])
    assert prompt_of(start.state, "hero_action").seat == 1
    after = action(start.state, "rest", hero="carthos_der_verrueckte")
    assert prompt_of(after.state, "hero_action").seat == 0


def test_heal_only_in_a_friendly_area():
    """p. 26: „Ein Held kann nur in einem eigenen Gebiet des Spielers geheilt werden.“"""
    start = quest_phase(
        [hero("carthos_der_verrueckte", 1, "1A", damage=2), hero("grell_knochenbeisser", 1, "2A", damage=1)],
        areas={"2A": {"units": [units(1, "uthuk_berserker")]}, "1A": {"units": [units(0, "human_infantry")]}},
    )
    assert "p. 26" in refused(start.state, "hero_action", "heal", hero="carthos_der_verrueckte").rule
    healed = action(start.state, "heal", hero="grell_knochenbeisser")
    assert [h.damage for h in healed.state.board.heroes] == [2, 0]


def test_a_mender_heals_anywhere():
    """House ability (data/runewars/heroes.toml): Mirela heals outside friendly areas."""
    start = quest_phase([hero("mirela_laterne", 1, "1A", damage=2)])
    assert action(start.state, "heal", hero="mirela_laterne").state.board.heroes[0].damage == 0


@pytest.mark.parametrize(
    "training, traits, ok",
    [
        ({}, {"strength": 2}, True),
        ({}, {"strength": 1, "wisdom": 1}, True),
        ({"strength": 1}, {"strength": 1, "agility": 1}, True),  # the +1 token turns to +2
        ({"strength": 1}, {"strength": 2}, False),  # would be +3
        ({"strength": 2}, {"strength": 1, "agility": 1}, False),  # already +2
        ({}, {"strength": 1}, False),  # neither form of training
        ({}, {"strength": 1, "agility": 1, "wisdom": 1}, False),
    ],
)
def test_training_is_one_plus_two_or_two_plus_ones_with_one_token_per_trait(training, traits, ok):
    """p. 26: „2 Eigenschaften des Helden werden um einen Punkt verbessert oder eine Eigenschaft um 2 Punkte …
    Jede Eigenschaft kann nur einen Trainingsmarker haben“ (double-sided +1/+2)."""
    start = quest_phase([hero("carthos_der_verrueckte", 1, "2A", training=training)])
    if not ok:
        assert "p. 26" in refused(start.state, "hero_action", "train", hero="carthos_der_verrueckte", traits=traits).rule
        return
    trained = action(start.state, "train", hero="carthos_der_verrueckte", traits=traits).state.board.heroes[0]
    assert trained.training == {t: training.get(t, 0) + traits.get(t, 0) for t in set(training) | set(traits)}


def test_a_routed_hero_may_train_but_not_move():
    """p. 26 („Flüchtende Helden können diese Aktion nicht ausführen“ for Move only); p. 18 routed heroes do not move."""
    start = quest_phase([hero("carthos_der_verrueckte", 1, "2A", routed=True)])
    assert "routed" in refused(start.state, "hero_action", "move", hero="carthos_der_verrueckte", path=["1B"]).message
    assert not any(a.choice == "move" for a in ENGINE.legal(start.state, 1))
    assert action(start.state, "train", hero="carthos_der_verrueckte", traits={"agility": 2}).state.board.heroes[0].training == {
        "agility": 2
    }


def test_each_hero_acts_once():
    """p. 26: each player performs one of the actions with each of his heroes."""
    start = quest_phase([hero("carthos_der_verrueckte", 1, "2A"), hero("grell_knochenbeisser", 1, "2B")])
    once = action(start.state, "rest", hero="carthos_der_verrueckte").state
    assert {a.args.get("hero") for a in ENGINE.legal(once, 1)} == {"grell_knochenbeisser", None}


# -- movement -------------------------------------------------------------------------------------------


def test_a_quest_phase_move_goes_up_to_two_areas_through_enemy_and_neutral_areas_but_not_over_mountains():
    """p. 18: „Im Gegensatz zu Einheiten können Helden feindliche und neutrale Gebiete durchqueren“; p. 26 up to 2 areas;
    p. 18 borders apply to all figures."""
    start = quest_phase(
        [hero("carthos_der_verrueckte", 1, "1B")],
        areas={
            "1A": {"units": [units(0, "human_infantry")]},
            "2A": {"units": [units(0, "human_archer")]},
            "1D": {"units": [{"owner": "neutral", "unit": "giant", "standing": 1}]},
        },
    )
    paths = [a.args["path"] for a in ENGINE.legal(start.state, 1) if a.choice == "move"]
    assert ["1A", "10B"] in paths and ["1D", "2A"] in paths and [] in paths
    assert max(len(p) for p in paths) == 2
    assert not any(p[:1] == ["1C"] and "1D" in p for p in paths)  # 1C|1D is a mountain border
    assert "p. 26" in refused(start.state, "hero_action", "move", hero="carthos_der_verrueckte", path=["1A", "10B", "10A"]).rule
    moved = action(start.state, "move", hero="carthos_der_verrueckte", path=["1A", "10B"])
    assert moved.state.board.heroes[0].area == "10B"
    assert moved.state.board.areas["10B"].stacks == [] and controller(moved.state.board, "10B") == 0  # no battle, no control


def test_a_pathfinder_moves_three_areas():
    """House ability: Brother Osric moves up to 3 areas in the quest phase."""
    start = quest_phase([hero("bruder_osric", 1, "10A")])
    assert max(len(a.args["path"]) for a in ENGINE.legal(start.state, 1) if a.choice == "move") == 3


def strategy_turn(heroes, areas):
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "areas": areas,
        "heroes": heroes,
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 1, "1": 2}, "turn": 0},
    }
    return ENGINE.from_position({}, 2, 1, spec)


def test_strategy_moves_a_hero_one_step_into_a_friendly_or_empty_area_once():
    """p. 18: „Sie können auch mit dem Befehl „Strategie“ in benachbarte eigene oder leere Gebiete gezogen werden“;
    „Helden können sich außerdem problemlos aus eigenen aktivierten Gebieten heraus bewegen“."""
    start = strategy_turn(
        [hero("silhouette", 0, "1A"), hero("aldric_sturmhand", 0, "1B", routed=True)],
        {
            "1A": {"units": [units(0, "human_infantry")], "activated_by": [0]},
            "1C": {"units": [{"owner": "neutral", "unit": "beastman", "standing": 1}]},
        },
    )
    state = start.state
    moves = {(a.args["hero"], a.args["to"]) for a in ENGINE.legal(state, 0) if a.choice == "move_hero"}
    assert moves == {("silhouette", "10B"), ("silhouette", "1B")}  # not the neutral 1C; the routed hero stays
    assert "p. 18" in refused(state, "strategy_move", "move_hero", hero="silhouette", to="1C").rule
    moved = act(state, "strategy_move", "move_hero", hero="silhouette", to="1B").state
    assert moved.board.heroes[0].area == "1B" and not moved.board.areas["1B"].activated_by
    assert not any(a.choice == "move_hero" for a in ENGINE.legal(moved, 0))


# -- heroes are not units --------------------------------------------------------------------------------


def test_a_hero_controls_nothing_and_leaves_an_area_empty():
    """p. 15: „Helden oder neutrale Einheiten können keine Gebiete kontrollieren“; empty areas may hold heroes."""
    state = quest_phase([hero("silhouette", 0, "2A")]).state
    assert controller(state.board, "2A") is None and is_empty(state.board, "2A")


def test_a_hero_in_an_enemy_area_lets_its_player_see_the_rune_there_privately():
    """p. 30: „Jeder Spieler kann sich jederzeit Runen in Gebieten anschauen, die er selbst kontrolliert oder in denen er
    einen Helden hat. Das gilt ausdrücklich auch für feindlich kontrollierte Gebiete“."""
    start = quest_phase(
        [hero("carthos_der_verrueckte", 1, "1B")],
        areas={"1A": {"units": [units(0, "human_infantry")], "rune": {"kind": "false", "known_to": [0]}}},
    )
    moved = action(start.state, "move", hero="carthos_der_verrueckte", path=["1A"])
    seen = events_of(moved, "rune_seen")
    assert [(e.to, e.data["rune"]) for e in seen] == [(frozenset({1}), "false")]
    assert ENGINE.view(moved.state, 1)["areas"]["1A"]["rune"] == "false"
    assert ENGINE.view(moved.state, None)["areas"]["1A"]["rune"] == "face_down"


def test_the_view_shows_heroes_and_their_reward_count_but_reward_cards_only_to_the_owner():
    """Contract view["heroes"]; p. 27: „darf sie aber nie anderen Spielern zeigen“."""
    state = quest_phase(
        [
            hero(
                "silhouette",
                0,
                "2A",
                damage=1,
                training={"agility": 1},
                rewards=["runenpanzer", "kettenhemd"],
                face_up=["kettenhemd"],
            )
        ]
    ).state
    public = ENGINE.view(state, None)["heroes"][0]
    assert public["id"] == "silhouette" and public["agility"] == 4 and public["wounds"] == 1 and public["rewards"] == 2
    assert public["training"] == [{"trait": "agility", "amount": 1}] and public["face_up_rewards"] == ["kettenhemd"]
    assert "reward_cards" not in public and "runenpanzer" not in repr(ENGINE.view(state, None))
    assert "runenpanzer" not in repr(ENGINE.view(state, 1))
    own = ENGINE.view(state, 0)
    assert own["heroes"][0]["reward_cards"] == ["runenpanzer", "kettenhemd"] and "runenpanzer" in own["cards"]


def test_an_eliminated_players_heroes_and_rewards_go_back_into_their_decks():
    """p. 31: „Er entfernt alle seine Helden vom Spielplan … Alle seine … Belohnungs- und Heldenkarten werden wieder in die
    entsprechenden Stapel eingemischt.“"""
    state = quest_phase([hero("silhouette", 0, "2A", rewards=["kettenhemd"]), hero("carthos_der_verrueckte", 1, "1A")]).state
    state.board.players[0].eliminated = True
    board = action(state, "rest", hero="carthos_der_verrueckte").state.board
    assert (
        [h.card for h in board.heroes] == ["carthos_der_verrueckte"]
        and "silhouette" in board.decks["heroes"].draw
        and "kettenhemd" in board.decks["rewards"].draw
    )


def test_decks_exist_in_positions():
    state = quest_phase([]).state
    assert isinstance(state.board.decks["rewards"], Deck) and len(state.board.decks["rewards"].draw) == 25


def test_random_games_never_show_a_secret_reward_quest_or_drawn_hero_in_public():
    """digest §11.1; p. 27 („darf sie aber nie anderen Spielern zeigen“), p. 25 (quest cards in hand), p. 36 (hero cards drawn
    for recruiting: only the kept one is shown). A reward or quest card reaches a public event only once revealed."""
    from engine.core import encode
    from tests.runewars.playthrough import play

    _, _, events = play(2, 1)
    secret = set(PACK.hero_cards.rewards) | set(PACK.hero_cards.quests)
    shown: set[str] = set()
    for event in events:
        if event.to is not None:
            continue
        data = event.data
        shown |= {data.get("reward"), data.get("quest")} | set(data.get("rewards_discarded", []))
        shown |= {q for dealt in data.get("quests", []) if event.kind == "setup_quests_dealt" for q in dealt}
        text = encode(data)
        assert not [c for c in secret - shown if f'"{c}"' in text], event
        assert not event.kind.startswith("your_")


def test_the_data_pack_has_12_heroes_24_quests_25_rewards_with_known_effects_and_linked_setup_quests():
    """p. 4 (12 Heldenkarten, 24 Questkarten, 25 Belohnungskarten); p. 8 „Die Aufbau-Questkarten werden mit den übrigen
    gemischt“: every setup quest is a quest card of the same area and trait; every effect is one the engine knows."""
    from engine.runewars.effects import effect_problems

    cards = PACK.hero_cards
    assert (len(cards.heroes), len(cards.quests), len(cards.rewards)) == (12, 24, 25)
    for setup in PACK.setup_quests:
        assert (cards.quest(setup.id).area, cards.quest(setup.id).test) == (setup.area, setup.test)
    records = [r for h in cards.heroes.values() for r in h.effects] + [r for r in cards.rewards.values() for r in r.effects]
    records += [r for q in cards.quests.values() for rs in q.outcomes.values() for r in rs]
    assert records and all(effect_problems(dict(r)) == [] for r in records)
    alignments = [h.alignment for h in cards.heroes.values()]
    assert alignments.count("good") >= 2 and alignments.count("evil") >= 2  # a starting hero for every faction of 4 players
    assert {r.trait for r in cards.rewards.values()} == {"weapon", "armor", None}
    assert any(r.effects and r.effects[0]["do"] == "take_dragon_rune" for r in cards.rewards.values())


def test_a_hero_retreats_into_any_adjacent_area():
    """p. 22 „Rückzug“: „Helden können sich in jedes benachbarte Gebiet zurückziehen“ (enemy and neutral ones too; borders apply)."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "heroes": [hero("silhouette", 0, "1B")],
        "areas": {
            "2A": {"units": [units(1, "uthuk_berserker")]},
            "1C": {"units": [{"owner": "neutral", "unit": "giant", "standing": 1}]},
        },
        "season": {"year": 1, "name": "spring", "start": "orders"},
        "frames": [{"type": "HeroRetreat", "hero": "silhouette", "why": "card"}],
    }
    state = ENGINE.from_position({}, 2, 1, spec).state
    assert set(prompt_of(state, "hero_retreat").info["areas"]) == {"1A", "1C", "1D", "2A"}
    assert "p. 22" in refused(state, "hero_retreat", "retreat", to="10B").rule
    moved = act(state, "hero_retreat", "retreat", to="2A").state
    assert moved.board.heroes[0].area == "2A" and not moved.board.heroes[0].routed


def test_heroes_stay_out_of_a_battle_in_their_area_and_stay_whatever_its_result():
    """p. 21: „Helden und flüchtende Einheiten bleiben in dem umkämpften Gebiet, sie nehmen nicht am Kampf teil.“"""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "heroes": [hero("silhouette", 0, "1B"), hero("carthos_der_verrueckte", 1, "1B")],
        "areas": {"1B": {"units": [units(0, "human_knight", 3), units(1, "uthuk_berserker", 1)]}},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 3, "1": 5}, "turn": 0},
        "battle": {"area": "1B", "attacker": 0},
    }
    fought = ENGINE.from_position({}, 2, 1, spec)
    assert events_of(fought, "battle_won") and not any(
        h in repr(events_of(fought, "battle_lined_up")) for h in ("silhouette", "carthos")
    )
    after = act(fought.state, "retreat", "retreat", to="2A").state  # the loser's units retreat; his hero stays
    assert [(h.card, h.area, h.damage) for h in after.board.heroes] == [
        ("silhouette", "1B", 0),
        ("carthos_der_verrueckte", "1B", 0),
    ]


def test_routed_heroes_stand_up_in_spring():
    """p. 11 (Frühling): „stellen alle flüchtenden Figuren wieder auf (einschließlich neutraler Einheiten und Helden)“."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "heroes": [hero("aldric_sturmhand", 0, "1B", routed=True)],
        "decks": {"season.spring": []},
        "season": {"year": 2, "name": "spring", "start": "card"},
    }
    state = ENGINE.from_position({}, 2, 1, spec).state
    assert [h.routed for h in state.board.heroes] == [False]
