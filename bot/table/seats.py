"""Who plays a seat: its player, the AI standing in for them, or a newcomer claiming it.

* **Deadline default** (:func:`default_by_ai`): when a decision's deadline passes, or a
  moderator forces it, the AI answers for the seat from that seat's view only, decision by
  decision while the seat stays awaited (at most :data:`MAX_DEFAULT_ANSWERS`); the seat stays
  its player's.
* **Loan** (:func:`lend`): a player asks the AI to play their seat until a time; the seat is
  an AI seat that keeps its player (who still gets its private messages) until then.
* **Hand-over** (:func:`hand_to_ai`): after a concession or a vote (``ai``, ``kick``) the
  player leaves and the AI plays the seat, for good or until someone claims it.
* **Claim** (:func:`claim`): a seat opened by a ``replace`` or ``kick`` vote goes to the first
  non-seated user who presses its button.

The AI's answer is committed through :meth:`bot.service.GameService.answer` like a click,
so it is logged, announced and followed by the AI seats' own answers like any move. What
the engine calls an AI seat (``SeatRecord.is_ai``) is answered by the service itself after
every move; a seat becomes one only after its open decisions were answered, so it is never
left waiting. Arrangements (loans, claimable seats) live in the game's setting
``table.seats``.
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
import math
import random
from collections.abc import Mapping
from typing import Any

from bot.errors import NotSeated, RunetableError, StaleClick
from bot.narration import current_tr
from bot.service import ActOutcome, Decision
from bot.store import SeatRecord
from bot.table import Table
from engine.core import Action, Seat

log = logging.getLogger(__name__)

#: answers the AI gives for one seat at one deadline (a whole turn is rarely more than a dozen)
MAX_DEFAULT_ANSWERS = 50
ARRANGEMENTS = "table.seats"
#: bot.table.votes.PENDING (that module builds on this one)
VOTES_PENDING = "table.votes.pending"


async def arrangements(table: Table, game_id: int) -> dict[Seat, dict[str, Any]]:
    """seat -> {"ai_until": time or None, "claimable": bool} for seats with an arrangement."""
    stored = await table.store.get_setting("game", game_id, ARRANGEMENTS, {})
    return {int(seat): value for seat, value in stored.items()}


async def _arrange(table: Table, game_id: int, seat: Seat, arrangement: dict[str, Any] | None) -> None:
    stored = await table.store.get_setting("game", game_id, ARRANGEMENTS, {})
    stored.pop(str(seat), None)
    if arrangement:
        stored[str(seat)] = arrangement
    await table.store.set_setting("game", game_id, ARRANGEMENTS, stored)


async def _change_seat(table: Table, game_id: int, seat: Seat, **changes: Any) -> SeatRecord:
    """Change one seat's holder fields under the game's lock; returns the seat as it was."""
    async with table.store.lock(game_id):
        seats = await table.store.seats(game_id)
        old = seats[seat]
        seats[seat] = dataclasses.replace(old, **changes)
        await table.store.set_seats(game_id, seats)
    return old


async def seat_of(table: Table, game_id: int, user_id: int) -> SeatRecord:
    for s in await table.store.seats(game_id):
        if s.user_id == user_id:
            return s
    raise NotSeated(current_tr()._("You hold no seat in this game."))


# -------------------------------------------------------------------- the AI's answers


def ai_choice(
    table: Table, game: str, seed: int, seq: int, seat: Seat, view: Mapping[str, Any], decision: Decision, pack: Any = None
) -> Action:
    """The AI's answer to ``decision`` from the seat's own ``view`` (the first legal answer
    when the game has no AI or its AI fails). The AI's generator is seeded by the game's seed,
    the move and the seat, so the same position gets the same answer."""
    legal = list(decision.actions)
    policy = table.ai(game)
    if policy is None:
        return legal[0]
    extra = {"pack": pack} if "pack" in inspect.signature(policy).parameters else {}
    try:
        action = policy(dict(view), decision.prompt, legal, random.Random(f"{seed}/{seq}/{seat}"), **extra)
    except Exception:
        log.exception("game %s: the AI failed on %s; answering with the first legal action", game, decision.prompt.id)
        return legal[0]
    return action if action in legal else legal[0]


async def answer_by_ai(table: Table, game_id: int, user_id: int) -> ActOutcome | None:
    """The AI answers the first open decision of ``user_id``'s seat; None when it owes none."""
    view = await table.service.view(game_id, user_id)
    if view.status != "active" or not view.decisions:
        return None
    record = await table.store.get_game(game_id)
    pack = await table.service.pack_of(game_id)
    action = ai_choice(table, record.game, record.seed, view.seq, view.seat, view.view, view.decisions[0], pack)

    def same_position(decisions, seq: int) -> Action:
        if seq != view.seq:
            raise StaleClick(current_tr()._("The game moved on while the AI was deciding."))
        return action

    return await table.service.answer(game_id, user_id, same_position)


