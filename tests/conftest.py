"""Shared test set-up: deterministic property tests on CI; players who are asked every decision."""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The tiny test game (tests/tinygame.py) as an installed game of the test process: the
# conformance suite (tests/conformance) runs on every installed game.
from engine.core.registry import register_game  # noqa: E402
from tests.tinygame import GAME as TINY_GAME  # noqa: E402

register_game(TINY_GAME)


@pytest.fixture(autouse=True)
def asked_players(request, monkeypatch):
    """The tests' players answer every decision themselves (``auto_pass`` ``off``), as the tests
    written before issue 19 item 2 expect: a default ``unplayable`` would leave a seat awaited
    with nothing to click until its auto-pass is due. Tests marked ``auto_pass_default`` run
    with the bot's own default (tests/bot/test_autopass.py)."""
    if request.node.get_closest_marker("auto_pass_default") is None:
        from bot.service.settings import PLAYER_SETTINGS

        monkeypatch.setitem(PLAYER_SETTINGS, "auto_pass", "off")
