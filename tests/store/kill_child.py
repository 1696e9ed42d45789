"""Child process for test_kill_points.py: set a scenario up, then SIGKILL itself at a chosen point.

Usage: python kill_child.py DB_PATH SCENARIO SENT_LOG [Class.method:N]
       python kill_child.py DB_PATH SCENARIO SENT_LOG --recover GAME_ID   (the restart)

The child sets the scenario up (tiny games on a fake clock: the same store in every run),
then wraps ``Class.method`` (``Store`` or ``LoggingTransport``) so that the process kills
itself with SIGKILL right after the N-th call of it returns, and runs the scenario's step.
Without a kill point it runs the step to its end: the unkilled reference. Every message the
transport accepts is appended to SENT_LOG (one JSON line: to, nonce), so the test can tell a
message sent before the kill from one sent after the restart.

The restart (:func:`recover`) runs in a process of its own as well, with nothing of the test
session in it. The parent (test_kill_points.py) imports :data:`SCENARIOS` and :func:`dump`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.delivery import Deliverer, RecordingTransport  # noqa: E402
from bot.narration import narrator_for, register_narrator  # noqa: E402
from bot.service.settings import PLAYER_SETTINGS  # noqa: E402
from bot.store import SeatRecord, Store  # noqa: E402
from bot.table import Table, seats, sweeper, undo, votes  # noqa: E402
from tests.table.helpers import ALICE, BOB, CAROL, START, FakeClock, make_table, play_first, tiny_game  # noqa: E402

DAVE = 504
#: the clock of every step after the set-up: two days and an hour on (deadlines of 48 h passed)
LATER = START + 49 * 3600.0


@dataclass
class LoggingTransport(RecordingTransport):
    """A RecordingTransport that also appends each accepted send to a file (it outlives a kill)."""

    log_path: str = ""

    def _record(self, to: str, payload: dict[str, Any], nonce: str) -> int:
        message_id = super()._record(to, payload, nonce)
        with open(self.log_path, "a") as f:
            f.write(json.dumps({"to": to, "nonce": nonce, "kind": payload.get("kind")}) + "\n")
        return message_id


def fixed_salt() -> None:
    """The seed commitment's salt is random; fixed here so two runs write the same notices."""
    import bot.table.fairness

    bot.table.fairness.secrets.token_hex = lambda n=16: "00" * n


@dataclass
class Scenario:
    """``setup`` (returns the game id) runs unkilled; ``step`` is where the kill lands.
    ``closed_dms``: users whose DMs are closed (their private messages are held). ``extra``:
    outbox key parts a killed run may add (a passed vote's result posted by the sweeper where
    the unkilled run answered the voter directly). ``volatile``: setting keys left out of the
    comparison (``check`` then compares what they mean)."""

    setup: Callable[[Table, Deliverer], Awaitable[int]]
    step: Callable[[Table, Deliverer, int], Awaitable[Any]]
    closed_dms: frozenset[int] = frozenset()
    extra: tuple[str, ...] = ()
    volatile: tuple[str, ...] = ()
    check: Callable[[Table, int], Awaitable[Any]] | None = None
    restart_at: float = START + 60
    users: tuple[int, ...] = field(default=(ALICE, BOB, CAROL))


def seat_of(seats_: list[SeatRecord], user_id: int) -> int:
    return next(s.seat for s in seats_ if s.user_id == user_id)


# -------------------------------------------------------------------- scenarios


async def _started(table: Table) -> int:
    """A started tiny game whose seed commitment is posted (by the sweep, as the bot does)."""
    game_id = await tiny_game(table)
    await sweeper.sweep(table)
    return game_id


async def _game(table: Table, deliverer: Deliverer) -> int:
    game_id = await _started(table)
    await deliverer.drain()
    return game_id


async def _ai_seat_game(table: Table, deliverer: Deliverer) -> int:
    """Carol's seat is an AI seat (it has answered its first decision at once)."""
    game_id = await _started(table)
    current = await table.store.seats(game_id)
    carol = seat_of(current, CAROL)
    current[carol] = dataclasses.replace(current[carol], user_id=None, is_ai=True)
    await table.store.set_seats(game_id, current)
    await play_first(table, game_id, ALICE)  # the service answers for the AI seat after this move
    await deliverer.drain()
    return game_id


async def _stretch(table: Table, deliverer: Deliverer, game_id: int) -> None:
    """Bob's answer reveals the round; the AI seat's reaction follows in the same stretch."""
    await play_first(table, game_id, BOB)


async def _kick_vote_open(table: Table, deliverer: Deliverer) -> int:
    game_id = await _game(table, deliverer)
    await votes.open_vote(table, game_id, BOB, "kick", seat_user=CAROL)
    return game_id


