"""The commands only Seventh Stone has in its ``/ss`` group (``hand``, ``card`` and ``rules`` come
with every game's group, :mod:`bot.cogs.groups`): the market offer, the discard pile and the
tear-stone standings, answered ephemerally from the public view."""

from __future__ import annotations

from functools import partial

from discord import app_commands

from bot.games.seventhstone import info
from bot.ui.components import channel_command


def add_commands(group: app_commands.Group) -> None:
    for name, description, lines in (
        ("offer", "The equipment tiles the market offers this year", info.offer_lines),
        ("discard", "The equipment tiles in the discard pile", info.discard_lines),
        ("standings", "Tear stones, tournament stones and resources of every player", info.standing_lines),
    ):
        channel_command(group, name, description, partial(info.public, lines=lines))
