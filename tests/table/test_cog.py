"""bot.cogs.table: every command and button called through its callback with a minimal fake
interaction (no Discord connection), the commands joining the /game group when the cog
loads, and the superseded-message marker. The last test fails if a command of the cog was
never invoked here. Source: issue 10; docs/table.md."""

import re
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.cogs.game import GameCog
from bot.cogs.table import TABLE_ITEMS, DiscordMarker, TableCog
from bot.delivery import TransientFailure, Undeliverable
from bot.table.sweeper import sweep
from bot.table.undo import SupersededMessage
from tests.table.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    CONQUER_TURN,
    DAVE,
    GUILD,
    awaited_users,
    play_first,
    runewars_game,
    tiny_game,
)

INVOKED: set[str] = set()
CLICKED: set[type] = set()


class FakeClient:
    """What the cog uses of the bot: the store, the service, its own cog, a delivery kick."""

    def __init__(self, table):
        self.store, self.service = table.store, table.service
        self.kicked = 0
        self.cog = None

    def get_cog(self, name):
        return self.cog

    def kick_delivery(self):
        self.kicked += 1


@pytest.fixture
def cog(table):
    client = FakeClient(table)
    client.cog = TableCog(client, clock=table.clock)
    return client.cog


def interaction(cog, user_id, *, component=False, manager=False, channel=CHANNEL, custom_id=""):
    return SimpleNamespace(
        type=discord.InteractionType.component if component else discord.InteractionType.application_command,
        client=cog.bot,
        user=SimpleNamespace(id=user_id),
        guild_id=GUILD,
        channel_id=channel,
        permissions=SimpleNamespace(manage_guild=manager),
        data={"custom_id": custom_id} if component else {"name": "test"},
        response=SimpleNamespace(defer=AsyncMock()),
        followup=SimpleNamespace(send=AsyncMock()),
        edit_original_response=AsyncMock(),
    )


def commands_of(cog) -> dict[str, app_commands.Command]:
    return {c.qualified_name: c for c in cog.walk_app_commands() if isinstance(c, app_commands.Command)}


async def run(cog, name, user, *, manager=False, **options):
    fake = interaction(cog, user, manager=manager)
    await commands_of(cog)[name].callback(cog, fake, **options)
    INVOKED.add(name)
    return fake


