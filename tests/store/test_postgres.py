"""Issue 22 items 1 and 2: the store's address, and per-game exclusion across processes on
PostgreSQL (a transaction-scoped advisory lock plus the seq compare-and-set)."""

import asyncio
import json
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.config import Config, ConfigError
from bot.store import StaleVersion, Store, StoreError, describe_database, parse_database
from tests.store.test_store import commit, new_game


def test_the_address_chooses_the_backend():
    """Item 1: ``sqlite:///path`` (three slashes: relative; four: absolute) or a bare path is a
    file; ``postgresql://`` is a server; anything else is refused with the forms it takes."""
    assert parse_database("runetable.sqlite3") == ("sqlite", "runetable.sqlite3")
    assert parse_database(Path("/var/lib/runetable.sqlite3")) == ("sqlite", "/var/lib/runetable.sqlite3")
    assert parse_database("sqlite:///data/games.db") == ("sqlite", "data/games.db")
    assert parse_database("sqlite:////var/lib/games.db") == ("sqlite", "/var/lib/games.db")
    assert parse_database("postgresql://bot@db/runetable") == ("postgresql", "postgresql://bot@db/runetable")
    assert parse_database("postgres://bot@db/runetable")[0] == "postgresql"
    with pytest.raises(StoreError, match="sqlite:///relative/path"):
        parse_database("sqlite://games.db")
    with pytest.raises(StoreError, match="mysql://"):
        parse_database("mysql://bot@db/runetable")


def test_a_password_never_reaches_a_message():
    """Item 1: the store's location (in logs and refusals) hides the URL's password."""
    assert describe_database("postgresql://bot:s3cret@db:5432/runetable") == "postgresql://bot:***@db:5432/runetable"
    # a password holding "@", or given as a query parameter, is hidden too
    assert describe_database("postgresql://bot:p@ss@db/runetable") == "postgresql://bot:***@db/runetable"
    assert (
        describe_database("postgresql:///runetable?host=/tmp/pg&password=s3cret")
        == "postgresql:///runetable?host=/tmp/pg&password=***"
    )
    assert describe_database("postgresql://bot@db/runetable") == "postgresql://bot@db/runetable"
    assert describe_database("sqlite:///games.db") == "games.db"


def test_database_url_overrides_the_path(monkeypatch, tmp_path):
    """Item 1: DATABASE_URL chooses the store; unset, DATABASE_PATH (the default file) does."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "games.db"))
    assert Config.from_environment(require_token=False, env_file=tmp_path / "none").database == str(tmp_path / "games.db")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/runetable")
    assert Config.from_environment(require_token=False, env_file=tmp_path / "none").database == "postgresql://bot@db/runetable"
    monkeypatch.setenv("DATABASE_URL", "mysql://bot@db/runetable")
    with pytest.raises(ConfigError, match="DATABASE_URL must start with sqlite:/// or postgresql://"):
        Config.from_environment(require_token=False, env_file=tmp_path / "none")


async def test_a_wrong_server_is_a_clear_refusal(tmp_path):
    """Item 1: a server that is not there is one line naming it (without the password)."""
    url = f"postgresql://bot:s3cret@/runetable?host={tmp_path}"  # no socket in that folder
    with pytest.raises(StoreError) as caught:
        await Store.open(url)
    message = str(caught.value)
    assert message.startswith("Cannot open the game database postgresql://bot:***@/runetable") and "s3cret" not in message


async def advisory_locks(conn, game_id):
    """(granted, pid) of the advisory locks on a game's key (a bigint key: high and low halves)."""
    rows = await conn.fetch(
        "SELECT granted, pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 1",
        game_id >> 32,
        game_id & 0xFFFFFFFF,
    )
    return sorted((row["granted"], row["pid"]) for row in rows)


