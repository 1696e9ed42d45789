"""One bot per database (issue 21 item 9): the lease in the store, its take-over when the
holder is gone, and files that are not a database at all. The lease tests run on both backends
(issue 22 item 1)."""

import os
import socket
import subprocess
import sys

import pytest

from bot.errors import RunetableError
from bot.store import LEASE_TIMEOUT, CorruptDatabase, GameNotFound, InstanceRunning, Store


async def lease_row(database):
    return await database.fetch("SELECT holder, pid, host, heartbeat FROM lease")


async def set_lease(database, **columns):
    for column, value in columns.items():
        await database.execute(f"UPDATE lease SET {column} = ?", value)


def dead_pid() -> int:
    """The pid of a process that has ended (and was reaped)."""
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    return int(child.stdout)


async def test_a_second_store_is_refused_the_lease_while_the_first_holds_it(database):
    """Issue 21 item 9: two bots on one file each sent the same outbox rows. The second is
    refused with a message naming the holder; opening the file to read needs no lease."""
    first = await Store.open(database.address)
    second = await Store.open(database.address)
    try:
        await first.acquire_lease()
        [(holder, pid, host, _)] = await lease_row(database)
        assert (holder, pid, host) == (first.lease_holder, os.getpid(), socket.gethostname())
        with pytest.raises(InstanceRunning) as caught:
            await second.acquire_lease()
        message = str(caught.value)
        assert "\n" not in message and first.location in message and f"pid {os.getpid()}" in message
        assert second.lease_holder is None and await second.games_with_status("active") == []  # it still reads
        await first.renew_lease()
        assert await first.renew_lease() is True
    finally:
        await first.close()  # a clean shutdown releases the lease
    try:
        assert await lease_row(database) == []
        await second.acquire_lease()
        assert [row[0] for row in await lease_row(database)] == [second.lease_holder]
    finally:
        await second.close()


async def test_a_stale_heartbeat_is_taken_over_and_the_old_holder_learns_it(database):
    """Issue 21 item 9: a holder whose heartbeat is older than the timeout is gone."""
    first, second = await Store.open(database.address), await Store.open(database.address)
    try:
        await first.acquire_lease()
        [(_, _, _, heartbeat)] = await lease_row(database)
        await set_lease(database, heartbeat=heartbeat - LEASE_TIMEOUT + 5)
        with pytest.raises(InstanceRunning):
            await second.acquire_lease()  # not stale yet
        await set_lease(database, heartbeat=heartbeat - LEASE_TIMEOUT - 1)
        await second.acquire_lease()
        assert [row[0] for row in await lease_row(database)] == [second.lease_holder]
        assert await first.renew_lease() is False  # it lost the lease: the bot stops
    finally:
        await first.close()  # and releases nothing that is not its own
    try:
        assert [row[0] for row in await lease_row(database)] == [second.lease_holder]
    finally:
        await second.close()


async def test_a_dead_holder_on_this_host_is_taken_over_at_once(database):
    """Issue 21 item 9: a SIGKILLed bot's restart takes its lease over (same host, pid gone);
    a fresh lease held on another host waits for its heartbeat to go stale."""
    first, second = await Store.open(database.address), await Store.open(database.address)
    try:
        await first.acquire_lease()
        await set_lease(database, host="elsewhere.example", pid=dead_pid())
        with pytest.raises(InstanceRunning, match="elsewhere.example"):
            await second.acquire_lease()
        await set_lease(database, host=socket.gethostname())
        await second.acquire_lease()
        assert [row[0] for row in await lease_row(database)] == [second.lease_holder]
    finally:
        await first.close()
        await second.close()


async def test_an_empty_file_is_not_a_database(tmp_path):
    """Issue 21 item 9: a zero-byte file is an error, not a new empty store; a missing file
    still is one."""
    path = tmp_path / "games.db"
    path.touch()
    with pytest.raises(CorruptDatabase) as caught:
        await Store.open(path)
    assert str(caught.value) == (f"The game database {path} is empty: not a Runetable database; remove it to start afresh.")
    assert path.stat().st_size == 0
    path.unlink()
    async with await Store.open(path) as store:
        assert await store.games_with_status("active") == []


async def test_game_not_found_is_told_like_every_user_error(database):
    """Issue 21 item 9: a click on a game the file does not hold answers like any other
    refusal (a RunetableError with a message), not as a bug."""
    async with await Store.open(database.address) as store:
        with pytest.raises(RunetableError) as caught:
            await store.get_game(999)
    assert isinstance(caught.value, GameNotFound) and caught.value.message == "There is no game #999."


async def test_one_lease_per_shard(database):
    """Issue 22 item 4: processes serving disjoint shards of one shard count run together; one
    whose shards overlap a live lease, or whose shard count differs, or one serving every shard
    beside them, is refused; a process that lost one of its shards learns it at its heartbeat."""
    stores = [await Store.open(database.address) for _ in range(5)]
    first, second, overlapping, other_count, whole = stores
    try:
        await first.acquire_lease([0, 1], 4)
        await second.acquire_lease([2, 3], 4)
        assert sorted((row[0], row[1]) for row in await database.fetch("SELECT shard, shard_count FROM lease")) == [
            (0, 4),
            (1, 4),
            (2, 4),
            (3, 4),
        ]
        with pytest.raises(InstanceRunning, match="Shard 1 is served already"):
            await overlapping.acquire_lease([1, 2], 4)
        with pytest.raises(InstanceRunning, match="run with 4 shards .*, not 8: every process needs the same --shard-count"):
            await other_count.acquire_lease([4, 5], 8)
        with pytest.raises(InstanceRunning, match="unless each process serves its own shards"):
            await whole.acquire_lease()  # every shard
        assert overlapping.lease_holder is None and await first.renew_lease() and await second.renew_lease()
        await database.execute("UPDATE lease SET heartbeat = ? WHERE shard = 3", 0.0)  # second died elsewhere
        await overlapping.acquire_lease([3], 4)  # its shard 3 is taken over
        assert await second.renew_lease() is False  # and it stops
        assert sorted(row[0] for row in await database.fetch("SELECT shard FROM lease")) == [0, 1, 3]
    finally:
        for store in stores:
            await store.close()
    assert await database.fetch("SELECT shard FROM lease") == []  # each released its own
