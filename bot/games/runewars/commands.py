"""The commands only Runewars has in its ``/rw`` group (``hand``, ``card`` and ``rules`` come
with every game's group, :mod:`bot.cogs.groups`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.runewars import info
from bot.ui.components import handle


def add_commands(group: app_commands.Group) -> None:
    @group.command(name="fate", description="The fate deck: the discard pile and what may still come")
    async def fate(interaction: discord.Interaction) -> None:
        await handle(interaction, f"channel {interaction.channel_id}", lambda c: info.fate(c, interaction.channel_id))
