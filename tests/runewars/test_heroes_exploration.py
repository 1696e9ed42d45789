"""Exploration tokens, an optional rule (p. 37 „Erkundungsmarker“; digest §10.11): every token type of the data pack."""

import pytest

from engine.runewars.heroes.exploration import village_bonus
from engine.runewars.heroes.moves import quest_paths
from engine.runewars.runes import dragon_throne_runes
from tests.runewars.prompting import ENGINE, act, prompt_of, refused
from tests.runewars.test_heroes import PACK, events_of, hero, quest_phase, units

TOKENS = {t.id: t for t in PACK.exploration_tokens}


def test_every_token_type_of_the_pack_is_tested_here():
    assert set(TOKENS) == set(OUTCOMES)


def _location_stays(moved, token):
    marker = moved.state.board.exploration["2A"]
    assert marker.face_up and marker.token == token
    return moved.state


def check_dragon_throne(moved):
    """„Wer auch immer das Gebiet kontrolliert, hat dadurch eine zusätzliche Drachenrune.“"""
    state = _location_stays(moved, "dragon_throne")
    assert dragon_throne_runes(state.board, 1) == 1 and dragon_throne_runes(state.board, 0) == 0


def check_village(resource):
    def check(moved):
        """„Das Gebiet produziert +1 Rohstoff der auf dem Marker angegebenen Sorte.“"""
        state = _location_stays(moved, f"village_{resource}")
        assert village_bonus(PACK, state.board, "2A") == {resource: 1}

    return check


def check_magic_portal(moved):
    """„kann 1 Einflussmarker ausgeben, um dieses Gebiet so zu behandeln, als sei es direkt benachbart zu allen anderen
    Gebieten mit einem offenen Magischen Portal“."""
    state = _location_stays(moved, "magic_portal")
    state.board.exploration["10A"] = type(state.board.exploration["2A"])("magic_portal", face_up=True)
    walker = state.board.heroes[0]
    assert ["10A"] in quest_paths(state, PACK, walker)
    state.board.players[1].influence = 0
    assert ["10A"] not in quest_paths(state, PACK, walker)


def check_dungeon(moved):
    """„Wenn ein Held dieses Gebiet betritt, kann er in dieser Jahreszeit oder Questphase nicht mehr weiter ziehen.“"""
    state = _location_stays(moved, "dungeon")
    walker = state.board.heroes[0]
    assert quest_paths(state, PACK, walker) == [[]]  # revealed where it stopped: held for the season (ruling R39)
    walker.area, walker.held = "1B", ""
    assert ["2A"] in quest_paths(state, PACK, walker) and not any(
        p[:1] == ["2A"] and len(p) > 1 for p in quest_paths(state, PACK, walker)
    )


def check_temple(moved):
    """„Wenn ein Held zum Ende seiner Questphase in diesem Gebiet ist, erhält sein Spieler 2 Einflussmarker.“"""
    _location_stays(moved, "temple")
    assert [e.data["amount"] for e in events_of(moved, "influence_gained")] == [2]


def check_hall_of_kellos(moved):
    """„Wenn ein Held zum Ende seiner Questphase in diesem Gebiet ist, zieht sein Spieler eine Taktikkarte.“"""
    state = _location_stays(moved, "hall_of_kellos")
    assert len(state.board.players[1].tactics) == 1


def check_traveling_merchant(moved):
    """„Der Spieler des Helden kann 3 Einflussmarker ausgeben, wofür sein Held eine Belohnungskarte erhält. Der Marker wird
    entfernt, egal, ob die Belohnungskarte gekauft wird oder nicht.“"""
    assert prompt_of(moved.state, "explore_merchant").seat == 1
    bought = act(moved.state, "explore_merchant", "buy").state
    assert bought.board.players[1].influence == moved.state.board.players[1].influence - 3
    assert len(bought.board.heroes[0].rewards) == 1 and "2A" not in bought.board.exploration
    declined = act(moved.state, "explore_merchant", "decline").state
    assert not declined.board.heroes[0].rewards and "2A" not in declined.board.exploration


def check_bandits(moved):
    """„Der Held erleidet 1 Schaden.“ (no neutral or enemy units here: nothing more). The token is removed."""
    board = moved.state.board
    assert board.heroes[0].damage == 1 and "2A" not in board.exploration


def check_scroll_of_knowledge(moved):
    """„Der Spieler des Helden schaut sich alle verdeckten Runenmarker und Erkundungsmarker in einem Gebiet an.“"""
    state = moved.state
    assert {a.args["area"] for a in ENGINE.legal(state, 1)} == {"1A"}
    looked = act(state, "explore_scroll", "look", area="1A")
    seen = events_of(looked, "scroll_seen")[0]
    assert seen.to == frozenset({1}) and seen.data == {"area": "1A", "rune": "false", "exploration": "temple"}
    assert ENGINE.view(looked.state, 1)["exploration"]["1A"]["token"] == "temple"
    assert ENGINE.view(looked.state, None)["exploration"]["1A"]["token"] is None
    assert ENGINE.view(looked.state, 1)["areas"]["1A"]["rune"] == "false"
    assert "2A" not in looked.state.board.exploration


