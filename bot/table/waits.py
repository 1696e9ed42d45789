"""Who is awaited since when: reminders, escalation, stall notices, heads-up, deadlines.

A **wait** is one seat owing one set of decisions (``waits`` table). It begins when the
sweeper first sees a human seat awaited with prompts it did not owe before (the
fingerprint of its open prompt ids changed); so a wait is at most one sweep late, and
survives restarts because it is stored. Per wait:

* **reminders**: by DM after the player's interval (their own ``reminder_hours``, else the
  game's), then every interval; a reminder falling in the player's quiet hours (in their
  time zone) waits until they end. The first carries a private "since you last acted" recap
  (:mod:`.recap`): the narrated events, the areas that changed for the seat, and a button
  for the seat's own map with those areas marked.
* **escalation**: from reminder ``escalate_after`` on, the channel pings the player too.
* **mute**: ``/game mute`` (or the reminder's button) stops the reminders of this wait only.
* **stall notice**: once a wait is ``stall_hours`` old, the channel is told (without a ping)
  and reminded of the votes that unstick a table.
* **deadline**: ``deadline_hours`` after the wait began the AI answers for the seat
  (:func:`bot.table.seats.default_by_ai`) and the channel is told who, never what.
* **heads-up**: when a seat's turn begins, the player whose turn follows gets a silent
  "you're next" DM (no notification: only a hand-off notifies; games whose front-end says who is next, :meth:`bot.frontend.FrontEnd.next_up`), unless they turned it off or it is
  night for them.

AI seats, seats without a player and eliminated seats have no waits: nobody is pinged for
them. While the table is paused nothing here runs, and resuming shifts every wait by the
pause.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot import ids
from bot.errors import RunetableError
from bot.frontend import frontend_for
from bot.i18n import ENGLISH, N_, Tr, command_mention
from bot.narration import current_tr
from bot.service import spectators
from bot.store import GameRecord, WaitRecord
from bot.table import SweepReport, Table, notices, recap
from bot.table.history import decode_state
from bot.table.seats import default_by_ai
from bot.table.settings import (
    DEADLINE_MAX_HOURS,
    EXTEND_MAX_HOURS,
    EXTEND_MIN_HOURS,
    HOUR,
    check_deadline_hours,
    game_settings,
    player_prefs,
    quiet_until,
    reminder_interval,
    stored_deadline,
)
from bot.ui.panels import ButtonSpec
from engine.core import Engine, Prompt, Seat

log = logging.getLogger(__name__)

RECAP_LINES = 12
ANSWER_HINT = N_("Answer with {access}.")


def fingerprint(prompts: Iterable[Prompt]) -> str:
    return hashlib.sha256("\n".join(sorted(p.id for p in prompts)).encode()).hexdigest()[:16]


def mute_button(game_id: int, tr: Tr | None = None) -> ButtonSpec:
    return ButtonSpec((tr or ENGLISH)._("Mute reminders for this decision"), ids.mute_id(game_id))


async def sweep_game(table: Table, record: GameRecord, report: SweepReport) -> None:
    """Bring one active game's waits up to date and do what is due.

    The waits are written under the game's lock (:meth:`bot.store.Store.lock`), never held
    while notices are queued or the AI answers: first the waits that begin or end, then,
    after the reminders and stall notices went out, only what the sweep changed (reminder
    counters, next times, the stall flag) is applied to each wait as it is then, so an
    extension, a mute or a new time per decision made meanwhile stays (issue 21, item 7)."""
    record = await finish_deadlines(table, record, report)  # a kill between a deadline's answers (issue 21)
    game = await game_settings(table.store, record.id)
    if game["paused_at"] is not None:
        return
    engine = Engine(await table.service.ruleset_for(record))
    state = decode_state(record.state, engine.ruleset)
    public = engine.view(state, None)
    humans = await _human_seats(table, record.id, spectators(public))
    now = table.now()
    async with table.store.lock(record.id):
        game = await game_settings(table.store, record.id)  # as a command may just have set it
        old = {w.seat: w for w in await table.store.waits(record.id)}
        waits, begun = [], []
        for seat in state.awaited():
            if seat not in humans:
                continue
            key = fingerprint(state.prompts_for(seat))
            wait = old.get(seat)
            if wait is None or wait.prompts != key:
                wait = await _begin(table, record.id, seat, key, now, game, humans[seat])
                begun.append(seat)
            elif wait.deadline is not None and stored_deadline(wait.deadline) is None:
                wait = dataclasses.replace(wait, deadline=None)  # inf or nan from an older version: none
            waits.append(wait)
        await table.store.save_waits(record.id, waits)
    for seat in begun:
        await _heads_up(table, record, public, seat, humans, {w.seat for w in waits}, report)
    expired = [w for w in waits if w.deadline is not None and w.deadline <= now]
    for wait in expired:
        fresh = {w.seat: w for w in await table.store.waits(record.id)}.get(wait.seat)
        if fresh is None or fresh.prompts != wait.prompts or fresh.deadline is None or not fresh.deadline <= now:
            continue  # extended, set or answered meanwhile (issue 21, item 7)
        await _deadline_passed(table, record, wait, humans[wait.seat], report)
    if expired:
        return  # the game moved on; the next sweep sees its new waits
    updated = [await _due(table, record, wait, humans[wait.seat], game, now, report) for wait in waits]
    await _apply_changes(table, record.id, zip(waits, updated, strict=True))


#: game setting: deadlines passed whose AI answers are not all given and told yet,
#: ``{seat: {"since", "user", "seq", "rewinds"}}`` (the wait's start, its player, the game then)
DEADLINES_PENDING = "table.deadlines.pending"

#: the fields of a wait that :func:`_due` changes; everything else belongs to the commands
_SWEPT = ("reminders", "next_reminder", "stalled")


async def _apply_changes(table: Table, game_id: int, changes: Iterable[tuple[WaitRecord, WaitRecord]]) -> None:
    """Under the game's lock, apply to each wait as stored now what the sweep changed in it
    (``before`` -> ``after``); a wait that ended or began anew meanwhile is left alone."""
    swept = {
        (after.seat, after.prompts): {f: getattr(after, f) for f in _SWEPT if getattr(after, f) != getattr(before, f)}
        for before, after in changes
    }
    if not any(swept.values()):
        return
    async with table.store.lock(game_id):
        fresh = await table.store.waits(game_id)
        await table.store.save_waits(game_id, [dataclasses.replace(w, **swept.get((w.seat, w.prompts), {})) for w in fresh])


async def _human_seats(table: Table, game_id: int, out: set[Seat]) -> dict[Seat, int]:
    """seat -> user for the seats a person plays (no AI, no empty seat, not eliminated)."""
    return {
        s.seat: s.user_id for s in await table.store.seats(game_id) if s.user_id is not None and not s.is_ai and s.seat not in out
    }


async def _begin(table: Table, game_id: int, seat: Seat, key: str, now: float, game: dict, user_id: int) -> WaitRecord:
    prefs = await player_prefs(table.store, user_id)
    hours = game["deadline_hours"]
    interval = reminder_interval(game, prefs)
    return WaitRecord(
        game_id,
        seat,
        key,
        since=now,
        deadline=now + hours * HOUR if hours else None,
        next_reminder=quiet_until(now + interval, prefs) if interval else None,
    )


async def _due(
    table: Table, record: GameRecord, wait: WaitRecord, user_id: int, game: dict, now: float, report: SweepReport
) -> WaitRecord:
    """Send what is due for one wait (a reminder, the stall notice); returns the wait updated."""
    gtr, utr = await table.service.game_tr(record.id), await table.service.user_tr(user_id)
    if not wait.stalled and now - wait.since >= game["stall_hours"] * HOUR:
        await notices.to_channel(
            table.store,
            record.id,
            f"stall/{wait.seat}/{wait.since}",
            [
                gtr._(
                    "🐌 Game #{game} has waited for {player} since {when}.",
                    game=record.id,
                    player=notices.mention(user_id),
                    when=notices.when(wait.since),
                ),
                gtr._(
                    "The table can vote to pause ({pause}), to hand the seat to the AI ({ai}),"
                    " or to let someone else take it over ({replace}).",
                    pause=command_mention("game vote pause", gtr),
                    ai=command_mention("game vote ai", gtr),
                    replace=command_mention("game vote replace", gtr),
                ),
            ],
            language=gtr.language,
        )
        wait = dataclasses.replace(wait, stalled=True)
        report.stalls += 1
    if wait.muted or wait.next_reminder is None or now < wait.next_reminder:
        return wait
    prefs = await player_prefs(table.store, user_id)
    later = quiet_until(now, prefs)
    if later > now:  # quiet hours began after this reminder was planned
        return dataclasses.replace(wait, next_reminder=later)
    number = wait.reminders + 1
    channel = "<#" + str(record.channel_id) + ">"
    lines = [
        utr._(
            "⏳ Game #{game} in {channel} is waiting for your decision since {when}.",
            game=record.id,
            channel=channel,
            when=notices.when(wait.since),
        ),
        _deadline_text(wait, utr),
        utr._(ANSWER_HINT, access=frontend_for(record.game).private_access_in(utr)),
    ]
    buttons, shown = [mute_button(record.id, utr)], None
    if number == 1:
        found = await _recap(table, record, wait.seat)
        if found is not None:
            lines += recap_lines(found, utr)
            if found.changed and recap.has_map(record.game):
                shown = {
                    "seat": found.seat,
                    "since": found.since,
                    "seq": found.seq,
                    "rewinds": found.rewinds,
                    "highlight": list(found.changed),
                }
                recap_id = ids.recap_id(record.id, found.since, found.seq, found.rewinds)
                buttons.append(ButtonSpec(utr._("Map of the changes"), recap_id))
    await notices.to_player(
        table.store,
        record.id,
        f"remind/{wait.seat}/{wait.since}/{number}",
        user_id,
        lines,
        buttons=buttons,
        map=shown,
        language=utr.language,
    )
    report.reminders += 1
    if number >= game["escalate_after"]:
        await notices.to_channel(
            table.store,
            record.id,
            f"escalate/{wait.seat}/{wait.since}/{number}",
            [
                gtr._(
                    "⏳ {player}, game #{game} has been waiting for you since {when}.",
                    player=notices.mention(user_id),
                    game=record.id,
                    when=notices.when(wait.since),
                ),
                _deadline_text(wait, gtr),
            ],
            ping=[user_id],
            language=gtr.language,
        )
        report.escalations += 1
    interval = reminder_interval(game, prefs)
    return dataclasses.replace(wait, reminders=number, next_reminder=quiet_until(now + interval, prefs) if interval else None)


def _deadline_text(wait: WaitRecord, tr: Tr) -> str:
    deadline = stored_deadline(wait.deadline)
    if deadline is None:
        return tr._("This game has no deadline.")
    return tr._("Deadline {when}: then the AI decides for the seat.", when=notices.when(deadline))


async def _recap(table: Table, record: GameRecord, seat: Seat) -> recap.Recap | None:
    try:
        return await recap.since_last_move(table, record, seat)
    except RunetableError as e:
        log.warning("game %s: no recap for seat %s: %s", record.id, seat, e.message)
        return None


def recap_lines(found: recap.Recap, tr: Tr | None = None) -> list[str]:
    """The recap in words: the last lines of the story, then the areas that changed."""
    tr = tr or ENGLISH
    if not found.lines and not found.changed:
        return []
    shown = list(found.lines[-RECAP_LINES:])
    hidden = len(found.lines) - len(shown)
    log_command = command_mention("game log", tr)
    more = [
        tr.ngettext("… and {n} earlier line ({command}).", "… and {n} earlier lines ({command}).", hidden, command=log_command)
    ]
    more = more if hidden > 0 else []
    changed = [tr._("Changed on your map: {areas}.", areas=", ".join(found.changed))] if found.changed else []
    return [tr._("**Since you last acted:**"), *more, *shown, *changed]


async def _heads_up(
    table: Table,
    record: GameRecord,
    public: Mapping[str, Any],
    seat: Seat,
    humans: dict[Seat, int],
    awaited: set[Seat],
    report: SweepReport,
) -> None:
    """Tell the player whose turn follows ``seat``'s that they are next (once per turn: the
    front-end's key names the turn, however many decisions it takes)."""
    found = frontend_for(record.game).next_up(public)
    if found is None:
        return
    nxt, turn = found
    if nxt == seat or nxt not in humans or nxt in awaited:
        return
    prefs = await player_prefs(table.store, humans[nxt])
    now = table.now()
    if not prefs["heads_up"] or quiet_until(now, prefs) > now:
        return
    tr = await table.service.user_tr(humans[nxt])
    channel = "<#" + str(record.channel_id) + ">"
    line = tr._(
        "👀 You're next in game #{game} ({channel}): {player} is taking their turn now.",
        game=record.id,
        channel=channel,
        player=notices.mention(humans.get(seat)),
    )
    if await notices.to_player(
        table.store,
        record.id,
        f"next/{turn}",
        humans[nxt],
        [line],
        silent=True,  # no hand-off yet: it notifies nobody (issue 19 item 3)
        language=tr.language,
    ):
        report.heads_up += 1


