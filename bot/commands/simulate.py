"""``python -m bot simulate``: many headless AI games with every invariant checked (docs/ai.md).

Prints one JSON object (``--json``) or a short summary. Exits 1 when any game crashed,
broke an invariant or leaked a secret, after writing the first failing game to ``--out``:
its seed, factions and problems, the full event log and the records to replay it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from engine.core import encode


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="seats per game (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i (default 1)")
    parser.add_argument("--options", default="", help="comma-separated game options, e.g. epic,exploration or map_building=rulebook")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--out", default="simulate-failures", help="where the first failing game is written (default simulate-failures)")
    parser.add_argument("--max-seasons", type=int, default=None, metavar="N",
                        help="stop every game after N seasons (quick smoke runs; full games by default)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="games played at once in worker processes (default: the number of CPUs); the report is the same for any N")
    parser.add_argument("--secrets-every", type=int, default=10, metavar="N",
                        help="compare the views with permuted hidden information every N actions (default 10; public events always)")


def parse_options(text: str) -> dict[str, object]:
    """``epic,exploration`` -> both true; ``name=value`` sets a value."""
    options: dict[str, object] = {}
    for item in (part.strip() for part in text.split(",")):
        if item:
            name, _, value = item.partition("=")
            options[name.strip()] = value.strip() if value else True
    return options


def run(args: argparse.Namespace) -> int:
    from engine.runewars.ai.simulation import report, simulate

    options = parse_options(args.options)

    def progress(outcome) -> None:
        if not args.json:
            mark = "FAIL" if outcome.failed else "ok"
            winner = outcome.game.result.get("winner") if outcome.game else None
            print(f"game seed={outcome.seed} {'/'.join(outcome.factions)}: {mark}, winner seat {winner}", file=sys.stderr)

    outcomes, seconds = simulate(args.games, args.players, args.seed, options, secrets_every=max(1, args.secrets_every),
                                 max_seasons=args.max_seasons, progress=progress, jobs=max(1, args.jobs))
    summary = report(outcomes, seconds, players=args.players, seed=args.seed, options=options)
    failed = next((o for o in outcomes if o.failed), None)
    if failed is not None:
        summary["first_failure"]["path"] = str(write_failure(Path(args.out), failed, args.players, options))
    if args.json:
        print(json.dumps(summary, indent=1, sort_keys=False))
    else:
        print_summary(summary)
    return 1 if failed is not None else 0


def write_failure(out: Path, outcome, players: int, options: dict) -> Path:
    """The seed, the problems, the event log and the records of a failing game."""
    from bot.narration import narrator_for

    out.mkdir(parents=True, exist_ok=True)
    base = out / f"seed-{outcome.seed}"
    lines = [f"seed {outcome.seed}, {players} players, options {options}, factions {outcome.factions}",
             f"again: python -m bot simulate --games 1 --players {players} --seed {outcome.seed}"
             + (" --options " + ",".join(k if v is True else f"{k}={v}" for k, v in options.items()) if options else ""),
             f"replay: the records in {base.name}-records.json with engine.core.replay(ruleset, {outcome.seed}, {options}, {players}, records)", ""]
    if outcome.crash:
        lines += ["crash:", outcome.crash]
    lines += ["invariant violations:"] + outcome.violations[:200] + ["", "leaks:"] + outcome.leaks[:200]
    base.with_suffix(".txt").write_text("\n".join(lines) + "\n")
    if outcome.game is not None:
        narrator = narrator_for("runewars")
        log = [("public  " if e.to is None else f"to {sorted(e.to)}  ") + narrator.event(e) for e in outcome.game.events]
        Path(f"{base}-log.txt").write_text("\n".join(log) + "\n")
        Path(f"{base}-records.json").write_text(encode(list(outcome.game.records)) + "\n")
    return base.with_suffix(".txt")


def print_summary(summary: dict) -> None:
    print(f"{summary['games']} games of {summary['players']} players in {summary['seconds']} s "
          f"({summary['games_per_second']} games/s): {summary['crashes']} crashes, "
          f"{summary['invariant_violations']} invariant violations, {summary['leaks']} leaks")
    for faction, row in summary["wins_by_faction"].items():
        print(f"  {faction}: {row['wins']}/{row['games']} wins, 95% interval {row['ci95']}")
    print(f"  end reasons: {summary['end_reasons']}; seasons {summary['seasons']}")
    if summary["first_failure"]:
        print(f"  first failure: {summary['first_failure']}")
