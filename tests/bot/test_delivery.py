"""bot.delivery: the outbox drained through a RecordingTransport, over a real SQLite file."""

import json
from collections import Counter

import pytest

from bot.config import Config, ConfigError
from bot.delivery import DM_RETRY_SECONDS, Deliverer, RateLimiter, RecordingTransport, map_cadence
from bot.store import OutboxMessage, Store, nonce_for
from bot.ui.channel import channel_text
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, GUILD, make_service, started_game


async def play_round(service, game_id):
    """Every seat commits its first legal card."""
    for user in (ALICE, BOB, CAROL):
        view = await service.view(game_id, user)
        await service.act(game_id, user, view.legal[0], expected_seq=view.seq)


def silent_news(row) -> bool:
    """A channel row whose turn posts have no public line yet: nothing is posted for it."""
    posts = json.loads(row["payload"]).get("posts")
    return posts is not None and not any(p["lines"] for p in posts)


async def all_rows(store):
    async with store._read() as db:  # test-only peek at the whole outbox
        rows = await db.fetch(
            "SELECT key, seq, recipient, payload, delivered_at, message_id, attempts FROM outbox ORDER BY rowid"
        )
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
    assert len(notices) == 1 and notices[0]["user_id"] == BOB and "My decisions button" in notices[0]["lines"][0]
    assert set(notices[0]) == {
        "v",
        "kind",
        "notice",
        "game_id",
        "user_id",
        "lines",
        "language",
    }  # issue 31: told in the game's language
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


async def test_closed_dms_go_to_the_private_thread_and_are_tried_again_hours_later(store):
    """prior-art B: closed DMs must not break the game; the fallback is a private thread only
    that player reads (the transport refuses it otherwise, tests/bot/test_transport.py)."""
    service = make_service(store)
    game_id = await started_game(service)
    await play_round(service, game_id)
    now = [1000.0]
    transport = RecordingTransport(closed_dms={BOB}, private_threads=True)
    deliverer = Deliverer(store, transport, clock=lambda: now[0])
    report = await deliverer.drain()
    bobs = [r["seq"] for r in await all_rows(store) if r["recipient"] == f"user:{BOB}"]
    assert report.held == 0 and len(bobs) == 3 and [p["seq"] for p in transport.to(f"thread:{BOB}")] == bobs
    assert transport.dm_attempts.count(BOB) == 1  # refused once, then straight to the thread
    assert await store.get_setting("player", BOB, "dm_closed") == 1000.0
    assert not [p for p in transport.to(f"channel:{CHANNEL}") if p["kind"] == "notice"]  # nothing held, nothing to announce

    transport.closed_dms.clear()  # BOB opened his DMs
    view = await service.view(game_id, BOB)
    await service.act(game_id, BOB, view.legal[0])
    await deliverer.drain()
    assert transport.dm_attempts.count(BOB) == 1 and transport.to(f"dm:{BOB}") == []  # not tried again yet
    now[0] += DM_RETRY_SECONDS
    for user in (ALICE, CAROL, BOB):
        view = await service.view(game_id, user)
        if view.legal:
            await service.act(game_id, user, view.legal[0])
    await deliverer.drain()
    assert transport.to(f"dm:{BOB}") and await store.get_setting("player", BOB, "dm_closed") is False


async def test_the_status_is_updated_once_per_drain_with_news(store):
    service = make_service(store)
    game_id = await started_game(service)
    await play_round(service, game_id)
    transport = RecordingTransport()
    deliverer = Deliverer(store, transport)
    await deliverer.drain()
    assert len(transport.to(f"channel:{CHANNEL}")) > 1 and transport.statuses == [(CHANNEL, game_id)]
    await deliverer.drain()
    assert transport.statuses == [(CHANNEL, game_id)]  # nothing new in the channel: nothing to update


async def test_dms_keep_within_the_rate_limit():
    """prior-art B: a bot opening many DMs at once is throttled or quarantined (SpellBot's limiter)."""
    now, slept = [0.0], []

    async def sleep(seconds):
        slept.append(seconds)
        now[0] += seconds

    limiter = RateLimiter(3, 5.0, clock=lambda: now[0], sleep=sleep)
    times = []
    for _ in range(7):
        await limiter.acquire()
        times.append(now[0])
        now[0] += 0.5
    assert times == [0.0, 0.5, 1.0, 5.0, 5.5, 6.0, 10.0]
    assert all(sum(1 for t in times if start <= t < start + 5.0) <= 3 for start in times)


def battle(area, *middle, end=True):
    events = [{"kind": "battle_started", "data": {"area": area, "attacker": 0, "defender": 1}}]
    events += [{"kind": kind, "data": {"area": area}} for kind in middle]
    return events + ([{"kind": "battle_ended", "data": {"area": area, "winner": "attacker", "seat": 0}}] if end else [])


