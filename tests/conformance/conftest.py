"""Every installed game (``installed_games()``, with the tiny test game registered by
tests/conftest.py) is a parameter of the conformance tests, by name; each game is played once
per test session (:func:`survey_of`) and the tests read what the survey found."""

from __future__ import annotations

import pytest

from engine.core.registry import installed_games
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
