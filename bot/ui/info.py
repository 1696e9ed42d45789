"""Information on request, answered ephemerally: status, map (whole or around an area),
log, settings, cards and rule topics. What is game-specific comes from the game's front-end
(:mod:`bot.frontend`: its narrator's status, its text board, its card list and rule topics);
a game needs no renderer or pack to be shown.

Each function takes a ``client`` offering ``service`` (see :mod:`bot.ui.lobby`) and returns
:class:`~bot.ui.play.Reply` values. What a user sees is built from the view their seat may
see (a spectator's is the public view), so asking can reveal nothing; autocompletes offer
public lists only (the map's areas from the public view, the pack's whole card list).
"""

from __future__ import annotations

import time

from bot import ids
from bot.errors import NotSeated, RunetableError
from bot.frontend import FrontEnd, frontend_for
from bot.narration import narrator_for
from bot.service import AUTO_PASS_DELAY
from bot.ui import rules
from bot.ui.channel import deadlines
from bot.ui.lobby import lobby_panel, seat_names
from bot.ui.panels import ButtonSpec, Panel
from bot.ui.play import Image, Reply, say

NO_MAP = "There is no map picture of this game on this bot; here is where it stands:"
NO_CARDS = "This game has no card list to read from."


async def status(client, channel_id: int, user_id: int) -> list[Reply]:
    """/game status: where the channel's game stands and who is awaited (never for what)."""
    try:
        record = await client.service.game_in(channel_id)
        if record.status == "lobby":
            return [Reply(await lobby_panel(client, record))]
        view = await client.service.view(record.id, None)
    except RunetableError as e:
        return [say(e.message)]
    seats = await client.service.store.seats(record.id)
    names = seat_names(seats)
    humans = [s.seat for s in seats if s.user_id is not None and not s.is_ai and s.seat in view.awaited]
    lines = [f"**{client.service.descriptor(record.game).title}**: game #{record.id}, move {view.seq}"]
    lines += narrator_for(record.game).status(dict(view.view))
    if view.awaited:
        due, paused = await deadlines(client.service.store, record.id, humans, time.time())
        lines.append(
            "Waiting for: "
            + ", ".join(
                names.get(s, f"seat {s}") + (f" (deadline <t:{int(due[s])}:R>)" if due.get(s) and not paused else "")
                for s in view.awaited
            )
        )
    buttons = ((ButtonSpec("My decisions", ids.me_id(record.id), "primary"),),)
    return [Reply(Panel("\n".join(lines)[:2000], buttons))]


async def game_map(client, channel_id: int, user_id: int, area: str | None = None) -> list[Reply]:
    """/game map [area]: the map as the caller's seat sees it (spectators: the public map);
    with ``area``, that area and its neighbours drawn larger, and the area as text."""
    try:
        record = await client.service.game_in(channel_id)
        view = await _seat_or_public(client, record.id, user_id)
    except RunetableError as e:
        return [say(e.message)]
    area = area.strip().upper() if area else None
    board = frontend_for(record.game).text_board(view.view, area)
    if area is not None and area not in view.view.get("areas", {}):
        return [say(f"There is no area {area} on this map.")]
    palette = await client.service.player_setting(user_id, "palette")
    image = await client.service.map_image(record.id, view.view, view.seat, crop=area, palette=palette)
    if image is not None:
        png, alt = image
        where = f"around {area}" if area else "whole map"
        text = f"Game #{record.id}, move {view.seq} ({where})." + ("\n" + "\n".join(board) if area else "")
        return [
            Reply(Panel(text[:2000]), files=(Image(png, f"map-{record.id}-{view.seq}{'-' + area if area else ''}.png", alt),))
        ]
    if area is None:
        board = [NO_MAP, *board]
    return [say("\n".join(board)[:2000] or "Nothing to show.")]


async def map_areas(client, channel_id: int, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for /game map area: the map's areas, from the public view (what anyone
    may see of them), as (label, area id)."""
    record = await client.service.store.active_game(channel_id)
    if record is None or record.status != "active":
        return []
    try:
        view = await client.service.view(record.id, None)
    except RunetableError:
        return []
    typed = typed.strip().lower()
    out = []
    for label, area_id in frontend_for(record.game).areas(view.view):
        if typed in area_id.lower() or (len(typed) > 2 and typed in label.lower()):
            out.append((label[:100], area_id))
    out.sort(key=lambda pair: (not pair[1].lower().startswith(typed), _area_order(pair[1])))
    return out[:25]


def _area_order(area_id: str) -> tuple[int, str]:
    digits = "".join(ch for ch in area_id if ch.isdigit())
    return (int(digits) if digits else 0, area_id)


def rule(frontend: FrontEnd, topic: str) -> list[Reply]:
    """``/<group> rules TOPIC``: a short rule text of the game with the rulebook's pages."""
    found = rules.find(frontend.rules_file, topic)
    if not found:
        known = ", ".join(t.id for t in rules.topics(frontend.rules_file)) or "none"
        return [say(f"No rule topic matches {topic!r}. Topics: {known}"[:2000])]
    text = found[0].reply()
    if len(found) > 1:
        text += "\nSee also: " + ", ".join(t.title for t in found[1:6])
    return [say(text[:2000])]


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


