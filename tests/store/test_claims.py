"""Issue 22 item 3: outbox delivery across processes. Deliverers claim undelivered rows a whole
game at a time (each game's messages in order, none sent twice), claims lapse when their process
is gone, timed work is claimed the same way, and PostgreSQL's NOTIFY wakes the other processes."""

import asyncio
import json
import socket
import subprocess
import sys
from collections import Counter

import pytest

from bot.delivery import Deliverer, RecordingTransport
from bot.store import Store, claim_holder, nonce_for
from tests.store.test_store import commit, new_game


def dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    return int(child.stdout)


@pytest.fixture
async def store(database):
    store = await Store.open(database.address)
    yield store
    await store.close()


async def test_a_game_is_claimed_whole_by_one_deliverer(store):
    """A deliverer that holds some of a game's rows holds the game: another deliverer skips
    the game's later rows (they would overtake), and takes them once the claims are given up."""
    first, second = await new_game(store, channel=1), await new_game(store, channel=2)
    for seq in range(3):
        await commit(store, first.id, seq)
        await commit(store, second.id, seq)
    a, b = claim_holder(), claim_holder()
    assert [r.key for r in await store.claim_undelivered(a, limit=1)] == [f"{first.id}/1/channel"]
    assert [(r.game_id, r.seq) for r in await store.claim_undelivered(b)] == [(second.id, 1), (second.id, 2), (second.id, 3)]
    assert [(r.game_id, r.seq) for r in await store.claim_undelivered(a)] == [(first.id, 1), (first.id, 2), (first.id, 3)]
    assert await store.claim_undelivered(claim_holder()) == []  # everything is held
    await store.mark_delivered(f"{first.id}/1/channel", message_id=1)
    assert await store.release_claims(a) == 2  # the two rows a did not deliver
    again = [(r.game_id, r.seq) for r in await store.claim_undelivered(b)]  # in commit order, as always
    assert again == [(second.id, 1), (first.id, 2), (second.id, 2), (first.id, 3), (second.id, 3)]


async def test_a_claim_lapses_with_time_or_with_its_process(store):
    """A killed deliverer's rows go to another: at once when its process is gone on this host,
    after the claim's time otherwise."""
    game = await new_game(store)
    await commit(store, game.id, 0)
    assert len(await store.claim_undelivered(f"{socket.gethostname()}/{dead_pid()}/x")) == 1
    alive = claim_holder()
    assert len(await store.claim_undelivered(alive)) == 1  # the dead process holds nothing
    other = await new_game(store, channel=9)
    await commit(store, other.id, 0)
    elsewhere = "elsewhere.example/1/x"  # a process on another host: alive as far as we know
    assert [r.game_id for r in await store.claim_undelivered(elsewhere)] == [other.id]
    assert await store.claim_undelivered(claim_holder()) == []  # both games are held
    assert len(await store.claim_undelivered(elsewhere, seconds=-1)) == 1  # its claim renewed, but lapsed
    assert [r.game_id for r in await store.claim_undelivered(claim_holder())] == [other.id]


async def test_timed_work_is_claimed_once(store):
    """A game's sweep (reminders, deadlines) and the vote expiries are claimed like the outbox:
    one holder at a time, its own claim renewed, a lapsed or dead holder's taken over."""
    a, b = claim_holder(), claim_holder()
    assert await store.claim("sweep", 7, a, 50)
    assert not await store.claim("sweep", 7, b, 50)
    assert await store.claim("sweep", 8, b, 50)  # another game is free
    assert await store.claim("sweep", 7, a, 50)  # renewed
    assert await store.claim("sweep", 7, a, -1)  # and now lapsed
    assert await store.claim("sweep", 7, b, 50)
    assert await store.claim("votes", 0, f"{socket.gethostname()}/{dead_pid()}/x", 50)
    assert await store.claim("votes", 0, a, 50)  # its holder is gone


