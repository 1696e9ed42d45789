"""Command latency of the bot with many games in play (issue #11, item 5): ``command_ms``.

:func:`measure_command_latency` runs the bot as ``python -m bot run`` against the Discord
double, with ``games`` 2-player Runewars games in as many channels, and times what a
player waits for:

* **command_ms** (``p50``, ``p95``): from the moment the double sends the interaction of a
  decision made while an order is being resolved (a move, a march, a recruit, the end of
  the turn...) to the bot's last response for it: the game's status message showing the map
  of that move (or of a later one). The bot acknowledges at once and answers in the DM;
  the map is the slowest part, drawn after the move's news is delivered.
* **max_ack**: the longest time from any interaction to its acknowledgement (Discord allows
  3 seconds).

How it runs:

1. **Set-up** (not measured): the bot runs with the e2e test settings (maps at season ends,
   no DM limit, fixed seeds; :mod:`loopback.harness`) while brains play every game
   through its set-up into the first spring, all games at once.
2. **Measured**: that process is stopped and the bot started again with its production
   settings (``MAP_CADENCE=move``: a map after every move; ``DM_LIMIT=5``,
   ``DM_WINDOW_SECONDS=5``: at most 5 DMs in 5 seconds), and every game is
   played on at once for ``seconds``. Each player thinks ``think`` seconds (uniformly
   drawn) before each decision and looks at the map of the move before the next one, so
   20 games make about 2.7 decisions a second, far more than asynchronous play does.

With ``postgres`` (a ``postgresql://`` URL) and ``processes`` N, the bot runs as N processes,
one per shard of N, over a throwaway schema of that database (issue 22 item 7): the games are
spread over N guilds, one per shard, and the double routes each guild's interactions to its
shard's process and every DM click to shard 0's (as Discord does).

Used by ``python -m bot bench --json`` (``command_ms``, and ``command_ms_postgresql`` with
``--postgres``) and by tests/e2e/test_latency.py.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from loopback.brains import Step, Table
from loopback.double import DiscordDouble, Message
from loopback.harness import BOT_PROCESS_AUTO_PASS, GUILD_SYNC, START_TIMEOUT, reader, start_bot_process, stop
from loopback.players import Player
from tests.e2e.leaks import MAP_FILE
from tests.e2e.seasons import season_index

TARGET_P95_MS = 1500.0
TARGET_MAX_ACK_MS = 3000.0
#: seconds from a bot's connection to its readiness: discord.py waits 2 s for further guilds
#: (``guild_ready_timeout``) before it is ready, and the bot delivers nothing before
READY_DELAY = 2.5


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure_command_latency(
    games: int = 20,
    *,
    seconds: float = 60.0,
    think: tuple[float, float] = (5.0, 10.0),
    seed: int = 1,
    dm_throttle: bool = True,
    postgres: str | None = None,
    processes: int = 1,
) -> dict[str, Any]:
    """``command_ms`` of the bot with ``games`` games in play (see the module docstring);
    ``dm_throttle=False`` measures without the bot's limit on DMs per second; ``postgres`` and
    ``processes``: that many shard processes over that PostgreSQL."""
    if postgres is None:
        return asyncio.run(command_latency(games, seconds, think, seed, dm_throttle))
    return asyncio.run(_on_postgres(postgres, games, seconds, think, seed, dm_throttle, processes))


async def _on_postgres(
    url: str, games: int, seconds: float, think: tuple[float, float], seed: int, dm_throttle: bool, processes: int
) -> dict[str, Any]:
    import uuid

    import asyncpg

    schema = f"latency_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        address = f"{url}{'&' if '?' in url else '?'}search_path={schema}"
        result = await command_latency(games, seconds, think, seed, dm_throttle, postgres=address, processes=processes)
        return result | {"backend": "postgresql", "processes": processes}
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


async def command_latency(
    games: int,
    seconds: float,
    think: tuple[float, float],
    seed: int,
    dm_throttle: bool = True,
    *,
    postgres: str | None = None,
    processes: int = 1,
) -> dict[str, Any]:
    """:func:`measure_command_latency` in a running event loop."""
    folder = Path(tempfile.mkdtemp(prefix="runetable-latency-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None))
    database = folder / "bot.sqlite3"
    running: list[asyncio.subprocess.Process] = []
    try:
        async with DiscordDouble() as double:
            guilds = [double.guild]
            if processes > 1:  # a guild per shard, each game in one of them in turn
                by_shard = {(double.guild.id >> 22) % processes: double.guild}
                while len(by_shard) < processes:
                    guild = double.add_guild(f"guild {len(double.guilds)}")
                    by_shard.setdefault((guild.id >> 22) % processes, guild)
                guilds = [by_shard[shard] for shard in range(processes)]
            channels = [double.channel] + [double.add_channel(guilds[i % len(guilds)], f"runewars-{i}") for i in range(1, games)]
            players = [
                [Player(double, double.add_user(f"p{i}{side}", guild=double.guilds[c.guild_id]), channel=c) for side in "ab"]
                for i, c in enumerate(channels)
            ]
            running = await _start_all(
                double, database, folder, "setup", processes, postgres, seeds=[seed + i for i in range(games)]
            )
            for guild in guilds:  # the commands as a global sync would register them
                double.guild_commands.setdefault(guild.id, double.guild_commands[double.guild.id])
            async with reader(postgres or database, auto_pass=BOT_PROCESS_AUTO_PASS) as service:
                tables = [Table(double, service, pair, seed=seed + i) for i, pair in enumerate(players)]
                for table in tables:  # one lobby at a time: each channel's game id is known at once
                    await table.open()
                await asyncio.gather(*(t.play(until=lambda v: season_index(v) >= 1 and bool(v.view.get("turn"))) for t in tables))
                for process in running:
                    await stop(process)
                running = await _start_all(
                    double, database, folder, "measured", processes, postgres, production=True, throttle=dm_throttle
                )
                await asyncio.sleep(READY_DELAY)
                started = len(double.interactions)
                deadline = time.monotonic() + seconds
                rng = random.Random(seed)
                samples: list[float] = []
                maps = MapTimes(double)
                await asyncio.gather(*(_keep_playing(double, maps, t, deadline, think, rng, samples) for t in tables))
                acks = [i.ack_ms for i in list(double.interactions.values())[started:] if i.ack_ms is not None]
        return {
            "p50": round(percentile(samples, 0.5), 1),
            "p95": round(percentile(samples, 0.95), 1),
            "max_ack": round(max(acks, default=0.0), 1),
            "mean": round(statistics.fmean(samples), 1) if samples else 0.0,
            "samples": len(samples),
            "interactions": len(acks),
            "games": games,
            "seconds": seconds,
            "think_s": list(think),
            "dm_throttle": dm_throttle,
            "targets": {"p95": TARGET_P95_MS, "max_ack": TARGET_MAX_ACK_MS},
            "met": bool(samples) and percentile(samples, 0.95) <= TARGET_P95_MS and max(acks, default=0.0) <= TARGET_MAX_ACK_MS,
        }
    finally:
        for process in running:
            await stop(process)
        shutil.rmtree(folder, ignore_errors=True)


async def _start_all(
    double: DiscordDouble,
    database: Path,
    folder: Path,
    name: str,
    processes: int,
    postgres: str | None,
    *,
    production: bool = False,
    throttle: bool = True,
    seeds: list[int] = (),
) -> list[asyncio.subprocess.Process]:
    """The bot: one process on the file ``database``, or ``processes`` shard processes on ``postgres``."""
    if postgres is None:
        session = len(double.sessions) + 1
        return [
            await _start(double, database, folder / f"{name}.log", session, production=production, throttle=throttle, seeds=seeds)
        ]
    started = []
    for shard in range(processes):
        syncs, session = len([r for r in double.requests if r.route == GUILD_SYNC]), len(double.sessions) + 1
        settings = {"DATABASE_URL": postgres} | ({} if throttle or not production else {"DM_LIMIT": "0"})
        started.append(
            await start_bot_process(
                double,
                database,
                folder / f"{name}-{shard}.log",
                production=production,
                seeds=[s + 1000 * shard for s in seeds],
                settings=settings,
                args=("--shard-count", str(processes), "--shard-ids", str(shard)),
            )
        )
        await double.wait_connected(session, timeout=START_TIMEOUT)
        await double.wait_for(
            lambda synced=syncs: len([r for r in double.requests if r.route == GUILD_SYNC]) > synced, what="the command sync"
        )
    return started


async def _start(
    double: DiscordDouble,
    database: Path,
    log: Path,
    session: int,
    *,
    production: bool = False,
    throttle: bool = True,
    seeds: list[int] = (),
) -> asyncio.subprocess.Process:
    syncs = len([r for r in double.requests if r.route == GUILD_SYNC])
    if production:
        process = await start_bot_process(double, database, log, production=True, settings={} if throttle else {"DM_LIMIT": "0"})
    else:
        process = await start_bot_process(double, database, log, seeds=list(seeds))
    await double.wait_connected(session, timeout=START_TIMEOUT)
    await double.wait_for(lambda: len([r for r in double.requests if r.route == GUILD_SYNC]) > syncs, what="the command sync")
    return process


class MapTimes:
    """When each game's channel first showed the map of each move (wall time), as it happens."""

    def __init__(self, double: DiscordDouble):
        self.shown: dict[int, dict[int, float]] = {}  # game -> move -> time
        double.message_listeners.append(self.saw)

    def saw(self, message: Message) -> None:
        for attachment in message.attachments:
            if match := MAP_FILE.fullmatch(attachment.get("filename", "")):
                moves = self.shown.setdefault(int(match["game"]), {})
                moves.setdefault(int(match["seq"]), message.versions_at[-1])

    def since(self, game_id: int, seq: int) -> float | None:
        """When a map of move ``seq`` or a later one was first shown."""
        return min((at for move, at in self.shown.get(game_id, {}).items() if move >= seq), default=None)


async def _keep_playing(
    double: DiscordDouble,
    maps: MapTimes,
    table: Table,
    deadline: float,
    think: tuple[float, float],
    rng: random.Random,
    samples: list[float],
) -> None:
    """Play ``table`` until ``deadline``; time each decision made while an order is resolved."""

    async def timed(step: Step) -> None:
        shown = await double.wait_for(
            lambda: maps.since(table.game_id, step.seq_after),
            timeout=60.0,
            what=f"the map of move {step.seq_after} of game {table.game_id}",
        )
        if step.in_turn:
            samples.append((shown - step.interactions[-1].sent_wall) * 1000)
        if time.monotonic() < deadline:
            await asyncio.sleep(rng.uniform(*think))

    await asyncio.sleep(rng.uniform(*think))
    await table.play(until=lambda v: time.monotonic() >= deadline, after_step=timed)
