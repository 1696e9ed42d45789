"""Versioned games (docs/versioning.md): named migrations upgrade old states; newer ones are refused."""

import json

import pytest

from engine.core import Engine, IncompatibleState, decode, encode
from engine.core.versioning import migration, upgrade
from tests.tinygame import RULESET


@migration("versioning-test", from_format=1, name="v1-to-v2: rename points to scores")
def _rename_points(plain):
    plain["board"] = {"scores": plain["board"].pop("points")}
    return plain


@migration("versioning-test", from_format=2, name="v2-to-v3: add round")
def _add_round(plain):
    plain["board"]["round"] = 1
    return plain


def test_migrations_run_in_order_and_are_named():
    old = {"game": "versioning-test", "format": 1, "board": {"points": [2, 1]}}
    new, applied = upgrade(old, current_format=3)
    assert new == {"game": "versioning-test", "format": 3, "board": {"scores": [2, 1], "round": 1}}
    assert applied == ["v1-to-v2: rename points to scores", "v2-to-v3: add round"]


def test_a_current_state_is_untouched():
    state = Engine(RULESET).setup({}, 2, 1).state
    plain = json.loads(encode(state))
    same, applied = upgrade(plain, current_format=RULESET.state_format)
    assert applied == [] and decode(json.dumps(same)) == state


def test_a_state_from_a_newer_engine_is_refused_clearly():
    with pytest.raises(IncompatibleState, match="newer Runetable"):
        upgrade({"game": "versioning-test", "format": 9, "board": {}}, current_format=3)


def test_a_missing_migration_is_refused_not_guessed():
    with pytest.raises(IncompatibleState, match="no migration"):
        upgrade({"game": "tinygame", "format": 0, "board": {}}, current_format=1)


def test_a_second_migration_for_the_same_step_is_a_programming_error():
    with pytest.raises(ValueError):
        migration("versioning-test", from_format=1, name="again")(lambda p: p)


def test_every_game_records_its_format_and_pack_hash():
    state = Engine(RULESET).setup({}, 2, 1).state
    assert state.format == RULESET.state_format
    assert state.pack_hash == ""  # the tiny game has no data pack
