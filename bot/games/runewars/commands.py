"""The commands only Runewars has in its ``/rw`` group (``hand``, ``card`` and ``rules`` come
with every game's group, :mod:`bot.cogs.groups`)."""

from __future__ import annotations

from discord import app_commands

from bot.games.runewars import info
from bot.ui.components import channel_command


def add_commands(group: app_commands.Group) -> None:
    channel_command(group, "fate", "The fate deck: the discard pile and what may still come", info.fate)
