"""Undo: a player takes back their own last move while it has taught nobody anything.

Seat *s* asks to undo. Let *k* be the newest commit *s* made and *N* the game's newest
commit. The undo removes commits *k..N* and is allowed only when, replaying them
(:mod:`.history`):

1. **nobody else acted**: every commit *k..N* is *s*'s own (an answer of another player,
   of an AI seat or of another seat's automatic setting ends the window);
2. **no chance event**: no record of them carries chance results (a shuffle, a random
   draw of the engine's generator);
3. **no reveal**: none of their events is a reveal. An event *reveals* when it shows
   someone something that was secret from them before:

   * a private event to any seat other than *s* (another player was shown something);
   * a private event to *s* that is not an **echo**, i.e. does not merely repeat *s*'s own
     secret answer back to *s* (say ``your_order``: the order card *s* just chose is
     an echo; ``your_tactics_drawn``: cards off the deck, is not);
   * a public event whose kind the game has not declared **undo-safe**. Undo-safe kinds
     report only the actor's own public answer and what follows from public information
     (units moved, an area activated, a turn ended). An order or bid revealed, a rune
     turned face up, a card drawn from a deck (fate, season, quests), a card played from a
     hand: all reveal. Drawing from a deck shuffled at set-up uses no random number at
     that moment, which is why rule 2 alone would not catch it.

   The undo-safe and echo kinds are whitelists declared by each game's ruleset
   (:attr:`engine.core.Ruleset.undo_safe_events`, :attr:`~engine.core.Ruleset.undo_echo_events`),
   not by the bot: an event kind added later counts as a reveal until someone checks it,
   so a forgotten kind refuses an undo but never lets a player preview a deck.

Undoing truncates the log to *k-1* (:meth:`bot.store.Store.undo_actions`), drops the
unsent messages of *k..N* (only theirs: a vote notice or another player's reminder stays
queued), marks those already sent as superseded (the cog edits them to say so), tells the
channel and re-sends the undoer's decisions (and those of any player whose decision message
was withdrawn), all in that one transaction: a bot killed right after still announces it.
Held DMs of those moves are dropped after.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from bot.delivery import TransientFailure, Undeliverable, _held_key
from bot.errors import RunetableError
from bot.narration import current_tr, narrate, narrator_for
from bot.service.base import not_running
from bot.store import OutboxRow, StaleVersion
from bot.table import Table, notices
from bot.table.history import Commit, History
from bot.table.seats import seat_of
from engine.core import Engine, GameState, Ruleset, Seat, encode
from engine.core.codec import to_plain

PREVIEW_LINES = 15
SUPERSEDED_NOTE = "↩️ *Undone: this move was taken back.*"


class UndoRefused(RunetableError):
    """The undo is not allowed (the message says why)."""


def blocker(ruleset: Ruleset, commit: Commit, seat: Seat) -> str | None:
    """Why ``seat`` may not undo ``commit`` (None: it may), by the ruleset's declared lists."""
    if commit.seat != seat:
        return current_tr()._("another player has acted since")
    if any(r.chance for r in commit.records):
        return current_tr()._("a chance event happened (a shuffle or a random draw)")
    for event in commit.transition.events:
        if event.to is None and event.kind not in ruleset.undo_safe_events:
            return current_tr()._(
                "it revealed information ({what})", what=narrator_for(ruleset.name).speaking(current_tr()).event(event)
            )
        if event.to is not None and event.to - {seat}:
            return current_tr()._("another player was shown something privately")
        if event.to is not None and event.kind not in ruleset.undo_echo_events:
            return current_tr()._("it showed you hidden information")
    return None


@dataclass(frozen=True)
class UndoPlan:
    """What an undo would do: go back from ``seq`` to ``keep_seq`` (``before`` is that state)."""

    game_id: int
    seat: Seat
    user_id: int
    seq: int
    rewinds: int
    keep_seq: int
    before: GameState
    lines: tuple[str, ...]


