"""The real discord.py client against the double: login, gateway, interactions, REST.

Source for every behaviour checked: Discord's API documentation (discord/discord-api-docs:
topics/gateway, interactions/receiving-and-responding, resources/message, resources/channel,
topics/rate-limits, topics/opcodes-and-status-codes), as docs/e2e.md summarises.
"""

from __future__ import annotations

import asyncio
import io
import math
import struct
import zlib

import aiohttp
import discord
import pytest

from bot.config import Config
from bot.endpoints import point_at
from bot.store import Store
from loopback import payloads as p
from loopback.double import DiscordDouble, DoubleError
from loopback.players import Player
from tests.e2e.conftest import running
from tests.e2e.probe_bot import Buttons, ProbeBot


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


async def test_the_runetable_bot_logs_in_gets_ready_and_syncs_to_the_dev_guild(double, tmp_path):
    """Start-up: GET /users/@me, application info, guild command overwrite, IDENTIFY, READY, GUILD_CREATE."""
    from bot.client import RunetableBot  # here, so the wire tests do not depend on the bot's cogs importing

    config = Config(token=double.token, database_path=tmp_path / "db.sqlite3", dev_guild_id=double.guild.id, log_level="INFO")
    store = await Store.open(config.database_path)
    try:
        async with running(RunetableBot(config, store), double) as bot:
            assert bot.user.id == double.bot.id
            assert bot.application_id == double.application_id
            guild = bot.get_guild(double.guild.id)
            assert guild is not None and guild.get_channel(double.channel.id).name == "runewars"
            routes = [r.route for r in double.requests]
            assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
            assert "PUT /applications/{application_id}/guilds/{guild_id}/commands" in routes
            identify = double.sessions[0].identify
            assert identify["token"] == double.token and identify["intents"] == discord.Intents.default().value
            assert all(r.status < 400 for r in double.requests)
    finally:
        await store.close()


async def test_a_wrong_token_is_refused_at_login(double):
    """401 on GET /users/@me is discord.py's LoginFailure (the bot's 'reset the token' message)."""
    double.token = "another-token"
    with pytest.raises(discord.LoginFailure):
        await ProbeBot(double.guild.id).start("e2e-token")


async def test_commands_are_overwritten_globally_and_per_guild_keeping_their_ids(double, probe):
    assert [c["name"] for c in double.global_commands] == ["ping"]
    probe_command = double.guild_commands[double.guild.id][0]
    assert probe_command["name"] == "probe"
    assert {o["name"] for o in probe_command["options"]} == {"echo", "secret", "slow", "fruit", "form"}
    before = probe_command["id"]
    await probe.tree.sync(guild=probe.guild)
    assert double.guild_commands[double.guild.id][0]["id"] == before


async def test_a_slash_command_answers_with_a_public_message_and_components(double, probe):
    alice, bob = double.add_user("alice"), double.add_user("bob")
    reply = await Player(double, alice).slash("probe echo", text="hello")
    assert reply.callback_type == p.CHANNEL_MESSAGE
    message = reply.message
    assert message.content == "echo: hello" and not message.ephemeral
    assert [c.get("label") or c.get("placeholder") for c in message.components()] == ["Press", "Later", "Pick a fruit"]
    assert message in double.inbox(alice) and message in double.inbox(bob)
    assert message.payload["interaction_metadata"]["user"]["id"] == str(alice.id)
    assert reply.ack_ms is not None and reply.ack_ms < 3000


async def test_buttons_update_the_message_now_or_after_a_deferral(double, probe):
    alice, bob = double.add_user("alice"), double.add_user("bob")
    message = (await Player(double, alice).slash("probe echo", text="hi")).message
    later = await Player(double, bob).click(message, "Later")
    assert later.callback_type == p.DEFERRED_UPDATE
    await double.wait_for(lambda: message.content == "updated later for bob", what="the deferred edit")
    pressed = await Player(double, alice).click(message, custom_id="probe:press")
    assert pressed.callback_type == p.UPDATE_MESSAGE and pressed.message is message
    assert message.content == "pressed by alice" and message.components() == []
    assert [v["content"] for v in message.history] == ["echo: hi", "updated later for bob"]
    with pytest.raises(DoubleError, match="0 components match"):
        await Player(double, bob).click(message, "Press")


async def test_a_select_answers_ephemerally_to_the_picker_only(double, probe):
    alice, bob = double.add_user("alice"), double.add_user("bob")
    message = (await Player(double, alice).slash("probe echo", text="fruit?")).message
    with pytest.raises(DoubleError, match="not among"):
        await Player(double, bob).select(message, ["cherry"])
    reply = await Player(double, bob).select(message, ["banana"])
    answer = reply.message
    assert answer.content == "you picked banana" and answer.ephemeral
    assert double.ephemerals(bob) == [answer]
    assert answer in double.inbox(bob) and answer not in double.inbox(alice)
    assert answer not in double.channel_messages(double.channel)