async def default_by_ai(table: Table, game_id: int, seat: Seat) -> int:
    """The AI answers for ``seat`` while it stays awaited; returns how many answers it gave."""
    answers = 0
    for _ in range(MAX_DEFAULT_ANSWERS):
        holder = (await table.store.seats(game_id))[seat]
        if holder.user_id is None or holder.is_ai:
            break
        try:
            if await answer_by_ai(table, game_id, holder.user_id) is None:
                break
        except StaleClick:
            continue  # another move came first: look at the new position
        except RunetableError as e:  # the game ended meanwhile, or the engine refused (a bug: logged)
            log.warning("game %s: the AI stopped answering for seat %s: %s", game_id, seat, e.message)
            break
        answers += 1
    return answers


# -------------------------------------------------------------------- arrangements


#: the longest loan of a seat to the AI (30 days, as /game ai-seat offers)
LONGEST_LOAN_HOURS = 720


async def lend(table: Table, game_id: int, user_id: int, hours: float) -> float | None:
    """The AI plays ``user_id``'s seat for ``hours`` (0: take the seat back now). Returns when
    the loan ends (None when taken back). A loan lasts at most :data:`LONGEST_LOAN_HOURS`."""
    if not math.isfinite(hours) or hours < 0 or hours > LONGEST_LOAN_HOURS:
        raise RunetableError(
            current_tr()._(
                "Lend your seat for 0 (take it back) to {longest} hours, not {hours!r}.", longest=LONGEST_LOAN_HOURS, hours=hours
            )
        )
    holder = await seat_of(table, game_id, user_id)
    if hours == 0:
        await take_back(table, game_id, holder.seat)
        return None
    until = table.now() + hours * 3600
    async with table.store.lock(game_id):
        await _arrange(table, game_id, holder.seat, {"ai_until": until, "claimable": False})
        current = await table.store.seats(game_id)
        current[holder.seat] = dataclasses.replace(current[holder.seat], is_ai=True)
        await table.store.set_seats(game_id, current)
        await table.store.note_seat(game_id, holder.seat, user_id, "lent")
    await _answer_owed(table, game_id, holder.seat, user_id)  # the service's AI answers from now on
    return until


async def take_back(table: Table, game_id: int, seat: Seat) -> None:
    """End a loan: the seat's player decides again. The seat first, then the arrangement: a
    seat left an AI seat without its loan would read as a hand-over killed half-way."""
    old = await _change_seat(table, game_id, seat, is_ai=False)
    await _arrange(table, game_id, seat, None)
    if old.is_ai and old.user_id is not None:
        await table.store.note_seat(game_id, seat, old.user_id, "back")


#: how a player leaves a seat for good, as the seat's history records it (bot.service.results)
LEFT = ("conceded", "ai", "kick")


async def hand_to_ai(
    table: Table, game_id: int, seat: Seat, *, claimable: bool, user_id: int | None = None, reason: str = "ai"
) -> SeatRecord:
    """The seat's player leaves; the AI plays the seat (until claimed, when ``claimable``).
    Returns the seat as it was.

    Idempotent, in steps that each leave the seat sound (issue 21): under the game's lock the
    seat becomes an AI seat and gets its arrangement; then the AI answers what the player
    still owed (a move winning the race is no failure: the AI looks again); then, under the
    lock, the player is cleared unless someone claimed the seat meanwhile. Run again after a
    kill, it finishes what is left. ``user_id``: the player who leaves (a vote's target); when
    the seat is held by someone else by now, nothing changes. ``reason`` ('conceded', 'ai' or
    'kick') goes into the seat's history once, first: the result rates the player as leaving."""
    async with table.store.lock(game_id):
        current = await table.store.seats(game_id)
        old = current[seat]
        if user_id is not None and old.user_id not in (user_id, None):
            return old  # claimed by a newcomer meanwhile: the hand-over is long done
        leaving = old.user_id
        if leaving is not None:
            await table.store.note_seat(game_id, seat, leaving, reason, unless=LEFT)
        if not old.is_ai:
            current[seat] = dataclasses.replace(old, is_ai=True)
            await table.store.set_seats(game_id, current)
        arranged = (await arrangements(table, game_id)).get(seat, {})
        if not claimable:
            if arranged:
                await _arrange(table, game_id, seat, None)  # a loan or an opened seat ends with the hand-over
        elif not arranged.get("claimable"):
            await _arrange(table, game_id, seat, {"ai_until": None, "claimable": True, "from": leaving})
    if leaving is not None:
        await _answer_owed(table, game_id, seat, leaving)  # nothing may stay waiting on the seat
        async with table.store.lock(game_id):
            current = await table.store.seats(game_id)
            if current[seat].user_id == leaving:
                current[seat] = dataclasses.replace(current[seat], user_id=None, is_ai=True)
                await table.store.set_seats(game_id, current)
    return old


