"""Whole games: every prompt answered at random from legal() reaches an end, replays exactly and leaks nothing.

Sources: the game's end (p. 30, digest §1), replay (docs/architecture.md), secrets (digest §11.1).
"""

import pytest

from engine.core import encode, replay, state_hash
from tests.runewars.playthrough import ENGINE, play

GAMES = [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)]


@pytest.mark.parametrize("seats, seed", GAMES)
def test_a_random_game_ends_and_replays_to_the_same_state(seats, seed):
    state, records, _ = play(seats, seed)
    assert state.result["reason"] in {"dragon_runes", "time_limit", "last_player"}
    assert state.board.phase == "over" and state.prompts == []
    again = replay(ENGINE.ruleset, seed, {}, seats, records)
    assert state_hash(again) == state_hash(state)


@pytest.mark.parametrize("seats, seed", GAMES[:3])
def test_public_events_never_carry_a_secret(seats, seed):
    """digest §11.1: chosen orders and face-down runes are never in a public event before they are revealed."""
    state, _, events = play(seats, seed)
    revealed_runes = False
    for event in events:
        if event.to is not None:
            continue
        text = encode(event.data)
        if event.kind in ("order_chosen",):
            assert "number" not in event.data
        if event.kind in ("runes_revealed", "game_over"):
            revealed_runes = True
        if not revealed_runes:
            assert '"dragon":true' not in text.replace(" ", "") and "your_" not in event.kind