async def plan(table: Table, game_id: int, user_id: int) -> UndoPlan:
    """Check that ``user_id`` may undo and describe what would be undone; raises UndoRefused."""
    record = await table.store.get_game(game_id)
    if record.status != "active":
        raise UndoRefused(not_running(record))
    seat = (await seat_of(table, game_id, user_id)).seat
    rows = await table.store.actions(game_id)
    mine = [r.seq for r in rows if r.seat == seat]
    if not mine or max(mine) < 2:
        raise UndoRefused(current_tr()._("You have no move to undo."))
    first = max(mine)
    if any(r.seat != seat for r in rows if r.seq > first):
        raise UndoRefused(current_tr()._("You cannot undo: another player has acted since your last move."))
    ruleset = await table.service.ruleset_for(record)
    history = await History.load(table.store, record, ruleset, from_seq=first)
    commits = await asyncio.to_thread(history.commits, first)
    for commit in commits:
        reason = blocker(ruleset, commit, seat)
        if reason is not None:
            raise UndoRefused(current_tr()._("You cannot undo move {seq}: {reason}.", seq=commit.seq, reason=reason))
    return UndoPlan(
        game_id,
        seat,
        user_id,
        record.seq,
        record.rewinds,
        first - 1,
        commits[0].before,
        tuple(_describe(record.game, commits, seat)),
    )


def _describe(game: str, commits: list[Commit], seat: Seat) -> list[str]:
    narrator = narrator_for(game)
    lines = []
    for commit in commits:
        lines.append(f"Move {commit.seq}: {narrator.action(commit.records[0].action)}")
        lines += [f"  · {line}" for line in narrate(game, commit.transition.events, seat)]
    if len(lines) > PREVIEW_LINES:
        lines = lines[: PREVIEW_LINES - 1] + [f"  … and {len(lines) - PREVIEW_LINES + 1} more lines"]
    return lines


@dataclass(frozen=True)
class UndoDone:
    plan: UndoPlan
    superseded: tuple[OutboxRow, ...]


async def perform(table: Table, game_id: int, user_id: int, seq: int, rewinds: int) -> UndoDone:
    """Undo what :func:`plan` showed at position (``seq``, ``rewinds``); raises UndoRefused
    when the game moved on since, or the undo is no longer allowed."""
    stale = UndoRefused(current_tr()._("The game moved on since you asked; ask again with /game undo."))
    async with table.store.lock(game_id):
        record = await table.store.get_game(game_id)
        if (record.seq, record.rewinds) != (seq, rewinds):
            raise stale
        the_plan = await plan(table, game_id, user_id)
        announce = await _announcement(table, the_plan)
        try:
            superseded = await table.store.undo_actions(
                game_id, expected_seq=seq, keep_seq=the_plan.keep_seq, state=encode(the_plan.before), notices=announce
            )
        except StaleVersion:
            raise stale from None
    await _drop_held(table, game_id, superseded)
    return UndoDone(the_plan, tuple(superseded))


async def _drop_held(table: Table, game_id: int, rows: Iterable[OutboxRow]) -> None:
    """Forget held DMs (closed DMs, bot.delivery) of the undone moves."""
    keys = {r.key for r in rows}
    for user_id in {int(r.recipient.removeprefix("user:")) for r in rows if r.recipient.startswith("user:")}:
        held = await table.store.get_setting("player", user_id, _held_key(game_id), [])
        kept = [h for h in held if h["key"] not in keys]
        if kept != held:
            await table.store.set_setting("player", user_id, _held_key(game_id), kept)


