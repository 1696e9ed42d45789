"""The community's table (issue 32 items 1 and 5): ``/stats``, ``/leaderboard``, ``/game follow``
and ``/game unfollow``. Thin: each command hands its work to :mod:`bot.table.community` through
:func:`bot.ui.components.handle`. ``follow`` and ``unfollow`` join the ``/game`` group of
:mod:`bot.cogs.game` (load that extension first)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.table import community
from bot.ui.components import handle

#: the commands that live under ``/game`` (the others are top-level)
GAME_COMMANDS = ("follow", "unfollow")


def _member_id(member: discord.abc.User | None) -> int | None:
    return None if member is None else member.id


class CommunityCog(commands.Cog):
    """Results, ratings and following a game."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def cog_load(self) -> None:
        game = self.bot.tree.get_command("game")
        if not isinstance(game, app_commands.Group):
            raise RuntimeError("bot.cogs.community adds to the /game group of bot.cogs.game: load that extension first.")
        under_game = [c for c in self.__cog_app_commands__ if c.name in GAME_COMMANDS]
        for command in under_game:
            game.add_command(command)
        self.__cog_app_commands__ = [c for c in self.__cog_app_commands__ if c.name not in GAME_COMMANDS]

    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        offered = sorted(self.bot.service.games)
        return [app_commands.Choice(name=self.bot.service.descriptor(g).title[:100], value=g) for g in offered if typed in g][:25]

    @app_commands.command(name="stats", description="A player's games in this server: wins, by faction, average length, rating")
    @app_commands.describe(player="whose stats (default: yours)", game="one game only (default: every game)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, player: discord.Member | None = None, game: str | None = None
    ) -> None:
        await handle(
            interaction,
            f"channel {interaction.channel_id}",
            lambda c: community.stats(c, interaction.guild_id, interaction.user.id, _member_id(player), game),
        )

    @app_commands.command(name="leaderboard", description="This server's players by rating (OpenSkill)")
    @app_commands.describe(game="one game only (default: every game rated here)")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await handle(
            interaction, f"channel {interaction.channel_id}", lambda c: community.leaderboard(c, interaction.guild_id, game)
        )

    @stats.autocomplete("game")
    async def _stats_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._game_choices(interaction, current)

    @leaderboard.autocomplete("game")
    async def _leaderboard_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._game_choices(interaction, current)

    @app_commands.command(name="follow", description="Spectators: get this game's chapter summaries by DM")
    async def follow(self, interaction: discord.Interaction) -> None:
        await handle(
            interaction,
            f"channel {interaction.channel_id}",
            lambda c: community.follow(c, interaction.channel_id, interaction.user.id, True),
        )

    @app_commands.command(name="unfollow", description="Stop getting this game's chapter summaries by DM")
    async def unfollow(self, interaction: discord.Interaction) -> None:
        await handle(
            interaction,
            f"channel {interaction.channel_id}",
            lambda c: community.follow(c, interaction.channel_id, interaction.user.id, False),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CommunityCog(bot))
