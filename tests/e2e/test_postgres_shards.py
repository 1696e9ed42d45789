"""Issue 22 item 6: the bot on PostgreSQL as two processes, one per shard, through the loopback
double (which shards its gateway: each guild's events go to its shard's process, DMs to shard
0's), games in two guilds played by scripted players, the process of shard 0 (which answers
every DM click) SIGKILLed mid-game and restarted: nothing lost (every outbox row delivered, every game goes on), nothing sent twice
(no two messages carry one nonce; a nonce is posted again only for a send in flight at the
kill), and every game's log replays to its stored state.

Needs the PostgreSQL test database (tests/store/backends.py): skipped without it on a
developer machine, failed under ``CI=true``. ``E2E_SHARD_GAMES`` sets the number of games
(default 20, about a minute on a 2-core machine).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
import uuid
from collections import Counter, defaultdict

import pytest

from bot.store import Store
from loopback.brains import Table
from loopback.harness import GUILD_SYNC, START_TIMEOUT, start_bot_process, stop
from loopback.players import Player
from tests.bot.test_full_games import replays_to_the_stored_state
from tests.store.backends import postgres_url

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]

SHARDS = 2
MESSAGE_POST = "POST /channels/{channel_id}/messages"


@pytest.fixture
async def postgres(tmp_path):
    url = postgres_url()
    import asyncpg

    schema = f"e2e_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield f"{url}{'&' if '?' in url else '?'}search_path={schema}"
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


def shard_of(guild_id: int) -> int:
    return (guild_id >> 22) % SHARDS


async def start(double, tmp_path, postgres, shard: int, run: int, seeds: list[int]):
    return await start_bot_process(
        double,
        tmp_path / "unused.sqlite3",
        tmp_path / f"shard-{shard}-{run}.log",
        seeds=seeds,
        settings={"DATABASE_URL": postgres},
        args=("--shard-count", str(SHARDS), "--shard-ids", str(shard)),
    )


async def test_two_shard_processes_lose_nothing_and_send_nothing_twice_across_a_kill(double, tmp_path, postgres):
    games = int(os.environ.get("E2E_SHARD_GAMES", "20"))
    guilds = {shard_of(double.guild.id): double.guild}
    while len(guilds) < SHARDS:
        guild = double.add_guild(f"guild {len(double.guilds)}")
        guilds.setdefault(shard_of(guild.id), guild)
    channels = []
    for i in range(games):
        guild = guilds[i % SHARDS]
        channels.append(double.channel if guild is double.guild and not channels else double.add_channel(guild, f"runewars-{i}"))
    players = [
        [Player(double, double.add_user(f"p{i}{side}", guild=double.guilds[c.guild_id]), channel=c) for side in "ab"]
        for i, c in enumerate(channels)
    ]
    seeds = {shard: [100 + shard * 1000 + i for i in range(games)] for shard in range(SHARDS)}
    processes: dict[int, asyncio.subprocess.Process] = {}
    try:
        for shard in range(SHARDS):
            processes[shard] = await start(double, tmp_path, postgres, shard, 1, seeds[shard])
            await double.wait_connected(shard + 1, timeout=START_TIMEOUT)
        await double.wait_for(
            lambda: len([r for r in double.requests if r.route == GUILD_SYNC]) >= SHARDS,
            what="both command syncs",
            timeout=START_TIMEOUT,
        )
        for guild in guilds.values():  # the commands as a global sync would register them
            double.guild_commands.setdefault(guild.id, double.guild_commands[double.guild.id])
        async with await Store.open(postgres) as store:
            from bot.service import GameService

            service = GameService(store)
            tables = [Table(double, service, pair, seed=i) for i, pair in enumerate(players)]
            for table in tables:
                await table.open()
            await asyncio.gather(*(t.play(until=lambda v: v.seq >= 6) for t in tables))

            killed = 0  # the shard every DM interaction goes to
            processes[killed].send_signal(signal.SIGKILL)
            assert await processes[killed].wait() == -signal.SIGKILL
            killed_at = time.monotonic()
            processes[killed] = await start(double, tmp_path, postgres, killed, 2, seeds[killed])
            await double.wait_connected(SHARDS + 1, timeout=START_TIMEOUT)
            await double.wait_for(
                lambda: len([r for r in double.requests if r.route == GUILD_SYNC]) >= SHARDS + 1,
                what="the restarted process's command sync",
                timeout=START_TIMEOUT,
            )
            await asyncio.gather(*(t.play(until=lambda v: v.seq >= 12) for t in tables))

            async def undelivered() -> int:
                return len(await store.undelivered())

            for _ in range(600):  # every committed message goes out, from either process
                if await undelivered() == 0:
                    break
                await asyncio.sleep(0.1)
            assert await undelivered() == 0
            for table in tables:
                assert (await store.get_game(table.game_id)).seq >= 12  # every game went on
                assert await replays_to_the_stored_state(store, table.game_id), f"game {table.game_id} does not replay"
        visible = Counter(
            (m.payload["channel_id"], m.payload.get("nonce")) for m in double.messages.values() if m.payload.get("nonce")
        )
        assert [key for key, n in visible.items() if n > 1] == []  # one message per nonce
        posts: dict[str, list[float]] = defaultdict(list)
        for request in double.requests:
            if request.route == MESSAGE_POST and isinstance(request.json, dict) and request.json.get("nonce"):
                posts[str(request.json["nonce"])].append(request.at)
        again = {nonce: times for nonce, times in posts.items() if len(times) > 1}
        assert all(min(times) <= killed_at for times in again.values()), again  # only what was in flight at the kill
        assert all(process.returncode is None for process in processes.values())
    finally:
        for process in processes.values():
            await stop(process)
        for log in sorted(tmp_path.glob("shard-*.log")):
            print(log.name, log.read_text(errors="replace")[-4000:], sep="\n")
