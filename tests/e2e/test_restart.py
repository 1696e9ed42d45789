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

import json
import signal
import sys

import pytest

from loopback.brains import Table
from loopback.harness import GUILD_SYNC, START_TIMEOUT, delivered, log_lines, reader, start_bot_process, stop
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.seasons import season_index
from tests.packs import humans_pack

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]

KILL_AT_SEASON = 9  # the spring of year 3: mid-game


async def test_a_whole_game_survives_a_sigkill_with_nothing_lost_and_nothing_twice(double, database, tmp_path):
    logs = [tmp_path / "bot-1.log", tmp_path / "bot-2.log"]
    processes = []
    try:
        processes.append(await start_bot_process(double, database, logs[0], seeds=[3]))
        await double.wait_connected(1, timeout=START_TIMEOUT)
        await double.wait_for(lambda: [r for r in double.requests if r.route == GUILD_SYNC], what="the command sync")
        async with reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=3)
            await table.open()
            # Kill while both choose orders: one has answered, the other's DM from the killed bot stays open.
            await table.play(until=lambda v: season_index(v) >= KILL_AT_SEASON and len(v.awaited) == 2)

            stall = double.stall("POST /channels/{channel_id}/messages")
            public = await table.seat_view(None)
            brain = table.by_user[table.seats[public.awaited[0]]]
            await brain.decide(await table.seat_view(brain.user.id))
            await double.wait_for(lambda: stall.request, what="a message of the move on its way")
            processes[0].send_signal(signal.SIGKILL)
            assert await processes[0].wait() == -signal.SIGKILL
            stall.release()
            in_flight = stall.request.json["nonce"]  # its message exists, but the killed bot never heard so
            killed_at = len(double.requests)
            before_restart = set(double.messages)

            edited = humans_pack(tmp_path / "edited-pack", start_influence=9)  # the operator's edit
            processes.append(await start_bot_process(double, database, logs[1], settings={"RUNETABLE_DATA_PACK": str(edited)}))
            second = await double.wait_connected(2, timeout=START_TIMEOUT)
            assert second.resumes == 0  # a new process identifies afresh
            steps_before = len(table.steps)
            final = await table.play()
            assert final.status == "finished" and final.view["result"] is not None

            rows = await delivered(database, table.game_id)
            # Nothing lost: every commit has its news, every outbox row its message.
            news = [
                seq
                for _, seq, to, payload, _, _ in rows
                if to == "channel" and json.loads(payload).get("kind") in ("start", "update")
            ]
            record = await service.store.get_game(table.game_id)
            assert sorted(news) == list(range(1, record.seq + 1))
            assert all(m in double.messages and not double.messages[m].deleted for *_, m in rows if m is not None)
            # The message in flight was sent again, with its nonce, and found the one that had arrived.
            again = [
                r.status for r in double.requests[killed_at:] if isinstance(r.json, dict) and r.json.get("nonce") == in_flight
            ]
            assert again == [200]
            assert len([m for m in double.messages.values() if m.nonce == str(in_flight)]) == 1
            # Nothing twice: no nonce twice in any inbox, and one message per outbox row.
            for user in (alice, bob):
                nonces = [m.nonce for m in double.inbox(user) if m.nonce]
                assert len(nonces) == len(set(nonces)), f"{user.name} got a message twice"
            assert len({m for *_, m in rows if m is not None}) == len([r for r in rows if r[5] is not None])
            # The buttons the killed process had posted still worked for the restarted one.
            after = [i for s in table.steps[steps_before:] for i in s.interactions]
            assert any(i.original_id in before_restart for i in after)

            problems = await leaks.audit(double, service, table.game_id, [*log_lines(logs[0]), *log_lines(logs[1])])
        assert problems == []
    finally:
        for process in processes:
            await stop(process)
        for log in logs:
            if log.exists():
                print(log.name, log.read_text(errors="replace")[-3000:], sep="\n")
