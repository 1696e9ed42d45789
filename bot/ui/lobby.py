"""The lobby and the player's own table: new game, join, leave, start, my games, my decisions.

Plain async functions over a ``client`` that offers ``service`` (a
:class:`~bot.service.GameService`), ``deliverer`` (a :class:`~bot.delivery.Deliverer`) and
optionally ``probe_dm(user, text) -> bool`` (send a DM; False when the user's DMs are closed) and ``packs_dir`` (where
the operator installed extra data packs). Each returns the :class:`~bot.ui.play.Reply`
values to send; :mod:`bot.ui.components` and :mod:`bot.cogs` do the sending.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.errors import RunetableError
from bot.service import installed_packs
from bot.store import GameRecord, SeatRecord
from bot.ui import ids, play
from bot.ui.panels import ButtonSpec, Panel
from bot.ui.play import Reply, say

DM_CLOSED = ("I cannot send you direct messages, and secret choices (order cards, bids, runes) travel by DM. "
             "Allow DMs from server members (the bot tries again now and then), or use the My decisions button or /rw hand to read "
             "and answer them. Where the server allows it, your private messages will also reach you in a private "
             "thread of this channel that only you can read.")

JOINED_DM = "You joined game #{game}. Your secret choices and private news will arrive here."

RUNEWARS_OPTIONS = ("map_building", "epic", "exploration_tokens", "data_pack")


async def new_game(client, guild_id: int, channel_id: int, user_id: int, game: str,
                   choices: dict[str, Any]) -> list[Reply]:
    """/game new <game>: open a lobby in this channel (or thread) with the chosen options.
    Only a game the bot offers (:attr:`bot.service.GameService.games`) may be opened."""
    if not client.service.offers(game):
        return [say(f"This bot does not offer {game}; it offers: {', '.join(client.service.games) or 'nothing'}.")]
    options = {k: v for k, v in choices.items() if k in RUNEWARS_OPTIONS and v is not None}
    if options.get("data_pack") is not None:
        packs = installed_packs(getattr(client, "packs_dir", None))
        if options["data_pack"] not in packs:
            known = ", ".join(packs) or "none are installed"
            return [say(f"There is no data pack {options['data_pack']!r} on this bot ({known}).")]
        options["data_pack"] = str(packs[options["data_pack"]])
    lobby = {"table_size": choices.get("players"), "ai_fill": bool(choices.get("ai_seats")),
             "deadline_hours": choices.get("deadline_hours") or 48}
    try:
        record = await client.service.create_game(guild_id, channel_id, game, options, user_id, lobby=lobby)
    except RunetableError as e:
        return [say(e.message)]
    return [Reply(await lobby_panel(client, record), public=True)]


async def join(client, game_id: int, user) -> list[Reply]:
    try:
        await client.service.join(game_id, user.id)
    except RunetableError as e:
        return [say(e.message)]
    replies = [Reply(await lobby_panel(client, await client.service.store.get_game(game_id)), edit=True)]
    probe = getattr(client, "probe_dm", None)
    if probe is not None:
        open_dms = await probe(user, JOINED_DM.format(game=game_id))
        await client.service.note_dm_closed(user.id, not open_dms)  # delivery skips closed DMs
        if not open_dms:
            replies.append(say(DM_CLOSED))
    return replies


async def leave(client, game_id: int, user) -> list[Reply]:
    try:
        await client.service.leave(game_id, user.id)
    except RunetableError as e:
        return [say(e.message)]
    return [Reply(await lobby_panel(client, await client.service.store.get_game(game_id)), edit=True)]


async def start(client, game_id: int, user, *, edit: bool = True) -> list[Reply]:
    try:
        started = await client.service.start(game_id, by_user=user.id)
    except RunetableError as e:
        return [say(e.message)]
    order = "\n".join(f"{seat + 1}. {_who(user_id)}" for seat, user_id in enumerate(started.order))
    text = (f"Game #{game_id} has started. Seat order (drawn from the game's seed):\n{order}\n"
            "Decisions reach each player by DM (or with My decisions); the channel shows the map and who is awaited.")
    return [Reply(Panel(text), edit=edit, public=True)]


async def lobby_panel(client, record: GameRecord) -> Panel:
    """The lobby message: options, who sits, and the Join/Leave/Start buttons."""
    seats = await client.service.store.seats(record.id)
    table = await client.service.lobby_settings(record.id)
    size = table["table_size"] or client.service.ruleset_of(record).max_seats
    lines = [f"**{record.game.capitalize()}**: game #{record.id} ({record.status})",
             "Options: " + _options_text(record.game, record.options, table),
             f"Table: {len(seats)}/{size}: " + (", ".join(_who(s.user_id) for s in seats) or "nobody yet"),
             "Join with the button. The creator or a seated player starts the game."]
    buttons = (ButtonSpec("Join", ids.lobby_id(record.id, "join"), "success"),
               ButtonSpec("Leave", ids.lobby_id(record.id, "leave"), "secondary"),
               ButtonSpec("Start", ids.lobby_id(record.id, "start"), "primary"))
    return Panel("\n".join(lines), (buttons,) if record.status == "lobby" else ())


async def my_games(client, guild_id: int, user_id: int) -> list[Reply]:
    """/games: the user's lobbies and games on this server, and where they are awaited."""
    games = await client.service.my_games(guild_id, user_id)
    if not games:
        return [say("You sit in no open game on this server. Start one with /game new.")]
    lines = [f"#{g.record.id} {g.record.game} in <#{g.record.channel_id}>: {g.record.status}"
             + (" · **your decision is awaited**" if g.awaited else "") for g in games]
    return [say("\n".join(lines[:30]))]


async def private_view(client, game_id: int, user_id: int) -> list[Reply]:
    """My decisions / /rw hand: held private messages and a panel per open decision."""
    held = await client.deliverer.take_held(game_id, user_id) if getattr(client, "deliverer", None) else []
    return await play.my_decisions(client.service, game_id, user_id, held)


def _options_text(game: str, options: dict[str, Any], table: dict[str, Any]) -> str:
    parts = [f"map {'rulebook' if options.get('map_building') == 'rulebook' else 'automatic'}",
             f"epic {'yes' if options.get('epic') else 'no'}",
             f"exploration tokens {'yes' if options.get('exploration_tokens') else 'no'}",
             f"data pack {'built-in' if not options.get('data_pack') else str(options['data_pack']).rsplit('/', 1)[-1]}",
             ] if game == "runewars" else []
    parts.append(f"deadline {table['deadline_hours']} h")
    if table["ai_fill"]:
        parts.append("AI fills empty seats")
    return " · ".join(parts)


def _who(user_id: int | None) -> str:
    return "AI" if user_id is None else f"<@{user_id}>"


def seat_names(seats: Sequence[SeatRecord]) -> dict[int, str]:
    return {s.seat: _who(s.user_id) for s in seats}


LOBBY_OPS = {"join": join, "leave": leave, "start": start}
