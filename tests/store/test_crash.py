"""Crash safety: SIGKILL a writer at random moments; every commit is all or nothing."""

import asyncio
import json
import os
import random
import signal
import sys
from pathlib import Path

import pytest

from bot.store import Store
from tests.store.crash_child import SNAPSHOT_EVERY

CHILD = Path(__file__).with_name("crash_child.py")
ROOT = Path(__file__).resolve().parents[2]
KILLS = 30

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")]


async def start_child(path, game_id):
    pythonpath = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": pythonpath}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(CHILD),
        str(path),
        str(game_id),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )


async def check_consistent(path, game_id) -> int:
    """Open the store after a kill, check every invariant, return the game's seq."""
    async with await Store.open(path) as store:
        game = await store.get_game(game_id)
        seq = game.seq
        assert [a.seq for a in await store.actions(game_id)] == list(range(1, seq + 1))
        assert json.loads(game.state) == {"counter": seq}
        outbox = await store.undelivered(limit=10**6)
        assert [(r.seq, r.recipient) for r in outbox] == [(n, "channel") for n in range(1, seq + 1)]
        snapshot = await store.latest_snapshot(game_id)
        if seq >= SNAPSHOT_EVERY:
            assert snapshot.seq == seq - seq % SNAPSHOT_EVERY
            assert json.loads(snapshot.state) == {"counter": snapshot.seq}
        else:
            assert snapshot is None
    return seq


async def test_sigkill_at_random_points_never_half_commits(tmp_path):
    rng = random.Random(1234)
    path = tmp_path / "games.db"
    async with await Store.open(path) as store:
        game = await store.create_game(
            guild_id=1,
            channel_id=2,
            game="runewars",
            options={},
            seed=1,
            engine_version="test",
            pack_hash="test",
            state=json.dumps({"counter": 0}),
            created_by=3,
            status="active",
        )

    seq = 0
    for _ in range(KILLS):
        child = await start_child(path, game.id)
        ready = await asyncio.wait_for(child.stdout.readline(), timeout=10)
        assert ready.split() == [b"ready", str(seq).encode()], (
            ready + await child.stderr.read()
        ).decode()  # it resumes where the last one died
        await asyncio.sleep(rng.uniform(0.005, 0.150))
        child.kill()
        await child.wait()
        assert child.returncode == -signal.SIGKILL, (await child.stderr.read()).decode()
        seq = await check_consistent(path, game.id)

    assert seq > KILLS, "the child should have committed many actions"
