"""Votes of the seated players, and what passes when they pass.

Who votes: every seat a person holds (not AI seats, not eliminated seats), except the seat
a vote is about. The opener's ballot is a yes. A vote **passes** as soon as its yes votes
reach the threshold, and **fails** as soon as the no votes make that impossible or when it
expires (``vote_hours``, default 48). Thresholds: a simple majority (more than half) to
pause, resume or extend a deadline; two thirds (rounded up) to replace, hand to the AI,
kick, or abandon. One vote of each kind may be open per game. Ballots are public and may be
changed while the vote is open; everything is logged in the channel.

At a table of **two humans** a vote about a seat (replace, ai, kick) would otherwise pass on
its opener's ballot alone; there the seat's player votes too (both yes votes are needed),
unless they are :data:`OVERDUE_HOURS` past a deadline, and a member with Manage Server
decides it by a yes (issue 21).

**Exactly once** (issue 21): a ballot is cast and the vote decided and closed under the
game's lock; a passed vote is marked pending (game setting :data:`PENDING`) before it is
closed, carried out (idempotently), then unmarked. The sweeper's :func:`finish_passed`
carries out whatever a killed process left marked.

=========  ==================================================================================
pause      the clocks stop: no reminders, no deadlines (moves may still be made)
resume     the clocks run again; every wait is shifted by the length of the pause
extend     the current deadlines move back by the vote's duration
replace    the seat is opened: its player plays on until someone presses "Claim seat"
ai         the seat's player leaves; the AI plays the seat to the end
kick       the seat's player leaves; the AI plays the seat until someone claims it
abandon    the game ends without a result (the seed is revealed)
=========  ==================================================================================
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass, field
from typing import Any

from bot import ids
from bot.errors import RunetableError
from bot.i18n import N_
from bot.narration import current_tr, voice
from bot.service import spectators
from bot.service.base import not_running
from bot.store import VoteRecord
from bot.table import SweepReport, Table, notices, seats, waits
from bot.table.history import decode_state
from bot.table.settings import HOUR, change_game_settings, game_settings
from bot.ui.panels import ButtonSpec
from engine.core import Engine, Seat

#: kind -> (what it does, in a sentence; needs two thirds rather than a majority; is about a seat)
KINDS: dict[str, tuple[str, bool, bool]] = {
    "pause": (N_("pause the game's clocks (reminders and deadlines)"), False, False),
    "resume": (N_("resume the game's clocks"), False, False),
    "extend": (N_("extend the current deadlines"), False, False),
    "replace": (N_("open {seat}'s seat for someone else to claim"), True, True),
    "ai": (N_("hand {seat}'s seat to the AI for the rest of the game"), True, True),
    "kick": (N_("remove {seat} from the game (the AI plays the seat until someone claims it)"), True, True),
    "abandon": (N_("abandon the game"), True, False),
}
#: a vote about a seat at a two-human table passes without its player's yes once they are this late
OVERDUE_HOURS = 24
#: game setting: passed votes not carried out yet, ``{vote id: the user a seat vote is about}``
PENDING = "table.votes.pending"

log = logging.getLogger(__name__)
_finishing: dict[int, asyncio.Lock] = {}


@dataclass(frozen=True)
class VoteState:
    """A vote with its ballots and who may vote; ``lines`` say what happened to it now."""

    vote: VoteRecord
    ballots: dict[int, bool]
    voters: frozenset[int]
    needed: int
    target_user: int | None = None
    lines: tuple[str, ...] = field(default_factory=tuple)
    buttons: tuple[ButtonSpec, ...] = field(default_factory=tuple)

    @property
    def yes(self) -> int:
        return sum(1 for u, b in self.ballots.items() if b and u in self.voters)

    @property
    def no(self) -> int:
        return sum(1 for u, b in self.ballots.items() if not b and u in self.voters)

    def text(self) -> str:
        """The vote's public message: what, tally, who voted how, and its status."""
        v, tr = self.vote, current_tr()
        head = tr._("🗳️ Vote #{vote}: {what}?", vote=v.id, what=describe(v, self.target_user))
        tally = tr._(
            "Yes {yes}, no {no} of {voters} voters; {needed} yes needed.",
            yes=self.yes,
            no=self.no,
            voters=len(self.voters),
            needed=self.needed,
        )
        who = " ".join(f"{notices.mention(u)} {'✅' if b else '❌'}" for u, b in sorted(self.ballots.items()) if u in self.voters)
        status = {
            "open": tr._("Open until {when}.", when=notices.when(v.closes_at)),
            "passed": tr._("**Passed.**"),
            "failed": tr._("**Failed.**"),
        }[v.status]
        return "\n".join([head, tally, who, status, *self.lines]).strip()


