"""What ``/stats``, ``/leaderboard``, ``/game follow`` and ``/game unfollow`` answer (issue 32
items 1 and 5), built without Discord: :mod:`bot.cogs.community` only hands the command over.
Texts in the reader's language (:func:`bot.narration.current_tr`, set by
:func:`bot.ui.components.handle`)."""

from __future__ import annotations

from typing import Any

from bot.errors import RunetableError
from bot.narration import current_tr
from bot.table import stats as table_stats
from bot.ui.play import Reply, say


def _game(client: Any, guild_id: int | None, game: str | None) -> str | None:
    """The game a command names (None: every game); refused outside a server (the stats are kept
    per server) and when the server offers no such game."""
    if guild_id is None:
        raise RunetableError(current_tr()._("Stats are kept per server: ask in a server's channel."))
    if game is None:
        return None
    if game not in client.service.games:
        offered = ", ".join(sorted(client.service.games))
        raise RunetableError(current_tr()._("There is no game {game}; the games are: {offered}.", game=game, offered=offered))
    return game


async def stats(client: Any, guild_id: int | None, user_id: int, player_id: int | None, game: str | None) -> list[Reply]:
    """``/stats [@player] [game]``: the player's (by default the caller's) results in this server."""
    try:
        chosen = _game(client, guild_id, game)
    except RunetableError as e:
        return [say(e.message)]
    found = await table_stats.player_stats(client.service.store, guild_id, player_id or user_id, chosen)
    return [say(table_stats.stats_text(client.service, found))]


async def leaderboard(client: Any, guild_id: int | None, game: str | None) -> list[Reply]:
    """``/leaderboard [game]``: this server's players by rating."""
    try:
        chosen = _game(client, guild_id, game)
    except RunetableError as e:
        return [say(e.message)]
    return [say(await table_stats.leaderboard_text(client.service, guild_id, chosen))]


async def follow(client: Any, channel_id: int, user_id: int, on: bool) -> list[Reply]:
    """``/game follow`` (``on``) and ``/game unfollow``: a spectator's summaries by DM."""
    tr = current_tr()
    try:
        game_id, changed = await client.service.follow(channel_id, user_id, on)
    except RunetableError as e:
        return [say(tr._(e.message))]
    if on:
        text = (
            tr._(
                "👁 You follow game #{game}: each chapter's summary and the end reach you by DM, silently. /game unfollow stops it.",
                game=game_id,
            )
            if changed
            else tr._("You follow game #{game} already.", game=game_id)
        )
    else:
        text = (
            tr._("You no longer follow game #{game}.", game=game_id)
            if changed
            else tr._("You do not follow game #{game}.", game=game_id)
        )
    return [say(text)]
