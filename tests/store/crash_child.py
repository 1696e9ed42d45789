"""Child process for test_crash.py: commit actions to one game as fast as possible, forever.

Usage: python crash_child.py DB_PATH GAME_ID

Prints "ready <seq>" (the seq it resumes from) once the store is open, then loops until it
is killed. Action seq n carries the state {"counter": n} and one outbox row.
"""

import asyncio
import json
import sys

from bot.store import OutboxMessage, Store

SNAPSHOT_EVERY = 7


async def main(path: str, game_id: int) -> None:
    store = await Store.open(path, snapshot_every=SNAPSHOT_EVERY)
    seq = (await store.get_game(game_id)).seq
    print("ready", seq, flush=True)
    while True:
        seq = await store.commit_action(
            game_id,
            expected_seq=seq,
            seat=0,
            action=json.dumps({"n": seq + 1}),
            chance="{}",
            state=json.dumps({"counter": seq + 1}),
            outbox=[OutboxMessage("channel", json.dumps({"n": seq + 1}))],
        )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
