"""A group's own data pack drives a game (issue 3 item 5; docs/data-packs.md "Override semantics")."""

import pytest

from engine.core import Engine, load_ruleset
from tests.packs import humans_pack

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)


@pytest.fixture
def own_pack(tmp_path):
    return humans_pack(tmp_path)


def test_a_game_started_with_a_pack_option_uses_that_pack(own_pack):
    start = ENGINE.setup({"data_pack": str(own_pack)}, 2, seed=1)
    assert start.state.pack_hash == RULES.pack_hash({"data_pack": str(own_pack)})
    assert start.state.pack_hash != RULES.pack_hash({})
    state = start.state
    while state.prompts[0].kind == "choose_faction":
        prompt = state.prompts[0]
        state = ENGINE.apply(
            state, next(a for a in ENGINE.legal(state, prompt.seat) if a.args["faction"] in ("humans", "uthuk"))
        ).state
    humans = next(p for p in state.board.players if p.faction == "humans")
    assert humans.influence == 7


def test_the_environment_variable_selects_a_pack_too(own_pack, monkeypatch):
    monkeypatch.setenv("RUNETABLE_DATA_PACK", str(own_pack))
    assert RULES.pack_hash({}) == RULES.pack_hash({"data_pack": str(own_pack)})


def test_a_running_game_refuses_to_continue_on_another_pack(own_pack, monkeypatch):
    """docs/versioning.md: a running game keeps the pack it started with."""
    from engine.core import IncompatibleState

    state = ENGINE.setup({}, 2, seed=2).state
    monkeypatch.setenv("RUNETABLE_DATA_PACK", str(own_pack))
    with pytest.raises(IncompatibleState, match="started with data pack"):
        ENGINE.apply(state, ENGINE.legal(state, state.prompts[0].seat)[0])