async def test_a_battle_over_several_commits_is_reported_once_when_it_ends(store):
    record = await store.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="runewars",
        options={},
        seed=1,
        engine_version="x",
        pack_hash="x",
        state="null",
        created_by=ALICE,
    )
    rows = [
        [{"kind": "units_moved", "data": {"seat": 0}}, *battle("3A", "battle_round", end=False)],
        [{"kind": "battle_damaged", "data": {"area": "3A"}}],
        [{"kind": "battle_won", "data": {"area": "3A"}}, *battle("3A", end=True)[-1:], *battle("5B", "battle_round")],
        [{"kind": "turn_ended", "data": {"seat": 0}}],
    ]
    for seq, events in enumerate(rows):
        payload = {
            "v": 1,
            "kind": "update",
            "game_id": record.id,
            "seq": seq + 1,
            "game": "runewars",
            "events": events,
            "lines": [e["kind"] for e in events],
            "awaiting": [],
            "view": {"players": []},
            "result": None,
        }
        await store.commit_action(
            record.id,
            expected_seq=seq,
            seat=0,
            action="[]",
            chance="[]",
            state="null",
            outbox=[OutboxMessage("channel", json.dumps(payload))],
        )
    transport = RecordingTransport(transient_failures=0)
    deliverer = Deliverer(store, transport, batch=1)
    await deliverer.drain()
    reports = transport.to(f"report:{CHANNEL}")
    assert [[e["kind"] for e in r["events"]] for r in reports] == [
        ["battle_started", "battle_round", "battle_damaged", "battle_won", "battle_ended"],
        ["battle_started", "battle_round", "battle_ended"],
    ]
    news = transport.to(f"channel:{CHANNEL}")
    assert [len(p["reports"]) for p in news] == [0, 0, 2, 0]
    kept = await store.get_setting("game", record.id, "report_open")
    assert (kept["through"], kept["events"]) == (3, [])  # and "prior": what row 3 found open (a re-send starts there)
    assert "battle_damaged" not in channel_text(news[1]) and "units_moved" in channel_text(news[0])


async def act_once_each(service, game_id, users=(ALICE, BOB, CAROL)):
    """Every given user with a legal answer gives the first one."""
    for user in users:
        view = await service.view(game_id, user)
        if view.legal:
            await service.act(game_id, user, view.legal[0], expected_seq=view.seq)


async def test_a_recipient_without_a_dm_slot_is_parked_and_the_other_rows_go_on(store):
    """issue #11: the DM limit must not hold back news, maps and other games while it waits."""
    service = make_service(store)
    first = await started_game(service)
    await play_round(service, first)
    second = await started_game(service, (CAROL, ALICE), channel=CHANNEL + 1)
    now, slept = [0.0], []

    async def sleep(seconds):  # the drain must never wait for a slot
        slept.append(seconds)

    transport = RecordingTransport()
    deliverer = Deliverer(store, transport, dm_limiter=RateLimiter(1, 5.0, clock=lambda: now[0], sleep=sleep))
    report = await deliverer.drain()
    rows = await all_rows(store)
    dm_rows = [r for r in rows if r["recipient"] != "channel"]
    assert len([s for s in transport.sent if s.to.startswith("dm:")]) == 1 and slept == []
    # every channel row went out, those of the first game behind its parked DMs and the second game's
    assert {(s.payload["game_id"], s.payload["seq"]) for s in transport.sent if s.to.startswith("channel:")} == {
        (json.loads(r["payload"])["game_id"], r["seq"]) for r in rows if r["recipient"] == "channel"
    }
    assert transport.to(f"channel:{CHANNEL + 1}") and sorted(transport.statuses) == [(CHANNEL, first), (CHANNEL + 1, second)]
    assert (report.parked, report.retrying, report.wake_in) == (len(dm_rows) - 1, 0, 5.0)
    assert not any(r["attempts"] for r in rows)  # parking is no failed attempt

    now[0] += 1.0
    assert (await deliverer.drain()).wake_in == 4.0 and len(transport.sent) == len(rows) - len(dm_rows) + 1
    while report.parked:  # each time the slot frees, one more DM
        now[0] += report.wake_in
        report = await deliverer.drain()
    assert all(r["delivered_at"] for r in await all_rows(store)) and slept == []
    assert sorted(s.nonce for s in transport.sent) == sorted(nonce_for(r["key"]) for r in rows)  # each once
    for row in dm_rows:
        user = int(row["recipient"].removeprefix("user:"))
        game = json.loads(row["payload"])["game_id"]
        sent = [(p["game_id"], p["seq"]) for p in transport.to(f"dm:{user}") if p["game_id"] == game]
        assert sent == sorted(sent)  # each recipient's order holds


