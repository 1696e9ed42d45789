"""Rewards: secret under their hero, trading, using them in the player's turn, picking up a defeated hero's rewards
(pp. 27-28; digest §9.5, §9.7)."""

from engine.runewars.heroes.turn_actions import may_act
from tests.runewars.prompting import ENGINE, act, prompt_of, refused
from tests.runewars.test_heroes import PACK, events_of, hero, quest_phase, units


def test_a_moving_hero_trades_rewards_with_the_players_heroes_it_passes():
    """p. 27: „Ein Spieler kann die Belohnungskarten seiner Helden beliebig untereinander austauschen, wenn die jeweiligen
    Helden … während ihrer Bewegung in der Questphase in demselben Gebiet sind. … können einfach tauschen, wenn sie durch ein
    Gebiet mit einem verbündeten Helden ziehen.“"""
    start = quest_phase(
        [
            hero("aldric_sturmhand", 1, "2A", rewards=["kettenhemd"]),
            hero("mirela_laterne", 1, "1B", rewards=["heiltrank"]),
            hero("bruder_osric", 1, "2B", rewards=["runenspeer"]),
        ]
    )
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["1B", "1A"])
    trade = prompt_of(moved.state, "trade_rewards")
    assert trade.secret and trade.info == {"hero": "aldric_sturmhand"}
    answers = {(a.choice, a.args.get("reward")) for a in ENGINE.legal(moved.state, 1)}
    assert answers == {("give", "kettenhemd"), ("take", "heiltrank"), ("done", None)}  # Osric in 2B was not on the way
    assert "p. 27" in refused(moved.state, "trade_rewards", "take", reward="runenspeer", **{"from": "bruder_osric"}).rule
    took = act(moved.state, "trade_rewards", "take", reward="heiltrank", **{"from": "mirela_laterne"})
    assert {h.card: h.rewards for h in took.state.board.heroes}["aldric_sturmhand"] == ["kettenhemd", "heiltrank"]
    assert [e.data["count"] for e in events_of(took, "rewards_taken") if e.to is None] == [1]
    assert "heiltrank" not in repr([e for e in took.events if e.to is None])
    done = act(took.state, "trade_rewards", "done")
    assert not any(p.kind == "trade_rewards" for p in done.state.prompts)


def hero_turn(heroes, areas=None, **extra):
    """Seat 0's heroes act in its turn (the turn window's ``heroes`` choice pushes the HeroTurn frame)."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0}],
        "neutrals": "none",
        "heroes": heroes,
        "areas": areas or {},
        "season": {"year": 1, "name": "spring", "start": "orders"},
        "frames": [{"type": "HeroTurn", "seat": 0}],
        **extra,
    }
    return ENGINE.from_position({}, 2, 1, spec)


def test_a_dragon_rune_reward_is_revealed_discarded_and_takes_a_dragon_rune_in_the_players_turn():
    """p. 27: „Belohnungskarten werden erst aufgedeckt, wenn der Spieler beschließt, ihre Fähigkeit zu nutzen“; p. 30 „nimm
    eine Drachenrune“ (data: Dragon Rune Shard, during your turn)."""
    start = hero_turn(
        [hero("aldric_sturmhand", 0, "1B", rewards=["drachenrunensplitter", "kettenhemd"])],
        areas={"1A": {"units": [units(0, "human_infantry")]}},
    )
    turn = prompt_of(start.state, "hero_turn")
    assert turn.secret
    assert {(a.choice, a.args.get("reward")) for a in ENGINE.legal(start.state, 0)} == {
        ("use", "drachenrunensplitter"),
        ("done", None),
    }
    used = act(start.state, "hero_turn", "use", hero="aldric_sturmhand", reward="drachenrunensplitter")
    assert [e.data["reward"] for e in events_of(used, "reward_revealed")] == ["drachenrunensplitter"]
    assert used.state.board.decks["rewards"].discard == ["drachenrunensplitter"]
    assert events_of(used, "runes_taken")[0].data["dragon"] == 1


def test_rewards_are_traded_between_the_players_heroes_in_one_area_during_his_turn():
    """p. 27: „… wenn die jeweiligen Helden während seines Spielzuges … in demselben Gebiet sind“."""
    start = hero_turn(
        [
            hero("aldric_sturmhand", 0, "1B", rewards=["kettenhemd"]),
            hero("mirela_laterne", 0, "1B"),
            hero("bruder_osric", 0, "1A"),
        ]
    )
    trades = [a.args for a in ENGINE.legal(start.state, 0) if a.choice == "trade"]
    assert trades == [{"reward": "kettenhemd", "from": "aldric_sturmhand", "to": "mirela_laterne"}]
    moved = act(start.state, "hero_turn", "trade", reward="kettenhemd", **{"from": "aldric_sturmhand", "to": "mirela_laterne"})
    assert [h.rewards for h in moved.state.board.heroes] == [[], ["kettenhemd"], []]


def test_a_defeated_heros_rewards_are_picked_up_in_the_players_turn_by_a_hero_in_that_area():
    """p. 28: „Jeder Held, der während des Spielzuges des ihn führenden Spielers in einem Gebiet mit einem Marker für besiegte
    Helden ist, kann alle unter dem entsprechenden Marker neben dem Spielplan liegenden Belohnungskarten nehmen … Anschließend
    entfernt der Spieler den Marker“ (ruling R-H7: in the turn, not on entering)."""
    start = hero_turn(
        [hero("aldric_sturmhand", 0, "1B"), hero("mirela_laterne", 0, "1A")],
        defeated_heroes=[{"number": 1, "area": "1B", "rewards": ["kettenhemd", "runenspeer"]}],
    )
    assert may_act(start.state, PACK, 0)
    assert [a.args for a in ENGINE.legal(start.state, 0) if a.choice == "pick_up"] == [{"hero": "aldric_sturmhand", "token": 1}]
    assert "p. 28" in refused(start.state, "hero_turn", "pick_up", hero="mirela_laterne", token=1).rule
    taken = act(start.state, "hero_turn", "pick_up", hero="aldric_sturmhand", token=1)
    board = taken.state.board
    assert board.heroes[0].rewards == ["kettenhemd", "runenspeer"] and not board.defeated_heroes
    assert events_of(taken, "your_rewards")[0].to == frozenset({0})


def test_no_pick_up_in_the_quest_phase():
    """Ruling R-H7: the quest phase is not part of a player's turn (p. 26 „gilt das nicht als Teil seines Spielzuges“)."""
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "2A")], defeated_heroes=[{"number": 1, "area": "1B", "rewards": ["kettenhemd"]}]
    )
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["1B"])
    assert moved.state.board.defeated_heroes and not moved.state.board.heroes[0].rewards


