"""bot.ui.transport: outbox payloads as Discord messages through a fake client (no connection):
who is pinged, what the channel may read, the status message edited in place, battle
reports in a thread, decisions by DM or in a private thread, the reveal, notices, and how
Discord's failures reach the deliverer."""

import json
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
import pytest

from bot.delivery import Deliverer, TransientFailure, Undeliverable
from bot.store import SeatRecord, Store, WaitRecord
from bot.ui import components
from bot.ui.transport import DiscordTransport, channel_text, pinged
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, GUILD, started_game
from tests.bot.playhelpers import full_service

THREAD = 900


def http_error(cls, status, code, text):
    return cls(SimpleNamespace(status=status, reason=text), {"code": code, "message": text})


class FakeChannel:
    """A text channel (``threads=False``: a thread, which holds no threads of its own)."""

    def __init__(self, fake, channel_id, *, threads=True):
        self.fake, self.id = fake, channel_id
        self.guild = fake.guild
        if threads:
            self.create_thread = self._create_thread

    async def send(self, content=None, **kwargs):
        return await self.fake.record(f"channel:{self.id}", content, kwargs)

    def get_partial_message(self, message_id):
        async def edit(**kwargs):
            if message_id in self.fake.deleted:
                raise http_error(discord.NotFound, 404, 10008, "Unknown Message")
            self.fake.edits.append((message_id, kwargs))

        return SimpleNamespace(edit=edit)

    def permissions_for(self, member):
        return SimpleNamespace(
            manage_threads=member.id in self.fake.managers, create_private_threads=self.fake.may_make_private_threads
        )

    async def _create_thread(self, **kwargs):
        thread_id = THREAD + len(self.fake.threads)
        thread = FakeChannel(self.fake, thread_id, threads=False)
        thread.kwargs, thread.members = kwargs, []

        async def add_user(user):
            thread.members.append(user.id)

        thread.add_user = add_user
        self.fake.threads[thread_id] = thread
        return thread


class FakeDiscord:
    """A client with one game channel and any user; records what was sent."""

    def __init__(self):
        self.sent = []  # (where, content, kwargs)
        self.edits, self.deleted, self.threads = [], set(), {}
        self.fail = None
        self.managers = set()  # users with Manage Threads in the channel
        self.may_make_private_threads = True
        me = SimpleNamespace(id=1)
        self.guild = SimpleNamespace(me=me, get_member=lambda user_id: SimpleNamespace(id=user_id), fetch_member=AsyncMock())
        self.channel = FakeChannel(self, CHANNEL)

    def get_guild(self, guild_id):
        return SimpleNamespace(id=guild_id, name="The Tavern")

    async def record(self, where, content, kwargs):
        if self.fail is not None:
            raise self.fail
        self.sent.append((where, content, kwargs))
        return SimpleNamespace(id=len(self.sent))

    def get_channel(self, channel_id):
        return self.channel if channel_id == CHANNEL else self.threads.get(channel_id)

    def get_user(self, user_id):
        return SimpleNamespace(send=lambda content, **kw: self.record(f"dm:{user_id}", content, kw))

    def to(self, where):
        return [(content, kwargs) for w, content, kwargs in self.sent if w == where]


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    yield full_service(store)
    await store.close()


def runewars_payload(game_id, seq, season="spring", **extra):
    view = {"game": "runewars", "phase": season, "year": 1, "season": season, "players": [], "result": None}
    return {
        "v": 1,
        "kind": "update",
        "game_id": game_id,
        "seq": seq,
        "game": "runewars",
        "lines": [],
        "events": [],
        "awaiting": [{"seat": 0, "user_id": ALICE}, {"seat": 1, "user_id": None}],
        "ping": [],
        "view": view,
        "result": None,
        **extra,
    }


