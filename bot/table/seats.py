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
import random
from collections.abc import Mapping
from typing import Any

from bot.errors import NotSeated, RunetableError, StaleClick
from bot.service import ActOutcome, Decision
from bot.store import SeatRecord
from bot.table import Table
from engine.core import Action, Seat

log = logging.getLogger(__name__)

#: answers the AI gives for one seat at one deadline (a whole turn is rarely more than a dozen)
MAX_DEFAULT_ANSWERS = 50
ARRANGEMENTS = "table.seats"


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
    raise NotSeated("You hold no seat in this game.")


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
            raise StaleClick("The game moved on while the AI was deciding.")
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


async def lend(table: Table, game_id: int, user_id: int, hours: float) -> float | None:
    """The AI plays ``user_id``'s seat for ``hours`` (0: take the seat back now). Returns when
    the loan ends (None when taken back)."""
    holder = await seat_of(table, game_id, user_id)
    if hours <= 0:
        await take_back(table, game_id, holder.seat)
        return None
    until = table.now() + hours * 3600
    await _arrange(table, game_id, holder.seat, {"ai_until": until, "claimable": False})
    await _change_seat(table, game_id, holder.seat, is_ai=True)
    await answer_by_ai(table, game_id, user_id)  # the service's AI answers from now on
    return until


async def take_back(table: Table, game_id: int, seat: Seat) -> None:
    """End a loan: the seat's player decides again."""
    await _arrange(table, game_id, seat, None)
    await _change_seat(table, game_id, seat, is_ai=False)


async def hand_to_ai(table: Table, game_id: int, seat: Seat, *, claimable: bool) -> SeatRecord:
    """The seat's player leaves; the AI plays the seat (until claimed, when ``claimable``).
    Returns the seat as it was."""
    old = await _change_seat(table, game_id, seat, is_ai=True)
    if old.user_id is not None:
        await answer_by_ai(table, game_id, old.user_id)  # nothing may stay waiting on the seat
        await _change_seat(table, game_id, seat, user_id=None)
    await _arrange(table, game_id, seat, {"ai_until": None, "claimable": True} if claimable else None)
    return old


async def open_for_claim(table: Table, game_id: int, seat: Seat) -> None:
    """A ``replace`` vote passed: the seat's player plays on until someone claims the seat."""
    await _arrange(table, game_id, seat, {"ai_until": None, "claimable": True})


async def claim(table: Table, game_id: int, seat: Seat, user_id: int) -> SeatRecord:
    """``user_id`` takes over an open seat. Returns the seat as it was."""
    record = await table.store.get_game(game_id)
    if record.status != "active":
        raise RunetableError(f"Game #{game_id} is not running; its seats cannot be claimed.")
    if not (await arrangements(table, game_id)).get(seat, {}).get("claimable"):
        raise RunetableError("That seat is not open for claiming (it was claimed already, or never opened).")
    if any(s.user_id == user_id for s in await table.store.seats(game_id)):
        raise RunetableError("You already hold a seat in this game.")
    old = await _change_seat(table, game_id, seat, user_id=user_id, is_ai=False)
    await _arrange(table, game_id, seat, None)
    return old
