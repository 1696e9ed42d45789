"""Information on request, answered ephemerally: status, map (whole or around an area),
log, settings, cards, the fate deck and rule topics. A game other than Runewars is shown
through its narrator (:meth:`bot.narration.Narrator.status`): it needs no renderer or pack.

Each function takes a ``client`` offering ``service`` (see :mod:`bot.ui.lobby`) and returns
:class:`~bot.ui.play.Reply` values. What a user sees is built from the view their seat may
see (a spectator's is the public view), so asking can reveal nothing; autocompletes offer
public lists only (the map's areas from the public view, the pack's whole card list).
"""

from __future__ import annotations

import time

from bot.errors import NotSeated, RunetableError
from bot.narration import narrator_for
from bot.service import AUTO_PASS_DELAY
from bot.ui import ids, rules, runewars
from bot.ui.channel import deadlines
from bot.ui.lobby import lobby_panel, seat_names
from bot.ui.panels import ButtonSpec, Panel
from bot.ui.play import Image, Reply, say

NO_RENDERER = "The map renderer is not available on this bot; here is the text board."
NO_MAP = "This game has no map picture; here is where it stands:"
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
    lines = [f"**{record.game.capitalize()}**: game #{record.id}, move {view.seq}"]
    lines += runewars.summary(dict(view.view)) if record.game == "runewars" else narrator_for(record.game).status(dict(view.view))
    if view.awaited:
        due, paused = await deadlines(client.service.store, record.id, humans, time.time())
        lines.append("Waiting for: " + ", ".join(names.get(s, f"seat {s}") + (f" (deadline <t:{int(due[s])}:R>)" if due.get(s) and not paused else "")
                                                 for s in view.awaited))
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
    board = runewars.text_board(dict(view.view), area) if record.game == "runewars" else []
    if area is not None and area not in view.view.get("areas", {}):
        return [say(f"There is no area {area} on this map.")]
    palette = await client.service.player_setting(user_id, "palette")
    image = await client.service.map_image(record.id, view.view, view.seat, crop=area, palette=palette)
    if image is not None:
        png, alt = image
        where = f"around {area}" if area else "whole map"
        text = f"Game #{record.id}, move {view.seq} ({where})." + ("\n" + "\n".join(board) if area else "")
        return [Reply(Panel(text[:2000]), files=(Image(png, f"map-{record.id}-{view.seq}{'-' + area if area else ''}.png", alt),))]
    if record.game != "runewars":
        return [say("\n".join([NO_MAP, *narrator_for(record.game).status(dict(view.view))])[:2000])]
    if area is None:
        board = [NO_RENDERER, *board]
    return [say("\n".join(board)[:2000] or "Nothing to show.")]


async def map_areas(client, channel_id: int, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for /game map area: the map's areas, from the public view (what anyone
    may see of them), as (label, area id)."""
    record = await client.service.store.active_game(channel_id)
    if record is None or record.status != "active" or record.game != "runewars":
        return []
    try:
        view = await client.service.view(record.id, None)
    except RunetableError:
        return []
    typed = typed.strip().lower()
    out = []
    for area_id, area in view.view.get("areas", {}).items():
        label = runewars.area_line(area_id, area)
        if typed in area_id.lower() or (len(typed) > 2 and typed in label.lower()):
            out.append((label[:100], area_id))
    out.sort(key=lambda pair: (not pair[1].lower().startswith(typed), _area_order(pair[1])))
    return out[:25]


def _area_order(area_id: str) -> tuple[int, str]:
    digits = "".join(ch for ch in area_id if ch.isdigit())
    return (int(digits) if digits else 0, area_id)


async def fate(client, channel_id: int) -> list[Reply]:
    """/rw fate: the fate deck as the public knows it (discard pile, what may still come)."""
    try:
        record = await client.service.game_in(channel_id)
        if record.game != "runewars":
            return [say("This game has no fate deck.")]
        view = await client.service.view(record.id, None)
        pack = await client.service.pack_of(record.id)
    except RunetableError as e:
        return [say(e.message)]
    return [say("\n".join(runewars.fate_facts(dict(view.view), pack))[:2000])]


def rule(topic: str) -> list[Reply]:
    """/rw rules TOPIC: a short rule text with the rulebook's pages."""
    found = rules.find(topic)
    if not found:
        return [say(f"No rule topic matches {topic!r}. Topics: " + ", ".join(t.id for t in rules.topics()))]
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


async def settings(client, user_id: int, battle_policy: str | None = None, auto_end_turn: bool | None = None,
                   auto_pass: bool | None = None, palette: str | None = None) -> list[Reply]:
    """/game settings: show or change the caller's own play settings."""
    try:
        for key, value in (("battle_policy", battle_policy), ("auto_end_turn", auto_end_turn), ("auto_pass", auto_pass),
                           ("palette", palette)):
            if value is not None:
                await client.service.set_player_setting(user_id, key, value)
    except RunetableError as e:
        return [say(e.message)]
    current = await client.service.player_settings(user_id)
    lines = ["Your settings (they hold in every game; the battle policy is fixed for a game when it starts):",
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
             " emblem, so colour never carries meaning alone."]
    return [say("\n".join(lines)[:2000])]


async def card(client, channel_id: int, query: str) -> list[Reply]:
    """/rw card NAME: a card's (or unit's) public text, from the channel game's data pack
    (no game in the channel: the built-in Runewars pack)."""
    entries = await _catalogue(client, channel_id)
    if entries is None:
        return [say(NO_CARDS)]
    wanted = query.strip().lower()
    found = [e for e in entries if wanted in (e["id"].lower(), e["name"].lower())] or \
            [e for e in entries if wanted in e["name"].lower()]
    if not found:
        return [say(f"No card or unit is called {query!r}.")]
    e = found[0]
    return [say(f"**{e['name']}** ({e['kind']})\n{e['text']}"[:2000])]


async def card_names(client, channel_id: int, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for /rw card: names from the pack's whole catalogue, the same list
    for everybody at any time (never the caller's hand, nor anything ordered by it); copies
    of a card are offered once."""
    typed = typed.strip().lower()
    out: dict[str, tuple[str, str]] = {}
    for e in await _catalogue(client, channel_id) or []:
        label = f"{e['name']} ({e['kind']})"[:100]
        if typed in e["name"].lower() and label not in out:
            out[label] = (label, e["id"])
    return list(out.values())[:25]


async def _catalogue(client, channel_id: int) -> list[dict[str, str]] | None:
    """The public card list of the channel's game (None: a game without cards)."""
    record = await client.service.store.active_game(channel_id)
    if record is not None and record.game != "runewars":
        return None
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