def describe(vote: VoteRecord, target_user: int | None) -> str:
    tr = current_tr()
    what = (
        tr._(KINDS[vote.kind][0], seat=notices.mention(target_user))
        if "{seat}" in KINDS[vote.kind][0]
        else tr._(KINDS[vote.kind][0])
    )
    return tr._("{what} by {hours} hours", what=what, hours=f"{vote.hours:g}") if vote.kind == "extend" else what


def needed(kind: str, voters: int) -> int:
    return math.ceil(2 * voters / 3) if KINDS[kind][1] else voters // 2 + 1


async def _humans(table: Table, game_id: int) -> dict[Seat, int]:
    """seat -> user for the seats a person plays (no AI, not eliminated)."""
    record = await table.store.get_game(game_id)
    engine = Engine(await table.service.ruleset_for(record))
    out = spectators(engine.view(decode_state(record.state, engine.ruleset), None))
    return {
        s.seat: s.user_id for s in await table.store.seats(game_id) if s.user_id is not None and not s.is_ai and s.seat not in out
    }


async def _overdue(table: Table, game_id: int, seat: Seat) -> bool:
    """The seat is at least :data:`OVERDUE_HOURS` past a deadline."""
    now = table.now()
    return any(
        w.seat == seat and w.deadline is not None and now - w.deadline >= OVERDUE_HOURS * HOUR
        for w in await table.store.waits(game_id)
    )


async def _voters(table: Table, game_id: int, target: Seat | None) -> frozenset[int]:
    """Who votes: the humans but the target; at a two-human table the target votes too
    (issue 21: nobody removes the other alone), unless they are a day past a deadline."""
    humans = await _humans(table, game_id)
    if target in humans and len(humans) == 2 and not await _overdue(table, game_id, target):
        return frozenset(humans.values())
    return frozenset(u for seat, u in humans.items() if seat != target)


async def _two_humans(table: Table, vote: VoteRecord) -> bool:
    """A vote about a seat at a table of two humans (where a moderator may decide it)."""
    if vote.seat is None:
        return False
    humans = await _humans(table, vote.game_id)
    return vote.seat in humans and len(humans) == 2


async def state_of(table: Table, vote: VoteRecord, lines=(), buttons=(), target: int | None = None) -> VoteState:
    """The vote as it stands; ``target`` names the user it was about once they left the seat."""
    voters = await _voters(table, vote.game_id, vote.seat)
    if target is None and vote.seat is not None:
        target = (await table.store.seats(vote.game_id))[vote.seat].user_id
    return VoteState(
        vote, await table.store.ballots(vote.id), voters, needed(vote.kind, len(voters)), target, tuple(lines), tuple(buttons)
    )


async def open_vote(
    table: Table,
    game_id: int,
    user_id: int,
    kind: str,
    *,
    seat_user: int | None = None,
    hours: float | None = None,
    manager: bool = False,
) -> VoteState:
    """``user_id`` opens a vote of ``kind`` (about the seat of ``seat_user``, or extending by
    ``hours``) and votes yes; it may pass at once. Raises RunetableError when it cannot be opened."""
    if kind not in KINDS:
        raise RunetableError(current_tr()._("There is no vote {kind!r}; votes: {kinds}.", kind=kind, kinds=", ".join(KINDS)))
    record = await table.store.get_game(game_id)
    if record.status != "active":
        raise RunetableError(not_running(record))
    target = await _target(table, game_id, kind, seat_user)
    voters = await _voters(table, game_id, target)
    if user_id not in voters:
        raise RunetableError(
            current_tr()._("Only the players of this game (other than the one a vote is about) can open a vote.")
        )
    game = await game_settings(table.store, game_id)
    if kind == "pause" and game["paused_at"] is not None:
        raise RunetableError(current_tr()._("The game is paused already."))
    if kind == "resume" and game["paused_at"] is None:
        raise RunetableError(current_tr()._("The game is not paused."))
    if kind == "extend" and not (hours and hours > 0):
        raise RunetableError(current_tr()._("Say by how long to extend, e.g. 1d or 12h."))
    now = table.now()
    vote = await table.store.open_vote(
        game_id,
        kind,
        seat=target,
        hours=hours if kind == "extend" else None,
        opened_by=user_id,
        opened_at=now,
        closes_at=now + game["vote_hours"] * HOUR,
    )
    if vote is None:
        raise RunetableError(current_tr()._("A {kind} vote is already open in this game; vote on that one.", kind=kind))
    return await cast(table, vote.id, user_id, True, manager=manager)


