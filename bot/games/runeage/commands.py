"""The commands only Rune Age has in its ``/ra`` group (``hand``, ``card`` and ``rules`` come
with every game's group, :mod:`bot.cogs.groups`)."""

from __future__ import annotations

from discord import app_commands

from bot.games.runeage import info
from bot.ui.components import channel_command


def add_commands(group: app_commands.Group) -> None:
    channel_command(group, "events", "The event deck: its level next, its size, the events seen", info.events)
    channel_command(group, "supply", "The neutral supply: neutral cards and gold cards left in the centre", info.supply)
