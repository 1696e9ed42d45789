"""Games with AI seats answer every prompt and keep every invariant (issue 12).

Sources: the game's end (p. 30, digest §1); the invariants of engine.runewars.ai.invariants
(component limits p. 31, runes p. 30, the 8-unit limit digest §0, secrets digest §11.1).
"""

from random import Random

import pytest

from engine.runewars.ai import invariants
from engine.runewars.ai.driver import engine, play
from engine.runewars.ai.policy import choose


def checked_game(seats: int, seed: int, max_seasons: int | None):
    runner, pack, rng = engine(), engine().ruleset.pack({}), Random(seed)
    problems: list[str] = []
    count = [0]
    revealed: set[str] = set()

    def observe(before, action, transition):
        count[0] += 1
        problems.extend(invariants.check_state(runner, transition.state, pack))
        if count[0] % 15 == 0:
            problems.extend(invariants.check_secrets(runner, transition.state, transition.events, rng, revealed))
        else:
            problems.extend(invariants.check_events(transition.state, transition.events, revealed))

    game = play(seats, seed, choose, observe=observe, max_seasons=max_seasons)
    return game, problems


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_games_of_two_to_four_players_run_clean_for_a_year(seats):
    """Whole games take too long for the suite; simulate runs them (docs/ai.md), and test_policy plays whole 2-player ones."""
    game, problems = checked_game(seats, 30 + seats, 4)
    assert problems == []
    assert game.state.board.year == 2 and sum(game.prompts.values()) > 20