async def settings(
    client,
    user_id: int,
    battle_policy: str | None = None,
    auto_end_turn: bool | None = None,
    auto_pass: bool | None = None,
    palette: str | None = None,
    *,
    notify: str | None = None,
) -> list[Reply]:
    """/game settings: show or change the caller's own play settings."""
    try:
        for key, value in (
            ("battle_policy", battle_policy),
            ("auto_end_turn", auto_end_turn),
            ("auto_pass", auto_pass),
            ("palette", palette),
            ("notify", notify),
        ):
            if value is not None:
                await client.service.set_player_setting(user_id, key, value)
    except RunetableError as e:
        return [say(e.message)]
    current = await client.service.player_settings(user_id)
    lines = [
        "Your settings (they hold in every game; the battle policy is fixed for a game when it starts):",
        f"**battle policy: {current['battle_policy']}**. In battle you are asked which unit type of a row draws"
        " first, where your routs and damage go, and whether to use your defence development when it is"
        " manual; when it is automatic the bot decides them for you: types in a fixed order (the unit data's),"
        " losses as the rules force and then to the cheapest figures, the defence development only when you"
        " would otherwise not win (the Humans' Reinforced Wall always counts). Targets of special abilities,"
        " what becomes of a captured stronghold and which units leave an over-full area are always asked.",
        f"**auto-end-turn: {'on' if current['auto_end_turn'] else 'off'}**. On: after your order is resolved your"
        " turn ends by itself (you forgo playing a card at that moment). Off: you press End turn.",
        f"**auto-pass: {'on' if current['auto_pass'] else 'off'}**. On: when a reaction window opens for you"
        " (you may play a tactics card in someone else's turn, a battle, a season card's resolution), it is"
        f" passed for you after a random delay of {AUTO_PASS_DELAY[0]:.0f} to {AUTO_PASS_DELAY[1]:.0f} seconds, whatever cards"
        " you hold, so the table cannot"
        " tell from the timing whether you had a card to play; until then you may still play one yourself.",
        f"**palette: {current['palette']}**. The colours of the maps you ask for with /game map: default"
        " (colour-blind safe), contrast (darker, for bright screens) or classic; every faction also has its own"
        " emblem, so colour never carries meaning alone.",
        f"**notify: {current['notify']}**. When a decision becomes yours after another player moved, you hear it"
        " once: by a DM (dm, the default) or by a ping in the game channel (ping); never both. Your other"
        " private messages come silently. Reminders are apart.",
    ]
    return [say("\n".join(lines)[:2000])]


async def card(client, game: str, channel_id: int, query: str) -> list[Reply]:
    """``/<group> card NAME``: a card's (or unit's) public text, from the data pack of the
    channel's game of ``game`` (else the game's default pack)."""
    entries = await _catalogue(client, game, channel_id)
    if entries is None:
        return [say(NO_CARDS)]
    wanted = query.strip().lower()
    found = [e for e in entries if wanted in (e["id"].lower(), e["name"].lower())] or [
        e for e in entries if wanted in e["name"].lower()
    ]
    if not found:
        return [say(f"No card or unit is called {query!r}.")]
    e = found[0]
    return [say(f"**{e['name']}** ({e['kind']})\n{e['text']}"[:2000])]


async def card_names(client, game: str, channel_id: int, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for ``/<group> card``: names from the pack's whole catalogue, the same list
    for everybody at any time (never the caller's hand, nor anything ordered by it); copies
    of a card are offered once."""
    typed = typed.strip().lower()
    out: dict[str, tuple[str, str]] = {}
    for e in await _catalogue(client, game, channel_id) or []:
        label = f"{e['name']} ({e['kind']})"[:100]
        if typed in e["name"].lower() and label not in out:
            out[label] = (label, e["id"])
    return list(out.values())[:25]


async def _catalogue(client, game: str, channel_id: int) -> list[dict[str, str]] | None:
    """The public card list of ``game``: the channel's game's pack when it is a game of
    ``game``, else the default pack (None: a game without cards)."""
    record = await client.service.store.active_game(channel_id)
    try:
        if record is not None and record.game == game:
            pack = await client.service.pack_of(record.id)
        else:
            pack = client.service.default_pack(game)
    except RunetableError:
        return []
    return frontend_for(game).catalogue(pack)


async def _seat_or_public(client, game_id: int, user_id: int):
    try:
        return await client.service.view(game_id, user_id)
    except NotSeated:
        return await client.service.view(game_id, None)
