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
#: the operator's setting naming the games a bot offers, comma-separated: an installed game's
#: name, or ``name=module`` for a module with a ``GAME`` descriptor or a ``RULESET``
#: (``mine=mypackage.game``); unset: every installed game
GAMES_VARIABLE = "RUNETABLE_GAMES"


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


def parse_games(text: str) -> dict[str, str]:
    """The games of a :data:`GAMES_VARIABLE` value, name -> game to load:
    ``"chess, mine=mypackage.game"`` -> ``{"chess": "chess", "mine": "mypackage.game"}``."""
    games = {}
    for entry in text.split(","):
        name, _, module = (part.strip() for part in entry.partition("="))
        if name:
            games[name] = module or name
    return games


def offered_games(text: str | None) -> dict[str, str]:
    """The games a bot offers: those :data:`GAMES_VARIABLE` names, else every installed game."""
    return parse_games(text) if text else {name: name for name in sorted(installed_games())}


def load_ruleset(name: str) -> Ruleset:
    """The ruleset of the game called ``name`` (see :func:`find_game`)."""
    return find_game(name).load_ruleset()
