"""bot.table.history and /game review: the stored log replays to the stored states, a game's
seasons are found by replay, and a running game shows only its finished seasons.
Source: issue 10, "Export and history"; docs/table.md."""

import asyncio

from bot.table import ui
from bot.table.history import History, seasons
from engine.core import encode
from tests.table.helpers import ALICE, CHANNEL, DAVE, GUILD, started_runewars


async def test_the_log_replays_to_every_stored_state_and_names_the_seasons(table):
    game_id = await started_runewars(table)
    record = await table.store.get_game(game_id)
    history = await History.load(table.store, record, table.service.ruleset_of(record))
    commits = await asyncio.to_thread(history.commits)
    assert [c.seq for c in commits] == list(range(1, record.seq + 1))
    for seq in (5, record.seq // 2, record.seq):  # the store snapshots every commit in these tests
        assert encode(commits[seq - 1].state) == (await table.store.latest_snapshot(game_id, at_or_before=seq)).state
    assert [name for name, _ in seasons(commits, history.engine)] == ["Year 1 spring", "Year 1 summer"]


async def test_review_shows_finished_seasons_only_while_the_game_runs(table):
    game_id = await started_runewars(table)
    [reply] = await ui.review(table, CHANNEL, DAVE, 1)  # a spectator may review: it is the public story
    assert reply.text.startswith(f"**Game #{game_id}, season 1 of 1: Year 1 spring**")
    assert reply.buttons == ()  # no other finished season yet
    [again] = await ui.review(table, CHANNEL, ALICE, 7)
    assert again.text == reply.text
    assert all(f.filename == f"game-{game_id}-season-1.png" for f in reply.files)


async def test_review_of_a_game_that_has_not_started(table):
    await table.service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE)
    assert [r.text for r in await ui.review(table, CHANNEL, ALICE, 1)] == ["The game has not started yet."]
    assert [r.text for r in await ui.review(table, CHANNEL + 1, ALICE, 1)] == ["No game was played in this channel."]


async def test_a_past_state_replays_from_the_nearest_snapshot_or_the_set_up(tmp_path):
    from bot.store import Store
    from tests.table.helpers import make_table

    store = await Store.open(tmp_path / "sparse.db", snapshot_every=10)
    try:
        table = make_table(store)
        game_id = await started_runewars(table)
        record = await table.store.get_game(game_id)
        full = await History.load(store, record, table.service.ruleset_of(record))
        states = {c.seq: c.state for c in await asyncio.to_thread(full.commits)}
        for seq in (4, 15, record.seq - 1):  # before the first snapshot, between snapshots
            history = await History.load(store, record, table.service.ruleset_of(record), from_seq=seq)
            assert await asyncio.to_thread(history.state_at, seq) == states[seq]
    finally:
        await store.close()
