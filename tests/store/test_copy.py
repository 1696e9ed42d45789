"""Issue 22 item 5: ``python -m bot store copy`` moves a store with finished, running and lobby
games (log, snapshots, seats, outbox, settings, packs, votes) to another backend, checks each
game by replay, and marks the source moved; it refuses a running source and a non-empty target
unless ``--merge``."""

import io
import random

import pytest

from bot.commands.store import EXIT_REFUSED, copy_store
from bot.store import Store, StoreMoved
from tests.bot.gamehelpers import ALICE, BOB, CAROL, random_move, started_game


async def _tables(store):
    return {game_id: await store.dump_game(game_id) for game_id in await store.game_ids()}, await store.shared_rows()


async def bare_game(store, channel):
    """A game record of the tiny game in ``channel`` (not a playable state: the store alone)."""
    return await store.create_game(
        guild_id=1,
        channel_id=channel,
        game="tinygame",
        options={},
        seed=1,
        engine_version="v",
        pack_hash="h",
        state="{}",
        created_by=1,
    )


async def fill(store):
    """A finished, a running and a lobby game of the tiny game, with a setting, a pack and a vote."""
    from bot.service import GameService

    service = GameService(store)
    chooser = random.Random(3)
    finished = await started_game(service, channel=10)
    for _ in range(500):
        if (await store.get_game(finished)).status == "finished":
            break
        move = await random_move(service, finished, chooser)
        await service.act(finished, move.user, move.action, expected_seq=move.seq)
    assert (await store.get_game(finished)).status == "finished"
    running = await started_game(service, channel=11)
    for _ in range(3):
        move = await random_move(service, running, chooser)
        await service.act(running, move.user, move.action, expected_seq=move.seq)
    lobby = await service.create_game(1, 12, "tinygame", {}, ALICE, seed=5)
    await service.join(lobby.id, BOB)
    await store.set_setting("player", CAROL, "notify", "ping")
    await store.save_pack("abc", "tinygame", '{"cards": 1}', '{"cards": ["a"]}')
    await store.open_vote(running, "pause", seat=None, hours=None, opened_by=ALICE, opened_at=1.0, closes_at=2.0)
    return finished, running, lobby.id


@pytest.mark.slow
async def test_a_store_is_copied_whole_checked_and_the_source_marked_moved(tmp_path, database):
    source_path = tmp_path / "source.sqlite3"
    async with await Store.open(source_path) as source:
        games = await fill(source)
        before = await _tables(source)
    out = io.StringIO()
    assert await copy_store(f"sqlite:///{source_path}", database.address, out=out) == 0
    assert "copied 3 games to" in out.getvalue() and "marked moved" in out.getvalue()
    assert list(tmp_path.glob("source.sqlite3.before-copy-*"))  # the online backup
    async with await Store.open(database.address) as target:
        assert await _tables(target) == before
        assert [(await target.get_game(g)).status for g in games] == ["finished", "active", "lobby"]
        new = await bare_game(target, 99)
        assert new.id == max(games) + 1  # ids go on after the copied ones
        await target.acquire_lease()  # a bot runs on the target
    async with await Store.open(source_path) as source:
        with pytest.raises(StoreMoved, match="was moved to"):
            await source.acquire_lease()  # no bot runs on the source again
    assert await copy_store(str(source_path), database.address) == EXIT_REFUSED  # nor is it copied twice


async def test_a_running_source_and_a_full_target_are_refused(tmp_path, database, capsys):
    source_path = tmp_path / "source.sqlite3"
    async with await Store.open(source_path) as source:
        await source.set_setting("guild", 1, "k", 1)
        bot = await Store.open(source_path)
        await bot.acquire_lease()  # a bot runs on it
        try:
            assert await copy_store(str(source_path), database.address) == EXIT_REFUSED
            assert "Another Runetable bot is already running" in capsys.readouterr().err
        finally:
            await bot.close()
        async with await Store.open(database.address) as target:
            taken = await bare_game(target, 5)
        for channel in (6, 7):
            await bare_game(source, channel)
    assert await copy_store(str(source_path), database.address) == EXIT_REFUSED
    assert "holds 1 games already" in capsys.readouterr().err
    assert await copy_store(str(source_path), database.address, merge=True) == 0  # game 1 is there: game 2 is added
    async with await Store.open(database.address) as target:
        assert await target.game_ids() == [1, 2]
        assert (await target.get_game(1)).channel_id == taken.channel_id == 5  # the target's own, untouched
        assert (await target.get_game(2)).channel_id == 7


async def test_a_game_that_does_not_replay_fails_the_copy_and_the_source_stays(tmp_path, database, capsys):
    """A game whose stored state its log does not reach is reported; the source is not marked
    moved (its bot may run again), and the same store as both ends is refused."""
    import sqlite3

    source_path = tmp_path / "source.sqlite3"
    async with await Store.open(source_path) as source:
        finished, running, _ = await fill(source)
    raw = sqlite3.connect(source_path)
    raw.execute("UPDATE games SET state = (SELECT state FROM games WHERE id = ?) WHERE id = ?", (finished, running))
    raw.commit()
    raw.close()
    assert await copy_store(str(source_path), database.address) == 1
    assert f"game #{running}: its log replays to another state" in capsys.readouterr().err
    async with await Store.open(source_path) as source:
        assert await source.moved_to() is None
        await source.acquire_lease()
    assert await copy_store(str(source_path), f"sqlite:///{source_path}") == EXIT_REFUSED
    assert "the same store" in capsys.readouterr().err