async def test_a_drained_game_reaches_the_channel_and_each_player_through_discord(service):
    game_id = await started_game(service, (ALICE, BOB))
    fake = FakeDiscord()
    report = await Deliverer(service.store, DiscordTransport(fake, service, layout="classic")).drain()
    assert report.sent == 3
    (where, text, kwargs), *dms, (status_where, status, status_kwargs) = fake.sent
    assert where == f"channel:{CHANNEL}" and "Waiting for" not in text  # issue 19 item 3: the status says who
    assert "commit" not in text  # who, never what
    assert kwargs["allowed_mentions"].users is False and kwargs["nonce"]  # both chose DMs (the default): no ping
    [me] = kwargs["view"].children
    assert isinstance(me, components.MeButton) and me.custom_id == f"g:{game_id}:me"
    for where, text, kwargs in dms:
        context = f"Game #{game_id} · The Tavern · https://discord.com/channels/{GUILD}/{CHANNEL}:"  # issue 19 item 6
        assert where in (f"dm:{ALICE}", f"dm:{BOB}") and text.startswith(f"{context}\nYou are dealt ")
        assert kwargs["silent"] is False  # the start hands the game to both: their one notification
        assert "choose a card in secret" in text and kwargs["view"].children
        assert all(isinstance(c, components.ChoiceButton) for c in kwargs["view"].children)
    # then the status message, once: it pings nobody and names nothing but who is awaited
    assert status_where == f"channel:{CHANNEL}" and status.startswith(f"📜 **Game #{game_id}** · move 1")
    assert "Waiting for:" in status and "commit" not in status.split("Waiting for:")[1]
    assert "round: 1" in status and "scores: [0, 0]" in status  # the generic narrator: the public view's plain values
    assert status_kwargs["allowed_mentions"].users is False and "files" not in status_kwargs  # no renderer
    assert await service.store.get_setting("game", game_id, "status_message") == {
        "message_id": 4,
        "chapter": "",
        "layout": "classic",
    }


async def test_the_status_message_is_edited_in_place_through_the_seasons(service, monkeypatch):
    """Issue 19 item 3: the status message is edited in place (a new season too); it is posted
    anew only when it is gone."""
    game_id = await started_game(service, (ALICE, BOB))
    gallery = [(b"\x89PNG", "The map: 3 tiles.", "map"), (b"\x89PNG2", "The board panel, page 1 of 1.", "panel-1")]
    monkeypatch.setattr(service, "map_images", AsyncMock(return_value=gallery))
    now = {}
    monkeypatch.setattr(service, "public_status", AsyncMock(side_effect=lambda game: now["status"]))
    fake = FakeDiscord()
    transport = DiscordTransport(fake, service, layout="classic")  # the fallback setting STATUS_LAYOUT=classic

    async def update_status(channel, status):
        now["status"] = status
        await transport.update_status(channel, game_id)

    await update_status(CHANNEL, runewars_payload(game_id, 5))
    [(text, kwargs)] = fake.to(f"channel:{CHANNEL}")
    assert text.startswith(f"📜 **Game #{game_id}** · year 1, spring · move 5")
    # a gallery: the map, then the board panel's pages (issue 19 item 7)
    assert [f.filename for f in kwargs["files"]] == [f"runewars-{game_id}-5-map.png", f"runewars-{game_id}-5-panel-1.png"]
    assert kwargs["files"][0].description == "The map: 3 tiles."
    await update_status(CHANNEL, runewars_payload(game_id, 6))
    [(message_id, edit)] = fake.edits
    assert message_id == 1 and "move 6" in edit["content"]
    assert [f.filename for f in edit["attachments"]] == [f"runewars-{game_id}-6-map.png", f"runewars-{game_id}-6-panel-1.png"]
    assert len(fake.sent) == 1  # edited, not posted
    await update_status(CHANNEL, runewars_payload(game_id, 9, season="summer"))
    assert len(fake.sent) == 1 and "year 1, summer · move 9" in fake.edits[-1][1]["content"]  # a new season: edited too
    fake.deleted.add(1)
    await update_status(CHANNEL, runewars_payload(game_id, 10, season="summer"))
    assert len(fake.sent) == 2  # the old one was deleted: posted anew
    assert await service.store.get_setting("game", game_id, "status_message") == {
        "message_id": 2,
        "chapter": "year 1, summer",
        "layout": "classic",
    }


