"""``python -m bot stats export --format csv|json``: every kept result, for outside tools (issue 32 item 1).

Reads the store the bot uses (``--database``, else ``DATABASE_URL`` / ``DATABASE_PATH`` as the bot
reads them) and writes every ended game's result: CSV, one row per holder of a seat (the game,
how it ended, whether it was rated and why not, the seat, the player, what they played, their
team and place, whether they won, how and when they left, how long the AI played the seat, their
rating before and after); or JSON, every result with its players and the engine's own result.
``--guild`` and ``--game`` narrow it; ``--output`` writes a file instead of standard output.
Exit status 0, or 2 (one line) when the store cannot be opened. Offline: never connects to Discord.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

EXIT_REFUSED = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="stats_command", metavar="ACTION", required=True)
    export = sub.add_parser("export", help="write every result as CSV or JSON")
    export.add_argument("--format", choices=("csv", "json"), default="csv", help="csv (a row per player) or json")
    export.add_argument("--database", metavar="ADDRESS", help="sqlite:///path, a path or postgresql://… (default: the bot's)")
    export.add_argument("--guild", type=int, metavar="ID", help="one server's results only")
    export.add_argument("--game", metavar="NAME", help="one game's results only")
    export.add_argument("--output", "-o", metavar="FILE", help="write to FILE (default: standard output)")


def run(args: argparse.Namespace) -> int:
    status, text = asyncio.run(export(args))
    if status == 0 and args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    elif status == 0:
        sys.stdout.write(text)
    return status


async def export(args: argparse.Namespace) -> tuple[int, str]:
    """The exit status and the export's text (empty when the store cannot be opened)."""
    from bot.config import Config
    from bot.store import Store, StoreError
    from bot.table.stats import export_text

    address = args.database or Config.from_environment(require_token=False).database
    try:
        store = await Store.open(address)
    except StoreError as problem:
        print(" ".join(str(problem).split()), file=sys.stderr)
        return EXIT_REFUSED, ""
    try:
        text = export_text(await store.results(guild_id=args.guild, game=args.game), args.format)
    finally:
        await store.close()
    return 0, text