async def _deadline_passed(table: Table, record: GameRecord, wait: WaitRecord, user_id: int, report: SweepReport) -> None:
    """The AI answers for the seat, then the channel and the player are told. The deadline is
    marked pending first (game setting :data:`DEADLINES_PENDING`), so a process killed between
    the answers finishes them and tells it at the next sweep (:func:`finish_deadlines`)."""
    async with table.store.lock(record.id):
        pending = await table.store.get_setting("game", record.id, DEADLINES_PENDING, {})
        now = await table.store.get_game(record.id)
        mark = {"since": wait.since, "user": user_id, "seq": now.seq, "rewinds": now.rewinds}
        pending[str(wait.seat)] = mark
        await table.store.set_setting("game", record.id, DEADLINES_PENDING, pending)
    await _answer_deadline(table, record, wait.seat, mark, report)


async def finish_deadlines(table: Table, record: GameRecord, report: SweepReport) -> GameRecord:
    """Finish the deadlines a killed process left pending; returns the game as it is now."""
    for seat, mark in (await table.store.get_setting("game", record.id, DEADLINES_PENDING, {})).items():
        await _answer_deadline(table, record, int(seat), mark, report)
    return await table.store.get_game(record.id)


async def _answer_deadline(table: Table, record: GameRecord, seat: Seat, mark: dict, report: SweepReport) -> None:
    await default_by_ai(table, record.id, seat)
    current = await table.store.get_game(record.id)
    answered = current.rewinds == mark["rewinds"] and current.seq > mark["seq"]
    answers = sum(1 for a in await table.store.actions(record.id, mark["seq"]) if a.seat == seat) if answered else 0
    if answers:
        await _tell_deadline(table, record, seat, mark["since"], mark["user"], answers, report)
    async with table.store.lock(record.id):
        pending = await table.store.get_setting("game", record.id, DEADLINES_PENDING, {})
        pending.pop(str(seat), None)
        await table.store.set_setting("game", record.id, DEADLINES_PENDING, pending)


