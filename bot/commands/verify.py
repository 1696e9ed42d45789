"""``python -m bot verify GAME_EXPORT``: check that a finished game was dealt fairly.

Reads a complete export (``/game export`` after the game's end), recomputes the seed
commitment posted at its start from the revealed seed and salt, replays the whole log from
the seed and confirms every shuffle and draw and the final state (bot/table/export.py).
Exit status 0 when everything matches, 1 when something does not, 2 (and one line) when the
file cannot be read or is no well-formed export. Nothing in the file is trusted: its game
must be installed here (looked up by name, never imported from a module path), and its data
pack is the one it embeds (a folder in its options is never read). Works offline: it never
connects to Discord.
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
        return _unreadable(f"Cannot read {args.export}: {e.strerror or e}.")
    except RecursionError:
        return _unreadable(f"{args.export} is not a Runetable export: it is nested too deeply.")
    except ValueError as e:  # not JSON, not UTF-8, or a number too long to read
        return _unreadable(f"{args.export} is not JSON ({e}); pass the file /game export gave.")
    verdict = verify_export(data)
    if verdict.malformed:
        return _unreadable(f"{args.export}: {verdict.lines[0]}")
    print("\n".join(verdict.lines))
    return 0 if verdict.ok else EXIT_MISMATCH


def _unreadable(message: str) -> int:
    """One line on standard error (the file is untrusted: nothing of it spans lines), status 2."""
    print(" ".join(message.split())[:400], file=sys.stderr)
    return EXIT_UNREADABLE
