"""A Rune Age game through a bot process SIGKILLed in the middle of a player's turn and
restarted (issue 28 item 5: "a SIGKILL mid-turn with nothing lost or sent twice"). The kill
lands after a player's composed plays were committed and their news is on its way to the
channel, but before the bot learnt it arrived; the restarted bot sends it again with the same
nonce, the turn goes on with the same player, and the game plays to its end."""

from __future__ import annotations

import json
import signal
import sys

import pytest

from loopback.brains import Table
from loopback.harness import GUILD_SYNC, START_TIMEOUT, delivered, log_lines, reader, start_bot_process, stop
from loopback.players import Player
from tests.e2e import runeage_leaks

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]


async def test_a_sigkill_mid_turn_loses_nothing_and_sends_nothing_twice(double, database, tmp_path):
    logs = [tmp_path / "bot-1.log", tmp_path / "bot-2.log"]
    processes = []
    try:
        processes.append(await start_bot_process(double, database, logs[0], seeds=[4]))
        await double.wait_connected(1, timeout=START_TIMEOUT)
        await double.wait_for(lambda: [r for r in double.requests if r.route == GUILD_SYNC], what="the command sync")
        async with reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=4, game="runeage")
            await table.open(game_options={"scenario": "runenkriege"})
            await table.play(until=lambda v: (v.view.get("round") or 0) >= 2 and v.view.get("phase") == "turn")

            stall = double.stall("POST /channels/{channel_id}/messages")
            public = await table.seat_view(None)
            brain = table.by_user[table.seats[public.awaited[0]]]
            turn_of = public.view["active"]
            await brain.decide(await table.seat_view(brain.user.id))
            await double.wait_for(lambda: stall.request, what="the news of the plays on its way")
            processes[0].send_signal(signal.SIGKILL)
            assert await processes[0].wait() == -signal.SIGKILL
            stall.release()
            in_flight = stall.request.json["nonce"]
            killed_at = len(double.requests)

            processes.append(await start_bot_process(double, database, logs[1]))
            await double.wait_connected(2, timeout=START_TIMEOUT)
            resumed = await table.seat_view(None)
            final = await table.play()
            assert final.status == "finished" and final.view["result"] is not None

            rows = await delivered(database, table.game_id)
            news = [
                seq
                for _, seq, to, payload, _, _ in rows
                if to == "channel" and json.loads(payload).get("kind") in ("start", "update")
            ]
            record = await service.store.get_game(table.game_id)
            assert sorted(news) == list(range(1, record.seq + 1)), "every commit has its news"
            assert all(m in double.messages and not double.messages[m].deleted for *_, m in rows if m is not None)
            again = [
                r.status for r in double.requests[killed_at:] if isinstance(r.json, dict) and r.json.get("nonce") == in_flight
            ]
            assert again == [200] and len([m for m in double.messages.values() if m.nonce == str(in_flight)]) == 1
            for user in (alice, bob):
                nonces = [m.nonce for m in double.inbox(user) if m.nonce]
                assert len(nonces) == len(set(nonces)), f"{user.name} got a message twice"
            assert resumed.view["result"] is None and (resumed.view["active"] == turn_of or resumed.view["phase"] != "turn")
            problems = await runeage_leaks.audit(double, service, table.game_id, [*log_lines(logs[0]), *log_lines(logs[1])])
        assert problems == []
    finally:
        for process in processes:
            await stop(process)
        for log in logs:
            if log.exists():
                print(log.name, log.read_text(errors="replace")[-2000:], sep="\n")
