"""``python -m bot simulate``: many headless AI games with every check on (docs/ai.md).

Any game (``--game``, default Runewars) through :mod:`engine.simulation`: the game's own checks
and figures when its descriptor names self-play hooks, else the generic checks (no crash, a
legal answer for every open prompt, views that ignore the hidden information, the replay at
the end). Prints one JSON object (``--json``) or a short summary. Exits 1 when any game crashed,
broke an invariant or leaked a secret, after writing the first failing game to ``--out``: its
seed, roles and problems, the full event log and the records to replay it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from bot.commands.common import DEFAULT_GAME, UsageError, add_game_argument, format_options, game_and_options, players, self_play
from engine.core import encode


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument("--players", type=int, default=None, help="seats per game (default: the game's fewest)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i (default 1)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument(
        "--out", default="simulate-failures", help="where the first failing game is written (default simulate-failures)"
    )
    parser.add_argument(
        "--max-seasons",
        type=int,
        default=None,
        metavar="N",
        help="stop every game after N seasons (rounds of play; quick smoke runs; full games by default)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="games played at once in worker processes (default: the number of CPUs); the report is the same for any N",
    )
    parser.add_argument(
        "--ai",
        default=None,
        metavar="NAMES",
        help="AI policies by name, one per seat, comma-separated (e.g. new,baseline); seats rotate every few games "
        "so each policy plays each seat, and the report adds wins_by_policy (default: the game's default AI everywhere)",
    )
    parser.add_argument(
        "--secrets-every",
        type=int,
        default=10,
        metavar="N",
        help="compare the views with permuted hidden information every N actions (default 10; public events always)",
    )


def run(args: argparse.Namespace) -> int:
    from engine.simulation import report, simulate

    descriptor, options = game_and_options(args)
    selfplay = self_play(descriptor, max_rounds=args.max_seasons)
    seats = players(descriptor, args.players, descriptor.min_players)
    names = ai_names(descriptor, getattr(args, "ai", None), seats)

    def progress(outcome) -> None:
        if not args.json:
            mark = "FAIL" if outcome.failed else "ok"
            winners = outcome.game.winners() if outcome.game else None
            roles = "/".join(outcome.roles) + ": " if outcome.roles else ""
            print(f"game seed={outcome.seed} {roles}{mark}, winner seat {winners}", file=sys.stderr)

    outcomes, seconds = simulate(
        selfplay,
        args.games,
        seats,
        args.seed,
        options,
        secrets_every=max(1, args.secrets_every),
        max_rounds=args.max_seasons,
        progress=progress,
        jobs=max(1, args.jobs),
        policies=names,
    )
    summary = report(selfplay, outcomes, seconds, players=seats, seed=args.seed, options=options)
    failed = next((o for o in outcomes if o.failed), None)
    if failed is not None:
        summary["first_failure"]["path"] = str(write_failure(Path(args.out), failed, seats, options, descriptor.name))
    if args.json:
        print(json.dumps(summary, indent=1, sort_keys=False))
    else:
        print_summary(summary)
    return 1 if failed is not None else 0


def ai_names(descriptor, given: str | None, seats: int) -> list[str] | None:
    """``--ai a,b,...``: one known policy name per seat (one name alone plays every seat); else a clear refusal."""
    if given is None:
        return None
    names = [n.strip() for n in given.split(",") if n.strip()]
    known = list(descriptor.ai_policies)
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        what = f"no AI policy {unknown[0]!r}" if unknown else "no AI policy named"
        raise UsageError(f"{descriptor.name} has {what}; its policies are: {', '.join(known) or 'none'}")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise UsageError(f"--ai names {len(names)} policies for {seats} seats; name one per seat (or one for all)")
    return names


def write_failure(out: Path, outcome, players: int, options: dict, game: str = DEFAULT_GAME) -> Path:
    """The seed, the problems, the event log and the records of a failing game."""
    from bot.narration import narrator_for

    out.mkdir(parents=True, exist_ok=True)
    base = out / f"seed-{outcome.seed}"
    again = f"python -m bot simulate --games 1 --players {players} --seed {outcome.seed}"
    again += f" --game {game}" if game != DEFAULT_GAME else ""
    again += f" --options {format_options(options)}" if options else ""
    lines = [
        f"game {game}, seed {outcome.seed}, {players} players, options {options}, roles {outcome.roles}",
        f"again: {again}",
        f"replay: the records in {base.name}-records.json with engine.core.replay(ruleset, {outcome.seed}, {options}, {players}, records)",
        "",
    ]
    if outcome.crash:
        lines += ["crash:", outcome.crash]
    lines += ["invariant violations:"] + outcome.violations[:200] + ["", "leaks:"] + outcome.leaks[:200]
    base.with_suffix(".txt").write_text("\n".join(lines) + "\n")
    if outcome.game is not None:
        narrator = narrator_for(outcome.game.state.game)
        log = [("public  " if e.to is None else f"to {sorted(e.to)}  ") + narrator.event(e) for e in outcome.game.events]
        Path(f"{base}-log.txt").write_text("\n".join(log) + "\n")
        Path(f"{base}-records.json").write_text(encode(list(outcome.game.records)) + "\n")
    return base.with_suffix(".txt")


def print_summary(summary: dict) -> None:
    print(
        f"{summary['games']} games of {summary['game']} for {summary['players']} players in {summary['seconds']} s "
        f"({summary['games_per_second']} games/s): {summary['crashes']} crashes, "
        f"{summary['invariant_violations']} invariant violations, {summary['leaks']} leaks"
    )
    for role, row in summary["wins_by_faction"].items():
        print(f"  {role}: {row['wins']}/{row['games']} wins, 95% interval {row['ci95']}")
    for name, row in (summary.get("wins_by_policy") or {}).items():
        print(f"  policy {name}: {row['wins']}/{row['games']} games won, 95% interval {row['ci95']}, won by {row['won_by']}")
    print(f"  end reasons: {summary['end_reasons']}; seasons {summary['seasons']}")
    if summary["first_failure"]:
        print(f"  first failure: {summary['first_failure']}")
