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

from bot import ids
from bot.errors import RunetableError
from bot.i18n import N_, Tr, command_mention, escape
from bot.narration import current_tr
from bot.service import installed_packs
from bot.store import GameRecord, SeatRecord
from bot.ui import play
from bot.ui.panels import ButtonSpec, OptionSpec, Panel, Row, SelectSpec
from bot.ui.play import Reply, say
from engine.core.game import GameDescriptor

DM_CLOSED = N_(
    "I cannot send you direct messages, and secret choices travel by DM. "
    "Allow DMs from server members (the bot tries again now and then), or use the My decisions button to read "
    "and answer them. Where the server allows it, your private messages will also reach you in a private "
    "thread of this channel that only you can read."
)

JOINED_DM = N_("You joined game #{game}. Your secret choices and private news will arrive here.")

#: the option naming the data pack, a platform concept: its lobby select lists the packs the
#: operator installed (``RUNETABLE_PACKS_DIR``) and stores the chosen pack's folder
DATA_PACK = "data_pack"
BUILT_IN = ":built-in"


async def new_game(
    client,
    guild_id: int,
    channel_id: int,
    user_id: int,
    game: str,
    choices: dict[str, Any],
    options: dict[str, Any] | None = None,
) -> list[Reply]:
    """/game new game:<game>: open a lobby in this channel (or thread); ``choices`` are the table's
    (players, deadline, AI seats), ``options`` the game's (checked against its descriptor; the
    lobby's components change them until the start). Only a game the bot offers
    (:attr:`bot.service.GameService.games`) may be opened: the ``game`` choice an old client
    still shows is untrusted, and a game no longer offered is refused with the offered ones."""
    if not client.service.offers(game):
        tr = current_tr()
        offered = [client.service.descriptor(name).title for name in client.service.games]
        return [
            say(
                tr._(
                    "This bot does not offer {game}; it offers: {games}.",
                    game=escape(game),
                    games=", ".join(offered) or tr._("no game"),
                )
            )
        ]
    options = dict(options or {})
    if options.get(DATA_PACK):
        try:
            options[DATA_PACK] = _pack_folder(client, options[DATA_PACK])
        except RunetableError as e:
            return [say(e.message)]
    lobby = {
        "table_size": choices.get("players"),
        "ai_fill": bool(choices.get("ai_seats")),
        "deadline_hours": choices.get("deadline_hours") or 48,
    }
    try:
        record = await client.service.create_game(
            guild_id, channel_id, game, options, user_id, lobby=lobby, language=choices.get("language")
        )
    except RunetableError as e:
        return [say(e.message)]
    return [Reply(await lobby_panel(client, record), public=True)]


async def new_tutorial(client, guild_id: int, channel_id: int, user, game: str, choices: dict[str, Any]) -> list[Reply]:
    """/game new game:<game> tutorial:true (issue 32 item 4): the player against AI seats on the
    game's short set-up (:attr:`bot.frontend.FrontEnd.tutorial_options`, the fewest players), started at
    once; each kind of decision is explained the first time it reaches them (:mod:`bot.table.tutorial`)."""
    from bot.frontend import frontend_for
    from bot.table import tutorial

    tr = current_tr()
    if not client.service.offers(game):
        return await new_game(client, guild_id, channel_id, user.id, game, choices)
    descriptor = client.service.descriptor(game)
    if not tutorial.offers_tutorial(game):
        return [say(tr._("{game} has no guided first game yet; open a lobby without tutorial.", game=descriptor.title))]
    table = {**choices, "players": descriptor.min_players, "ai_seats": True}
    opened = await new_game(client, guild_id, channel_id, user.id, game, table, dict(frontend_for(game).tutorial_options))
    record = await client.service.store.active_game(channel_id)
    if record is None or record.created_by != user.id or record.status != "lobby":
        return opened  # refused (a game already here, a pack that does not load): the refusal says why
    await tutorial.mark(client.service.store, record.id, user.id)
    joined = await join(client, record.id, user)
    started = await start(client, record.id, user, edit=False)
    game_tr = await client.service.game_tr(record.id)
    intro = game_tr._(
        "🎓 **Guided first game of {game}** for {player}: you play against {count} AI seat(s) on a short set-up."
        " The first time each kind of decision reaches you, its message explains it: what it does, the rule with"
        " its page, and what the AI would pick in your place. A guided game counts for no rating.",
        game=descriptor.title,
        player="<@" + str(user.id) + ">",
        count=descriptor.min_players - 1,
    )
    return [Reply(Panel(intro), public=True), *[r for r in joined[1:] if not r.public], *started]