async def test_ephemeral_and_deferred_answers_with_follow_ups(double, probe):
    alice, bob = double.add_user("alice"), double.add_user("bob")
    player = Player(double, alice)
    secret = (await player.slash("probe secret")).message
    assert secret.ephemeral and secret in double.inbox(alice) and secret not in double.inbox(bob)

    slow = await player.slash("probe slow")
    assert slow.callback_type == p.DEFERRED_CHANNEL_MESSAGE
    assert slow.message.content == "done thinking" and not slow.message.loading
    assert slow.message.history[0]["flags"] & p.LOADING  # it showed "thinking..." first
    [extra] = await double.wait_for(
        lambda: slow.followups and slow.followups[0].history and slow.followups, what="the edited follow-up"
    )
    assert extra.content == "one more thing (edited)"
    assert [m.content for m in double.inbox(bob)] == ["done thinking", "one more thing (edited)"]


async def test_the_first_follow_up_after_a_deferral_fills_the_loading_message(double, probe):
    """Documented: "When using this endpoint directly after ... DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    this endpoint will function as Edit Original Interaction Response"."""
    alice = double.add_user("alice")

    @probe.tree.command(guild=probe.guild)
    async def think(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("thought", ephemeral=False)
        await interaction.followup.send("and more")

    await probe.tree.sync(guild=probe.guild)
    reply = await Player(double, alice).slash("think")
    assert reply.message.content == "thought" and reply.message.ephemeral  # the ephemeral state stays
    [more] = await double.wait_for(lambda: reply.followups, what="the second follow-up")
    assert more.content == "and more" and not more.ephemeral


async def test_autocomplete_and_modals(double, probe):
    alice, bob = double.add_user("alice"), double.add_user("bob")
    player = Player(double, alice)
    choices = await player.autocomplete("probe fruit", focused="name", value="ap")
    assert choices == [{"name": "Apple", "value": "apple"}, {"name": "Apricot", "value": "apricot"}]
    assert (await player.slash("probe fruit", name="banana")).message.content == "fruit: banana"
    with pytest.raises(DoubleError, match="needs"):
        await player.slash("probe fruit")

    opened = await player.slash("probe form")
    assert opened.callback_type == p.MODAL and opened.message is None
    assert opened.modal["title"] == "Leave a note"
    submitted = await player.submit(opened, note="hello")
    assert submitted.message.content == "noted: hello" and submitted.message in double.ephemerals(alice)
    assert submitted.message not in double.inbox(bob)


async def test_a_channel_message_with_attachment_embed_and_nonce_is_sent_once(double, probe):
    """enforce_nonce: a repeated nonce returns the first message instead of a new one."""
    alice = double.add_user("alice")
    channel = probe.get_channel(double.channel.id)
    png = tiny_png(3, 2)
    embed = discord.Embed(title="Year 1, spring").set_image(url="attachment://map.png")

    def send() -> asyncio.Future:
        return channel.send(
            "the map", embed=embed, nonce="g1-s3-channel", file=discord.File(io.BytesIO(png), "map.png", description="the board")
        )

    first, again = await send(), await send()
    assert first.id == again.id and first.nonce == "g1-s3-channel"
    [message] = double.channel_messages(double.channel)
    assert message in double.inbox(alice)
    [attachment] = message.attachments
    assert attachment["description"] == "the board" and (attachment["width"], attachment["height"]) == (3, 2)
    assert message.files[attachment["id"]] == png
    assert message.embeds[0]["image"]["url"] == attachment["url"]
    assert await first.attachments[0].read() == png  # served back from the double
    uploads = [r for r in double.requests if r.route == "POST /channels/{channel_id}/messages"]
    assert len(uploads) == 2 and uploads[0].files[0][:2] == ("files[0]", "map.png")
    assert uploads[0].json["enforce_nonce"] is True

    edited = await first.edit(content="the map (edited)", attachments=[])
    assert edited.content == "the map (edited)" and message.attachments == [] and len(message.history) == 1


async def test_dms_open_a_channel_and_closed_dms_answer_50007(double, probe):
    alice, carol = double.add_user("alice"), double.add_user("carol", dms_open=False)
    user = await probe.fetch_user(alice.id)
    sent = await user.send("your runes: 3 and 7")
    assert [m.content for m in double.dms(alice)] == ["your runes: 3 and 7"]
    assert double.dms(alice)[0].id == sent.id and double.inbox(alice) == double.dms(alice)
    assert double.inbox(double.add_user("bob")) == []

    await user.send("press it", view=Buttons())
    with_buttons = double.dms(alice)[-1]
    pressed = await Player(double, alice).click(with_buttons, "Press")  # an interaction from a DM
    assert "guild_id" not in pressed.payload and pressed.payload["user"]["id"] == str(alice.id)
    assert with_buttons.content == "pressed by alice"

    closed = await probe.fetch_user(carol.id)
    with pytest.raises(discord.Forbidden) as refused:
        await closed.send("secret")
    assert refused.value.code == 50007 and refused.value.status == 403
    assert double.dms(carol) == []


async def test_rate_limits_are_waited_out_and_retried(double, probe):
    """429 with retry_after and X-RateLimit headers: discord.py sleeps, then retries once."""
    double.rate_limit("POST /channels/{id}/messages", retry_after=0.3)
    await probe.get_channel(double.channel.id).send("after the limit")
    posts = [r for r in double.requests if r.route == "POST /channels/{channel_id}/messages"]
    assert [r.status for r in posts] == [429, 200]
    assert posts[1].at - posts[0].at >= 0.29
    assert [m.content for m in double.channel_messages(double.channel)] == ["after the limit"]


async def test_interaction_follow_ups_back_off_on_429_too(double, probe):
    """Webhook routes have their own rate-limit handling in discord.py; it must retry as well."""
    double.rate_limit("POST /webhooks/{application_id}/{token}", retry_after=0.2)
    reply = await Player(double, double.add_user("alice")).slash("probe slow")
    [extra] = await double.wait_for(lambda: reply.followups, what="the follow-up after the 429")
    assert extra.content.startswith("one more thing")
    statuses = [r.status for r in double.requests if r.route == "POST /webhooks/{application_id}/{token}"]
    assert statuses == [429, 200]


async def test_discord_refusals_reach_the_bot_as_errors(double, probe):
    channel = probe.get_channel(double.channel.id)
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("x" * 2001)
    assert too_long.value.code == 50035 and too_long.value.status == 400
    with pytest.raises(discord.NotFound) as unknown:
        await probe.http.send_message(12345, params=discord.http.handle_message_parameters(content="hi"))
    assert unknown.value.code == 10003
    assert double.channel_messages(double.channel) == []


async def test_threads_and_private_thread_inboxes(double, probe):
    alice, bob = double.add_user("alice"), double.add_user("bob")
    channel = probe.get_channel(double.channel.id)
    private = await channel.create_thread(name="alice's seat", type=discord.ChannelType.private_thread, invitable=True)
    await private.add_user(discord.Object(alice.id))
    whisper = await private.send("for alice")
    assert [m.id for m in double.inbox(alice)] == [whisper.id] and double.inbox(bob) == []
    await double.wait_for(lambda: probe.get_channel(private.id), what="THREAD_CREATE to reach the bot")

    start = await channel.send("game 1 starts")
    public = await start.create_thread(name="game 1")
    assert public.id == start.id  # a thread started from a message shares its id
    await public.send("table talk")
    assert [m.content for m in double.inbox(bob)] == ["game 1 starts", "table talk"]


async def test_the_bot_resumes_after_the_websocket_drops_and_gets_missed_events(double, probe):
    alice = double.add_user("alice")
    session = double.session
    await double.drop_gateway(code=4000)
    await double.wait_for(lambda: session.ws is None, what="the socket to close")
    reply = await Player(double, alice).slash("ping")  # dispatched while the bot is away
    assert reply.message.content == "pong"
    assert session.resumes == 1 and len(double.sessions) == 1
    resume = next(f for f in double.gateway_received if f["op"] == 6)
    assert resume["d"]["session_id"] == session.id
    assert session.sent[-1]["t"] == "RESUMED"

    await double.request_reconnect()  # opcode 7: reconnect and resume
    await double.wait_for(lambda: session.resumes == 2 and session.ws is not None, what="the second resume")
    assert (await Player(double, alice).slash("ping")).message.content == "pong"


async def test_an_invalidated_session_identifies_again(double, probe):
    await double.invalidate_session()
    await double.wait_connected(sessions=2)
    reply = await Player(double, double.add_user("alice")).slash("ping")
    assert reply.message.content == "pong"


async def test_heartbeats_are_acknowledged():
    async with DiscordDouble(heartbeat_interval_ms=100) as double:
        point_at(double.api_base, double.gateway_url)
        try:
            async with running(ProbeBot(double.guild.id), double) as bot:
                await double.wait_for(lambda: sum(f["op"] == 1 for f in double.gateway_received) >= 4, what="heartbeats")
                assert math.isfinite(bot.latency)  # measured from our ACKs
                assert double.session.ws is not None
        finally:
            point_at(None, None)


async def test_interaction_tokens_follow_discord_rules(double, probe):
    """One initial response per interaction (40060), within the ack deadline (10062), follow-ups after it."""
    alice = double.add_user("alice")
    reply = await Player(double, alice).slash("ping")
    late = await double.interact(alice, p.APPLICATION_COMMAND, {"id": "1", "name": "nothing", "type": 1}, channel=double.channel)
    double.ack_deadline = 0.0
    async with aiohttp.ClientSession() as http:

        async def post(path: str, body: dict) -> tuple[int, int]:
            async with http.post(f"{double.api_base}{path}", json=body) as response:
                return response.status, (await response.json())["code"]

        again = {"type": p.CHANNEL_MESSAGE, "data": {"content": "again"}}
        assert await post(f"/interactions/{reply.id}/{reply.token}/callback", again) == (400, 40060)
        assert await post(f"/interactions/{late.id}/{late.token}/callback", again) == (404, 10062)
        assert await post(f"/webhooks/{double.application_id}/{late.token}", {"content": "x"}) == (404, 10015)
    assert [m.content for m in double.channel_messages(double.channel)] == ["pong"]
