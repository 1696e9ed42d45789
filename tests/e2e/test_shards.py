"""Issue 22 item 4: ``python -m bot run --shard-count N --shard-ids …`` as separate processes
against the double: each process identifies for its own shards, and a process whose shards
overlap a running one's stops at once with one line (the lease per shard)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from loopback.double import DiscordDouble
from tests.e2e.test_process import REPO, START_TIMEOUT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")


async def start_shards(double: DiscordDouble, tmp_path: Path, name: str, *shard_args: str) -> asyncio.subprocess.Process:
    env = os.environ | double.env() | {"DATABASE_PATH": str(tmp_path / "runetable.sqlite3"), "PYTHONUNBUFFERED": "1"}
    with open(tmp_path / f"bot-{name}.log", "wb") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "run",
            "--env-file",
            str(tmp_path / "no.env"),
            *shard_args,
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=asyncio.subprocess.STDOUT,
        )


async def test_two_processes_serve_two_shards_and_a_third_is_refused(double, tmp_path):
    processes = []
    try:
        processes.append(await start_shards(double, tmp_path, "1", "--shard-count", "2", "--shard-ids", "1"))
        first = await double.wait_connected(1, timeout=START_TIMEOUT)
        assert first.identify["shard"] == [1, 2]
        overlapping = await start_shards(double, tmp_path, "overlap", "--shard-count", "2", "--shard-ids", "0,1")
        assert await asyncio.wait_for(overlapping.wait(), START_TIMEOUT) == 2
        log = (tmp_path / "bot-overlap.log").read_text()
        assert "Shard 1 is served already by another Runetable bot" in log
        processes.append(await start_shards(double, tmp_path, "0", "--shard-count", "2", "--shard-ids", "0"))
        second = await double.wait_connected(2, timeout=START_TIMEOUT)
        assert second.identify["shard"] == [0, 2]
        assert all(process.returncode is None for process in processes)  # both still serving
    finally:
        for process in processes:
            if process.returncode is None:
                process.terminate()
                await process.wait()
        for log in sorted(tmp_path.glob("bot-*.log")):
            print(log.name, log.read_text(errors="replace"), sep="\n")
