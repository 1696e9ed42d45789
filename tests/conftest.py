"""Shared test set-up: deterministic property tests on CI."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The tiny test game (tests/tinygame.py) as an installed game of the test process: the
# conformance suite (tests/conformance) runs on every installed game.
from engine.core.registry import register_game  # noqa: E402
from tests.tinygame import GAME as TINY_GAME  # noqa: E402

register_game(TINY_GAME)
