"""Rune Age's own information commands (``/ra events``, ``/ra supply``), answered ephemerally
from the public view of the channel's game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.errors import RunetableError
from bot.games.runeage.narrator import event_facts, supply_facts
from bot.narration import current_tr
from bot.ui.play import Reply, say


async def _public(client, channel_id: int, facts: Callable[[dict[str, Any], Any], list[str]]) -> list[Reply]:
    tr = current_tr()
    try:
        record = await client.service.game_shown_in(channel_id)
        if record.status == "lobby":
            return [say(tr._("Game #{game} has not started yet.", game=record.id))]
        if record.game != "runeage":
            return [say(tr._("The game in this channel is not Rune Age."))]
        view = await client.service.view(record.id, None)
        pack = await client.service.pack_of(record.id)
    except RunetableError as e:
        return [say(e.message)]
    return [say("\n".join(facts(dict(view.view), pack))[:2000])]


async def events(client, channel_id: int) -> list[Reply]:
    """/ra events: the event deck's size and the level it draws next, the current event, the events seen."""
    return await _public(client, channel_id, event_facts)


async def supply(client, channel_id: int) -> list[Reply]:
    """/ra supply: the neutral cards and gold cards left in the centre, with their costs."""
    return await _public(client, channel_id, supply_facts)