async def test_the_dashboard_is_one_layout_with_the_map_a_crop_of_the_battle_and_the_button(service, monkeypatch):
    """Issue 32 item 3: the status message as one Components V2 layout (no content), edited in
    place: the status text with who is awaited, the map and, where the public view shows a
    battle, a crop of its area in a media gallery, and My decisions; a classic status message
    is replaced by a new one, not edited across layouts."""
    game_id = await started_game(service, (ALICE, BOB))
    gallery = [(b"\x89PNG", "The map: 3 tiles.", "map"), (b"\x89PNG2", "The board panel, page 1 of 1.", "panel-1")]
    crops = []

    async def pictures(game, view, seat=None, *, crop=None, **kwargs):
        crops.append(crop)
        return [(b"\x89CROP", f"The map around {crop}.", "map")] if crop else gallery

    monkeypatch.setattr(service, "map_images", pictures)
    now = {}
    monkeypatch.setattr(service, "public_status", AsyncMock(side_effect=lambda game: now["status"]))
    fake = FakeDiscord()
    await service.store.set_setting("game", game_id, "status_message", {"message_id": 7, "chapter": "", "layout": "classic"})
    transport = DiscordTransport(fake, service)
    battle = runewars_payload(game_id, 5)
    battle["view"] |= {"battle": {"area": "4A"}, "areas": {"4A": {}}}
    now["status"] = battle
    await transport.update_status(CHANNEL, game_id)
    [(content, kwargs)] = fake.to(f"channel:{CHANNEL}")  # posted anew: the old one was classic
    assert content is None and fake.edits == []
    layout = kwargs["view"]
    assert isinstance(layout, discord.ui.LayoutView) and layout.has_components_v2()
    names = [f.filename for f in kwargs["files"]]
    assert names == [f"runewars-{game_id}-5-map.png", f"map-{game_id}-5-4A-map.png", f"runewars-{game_id}-5-panel-1.png"]
    [container] = layout.to_components()
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [10, 14, 10, 12, 1]  # head, separator, status, gallery, action row
    assert "Waiting for:" in container["components"][2]["content"]
    assert [i["media"]["url"] for i in container["components"][3]["items"]] == [f"attachment://{n}" for n in names]
    assert container["components"][4]["components"][0]["label"] == "My decisions"
    assert crops == [None, "4A"]
    now["status"] = runewars_payload(game_id, 6)
    await transport.update_status(CHANNEL, game_id)
    [(message_id, edit)] = fake.edits  # edited in place, with no battle no crop
    assert "content" not in edit and isinstance(edit["view"], discord.ui.LayoutView)
    assert [f.filename for f in edit["attachments"]] == [f"runewars-{game_id}-6-map.png", f"runewars-{game_id}-6-panel-1.png"]
    stored = await service.store.get_setting("game", game_id, "status_message")
    assert stored["layout"] == "dashboard" and stored["message_id"] == message_id


async def test_the_status_shows_the_game_as_it_stands_and_each_awaited_players_deadline(service):
    game_id = await started_game(service, (ALICE, BOB))
    users = [s.user_id for s in await service.store.seats(game_id)]
    await service.store.save_waits(game_id, [WaitRecord(game_id, 0, "x", since=100.0, deadline=1_000_000.0, next_reminder=None)])
    fake = FakeDiscord()
    await DiscordTransport(fake, service, layout="classic").update_status(CHANNEL, game_id)
    assert f"<@{users[0]}> (deadline <t:1000000:R>), <@{users[1]}> (deadline <t:" in fake.sent[0][1]
    assert fake.sent[0][1].startswith(f"📜 **Game #{game_id}** · move 1")
    lobby = await service.create_game(1, CHANNEL + 1, "tinygame", {}, ALICE)
    await DiscordTransport(fake, service).update_status(CHANNEL, lobby.id)  # a lobby has no status message
    assert len(fake.sent) == 1


async def test_a_battle_report_goes_to_the_games_battle_thread_made_once(service, monkeypatch):
    game_id = await started_game(service, (ALICE, BOB))
    monkeypatch.setattr(service, "picture", AsyncMock(return_value=b"\x89PNG battle"))
    report = {
        "v": 1,
        "kind": "report",
        "game_id": game_id,
        "game": "runewars",
        "seq": 7,
        "players": [],
        "events": [
            {"kind": "battle_started", "data": {"area": "3A", "attacker": 0, "defender": 1}},
            {"kind": "battle_ended", "data": {"area": "3A", "winner": "attacker", "seat": 0}},
        ],
    }
    fake = FakeDiscord()
    transport = DiscordTransport(fake, service)
    assert await transport.send_report(CHANNEL, report, "n1") == THREAD
    assert await transport.send_report(CHANNEL, {**report, "seq": 9}, "n2") == THREAD
    [thread] = fake.threads.values()
    assert thread.kwargs["type"] == discord.ChannelType.public_thread and thread.kwargs["name"] == f"Battles of game #{game_id}"
    (text, kwargs), _ = fake.to(f"channel:{THREAD}")
    assert text.startswith(f"Game #{game_id}, move 7:\nBattle in 3A: Player 1 attacks Player 2.")
    assert "the attacker won" in text and kwargs["file"].filename == f"battle-{game_id}-7.png"
    fake.channel.create_thread = None  # a game played in a thread: the report stays in it
    await service.store.set_setting("game", game_id, "battle_thread", None)
    assert await transport.send_report(CHANNEL, report, "n3") == CHANNEL


