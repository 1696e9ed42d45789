"""Tests of bot.store against real databases (no mocks): every test named with ``database`` runs
on SQLite and on PostgreSQL (issue 22 items 1 and 6; tests/store/backends.py)."""

import asyncio
import json
import os
import sqlite3

import pytest

from bot.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    ChannelBusy,
    Commit,
    CorruptDatabase,
    GameNotFound,
    OutboxMessage,
    SchemaTooNew,
    SeatRecord,
    StaleVersion,
    Store,
    StoredPack,
    StoreError,
    nonce_for,
)
from bot.store_postgres import MIGRATIONS as PG_MIGRATIONS

GUILD, CHANNEL, ALICE, BOB = 1001, 2002, 3003, 4004


@pytest.fixture
async def store(database):
    store = await Store.open(database.address, snapshot_every=5)
    yield store
    await store.close()


async def new_game(store, channel=CHANNEL, status="active", counter=0):
    return await store.create_game(
        guild_id=GUILD,
        channel_id=channel,
        game="runewars",
        options={"players": 2},
        seed=42,
        engine_version="0.1.0",
        pack_hash="abc123",
        state=json.dumps({"counter": counter}),
        created_by=ALICE,
        status=status,
    )


def increment(record):
    """A pure decide(): the next state has counter + 1."""
    counter = json.loads(record.state)["counter"] + 1
    return Commit(
        seat=0,
        action=json.dumps({"add": 1}),
        chance="[]",
        state=json.dumps({"counter": counter}),
        outbox=[OutboxMessage("channel", json.dumps({"counter": counter}))],
    )


async def commit(store, game_id, seq, recipients=("channel",)):
    """Commit action seq + 1 with counter state and one message per recipient."""
    return await store.commit_action(
        game_id,
        expected_seq=seq,
        seat=0,
        action=json.dumps({"n": seq + 1}),
        chance="{}",
        state=json.dumps({"counter": seq + 1}),
        outbox=[OutboxMessage(r, json.dumps({"n": seq + 1})) for r in recipients],
    )


async def assert_log_is_whole(store, game_id, length):
    game = await store.get_game(game_id)
    assert game.seq == length
    assert [a.seq for a in await store.actions(game_id)] == list(range(1, length + 1))
    assert json.loads(game.state)["counter"] == length


# ---------------------------------------------------------------- games and seats


async def test_create_and_read_back_a_game(store):
    game = await new_game(store, status="lobby")
    assert game == await store.get_game(game.id)
    assert (game.game, game.status, game.options, game.seq) == ("runewars", "lobby", {"players": 2}, 0)
    assert await store.active_game(CHANNEL) == game
    assert await store.active_game(CHANNEL + 1) is None
    with pytest.raises(GameNotFound, match="no game #999"):
        await store.get_game(999)


async def test_seats_replace_and_games_for_user(store):
    game = await new_game(store)
    await store.set_seats(game.id, [SeatRecord(0, ALICE, "daqan"), SeatRecord(1, BOB, "uthuk")])
    await store.set_seats(game.id, [SeatRecord(0, ALICE, "daqan"), SeatRecord(1, None, "uthuk", is_ai=True)])
    seats = await store.seats(game.id)
    assert [(s.seat, s.user_id, s.role, s.is_ai) for s in seats] == [(0, ALICE, "daqan", False), (1, None, "uthuk", True)]
    assert [g.id for g in await store.games_for_user(GUILD, ALICE)] == [game.id]
    assert await store.games_for_user(GUILD, BOB) == []
    with pytest.raises(StoreError, match="only one seat"):
        await store.set_seats(game.id, [SeatRecord(0, ALICE), SeatRecord(1, ALICE)])
    with pytest.raises(StoreError, match="numbered 0 to 1"):
        await store.set_seats(game.id, [SeatRecord(0, ALICE), SeatRecord(2, BOB)])
    assert await store.seats(game.id) == seats  # a refused replacement changes nothing


