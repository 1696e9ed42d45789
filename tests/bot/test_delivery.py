"""bot.delivery: the outbox drained through a RecordingTransport, over a real SQLite file."""

import json
from collections import Counter

import pytest

from bot.delivery import Deliverer, RecordingTransport
from bot.store import Store, nonce_for
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, make_service, started_game


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    yield store
    await store.close()


async def play_round(service, game_id):
    """Every seat commits its first legal card."""
    for user in (ALICE, BOB, CAROL):
        view = await service.view(game_id, user)
        await service.act(game_id, user, view.legal[0], expected_seq=view.seq)


async def all_rows(store):
    async with store._read() as db:  # test-only peek at the whole outbox
        rows = await db.execute_fetchall("SELECT key, seq, recipient, payload, delivered_at, message_id, attempts"
                                         " FROM outbox ORDER BY rowid")
    return [dict(r) for r in rows]


async def test_drain_sends_each_row_once_in_order_with_its_nonce(store):
    service = make_service(store)
    game_id = await started_game(service)
    await play_round(service, game_id)
    transport = RecordingTransport()
    report = await Deliverer(store, transport).drain()
    rows = await all_rows(store)
    assert report.sent == len(rows) == len(transport.sent) and all(r["delivered_at"] for r in rows)
    assert [s.nonce for s in transport.sent] == [nonce_for(r["key"]) for r in rows]
    assert [s.payload["seq"] for s in transport.sent] == sorted(s.payload["seq"] for s in transport.sent)
    assert all(s.to == f"channel:{CHANNEL}" for s in transport.sent if s.payload["kind"] != "private")
    assert [r["message_id"] for r in rows] == [s.message_id for s in transport.sent]
    assert await Deliverer(store, transport).drain() == type(report)()  # nothing left
    assert len(transport.sent) == len(rows)


async def test_a_crash_between_commit_and_send_only_delays_the_send(tmp_path):
    path = tmp_path / "games.db"
    store = await Store.open(path)
    service = make_service(store)
    game_id = await started_game(service)
    await play_round(service, game_id)
    await store.close()  # "crash": committed, nothing sent

    store = await Store.open(path)
    try:
        transport = RecordingTransport()
        await Deliverer(store, transport).drain()
        await Deliverer(store, transport).drain()
        rows = await all_rows(store)
        assert Counter(s.nonce for s in transport.sent) == Counter(nonce_for(r["key"]) for r in rows)
        assert set(Counter(s.nonce for s in transport.sent).values()) == {1}
        assert {s.payload["game_id"] for s in transport.sent} == {game_id}
    finally:
        await store.close()


async def test_a_crash_between_send_and_mark_resends_with_the_same_nonce(tmp_path):
    class CrashAfterFirstSend(RecordingTransport):
        async def send_channel(self, channel_id, payload, nonce):
            message_id = await super().send_channel(channel_id, payload, nonce)
            if len(self.sent) == 1:
                raise SystemExit("crash")
            return message_id

    path = tmp_path / "games.db"
    store = await Store.open(path)
    await started_game(make_service(store))
    transport = CrashAfterFirstSend()
    with pytest.raises(SystemExit):
        await Deliverer(store, transport).drain()
    await store.close()
    store = await Store.open(path)
    try:
        await Deliverer(store, transport).drain()
        first, again = transport.sent[0], transport.sent[1]
        assert first.payload == again.payload and first.nonce == again.nonce  # Discord shows it once
        assert len(transport.sent) == len(await all_rows(store)) + 1
    finally:
        await store.close()


async def test_transient_failures_retry_later_in_order(store):
    service = make_service(store)
    game_id = await started_game(service)
    await play_round(service, game_id)
    transport = RecordingTransport(transient_failures=1)
    deliverer = Deliverer(store, transport)
    report = await deliverer.drain()
    rows = await all_rows(store)
    channel_rows = [r for r in rows if r["recipient"] == "channel"]
    # the first channel message failed once: every later channel message waits behind it
    assert channel_rows[0]["attempts"] == 1 and not any(r["delivered_at"] for r in channel_rows)
    assert report.retrying == len(channel_rows) and report.sent == len(rows) - len(channel_rows)
    await deliverer.drain()
    assert [p["seq"] for p in transport.to(f"channel:{CHANNEL}")] == [r["seq"] for r in channel_rows]
    assert all(r["delivered_at"] for r in await all_rows(store))


async def test_after_max_attempts_a_dm_is_held_and_a_channel_message_given_up(store):
    service = make_service(store)
    await started_game(service)
    transport = RecordingTransport(transient_failures=10**6)
    deliverer = Deliverer(store, transport, max_attempts=2)
    assert (await deliverer.drain()).retrying == 4  # the channel message and 3 deals
    report = await deliverer.drain()
    assert (report.given_up, report.held) == (1, 3) and transport.sent == []  # held without a notice
    assert all(r["delivered_at"] and r["message_id"] is None for r in await all_rows(store))


async def test_a_closed_dm_is_held_for_the_private_view_and_announced_without_content(store):
    service = make_service(store)
    game_id = await started_game(service)
    await play_round(service, game_id)
    transport = RecordingTransport(closed_dms={BOB})
    deliverer = Deliverer(store, transport)
    report = await deliverer.drain()
    assert report.held == 3  # BOB's deal, BOB's commit, and the reaction BOB now owes
    notices = [p for p in transport.to(f"channel:{CHANNEL}") if p["kind"] == "notice"]
    assert len(notices) == 1 and notices[0]["user_id"] == BOB and "/game private" in notices[0]["lines"][0]
    assert set(notices[0]) == {"v", "kind", "notice", "game_id", "user_id", "lines"}
    assert transport.to(f"dm:{BOB}") == []

    held = await deliverer.take_held(game_id, BOB)
    assert [[e["kind"] for e in p["events"]] for p in held] == [["dealt"], ["you_committed"], []]
    assert [d["prompt"]["kind"] for p in held for d in p["decisions"]] == ["commit", "react"]
    hand = (await service.view(game_id, BOB)).view["hand"]
    assert held[0]["events"][0]["data"]["cards"] == sorted(hand + [held[1]["events"][0]["data"]["card"]])
    assert await deliverer.take_held(game_id, BOB) == []
    for row in await all_rows(store):
        if row["recipient"] == f"user:{BOB}":
            assert row["delivered_at"] and row["message_id"] is None
            assert json.loads(row["payload"]) in held