async def test_parked_dms_of_one_recipient_keep_their_order_across_drains(store):
    service = make_service(store)
    game_id = await started_game(service)
    now, dm_times = [0.0], []

    class Timed(RecordingTransport):
        async def send_dm(self, user_id, payload, nonce):
            dm_times.append(now[0])
            return await super().send_dm(user_id, payload, nonce)

    transport = Timed()
    deliverer = Deliverer(store, transport, dm_limiter=RateLimiter(2, 5.0, clock=lambda: now[0]))
    await deliverer.drain()
    for _ in range(2):
        await act_once_each(service, game_id)
        await deliverer.drain()  # new rows of every recipient arrive behind the parked ones
        now[0] += 2.5
    while (report := await deliverer.drain()).parked:
        now[0] += report.wake_in
    rows = await all_rows(store)
    for user in (ALICE, BOB, CAROL):
        assert [p["seq"] for p in transport.to(f"dm:{user}")] == [r["seq"] for r in rows if r["recipient"] == f"user:{user}"]
    told = [r for r in rows if not silent_news(r)]  # news with no public line posts nothing (issue 19 item 3)
    assert len(transport.sent) == len(told) and len({s.nonce for s in transport.sent}) == len(told)
    assert len(dm_times) > 6 and all(sum(1 for t in dm_times if at <= t < at + 5.0) <= 2 for at in dm_times)


async def test_the_waiting_notice_is_sent_once_per_held_episode(store):
    service = make_service(store)
    game_id = await started_game(service)
    now = [1000.0]
    transport = RecordingTransport(closed_dms={BOB})
    deliverer = Deliverer(store, transport, clock=lambda: now[0])

    def notices():
        return [p for p in transport.to(f"channel:{CHANNEL}") if p["kind"] == "notice"]

    await deliverer.drain()
    assert len(notices()) == 1 and await deliverer.take_held(game_id, BOB)  # the held list is empty again
    await act_once_each(service, game_id)
    report = await deliverer.drain()
    assert report.held and len(notices()) == 1  # still the same episode: no second notice
    assert await deliverer.take_held(game_id, BOB)

    transport.closed_dms.clear()  # BOB opened his DMs; the bot tries them again hours later
    now[0] += DM_RETRY_SECONDS
    await act_once_each(service, game_id)
    await deliverer.drain()
    assert transport.to(f"dm:{BOB}") and len(notices()) == 1  # a message reached him: the episode is over

    transport.closed_dms.add(BOB)  # closed again: a new episode, a new notice
    await act_once_each(service, game_id)
    await deliverer.drain()
    assert len(notices()) == 2 and notices()[1]["user_id"] == BOB


def test_the_map_cadence_and_the_dm_limit_are_settings(monkeypatch, tmp_path):
    for name in ("MAP_CADENCE", "DM_LIMIT", "DM_WINDOW_SECONDS"):
        monkeypatch.delenv(name, raising=False)
    config = Config.from_environment(require_token=False, env_file=tmp_path / "none.env")
    assert (config.map_cadence, config.dm_limit, config.dm_window) == ("move", 5, 5.0)  # production
    monkeypatch.setenv("MAP_CADENCE", "Season")
    monkeypatch.setenv("DM_LIMIT", "0")
    monkeypatch.setenv("DM_WINDOW_SECONDS", "2.5")
    config = Config.from_environment(require_token=False, env_file=tmp_path / "none.env")
    assert (config.map_cadence, config.dm_limit, config.dm_window) == ("season", 0, 2.5)
    for name, value in (("MAP_CADENCE", "often"), ("DM_LIMIT", "1.5"), ("DM_WINDOW_SECONDS", "-1")):
        monkeypatch.setenv(name, value)
        with pytest.raises(ConfigError, match=name):
            Config.from_environment(require_token=False, env_file=tmp_path / "none.env")
        monkeypatch.delenv(name)


def test_the_status_layout_is_a_setting(monkeypatch, tmp_path):
    """Issue 32 item 3: the dashboard by default; STATUS_LAYOUT=classic keeps the text message."""
    monkeypatch.delenv("STATUS_LAYOUT", raising=False)
    assert Config.from_environment(require_token=False, env_file=tmp_path / "none.env").status_layout == "dashboard"
    monkeypatch.setenv("STATUS_LAYOUT", "Classic")
    assert Config.from_environment(require_token=False, env_file=tmp_path / "none.env").status_layout == "classic"
    monkeypatch.setenv("STATUS_LAYOUT", "fancy")
    with pytest.raises(ConfigError, match="STATUS_LAYOUT"):
        Config.from_environment(require_token=False, env_file=tmp_path / "none.env")


def test_season_maps_draw_the_first_update_of_each_season_and_the_end():
    wants = map_cadence("season")
    updates = [
        (1, 1, "spring", None),
        (1, 1, "spring", None),
        (2, 1, "spring", None),
        (1, 1, "summer", None),
        (1, 1, "summer", None),
        (1, 1, "summer", {"winner": 0}),
    ]
    drawn = [wants({"game_id": g, "game": "runewars", "view": {"year": y, "season": s}, "result": r}) for g, y, s, r in updates]
    assert drawn == [True, False, True, True, False, True]
    assert map_cadence("move")({"game_id": 1, "view": {}, "result": None})
    with pytest.raises(ValueError):
        map_cadence("often")