async def test_set_roles_records_what_some_seats_play(store):
    game = await new_game(store)
    await store.set_seats(game.id, [SeatRecord(0, ALICE), SeatRecord(1, BOB, "uthuk"), SeatRecord(2, None, is_ai=True)])
    await store.set_roles(game.id, {0: "daqan", 2: "elves"})
    assert [(s.seat, s.user_id, s.role, s.is_ai) for s in await store.seats(game.id)] == [
        (0, ALICE, "daqan", False),
        (1, BOB, "uthuk", False),
        (2, None, "elves", True),
    ]  # seat 1 kept its role
    await store.set_roles(game.id, {1: None})
    assert [s.role for s in await store.seats(game.id)] == ["daqan", None, "elves"]
    with pytest.raises(StoreError, match="no seat 3"):
        await store.set_roles(game.id, {0: "latari", 3: "uthuk"})
    assert [s.role for s in await store.seats(game.id)] == ["daqan", None, "elves"]  # refused whole
    with pytest.raises(GameNotFound):
        await store.set_roles(999, {0: "daqan"})


async def test_schema_allows_one_open_game_per_channel(store, database):
    lobby = await new_game(store, status="lobby")
    with pytest.raises(ChannelBusy, match=f"game #{lobby.id} \\(lobby\\)"):
        await new_game(store)
    other_channel = await new_game(store, channel=CHANNEL + 1)  # other channels are free

    # The rule lives in the schema itself, not only in the store's code.
    with pytest.raises(database.integrity_error):
        await database.execute(
            "INSERT INTO games (guild_id, channel_id, game, status, options, seed, engine_version,"
            " pack_hash, state, created_by, created_at, updated_at)"
            " VALUES (1, ?, 'runewars', 'lobby', '{}', 1, 'v', 'h', '{}', 1, 0, 0)",
            CHANNEL,
        )

    await store.set_status(lobby.id, "finished")
    replacement = await new_game(store)  # a finished game does not block a new one
    assert (await store.active_game(CHANNEL)).id == replacement.id
    with pytest.raises(ChannelBusy):
        await store.set_status(lobby.id, "active")  # nor may it be reopened over the new one
    await store.set_status(other_channel.id, "abandoned")
    assert await store.active_game(CHANNEL + 1) is None
    with pytest.raises(StoreError, match="Unknown game status"):
        await store.set_status(replacement.id, "paused")


# ---------------------------------------------------------------- concurrency


async def test_concurrent_apply_loses_and_repeats_nothing(store):
    game = await new_game(store)
    seqs = await asyncio.gather(*(store.apply(game.id, increment) for _ in range(20)))
    assert sorted(seqs) == list(range(1, 21))
    await assert_log_is_whole(store, game.id, 20)


async def test_two_connections_racing_with_retry(database):
    """Two stores on one database (two processes): every seq is applied once (issue 22 item 2)."""
    first, second = await Store.open(database.address), await Store.open(database.address)
    game = await new_game(first)
    stale = 0

    async def one_move(store):
        nonlocal stale
        while True:
            record = await store.get_game(game.id)
            await asyncio.sleep(0)  # let the other tasks read the same version
            try:
                return await commit(store, game.id, record.seq)
            except StaleVersion:
                stale += 1

    try:
        await asyncio.gather(*(one_move(s) for s in [first, second] * 10))
        await assert_log_is_whole(second, game.id, 20)
        assert stale > 0  # the race did happen, and the version check caught it
    finally:
        await first.close()
        await second.close()


async def test_stale_version_writes_nothing(store):
    game = await new_game(store)
    await commit(store, game.id, 0)
    before = await store.get_game(game.id)
    with pytest.raises(StaleVersion, match="at move 1, not 0"):
        await commit(store, game.id, 0, recipients=("channel", "user:1"))
    assert await store.get_game(game.id) == before
    assert len(await store.actions(game.id)) == 1
    assert [row.seq for row in await store.undelivered()] == [1]


async def test_decide_errors_write_nothing(store):
    game = await new_game(store)

    def refuse(record):
        raise ValueError("illegal move")

    with pytest.raises(ValueError, match="illegal move"):
        await store.apply(game.id, refuse)
    assert await store.get_game(game.id) == game
    assert await store.actions(game.id) == []


# ---------------------------------------------------------------- snapshots and outbox


async def test_snapshots_every_n_actions(store, database):
    game = await new_game(store)
    for seq in range(12):
        await commit(store, game.id, seq)
    snapshot_seqs = [r[0] for r in await database.fetch("SELECT seq FROM snapshots ORDER BY seq")]
    assert snapshot_seqs == [5, 10]
    latest = await store.latest_snapshot(game.id)
    assert (latest.seq, json.loads(latest.state)) == (10, {"counter": 10})
    assert (await store.latest_snapshot(game.id, at_or_before=9)).seq == 5
    assert await store.latest_snapshot(game.id, at_or_before=4) is None