async def _target(table: Table, game_id: int, kind: str, seat_user: int | None) -> Seat | None:
    if not KINDS[kind][2]:
        return None
    if seat_user is None:
        raise RunetableError(current_tr()._("Say which player this vote is about."))
    for s in await table.store.seats(game_id):
        if s.user_id == seat_user and not s.is_ai:
            return s.seat
    raise RunetableError(current_tr()._("{user} plays no seat of this game.", user=notices.mention(seat_user)))


async def cast(table: Table, vote_id: int, user_id: int, yes: bool, *, manager: bool = False) -> VoteState:
    """Record a ballot; close the vote when it is decided, and carry out a passed vote.

    ``manager``: the user has Manage Server; at a two-human table their yes passes a vote
    about a seat. The ballot, the decision and the closing happen under the game's lock; a
    passed vote is noted as pending in the same breath and carried out after (exactly once:
    :func:`finish_passed` finishes it after a kill)."""
    vote = await table.store.vote(vote_id)
    if vote is None:
        raise RunetableError(current_tr()._("There is no such vote."))
    async with table.store.lock(vote.game_id):
        vote = await table.store.vote(vote_id)
        if vote.status != "open":
            return await state_of(
                table,
                vote,
                [
                    current_tr()._("This vote has already passed.")
                    if vote.status == "passed"
                    else current_tr()._("This vote has already failed.")
                ],
            )
        record = await table.store.get_game(vote.game_id)
        if record.status != "active":  # a vote left open when the game ended (issue 19 item 5)
            raise RunetableError(current_tr()._("{why} Its votes are closed.", why=not_running(record)))
        moderated = manager and yes and await _two_humans(table, vote)
        if user_id not in await _voters(table, vote.game_id, vote.seat) and not moderated:
            raise RunetableError(current_tr()._("Only the players of this game (other than the one a vote is about) can vote."))
        await table.store.cast_ballot(vote.id, user_id, yes, table.now())
        state = await state_of(table, vote)
        lines = [current_tr()._("🛡️ Decided by a moderator, {user}.", user=notices.mention(user_id))] if moderated else []
        if moderated or state.yes >= state.needed:
            status = "passed"
        elif state.yes + (len(state.voters) - state.yes - state.no) < state.needed:
            status = "failed"
        else:
            return state
        closed = await _close_locked(table, state, status)
    if not closed:
        return await state_of(table, await table.store.vote(vote.id), [current_tr()._("This vote was decided meanwhile.")])
    return await _finish(table, vote.id, lines)


async def expire(table: Table, report: SweepReport) -> None:
    """Fail every open vote whose time is up (the sweeper's part)."""
    now = table.now()
    for vote in await table.store.open_votes():
        if vote.closes_at <= now:
            async with table.store.lock(vote.game_id):
                state = await state_of(table, vote)
                closed = await _close_locked(table, state, "failed")
            if closed:
                tr = await table.service.game_tr(vote.game_id)  # the sweeper tells the channel: the game's language
                with voice(tr):
                    state = await state_of(table, await table.store.vote(vote.id), [tr._("Time is up.")], (), state.target_user)
                    text = state.text()
                await notices.to_channel(table.store, vote.game_id, f"vote/{vote.id}/closed", [text], language=tr.language)
                report.votes_closed += 1


async def finish_passed(table: Table, report: SweepReport) -> None:
    """Carry out every passed vote a killed process left pending (the sweeper's part), and
    tell the channel; carrying out is idempotent, and the mark goes only once it is done."""
    for record in await table.store.games_with_status("active"):
        for vote_id in list(await table.store.get_setting("game", record.id, PENDING, {})):
            tr = await table.service.game_tr(record.id)  # the sweeper tells the channel: the game's language
            try:
                with voice(tr):
                    state = await _finish(table, int(vote_id))
                    text = state.text()
            except Exception:
                log.exception("game %s: carrying out vote %s failed", record.id, vote_id)
                continue
            if state.vote.status == "passed" and state.lines:
                await notices.to_channel(
                    table.store, record.id, f"vote/{vote_id}/carried-out", [text], buttons=state.buttons, language=tr.language
                )


async def _close_locked(table: Table, state: VoteState, status: str) -> bool:
    """Close the vote (under the game's lock); a passed one is first marked pending."""
    vote = state.vote
    if status == "passed":
        pending = await table.store.get_setting("game", vote.game_id, PENDING, {})
        pending[str(vote.id)] = state.target_user
        await table.store.set_setting("game", vote.game_id, PENDING, pending)
    return await table.store.close_vote(vote.id, status, table.now())


