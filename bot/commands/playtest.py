"""``python -m bot playtest``: one game through the loopback Discord double, measured (docs/bot.md, "Playtest").

The real bot runs in this process against the double (:mod:`loopback`); scripted users click
its real components, deciding with the game's AI policy; the other seats are AI seats. The
report counts decisions, clicks, hand-offs, single-option panels, pass-only hand-offs,
channel posts, edits, pings, DMs, notifications, raw (generic-fallback) lines, bare ids,
chapters and the largest picture, in total, per player and per chapter
(:func:`loopback.playtest.measure`). The transcript (every message version and interaction,
and the pictures) goes to ``--out``. Needs the ``loopback`` package (installed with the bot).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.commands.common import UsageError, add_game_argument, find
from bot.service.settings import AUTO_PASS_MODES, LAYOUTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--players", type=int, default=None, help="table size (default: the game's fewest players)")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--humans", type=int, default=None, help="scripted players; the other seats are AI (default: all)")
    parser.add_argument("--chapters", type=int, default=None, help="stop after this many chapters (default: the whole game)")
    parser.add_argument("--out", type=Path, default=Path("playtest-out"), help="transcript folder (default playtest-out/)")
    parser.add_argument(
        "--auto-pass",
        choices=AUTO_PASS_MODES,
        default=None,
        help="the scripted players' auto_pass setting (default: the bot's default, unplayable)",
    )
    parser.add_argument(
        "--layout", choices=LAYOUTS, default=None, help="the scripted players' picture layout (default: the bot's default, wide)"
    )
    parser.add_argument(
        "--language",
        default="en",
        help="the players' and the server's language: en, de or the pseudo-locale qps (default en); the report counts"
        " the lines with text no catalogue message gave (untranslated)",
    )
    parser.add_argument(
        "--public-language",
        default=None,
        help="the server's language (the game's public texts) when it is not --language's (issue 31: German public"
        " texts and English private ones)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")


def run(args: argparse.Namespace) -> int:
    from bot.commands.common import checked_options

    descriptor = find(args.game)
    game_options = checked_options(descriptor, args.options or "")
    players = args.players or descriptor.min_players
    if not descriptor.min_players <= players <= descriptor.max_players:
        raise UsageError(f"{descriptor.name} is played by {descriptor.min_players} to {descriptor.max_players} players")
    if args.humans is not None and not 1 <= args.humans <= players:
        raise UsageError(f"--humans must be 1 to {players}")
    from bot.i18n import PSEUDO, available

    if args.public_language is not None and args.public_language not in (*available(), PSEUDO):
        raise UsageError(f"--public-language must be one of {', '.join((*available(), PSEUDO))}")
    if args.language not in (*available(), PSEUDO):
        raise UsageError(f"--language must be one of {', '.join((*available(), PSEUDO))}")
    if args.chapters is not None and args.chapters < 1:
        raise UsageError("--chapters must be at least 1")
    if descriptor.ai() is None and (args.humans or players) < players:
        raise UsageError(f"{descriptor.name} has no AI for the other seats")
    from loopback.playtest import Options, summary
    from loopback.playtest import run as play

    report = play(
        Options(
            game=descriptor.name,
            players=players,
            seed=args.seed,
            humans=args.humans,
            chapters=args.chapters,
            out=args.out,
            auto_pass=args.auto_pass,
            layout=args.layout,
            language=args.language,
            public_language=args.public_language,
            game_options=game_options,
        )
    )
    print(json.dumps(report, indent=2) if args.json else summary(report))
    return 0