async def test_outbox_rows_commit_with_their_action(store):
    game = await new_game(store)
    await commit(store, game.id, 0, recipients=("channel", f"user:{ALICE}"))
    await commit(store, game.id, 1, recipients=("channel",))
    rows = await store.undelivered()
    assert [(r.seq, r.recipient) for r in rows] == [(1, "channel"), (1, f"user:{ALICE}"), (2, "channel")]
    assert rows[0].key == f"{game.id}/1/channel"
    assert json.loads(rows[2].payload) == {"n": 2}
    assert [r.key for r in await store.undelivered(limit=2)] == [r.key for r in rows[:2]]

    await store.note_attempt(rows[0].key)
    await store.mark_delivered(rows[1].key, message_id=555)
    pending = await store.undelivered()
    assert [r.key for r in pending] == [rows[0].key, rows[2].key]
    assert pending[0].attempts == 1
    await store.mark_delivered("no/such/key", message_id=None)  # ignored

    with pytest.raises(StoreError, match="one message per recipient"):
        await commit(store, game.id, 2, recipients=("channel", "channel"))
    assert (await store.get_game(game.id)).seq == 2


def test_nonce_is_stable_and_short():
    key = f"{2**63 - 1}/123456/user:{2**63 - 1}"
    assert nonce_for(key) == nonce_for(key)
    assert len(nonce_for(key)) <= 25
    assert nonce_for(key) != nonce_for(key.replace("123456", "123457"))


# ---------------------------------------------------------------- undo and settings


async def test_truncate_actions_for_undo(store):
    game = await new_game(store)
    for seq in range(7):
        await commit(store, game.id, seq)
    delivered = f"{game.id}/7/channel"
    await store.mark_delivered(delivered, message_id=77)

    await store.truncate_actions(game.id, keep_seq=4, state=json.dumps({"counter": 4}))
    await assert_log_is_whole(store, game.id, 4)
    assert [r.seq for r in await store.undelivered()] == [1, 2, 3, 4]
    assert (await store.latest_snapshot(game.id)) is None  # the snapshot at 5 is gone

    # The log grows again from there; the redone move 7 gets a fresh key (and nonce) because
    # the undone move 7 was already delivered under the old one.
    for seq in range(4, 7):
        await commit(store, game.id, seq)
    await assert_log_is_whole(store, game.id, 7)
    assert delivered not in {r.key for r in await store.undelivered()}
    assert [r.seq for r in await store.undelivered()] == [1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(StoreError, match="cannot go back to move 8"):
        await store.truncate_actions(game.id, keep_seq=8, state="{}")


async def test_settings_round_trip(store):
    assert await store.get_setting("guild", GUILD, "deadline_hours") is None
    assert await store.get_setting("guild", GUILD, "deadline_hours", default=24) == 24
    await store.set_setting("guild", GUILD, "deadline_hours", 48)
    await store.set_setting("guild", GUILD, "deadline_hours", 72)
    await store.set_setting("player", ALICE, "reminders", {"dm": True, "hours": [1, 12]})
    assert await store.get_setting("guild", GUILD, "deadline_hours") == 72
    assert await store.get_setting("guild", str(GUILD), "deadline_hours") == 72
    assert await store.get_setting("channel", GUILD, "deadline_hours") is None
    assert await store.get_setting("player", ALICE, "reminders") == {"dm": True, "hours": [1, 12]}
    with pytest.raises(StoreError, match="Unknown setting scope"):
        await store.set_setting("planet", 1, "k", 1)


# ---------------------------------------------------------------- opening bad files


async def test_reopen_keeps_data_and_schema_version(tmp_path):
    path = tmp_path / "sub" / "games.db"
    async with await Store.open(path) as store:
        game = await new_game(store)
        await commit(store, game.id, 0)
    async with await Store.open(path) as store:
        assert (await store.get_game(game.id)).seq == 1
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


async def test_a_version_2_database_upgrades_its_seat_factions_to_roles(database):
    """Migration 3 renames seats.faction to seats.role; the seats and their factions stay (on
    both backends, whose migrations go one for one: issue 22 item 1)."""
    if database.kind == "sqlite":
        raw = sqlite3.connect(database.address)
        for version, script in enumerate(MIGRATIONS[:2], start=1):
            raw.executescript(script)
            raw.execute(f"PRAGMA user_version = {version}")
        raw.commit()
        raw.close()
    else:
        for script in PG_MIGRATIONS[:2]:
            await database.execute(script)
        await database.execute("CREATE TABLE runetable_schema (version INTEGER NOT NULL)")
        await database.execute("INSERT INTO runetable_schema (version) VALUES (2)")
    await database.execute(
        "INSERT INTO games (id, guild_id, channel_id, game, status, options, seed, engine_version,"
        " pack_hash, state, created_by, created_at, updated_at)"
        " VALUES (7, ?, ?, 'runewars', 'active', '{}', 1, 'v', 'h', '{}', ?, 0, 0)",
        GUILD,
        CHANNEL,
        ALICE,
    )
    await database.executemany(
        "INSERT INTO seats (game_id, seat, user_id, faction, is_ai, joined_at) VALUES (7, ?, ?, ?, ?, 0)",
        [(0, ALICE, "daqan", 0), (1, None, "uthuk", 1), (2, BOB, None, 0)],
    )

    async with await Store.open(database.address) as store:
        assert [(s.seat, s.user_id, s.role, s.is_ai) for s in await store.seats(7)] == [
            (0, ALICE, "daqan", False),
            (1, None, "uthuk", True),
            (2, BOB, None, False),
        ]
        await store.set_roles(7, {2: "elves"})
        assert [s.role for s in await store.seats(7)] == ["daqan", "uthuk", "elves"]
    if database.kind == "sqlite":
        raw = sqlite3.connect(database.address)
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 3
        columns = [row[1] for row in raw.execute("PRAGMA table_info(seats)")]
        raw.close()
    else:
        assert await database.fetch("SELECT version FROM runetable_schema") == [(SCHEMA_VERSION,)]
        columns = [
            row[0]
            for row in await database.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_name = 'seats' AND table_schema = current_schema()"
            )
        ]
    assert "role" in columns and "faction" not in columns


