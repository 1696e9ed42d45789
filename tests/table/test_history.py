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


async def test_review_timelapse_shows_the_finished_chapters_of_any_game_of_the_server(table):
    """Issue 32 item 2: /game review timelapse:true, for the channel's game or an earlier one by
    number (game:N, only of this server); a running game shows its finished chapters."""
    from bot.table import timelapse

    game_id = await started_runewars(table)
    [reply] = await ui.review(table, CHANNEL, DAVE, 1, timelapse=True)
    [file] = reply.files
    record = await table.store.get_game(game_id)
    assert file.filename.startswith(f"timelapse-{game_id}-{record.seq}.")
    assert "1 chapters" in reply.text  # Year 1 spring has ended; summer goes on
    made = await timelapse.timelapse(table.service, record)
    assert made is not None and made.data == file.data and made.frames == 1 and not made.animated  # one frame: a still
    [by_number] = await ui.review(table, None, DAVE, 1, game_id=game_id, guild_id=GUILD, timelapse=True)
    assert by_number.files[0].data == file.data
    [elsewhere] = await ui.review(table, None, DAVE, 1, game_id=game_id, guild_id=GUILD + 1, timelapse=True)
    assert elsewhere.text == f"There is no game #{game_id} on this server." and elsewhere.files == ()


async def test_a_game_without_pictures_has_no_timelapse(table):
    from tests.table.helpers import tiny_game

    await tiny_game(table)
    [reply] = await ui.review(table, CHANNEL, DAVE, 1, timelapse=True)
    assert reply.text == "This game has no pictures, so no timelapse." and reply.files == ()