async def finish_hand_overs(table: Table, game_id: int) -> int:
    """Finish the hand-overs a killed process left half done (the sweeper's part): a seat made an
    AI seat that still names its player, with no loan (``ai_until``), is handed over again
    (:func:`hand_to_ai` is idempotent). Returns how many it finished."""
    arranged = await arrangements(table, game_id)
    voted = set((await table.store.get_setting("game", game_id, VOTES_PENDING, {})).values())
    finished = 0
    for holder in await table.store.seats(game_id):
        arrangement = arranged.get(holder.seat, {})
        if holder.user_id in voted:
            continue  # a passed vote's carrying out finishes it, as the vote decided (bot.table.votes)
        if holder.is_ai and holder.user_id is not None and arrangement.get("ai_until") is None:
            await hand_to_ai(table, game_id, holder.seat, claimable=bool(arrangement.get("claimable")), user_id=holder.user_id)
            finished += 1
    return finished


async def _answer_owed(table: Table, game_id: int, seat: Seat, user_id: int) -> None:
    """The AI answers what ``user_id`` still owes at ``seat`` (a seat already made an AI seat)."""
    for _ in range(MAX_DEFAULT_ANSWERS):
        holder = (await table.store.seats(game_id))[seat]
        if holder.user_id != user_id:
            return  # claimed meanwhile
        try:
            if await answer_by_ai(table, game_id, user_id) is None:
                return
        except StaleClick:
            continue  # another move came first (its stretch may have answered for the AI seat)
        except RunetableError as e:  # the game ended meanwhile, or the engine refused (a bug: logged)
            log.warning("game %s: the AI stopped answering for leaving seat %s: %s", game_id, seat, e.message)
            return


async def open_for_claim(table: Table, game_id: int, seat: Seat, user_id: int | None = None) -> None:
    """A ``replace`` vote passed: the seat's player (``user_id``) plays on until someone claims the seat."""
    async with table.store.lock(game_id):
        holder = (await table.store.seats(game_id))[seat]
        if user_id is not None and holder.user_id not in (user_id, None):
            return  # claimed already: opened long ago
        if (await arrangements(table, game_id)).get(seat, {}).get("claimable"):
            return
        await _arrange(table, game_id, seat, {"ai_until": None, "claimable": True, "from": holder.user_id})


def _taken_by(holder: SeatRecord, arrangement: dict[str, Any]) -> int | None:
    """Who claimed an opened seat, or None while it is still open (or was never opened)."""
    if arrangement.get("claimed_by") is not None:
        return arrangement["claimed_by"]
    if arrangement.get("claimable") and "from" in arrangement and holder.user_id not in (None, arrangement["from"]):
        return holder.user_id  # claimed by a claim killed before it closed the arrangement
    return None


async def claim(table: Table, game_id: int, seat: Seat, user_id: int) -> SeatRecord:
    """``user_id`` takes over an open seat. Returns the seat as it was.

    Under the game's lock, a compare-and-set (issue 21): the seat is still open (claimable,
    and still held by the player it was opened from, or by nobody) → it is given; else the
    claimer hears who took it. The seat is written before its arrangement is closed, and a
    seat held by someone other than the one it was opened from counts as taken, so a kill
    between the two writes never reopens it."""
    async with table.store.lock(game_id):
        record = await table.store.get_game(game_id)
        if record.status != "active":
            raise RunetableError(current_tr()._("Game #{game_id} is not running; its seats cannot be claimed.", game_id=game_id))
        current = await table.store.seats(game_id)
        arrangement = (await arrangements(table, game_id)).get(seat, {})
        taken = _taken_by(current[seat], arrangement)
        if taken is not None:
            raise RunetableError(
                current_tr()._("This seat is not open for claiming any more: it was just taken by {user}.", user=f"<@{taken}>")
            )
        if not arrangement.get("claimable"):
            raise RunetableError(current_tr()._("That seat is not open for claiming (it was claimed already, or never opened)."))
        if any(s.user_id == user_id for s in current):
            raise RunetableError(current_tr()._("You already hold a seat in this game."))
        old = current[seat]
        if old.user_id is not None:  # a replace vote's player, playing on until now
            await table.store.note_seat(game_id, seat, old.user_id, "replaced")
        await table.store.note_seat(game_id, seat, user_id, "claimed")
        current[seat] = dataclasses.replace(old, user_id=user_id, is_ai=False)
        await table.store.set_seats(game_id, current)
        await _arrange(table, game_id, seat, {"ai_until": None, "claimable": False, "claimed_by": user_id})
    return old
