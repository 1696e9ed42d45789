"""The table over days as slash commands and buttons, plus the sweeper loop (docs/table.md).

Thin, like :mod:`bot.cogs.game`: each command defers, calls one function of
:mod:`bot.table.ui` and sends its replies. The commands join the ``/game`` group of
:mod:`bot.cogs.game` (load that extension first):

``/game deadline extend|set``, ``/game vote pause|resume|extend|replace|ai|kick|abandon``,
``/game undo``, ``/game export``, ``/game review``, ``/game concede``, ``/game mute``,
``/game ai-seat``, ``/game force-default``, ``/game reminders``.

Buttons are :class:`discord.ui.DynamicItem` templates (:mod:`bot.ids`), so they keep
working after a restart. The sweeper (:func:`bot.table.sweeper.sweep`) runs once the client
is ready and then every :data:`SWEEP_SECONDS`; after each sweep the messages of undone
moves are edited to say so, and the outbox is drained.
"""

from __future__ import annotations

import dataclasses
import io
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from zoneinfo import available_timezones

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import ids
from bot.delivery import TransientFailure, Undeliverable
from bot.table import Table, ui, undo
from bot.table.sweeper import sweep
from bot.table.ui import Reply
from bot.ui.components import FromId
from bot.ui.panels import ButtonSpec

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
APOLOGY = "Sorry, something went wrong on our side; nothing was changed. The error is logged."
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
NO_PINGS = discord.AllowedMentions.none()


def _manager(interaction: discord.Interaction) -> bool:
    """Manage Server in this channel (with the game's creator, a moderator of its game)."""
    return bool(getattr(getattr(interaction, "permissions", None), "manage_guild", False))


def _user_id(member: discord.abc.User | None) -> int | None:
    return None if member is None else member.id


async def respond(
    interaction: discord.Interaction, work: Callable[[], Awaitable[Sequence[Reply]]], *, public: bool = False
) -> None:
    """Defer at once, run ``work``, send its replies, drain the outbox soon; apologise on a bug."""
    if interaction.type == discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=not public, thinking=True)
    try:
        replies = await work()
    except Exception:
        log.exception("unexpected error in %s", (interaction.data or {}).get("custom_id") or (interaction.data or {}).get("name"))
        replies = [ui.say(APOLOGY)]
    for reply in replies:
        view = to_view(reply.buttons)
        files = [
            discord.File(io.BytesIO(a.data), filename=a.filename, description=a.description[:1024] or None) for a in reply.files
        ]
        if reply.edit and interaction.type == discord.InteractionType.component:
            await interaction.edit_original_response(content=reply.text, view=view, attachments=files)
        else:
            extra = {"view": view} if view is not None else {}
            if files:
                extra["files"] = files
            await interaction.followup.send(reply.text, ephemeral=not reply.public, allowed_mentions=NO_PINGS, **extra)
    kick = getattr(interaction.client, "kick_delivery", None)
    if kick is not None:
        kick()


def to_view(buttons: Sequence[ButtonSpec]) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for spec in buttons:
        button = discord.ui.Button(label=spec.label, custom_id=spec.custom_id, style=STYLES[spec.style])
        [item] = [cls for cls in TABLE_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(spec.custom_id)]
        view.add_item(item(button))
    return view


def _table(interaction: discord.Interaction) -> Table:
    return interaction.client.get_cog(TableCog.__cog_name__).table


class VoteButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.VOTE_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        await respond(
            interaction,
            lambda: ui.ballot(
                _table(interaction), int(m["vote"]), interaction.user.id, m["ballot"] == "y", _manager(interaction)
            ),
        )


class UndoButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.UNDO_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        await respond(
            interaction,
            lambda: ui.undo_confirm(_table(interaction), int(m["game"]), interaction.user.id, int(m["seq"]), int(m["rewinds"])),
        )


class ClaimButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.CLAIM_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        await respond(interaction, lambda: ui.claim(_table(interaction), int(m["game"]), int(m["seat"]), interaction.user.id))


class MuteButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.MUTE_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        game_id = int(self.match["game"])
        await respond(interaction, lambda: ui.mute(_table(interaction), game_id, interaction.channel_id, interaction.user.id))


class ReviewButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.REVIEW_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match

        async def work() -> list[Reply]:
            replies = await ui.review(_table(interaction), None, interaction.user.id, int(m["season"]), game_id=int(m["game"]))
            return [dataclasses.replace(r, edit=True) for r in replies]

        await respond(interaction, work)


class RecapButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.RECAP_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        await respond(
            interaction,
            lambda: ui.recap_map(
                _table(interaction), int(m["game"]), interaction.user.id, int(m["since"]), int(m["seq"]), int(m["rewinds"])
            ),
        )