async def click(cog, custom_id, user):
    [cls] = [c for c in TABLE_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
    item = await cls.from_custom_id(
        None, discord.ui.Button(label="x", custom_id=custom_id), cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    )
    fake = interaction(cog, user, component=True, custom_id=custom_id)
    await item.callback(fake)
    fake.response.defer.assert_awaited_once_with()
    CLICKED.add(cls)
    return fake


def texts(fake) -> list[str]:
    """What was said: follow-ups and edits, in order."""
    said = [c.args[0] for c in fake.followup.send.await_args_list]
    return said + [c.kwargs["content"] for c in fake.edit_original_response.await_args_list]


def buttons(fake) -> list[str]:
    views = [c.kwargs.get("view") for c in fake.followup.send.await_args_list + fake.edit_original_response.await_args_list]
    return [item.custom_id for view in views if view for item in view.children]


def member(user_id):
    return SimpleNamespace(id=user_id)


async def test_votes_from_commands_and_buttons(cog, table):
    game_id = await tiny_game(table)
    fake = await run(cog, "vote pause", ALICE)
    fake.response.defer.assert_awaited_once_with(ephemeral=False, thinking=True)  # votes are public
    mentions = fake.followup.send.await_args.kwargs["allowed_mentions"]
    assert (mentions.everyone, mentions.users, mentions.roles) == (False, False, False)  # a vote pings nobody
    vote_id = int(re.search(r"Vote #(\d+)", texts(fake)[0])[1])
    assert buttons(fake) == [ids.vote_id(game_id, vote_id, True), ids.vote_id(game_id, vote_id, False)]
    fake = await click(cog, ids.vote_id(game_id, vote_id, True), BOB)
    assert "**Passed.**" in texts(fake)[0] and buttons(fake) == []  # the vote's message is edited in place
    assert cog.bot.kicked
    fake = await run(cog, "vote resume", BOB)
    assert "resume the game's clocks" in texts(fake)[0]
    fake = await run(cog, "vote extend", CAROL, duration="1d")
    assert "by 24 hours" in texts(fake)[0]
    fake = await run(cog, "vote abandon", CAROL)
    assert "abandon the game" in texts(fake)[0]
    fake = await run(cog, "vote ai", ALICE, player=member(BOB))
    assert f"hand <@{BOB}>'s seat to the AI" in texts(fake)[0]
    fake = await run(cog, "vote replace", ALICE, player=member(CAROL))
    assert "Yes 1, no 0 of 2 voters" in texts(fake)[0]
    fake = await run(cog, "vote kick", DAVE, player=member(CAROL))
    assert texts(fake) == ["Only the players of this game (other than the one a vote is about) can open a vote."]


async def test_a_kicked_seat_is_claimed_by_button(cog, table):
    game_id = await tiny_game(table)
    fake = await run(cog, "vote kick", ALICE, player=member(CAROL))
    vote_id = int(re.search(r"Vote #(\d+)", texts(fake)[0])[1])
    fake = await click(cog, ids.vote_id(game_id, vote_id, True), BOB)
    [claim] = buttons(fake)
    fake = await click(cog, claim, DAVE)
    assert texts(fake)[0].startswith(f"🪑 <@{DAVE}> took over seat")
    fake = await click(cog, claim, 999)
    assert "not open for claiming" in texts(fake)[0]


async def test_deadlines_by_moderators_and_by_vote(cog, table):
    game_id = await tiny_game(table)
    await sweep(cog.table)
    before = {w.seat: w.deadline for w in await table.store.waits(game_id)}
    fake = await run(cog, "deadline extend", BOB, duration="12h")
    assert "Vote #" in texts(fake)[0]  # a player: a vote
    fake = await run(cog, "deadline extend", BOB, duration="soon")
    assert "is not a duration" in texts(fake)[0]
    fake = await run(cog, "deadline extend", ALICE, duration="1d 6h", player=member(BOB))  # ALICE created the game
    assert texts(fake)[0].startswith(f"⏳ <@{ALICE}> (moderator) extended the deadline by 30 hours")
    bob = next(s.seat for s in await table.store.seats(game_id) if s.user_id == BOB)
    assert {w.seat: w.deadline for w in await table.store.waits(game_id)}[bob] == before[bob] + 30 * 3600
    fake = await run(cog, "deadline set", BOB, hours=24)
    assert "Only the game's creator" in texts(fake)[0]
    fake = await run(cog, "deadline set", DAVE, manager=True, hours=24, reminder_hours=6)  # Manage Server
    assert texts(fake) == [f"⏳ <@{DAVE}> (moderator) set the time per decision to 24 hours; reminders every 6 hours."]
    assert {w.deadline - w.since for w in await table.store.waits(game_id)} == {24 * 3600}


async def test_force_default_mute_ai_seat_concede(cog, table):
    game_id = await tiny_game(table)
    await sweep(cog.table)
    fake = await run(cog, "mute", ALICE)
    assert texts(fake)[0].startswith("🔕 No more reminders")
    fake = await click(cog, ids.mute_id(game_id), BOB)
    assert texts(fake)[0].startswith("🔕")
    fake = await run(cog, "force-default", BOB, player=member(CAROL))
    assert "Only the game's creator" in texts(fake)[0]
    fake = await run(cog, "force-default", ALICE, player=member(CAROL))
    assert texts(fake)[0].startswith(f"⚖️ <@{ALICE}> (moderator) forced the AI default for <@{CAROL}>")
    assert CAROL not in await awaited_users(table, game_id)
    fake = await run(cog, "ai-seat", BOB, hours=3)
    assert f"The AI plays <@{BOB}>'s seat until <t:" in texts(fake)[0]
    fake = await run(cog, "ai-seat", BOB, hours=0)
    assert texts(fake) == [f"🙋 <@{BOB}> plays their seat again."]
    fake = await run(cog, "concede", ALICE)
    assert "conceded" in texts(fake)[0]
    assert ALICE not in {s.user_id for s in await table.store.seats(game_id)}


async def test_undo_preview_and_confirm(cog, table):
    game_id = await tiny_game(table)
    await play_first(table, game_id, ALICE)
    fake = await run(cog, "undo", ALICE)
    fake.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    assert texts(fake)[0].startswith("This takes back:\nMove 2: Play the ")
    [confirm] = buttons(fake)
    fake = await click(cog, confirm, ALICE)
    assert texts(fake)[0].startswith("↩️ Undone")
    fake = await click(cog, confirm, ALICE)
    assert texts(fake) == ["The game moved on since you asked; ask again with /game undo."]


async def test_export_review_and_reminder_settings(cog, table):
    game_id = await tiny_game(table)
    fake = await run(cog, "export", DAVE)
    [call] = fake.followup.send.await_args_list
    assert call.kwargs["files"][0].filename == f"runetable-tinygame-{game_id}-public.json"
    fake = await run(cog, "review", DAVE, season=1)
    assert texts(fake) == ["This game has no seasons to review."]
    fake = await run(cog, "reminders", BOB, every_hours=6, quiet="23-7", timezone="Europe/Berlin", heads_up=False)
    assert texts(fake) == [
        'Your reminders: every 6 hours; quiet hours 23:00 to 7:00 (Europe/Berlin); "you\'re next" messages off.'
    ]
    fake = await run(cog, "reminders", BOB, timezone="Mars/Olympus")
    assert "is not a time zone" in texts(fake)[0]
    zones = await cog._timezones(interaction(cog, BOB), "berl")
    assert [z.value for z in zones] == ["Europe/Berlin"]


async def test_review_buttons_edit_the_message(cog, table, monkeypatch):
    from bot.table import ui

    async def review(table, channel_id, user_id, season, game_id=None):
        return [ui.Reply(f"season {season} of game {game_id}")]

    monkeypatch.setattr(ui, "review", review)
    fake = await click(cog, ids.review_id(7, 2), ALICE)
    assert texts(fake) == ["season 2 of game 7"] and fake.edit_original_response.await_count == 1


async def test_a_bug_is_answered_with_an_apology(cog, monkeypatch):
    from bot.table import ui

    async def broken(*args):
        raise KeyError("boom")

    monkeypatch.setattr(ui, "export", broken)
    fake = await run(cog, "export", ALICE)
    assert texts(fake)[0].startswith("Sorry, something went wrong")


async def test_the_commands_join_the_game_group_when_the_cog_loads(table):
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    bot.store, bot.service = table.store, table.service
    async with bot:
        await bot.add_cog(GameCog(bot))
        await bot.add_cog(TableCog(bot, clock=table.clock))
        game = bot.tree.get_command("game")
        names = {c.qualified_name for c in game.walk_commands()}
        assert {"game undo", "game vote kick", "game deadline extend", "game export", "game force-default"} <= names
        assert bot.tree.get_command("undo") is None and bot.tree.get_command("vote") is None
        assert all(cls in bot._connection._view_store._dynamic_items.values() for cls in TABLE_ITEMS)
        await bot.remove_cog("TableCog")


async def test_the_marker_edits_a_sent_message_and_maps_discord_errors():
    sent = SimpleNamespace(content="Seat 1 moved.", edit=AsyncMock())
    channel = SimpleNamespace(fetch_message=AsyncMock(return_value=sent))
    client = SimpleNamespace(get_channel=lambda cid: channel, get_user=lambda uid: None)
    await DiscordMarker(client).mark(SupersededMessage(CHANNEL, None, 42))
    channel.fetch_message.assert_awaited_once_with(42)
    assert sent.edit.await_args.kwargs == {"content": "↩️ *Undone: this move was taken back.*\n~~Seat 1 moved.~~", "view": None}
    response = SimpleNamespace(status=404, reason="Not Found")
    channel.fetch_message = AsyncMock(side_effect=discord.NotFound(response, "Unknown Message"))
    with pytest.raises(Undeliverable):
        await DiscordMarker(client).mark(SupersededMessage(CHANNEL, None, 43))
    channel.fetch_message = AsyncMock(side_effect=discord.HTTPException(SimpleNamespace(status=503, reason="x"), "down"))
    with pytest.raises(TransientFailure):
        await DiscordMarker(client).mark(SupersededMessage(CHANNEL, None, 44))


async def test_the_recap_map_button_sends_my_map(cog, table, clock):
    game_id = await runewars_game(table, (ALICE, BOB), CONQUER_TURN)
    await play_first(table, game_id, ALICE, "activate")
    fake = await click(cog, ids.recap_id(game_id, 1, 2, 0), BOB)
    assert "outlined, what changed since your move 1:" in texts(fake)[0]
    [file] = fake.followup.send.await_args.kwargs["files"]
    assert file.filename == f"game-{game_id}-changes-2.png"
    assert fake.followup.send.await_args.kwargs["ephemeral"]


def test_every_command_and_button_was_used(cog):
    """Runs last in this module (pytest keeps file order): a new command needs a test here."""
    assert set(commands_of(cog)) == INVOKED, f"never invoked: {sorted(set(commands_of(cog)) - INVOKED)}"
    assert set(TABLE_ITEMS) == CLICKED, f"never clicked: {sorted(c.__name__ for c in set(TABLE_ITEMS) - CLICKED)}"
