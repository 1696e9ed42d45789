"""A Rune Age game through a bot process SIGKILLed in the middle of a player's turn and
restarted (issue 28 item 5: "a SIGKILL mid-turn with nothing lost or sent twice"). The kill
lands after a player's composed plays were committed and their news is on its way to the
channel, but before the bot learnt it arrived; the restarted bot sends it again with the same
nonce, the turn goes on with the same player, and the game plays to its end."""

from __future__ import annotations

import sys

import pytest

from loopback.brains import Table
from loopback.harness import reader
from loopback.players import Player
from tests.e2e import runeage_leaks
from tests.e2e.processes import Restarts, bot_processes

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]


async def test_a_sigkill_mid_turn_loses_nothing_and_sends_nothing_twice(double, database, tmp_path):
    async with bot_processes(tmp_path) as processes:
        bots = Restarts(double, database, tmp_path, processes)
        await bots.start(seeds=[4])
        async with reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=4, game="runeage")
            await table.open(game_options={"scenario": "runenkriege"})
            await table.play(until=lambda v: (v.view.get("round") or 0) >= 2 and v.view.get("phase") == "turn")
            in_flight = await bots.kill_with_a_move_in_flight(table, "the news of the plays on its way")
            turn_of = in_flight.public.view["active"]

            await bots.start()
            resumed = await table.seat_view(None)
            final = await table.play()
            assert final.status == "finished" and final.view["result"] is not None

            await bots.assert_nothing_lost_or_twice(service, table)
            bots.assert_sent_again_once(in_flight)
            assert resumed.view["result"] is None and (resumed.view["active"] == turn_of or resumed.view["phase"] != "turn")
            problems = await runeage_leaks.audit(double, service, table.game_id, bots.log_lines())
        assert problems == []
