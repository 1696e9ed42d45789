"""Rune Age's own information commands (``/ra events``, ``/ra supply``), answered ephemerally
from the public view of the channel's game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.runeage.narrator import event_facts, supply_facts
from bot.i18n import N_
from bot.ui.info import public_info
from bot.ui.play import Reply


async def _public(client, channel_id: int, facts: Callable[[dict[str, Any], Any], list[str]]) -> list[Reply]:
    return await public_info(
        client,
        channel_id,
        "runeage",
        lambda view, pack, tr: facts(view, pack),
        not_started=N_("Game #{game} has not started yet."),
        elsewhere=N_("The game in this channel is not Rune Age."),
    )


async def events(client, channel_id: int) -> list[Reply]:
    """/ra events: the event deck's size and the level it draws next, the current event, the events seen."""
    return await _public(client, channel_id, event_facts)


async def supply(client, channel_id: int) -> list[Reply]:
    """/ra supply: the neutral cards and gold cards left in the centre, with their costs."""
    return await _public(client, channel_id, supply_facts)
