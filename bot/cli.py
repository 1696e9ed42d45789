"""``python -m bot [COMMAND]``: the Discord bot and its offline tools.

Each subcommand lives in its own module with ``add_arguments(parser)`` and
``run(args) -> int``; :data:`COMMANDS` lists them, imported only when chosen, so
``--help`` stays fast and an offline tool never imports discord.py. A command that cannot
run its command line (an unknown game, an option the game does not know) raises
:class:`bot.commands.common.UsageError`: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

#: name -> (module, one-line help); ``run`` is the default
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("bot.commands.run", "run the Discord bot (the default; reads .env or the environment)"),
    "demo": ("bot.commands.demo", "play a whole game offline with AI seats; writes pictures and a log"),
    "simulate": ("bot.commands.simulate", "play many headless AI games with every invariant checked; report as JSON"),
    "playtest": ("bot.commands.playtest", "play one game through the loopback Discord double with scripted players; measure it"),
    "bench": ("bot.commands.bench", "time the engine, the AI and the renderer"),
    "render": ("renderer.runewars.command", "render a scenario position to a PNG"),
    "games": ("bot.commands.games", "list the installed games: players, options, AI, renderer, data pack"),
    "data": ("bot.commands.data", "check a game's data pack (data check --game NAME [--pack DIR])"),
    "verify": ("bot.commands.verify", "check a finished game's export: the seed commitment and every shuffle and draw"),
    "i18n": ("bot.commands.i18n", "the message catalogue: extract it (Babel) or report how much each language has translated"),
    "sync": ("bot.commands.sync", "publish the slash commands to Discord (globally, or --guild ID to one server)"),
    "stats": ("bot.commands.stats", "write every kept game result for outside tools: stats export --format csv|json"),
    "store": ("bot.commands.store", "move the games to another store: store copy --from ADDRESS --to ADDRESS [--merge]"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Runetable: play board games asynchronously on Discord.",
        epilog="Without a command, runs the bot. Settings: see .env.example.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, summary) in COMMANDS.items():
        command = sub.add_parser(name, help=summary, description=summary)
        importlib.import_module(module).add_arguments(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    args = parser.parse_args(argv or ["run"])
    module = importlib.import_module(COMMANDS[args.command][0])
    from bot.commands.common import UsageError

    try:
        return int(module.run(args))
    except UsageError as problem:
        print(f"python -m bot {args.command}: {problem}", file=sys.stderr)
        return 2
