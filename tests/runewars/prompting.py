"""Answering Runewars prompts in tests: find a prompt by kind, answer it, or check a refusal changes nothing."""

import pytest

from engine.core import Action, Engine, IllegalAction, encode, load_ruleset

ENGINE = Engine(load_ruleset("runewars"))


def prompt_of(state, kind):
    """The one open prompt of ``kind`` (two open at once would make the test ambiguous)."""
    prompts = [p for p in state.prompts if p.kind == kind]
    assert len(prompts) == 1, state.prompts
    return prompts[0]


def act(state, kind, choice, **args):
    prompt = prompt_of(state, kind)
    return ENGINE.apply(state, Action(prompt.seat, prompt.id, choice, args))


def refused(state, kind, choice, **args):
    """The refusal of an illegal answer; the state is unchanged (its encoding is compared)."""
    before = encode(state)
    with pytest.raises(IllegalAction) as error:
        act(state, kind, choice, **args)
    assert encode(state) == before
    return error.value
