"""The commands only Lords of Ragnarok has in its ``/lor`` group (``hand``, ``card`` and ``rules``
come with every game's group, :mod:`bot.cogs.groups`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.ragnarok import info
from bot.ui.components import handle


def add_commands(group: app_commands.Group) -> None:
    @group.command(name="discards", description="The discard piles: combat, event, blessing and monster attack cards")
    async def discards(interaction: discord.Interaction) -> None:
        await handle(interaction, f"channel {interaction.channel_id}", lambda c: info.discards(c, interaction.channel_id))

    @group.command(name="omens", description="Ragnarök's omens: which are fulfilled, and when Ragnarök begins")
    async def omens(interaction: discord.Interaction) -> None:
        await handle(interaction, f"channel {interaction.channel_id}", lambda c: info.omens(c, interaction.channel_id))
