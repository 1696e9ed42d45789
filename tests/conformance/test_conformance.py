"""The conformance suite, one test per claim, for every installed game (ids are game names).

A new game passes when it: plays to the end at random from every seat count and option value;
always leaves a legal answer to each open prompt; replays to the same states; names a
hidden-information hook under which no view changes; has an AI that answers every prompt kind
legally and finishes a game; narrates every event and prompt kind itself; and its decision panels
fit Discord at every reachable step. See survey.py and checks.py for what exactly is compared.
"""

from __future__ import annotations

from engine.core.registry import installed_games
from tests.conformance import checks
from tests.conformance.conftest import survey_of


def _fail(problems: list[str], survey) -> str:
    shown = "\n".join(problems[:25]) + (f"\n... and {len(problems) - 25} more" if len(problems) > 25 else "")
    return f"{len(problems)} problems:\n{shown}\ncovered: {checks.describe(survey)}"


def test_random_play_ends_and_always_has_a_legal_answer(game):
    survey = survey_of(game)
    unfinished = [g.label for g in survey.games if g.result is None]
    assert survey.games and not unfinished, f"games without a result: {unfinished}"
    seat_counts = {g.seats for g in survey.games}
    descriptor = installed_games()[game]
    assert seat_counts == set(range(descriptor.min_players, descriptor.max_players + 1))
    assert not survey.no_legal_answer, _fail(survey.no_legal_answer, survey)


def test_replay_gives_the_played_states(game):
    survey = survey_of(game)
    problems = checks.replay_problems(survey)
    assert not problems, _fail(problems, survey)


def test_public_and_seat_views_ignore_what_nobody_knows(game):
    descriptor = installed_games()[game]
    assert descriptor.hidden is not None, f"{game} names no hidden-information hook (GameDescriptor.hidden)"
    survey = survey_of(game)
    assert not survey.hidden, _fail(survey.hidden, survey)
    assert survey.hidden_changed > 0, f"permute_hidden changed nothing at {survey.hidden_checked} positions"
    assert survey.hidden_compared > 0, "no action that reveals nothing was compared"


def test_the_ai_answers_every_prompt_kind_legally(game):
    survey = survey_of(game)
    problems = checks.ai_problems(survey)
    assert not problems, _fail(problems, survey)


def test_every_event_and_prompt_kind_has_its_own_phrase(game):
    survey = survey_of(game)
    problems = checks.narrator_problems(survey)
    assert not problems, _fail(problems, survey)


def test_every_prompt_kind_renders_within_discords_limits(game):
    survey = survey_of(game)
    problems = checks.panel_problems(survey)
    assert not problems, _fail(problems, survey)


def test_the_data_pack_is_kept_with_the_game(game):
    """A game's pack is stored beside it at the start (bot.service.pack_content) so export and
    verify keep what it was played with: its records serialise and hash the same twice."""
    import json

    from bot.service import pack_content

    descriptor = installed_games()[game]
    ruleset = descriptor.load_ruleset()
    first, second = pack_content(ruleset, {}), pack_content(ruleset, {})
    if descriptor.pack is None:
        assert first is None
        return
    assert first is not None and first == second
    assert json.loads(first.content), f"{game}: the stored pack has no records"


def test_an_option_for_some_player_counts_is_refused_at_the_others(game):
    """``Option.seats`` (engine/core/game.py) is what the setup does: a game of a size the option is not
    for is refused at its start with the rule named (never a traceback, never an option that does
    nothing), a game of a size it is for starts."""
    from engine.core import Engine, IllegalAction

    descriptor = installed_games()[game]
    engine = Engine(descriptor.load_ruleset())
    for option in descriptor.options:
        if not option.seats:
            continue
        on = {option.name: True if option.type is bool else next(c for c in option.choices if c != option.default)}
        for seats in range(descriptor.min_players, descriptor.max_players + 1):
            if seats in option.seats:
                engine.setup(on, seats, 1)  # starts: a refusal here fails the test
                continue
            try:
                engine.setup(on, seats, 1)
            except IllegalAction as refused:
                assert refused.rule, f"{option.name} at {seats} players is refused without its rule"
            else:
                raise AssertionError(f"option {option.name} is for {option.seats} players but a {seats}-player game started")
