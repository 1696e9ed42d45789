"""Runewars' own information commands (``/rw fate``), answered ephemerally from public views."""

from __future__ import annotations

from bot.errors import RunetableError
from bot.games.runewars.narrator import fate_facts
from bot.narration import current_tr
from bot.ui.play import Reply, say


async def fate(client, channel_id: int) -> list[Reply]:
    """/rw fate: the fate deck as the public knows it (discard pile, what may still come);
    after the end, as the game left it, until a new game opens in the channel."""
    tr = current_tr()
    try:
        record = await client.service.game_shown_in(channel_id)
        if record.status == "lobby":
            return [say(tr._("Game #{game_id} has not started yet: its fate deck is not shuffled.", game_id=record.id))]
        if record.game != "runewars":
            return [say(tr._("The game in this channel has no fate deck."))]
        view = await client.service.view(record.id, None)
        pack = await client.service.pack_of(record.id)
    except RunetableError as e:
        return [say(e.message)]
    return [say("\n".join(fate_facts(dict(view.view), pack))[:2000])]