def check_training(moved):
    """„Der Held kann eine seiner Eigenschaften um 1 verbessern … maximal um 2 Punkte“."""
    state = moved.state
    assert {a.args.get("trait") for a in ENGINE.legal(state, 1)} == {"agility", "wisdom", None}  # strength is at +2
    assert "p. 37" in refused(state, "explore_training", "train", trait="strength").rule
    trained = act(state, "explore_training", "train", trait="wisdom").state
    assert trained.board.heroes[0].training == {"strength": 2, "wisdom": 1} and "2A" not in trained.board.exploration


OUTCOMES = {
    "dragon_throne": check_dragon_throne,
    "village_food": check_village("food"),
    "village_wood": check_village("wood"),
    "village_ore": check_village("ore"),
    "magic_portal": check_magic_portal,
    "dungeon": check_dungeon,
    "temple": check_temple,
    "hall_of_kellos": check_hall_of_kellos,
    "traveling_merchant": check_traveling_merchant,
    "bandits": check_bandits,
    "scroll_of_knowledge": check_scroll_of_knowledge,
    "training": check_training,
}
SETTINGS = {  # what a token needs around it to show its effect
    "scroll_of_knowledge": {
        "areas": {"1A": {"rune": {"kind": "false"}, "units": [units(0, "human_infantry")]}},
        "exploration_extra": {"1A": {"token": "temple"}},
    },
    "training": {"hero": {"training": {"strength": 2}}},
    "traveling_merchant": {"players": {"1": {"influence": 4}}},
}


@pytest.mark.parametrize("token", sorted(TOKENS))
def test_a_token_is_revealed_where_a_hero_ends_its_move_and_does_what_it_says(token):
    """p. 37: „Wenn sich ein Held in der Questphase nach dem Ende seiner Bewegung in einem Gebiet mit Erkundungsmarker befindet,
    wird dieser aufgedeckt und ausgeführt. Das geschieht, bevor der Held sich duelliert oder eine Quest beginnt.“
    Events are removed („EREIGNIS-Erkundungsmarker werden nach ihrer Ausführung abgeworfen“), locations stay."""
    setting = dict(SETTINGS.get(token, {}))
    extra_tokens = setting.pop("exploration_extra", {})
    start_spec = {"exploration": {"2A": {"token": token}, **extra_tokens}}
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1B", **setting.pop("hero", {}))],
        areas={"2A": {"units": [units(1, "uthuk_berserker")]}, **setting.pop("areas", {})},
        players=setting.pop("players", None),
        **start_spec,
    )
    assert ENGINE.view(start.state, None)["exploration"]["2A"] == {"back": 2, "face_up": False, "token": None}
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"])
    revealed = events_of(moved, "exploration_revealed")[0]
    assert revealed.to is None and revealed.data["token"] == token and revealed.data["type"] == TOKENS[token].kind
    OUTCOMES[token](moved)


def test_bandits_with_enemy_units_cost_a_reward_or_one_more_damage():
    """p. 37 Räuberbande: „Falls neutrale oder feindliche Einheiten in dem Gebiet sind, muss der Held 1 Belohnungskarte ablegen
    oder 1 weiteren Schaden hinnehmen.“"""
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1B", rewards=["kettenhemd"])],
        areas={"2A": {"units": [units(0, "human_infantry")]}},
        exploration={"2A": {"token": "bandits"}},
    )
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"])
    choice = prompt_of(moved.state, "explore_bandits")
    assert choice.secret and {a.choice for a in ENGINE.legal(moved.state, 1)} == {"discard", "damage"}
    dropped = act(moved.state, "explore_bandits", "discard", reward="kettenhemd").state
    assert dropped.board.heroes[0].damage == 1 and dropped.board.decks["rewards"].discard == ["kettenhemd"]
    hurt = act(moved.state, "explore_bandits", "damage").state
    assert hurt.board.heroes[0].damage == 2 and hurt.board.heroes[0].rewards == ["kettenhemd"]


def test_a_face_up_token_is_not_revealed_again_and_a_quest_follows_the_token():
    """p. 37: only a face-down token is revealed; the token comes before the duel or quest (the venture prompt follows)."""
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1B")],
        players={"1": {"quests": ["setup-1"]}},
        exploration={"1D": {"token": "temple", "face_up": True}},
    )
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["1D"])
    assert not events_of(moved, "exploration_revealed") and prompt_of(moved.state, "hero_venture")


def test_setup_places_tokens_by_their_backs_with_the_option():
    """p. 37: „Dabei werden Marker mit „1“ auf der Rückseite in die Gebiete gelegt, die benachbart zu Heimatreichen sind, in
    alle anderen Nicht-Heimatreich-Gebiete werden Marker mit „2“ auf ihrer Rückseite gelegt.“"""
    state = ENGINE.setup({"exploration": True}, 2, 3).state
    while state.board.phase.startswith("setup"):
        prompt = state.prompts[0]
        state = ENGINE.apply(state, [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id][0]).state
    board = state.board
    homes = {a for p in board.players for a in p.home_areas}
    assert not set(board.exploration) & homes and board.exploration
    backs = {t.id: (t.back_1, t.back_2) for t in PACK.exploration_tokens}
    view = ENGINE.view(state, None)["exploration"]
    for area, marker in board.exploration.items():
        back = view[area]["back"]
        assert backs[marker.token][back - 1] > 0 and not marker.face_up and view[area]["token"] is None


