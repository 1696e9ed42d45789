"""What the table's commands and buttons answer, as plain :class:`Reply` values.

:mod:`bot.cogs.table` only defers, calls one of these and sends the replies; everything
that decides what to say lives here and is tested without Discord. A function here lets
no :class:`~bot.errors.RunetableError` escape: each becomes a short ephemeral answer.
Who is a **moderator** of a game: its creator, or anyone with Manage Server (the cog
passes ``manager``).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot import ids
from bot.errors import RunetableError
from bot.frontend import frontend_for
from bot.i18n import command_mention
from bot.narration import current_tr, naming, narrator_for
from bot.service.payloads import names_of
from bot.store import GameRecord
from bot.table import Table, notices, recap, seats, settings, undo, votes, waits
from bot.table.export import build_export, dumps, file_name
from bot.table.history import History, seasons, story_lines
from bot.table.timelapse import file_name as timelapse_file
from bot.table.timelapse import timelapse_or_refusal as timelapse_of
from bot.ui.panels import ButtonSpec
from engine.core import Engine

TEXT_LIMIT = 2000
SEASON_LINES = 20


@dataclass(frozen=True)
class Attachment:
    data: bytes
    filename: str
    description: str = ""


@dataclass(frozen=True)
class Reply:
    """One message: ephemeral unless ``public``; ``edit`` replaces the clicked button's message."""

    text: str
    buttons: tuple[ButtonSpec, ...] = ()
    files: tuple[Attachment, ...] = ()
    public: bool = False
    edit: bool = False


def say(text: str) -> Reply:
    return Reply(text[:TEXT_LIMIT])


def _answers(work: Callable[..., Awaitable[list[Reply]]]) -> Callable[..., Awaitable[list[Reply]]]:
    """Turn every RunetableError of ``work`` into its message, as an ephemeral reply."""

    @functools.wraps(work)
    async def run(*args, **kwargs) -> list[Reply]:
        try:
            return await work(*args, **kwargs)
        except RunetableError as e:
            return [say(e.message)]

    return run


async def _open_game(table: Table, channel_id: int) -> GameRecord:
    return await table.service.game_in(channel_id)


async def _any_game(table: Table, channel_id: int) -> GameRecord:
    record = await table.store.latest_game_in(channel_id)
    if record is None:
        raise RunetableError(current_tr()._("No game was played in this channel."))
    return record


def _moderator(record: GameRecord, user_id: int, manager: bool) -> bool:
    return manager or record.created_by == user_id


def _vote_reply(state: votes.VoteState, *, edit: bool = False) -> Reply:
    buttons = state.buttons
    if state.vote.status == "open":
        buttons = (
            ButtonSpec("Yes", ids.vote_id(state.vote.game_id, state.vote.id, True), "success"),
            ButtonSpec("No", ids.vote_id(state.vote.game_id, state.vote.id, False), "danger"),
        )
    return Reply(state.text()[:TEXT_LIMIT], buttons, public=True, edit=edit)


# -------------------------------------------------------------------- deadlines


@_answers
async def deadline_extend(
    table: Table, channel_id: int, user_id: int, manager: bool, duration: str, player: int | None = None
) -> list[Reply]:
    """/game deadline extend: a moderator moves deadlines back at once; a player opens a vote.
    The duration runs from 10 minutes to 30 days, and no deadline moves beyond 90 days from
    now (issue 21, item 5)."""
    record = await _open_game(table, channel_id)
    hours = settings.parse_duration(duration)
    if not _moderator(record, user_id, manager):
        if player is not None:
            raise RunetableError(current_tr()._("Only a moderator extends one player's deadline; a vote extends everyone's."))
        return [_vote_reply(await votes.open_vote(table, record.id, user_id, "extend", hours=hours))]
    seat = None if player is None else (await seats.seat_of(table, record.id, player)).seat
    changed = await waits.extend_deadlines(table, record.id, hours, seat)
    if not changed:
        return [say(current_tr()._("No deadline is running right now."))]
    users = {s.seat: s.user_id for s in await table.store.seats(record.id)}
    tr = await table.service.game_tr(record.id)
    lines = [
        tr._("⏳ {user} (moderator) extended the deadline by {hours} hours:", user=notices.mention(user_id), hours=f"{hours:g}")
    ]
    lines += [f"{notices.mention(users.get(w.seat))}: {notices.when(w.deadline)}" for w in changed]
    return [Reply("\n".join(lines)[:TEXT_LIMIT], public=True)]