async def _announcement(table: Table, done: UndoPlan) -> Callable[[list[OutboxRow]], list[tuple[str, str, str]]]:
    """What tells the undo, built before it commits and queued in its transaction
    (:meth:`bot.store.Store.undo_actions`): the channel's line, and a private message with
    their decisions at the kept position to the undoer and to every player one of whose
    messages it withdraws."""
    name = f"undo/{done.rewinds + 1}"
    moves = f"move {done.keep_seq + 1}" if done.seq == done.keep_seq + 1 else f"moves {done.keep_seq + 1}–{done.seq}"
    public = notices.payload(
        done.game_id,
        "undo",
        [f"↩️ {notices.mention(done.user_id)} took back their last move ({moves}); the messages about it are marked as undone."],
    )
    record = await table.store.get_game(done.game_id)
    ruleset = await table.service.ruleset_for(record)
    seats = {s.user_id: s.seat for s in await table.store.seats(done.game_id) if s.user_id is not None}

    def private(user_id: int) -> str:
        lines = (
            ["↩️ Your move was undone. Decide again:"]
            if user_id == done.user_id
            else [f"↩️ {notices.mention(done.user_id)} took back their move; the messages you got about it no longer apply."]
        )
        return _private_payload(ruleset, record.game, done, seats[user_id], lines)

    # the undoer's is drawn now; another player's (rare: the undone moves showed nobody else
    # anything) when the transaction finds one of their messages withdrawn
    mine = private(done.user_id)

    def announce(superseded: list[OutboxRow]) -> list[tuple[str, str, str]]:
        withdrawn = {int(r.recipient.removeprefix("user:")) for r in superseded if r.recipient.startswith("user:")}
        others = sorted((withdrawn - {done.user_id}) & set(seats))
        told = [(done.user_id, mine)] + [(u, private(u)) for u in others]
        return [(name, "channel", public)] + [(f"{name}/private", f"user:{u}", text) for u, text in sorted(told)]

    return announce


def _private_payload(ruleset: Ruleset, game: str, done: UndoPlan, seat: Seat, lines: list[str]) -> str:
    """A private message in the service's shape (bot/service/payloads.py) with the seat's open
    decisions at the position the undo goes back to."""
    state = done.before
    legal = Engine(ruleset).legal(state, seat) if state.result is None else ()
    decisions = [
        {
            "prompt": {
                "id": prompt.id,
                "kind": prompt.kind,
                "secret": prompt.secret,
                "info": to_plain(dict(prompt.info)),
            },
            "actions": [{"choice": a.choice, "args": to_plain(dict(a.args))} for a in legal if a.prompt == prompt.id],
        }
        for prompt in state.prompts_for(seat)
    ]
    payload = {
        "v": 1,
        "kind": "private",
        "game_id": done.game_id,
        "seq": done.keep_seq,
        "game": game,
        "seat": seat,
        "lines": lines,
        "events": [],
        "decisions": decisions,
    }
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# -------------------------------------------------------------------- marking sent messages


@dataclass(frozen=True)
class SupersededMessage:
    """A sent message of an undone move: in the game's channel, or a DM to ``user_id``."""

    channel_id: int | None
    user_id: int | None
    message_id: int


class Marker(Protocol):
    """Edits a sent message to say it was undone (:mod:`bot.cogs.table` does it on Discord).
    Raises bot.delivery's Undeliverable when the message is gone, TransientFailure to retry."""

    async def mark(self, message: SupersededMessage) -> None: ...


async def mark_superseded(table: Table, marker: Marker) -> int:
    """Mark every superseded message not marked yet; returns how many were edited."""
    edited = 0
    for row in await table.store.superseded_unmarked():
        if row.message_id is None and row.recipient.startswith("user:"):
            await _drop_held(table, row.game_id, [row])  # held, never sent: a kill may have left it held
        elif row.message_id is not None:
            user_id = int(row.recipient.removeprefix("user:")) if row.recipient.startswith("user:") else None
            channel_id = None if user_id else (await table.store.get_game(row.game_id)).channel_id
            try:
                await marker.mark(SupersededMessage(channel_id, user_id, row.message_id))
                edited += 1
            except TransientFailure:
                break  # later, in order
            except Undeliverable:
                pass  # deleted or out of reach: nothing left to mark
        await table.store.mark_superseded_marked(row.key)
    return edited