#: registered by :meth:`TableCog.cog_load` with ``client.add_dynamic_items``
TABLE_ITEMS = (VoteButton, UndoButton, ClaimButton, MuteButton, ReviewButton, RecapButton)


class DiscordMarker:
    """Edits a sent message of an undone move to say so (:class:`bot.table.undo.Marker`)."""

    def __init__(self, client: discord.Client):
        self.client = client

    async def mark(self, message: undo.SupersededMessage) -> None:
        try:
            if message.user_id is not None:
                user = self.client.get_user(message.user_id) or await self.client.fetch_user(message.user_id)
                channel = user.dm_channel or await user.create_dm()
            else:
                channel = self.client.get_channel(message.channel_id) or await self.client.fetch_channel(message.channel_id)
            sent = await channel.fetch_message(message.message_id)
            content = f"~~{sent.content}~~" if sent.content else ""
            text = f"{undo.SUPERSEDED_NOTE}\n{content}"
            await sent.edit(content=text if len(text) <= 2000 else text[:1999] + "…", view=None)
        except (discord.Forbidden, discord.NotFound) as e:
            raise Undeliverable(str(e)) from e
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as e:
            raise TransientFailure(str(e)) from e


class TableCog(commands.Cog):
    """Deadlines, reminders, votes, undo and the log of the channel's game."""

    deadline = app_commands.Group(name="deadline", description="Deadlines of this channel's game")
    vote = app_commands.Group(name="vote", description="Votes of the seated players")

    def __init__(self, bot: commands.Bot, *, clock: Callable[[], float] = time.time):
        self.bot = bot
        self.table = Table(bot.store, bot.service, clock)

    async def cog_load(self) -> None:
        game = self.bot.tree.get_command("game")
        if not isinstance(game, app_commands.Group):
            raise RuntimeError("bot.cogs.table adds to the /game group of bot.cogs.game: load that extension first.")
        for command in self.__cog_app_commands__:
            game.add_command(command)
        self.__cog_app_commands__ = []  # they live under /game, not at the top level
        self.bot.add_dynamic_items(*TABLE_ITEMS)

    async def cog_unload(self) -> None:
        self.sweeper.cancel()
        self.bot.remove_dynamic_items(*TABLE_ITEMS)

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweeper(self) -> None:
        try:
            report = await sweep(self.table)
            await undo.mark_superseded(self.table, DiscordMarker(self.bot))
        except Exception:
            log.exception("the table's sweep failed; trying again in %s s", SWEEP_SECONDS)
            return
        if report:
            log.info("table sweep: %s", report)
        kick = getattr(self.bot, "kick_delivery", None)
        if kick is not None:
            kick()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Sweep once connected (READY also comes again after a reconnect: the loop keeps running)."""
        if not self.sweeper.is_running():
            self.sweeper.start()

    # ---------------------------------------------------------------- deadlines

    @deadline.command(name="extend", description="Move the deadline back (a moderator at once, a player by vote)")
    @app_commands.describe(duration="how long, e.g. 1d, 12h or 1d 6h", player="moderators: only this player's deadline")
    async def deadline_extend(
        self, interaction: discord.Interaction, duration: str, player: discord.Member | None = None
    ) -> None:
        await respond(
            interaction,
            lambda: ui.deadline_extend(
                self.table, interaction.channel_id, interaction.user.id, _manager(interaction), duration, _user_id(player)
            ),
            public=True,
        )

    @deadline.command(name="set", description="Moderators: the time per decision (0: no deadline) and reminder interval")
    @app_commands.describe(hours="hours per decision (0: no deadline)", reminder_hours="hours between reminders")
    async def deadline_set(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[float, 0, 2160],
        reminder_hours: app_commands.Range[float, 1, 168] | None = None,
    ) -> None:
        await respond(
            interaction,
            lambda: ui.deadline_set(
                self.table, interaction.channel_id, interaction.user.id, _manager(interaction), hours, reminder_hours
            ),
            public=True,
        )

    # ---------------------------------------------------------------- votes

    async def _vote(
        self, interaction: discord.Interaction, kind: str, player: discord.Member | None = None, duration: str | None = None
    ) -> None:
        await respond(
            interaction,
            lambda: ui.open_vote(
                self.table, interaction.channel_id, interaction.user.id, kind, _user_id(player), duration, _manager(interaction)
            ),
            public=True,
        )

    @vote.command(name="pause", description="Vote to pause the game's reminders and deadlines")
    async def vote_pause(self, interaction: discord.Interaction) -> None:
        await self._vote(interaction, "pause")

    @vote.command(name="resume", description="Vote to run the game's reminders and deadlines again")
    async def vote_resume(self, interaction: discord.Interaction) -> None:
        await self._vote(interaction, "resume")

    @vote.command(name="extend", description="Vote to move the current deadlines back")
    @app_commands.describe(duration="how long, e.g. 1d, 12h or 1d 6h")
    async def vote_extend(self, interaction: discord.Interaction, duration: str) -> None:
        await self._vote(interaction, "extend", duration=duration)

    @vote.command(name="replace", description="Vote to let someone else take over an inactive player's seat")
    async def vote_replace(self, interaction: discord.Interaction, player: discord.Member) -> None:
        await self._vote(interaction, "replace", player)

    @vote.command(name="ai", description="Vote to hand a player's seat to the AI for the rest of the game")
    async def vote_ai(self, interaction: discord.Interaction, player: discord.Member) -> None:
        await self._vote(interaction, "ai", player)

    @vote.command(name="kick", description="Vote to remove a player (the AI plays the seat until someone claims it)")
    async def vote_kick(self, interaction: discord.Interaction, player: discord.Member) -> None:
        await self._vote(interaction, "kick", player)

    @vote.command(name="abandon", description="Vote to abandon the game")
    async def vote_abandon(self, interaction: discord.Interaction) -> None:
        await self._vote(interaction, "abandon")

    # ---------------------------------------------------------------- my seat

    @app_commands.command(name="undo", description="Take back your last move (while it revealed nothing)")
    async def undo_move(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: ui.undo_preview(self.table, interaction.channel_id, interaction.user.id))

    @app_commands.command(name="concede", description="Leave the game; the AI plays your seat to the end")
    async def concede(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: ui.concede(self.table, interaction.channel_id, interaction.user.id), public=True)

    @app_commands.command(name="mute", description="No more reminders for your current decision")
    async def mute(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: ui.mute(self.table, None, interaction.channel_id, interaction.user.id))

    @app_commands.command(name="ai-seat", description="Let the AI play your seat for a while (0 hours: take it back)")
    @app_commands.describe(hours="for how many hours (0: take your seat back now)")
    async def ai_seat(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 720]) -> None:
        await respond(
            interaction, lambda: ui.ai_seat(self.table, interaction.channel_id, interaction.user.id, hours), public=True
        )

    @app_commands.command(name="reminders", description="Your reminder interval, quiet hours, time zone and heads-up")
    @app_commands.describe(
        every_hours="hours between reminders (0: none)",
        quiet="quiet hours, e.g. 22-8, or off",
        timezone="your time zone, e.g. Europe/Berlin",
        heads_up="a DM when your turn is next",
    )
    async def reminders(
        self,
        interaction: discord.Interaction,
        every_hours: app_commands.Range[float, 0, 168] | None = None,
        quiet: str | None = None,
        timezone: str | None = None,
        heads_up: bool | None = None,
    ) -> None:
        await respond(interaction, lambda: ui.reminders(self.table, interaction.user.id, every_hours, quiet, timezone, heads_up))

    @reminders.autocomplete("timezone")
    async def _timezones(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = sorted(z for z in available_timezones() if current.lower() in z.lower())[:25]
        return [app_commands.Choice(name=z, value=z) for z in names]

    # ---------------------------------------------------------------- moderators

    @app_commands.command(name="force-default", description="Moderators: let the AI answer a stuck decision now")
    @app_commands.describe(player="only this player's decision (default: everyone awaited)")
    async def force_default(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        await respond(
            interaction,
            lambda: ui.force_default(
                self.table, interaction.channel_id, interaction.user.id, _manager(interaction), _user_id(player)
            ),
            public=True,
        )

    # ---------------------------------------------------------------- the log

    @app_commands.command(name="export", description="The game's action log as a file (secrets only after the end)")
    async def export(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: ui.export(self.table, interaction.channel_id, interaction.user.id))

    @app_commands.command(name="review", description="The map and story of a past season of this channel's game")
    @app_commands.describe(
        season="which season (1 is the first)",
        game="an earlier game of this server, by number (see /games)",
        timelapse="the map after each chapter as one animated picture, instead of one season",
    )
    async def review(
        self,
        interaction: discord.Interaction,
        season: app_commands.Range[int, 1, 100] = 1,
        game: app_commands.Range[int, 1] | None = None,
        timelapse: bool = False,
    ) -> None:
        await respond(
            interaction,
            lambda: ui.review(
                self.table,
                interaction.channel_id,
                interaction.user.id,
                season,
                game_id=game,
                guild_id=interaction.guild_id,
                timelapse=timelapse,
            ),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