async def test_a_write_on_a_game_waits_for_the_other_process_holding_it(postgres_database):
    """Item 2: a write on a game takes the game's advisory lock inside its transaction: while
    another process holds it, the commit waits; it is released at commit and at rollback."""
    import asyncpg

    store = await Store.open(postgres_database.address)
    other = await asyncpg.connect(postgres_database.address)  # "the other process"
    try:
        game = await new_game(store)
        async with other.transaction():
            await other.execute("SELECT pg_advisory_xact_lock($1)", game.id)
            committing = asyncio.create_task(commit(store, game.id, 0))
            for _ in range(2000):  # until the store's transaction queues behind the lock
                if len(await advisory_locks(other, game.id)) == 2:
                    break
                await asyncio.sleep(0.005)
            locks = await advisory_locks(other, game.id)
            assert [granted for granted, _ in locks] == [False, True]  # the store waits, the other holds it
            assert not committing.done() and (await store.get_game(game.id)).seq == 0
        assert await committing == 1  # the other's commit released it
        assert await advisory_locks(other, game.id) == []  # and the store's commit released its own
        with pytest.raises(StaleVersion):
            await commit(store, game.id, 0)
        assert await advisory_locks(other, game.id) == []  # so did the rollback
        assert json.loads((await store.get_game(game.id)).state) == {"counter": 1}
    finally:
        await other.close()
        await store.close()


async def test_the_seq_compare_and_set_holds_without_the_lock(postgres_database, monkeypatch):
    """Item 2: the compare-and-set is a guard of its own: two processes whose writes skip the
    advisory lock still apply exactly one action per seq (the loser gets StaleVersion)."""
    from bot.store_postgres import PostgresBackend, _PgConn

    @asynccontextmanager
    async def unlocked_write(self, game_id):
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PgConn(conn)

    first, second = await Store.open(postgres_database.address), await Store.open(postgres_database.address)
    monkeypatch.setattr(PostgresBackend, "write", unlocked_write)
    game = await new_game(first)
    stale = 0

    async def one_move(store):
        nonlocal stale
        while True:
            record = await store.get_game(game.id)
            await asyncio.sleep(0)
            try:
                return await commit(store, game.id, record.seq)
            except StaleVersion:
                stale += 1

    try:
        seqs = await asyncio.gather(*(one_move(s) for s in [first, second] * 10))
        assert sorted(seqs) == list(range(1, 21))
        assert [a.seq for a in await first.actions(game.id)] == list(range(1, 21))
        assert [r.seq for r in await first.undelivered()] == list(range(1, 21))
        assert stale > 0
    finally:
        await first.close()
        await second.close()


def test_bench_times_commits_on_sqlite_and_on_postgresql_when_given(postgres_database):
    """Item 7: ``bench`` reports commit_ms (p50, p95) per backend; without --postgres the
    PostgreSQL figure is skipped with the reason, so the bench needs no server."""
    from bot.commands.bench import commit_figures

    without = commit_figures('{"counter": 0}', 5, None)
    assert without["postgresql"] == {"skipped": "no --postgres URL given"}
    assert 0 < without["sqlite"]["p50"] <= without["sqlite"]["p95"]
    url = postgres_database.address.rsplit("&search_path=", 1)[0]
    figures = commit_figures('{"counter": 0}', 5, url)["postgresql"]
    assert 0 < figures["p50"] <= figures["p95"]


async def test_processes_starting_together_migrate_once(postgres_database):
    """Item 1: migrations run at start under an advisory lock, each in its own transaction, so
    processes starting at once over an empty database all open it, migrated once."""
    stores = await asyncio.gather(*(Store.open(postgres_database.address) for _ in range(4)))
    try:
        from bot.store import SCHEMA_VERSION

        assert await postgres_database.fetch("SELECT version FROM runetable_schema") == [(SCHEMA_VERSION,)]
        game = await new_game(stores[0])
        assert (await stores[3].get_game(game.id)).id == game.id
    finally:
        for store in stores:
            await store.close()
