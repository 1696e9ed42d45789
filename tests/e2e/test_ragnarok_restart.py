"""A Lords of Ragnarok game through a bot process that is SIGKILLed mid-game and restarted
(issue 26 item 5: "a SIGKILL mid-game with nothing lost or sent twice").

As tests/e2e/test_restart.py does for Runewars: the kill lands while a move's message is on its
way (committed, arrived at Discord, its answer held back), so the outbox row is undelivered;
the restarted bot sends it again with the same nonce and Discord answers with the message it
already has. The game is then played to its end and audited.
"""

from __future__ import annotations

import sys

import pytest

from loopback.brains import Table
from loopback.harness import reader
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.processes import Restarts, bot_processes

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]

KILL_AT_TURN = 9  # mid-game: the fifth round of a 2-player game


async def test_a_ragnarok_game_survives_a_sigkill_with_nothing_lost_and_nothing_twice(double, database, tmp_path):
    async with bot_processes(tmp_path) as processes:
        bots = Restarts(double, database, tmp_path, processes)
        await bots.start(seeds=[1])
        async with reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=1, game="ragnarok")
            await table.open()
            await table.play(until=lambda v: (v.view.get("turn") or 0) >= KILL_AT_TURN)
            in_flight = await bots.kill_with_a_move_in_flight(table, "a message of the move on its way")

            second = await bots.start()
            assert second.resumes == 0
            steps_before = len(table.steps)
            final = await table.play()
            assert final.status == "finished" and final.view["result"] is not None

            await bots.assert_nothing_lost_or_twice(service, table)
            bots.assert_sent_again_once(in_flight)
            after = [i for s in table.steps[steps_before:] for i in s.interactions]
            assert any(i.original_id in in_flight.messages for i in after)  # the killed process's buttons still work

            problems = await leaks.audit(double, service, table.game_id, bots.log_lines())
        assert problems == [], "\n".join(problems)
