"""Build Monument, Ragnarok, the instant wins (digest 1.2, 1.3, 6.7)."""

from __future__ import annotations

from engine.ragnarok.ending import instant_winner
from tests.ragnarok.helpers import answer, at


def test_build_monument_resets_the_wheel_priests_and_artifacts():
    """6.7 step 3: priests to the general supply, markers off the wheel, every artifact recharged."""
    state = at(active=0, step="special", wheel={"prepare": [0, 1]}, players={"0": {"at": 3}})
    b = state.board
    b.monuments["odin"]["priests"] = [1]
    b.supply["priests"] -= 1
    b.players[1].artifacts["gungnir"] = False
    supply = b.supply["priests"]
    state = answer(state, 0, "monument", god="thor")
    b = state.board
    assert b.monuments["thor"]["level"] == 1
    assert all(not stack for stack in b.wheel.values())
    assert b.monuments["odin"]["priests"] == [] and b.supply["priests"] >= supply
    assert b.players[1].artifacts["gungnir"] is True


def test_three_omens_begin_ragnarok_and_the_trigger_takes_the_last_turn():
    """1.3: three omens face down after Build Monument; every player one more turn, the builder last."""
    state = at(
        active=1, step="special", wheel={"prepare": [1]}, monuments={"odin": 2, "thor": 2, "freya": 2}, players={"1": {"at": 3}}
    )
    b = state.board
    for omen in b.omens[:2]:
        omen[1] = True
    state = answer(state, 1, "monument", god="odin")
    assert state.board.ragnarok["trigger"] == 1 and state.board.ragnarok["left"][-1] == 1


def test_final_turns_run_clockwise_from_the_triggers_left_and_end_with_the_trigger():
    """1.3 item 3 and ruling R10: after the triggering turn, each other player once, the trigger last."""
    from engine.core import Context, Rng
    from engine.ragnarok.ending import after_turn

    state = at()
    b = state.board
    b.ragnarok = {"trigger": 1, "left": [2, 0, 1]}
    ctx = Context(Rng(1))
    order = []
    seat = 1
    while state.result is None:
        b.tasks = []
        after_turn(state, ctx, seat)
        if state.result is None:
            seat = b.tasks[-1]["seat"]
            order.append(seat)
    assert order == [2, 0, 1] and b.last_turn == [2, 0, 1]


def test_final_scoring_counts_yggdrasil_territories_and_ties_go_to_the_earlier_turn():
    """1.3 items 5-6: most territories next to Yggdrasil; a tie goes to whoever played their last turn earlier."""
    from engine.core import Context, Rng
    from engine.ragnarok.ending import final_scoring

    state = at(control={"1": 0, "5": 1})
    state.board.last_turn = [1, 2, 0]
    final_scoring(state, Context(Rng(1)))
    assert state.result["winner"] == 1 and state.result["reason"] == "ragnarok"


def test_mighty_jarl_great_godi_and_two_player_godi():
    """1.2: all territories of 3 lands; 5 temple territories (4 with 2 players)."""
    lands = {"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "7": 0, "8": 0, "9": 0, "10": 0, "11": 0}
    state = at(control=lands)
    assert instant_winner(state) == (0, "mighty_jarl")
    state = at(control={"3": 1, "5": 1, "8": 1, "12": 1}, temples=[3, 5, 8, 12])
    assert instant_winner(state) is None
    state = at(control={"3": 1, "5": 1, "8": 1, "12": 1, "16": 1}, temples=[3, 5, 8, 12, 16])
    assert instant_winner(state) == (1, "great_godi")
    two = at(seats=2, control={"3": 1, "5": 1, "7": 1, "11": 1}, temples=[3, 5, 7, 11])
    assert instant_winner(two) == (1, "great_godi")


def test_the_boss_hunt_needs_defeated_monsters():
    """1.2: Loki may be hunted after 2 defeated monsters (1 with 2 players), slayer markers counting."""
    state = at(active=0, step="special", boss=3, players={"0": {"at": 3}})
    assert not [a for a in state_legal(state) if a.choice == "hunt"]
    state.board.players[0].trophies = ["draugr"]
    state.board.players[0].slayers = 1
    assert [a for a in state_legal(state) if a.choice == "hunt" and a.args["target"] == "loki"]


def state_legal(state):
    from tests.ragnarok.helpers import legal

    return legal(state, 0)
