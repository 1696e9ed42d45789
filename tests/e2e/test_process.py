"""``python -m bot run`` as a separate process against the double: settings, SIGKILL, restart.

The bot reaches the double only through its settings (DISCORD_API_BASE,
DISCORD_GATEWAY_URL, read by bot/config.py and applied by bot/endpoints.py), as it would
reach Discord.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from loopback.double import DiscordDouble

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0  # a cold interpreter importing discord.py and the engine on a slow CI machine
GUILD_SYNC = "PUT /applications/{application_id}/guilds/{guild_id}/commands"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


async def start_bot(double: DiscordDouble, tmp_path: Path, run: int) -> asyncio.subprocess.Process:
    env = (
        os.environ
        | double.env()
        | {
            "DATABASE_PATH": str(tmp_path / "runetable.sqlite3"),
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
        }
    )
    with open(tmp_path / f"bot-{run}.log", "wb") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "run",
            "--env-file",
            str(tmp_path / "no.env"),
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=asyncio.subprocess.STDOUT,
        )


async def test_the_bot_process_reconnects_after_sigkill(double, tmp_path):
    processes = []
    try:
        processes.append(await start_bot(double, tmp_path, 1))
        first = await double.wait_connected(1, timeout=START_TIMEOUT)
        assert first.identify["token"] == double.token
        await double.wait_for(lambda: [r for r in double.requests if r.route == GUILD_SYNC], what="the command sync")

        processes[0].send_signal(signal.SIGKILL)
        assert await processes[0].wait() == -signal.SIGKILL
        await double.wait_for(lambda: first.ws is None, what="the killed bot's socket to close")

        processes.append(await start_bot(double, tmp_path, 2))
        second = await double.wait_connected(2, timeout=START_TIMEOUT)
        assert second is not first and first.resumes == 0  # a new process identifies afresh
        await double.wait_for(
            lambda: len([r for r in double.requests if r.route == GUILD_SYNC]) == 2, what="the second command sync"
        )
        assert all(r.status < 400 for r in double.requests)
        assert processes[1].returncode is None  # still serving
    finally:
        for process in processes:
            if process.returncode is None:
                process.kill()
                await process.wait()
        for log in sorted(tmp_path.glob("bot-*.log")):
            print(log.name, log.read_text(errors="replace"), sep="\n")
