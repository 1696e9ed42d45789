"""``python -m bot games [--json]``: the games this installation can play.

Every installed game (the ``runetable.games`` entry points), and every game ``RUNETABLE_GAMES``
names by module path (``tinygame=tests.tinygame``), with its title, player counts, what a seat
plays, each option (type, default, help: ``Option.describe()``) and which parts it has: AI
policies, a renderer, a data pack, self-play hooks. A game that cannot be loaded is listed with
the reason. Never imports discord.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bot.commands.common import games_from_environment
from engine.core.game import GameDescriptor, Option


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object, game name -> its description")


def listed_games() -> dict[str, GameDescriptor | str]:
    """name -> descriptor (or the reason it cannot be loaded): installed games, then those the
    environment names by module path."""
    from engine.core.registry import UnknownGame, find_game, installed_games

    games: dict[str, GameDescriptor | str] = dict(sorted(installed_games().items()))
    for name, module in games_from_environment().items():
        if name in games or module in games:
            continue
        try:
            descriptor = find_game(module)
        except (UnknownGame, ImportError) as problem:
            games[name] = f"cannot be loaded: {problem}"
            continue
        games.setdefault(descriptor.name, descriptor)
    return games


def describe(descriptor: GameDescriptor) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": descriptor.name, "title": descriptor.title}
    try:
        entry["players"] = {"min": descriptor.min_players, "max": descriptor.max_players}
    except Exception as problem:  # noqa: BLE001 - a broken game is listed with its problem
        entry["players"] = None
        entry["error"] = f"its ruleset cannot be loaded: {problem!r}"
    entry["seat_role"] = descriptor.seat_role
    entry["options"] = [option_entry(o) for o in descriptor.options]
    entry["ai"] = {"policies": list(descriptor.ai_policies), "default": descriptor.default_ai}
    entry["renderer"] = descriptor.renderer is not None
    entry["data_pack"] = descriptor.pack is not None
    entry["pack_check"] = descriptor.pack_check is not None
    entry["selfplay_hooks"] = descriptor.selfplay is not None
    return entry


def option_entry(option: Option) -> dict[str, Any]:
    return {
        "name": option.name,
        "type": option.type.__name__,
        "default": option.default,
        "help": option.help,
        "choices": list(option.choices),
        "table": option.table,
        "text": option.describe(),
    }


def run(args: argparse.Namespace) -> int:
    listed = {
        name: describe(found) if isinstance(found, GameDescriptor) else {"name": name, "error": found}
        for name, found in listed_games().items()
    }
    if args.json:
        print(json.dumps(listed, indent=1, ensure_ascii=False))
        return 0
    for entry in listed.values():
        print(text(entry))
    return 0


def text(entry: dict[str, Any]) -> str:
    """A game as a few lines of text."""
    if "title" not in entry:
        return f"{entry['name']}: {entry['error']}\n"
    players = entry["players"]
    seats = f"{players['min']}-{players['max']} players" if players else "players unknown"
    role = f", each playing a {entry['seat_role']}" if entry["seat_role"] != "seat" else ""
    lines = [f"{entry['name']}: {entry['title']}, {seats}{role}"]
    if "error" in entry:
        lines.append(f"  {entry['error']}")
    lines.append("  options:" if entry["options"] else "  options: none")
    for option in entry["options"]:
        lines.append(f"    {option['text']}" + (" [set by the table]" if option["table"] else ""))
    ai = entry["ai"]
    policies = ", ".join(p + (" (default)" if p == ai["default"] else "") for p in ai["policies"]) or "none"
    lines.append(
        f"  AI: {policies}; renderer: {_yes(entry['renderer'])}; data pack: {_yes(entry['data_pack'])}; "
        f"self-play hooks: {_yes(entry['selfplay_hooks'])}"
    )
    return "\n".join(lines) + "\n"


def _yes(value: bool) -> str:
    return "yes" if value else "no"
