"""Runewars plays the same after the platform refactoring (issue 18): for seeds 1-20 at 2, 3
and 4 players the action log, the final state and the result equal the fingerprints recorded
before it (``python -m tests.golden.record``). A deliberate rule change re-records them."""

from __future__ import annotations

import json

import pytest

from tests.golden.record import FIXTURE, PLAYERS, SEEDS, fingerprint, key

RECORDED = json.loads(FIXTURE.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_ai_games_play_as_recorded(players: int) -> None:
    changed = [key(players, seed) for seed in SEEDS if fingerprint(players, seed) != RECORDED[key(players, seed)]]
    assert changed == [], f"these games no longer play as recorded: {changed}"
