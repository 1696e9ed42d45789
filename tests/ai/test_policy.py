"""The AI seats (issue 12): every prompt kind answered, from the seat's view only, deterministically.

Sources: the prompt kinds of the rules (engine.runewars.flow.PROMPT_KINDS); what a seat may
know (digest §11.1); docs/ai.md for the fallback.
"""

from random import Random

import pytest

from engine.core import Action, Prompt, encode
from engine.runewars import flow
from engine.runewars.ai import invariants
from engine.runewars.ai.driver import engine, play, seat_rng
from engine.runewars.ai.invariants import hidden_from
from engine.runewars.ai.policy import choose, handled_kinds, random_choice

#: the prompt kinds of the base rules: setup, seasons, the orders, battles, retreats, culls,
#: diplomacy, runes, bids, and the card windows every game opens
CORE_KINDS = {
    "choose_faction",
    "place_stronghold",
    "place_units",
    "place_false_rune",
    "choose_order",
    "autumn_choice",
    "turn_window",
    "strategy_move",
    "march_target",
    "march_move",
    "march_encounter",
    "harvest_raise_dial",
    "harvest_build",
    "recruit_resource",
    "place_recruits",
    "support_city",
    "support_quest_discard",
    "take_title",
    "fortify_action",
    "fortify_swap",
    "battle_type",
    "battle_assign",
    "battle_ability",
    "battle_defence",
    "battle_stronghold",
    "battle_excess",
    "retreat",
    "eliminate_units",
    "diplomacy_spend",
    "diplomacy_card",
    "diplomacy_fallout",
    "place_runes",
    "discard_false_runes",
    "influence_bid",
    "bid_tie",
    "tactics_window",
    "effect_choice",
}


def test_every_kind_of_the_base_rules_has_its_own_policy():
    engine()  # every rule module registers its prompt kinds
    assert CORE_KINDS <= set(flow.PROMPT_KINDS)
    assert CORE_KINDS <= handled_kinds(), f"no policy for {sorted(CORE_KINDS - handled_kinds())}"


@pytest.mark.parametrize(
    "legal, expected",
    [
        ([Action(0, "p", "take", {"n": 1}), Action(0, "p", "skip")], 1),  # a passive answer when offered
        ([Action(0, "p", "take", {"n": 1}), Action(0, "p", "take", {"n": 2})], 0),  # else the first listed
    ],
)
def test_a_kind_without_a_policy_gets_the_documented_fallback(legal, expected):
    prompt = Prompt("p", 0, "a_kind_from_a_later_issue")
    assert choose({}, prompt, legal, Random(1), pack=engine().ruleset.pack({})) == legal[expected]


def test_the_same_seed_plays_the_same_game():
    first = play(2, 11, choose, max_seasons=2)
    second = play(2, 11, choose, max_seasons=2)
    assert encode(first.records) == encode(second.records)


def test_two_states_with_the_same_view_get_the_same_decision():
    """The AI sees only view(state, seat): permuting what the seat cannot know changes nothing."""
    runner = engine()
    compared = []

    def twin(view, prompt, legal, rng, *, pack):
        state = current[0]
        if state is not None and state.board.phase == "play" and len(compared) < 40:
            other = hidden_from(state, prompt.seat, Random(len(compared)))
            other_view = runner.view(other, prompt.seat)
            assert encode(other_view) == encode(view)
            mine = choose(view, prompt, legal, Random(7), pack=pack)
            theirs = choose(other_view, prompt, runner.ruleset.legal(other, prompt), Random(7), pack=pack)
            assert mine == theirs
            compared.append(prompt.kind)
        return choose(view, prompt, legal, rng, pack=pack)

    current = [None]
    play(3, 5, twin, observe=lambda before, action, transition: current.__setitem__(0, transition.state), max_seasons=4)
    assert len(compared) == 40 and "choose_order" in compared


def test_the_ai_beats_the_random_player_in_whole_games_that_end_by_the_rules_and_replay():
    """Issue 12 asks for 80% of 100 games (docs/ai.md has the figure); a small sample stays fast here."""
    wins = 0
    for seed in range(4):
        ai_seat = seed % 2
        seats = [random_choice, random_choice]
        seats[ai_seat] = choose
        game = play(2, seed, seats)
        assert game.result["reason"] in {"dragon_runes", "time_limit", "last_player"}
        wins += game.result["winner"] == ai_seat
    assert wins >= 3
    assert invariants.check_replay(engine(), game.state, game.records) == []


def test_each_seat_has_its_own_generator():
    assert seat_rng(3, 0).random() != seat_rng(3, 1).random()
    assert seat_rng(3, 1).random() == seat_rng(3, 1).random()