class SlowTransport(RecordingTransport):
    """Records into a log shared by every "process", yielding between sends so they interleave."""

    def __init__(self, log):
        super().__init__()
        self.log = log

    def _record(self, to, payload, nonce):
        self.log.append((payload["game_id"], payload["n"], nonce))
        return super()._record(to, payload, nonce)

    async def send_channel(self, channel_id, payload, nonce):
        await asyncio.sleep(0)
        return await super().send_channel(channel_id, payload, nonce)

    async def send_dm(self, user_id, payload, nonce):
        await asyncio.sleep(0)
        return await super().send_dm(user_id, payload, nonce)


async def test_two_processes_deliver_every_row_once_in_order(database):
    """Two stores (two processes' pools) drain one outbox at once: every row is sent once,
    and each game's rows in commit order."""
    stores = [await Store.open(database.address), await Store.open(database.address)]
    try:
        games = [await new_game(stores[0], channel=100 + i) for i in range(8)]
        for seq in range(5):
            for game in games:
                await stores[seq % 2].commit_action(
                    game.id,
                    expected_seq=seq,
                    seat=0,
                    action="{}",
                    chance="{}",
                    state=json.dumps({"counter": seq + 1}),
                    outbox=[
                        type_(recipient, json.dumps({"game_id": game.id, "n": seq + 1, "kind": "update"}))
                        for type_, recipient in ((_message, "channel"), (_message, "user:7"))
                    ],
                )
        log = []
        deliverers = [Deliverer(store, SlowTransport(log), batch=7) for store in stores]
        reports = await asyncio.gather(*(d.drain() for d in deliverers * 2))
        rows = await stores[0].undelivered()
        assert rows == []
        assert sum(r.sent for r in reports) == 8 * 5 * 2
        assert Counter(nonce for _, _, nonce in log) == Counter(
            {nonce_for(f"{g.id}/{n}/{r}"): 1 for g in games for n in range(1, 6) for r in ("channel", "user:7")}
        )
        for game in games:
            assert [n for g, n, _ in log if g == game.id] == sorted(n for g, n, _ in log if g == game.id)
    finally:
        for store in stores:
            await store.close()


def _message(recipient, payload):
    from bot.store import OutboxMessage

    return OutboxMessage(recipient, payload)


async def test_notify_wakes_the_other_processes(postgres_database):
    """On PostgreSQL a commit in one process wakes every process's deliverer (LISTEN/NOTIFY),
    and so does a claim given up; SQLite has one process, which wakes itself."""
    writer, listener = await Store.open(postgres_database.address), await Store.open(postgres_database.address)
    woken = asyncio.Event()
    try:
        assert await listener.watch_outbox(woken.set) is True
        game = await new_game(writer)
        await commit(writer, game.id, 0)
        await asyncio.wait_for(woken.wait(), timeout=30)
        woken.clear()
        holder = claim_holder()
        await writer.claim_undelivered(holder)
        await writer.release_claims(holder)
        await asyncio.wait_for(woken.wait(), timeout=30)
    finally:
        await writer.close()
        await listener.close()


async def test_sqlite_has_no_one_else_to_wake(sqlite_database):
    async with await Store.open(sqlite_database.address) as store:
        assert await store.watch_outbox(lambda: None) is False


async def test_a_lost_listen_connection_comes_back_and_wakes_the_deliverer(postgres_database):
    """A database restart (here: the server ending the LISTEN connection) loses the
    notifications sent meanwhile: the listener connects again and wakes its deliverer once,
    then hears the next commits as before (docs/deploy.md)."""
    import asyncpg

    listener, writer = await Store.open(postgres_database.address), await Store.open(postgres_database.address)
    admin = await asyncpg.connect(postgres_database.address)
    woken = asyncio.Event()
    try:
        await listener.watch_outbox(woken.set)
        old = listener._backend._listener
        await admin.execute("SELECT pg_terminate_backend($1)", old.get_server_pid())
        await asyncio.wait_for(woken.wait(), timeout=60)  # reconnected, and drained once
        assert listener._backend._listener is not None and listener._backend._listener is not old
        woken.clear()
        game = await new_game(writer)
        await commit(writer, game.id, 0)
        await asyncio.wait_for(woken.wait(), timeout=60)
    finally:
        await admin.close()
        await writer.close()
        await listener.close()