@_answers
async def deadline_set(
    table: Table, channel_id: int, user_id: int, manager: bool, hours: float, reminder_hours: float | None = None
) -> list[Reply]:
    """/game deadline set: a moderator sets the time per decision (0: none) and the reminder interval."""
    record = await _open_game(table, channel_id)
    if not _moderator(record, user_id, manager):
        raise RunetableError(current_tr()._("Only the game's creator or a member with Manage Server can set its deadline."))
    hours = settings.check_deadline_hours(hours)  # 0, or 10 minutes to 90 days (issue 21, item 5)
    changes = {"deadline_hours": hours}
    if reminder_hours is not None:
        changes["reminder_hours"] = settings.check_reminder_hours(reminder_hours)
    game = await settings.change_game_settings(table.store, record.id, **changes)
    await waits.set_deadline_hours(table, record.id, hours)
    tr = await table.service.game_tr(record.id)
    text = (
        tr._(
            "⏳ {user} (moderator) set the time per decision to {hours} hours", user=notices.mention(user_id), hours=f"{hours:g}"
        )
        if hours
        else tr._("⏳ {user} (moderator) turned the deadlines off", user=notices.mention(user_id))
    )
    return [Reply(tr._("{text}; reminders every {hours} hours.", text=text, hours=f"{game['reminder_hours']:g}"), public=True)]


# -------------------------------------------------------------------- votes and seats


@_answers
async def open_vote(
    table: Table,
    channel_id: int,
    user_id: int,
    kind: str,
    player: int | None = None,
    duration: str | None = None,
    manager: bool = False,
) -> list[Reply]:
    """/game vote <kind>: open a vote (the opener votes yes) and show it with its buttons."""
    record = await _open_game(table, channel_id)
    hours = settings.parse_duration(duration) if duration else None
    state = await votes.open_vote(table, record.id, user_id, kind, seat_user=player, hours=hours, manager=manager)
    return [_vote_reply(state)]


@_answers
async def ballot(table: Table, vote_id: int, user_id: int, yes: bool, manager: bool = False) -> list[Reply]:
    """A Yes or No button of a vote: the vote's message is updated in place. ``manager``
    (Manage Server) decides a vote about a seat at a two-human table by a yes."""
    return [_vote_reply(await votes.cast(table, vote_id, user_id, yes, manager=manager), edit=True)]


@_answers
async def claim(table: Table, game_id: int, seat: int, user_id: int) -> list[Reply]:
    """The Claim button of an open seat: one claimer wins, the others hear who took it."""
    old = await seats.claim(table, game_id, seat, user_id)
    record = await table.store.get_game(game_id)
    tr = await table.service.game_tr(game_id)
    return [
        Reply(
            tr._(
                "🪑 {user} took over seat {number} from {old}. Your private information: {access}.",
                user=notices.mention(user_id),
                number=seat + 1,
                old=notices.mention(old.user_id),
                access=frontend_for(record.game).private_access_in(tr),
            ),
            public=True,
        )
    ]


@_answers
async def concede(table: Table, channel_id: int, user_id: int) -> list[Reply]:
    """/game concede: the player leaves; the rules have no concession, so the AI plays the seat on."""
    record = await _open_game(table, channel_id)
    holder = await seats.seat_of(table, record.id, user_id)
    await seats.hand_to_ai(table, record.id, holder.seat, claimable=False, user_id=user_id, reason="conceded")
    return [
        Reply(
            current_tr()._("🏳️ {user} conceded. The AI plays their seat to the end of the game.", user=notices.mention(user_id)),
            public=True,
        )
    ]


@_answers
async def ai_seat(table: Table, channel_id: int, user_id: int, hours: float) -> list[Reply]:
    """/game ai-seat: the AI plays my seat for a while (0: I take it back now)."""
    record = await _open_game(table, channel_id)
    until = await seats.lend(table, record.id, user_id, hours)
    if until is None:
        return [Reply(current_tr()._("🙋 {user} plays their seat again.", user=notices.mention(user_id)), public=True)]
    return [
        Reply(
            f"🤖 The AI plays {notices.mention(user_id)}'s seat until {notices.when(until)}"
            " (from what that seat may see). /game ai-seat hours:0 takes it back sooner.",
            public=True,
        )
    ]


@_answers
async def force_default(table: Table, channel_id: int, user_id: int, manager: bool, player: int | None = None) -> list[Reply]:
    """/game force-default: a moderator lets the AI answer for an awaited player (all of them by default)."""
    record = await _open_game(table, channel_id)
    if not _moderator(record, user_id, manager):
        raise RunetableError(current_tr()._("Only the game's creator or a member with Manage Server can force a decision."))
    awaited = set((await table.service.view(record.id, None)).awaited)
    targets = [
        s
        for s in await table.store.seats(record.id)
        if s.seat in awaited and s.user_id is not None and not s.is_ai and player in (None, s.user_id)
    ]
    if not targets:
        return [say(current_tr()._("Nobody is awaited whose decision could be forced."))]
    lines = []
    for target in targets:
        answers = await seats.default_by_ai(table, record.id, target.seat)
        lines.append(
            f"⚖️ {notices.mention(user_id)} (moderator) forced the AI default for {notices.mention(target.user_id)}"
            f" ({answers} decision{'s' if answers != 1 else ''})."
        )
    return [Reply("\n".join(lines)[:TEXT_LIMIT], public=True)]