async def set_option(client, game_id: int, user, name: str, value: str | None) -> list[Reply]:
    """A lobby component: the creator sets option ``name`` (a toggle flips a yes/no option)."""
    try:
        record = await client.service.store.get_game(game_id)
        option = client.service.descriptor(record.game).option(name)
        if value is None:  # a toggle button
            value = not option.check(record.options.get(name, option.default))
        elif name == DATA_PACK:
            value = "" if value == BUILT_IN else _pack_folder(client, value)
        record = await client.service.set_option(game_id, user.id, name, value)
    except (RunetableError, ValueError) as e:
        return [say(getattr(e, "message", str(e)))]
    return [Reply(await lobby_panel(client, record), edit=True)]


def _pack_folder(client, name: str) -> str:
    packs = installed_packs(getattr(client, "packs_dir", None))
    if name not in packs:
        raise RunetableError(f"There is no data pack {name!r} on this bot ({', '.join(packs) or 'none are installed'}).")
    return str(packs[name])


async def join(client, game_id: int, user) -> list[Reply]:
    try:
        await client.service.join(game_id, user.id, display_name(user))
    except RunetableError as e:
        return [say(e.message)]
    replies = [Reply(await lobby_panel(client, await client.service.store.get_game(game_id)), edit=True)]
    probe = getattr(client, "probe_dm", None)
    if probe is not None:
        tr = current_tr()  # the joining player's (bot.ui.components.handle)
        open_dms = await probe(user, tr._(JOINED_DM, game=game_id))
        await client.service.note_dm_closed(user.id, not open_dms)  # delivery skips closed DMs
        if not open_dms:
            replies.append(say(tr._(DM_CLOSED)))
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
    tr = await client.service.game_tr(game_id)  # a public reply: the game's language
    order = "\n".join(f"{seat + 1}. {_who(user_id, tr)}" for seat, user_id in enumerate(started.order))
    text = "\n".join(
        [
            tr._("Game #{game} has started. Seat order (drawn from the game's seed):", game=game_id),
            order,
            tr._("Decisions reach each player by DM (or with My decisions); the channel shows the map and who is awaited."),
        ]
    )
    return [Reply(Panel(text), edit=edit, public=True)]


async def lobby_panel(client, record: GameRecord) -> Panel:
    """The lobby message: the options, who sits, the Join/Leave/Start buttons and, while it is
    a lobby, the options' components (a toggle per yes/no option, a select per option with
    choices, the installed data packs), which its creator uses."""
    seats = await client.service.store.seats(record.id)
    table = await client.service.lobby_settings(record.id)
    descriptor = client.service.descriptor(record.game)
    size = table["table_size"] or client.service.ruleset_of(record).max_seats
    tr = await client.service.game_tr(record.id)  # the lobby is public: the game's language
    status = tr._(STATUSES[record.status]) if record.status in STATUSES else record.status
    seated = ", ".join(_who(s.user_id, tr) for s in seats) or tr._("nobody yet")
    lines = [
        tr._("**{title}**: game #{game} ({status})", title=descriptor.title, game=record.id, status=status),
        tr._("Options: {options}", options=_options_text(descriptor, record.options, table, tr)),
        tr._("Table: {seated}/{size}: {players}", seated=len(seats), size=size, players=seated),
        tr._("Join with the button. The creator or a seated player starts the game."),
    ]
    if record.status != "lobby":
        return Panel("\n".join(lines))
    buttons = (
        ButtonSpec(tr._("Join"), ids.lobby_id(record.id, "join"), "success"),
        ButtonSpec(tr._("Leave"), ids.lobby_id(record.id, "leave"), "secondary"),
        ButtonSpec(tr._("Start"), ids.lobby_id(record.id, "start"), "primary"),
    )
    controls = _option_rows(client, descriptor, record, tr)
    if controls:
        lines.append(tr._("The creator sets the options with the controls below."))
    return Panel("\n".join(lines), (*controls, buttons))


#: rows a lobby message may give its options (Discord allows 5; the last holds Join/Leave/Start)
OPTION_ROWS = 4


#: a game's status as the lobby message names it
STATUSES = {"lobby": N_("lobby"), "active": N_("active"), "finished": N_("finished"), "abandoned": N_("abandoned")}