async def _kick_vote_passes(table: Table, deliverer: Deliverer, game_id: int) -> None:
    [vote] = await table.store.open_votes(game_id)
    await votes.cast(table, vote.id, ALICE, True)


async def _ai_vote_open(table: Table, deliverer: Deliverer) -> int:
    game_id = await _game(table, deliverer)
    await play_first(table, game_id, ALICE)
    await play_first(table, game_id, BOB)  # the round waits on Carol
    await votes.open_vote(table, game_id, BOB, "ai", seat_user=CAROL)
    return game_id


async def _concede(table: Table, deliverer: Deliverer, game_id: int) -> None:
    carol = seat_of(await table.store.seats(game_id), CAROL)
    await seats.hand_to_ai(table, game_id, carol, claimable=False, user_id=CAROL)


async def _waiting_on_carol(table: Table, deliverer: Deliverer) -> int:
    game_id = await _game(table, deliverer)
    await play_first(table, game_id, ALICE)
    await play_first(table, game_id, BOB)
    await deliverer.drain()
    return game_id


async def _kicked(table: Table, deliverer: Deliverer) -> int:
    game_id = await _kick_vote_open(table, deliverer)
    await _kick_vote_passes(table, deliverer, game_id)
    await deliverer.drain()
    return game_id


async def _claim(table: Table, deliverer: Deliverer, game_id: int) -> None:
    await seats.claim(table, game_id, await _kicked_seat(table, game_id), DAVE)


async def _kicked_seat(table: Table, game_id: int) -> int:
    return next(int(s) for s, a in (await seats.arrangements(table, game_id)).items() if a.get("claimable"))


async def _claim_check(table: Table, game_id: int) -> tuple[int | None, bool]:
    """Who holds the opened seat, and whether it can still be claimed (it cannot)."""
    arrangement = await seats.arrangements(table, game_id)
    seat = next(int(s) for s, a in arrangement.items() if "from" in a or "claimed_by" in a)
    holder = (await table.store.seats(game_id))[seat]
    try:
        await seats.claim(table, game_id, seat, 9001)
        claimable = True
    except Exception:
        claimable = False
    return holder.user_id, claimable


async def _alice_moved_dms_closed(table: Table, deliverer: Deliverer) -> int:
    """Alice answered; her DMs are closed, so its private echo is held for her."""
    game_id = await _game(table, deliverer)
    await play_first(table, game_id, ALICE)
    await deliverer.drain()
    return game_id


async def _undo(table: Table, deliverer: Deliverer, game_id: int) -> None:
    record = await table.store.get_game(game_id)
    await undo.perform(table, game_id, ALICE, record.seq, record.rewinds)


async def _sweep_later(table: Table, deliverer: Deliverer, game_id: int) -> None:
    table.clock.now = LATER
    await sweeper.sweep(table)


async def _waits_begun(table: Table, deliverer: Deliverer) -> int:
    game_id = await _waiting_on_carol(table, deliverer)
    await sweeper.sweep(table)  # Carol's wait begins now: its deadline is 48 h on
    await deliverer.drain()
    return game_id


async def _alice_played(table: Table, deliverer: Deliverer) -> int:
    game_id = await _started(table)
    await play_first(table, game_id, ALICE)
    return game_id


async def _drain(table: Table, deliverer: Deliverer, game_id: int) -> None:
    await deliverer.drain()


class ReportingNarrator(type(narrator_for("tinygame"))):
    """The tiny game's narrator with an episode told apart (as Runewars' battles): from the
    reveal to the round's winner, across commits (the reveal's commit is not the winner's)."""

    report_span = ("revealed", "round_won")


async def _round_played(table: Table, deliverer: Deliverer) -> int:
    """A round played to its winner, nothing of it delivered yet."""
    game_id = await _game(table, deliverer)
    for user in (ALICE, BOB, CAROL):  # commit: the third reveals
        await play_first(table, game_id, user)
    for user in (ALICE, BOB, CAROL):  # react: the third scores
        await play_first(table, game_id, user, "pass")
    return game_id


SCENARIOS: dict[str, Scenario] = {
    "stretch": Scenario(_ai_seat_game, _stretch),
    "vote": Scenario(_kick_vote_open, _kick_vote_passes, extra=("/carried-out",)),
    "ai_vote": Scenario(_ai_vote_open, _kick_vote_passes, extra=("/carried-out",)),
    "concede": Scenario(_waiting_on_carol, _concede),
    "claim": Scenario(_kicked, _claim, volatile=(seats.ARRANGEMENTS,), check=_claim_check),
    "undo": Scenario(_alice_moved_dms_closed, _undo, closed_dms=frozenset({ALICE})),
    "sweep": Scenario(_waits_begun, _sweep_later, restart_at=LATER),
    "report": Scenario(_round_played, _drain),
    "hold": Scenario(_alice_played, _drain, closed_dms=frozenset({ALICE, BOB})),
}