# -------------------------------------------------------------------- reminders


@_answers
async def mute(table: Table, game_id: int | None, channel_id: int, user_id: int) -> list[Reply]:
    """/game mute or the reminder's button: no more reminders for my current decision."""
    if game_id is None:
        game_id = (await _open_game(table, channel_id)).id
    holder = await seats.seat_of(table, game_id, user_id)
    if not await waits.mute(table, game_id, holder.seat):
        return [say(current_tr()._("You owe no decision in that game right now."))]
    return [
        say(
            current_tr()._(
                "🔕 No more reminders for your current decision in game #{game_id}; the deadline still applies.", game_id=game_id
            )
        )
    ]


@_answers
async def recap_map(table: Table, game_id: int, user_id: int, since: int, seq: int, rewinds: int) -> list[Reply]:
    """A reminder's "Map of the changes" button: my own map with what changed since my move rimmed."""
    holder = await seats.seat_of(table, game_id, user_id)
    png, alt, found = await recap.recap_map(table, game_id, holder.seat, user_id, since, seq, rewinds)
    text = (
        f"🗺️ Game #{game_id}: your map after move {seq}; outlined, what changed since your move {since}:"
        f" {', '.join(found.changed) or 'nothing you can see'}."
    )
    return [Reply(text[:TEXT_LIMIT], files=(Attachment(png, f"game-{game_id}-changes-{seq}.png", alt),))]


@_answers
async def reminders(
    table: Table,
    user_id: int,
    every_hours: float | None = None,
    quiet: str | None = None,
    timezone: str | None = None,
    heads_up: bool | None = None,
) -> list[Reply]:
    """/game reminders: my reminder interval, quiet hours, time zone and "you're next" messages."""
    changes = {}
    if every_hours is not None:
        changes["reminder_hours"] = every_hours
    if quiet is not None:
        changes["quiet_hours"] = settings.parse_quiet_hours(quiet)
    if timezone is not None:
        settings.zone(timezone)
        changes["timezone"] = timezone
    if heads_up is not None:
        changes["heads_up"] = heads_up
    prefs = await settings.change_player_prefs(table.store, user_id, **changes)
    tr = current_tr()
    every = (
        tr._("the game's interval")
        if prefs["reminder_hours"] is None
        else tr._("off")
        if prefs["reminder_hours"] == 0
        else tr._("every {hours} hours", hours=f"{prefs['reminder_hours']:g}")
    )
    quiet_text = (
        tr._("none")
        if not prefs["quiet_hours"]
        else tr._("{start}:00 to {end}:00", start=prefs["quiet_hours"][0], end=prefs["quiet_hours"][1])
    )
    return [
        say(
            tr._(
                'Your reminders: {every}; quiet hours {quiet} ({zone}); "you\'re next" messages {heads_up}.',
                every=every,
                quiet=quiet_text,
                zone=prefs["timezone"],
                heads_up=tr._("on") if prefs["heads_up"] else tr._("off"),
            )
        )
    ]


# -------------------------------------------------------------------- undo


@_answers
async def undo_preview(table: Table, channel_id: int, user_id: int) -> list[Reply]:
    """/game undo: show exactly what would be undone, with a confirm button."""
    record = await _open_game(table, channel_id)
    plan = await undo.plan(table, record.id, user_id)
    tr = current_tr()
    text = "\n".join([tr._("This takes back:"), *plan.lines, tr._("Everyone sees that you undid your move.")])
    return [Reply(text[:TEXT_LIMIT], (ButtonSpec(tr._("Undo it"), ids.undo_id(record.id, plan.seq, plan.rewinds), "danger"),))]


@_answers
async def undo_confirm(table: Table, game_id: int, user_id: int, seq: int, rewinds: int) -> list[Reply]:
    """The confirm button: undo, if nothing changed since the preview."""
    done = await undo.perform(table, game_id, user_id, seq, rewinds)
    return [
        Reply(
            current_tr().ngettext(
                "↩️ Undone ({n} sent message marked). Your decisions come again by DM or with the My decisions button.",
                "↩️ Undone ({n} sent messages marked). Your decisions come again by DM or with the My decisions button.",
                len(done.superseded),
            ),
            edit=True,
        )
    ]


# -------------------------------------------------------------------- export and review