def test_a_destructible_location_is_removed_by_its_controller_with_six_units_in_his_turn():
    """p. 37: „Wer das Gebiet kontrolliert und dort mindestens 6 Einheiten hat, kann in seinem Spielzug den Marker entfernen.“"""
    areas = {"1A": {"units": [units(0, "human_infantry", 6)]}, "1B": {"units": [units(0, "human_infantry", 5)]}}
    start = hero_turn(
        [],
        areas=areas,
        exploration={"1A": {"token": "dragon_throne", "face_up": True}, "1B": {"token": "magic_portal", "face_up": True}},
    )
    assert [a.args for a in ENGINE.legal(start.state, 0) if a.choice == "remove_location"] == [{"area": "1A"}]
    removed = act(start.state, "hero_turn", "remove_location", area="1A")
    assert "1A" not in removed.state.board.exploration and "1B" in removed.state.board.exploration


def test_nothing_to_do_in_the_turn_says_so_from_public_facts():
    """The turn window offers the heroes' choice only when public facts allow it (reward counts, tokens, units)."""
    start = hero_turn([hero("aldric_sturmhand", 0, "1B")])
    assert not may_act(start.state, PACK, 0)
    assert [a.choice for a in ENGINE.legal(start.state, 0)] == ["done"]


def test_the_turn_window_offers_the_heroes_actions_and_opens_again_after_them():
    """p. 15: a card usable „während seines Spielzuges“ may be used „direkt vor, direkt nach oder während der Ausführung
    seiner aktiven Befehlskarte“; p. 27: rewards are revealed when used. The turn window therefore offers ``heroes`` when
    a hero holds a reward, and reopens once the heroes are done."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0}],
        "neutrals": "none",
        "heroes": [hero("aldric_sturmhand", 0, "1B", rewards=["drachenrunensplitter"])],
        "areas": {"1B": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 1}]}},
        "decks": {"tactics": []},
        "players": {"0": {"tactics": []}, "1": {"tactics": []}},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 1, "1": 3}, "turn": 0},
    }
    start = ENGINE.from_position({}, 2, 1, spec)
    window = prompt_of(start.state, "turn_window")
    assert [a.choice for a in ENGINE.legal(start.state, 0)] == ["heroes", "proceed"]
    heroes = act(start.state, "turn_window", "heroes")
    assert prompt_of(heroes.state, "hero_turn").seat == 0
    back = act(heroes.state, "hero_turn", "done")
    assert prompt_of(back.state, "turn_window").info == window.info
    without = ENGINE.from_position({}, 2, 1, {**spec, "heroes": [hero("aldric_sturmhand", 0, "1B")]})
    assert [p.kind for p in without.state.prompts] == ["strategy_move"]  # nothing to do, seen by all: it passes itself
