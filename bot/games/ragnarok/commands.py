"""The commands only Lords of Ragnarok has in its ``/lor`` group (``hand``, ``card`` and ``rules``
come with every game's group, :mod:`bot.cogs.groups`)."""

from __future__ import annotations

from discord import app_commands

from bot.games.ragnarok import info
from bot.ui.components import channel_command


def add_commands(group: app_commands.Group) -> None:
    channel_command(group, "discards", "The discard piles: combat, event, blessing and monster attack cards", info.discards)
    channel_command(group, "omens", "Ragnarök's omens: which are fulfilled, and when Ragnarök begins", info.omens)