async def test_a_private_thread_is_used_only_where_no_other_seated_player_can_read_it(service):
    game_id = await started_game(service, (ALICE, BOB, CAROL))
    await service.store.set_seats(game_id, [SeatRecord(0, ALICE), SeatRecord(1, BOB), SeatRecord(2, None, is_ai=True)])
    payload = {
        "v": 1,
        "kind": "private",
        "game_id": game_id,
        "seq": 1,
        "game": "tinygame",
        "seat": 0,
        "lines": ["dealt: cards=[3]"],
        "decisions": [],
    }
    fake = FakeDiscord()
    transport = DiscordTransport(fake, service)
    fake.managers = {BOB}
    with pytest.raises(Undeliverable, match="Manage Threads"):
        await transport.send_private_thread(CHANNEL, ALICE, payload, "n1")
    fake.managers = {ALICE}  # the recipient's own permissions do not matter
    fake.may_make_private_threads = False
    with pytest.raises(Undeliverable, match="may not create private threads"):
        await transport.send_private_thread(CHANNEL, ALICE, payload, "n1")
    fake.may_make_private_threads = True
    await transport.send_private_thread(CHANNEL, ALICE, payload, "n1")
    await transport.send_private_thread(CHANNEL, ALICE, {**payload, "seq": 2}, "n2")
    [thread] = fake.threads.values()
    assert thread.kwargs["type"] == discord.ChannelType.private_thread and thread.kwargs["invitable"] is True
    assert thread.members == [ALICE]
    first, second = fake.to(f"channel:{thread.id}")
    assert first[0].startswith(
        f"<@{ALICE}>\nGame #{game_id} · The Tavern · https://discord.com/channels/{GUILD}/{CHANNEL}:\ndealt"
    )
    assert [u.id for u in first[1]["allowed_mentions"].users] == [ALICE]
    fake.channel.create_thread = None  # the game is played in a thread
    await service.store.set_setting("game", game_id, f"private_thread/{BOB}", None)
    with pytest.raises(Undeliverable, match="played in a thread"):
        await transport.send_private_thread(CHANNEL, BOB, {**payload, "seat": 1}, "n3")


async def test_the_last_news_is_followed_by_the_reveal_and_notices_ping_only_whom_they_name(service):
    fake = FakeDiscord()
    transport = DiscordTransport(fake, service)
    payload = {
        "kind": "update",
        "game_id": 1,
        "seq": 40,
        "game": "tinygame",
        "lines": ["the end"],
        "events": [],
        "awaiting": [],
        "ping": [],
        "result": {"winner": 1},
        "reveal": ["**Revealed**", *("x" * 900 for _ in range(3))],
    }
    await transport.send_channel(CHANNEL, payload, "n")
    news, *reveal = fake.to(f"channel:{CHANNEL}")
    assert news[0] == "the end\n**The game is over.** Player 2 wins."
    assert [len(text) <= 2000 for text, _ in reveal] == [True, True] and reveal[0][0].startswith("**Revealed**")
    assert len({kwargs["nonce"] for _, kwargs in reveal}) == 2 and all(
        kwargs["allowed_mentions"].users is False for _, kwargs in reveal
    )
    notice = {
        "v": 1,
        "kind": "notice",
        "notice": "reminder",
        "game_id": 1,
        "lines": ["⏳ waiting"],
        "ping": [BOB],
        "buttons": [{"label": "Mute", "custom_id": "tb:1:mute", "style": "secondary"}],
    }
    await transport.send_channel(CHANNEL, notice, "n2")
    text, kwargs = fake.to(f"channel:{CHANNEL}")[-1]
    assert text == "⏳ waiting" and [u.id for u in kwargs["allowed_mentions"].users] == [BOB]
    assert [c.custom_id for c in kwargs["view"].children] == ["tb:1:mute"]


