"""``python -m bot verify GAME_EXPORT``: check that a finished game was dealt fairly.

Reads a complete export (``/game export`` after the game's end), recomputes the seed
commitment posted at its start from the revealed seed and salt, replays the whole log from
the seed and confirms every shuffle and draw and the final state (bot/table/export.py).
Exit status 0 when everything matches, 1 when something does not, 2 when the file cannot
be read. Works offline: it never connects to Discord.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_MISMATCH = 1
EXIT_UNREADABLE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("export", metavar="GAME_EXPORT", help="the JSON file /game export gave after the game's end")


def run(args: argparse.Namespace) -> int:
    from bot.table.export import verify_export

    try:
        data = json.loads(Path(args.export).read_text(encoding="utf-8"))
    except OSError as e:
        print(f"Cannot read {args.export}: {e.strerror or e}.", file=sys.stderr)
        return EXIT_UNREADABLE
    except json.JSONDecodeError as e:
        print(f"{args.export} is not JSON ({e}); pass the file /game export gave.", file=sys.stderr)
        return EXIT_UNREADABLE
    if not isinstance(data, dict):
        print(f"{args.export} is not a Runetable export.", file=sys.stderr)
        return EXIT_UNREADABLE
    verdict = verify_export(data)
    print("\n".join(verdict.lines))
    return 0 if verdict.ok else EXIT_MISMATCH
