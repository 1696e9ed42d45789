"""Bot processes against the double, as the process tests start, kill and restart them.

* :func:`bot_processes`: the processes a test starts, ended when it is done, their logs
  (``bot-*.log`` in its ``tmp_path``) printed for its report;
* :func:`run_bot`: ``python -m bot run`` itself, reaching the double only through its settings
  (DISCORD_API_BASE, DISCORD_GATEWAY_URL, read by bot/config.py and applied by bot/endpoints.py),
  as it would reach Discord (test_process.py, test_shards.py);
* :class:`Restarts`: a game's bot process (:func:`loopback.harness.start_bot_process`) SIGKILLed
  while a move's message is on its way, started again, and the checks that nothing was lost and
  nothing sent twice (the restart tests of every game).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.service import GameService
from loopback.brains import Step, Table
from loopback.double import DiscordDouble, Session
from loopback.harness import GUILD_SYNC, REPO, START_TIMEOUT, delivered, log_lines, start_bot_process, stop

LOG_TAIL = 3000  # characters of each log printed after a test


@contextlib.asynccontextmanager
async def bot_processes(tmp_path: Path) -> AsyncIterator[list[asyncio.subprocess.Process]]:
    """The list a test adds its bot processes to: each is killed when the test is done, and every
    log ``tmp_path/bot-*.log`` printed (its end), which pytest shows when the test failed."""
    processes: list[asyncio.subprocess.Process] = []
    try:
        yield processes
    finally:
        for process in processes:
            await stop(process)
        for log in sorted(tmp_path.glob("bot-*.log")):
            print(log.name, log.read_text(errors="replace")[-LOG_TAIL:], sep="\n")


async def run_bot(double: DiscordDouble, tmp_path: Path, name: str, *args: str) -> asyncio.subprocess.Process:
    """``python -m bot run *args`` with its database and log (``bot-<name>.log``) in ``tmp_path``."""
    env = os.environ | double.env() | {"DATABASE_PATH": str(tmp_path / "runetable.sqlite3"), "PYTHONUNBUFFERED": "1"}
    with open(tmp_path / f"bot-{name}.log", "wb") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "run",
            "--env-file",
            str(tmp_path / "no.env"),
            *args,
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=asyncio.subprocess.STDOUT,
        )


@dataclass
class InFlight:
    """A move whose message reached Discord while the bot that sent it was killed."""

    public: Any  # the public view before the move
    step: Step  # the move
    nonce: str  # its message's nonce: the message exists, but the killed bot never heard so
    requests: int  # the double's requests before the restart
    messages: set[int]  # the double's messages before the restart


class Restarts:
    """A game's bot processes (``bot-1.log``, ``bot-2.log``, … in ``tmp_path``), added to
    ``processes`` (:func:`bot_processes`)."""

    def __init__(self, double: DiscordDouble, database: Path, tmp_path: Path, processes: list[asyncio.subprocess.Process]):
        self.double, self.database, self.tmp_path, self.processes = double, database, tmp_path, processes

    async def start(self, **kwargs: Any) -> Session:
        """One more bot process (``start_bot_process``'s options), connected; the first one synced its commands."""
        self.processes.append(
            await start_bot_process(self.double, self.database, self.tmp_path / f"bot-{len(self.processes) + 1}.log", **kwargs)
        )
        session = await self.double.wait_connected(len(self.processes), timeout=START_TIMEOUT)
        if len(self.processes) == 1:
            await self.double.wait_for(
                lambda: [r for r in self.double.requests if r.route == GUILD_SYNC], what="the command sync"
            )
        return session

    async def kill_with_a_move_in_flight(self, table: Table, what: str) -> InFlight:
        """The first awaited player moves; the bot is SIGKILLed while the move's message is on its
        way (committed, arrived at Discord, its answer held back): the worst window bot/delivery.py
        names, whose outbox row stays undelivered."""
        stall = self.double.stall("POST /channels/{channel_id}/messages")
        public = await table.seat_view(None)
        brain = table.by_user[table.seats[public.awaited[0]]]
        step = await brain.decide(await table.seat_view(brain.user.id))
        await self.double.wait_for(lambda: stall.request, what=what)
        self.processes[-1].send_signal(signal.SIGKILL)
        assert await self.processes[-1].wait() == -signal.SIGKILL
        stall.release()
        return InFlight(public, step, stall.request.json["nonce"], len(self.double.requests), set(self.double.messages))

    def log_lines(self) -> list[tuple[float, str]]:
        """Every process's log entries (:func:`loopback.harness.log_lines`), for the leak audit."""
        return [entry for n in range(1, len(self.processes) + 1) for entry in log_lines(self.tmp_path / f"bot-{n}.log")]

    async def assert_nothing_lost_or_twice(self, service: GameService, table: Table) -> None:
        """Every commit has its news in the channel, every delivered outbox row its message (one
        each), and no player's inbox holds a message twice."""
        rows = await delivered(self.database, table.game_id)
        news = [
            seq
            for _, seq, to, payload, _, _ in rows
            if to == "channel" and json.loads(payload).get("kind") in ("start", "update")
        ]
        record = await service.store.get_game(table.game_id)
        assert sorted(news) == list(range(1, record.seq + 1)), "every commit has its news"
        sent = [m for *_, m in rows if m is not None]
        assert all(m in self.double.messages and not self.double.messages[m].deleted for m in sent)
        assert len(set(sent)) == len(sent), "one message per outbox row"
        for brain in table.brains:
            nonces = [m.nonce for m in self.double.inbox(brain.user) if m.nonce]
            assert len(nonces) == len(set(nonces)), f"{brain.user.name} got a message twice"

    def assert_sent_again_once(self, in_flight: InFlight) -> None:
        """The message in flight was sent again with its nonce, and Discord answered with the one it had."""
        again = [
            r.status
            for r in self.double.requests[in_flight.requests :]
            if isinstance(r.json, dict) and r.json.get("nonce") == in_flight.nonce
        ]
        assert again == [200]
        assert len([m for m in self.double.messages.values() if m.nonce == str(in_flight.nonce)]) == 1