async def _tell_deadline(
    table: Table, record: GameRecord, seat: Seat, since: float, user_id: int, answers: int, report: SweepReport
) -> None:
    report.defaults += 1
    gtr, utr = await table.service.game_tr(record.id), await table.service.user_tr(user_id)
    await notices.to_channel(
        table.store,
        record.id,
        f"deadline/{seat}/{since}",
        [
            gtr.ngettext(
                "⏰ The deadline for {player} passed: the AI answered for their seat ({n} decision).",
                "⏰ The deadline for {player} passed: the AI answered for their seat ({n} decisions).",
                answers,
                player=notices.mention(user_id),
            )
        ],
        language=gtr.language,
    )
    await notices.to_player(
        table.store,
        record.id,
        f"deadline/{seat}/{since}",
        user_id,
        [
            utr._(
                "⏰ Your deadline in game #{game} passed, so the AI decided for you (from what your seat may see).",
                game=record.id,
            ),
            utr._(
                "Your next decision is yours again; {command} lets the AI play on while you are away.",
                command=command_mention("game ai-seat", utr),
            ),
        ],
        language=utr.language,
    )


# -------------------------------------------------------------------- changes from commands and votes


async def mute(table: Table, game_id: int, seat: Seat) -> bool:
    """Mute the reminders of the seat's current wait; False when it is not awaited."""
    async with table.store.lock(game_id):
        waits = await table.store.waits(game_id)
        if not any(w.seat == seat for w in waits):
            return False
        await table.store.save_waits(game_id, [dataclasses.replace(w, muted=True) if w.seat == seat else w for w in waits])
    return True


