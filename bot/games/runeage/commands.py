"""The commands only Rune Age has in its ``/ra`` group (``hand``, ``card`` and ``rules`` come
with every game's group, :mod:`bot.cogs.groups`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.runeage import info
from bot.ui.components import handle


def add_commands(group: app_commands.Group) -> None:
    @group.command(name="events", description="The event deck: its level next, its size, the events seen")
    async def events(interaction: discord.Interaction) -> None:
        await handle(interaction, f"channel {interaction.channel_id}", lambda c: info.events(c, interaction.channel_id))

    @group.command(name="supply", description="The neutral supply: neutral cards and gold cards left in the centre")
    async def supply(interaction: discord.Interaction) -> None:
        await handle(interaction, f"channel {interaction.channel_id}", lambda c: info.supply(c, interaction.channel_id))
