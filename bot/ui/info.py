"""Information on request, answered ephemerally: status, map, log, settings, cards.

Each function takes a ``client`` offering ``service`` (see :mod:`bot.ui.lobby`) and returns
:class:`~bot.ui.play.Reply` values. What a user sees is built from the view their seat may
see (a spectator's is the public view), so asking can reveal nothing.
"""

from __future__ import annotations

from bot.errors import NotSeated, RunetableError
from bot.ui import ids, runewars
from bot.ui.lobby import lobby_panel, seat_names
from bot.ui.panels import ButtonSpec, Panel
from bot.ui.play import Image, Reply, say

NO_RENDERER = "The map renderer is not available on this bot; here is the text board."


async def status(client, channel_id: int, user_id: int) -> list[Reply]:
    """/game status: where the channel's game stands and who is awaited (never for what)."""
    try:
        record = await client.service.game_in(channel_id)
        if record.status == "lobby":
            return [Reply(await lobby_panel(client, record))]
        view = await client.service.view(record.id, None)
    except RunetableError as e:
        return [say(e.message)]
    names = seat_names(await client.service.store.seats(record.id))
    lines = [f"**{record.game.capitalize()}**: game #{record.id}, move {view.seq}"]
    if record.game == "runewars":
        lines += runewars.summary(dict(view.view))
    if view.awaited:
        lines.append("Waiting for: " + ", ".join(names.get(s, f"seat {s}") for s in view.awaited))
    buttons = ((ButtonSpec("My decisions", ids.me_id(record.id), "primary"),),)
    return [Reply(Panel("\n".join(lines)[:2000], buttons))]


async def game_map(client, channel_id: int, user_id: int, area: str | None = None) -> list[Reply]:
    """/game map [area]: the map as the caller's seat sees it (spectators: the public map),
    or one area of the text board."""
    try:
        record = await client.service.game_in(channel_id)
        view = await _seat_or_public(client, record.id, user_id)
    except RunetableError as e:
        return [say(e.message)]
    board = runewars.text_board(dict(view.view), area) if record.game == "runewars" else []
    if area is None:
        image = await client.service.map_image(record.id, view.view, view.seat)
        if image is not None:
            png, alt = image
            return [Reply(Panel(f"Game #{record.id}, move {view.seq}."), files=(Image(png, f"map-{record.id}-{view.seq}.png", alt),))]
        board = [NO_RENDERER, *board]
    return [say("\n".join(board)[:2000] or "Nothing to show.")]


async def game_log(client, channel_id: int, user_id: int, lines: int = 20) -> list[Reply]:
    """/game log: the last lines of the story as the caller's seat saw it."""
    try:
        record = await client.service.game_in(channel_id)
        story = await client.service.log_lines(record.id, user_id, limit=max(1, min(lines, 50)))
    except RunetableError as e:
        return [say(e.message)]
    text = "\n".join(story)
    while len(text) > 1990:  # keep the newest lines within one message
        story = story[1:]
        text = "\n".join(story)
    return [say(text or "Nothing has happened yet.")]


async def settings(client, user_id: int, battle_policy: str | None = None, auto_end_turn: bool | None = None) -> list[Reply]:
    """/game settings: show or change the caller's own play settings."""
    try:
        if battle_policy is not None:
            await client.service.set_player_setting(user_id, "battle_policy", battle_policy)
        if auto_end_turn is not None:
            await client.service.set_player_setting(user_id, "auto_end_turn", auto_end_turn)
    except RunetableError as e:
        return [say(e.message)]
    current = await client.service.player_settings(user_id)
    lines = ["Your settings:",
             f"battle policy: {current['battle_policy']} (manual: you decide the order of unit types, where losses"
             " go and defence developments; automatic: the bot decides them as the rules' defaults say). It is"
             " fixed for a game when the game starts.",
             f"auto-end-turn: {'on' if current['auto_end_turn'] else 'off'} (on: your turn ends by itself after your"
             " order when you only could end it; off: you press End turn)."]
    return [say("\n".join(lines))]


async def card(client, channel_id: int, query: str) -> list[Reply]:
    """/game cards NAME: a card's (or unit's) public text, from the channel game's data pack."""
    entries = await _catalogue(client, channel_id)
    wanted = query.strip().lower()
    found = [e for e in entries if wanted in (e["id"].lower(), e["name"].lower())] or \
            [e for e in entries if wanted in e["name"].lower()]
    if not found:
        return [say(f"No card or unit is called {query!r}.")]
    e = found[0]
    return [say(f"**{e['name']}** ({e['kind']})\n{e['text']}"[:2000])]


async def card_names(client, channel_id: int, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for /game cards: names from the pack's public catalogue only."""
    typed = typed.strip().lower()
    return [(f"{e['name']} ({e['kind']})"[:100], e["id"]) for e in await _catalogue(client, channel_id)
            if typed in e["name"].lower()][:25]


async def _catalogue(client, channel_id: int) -> list[dict[str, str]]:
    record = await client.service.store.active_game(channel_id)
    try:
        pack = await client.service.pack_of(record.id if record is not None else None)
    except RunetableError:
        return []
    return runewars.catalogue(pack)


async def _seat_or_public(client, game_id: int, user_id: int):
    try:
        return await client.service.view(game_id, user_id)
    except NotSeated:
        return await client.service.view(game_id, None)