def _option_rows(client, descriptor: GameDescriptor, record: GameRecord, tr: Tr) -> list[Row]:
    toggles, selects = [], []
    for option in descriptor.options:
        current = record.options.get(option.name, option.default)
        if option.name == DATA_PACK:
            packs = installed_packs(getattr(client, "packs_dir", None))
            if packs:
                choices = [OptionSpec(tr._("built-in pack"), BUILT_IN)] + [OptionSpec(name, name) for name in list(packs)[:24]]
                shown = tr._("data pack: {pack}", pack=_pack_name(current, tr))
                selects.append(SelectSpec(ids.option_select_id(record.id, option.name), shown, tuple(choices)))
        elif option.table:
            continue
        elif option.type is bool:
            toggles.append(
                ButtonSpec(
                    tr._("{option}: {value}", option=_label(option.name, tr), value=tr._("yes") if current else tr._("no")),
                    ids.option_toggle_id(record.id, option.name),
                    "success" if current else "secondary",
                )
            )
        elif option.choices:
            selects.append(
                SelectSpec(
                    ids.option_select_id(record.id, option.name),
                    tr._("{option}: {value}", option=_label(option.name, tr), value=_value(current, tr)),
                    tuple(OptionSpec(_value(c, tr), str(c)) for c in option.choices[:25]),
                )
            )
    rows: list[Row] = [*selects, *(tuple(toggles[i : i + 5]) for i in range(0, len(toggles), 5))]
    return rows[:OPTION_ROWS]


async def my_games(client, guild_id: int, user_id: int) -> list[Reply]:
    """/games: the user's lobbies and games on this server, and where they are awaited."""
    tr = current_tr()
    games = await client.service.my_games(guild_id, user_id)
    ended = await client.service.my_ended_games(guild_id, user_id)

    def listed(record: GameRecord) -> str:
        status = tr._(STATUSES[record.status]) if record.status in STATUSES else record.status
        channel = "<#" + str(record.channel_id) + ">"
        return tr._("#{game} {name} in {channel}: {status}", game=record.id, name=record.game, channel=channel, status=status)

    lines = [listed(g.record) + (tr._(" · **your decision is awaited**") if g.awaited else "") for g in games][:30]
    if not lines:
        lines = [
            tr._("You sit in no open game on this server. Start one with {command}.", command=command_mention("game new", tr))
        ]
    if ended:  # issue 19 item 5: an ended game stays reachable once a new game took its channel
        lines.append(
            tr._(
                "Ended (read them with {review} game:N and {reveal} game:N):",
                review=command_mention("game review", tr),
                reveal=command_mention("game reveal", tr),
            )
        )
        lines += [listed(r) for r in ended]
    return [say("\n".join(lines))]


async def private_view(client, game_id: int, user_id: int) -> list[Reply]:
    """My decisions / ``/<group> hand``: held private messages and a panel per open decision."""
    held = await client.deliverer.take_held(game_id, user_id) if getattr(client, "deliverer", None) else []
    return await play.my_decisions(client.service, game_id, user_id, held)


def _options_text(descriptor: GameDescriptor, options: dict[str, Any], table: dict[str, Any], tr: Tr) -> str:
    parts = []
    for option in descriptor.options:
        value = options.get(option.name, option.default)
        if option.name == DATA_PACK:
            parts.append(tr._("data pack {pack}", pack=_pack_name(value, tr)))
        elif not option.table:
            shown = tr._("yes") if value is True else tr._("no") if value is False else _value(value, tr)
            parts.append(tr._("{option} {value}", option=_label(option.name, tr), value=shown))
    parts.append(tr._("deadline {hours} h", hours=table["deadline_hours"]))
    if table["ai_fill"]:
        parts.append(tr._("AI fills empty seats"))
    return " · ".join(parts)


#: the catalogue contexts of a game option's name and of its choices (``python -m bot i18n extract``
#: collects them from every installed game's descriptor)
OPTION_CONTEXT, VALUE_CONTEXT = "game option", "game option value"


def option_label(name: str) -> str:
    """An option's name as the lobby shows it in English ("map building")."""
    return name.replace("_", " ")


def _label(name: str, tr: Tr | None = None) -> str:
    return (tr or current_tr()).pgettext(OPTION_CONTEXT, option_label(name))


def _value(value: Any, tr: Tr) -> str:
    return tr.pgettext(VALUE_CONTEXT, value) if isinstance(value, str) else str(value)


def _pack_name(folder: Any, tr: Tr) -> str:
    return str(folder).rstrip("/").rsplit("/", 1)[-1] if folder else tr._("built-in")


def _who(user_id: int | None, tr: Tr | None = None) -> str:
    return (tr or current_tr())._("AI") if user_id is None else f"<@{user_id}>"


def display_name(user: Any) -> str | None:
    """What a Discord user is called here (their server nickname, else their global name)."""
    name = getattr(user, "display_name", None) or getattr(user, "global_name", None) or getattr(user, "name", None)
    return str(name)[:64] if name else None


def seat_names(seats: Sequence[SeatRecord]) -> dict[int, str]:
    return {s.seat: _who(s.user_id) for s in seats}


LOBBY_OPS = {"join": join, "leave": leave, "start": start}
