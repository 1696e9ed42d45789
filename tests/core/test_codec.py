"""The JSON codec for states, actions and events (engine contract: JSON, never pickle)."""

import json
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Action, ActionRecord, Engine, Event, decode, encode, register, state_hash
from tests.tinygame import RULESET

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6).filter(lambda k: not k.startswith("$")), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_plain_json_round_trips(value):
    assert decode(encode(value)) == value


def test_tagged_values_round_trip():
    value = {"t": (1, 2), "s": frozenset({3, 1}), "m": {1: "a", 2: "b"}, "$odd": 4}
    assert decode(encode(value)) == value


def test_actions_events_and_records_round_trip():
    action = Action(seat=1, prompt="commit/1/1", choice="play", args={"card": 5})
    event = Event(kind="dealt", data={"cards": [1, 2]}, to=frozenset({1}))
    record = ActionRecord(seq=3, action=action, chance=(4, 0), forced=False)
    assert decode(encode([action, event, record])) == [action, event, record]


def test_a_mid_game_state_round_trips_and_hashes_stably():
    engine = Engine(RULESET)
    state = engine.setup({}, 3, seed=8).state
    state = engine.apply(state, engine.legal(state, 0)[0]).state
    text = encode(state)
    assert decode(text) == state
    assert state_hash(decode(text)) == state_hash(state)
    assert json.loads(text)["$type"] == "GameState"


def test_encoding_is_canonical():
    assert encode({"b": 1, "a": 2}) == encode({"a": 2, "b": 1}) == '{"a":2,"b":1}'


def test_unregistered_dataclasses_are_refused():
    @dataclass
    class Stray:
        x: int

    with pytest.raises(TypeError, match="not registered"):
        encode(Stray(1))


def test_unknown_type_tags_are_refused():
    with pytest.raises(TypeError, match="unknown codec type"):
        decode('{"$type": "Nope"}')


def test_register_needs_a_dataclass():
    with pytest.raises(TypeError):
        register(int)