async def _finish(table: Table, vote_id: int, lines=()) -> VoteState:
    """Carry out a passed vote still marked pending, then drop the mark (one at a time per vote)."""
    async with _finishing.setdefault(vote_id, asyncio.Lock()):
        vote = await table.store.vote(vote_id)
        pending = await table.store.get_setting("game", vote.game_id, PENDING, {})
        if str(vote.id) not in pending:
            return await state_of(table, vote, lines)
        target = pending[str(vote.id)]
        buttons: list[ButtonSpec] = []
        if vote.status == "open":  # killed between the mark and the closing: decide it again
            async with table.store.lock(vote.game_id):
                state = await state_of(table, vote)
                if state.yes < state.needed or not await table.store.close_vote(vote.id, "passed", table.now()):
                    return state  # undecided: a ballot or the expiry settles it (the mark then goes)
            vote = await table.store.vote(vote_id)
        if vote.status == "passed":
            done, buttons = await _carry_out(table, vote, target)
            lines = [*lines, *done]
        async with table.store.lock(vote.game_id):
            pending = await table.store.get_setting("game", vote.game_id, PENDING, {})
            pending.pop(str(vote.id), None)
            await table.store.set_setting("game", vote.game_id, PENDING, pending)
    return await state_of(table, vote, lines, buttons, target)


async def _still_pending(table: Table, vote: VoteRecord) -> bool:
    """Whether the passed vote is still to be carried out (call under the game's lock)."""
    return str(vote.id) in await table.store.get_setting("game", vote.game_id, PENDING, {})


async def _done(table: Table, vote: VoteRecord) -> dict[str, Any]:
    """The pending marks without ``vote``'s, as a setting to write with what carries it out."""
    pending = await table.store.get_setting("game", vote.game_id, PENDING, {})
    pending.pop(str(vote.id), None)
    return {PENDING: pending}


async def _carry_out(table: Table, vote: VoteRecord, target_user: int | None) -> tuple[list[str], list[ButtonSpec]]:
    """Do what a passed vote decided; returns the lines saying so, and any claim button.
    Idempotent: run again after a kill, it does not do a thing twice. A vote that moves the
    deadlines (extend, resume) writes them and drops its pending mark in one transaction, so
    a kill leaves it either wholly done or not begun."""
    game_id, now = vote.game_id, table.now()
    if vote.kind == "pause":
        if (await game_settings(table.store, game_id))["paused_at"] is None:
            await change_game_settings(table.store, game_id, paused_at=now)
        return ["⏸️ The game's clocks are paused: no reminders, no deadlines until a resume vote passes."], []
    if vote.kind == "resume":
        async with table.store.lock(game_id):
            if not await _still_pending(table, vote):
                return [], []
            paused_at = (await game_settings(table.store, game_id))["paused_at"]
            stored = await table.store.get_setting("game", game_id, "table", {})
            now_waits = await table.store.waits(game_id)
            shifted = now_waits if paused_at is None else waits.shifted(now_waits, now - paused_at)
            await table.store.save_waits(
                game_id, shifted, settings={**await _done(table, vote), "table": {**stored, "paused_at": None}}
            )
        return [current_tr()._("▶️ The game's clocks run again; every deadline moved back by the length of the pause.")], []
    if vote.kind == "extend":
        async with table.store.lock(game_id):
            if not await _still_pending(table, vote):
                return [], []
            moved, changed = waits.extended(await table.store.waits(game_id), vote.hours, now)
            await table.store.save_waits(game_id, moved, settings=await _done(table, vote))
        return [
            current_tr().ngettext(
                "⏳ {n} deadline moved back by {hours} hours.",
                "⏳ {n} deadlines moved back by {hours} hours.",
                len(changed),
                hours=f"{vote.hours:g}",
            )
        ], []
    if vote.kind == "abandon":
        if (await table.store.get_game(game_id)).status == "active":
            await table.service.finish_game(game_id, "abandoned")  # kept in the results, unrated
        return [current_tr()._("🏳️ The game is abandoned. Its seed will be revealed here.")], []
    claim = [ButtonSpec(current_tr()._("Claim this seat"), ids.claim_id(game_id, vote.seat), "success")]
    if vote.kind == "replace":
        await seats.open_for_claim(table, game_id, vote.seat, target_user)
        return [
            current_tr()._(
                "🔁 {user}'s seat is open: the first non-player to press Claim takes it over; until then they play on.",
                user=notices.mention(target_user),
            )
        ], claim
    await seats.hand_to_ai(table, game_id, vote.seat, claimable=vote.kind == "kick", user_id=target_user, reason=vote.kind)
    if vote.kind == "kick":
        return [
            current_tr()._(
                "👋 {user} left the game; the AI plays the seat until someone claims it.", user=notices.mention(target_user)
            )
        ], claim
    return [current_tr()._("🤖 The AI plays {user}'s seat from now on.", user=notices.mention(target_user))], []
