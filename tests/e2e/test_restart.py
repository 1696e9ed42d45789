"""A whole 2-player game through a bot process that is SIGKILLed mid-game and restarted.

Issue #11: "a full 2-player game to its end" and "the bot process is SIGKILLed mid-game and
restarted, and play continues with nothing lost and no duplicate message in any inbox".
The kill lands in the worst window bot/delivery.py names: a move is committed and its
message has reached Discord, but the bot never learnt it arrived (the double holds the
answer), so the outbox row is still undelivered. The restarted bot sends it again with the
same nonce, which Discord (enforce_nonce) answers with the message it already has.

Issue 21 item 1: the operator also changed the server's default data pack
(``RUNETABLE_DATA_PACK``) before the restart; the running game plays on with the pack it
started with, which the store keeps by its hash (docs/versioning.md, point 4).
"""

from __future__ import annotations

import sys

import pytest

from loopback.brains import Table
from loopback.harness import reader
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.processes import Restarts, bot_processes
from tests.e2e.seasons import season_index
from tests.packs import humans_pack

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]

KILL_AT_SEASON = 9  # the spring of year 3: mid-game


async def test_a_whole_game_survives_a_sigkill_with_nothing_lost_and_nothing_twice(double, database, tmp_path):
    async with bot_processes(tmp_path) as processes:
        bots = Restarts(double, database, tmp_path, processes)
        await bots.start(seeds=[3])
        async with reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=3)
            await table.open()
            # Kill while both choose orders: one has answered, the other's DM from the killed bot stays open.
            await table.play(until=lambda v: season_index(v) >= KILL_AT_SEASON and len(v.awaited) == 2)
            in_flight = await bots.kill_with_a_move_in_flight(table, "a message of the move on its way")

            edited = humans_pack(tmp_path / "edited-pack", start_influence=9)  # the operator's edit
            second = await bots.start(settings={"RUNETABLE_DATA_PACK": str(edited)})
            assert second.resumes == 0  # a new process identifies afresh
            steps_before = len(table.steps)
            final = await table.play()
            assert final.status == "finished" and final.view["result"] is not None

            # Nothing lost: every commit has its news, every outbox row its message; nothing twice in any inbox.
            await bots.assert_nothing_lost_or_twice(service, table)
            bots.assert_sent_again_once(in_flight)
            # The buttons the killed process had posted still worked for the restarted one.
            after = [i for s in table.steps[steps_before:] for i in s.interactions]
            assert any(i.original_id in in_flight.messages for i in after)

            problems = await leaks.audit(double, service, table.game_id, bots.log_lines())
        assert problems == []
