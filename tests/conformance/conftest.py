"""Every installed game (``installed_games()``, with the tiny test game registered by
tests/conftest.py) is a parameter of the conformance tests, by name; each game is played once
per test session (:func:`survey_of`) and the tests read what the survey found."""

from __future__ import annotations

import pytest

from bot import narration
from bot.frontend import frontend_for
from engine.core.registry import installed_games
from tests import tinygame
from tests.conformance.survey import Survey, survey

_SURVEYS: dict[str, Survey] = {}


def survey_of(name: str) -> Survey:
    if name not in _SURVEYS:
        _SURVEYS[name] = survey(installed_games()[name])
    return _SURVEYS[name]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        names = sorted(installed_games())
        metafunc.parametrize("game", names, ids=names)


@pytest.fixture(autouse=True)
def tiny_narrator(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tiny game's narrator (tests/tinygame.py) while it has no front-end of its own; only
    here, since other tests read the tiny game's generic lines."""
    if frontend_for(tinygame.GAME.name).narrator is narration.GENERIC:
        monkeypatch.setitem(narration._NARRATORS, tinygame.GAME.name, tinygame.NARRATOR)
