"""What the offline commands share: ``--game NAME`` and ``--options TEXT``, checked once.

``--game`` takes an installed game (``python -m bot games`` lists them), a name that
``RUNETABLE_GAMES`` maps to a module (``tinygame=tests.tinygame``), or a module path with a
``GAME`` descriptor (``tests.tinygame``). ``--options`` goes through the game's descriptor:
an unknown option or a value of the wrong type is a :class:`UsageError`, which ``python -m bot``
prints as one line naming the known options, exiting with status 2.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from engine.core.game import BadOption, GameDescriptor, parse_options
from engine.core.registry import GAMES_VARIABLE, UnknownGame, find_game, parse_games

#: the game a command plays when ``--game`` is not given
DEFAULT_GAME = "runewars"


class UsageError(Exception):
    """A command line the command cannot run: one line for the user; ``python -m bot`` exits 2."""


def add_game_argument(parser: argparse.ArgumentParser, *, options: bool = True, default: str | None = DEFAULT_GAME) -> None:
    parser.add_argument(
        "--game",
        default=default,
        metavar="NAME",
        help=f"the game: an installed game (python -m bot games) or a module path (default {default})",
    )
    if options:
        parser.add_argument(
            "--options",
            default="",
            metavar="LIST",
            help="comma-separated game options, e.g. epic,exploration or map_building=rulebook "
            "(python -m bot games lists each game's)",
        )


def games_from_environment() -> dict[str, str]:
    """``RUNETABLE_GAMES`` as name -> game to load (empty when unset)."""
    return parse_games(os.environ.get(GAMES_VARIABLE, ""))


def find(name: str) -> GameDescriptor:
    """The game called ``name`` (see the module docstring); a :class:`UsageError` if there is none."""
    try:
        return find_game(name)
    except UnknownGame as unknown:
        alias = games_from_environment().get(name)
        if alias and alias != name:
            try:
                return find_game(alias)
            except UnknownGame as problem:
                raise UsageError(f"{GAMES_VARIABLE} maps {name} to {alias}: {problem}") from None
        raise UsageError(str(unknown)) from None


def chosen_game(args: argparse.Namespace) -> GameDescriptor:
    return find(getattr(args, "game", None) or DEFAULT_GAME)


def checked_options(descriptor: GameDescriptor, text: str) -> dict[str, Any]:
    """``--options`` text checked by the game (typed values); a :class:`UsageError` naming the known options."""
    try:
        return descriptor.check_options(parse_options(text or ""))
    except BadOption as problem:
        message = str(problem)
        known = descriptor.known_options()
        raise UsageError(message if known in message else f"{message}; {known}") from None


def game_and_options(args: argparse.Namespace) -> tuple[GameDescriptor, dict[str, Any]]:
    descriptor = chosen_game(args)
    return descriptor, checked_options(descriptor, getattr(args, "options", "") or "")


def self_play(descriptor: GameDescriptor, *, max_rounds: int | None = None) -> Any:
    """The game's :class:`engine.simulation.SelfPlay`, refused as a :class:`UsageError` when the game has
    no AI to seat or cannot stop after ``max_rounds`` rounds (``--max-seasons``)."""
    from engine.simulation import NoSuchHook, SelfPlay

    selfplay = SelfPlay(descriptor)
    try:
        selfplay.policy()
        selfplay.stop_after(max_rounds)
    except (NoSuchHook, BadOption) as missing:
        raise UsageError(str(missing)) from None
    return selfplay


def players(descriptor: GameDescriptor, wanted: int | None, default: int) -> int:
    """``--players`` within the game's seat counts (``default`` brought into them when not given)."""
    low, high = descriptor.min_players, descriptor.max_players
    if wanted is None:
        return min(max(default, low), high)
    if not low <= wanted <= high:
        raise UsageError(f"{descriptor.name} is played by {low}-{high} players, not {wanted}")
    return wanted


def format_options(options: dict[str, Any]) -> str:
    """Options as ``--options`` text again (``epic,map_building=rulebook``)."""
    return ",".join(k if v is True else f"{k}={v}" for k, v in options.items())