def test_the_merchant_asks_nothing_of_a_player_without_3_influence():
    """p. 37 Fahrender Händler: „kann 3 Einflussmarker ausgeben“; without them the token is just removed."""
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1B")], players={"1": {"influence": 2}}, exploration={"2A": {"token": "traveling_merchant"}}
    )
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"])
    assert not any(p.kind == "explore_merchant" for p in moved.state.prompts) and "2A" not in moved.state.board.exploration


@pytest.mark.parametrize("empty", [1, 2])
def test_when_the_tokens_of_one_back_run_out_the_other_back_is_used(empty):
    """p. 37 (tokens „1“ next to home realms, „2“ elsewhere) with ruling R4: a pack whose tokens of one back are too few
    (here none) fills those areas with tokens of the other back instead of leaving them without a token (issue 20 item 5);
    the view shows each token's own back."""
    import dataclasses

    from engine.core import Context, Rng
    from engine.runewars.heroes.setup import place_exploration_tokens

    tokens = tuple(
        dataclasses.replace(t, back_1=0 if empty == 1 else t.back_1 + t.back_2, back_2=0 if empty == 2 else t.back_1 + t.back_2)
        for t in PACK.exploration_tokens
    )
    pack = dataclasses.replace(PACK, exploration_tokens=tokens)
    state = ENGINE.setup({}, 3, 5).state
    while state.board.phase.startswith("setup"):
        prompt = state.prompts[0]
        state = ENGINE.apply(state, [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id][0]).state
    board = state.board
    assert not board.exploration and len(board.areas) > 20
    ctx = Context(Rng(5))
    place_exploration_tokens(board, pack, ctx)
    homes = {a for p in board.players for a in p.home_areas}
    assert set(board.exploration) == set(board.areas) - homes
    placed = [e for e in ctx.events if e.kind == "exploration_tokens_placed"][0].data["areas"]
    assert set(placed.values()) == {3 - empty}
    assert {m.back for m in board.exploration.values()} <= {0, 3 - empty}
    assert {v["back"] for v in ENGINE.view(state, None)["exploration"].values()} == {3 - empty}


def test_a_dungeon_holds_a_hero_for_the_rest_of_the_season_only_and_a_retreat_still_moves_it():
    """p. 37 (Verließ): „Wenn ein Held dieses Gebiet betritt, kann er in dieser Jahreszeit oder Questphase nicht mehr weiter
    ziehen.“ Ruling R39 (issue 20 item 1): no move of its own (quest phase, Strategy) until the season ends; a retreat (p. 22)
    still moves it; the next season it may leave. Scenario: tests/scenarios/runewars/p37_dungeon_holds_a_hero.toml."""
    from engine.runewars.heroes.moves import retreat_destinations, strategy_destinations

    start = quest_phase([hero("aldric_sturmhand", 1, "1B")], exploration={"2A": {"token": "dungeon", "face_up": True}})
    state = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"]).state
    walker = state.board.heroes[0]
    assert walker.area == "2A" and walker.held == "1.summer"
    assert quest_paths(state, PACK, walker) == [[]] and strategy_destinations(state, PACK, walker) == []
    assert retreat_destinations(state, PACK, walker)
    state.board.season = "autumn"
    assert strategy_destinations(state, PACK, walker) and len(quest_paths(state, PACK, walker)) > 1


@pytest.mark.parametrize("answer", ["done", "rest"])
def test_temple_and_hall_pay_every_hero_standing_there_when_the_quest_phase_ends_however_it_ended(answer):
    """p. 37 (Tempel, Halle des Kellos): „Wenn ein Held zum Ende seiner Questphase in diesem Gebiet ist, erhält sein Spieler
    2 Einflussmarker“ / „zieht sein Spieler eine Taktikkarte“. Ruling R39 (issue 20 item 2): paid when the quest phase ends,
    to every hero standing there, whether its player answered "done" or "rest"; nothing before the end."""
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1B"), hero("silhouette", 0, "2A")],
        exploration={"1B": {"token": "temple", "face_up": True}, "2A": {"token": "hall_of_kellos", "face_up": True}},
    )
    influence = start.state.board.players[1].influence
    args = {} if answer == "done" else {"hero": "aldric_sturmhand"}
    first = act(start.state, "hero_action", answer, **args)
    assert not events_of(first, "influence_gained") and not events_of(first, "quest_phase_ended")
    args = {} if answer == "done" else {"hero": "silhouette"}
    last = act(first.state, "hero_action", answer, **args)
    kinds = [e.kind for e in last.events]
    assert kinds.index("influence_gained") < kinds.index("quest_phase_ended")
    board = last.state.board
    assert board.players[1].influence == influence + 2 and len(board.players[0].tactics) == 1