async def extend_deadlines(table: Table, game_id: int, hours: float, seat: Seat | None = None) -> list[WaitRecord]:
    """Push the current deadlines (of one seat, or all) back by ``hours``, to at most 90 days
    from now; returns those changed (issue 21, item 5). The commands refuse an ``hours``
    outside 10 minutes to 30 days (:func:`bot.table.settings.parse_duration`); here one is
    brought into that range, and one that is not a positive number (a vote stored by an
    older version) changes nothing. A stored deadline that is not a finite number counts as
    none."""
    async with table.store.lock(game_id):
        waits, changed = extended(await table.store.waits(game_id), hours, table.now(), seat)
        await table.store.save_waits(game_id, waits)
    return changed


def extended(
    waits: Sequence[WaitRecord], hours: float, now: float, seat: Seat | None = None
) -> tuple[list[WaitRecord], list[WaitRecord]]:
    """The waits with the deadlines of :func:`extend_deadlines` moved, and those changed."""
    if not isinstance(hours, int | float) or not math.isfinite(hours) or hours <= 0:
        return list(waits), []
    hours = min(max(hours, EXTEND_MIN_HOURS), EXTEND_MAX_HOURS)
    latest = now + DEADLINE_MAX_HOURS * HOUR
    changed = [
        dataclasses.replace(w, deadline=max(w.deadline, min(w.deadline + hours * HOUR, latest)))
        for w in waits
        if stored_deadline(w.deadline) is not None and (seat is None or w.seat == seat)
    ]
    keep = [w for w in waits if w.seat not in {c.seat for c in changed}]
    return keep + changed, changed


