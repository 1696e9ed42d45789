"""Migration 10 (issue 32 item 1): results, their players, seat history and ratings, on both
backends (tests/store/backends.py): a result is kept once, with its ratings written in the same
transaction; a game's results travel with it in a store copy's dump."""

import json

from bot.store import ResultPlayer, ResultRecord, Store
from tests.store.test_store import ALICE, BOB, GUILD, new_game

CAROL = 5005


def result_of(game_id: int, *, rated: bool = True) -> ResultRecord:
    return ResultRecord(
        game_id=game_id,
        guild_id=GUILD,
        game="runewars",
        ended="finished",
        started_at=100.0,
        ended_at=700.0,
        moves=42,
        rated=rated,
        unrated=None if rated else "ai_seats",
        cooperative=False,
        shared=False,
        reason="dragon_runes",
        detail=json.dumps({"winner": 0}),
    )


def players_of(game_id: int) -> list[ResultPlayer]:
    return [
        ResultPlayer(game_id, 0, 0, ALICE, "alice", "daqan", 0, 1, True),
        ResultPlayer(game_id, 1, 0, BOB, "bob", "uthuk", 1, 2, False, left_how="conceded", left_at=400.0),
        ResultPlayer(game_id, 1, 1, None, None, "uthuk", 1, 2, False, ai_seconds=300.0),
    ]


async def test_a_result_is_kept_once_with_its_ratings(database):
    async with await Store.open(database.address) as store:
        game = await new_game(store)
        await store.note_seat(game.id, 1, BOB, "conceded", unless=("conceded", "ai", "kick"))
        assert not await store.note_seat(game.id, 1, BOB, "ai", unless=("conceded", "ai", "kick"))  # recorded once
        assert [(e.seat, e.user_id, e.kind) for e in await store.seat_history(game.id)] == [(1, BOB, "conceded")]
        seen = []

        def rate(before):
            seen.append(dict(before))
            return {ALICE: (27.0, 8.0), BOB: (23.0, 8.0)}

        assert await store.record_result(result_of(game.id), players_of(game.id), rate=rate, status="finished")
        assert seen == [{ALICE: None, BOB: None}]
        assert not await store.record_result(result_of(game.id), players_of(game.id), rate=rate)  # once only
        assert (await store.get_game(game.id)).status == "finished"
        [(result, players)] = await store.results(guild_id=GUILD)
        assert result == result_of(game.id)
        assert [(p.user_id, p.mu_before, p.mu_after, p.left_how) for p in players] == [
            (ALICE, None, 27.0, None),
            (BOB, None, 23.0, "conceded"),
            (None, None, None, None),
        ]
        assert {(r.user_id, r.mu, r.games) for r in await store.ratings(GUILD, "runewars")} == {(ALICE, 27.0, 1), (BOB, 23.0, 1)}
        assert await store.ended_without_result() == []

        second = await new_game(store, channel=9009)
        await store.record_result(result_of(second.id), players_of(second.id), rate=lambda before: {ALICE: (28.0, 7.0)})
        assert {(r.user_id, r.mu, r.games) for r in await store.ratings(GUILD)} == {(ALICE, 28.0, 2), (BOB, 23.0, 1)}
        third = await new_game(store, channel=9010)
        await store.record_result(result_of(third.id, rated=False), players_of(third.id), status="finished")
        assert [r.rated for r, _ in await store.results(game="runewars")] == [True, True, False]
        assert await store.results(guild_id=GUILD + 1) == []
        dump = await store.dump_game(game.id)
        assert len(dump["results"]) == 1 and len(dump["result_players"]) == 3 and len(dump["seat_history"]) == 1