@pytest.mark.parametrize(
    "error, expected",
    [
        (http_error(discord.Forbidden, 403, 50007, "Cannot send messages to this user"), Undeliverable),
        (http_error(discord.NotFound, 404, 10003, "Unknown Channel"), Undeliverable),
        (http_error(discord.HTTPException, 503, 0, "Service Unavailable"), TransientFailure),
        (http_error(discord.HTTPException, 429, 0, "Too Many Requests"), TransientFailure),
        (OSError("connection reset"), TransientFailure),
    ],
)
async def test_discord_failures_are_told_apart_for_the_deliverer(service, error, expected):
    fake = FakeDiscord()
    fake.fail = error
    transport = DiscordTransport(fake, service)
    with pytest.raises(expected):
        await transport.send_dm(ALICE, {"game_id": 1, "seq": 1, "game": "tinygame", "seat": 0, "lines": []}, "n")


def test_a_text_cut_to_one_message_says_how_many_lines_it_left_out():
    """Issue 21 item 11: where the bot cuts text to fit Discord's 2,000 characters (a DM, the
    status message, a battle report), it says so and how much; the last line always stays."""
    from bot.ui.channel import fit

    lines = [f"line {i} " + "x" * 50 for i in range(100)]
    first, *kept = fit(lines).split("\n")
    dropped = 100 - len(kept)
    assert len(fit(lines)) <= 2000 and first == f"… {dropped} earlier lines (/game log)"
    assert kept == lines[dropped:] and fit(lines[:3]) == "\n".join(lines[:3])


def test_channel_text_fits_one_message_and_never_says_who_is_awaited():
    payload = {
        "kind": "update",
        "lines": [f"line {i} " + "x" * 50 for i in range(100)],
        "awaiting": [{"seat": 0, "user_id": 7}, {"seat": 1, "user_id": None}],
        "result": None,
    }
    text = channel_text(payload)
    assert len(text) <= 2000 and text.startswith("…\n") and "Waiting for" not in text  # issue 19 item 3
    assert pinged(payload) == [7]  # an older payload without "ping": everyone awaited
    assert pinged({**payload, "ping": []}) == []  # the awaited were awaited before: no new ping
    over = channel_text({"kind": "update", "lines": [], "awaiting": [], "result": {"winners": [1]}})
    assert over == "**The game is over.** Player 2 wins."
    assert pinged({"kind": "notice", "user_id": 7, "lines": ["x"]}) == []
    assert json.dumps(payload)  # payloads stay plain JSON


async def test_a_reminder_dm_carries_the_recap_map_of_that_seat_only(tmp_path, monkeypatch):
    """Issue 10 ("a private 'since you last acted' recap (text plus a map marking what
    changed)"): the first reminder's DM has the seat's map attached, drawn from that seat's
    view with the changed areas rimmed, next to its buttons. The same payload sent to another
    user (the seat changed hands) goes without it: nobody gets a map of another seat's view."""
    from tests.table import helpers as table_helpers
    from tests.table.test_recap import battle_then_reminder

    drawn = table_helpers.spy_on_maps(monkeypatch)
    async with await Store.open(tmp_path / "table.db", snapshot_every=1) as store:
        clock = table_helpers.FakeClock()
        table = table_helpers.make_table(store, clock)
        game_id = await battle_then_reminder(table, clock)
        bob, alice = table_helpers.BOB, table_helpers.ALICE
        [reminder] = await table_helpers.queued(table, "remind", f"user:{bob}")
        assert reminder["map"]["seat"] == 1
        fake = FakeDiscord()
        transport = DiscordTransport(fake, table.service)
        await transport.send_dm(bob, reminder, "n")
        [(text, kwargs)] = fake.to(f"dm:{bob}")
        assert "Changed on your map: 1A, 1B." in text
        assert [c.custom_id for c in kwargs["view"].children] == [b["custom_id"] for b in reminder["buttons"]]
        image = kwargs["file"]
        assert image.fp.read().startswith(b"\x89PNG") and "1A, 1B" in image.description
        [(view, options)] = drawn
        assert view == (await table.service.view(game_id, bob)).view and options["seat"] == 1
        assert options["highlight"] == ("1A", "1B") and view["areas"]["1C"]["rune"] == "dragon"  # what BOB knows
        await transport.send_dm(alice, reminder, "n2")
        [(_, alice_kwargs)] = fake.to(f"dm:{alice}")
        assert "file" not in alice_kwargs and len(drawn) == 1
