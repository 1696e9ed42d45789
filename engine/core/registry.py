"""Finding games: installed games come from the ``runetable.games`` entry point group.

A package adds a game by being installed with an entry point that names its
:class:`~engine.core.game.GameDescriptor`::

    [project.entry-points."runetable.games"]
    runewars = "engine.runewars.game:GAME"

Tests register a game of their own with :func:`register_game`. A module path
(``"tests.tinygame"``) also names a game: its ``GAME`` descriptor, or its ``RULESET`` alone.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from engine.core.game import GameDescriptor
from engine.core.ruleset import Ruleset

ENTRY_POINT_GROUP = "runetable.games"


class UnknownGame(LookupError):
    pass


_REGISTERED: dict[str, GameDescriptor] = {}
_FROM_MODULES: dict[str, GameDescriptor] = {}
#: the entry points' games, read once per process (:func:`rescan` reads them again)
_FROM_ENTRY_POINTS: dict[str, GameDescriptor] | None = None


def register_game(descriptor: GameDescriptor) -> GameDescriptor:
    """Make ``descriptor`` an installed game of this process (tests; an entry point is the normal way)."""
    _REGISTERED[descriptor.name] = descriptor
    return descriptor


def unregister_game(name: str) -> None:
    _REGISTERED.pop(name, None)


def rescan() -> None:
    """Read the entry points again on next use (after installing a package at run time)."""
    global _FROM_ENTRY_POINTS
    _FROM_ENTRY_POINTS = None


def installed_games() -> dict[str, GameDescriptor]:
    """Every installed game by name: the entry points', then those registered in this process."""
    global _FROM_ENTRY_POINTS
    if _FROM_ENTRY_POINTS is None:
        _FROM_ENTRY_POINTS = {}
        for point in entry_points(group=ENTRY_POINT_GROUP):
            try:
                descriptor = point.load()
            except ImportError:
                continue  # a broken installation must not take the other games down
            if isinstance(descriptor, GameDescriptor):
                _FROM_ENTRY_POINTS[descriptor.name] = descriptor
    return {**_FROM_ENTRY_POINTS, **_REGISTERED}


def find_game(name: str) -> GameDescriptor:
    """The game called ``name`` (an installed game, or a module path with ``GAME`` or ``RULESET``)."""
    games = installed_games()
    if name in games:
        return games[name]
    if name in _FROM_MODULES:
        return _FROM_MODULES[name]
    try:
        module = importlib.import_module(name)
    except (ModuleNotFoundError, ValueError):
        known = ", ".join(sorted(games)) or "none"
        raise UnknownGame(f"unknown game {name!r} (installed games: {known}; or give a module path)") from None
    descriptor = getattr(module, "GAME", None)
    if not isinstance(descriptor, GameDescriptor):
        ruleset = getattr(module, "RULESET", None)
        if not isinstance(ruleset, Ruleset):
            raise UnknownGame(f"module {name} has neither a GAME descriptor nor a RULESET")
        descriptor = GameDescriptor(name=ruleset.name, title=ruleset.name, ruleset=f"{name}:RULESET")
    _FROM_MODULES[name] = _FROM_MODULES[descriptor.name] = descriptor
    return descriptor


def load_ruleset(name: str) -> Ruleset:
    """The ruleset of the game called ``name`` (see :func:`find_game`)."""
    return find_game(name).load_ruleset()