async def set_deadline_hours(table: Table, game_id: int, hours: float) -> None:
    """Set the waits' deadlines to ``hours`` after each began (0: no deadline; else 10 minutes
    to 90 days, else RunetableError)."""
    hours = check_deadline_hours(hours)
    async with table.store.lock(game_id):
        waits = await table.store.waits(game_id)
        await table.store.save_waits(
            game_id, [dataclasses.replace(w, deadline=w.since + hours * HOUR if hours else None) for w in waits]
        )


async def shift_waits(table: Table, game_id: int, seconds: float) -> None:
    """After a pause: every wait began, and is due, ``seconds`` later."""
    async with table.store.lock(game_id):
        await table.store.save_waits(game_id, shifted(await table.store.waits(game_id), seconds))


def shifted(waits: Sequence[WaitRecord], seconds: float) -> list[WaitRecord]:
    """The waits as :func:`shift_waits` leaves them."""

    def later(t: float | None) -> float | None:
        t = stored_deadline(t)
        return None if t is None else t + seconds

    return [
        dataclasses.replace(w, since=w.since + seconds, deadline=later(w.deadline), next_reminder=later(w.next_reminder))
        for w in waits
    ]


async def deadline_lines(table: Table, game_id: int) -> list[str]:
    """ "Deadline for @x: in 2 days" per awaited player, for status messages (a stored
    deadline that is not a finite number counts as none)."""
    users = {s.seat: s.user_id for s in await table.store.seats(game_id)}
    return [
        current_tr()._("Deadline for {user}: {when}", user=notices.mention(users.get(w.seat)), when=notices.when(w.deadline))
        for w in await table.store.waits(game_id)
        if stored_deadline(w.deadline) is not None
    ]