# -------------------------------------------------------------------- running, recovering, comparing


def make(store: Store, scenario: Scenario, log_path: str, now: float = START) -> tuple[Table, Deliverer]:
    table = make_table(store, FakeClock(now))
    transport = LoggingTransport(closed_dms=set(scenario.closed_dms), log_path=log_path)
    return table, Deliverer(store, transport, clock=table.clock)


def kill_after(target: type, method: str, n: int) -> None:
    """SIGKILL this process right after the n-th call of ``target.method`` returns."""
    real = getattr(target, method)
    calls = 0

    @functools.wraps(real)
    async def wrapper(*args, **kwargs):
        nonlocal calls
        result = await real(*args, **kwargs)
        calls += 1
        if calls == n:
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(target, method, wrapper)


async def main(path: str, name: str, log_path: str, kill: str | None) -> None:
    fixed_salt()
    register_narrator("tinygame", ReportingNarrator())
    scenario = SCENARIOS[name]
    async with await Store.open(path, snapshot_every=1) as store:
        table, deliverer = make(store, scenario, log_path)
        game_id = await scenario.setup(table, deliverer)
        print("ready", game_id, flush=True)
        if kill:
            where, n = kill.rsplit(":", 1)
            cls, method = where.split(".")
            kill_after({"Store": Store, "LoggingTransport": LoggingTransport}[cls], method, int(n))
        await scenario.step(table, deliverer, game_id)
    print("done", flush=True)


async def recover(path: str, name: str, log_path: str, game_id: int) -> Any:
    """What a restarted bot does: finish stopped stretches, sweep and mark undone messages,
    sweep again (a minute on), drain, at ``restart_at``."""
    fixed_salt()
    register_narrator("tinygame", ReportingNarrator())
    scenario = SCENARIOS[name]
    async with await Store.open(path, snapshot_every=1) as store:
        table, deliverer = make(store, scenario, log_path, scenario.restart_at)
        await table.service.finish_stretches()
        await sweeper.sweep(table)
        await undo.mark_superseded(table, _NoMarker())  # as bot.cogs.table does after each sweep
        await sweeper.sweep(table)  # the next minute's: what the first began for a seat a vote then gave away ends
        await deliverer.drain()
        assert await store.undelivered(10**6) == [], "the restart's drain left messages undelivered"
        return await scenario.check(table, game_id) if scenario.check else None


class _NoMarker:
    """Sent messages of undone moves would be edited on Discord; nothing to edit here."""

    async def mark(self, message: Any) -> None:
        pass


#: columns holding times or Discord ids: compared as set / not set
VOLATILE_COLUMNS = {"created_at", "joined_at", "delivered_at", "message_id", "superseded_at", "superseded_marked_at"}
TABLES = {
    "games": "id",
    "seats": "game_id, seat",
    "actions": "game_id, seq",
    "outbox": "key",
    "settings": "scope, scope_id, key",
    "votes": "id",
    "ballots": "vote_id, user_id",
    "waits": "game_id, seat",
}


def dump(path: str, scenario: Scenario) -> tuple[dict[str, list[dict[str, Any]]], set[str]]:
    """The store's rows (timestamps normalised to set / not set), table by table, and the
    nonces of the outbox rows left out (``scenario.extra``)."""
    import sqlite3

    from bot.store import nonce_for

    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    out, extra = {}, set()
    for table_name, order in TABLES.items():
        rows = []
        for row in db.execute(f"SELECT * FROM {table_name} ORDER BY {order}"):
            record = {k: (row[k] is not None if k in VOLATILE_COLUMNS else row[k]) for k in row.keys()}
            if table_name == "outbox" and any(part in record["key"] for part in scenario.extra):
                extra.add(nonce_for(record["key"]))
                continue
            if table_name == "settings" and record["key"] in scenario.volatile:
                continue
            if table_name == "settings" and record["key"].startswith("post/"):  # a turn post: its message id is the transport's
                value = json.loads(record["value"])
                record["value"] = {**value, "message_id": value.get("message_id") is not None}
            if table_name == "settings" and record["key"] == "dm_closed":
                record["value"] = record["value"] != "false"  # when the DMs were found closed
            if table_name == "games":
                record.pop("updated_at", None)
            rows.append(record)
        out[table_name] = rows
    db.close()
    return out, extra


if __name__ == "__main__":
    # the players answer every decision themselves, as in the test process (tests/conftest.py):
    # the default auto_pass would plan passes with delays drawn at random, which differ between runs
    PLAYER_SETTINGS["auto_pass"] = "off"
    if sys.argv[4:5] == ["--recover"]:  # the restart, as its own process too
        print(json.dumps(asyncio.run(recover(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[5])))), flush=True)
    else:
        asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None))
