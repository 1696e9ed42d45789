"""One pass over every game: what the table does by itself as time passes.

:func:`sweep` is run every minute by :mod:`bot.cogs.table` (a ``tasks.loop`` started when
the cog loads, after the client is ready) and once at start-up; everything it needs is in
the store, so after a restart it simply carries on. In order:

1. the seed commitment of every lobby or running game that has none posted (:mod:`.fairness`);
2. loans to the AI that ran out: the seat goes back to its player, and hand-overs to the AI a
   killed process left half done are finished (:mod:`.seats`);
3. the waits of every running game: reminders, escalation, stall notices, heads-up,
   deadlines (:mod:`.waits`);
4. votes whose time is up fail (:mod:`.votes`);
5. the seed of every game that ended is revealed (:mod:`.fairness`).

A failure in one game is logged and does not stop the others.

Several processes over one store (PostgreSQL, docs/deploy.md) each sweep: a process does a
game's timed work (steps 1-3 and 5) only while it holds the game's ``sweep`` claim, and the
vote expiries (step 4) only with the store's ``votes`` claim (:meth:`bot.store.Store.claim`,
:data:`SWEEP_CLAIM_SECONDS`), so each reminder, deadline and expiry fires once whatever the
number of processes; a process that stops leaves its claims to lapse and another carries on.
"""

from __future__ import annotations

import logging

from bot.store import claim_holder
from bot.table import SweepReport, Table, fairness, notices, seats, votes, waits

log = logging.getLogger(__name__)

#: how long a process's claim on a game's sweep lasts: less than the sweep interval, so that the
#: claim of a process that stopped has lapsed by another's next sweep
SWEEP_CLAIM_SECONDS = 50.0
#: this process's claims (the same holder from one sweep to the next keeps its games)
HOLDER = claim_holder()


async def sweep(table: Table) -> SweepReport:
    report = SweepReport()
    for record in await table.store.games_with_status("lobby", "active"):
        try:
            if not await table.store.claim("sweep", record.id, HOLDER, SWEEP_CLAIM_SECONDS):
                continue  # another process sweeps this game
            await fairness.announce(table, record, report)
            if record.status == "active":
                await _end_loans(table, record.id, report)
                await seats.finish_hand_overs(table, record.id)  # a concession killed half-way (issue 21)
                await waits.sweep_game(table, await table.store.get_game(record.id), report)
        except Exception:
            log.exception("game %s: the table's sweep failed", record.id)
    try:
        if await table.store.claim("votes", 0, HOLDER, SWEEP_CLAIM_SECONDS):
            await votes.expire(table, report)
            await votes.finish_passed(table, report)  # passed votes a killed process left half done (issue 21)
    except Exception:
        log.exception("expiring votes failed")
    for record in await table.store.ended_unrevealed():
        try:
            if not await table.store.claim("sweep", record.id, HOLDER, SWEEP_CLAIM_SECONDS):
                continue
            await fairness.reveal(table, record, report)
        except Exception:
            log.exception("game %s: revealing the seed failed", record.id)
    return report


async def _end_loans(table: Table, game_id: int, report: SweepReport) -> None:
    now = table.now()
    holders = {s.seat: s.user_id for s in await table.store.seats(game_id)}
    for seat, arrangement in (await seats.arrangements(table, game_id)).items():
        until = arrangement.get("ai_until")
        if until is not None and until <= now:
            await seats.take_back(table, game_id, seat)
            tr = await table.service.game_tr(game_id)
            await notices.to_channel(
                table.store,
                game_id,
                f"loan/{seat}/{until}",
                [tr._("🙋 {user} plays their seat again (the AI's turn at it ended).", user=notices.mention(holders.get(seat)))],
                language=tr.language,
            )
            report.loans_ended += 1
