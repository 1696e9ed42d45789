"""The Runetable bot against the double, in the test process or as ``python -m bot run``.

Test settings, each said where it is applied (the first two are the bot's own settings,
:class:`bot.config.Config`; for a bot process, :mod:`loopback.bot_process` applies the
others to the bot's classes):

* **Maps at season ends only** (:data:`TEST_SETTINGS`, ``MAP_CADENCE=season``): drawing the
  map takes about a quarter of a second, and the bot updates the status message after every
  move, so these runs draw it only for the first update of each season and at the end
  (:class:`bot.delivery.SeasonMaps`); the other updates carry no picture. Texts and buttons
  are unchanged.
* **No DM limit** (``DM_LIMIT=0``): the bot sends at most 5 DMs in 5 seconds, as Discord
  expects of a bot; players answering at machine speed would wait a second per DM. The
  double does not throttle, so these runs lift the limit (the latency measurement of
  :mod:`tests.e2e.latency` keeps it).
* **Fixed seeds** (:class:`SeededService`): ``/game new`` draws a random seed; the in-process
  bot's service takes the next seed of a list instead, so a run replays exactly.
* **Players asked every decision** (``E2E_AUTO_PASS=off``, :mod:`loopback.bot_process`; the
  in-process bot gets it from tests/conftest.py): the default ``auto_pass`` (``unplayable``)
  answers a single-answer decision after 30 to 150 real seconds, and these scripted players
  answer every decision themselves. A :func:`reader` of a bot process's database outside
  the tests (``python -m bot bench``) takes the same default (``auto_pass=``), or it would
  hide those decisions from the brains.
* **Quick thread switches**: a 0.5 ms interpreter switch interval (:mod:`loopback.settings`,
  set by tests/e2e/conftest.py and the playtest).
* **A short wait for guilds**: after READY, discord.py waits for more GUILD_CREATEs until
  none came for ``guild_ready_timeout`` (a ``discord.Client`` option, 2 s by default)
  before it is ready; the double sends every guild at once, so these runs wait 0.1 s
  (:mod:`loopback.settings`; :func:`running` sets it for any client).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import discord

from bot.client import RunetableBot
from bot.config import Config
from bot.service import GameService
from bot.service.settings import auto_pass_mode
from bot.store import Store
from loopback.double import DEFAULT_TIMEOUT, DiscordDouble
from loopback.settings import GUILD_READY_TIMEOUT, SWITCH_INTERVAL

REPO = Path(__file__).resolve().parents[1]
#: a cold interpreter importing discord.py, the engine and the renderer on a slow CI machine
START_TIMEOUT = 60.0
GUILD_SYNC = "PUT /applications/{application_id}/guilds/{guild_id}/commands"


#: the bot's settings (bot/config.py) in these runs: maps at season ends, no DM limit
TEST_SETTINGS = {"MAP_CADENCE": "season", "DM_LIMIT": "0"}
#: the bot's production settings, as the latency measurement runs it
PRODUCTION_SETTINGS = {"MAP_CADENCE": "move", "DM_LIMIT": "5", "DM_WINDOW_SECONDS": "5"}


class SeededService(GameService):
    """The bot's service with the seeds of new games taken from ``seeds`` in turn."""

    def __init__(self, store: Store, seeds: list[int], **kwargs: Any):
        super().__init__(store, **kwargs)
        self.seeds = list(seeds)

    async def create_game(self, *args: Any, seed: int | None = None, **kwargs: Any):
        return await super().create_game(*args, seed=self.seeds.pop(0) if seed is None and self.seeds else seed, **kwargs)


#: loggers of the bot's process (the double's own server logs as ``aiohttp.*`` and is left out)
BOT_LOGGERS = ("bot", "discord", "engine", "renderer")