def test_both_backends_have_one_migration_per_change():
    """Issue 22 item 1: the same version means the same tables on SQLite and PostgreSQL."""
    assert len(PG_MIGRATIONS) == len(MIGRATIONS) == SCHEMA_VERSION


async def test_random_bytes_are_a_corrupt_database(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(os.urandom(64 * 1024))
    with pytest.raises(CorruptDatabase) as caught:
        await Store.open(path)
    message = str(caught.value)
    assert str(path) in message and "backup" in message


async def test_truncated_database_is_corrupt(tmp_path):
    path = tmp_path / "games.db"
    async with await Store.open(path) as store:
        game = await new_game(store)
        for seq in range(300):
            await commit(store, game.id, seq)
    assert not (tmp_path / "games.db-wal").exists()  # closing checkpointed everything
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.truncate(size // 2)
    with pytest.raises(CorruptDatabase) as caught:
        await Store.open(path)
    assert str(path) in str(caught.value) and "backup" in str(caught.value)


async def test_newer_schema_is_refused(database):
    """Issue 22 item 1: a store written by a newer Runetable is refused, on both backends."""
    if database.kind == "sqlite":
        raw = sqlite3.connect(database.address)
        raw.execute("PRAGMA user_version = 999")
        raw.close()
    else:
        async with await Store.open(database.address):
            pass
        await database.execute("UPDATE runetable_schema SET version = 999")
    with pytest.raises(SchemaTooNew) as caught:
        await Store.open(database.address)
    message = str(caught.value)
    assert "999" in message and str(SCHEMA_VERSION) in message and "Upgrade Runetable" in message


async def test_a_game_keeps_the_pack_it_started_with(store):
    """docs/versioning.md: packs are kept by hash; saving a known hash again changes nothing."""
    assert await store.pack("abc") is None
    await store.save_pack("abc", "runewars", '{"units": 1}')
    await store.save_pack("abc", "runewars", '{"units": 2}')
    assert await store.pack("abc") == StoredPack('{"units": 1}', None)


async def test_a_pack_kept_without_its_load_order_gets_it_once(store):
    """Issue 21 item 6: a pack kept before the load order was (migration 5) gets it from the next
    game started on it; a known order is never replaced."""
    await store.save_pack("abc", "runewars", '{"units": 1}')
    await store.save_pack("abc", "runewars", '{"units": 1}', '{"units": ["b", "a"]}')
    await store.save_pack("abc", "runewars", '{"units": 1}', '{"units": ["a", "b"]}')
    assert await store.pack("abc") == StoredPack('{"units": 1}', '{"units": ["b", "a"]}')