@_answers
async def export(table: Table, channel_id: int, user_id: int) -> list[Reply]:
    """/game export: the action log of the channel's game as a file (secrets only after the end)."""
    record = await _any_game(table, channel_id)
    if record.status == "lobby":
        raise RunetableError(current_tr()._("The game has not started yet."))
    data = await build_export(table, record.id)
    tr = current_tr()
    what = (
        tr._("the complete log with the seed: check it with `python -m bot verify FILE`")
        if data["complete"]
        else tr._("the public log (the seed and the chance results come with the export after the end)")
    )
    return [
        Reply(
            tr._("Game #{game_id}: {what}.", game_id=record.id, what=what),
            files=(Attachment(dumps(data), file_name(data), tr._("Runetable export of game {game_id}", game_id=record.id)),),
        )
    ]


async def timelapse_reply(table: Table, record: GameRecord) -> Reply:
    """The timelapse of a game as an ephemeral reply (its caption and alt text name the chapters only)."""
    tr = await table.service.game_tr(record.id)
    made = await timelapse_of(table.service, record, tr)
    text = tr._(
        "Game #{game}: the map after each of its {count} chapters (a still when the animation does not fit).",
        game=record.id,
        count=made.frames,
    )
    alt = tr._("Timelapse of game #{game}: the public map after each chapter.", game=record.id)
    return Reply(text, files=(Attachment(made.data, timelapse_file(record, made), alt),))


_SEASONS: dict[tuple[int, int, int], list[tuple[str, int]]] = {}


async def _seasons(table: Table, record: GameRecord) -> list[tuple[str, int]]:
    """The seasons of a game, replayed once per position and remembered."""
    key = (record.id, record.seq, record.rewinds)
    if key not in _SEASONS:
        history = await History.load(table.store, record, await table.service.ruleset_for(record))
        commits = await asyncio.to_thread(history.commits)
        _SEASONS.clear()
        _SEASONS[key] = seasons(commits, history.engine)
    return _SEASONS[key]


@_answers
async def review(
    table: Table,
    channel_id: int | None,
    user_id: int,
    season: int,
    game_id: int | None = None,
    guild_id: int | None = None,
    *,
    timelapse: bool = False,
) -> list[Reply]:
    """/game review season:N [game] (or a season button): the public map and story at the end
    of a season; a running game shows its finished seasons only. ``game_id``: that game
    (with ``guild_id``, only one of that server's: issue 19 item 5 keeps an ended game
    reachable once a new one took its channel). ``timelapse``: instead, the game's timelapse
    (the map after each chapter, one animated picture: :mod:`bot.table.timelapse`)."""
    record = await (table.store.get_game(game_id) if game_id is not None else _any_game(table, channel_id))
    if guild_id is not None and record.guild_id != guild_id:
        raise RunetableError(current_tr()._("There is no game #{game_id} on this server.", game_id=game_id))
    if record.status == "lobby":
        raise RunetableError(current_tr()._("The game has not started yet."))
    if timelapse:
        return [await timelapse_reply(table, record)]
    known = await _seasons(table, record)
    done = known if record.status != "active" else known[:-1]
    if not done:
        raise RunetableError(
            current_tr()._("No season of this game has ended yet.")
            if known
            else current_tr()._("This game has no seasons to review.")
        )
    number = min(max(season, 1), len(done))
    name, last = done[number - 1]
    first = done[number - 2][1] + 1 if number > 1 else 1
    history = await History.load(table.store, record, await table.service.ruleset_for(record), from_seq=first)
    commits = await asyncio.to_thread(history.commits, first, last)
    engine = Engine(await table.service.ruleset_for(record))
    names = names_of(record.game, await table.store.seats(record.id), engine.view(commits[-1].state, None))
    tr = current_tr()
    with naming(names, tr):
        lines = story_lines(record.game, commits, None)
    shown = lines[-SEASON_LINES:]
    text = [
        tr._(
            "**Game #{game_id}, season {number} of {seasons}: {name}** (moves {first}–{last})",
            game_id=record.id,
            number=number,
            seasons=len(done),
            name=narrator_for(record.game).speaking(tr).season(engine.view(commits[-1].state, None)) or name,
            first=first,
            last=last,
        )
    ]
    if len(lines) > len(shown):
        text.append(
            tr.ngettext(
                "… {n} earlier line in {export}.",
                "… {n} earlier lines in {export}.",
                len(lines) - len(shown),
                export=command_mention("game export", tr),
            )
        )
    text += shown
    buttons = tuple(
        ButtonSpec(label, ids.review_id(record.id, n))
        for label, n in ((tr._("◀ Previous season"), number - 1), (tr._("Next season ▶"), number + 1))
        if 1 <= n <= len(done)
    )
    image = await table.service.map_image(record.id, engine.view(commits[-1].state, None), tr=tr)
    files = () if image is None else (Attachment(image[0], f"game-{record.id}-season-{number}.png", image[1]),)
    return [Reply("\n".join(text)[:TEXT_LIMIT], buttons, files)]