class LogLines(logging.Handler):
    """Every log record of the bot while installed, as (wall time, text with traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[tuple[float, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith(BOT_LOGGERS):
            return
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        self.lines.append((record.created, f"{record.levelname} {record.name}: {text}"))

    @contextlib.contextmanager
    def installed(self) -> Iterator[LogLines]:
        root = logging.getLogger()
        level = root.level
        root.addHandler(self)
        root.setLevel(logging.INFO)
        try:
            yield self
        finally:
            root.removeHandler(self)
            root.setLevel(level)


@contextlib.asynccontextmanager
async def running(client: discord.Client, double: DiscordDouble) -> AsyncIterator[discord.Client]:
    """Run ``client`` against ``double`` until it is ready; close it afterwards."""
    client._connection.guild_ready_timeout = GUILD_READY_TIMEOUT  # a discord.Client option, set for any client
    task = asyncio.create_task(client.start(double.token))
    ready = asyncio.create_task(client.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=DEFAULT_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()  # raises the start-up error
        assert ready in done, "the bot did not become ready"
        yield client
    finally:
        ready.cancel()
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@contextlib.asynccontextmanager
async def bot_in_process(
    double: DiscordDouble, database: Path, *, seeds: list[int] = (), clock: Callable[[], float] | None = None
) -> AsyncIterator[RunetableBot]:
    """The real RunetableBot in this process, connected to ``double``, its store at ``database``,
    with the test settings; ``clock``: the service's time (the playtest's virtual clock)."""
    config = Config(
        token=double.token,
        database_path=database,
        dev_guild_id=double.guild.id,
        log_level="INFO",
        map_cadence=TEST_SETTINGS["MAP_CADENCE"],
        dm_limit=int(TEST_SETTINGS["DM_LIMIT"]),
    )
    store = await Store.open(database)
    bot = RunetableBot(config, store, service=SeededService(store, list(seeds), **({"clock": clock} if clock else {})))
    try:
        async with running(bot, double):
            await double.wait_for(lambda: double.guild_commands.get(double.guild.id), what="the command sync")
            yield bot
    finally:
        await store.close()


#: the players' default ``auto_pass`` in a bot process (``E2E_AUTO_PASS``, :mod:`loopback.bot_process`)
BOT_PROCESS_AUTO_PASS = "off"


class _ReaderService(GameService):
    """The service of :func:`reader` with the players' default ``auto_pass`` of the bot's process."""

    def __init__(self, store: Store, auto_pass: str):
        super().__init__(store)
        self.default_auto_pass = auto_pass

    async def player_setting(self, user_id: int | None, key: str) -> Any:
        if key != "auto_pass" or user_id is None:
            return await super().player_setting(user_id, key)
        return auto_pass_mode(await self.store.get_setting("player", user_id, key, self.default_auto_pass))


@contextlib.asynccontextmanager
async def reader(database: Path | str, *, auto_pass: str | None = None) -> AsyncIterator[GameService]:
    """A second, read-only use of the bot's database: the brains' views and the checks.
    ``auto_pass``: the players' default ``auto_pass`` as the bot sees it, when the bot runs
    in another process (:data:`BOT_PROCESS_AUTO_PASS`): a player whose ``auto_pass`` is not
    ``off`` is shown no single-answer decision (a quiet prompt), so a reader with another
    default than the bot's would hide a decision the bot waits for."""
    store = await Store.open(database)
    try:
        yield GameService(store) if auto_pass is None else _ReaderService(store, auto_pass)
    finally:
        await store.close()


async def start_bot_process(
    double: DiscordDouble,
    database: Path,
    log: Path,
    *,
    seeds: list[int] = (),
    production: bool = False,
    settings: Mapping[str, str] = (),
    args: tuple[str, ...] = (),
) -> asyncio.subprocess.Process:
    """``python -m bot run`` (through :mod:`loopback.bot_process`, with the settings above) against
    ``double``; ``production``: with none of them (:data:`PRODUCTION_SETTINGS`: a map after
    every move, the DM limit). ``settings``: bot settings (bot/config.py) to change on top
    (``DATABASE_URL`` for another store than the file ``database``); ``args``: more of ``run``'s
    options (``--shard-count``, ``--shard-ids``)."""
    env = (
        os.environ
        | double.env()
        | (PRODUCTION_SETTINGS if production else TEST_SETTINGS)
        | dict(settings)
        | {
            "DATABASE_PATH": str(database),
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
            "E2E_SEEDS": ",".join(map(str, seeds)),
            "E2E_AUTO_PASS": BOT_PROCESS_AUTO_PASS,
            "E2E_SWITCH_INTERVAL": "" if production else str(SWITCH_INTERVAL),
            "E2E_GUILD_READY_TIMEOUT": "" if production else str(GUILD_READY_TIMEOUT),
        }
    )
    with open(log, "ab") as out:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "loopback.bot_process",
            "run",
            "--env-file",
            str(database.parent / "no.env"),
            *args,
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=asyncio.subprocess.STDOUT,
        )


@contextlib.asynccontextmanager
async def bot_process(
    double: DiscordDouble, database: Path, log: Path, *, seeds: list[int] = ()
) -> AsyncIterator[asyncio.subprocess.Process]:
    """A bot process (:func:`start_bot_process`) connected and synced; killed at the end."""
    syncs = len([r for r in double.requests if r.route == GUILD_SYNC])
    process = await start_bot_process(double, database, log, seeds=seeds)
    try:
        await double.wait_connected(len(double.sessions) + 1, timeout=START_TIMEOUT)
        await double.wait_for(
            lambda: len([r for r in double.requests if r.route == GUILD_SYNC]) > syncs,
            what="the command sync",
            timeout=START_TIMEOUT,
        )
        yield process
    finally:
        await stop(process)


def outbox_rows(database: Path, game_id: int) -> list[tuple]:
    """(key, seq, recipient, payload, delivered_at, message_id) of every outbox row of a game."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute(
            "SELECT key, seq, recipient, payload, delivered_at, message_id FROM outbox WHERE game_id = ?", (game_id,)
        ).fetchall()


async def delivered(database: Path, game_id: int, timeout: float = 30.0) -> list[tuple]:
    """Wait until a bot has delivered every outbox row of the game; the rows (:func:`outbox_rows`)."""
    deadline = time.monotonic() + timeout
    while (rows := outbox_rows(database, game_id)) and any(r[4] is None for r in rows):
        if time.monotonic() > deadline:
            raise AssertionError(f"the outbox of game {game_id} was not drained in {timeout:.0f} s")
        await asyncio.sleep(0.05)
    return rows


def log_lines(path: Path) -> list[tuple[float, str]]:
    """A bot process's log (``asctime level name: message``) as (wall time, text) entries."""
    entries: list[tuple[float, str]] = []
    for line in path.read_text(errors="replace").splitlines():
        try:
            at = datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()
        except ValueError:  # a traceback's continuation, or output that is not a log record
            if entries:
                entries[-1] = (entries[-1][0], entries[-1][1] + "\n" + line)
            continue
        entries.append((at, line[24:]))
    return entries


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.kill()
        await process.wait()
