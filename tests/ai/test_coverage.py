"""Every prompt kind the engine can ask has an AI handler, and whole AI games never need the fallback (issue 12).

Source: docs/ai.md ("Prompt kinds without a policy"): the fallback is for kinds later issues
add; ``simulate`` lists the ones it meets under ``fallback_prompt_kinds``.
"""

import pytest

from engine.runewars.ai.driver import engine, play
from engine.runewars.ai.policy import choose, handled_kinds
from engine.runewars.flow import PROMPT_KINDS

#: prompt kinds deliberately left to policy.fallback (none at present)
INTENTIONALLY_PASSIVE: set[str] = set()


def test_every_prompt_kind_has_a_handler_or_is_listed_passive():
    engine()  # loads the ruleset, which registers every prompt kind
    assert len(PROMPT_KINDS) > 40
    assert sorted(set(PROMPT_KINDS) - handled_kinds() - INTENTIONALLY_PASSIVE) == []
    assert sorted(handled_kinds() - set(PROMPT_KINDS)) == []


@pytest.mark.parametrize(
    "seats, seed, options",
    [
        (2, 5, {"map_building": "rulebook"}),
        (3, 6, {"exploration": True}),
        (4, 7, {"map_building": "rulebook", "exploration": True}),
    ],
)
def test_whole_ai_games_need_no_fallback(seats, seed, options):
    game = play(seats, seed, choose, options=options)
    assert game.finished
    assert sorted(set(game.prompts) - handled_kinds()) == []
    if options.get("map_building") == "rulebook":
        assert game.prompts["place_tile"] >= 2 * seats - 1
