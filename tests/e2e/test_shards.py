"""Issue 22 item 4: ``python -m bot run --shard-count N --shard-ids …`` as separate processes
against the double: each process identifies for its own shards, and a process whose shards
overlap a running one's stops at once with one line (the lease per shard)."""

from __future__ import annotations

import asyncio
import sys

import pytest

from loopback.harness import START_TIMEOUT
from tests.e2e.processes import bot_processes, run_bot

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")


async def test_two_processes_serve_two_shards_and_a_third_is_refused(double, tmp_path):
    async with bot_processes(tmp_path) as processes:
        processes.append(await run_bot(double, tmp_path, "1", "--shard-count", "2", "--shard-ids", "1"))
        first = await double.wait_connected(1, timeout=START_TIMEOUT)
        assert first.identify["shard"] == [1, 2]
        overlapping = await run_bot(double, tmp_path, "overlap", "--shard-count", "2", "--shard-ids", "0,1")
        assert await asyncio.wait_for(overlapping.wait(), START_TIMEOUT) == 2
        log = (tmp_path / "bot-overlap.log").read_text()
        assert "Shard 1 is served already by another Runetable bot" in log
        processes.append(await run_bot(double, tmp_path, "0", "--shard-count", "2", "--shard-ids", "0"))
        second = await double.wait_connected(2, timeout=START_TIMEOUT)
        assert second.identify["shard"] == [0, 2]
        assert all(process.returncode is None for process in processes)  # both still serving
