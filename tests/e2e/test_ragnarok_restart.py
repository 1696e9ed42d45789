"""A Lords of Ragnarok game through a bot process that is SIGKILLed mid-game and restarted
(issue 26 item 5: "a SIGKILL mid-game with nothing lost or sent twice").

As tests/e2e/test_restart.py does for Runewars: the kill lands while a move's message is on its
way (committed, arrived at Discord, its answer held back), so the outbox row is undelivered;
the restarted bot sends it again with the same nonce and Discord answers with the message it
already has. The game is then played to its end and audited.
"""

from __future__ import annotations

import json
import signal
import sys

import pytest

from loopback.brains import Table
from loopback.harness import GUILD_SYNC, START_TIMEOUT, delivered, log_lines, reader, start_bot_process, stop
from loopback.players import Player
from tests.e2e import leaks

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]

KILL_AT_TURN = 9  # mid-game: the fifth round of a 2-player game


async def test_a_ragnarok_game_survives_a_sigkill_with_nothing_lost_and_nothing_twice(double, database, tmp_path):
    logs = [tmp_path / "bot-1.log", tmp_path / "bot-2.log"]
    processes = []
    try:
        processes.append(await start_bot_process(double, database, logs[0], seeds=[1]))
        await double.wait_connected(1, timeout=START_TIMEOUT)
        await double.wait_for(lambda: [r for r in double.requests if r.route == GUILD_SYNC], what="the command sync")
        async with reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=1, game="ragnarok")
            await table.open()
            await table.play(until=lambda v: (v.view.get("turn") or 0) >= KILL_AT_TURN)

            stall = double.stall("POST /channels/{channel_id}/messages")
            public = await table.seat_view(None)
            brain = table.by_user[table.seats[public.awaited[0]]]
            await brain.decide(await table.seat_view(brain.user.id))
            await double.wait_for(lambda: stall.request, what="a message of the move on its way")
            processes[0].send_signal(signal.SIGKILL)
            assert await processes[0].wait() == -signal.SIGKILL
            stall.release()
            in_flight = stall.request.json["nonce"]
            killed_at = len(double.requests)
            before_restart = set(double.messages)

            processes.append(await start_bot_process(double, database, logs[1]))
            second = await double.wait_connected(2, timeout=START_TIMEOUT)
            assert second.resumes == 0
            steps_before = len(table.steps)
            final = await table.play()
            assert final.status == "finished" and final.view["result"] is not None

            rows = await delivered(database, table.game_id)
            news = [
                seq
                for _, seq, to, payload, _, _ in rows
                if to == "channel" and json.loads(payload).get("kind") in ("start", "update")
            ]
            record = await service.store.get_game(table.game_id)
            assert sorted(news) == list(range(1, record.seq + 1))  # nothing lost: every commit has its news
            assert all(m in double.messages and not double.messages[m].deleted for *_, m in rows if m is not None)
            again = [
                r.status for r in double.requests[killed_at:] if isinstance(r.json, dict) and r.json.get("nonce") == in_flight
            ]
            assert again == [200]  # sent again with its nonce, and Discord had it already
            assert len([m for m in double.messages.values() if m.nonce == str(in_flight)]) == 1
            for user in (alice, bob):  # nothing twice in any inbox
                nonces = [m.nonce for m in double.inbox(user) if m.nonce]
                assert len(nonces) == len(set(nonces)), f"{user.name} got a message twice"
            after = [i for s in table.steps[steps_before:] for i in s.interactions]
            assert any(i.original_id in before_restart for i in after)  # the killed process's buttons still work

            problems = await leaks.audit(double, service, table.game_id, [*log_lines(logs[0]), *log_lines(logs[1])])
        assert problems == [], "\n".join(problems)
    finally:
        for process in processes:
            await stop(process)
        for log in logs:
            if log.exists():
                print(log.name, log.read_text(errors="replace")[-3000:], sep="\n")
