"""Votes of the seated players, and what passes when they pass.

Who votes: every seat a person holds (not AI seats, not eliminated seats), except the seat
a vote is about. The opener's ballot is a yes. A vote **passes** as soon as its yes votes
reach the threshold, and **fails** as soon as the no votes make that impossible or when it
expires (``vote_hours``, default 48). Thresholds: a simple majority (more than half) to
pause, resume or extend a deadline; two thirds (rounded up) to replace, hand to the AI,
kick, or abandon. One vote of each kind may be open per game. Ballots are public and may be
changed while the vote is open; everything is logged in the channel.

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

import math
from dataclasses import dataclass, field

from bot import ids
from bot.errors import RunetableError
from bot.service import spectators
from bot.store import VoteRecord
from bot.table import SweepReport, Table, notices, seats, waits
from bot.table.history import decode_state
from bot.table.settings import HOUR, change_game_settings, game_settings
from bot.ui.panels import ButtonSpec
from engine.core import Engine, Seat

#: kind -> (what it does, in a sentence; needs two thirds rather than a majority; is about a seat)
KINDS: dict[str, tuple[str, bool, bool]] = {
    "pause": ("pause the game's clocks (reminders and deadlines)", False, False),
    "resume": ("resume the game's clocks", False, False),
    "extend": ("extend the current deadlines", False, False),
    "replace": ("open {seat}'s seat for someone else to claim", True, True),
    "ai": ("hand {seat}'s seat to the AI for the rest of the game", True, True),
    "kick": ("remove {seat} from the game (the AI plays the seat until someone claims it)", True, True),
    "abandon": ("abandon the game", True, False),
}


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
        v = self.vote
        head = f"🗳️ Vote #{v.id}: {describe(v, self.target_user)}?"
        tally = f"Yes {self.yes}, no {self.no} of {len(self.voters)} voters; {self.needed} yes needed."
        who = " ".join(f"{notices.mention(u)} {'✅' if b else '❌'}" for u, b in sorted(self.ballots.items()) if u in self.voters)
        status = {"open": f"Open until {notices.when(v.closes_at)}.", "passed": "**Passed.**", "failed": "**Failed.**"}[v.status]
        return "\n".join([head, tally, who, status, *self.lines]).strip()


def describe(vote: VoteRecord, target_user: int | None) -> str:
    what = KINDS[vote.kind][0].format(seat=notices.mention(target_user))
    return f"{what} by {vote.hours:g} hours" if vote.kind == "extend" else what


def needed(kind: str, voters: int) -> int:
    return math.ceil(2 * voters / 3) if KINDS[kind][1] else voters // 2 + 1


async def _voters(table: Table, game_id: int, target: Seat | None) -> frozenset[int]:
    record = await table.store.get_game(game_id)
    engine = Engine(table.service.ruleset_of(record))
    out = spectators(engine.view(decode_state(record.state, engine.ruleset), None))
    return frozenset(
        s.user_id
        for s in await table.store.seats(game_id)
        if s.user_id is not None and not s.is_ai and s.seat != target and s.seat not in out
    )


async def state_of(table: Table, vote: VoteRecord, lines=(), buttons=(), target: int | None = None) -> VoteState:
    """The vote as it stands; ``target`` names the user it was about once they left the seat."""
    voters = await _voters(table, vote.game_id, vote.seat)
    if target is None and vote.seat is not None:
        target = (await table.store.seats(vote.game_id))[vote.seat].user_id
    return VoteState(
        vote, await table.store.ballots(vote.id), voters, needed(vote.kind, len(voters)), target, tuple(lines), tuple(buttons)
    )


async def open_vote(
    table: Table, game_id: int, user_id: int, kind: str, *, seat_user: int | None = None, hours: float | None = None
) -> VoteState:
    """``user_id`` opens a vote of ``kind`` (about the seat of ``seat_user``, or extending by
    ``hours``) and votes yes; it may pass at once. Raises RunetableError when it cannot be opened."""
    if kind not in KINDS:
        raise RunetableError(f"There is no vote {kind!r}; votes: {', '.join(KINDS)}.")
    record = await table.store.get_game(game_id)
    if record.status != "active":
        raise RunetableError(f"Game #{game_id} is not running.")
    target = await _target(table, game_id, kind, seat_user)
    voters = await _voters(table, game_id, target)
    if user_id not in voters:
        raise RunetableError("Only the players of this game (other than the one a vote is about) can open a vote.")
    game = await game_settings(table.store, game_id)
    if kind == "pause" and game["paused_at"] is not None:
        raise RunetableError("The game is paused already.")
    if kind == "resume" and game["paused_at"] is None:
        raise RunetableError("The game is not paused.")
    if kind == "extend" and not (hours and hours > 0):
        raise RunetableError("Say by how long to extend, e.g. 1d or 12h.")
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
        raise RunetableError(f"A {kind} vote is already open in this game; vote on that one.")
    return await cast(table, vote.id, user_id, True)


async def _target(table: Table, game_id: int, kind: str, seat_user: int | None) -> Seat | None:
    if not KINDS[kind][2]:
        return None
    if seat_user is None:
        raise RunetableError("Say which player this vote is about.")
    for s in await table.store.seats(game_id):
        if s.user_id == seat_user and not s.is_ai:
            return s.seat
    raise RunetableError(f"{notices.mention(seat_user)} plays no seat of this game.")


async def cast(table: Table, vote_id: int, user_id: int, yes: bool) -> VoteState:
    """Record a ballot; close the vote when it is decided, and carry out a passed vote."""
    vote = await table.store.vote(vote_id)
    if vote is None:
        raise RunetableError("There is no such vote.")
    if vote.status != "open":
        return await state_of(table, vote, [f"This vote has already {vote.status}."])
    if user_id not in await _voters(table, vote.game_id, vote.seat):
        raise RunetableError("Only the players of this game (other than the one a vote is about) can vote.")
    await table.store.cast_ballot(vote.id, user_id, yes, table.now())
    state = await state_of(table, vote)
    if state.yes >= state.needed:
        return await _close(table, state, "passed")
    if state.yes + (len(state.voters) - state.yes - state.no) < state.needed:
        return await _close(table, state, "failed")
    return state


async def expire(table: Table, report: SweepReport) -> None:
    """Fail every open vote whose time is up (the sweeper's part)."""
    now = table.now()
    for vote in await table.store.open_votes():
        if vote.closes_at <= now:
            state = await _close(table, await state_of(table, vote), "failed", lines=["Time is up."])
            await notices.to_channel(table.store, vote.game_id, f"vote/{vote.id}/closed", [state.text()])
            report.votes_closed += 1


async def _close(table: Table, state: VoteState, status: str, lines=()) -> VoteState:
    vote = state.vote
    if not await table.store.close_vote(vote.id, status, table.now()):
        return await state_of(table, await table.store.vote(vote.id), ["This vote was decided meanwhile."])
    lines, buttons = list(lines), []
    if status == "passed":
        done, buttons = await _carry_out(table, vote, state.target_user)
        lines += done
    return await state_of(table, await table.store.vote(vote.id), lines, buttons, state.target_user)


async def _carry_out(table: Table, vote: VoteRecord, target_user: int | None) -> tuple[list[str], list[ButtonSpec]]:
    """Do what a passed vote decided; returns the lines saying so, and any claim button."""
    game_id, now = vote.game_id, table.now()
    if vote.kind == "pause":
        await change_game_settings(table.store, game_id, paused_at=now)
        return ["⏸️ The game's clocks are paused: no reminders, no deadlines until a resume vote passes."], []
    if vote.kind == "resume":
        paused_at = (await game_settings(table.store, game_id))["paused_at"]
        await waits.shift_waits(table, game_id, now - paused_at)
        await change_game_settings(table.store, game_id, paused_at=None)
        return ["▶️ The game's clocks run again; every deadline moved back by the length of the pause."], []
    if vote.kind == "extend":
        changed = await waits.extend_deadlines(table, game_id, vote.hours)
        return [f"⏳ {len(changed)} deadline(s) moved back by {vote.hours:g} hours."], []
    if vote.kind == "abandon":
        await table.store.set_status(game_id, "abandoned")
        return ["🏳️ The game is abandoned. Its seed will be revealed here."], []
    claim = [ButtonSpec("Claim this seat", ids.claim_id(game_id, vote.seat), "success")]
    if vote.kind == "replace":
        await seats.open_for_claim(table, game_id, vote.seat)
        return [
            f"🔁 {notices.mention(target_user)}'s seat is open: the first non-player to press Claim takes it over;"
            " until then they play on."
        ], claim
    await seats.hand_to_ai(table, game_id, vote.seat, claimable=vote.kind == "kick")
    if vote.kind == "kick":
        return [f"👋 {notices.mention(target_user)} left the game; the AI plays the seat until someone claims it."], claim
    return [f"🤖 The AI plays {notices.mention(target_user)}'s seat from now on."], []
