"""``python -m bot data check [--game NAME] [--options LIST] [--pack DIR] [--json]``: validate a game's data pack.

Goes through the game's descriptor: its ``pack_check`` names ``check(pack_dir | None)``, which
returns a result with ``ok``, ``errors``, ``counts``, ``pack_hash`` and ``to_dict()`` (Runewars:
``engine.runewars.ruleset.check_pack``: the data's own checks and the cards' effects against
the rules' registry, the same check as ``python -m engine.runewars.data check``).
``--pack`` is a folder merged over the built-in pack (default: the game's own default, for
Runewars ``$RUNETABLE_DATA_PACK``). ``--options`` checks the pack a game with those options loads (a
game's check takes them as ``options=``, e.g. an option that merges an expansion's data layer). A game without a data pack says so and exits 0. Exit status
0 only when the pack is valid.
"""

from __future__ import annotations

import argparse
import json

from bot.commands.common import UsageError, add_game_argument, checked_options, chosen_game
from engine.core.game import report_pack_check, resolve


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="data_command", metavar="ACTION", required=True)
    check = sub.add_parser(
        "check",
        help="validate the built-in pack merged with an optional override pack",
        description="validate a game's data pack: the built-in one merged with an optional override pack",
    )
    add_game_argument(check)
    check.add_argument("--pack", metavar="DIR", help="override pack directory (default: the game's, e.g. $RUNETABLE_DATA_PACK)")
    check.add_argument("--json", action="store_true", help="print {ok, errors, counts, pack_hash} as JSON")


def run(args: argparse.Namespace) -> int:
    descriptor = chosen_game(args)
    if descriptor.pack_check is None:
        message = f"{descriptor.title} ({descriptor.name}) has no data pack: nothing to check"
        if args.pack:
            raise UsageError(f"{message}, so --pack {args.pack} cannot be used")
        if args.json:
            print(
                json.dumps(
                    {"ok": True, "errors": [], "counts": {}, "pack_hash": None, "game": descriptor.name, "note": message},
                    indent=2,
                )
            )
        else:
            print(message + ".")
        return 0
    options = checked_options(descriptor, args.options)
    check = resolve(descriptor.pack_check)
    return report_pack_check(check(args.pack, options=options) if options else check(args.pack), as_json=args.json)
