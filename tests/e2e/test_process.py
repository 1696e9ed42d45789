"""``python -m bot run`` as a separate process against the double: settings, SIGKILL, restart.

The bot reaches the double only through its settings (DISCORD_API_BASE,
DISCORD_GATEWAY_URL, read by bot/config.py and applied by bot/endpoints.py), as it would
reach Discord (tests/e2e/processes.py, ``run_bot``).
"""

from __future__ import annotations

import signal
import sys

import pytest

from loopback.harness import GUILD_SYNC, START_TIMEOUT
from tests.e2e.processes import bot_processes, run_bot

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


async def test_the_bot_process_reconnects_after_sigkill(double, tmp_path):
    async with bot_processes(tmp_path) as processes:
        processes.append(await run_bot(double, tmp_path, "1"))
        first = await double.wait_connected(1, timeout=START_TIMEOUT)
        assert first.identify["token"] == double.token
        await double.wait_for(lambda: [r for r in double.requests if r.route == GUILD_SYNC], what="the command sync")

        processes[0].send_signal(signal.SIGKILL)
        assert await processes[0].wait() == -signal.SIGKILL
        await double.wait_for(lambda: first.ws is None, what="the killed bot's socket to close")

        processes.append(await run_bot(double, tmp_path, "2"))
        second = await double.wait_connected(2, timeout=START_TIMEOUT)
        assert second is not first and first.resumes == 0  # a new process identifies afresh
        await double.wait_for(
            lambda: len([r for r in double.requests if r.route == GUILD_SYNC]) == 2, what="the second command sync"
        )
        assert all(r.status < 400 for r in double.requests)
        assert processes[1].returncode is None  # still serving
