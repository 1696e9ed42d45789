"""Positions for the renderer tests: random games (tests/runewars/playthrough.py) and one
showcase position holding every kind of piece the map draws."""

from __future__ import annotations

import random

import pytest

from engine.core import Engine
from engine.runewars.data import load_pack
from tests.runewars.playthrough import ENGINE

#: every piece at least once: unit shapes, routed units, allied and unallied neutrals, a
#: damaged stronghold, a development, runes (known, face up, face down), a city, heroes,
#: an exploration token, activation tokens and a battle
SHOWCASE = {
    "factions": ["humans", "uthuk", "elves"],
    "players": {"0": {"influence": 5, "tactics": ["versteckter_pass"]}},
    "heroes": [{"card": "silhouette", "owner": 0, "area": "10A", "damage": 1}],
    "exploration": {"1B": {"token": "dragon_throne", "face_up": False}},
    "areas": {
        "10A": {
            "units": [
                {"owner": 0, "unit": "human_infantry", "standing": 3, "routed": 1},
                {"owner": 0, "unit": "human_knight", "standing": 2},
                {"owner": 0, "unit": "human_siege_engine", "standing": 1},
                {"owner": "neutral", "unit": "sorcerer", "standing": 1, "ally": 0},
            ],
            "stronghold": {"owner": 0, "damaged": True},
            "development": "humans.resources",
            "rune": {"kind": "dragon", "known_to": [0]},
            "activated_by": [0, 1],
        },
        "10B": {"units": [{"owner": 0, "unit": "human_archer", "standing": 2}], "rune": {"kind": "false", "face_up": True}},
        "10C": {"rune": {"kind": "false", "known_to": [0]}},
        "13A": {
            "units": [
                {"owner": 1, "unit": "uthuk_berserker", "standing": 4},
                {"owner": 1, "unit": "uthuk_chaos_lord", "standing": 1},
            ],
            "stronghold": {"owner": 1},
            "rune": {"kind": "dragon"},
        },
    },
}


@pytest.fixture(scope="session")
def pack():
    return load_pack()


@pytest.fixture(scope="session")
def engine() -> Engine:
    return ENGINE


@pytest.fixture(scope="session")
def showcase(engine):
    return engine.from_position({}, 3, 5, SHOWCASE).state


def states(seats: int, seed: int, *, prefer_done: float = 0.3, limit: int = 20_000):
    """Every state of one random game, lazily: the choices of tests/runewars/playthrough.py
    (which returns only the end), stopped after ``limit`` actions."""
    chooser = random.Random(seed)
    state = ENGINE.setup({}, seats, seed).state
    for _ in range(limit):
        yield state
        if state.result is not None:
            return
        prompt = chooser.choice(state.prompts)
        actions = [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id]
        done = [a for a in actions if a.choice in ("done", "end_turn", "proceed")]
        action = done[0] if done and chooser.random() < prefer_done else chooser.choice(actions)
        state = ENGINE.apply(state, action).state
    yield state


def snapshots(seats: int, seed: int, every: int, *, limit: int):
    """Every ``every``-th state of the first ``limit`` actions of a random game, and the last."""
    found = list(states(seats, seed, limit=limit))
    return found[::every] + ([found[-1]] if (len(found) - 1) % every else [])


@pytest.fixture(scope="session")
def game_states():
    """The first 180 actions of a 3-seat random game, every 60 (set-up into the first year)."""
    return snapshots(3, 11, 60, limit=181)
