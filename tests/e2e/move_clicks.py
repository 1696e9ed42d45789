"""Clicks per move: players deciding with the AI policy play Runewars through the wire, and
this counts the interactions each unit move took (issue 19 item 8: "a one-unit move in at
most 2 clicks"; docs/bot.md, "Moving units").

    python -m tests.e2e.move_clicks [--seed 3] [--players 2] [--seasons 4]

prints, per move prompt kind, how many moves were made and the distribution of clicks
per move (the AI policy's choice, answered by the brain through the bot's real panels,
taking a shortcut when one is its answer). A "done" (ending the movement) is counted apart.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

from bot.endpoints import point_at
from bot.games.runewars import FRONTEND
from loopback.brains import Step, Table
from loopback.double import DiscordDouble
from loopback.harness import bot_in_process, reader
from loopback.players import Player
from loopback.settings import SWITCH_INTERVAL
from tests.e2e.seasons import season_index

NAMES = ("alice", "bob", "carol", "dave")


def summary(steps: list[Step]) -> dict[str, dict[str, object]]:
    """Per move kind: the moves made, their clicks' distribution, mean and maximum, and the done presses."""
    out: dict[str, dict[str, object]] = {}
    for kind in sorted(FRONTEND.move_kinds):
        moves = [len(s.interactions) for s in steps if s.kind == kind and s.choice == "move"]
        dones = [len(s.interactions) for s in steps if s.kind == kind and s.choice != "move"]
        out[kind] = {
            "moves": len(moves),
            "clicks": dict(sorted(Counter(moves).items())),
            "mean": round(sum(moves) / len(moves), 2) if moves else None,
            "max": max(moves, default=None),
            "other_answers": len(dones),
            "other_clicks": sum(dones),
        }
    return out


async def measure(seed: int, players: int, seasons: int) -> dict[str, object]:
    sys.setswitchinterval(SWITCH_INTERVAL)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bot.sqlite3"
        async with DiscordDouble() as double:
            point_at(double.api_base, double.gateway_url)
            try:
                async with bot_in_process(double, database, seeds=[seed]) as _, reader(database) as service:
                    users = [Player(double, double.add_user(n)) for n in NAMES[:players]]
                    table = Table(double, service, users, seed=seed)
                    await table.open()
                    public = await table.play(until=lambda v: season_index(v) > seasons)
                    return {
                        "decisions": len(table.steps),
                        "clicks": sum(len(s.interactions) for s in table.steps),
                        "seasons": season_index(public),
                        **summary(table.steps),
                    }
            finally:
                point_at(None, None)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seasons", type=int, default=4)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.seed, args.players, args.seasons)), indent=1))


if __name__ == "__main__":
    main()
