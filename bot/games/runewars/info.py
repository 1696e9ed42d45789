"""Runewars' own information commands (``/rw fate``), answered ephemerally from public views."""

from __future__ import annotations

from bot.games.runewars.narrator import fate_facts
from bot.i18n import N_
from bot.ui.info import public_info
from bot.ui.play import Reply


async def fate(client, channel_id: int) -> list[Reply]:
    """/rw fate: the fate deck as the public knows it (discard pile, what may still come);
    after the end, as the game left it, until a new game opens in the channel."""
    return await public_info(
        client,
        channel_id,
        "runewars",
        lambda view, pack, tr: fate_facts(view, pack),
        not_started=N_("Game #{game} has not started yet: its fate deck is not shuffled."),
        elsewhere=N_("The game in this channel has no fate deck."),
    )
