"""The commands only Seventh Stone has in its ``/ss`` group (``hand``, ``card`` and ``rules`` come
with every game's group, :mod:`bot.cogs.groups`): the market offer, the discard pile and the
tear-stone standings, answered ephemerally from the public view."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.seventhstone import info
from bot.ui.components import handle


def add_commands(group: app_commands.Group) -> None:
    @group.command(name="offer", description="The equipment tiles the market offers this year")
    async def offer(interaction: discord.Interaction) -> None:
        await handle(
            interaction, f"channel {interaction.channel_id}", lambda c: info.public(c, interaction.channel_id, info.offer_lines)
        )

    @group.command(name="discard", description="The equipment tiles in the discard pile")
    async def discard(interaction: discord.Interaction) -> None:
        await handle(
            interaction, f"channel {interaction.channel_id}", lambda c: info.public(c, interaction.channel_id, info.discard_lines)
        )

    @group.command(name="standings", description="Tear stones, tournament stones and resources of every player")
    async def standings(interaction: discord.Interaction) -> None:
        await handle(
            interaction,
            f"channel {interaction.channel_id}",
            lambda c: info.public(c, interaction.channel_id, info.standing_lines),
        )
