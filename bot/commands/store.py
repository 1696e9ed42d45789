"""``python -m bot store copy --from SOURCE --to TARGET [--merge]``: move a store (issue 22 item 5).

Copies every game (its seats, log, snapshots, outbox, seed commitment, waits, votes and
ballots, ids kept: the buttons already posted keep working) and every data pack and setting from
one store to another, e.g. from the SQLite file to PostgreSQL, and checks each game twice: its
rows read back from the target equal the source's, and its log replays from the seed to its
stored state.

* It takes the source's lease first: no bot may run on it (stop the bot, then copy).
* A SQLite source gets an online backup beside it first (``<file>.before-copy-<time>``).
* A target that holds games is refused unless ``--merge``, which adds only the games it does
  not have (by id) and never deletes or changes anything there.
* When every game is copied and checked, the source is marked moved: ``run`` refuses it from
  then on, so its undelivered messages are never sent from both stores.

Exit status 0 when all went well, 1 when a game could not be copied or checked (the source is
then not marked moved), 2 (one line) when the copy cannot begin.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from pathlib import Path

EXIT_FAILED = 1
EXIT_REFUSED = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="store_command", metavar="ACTION", required=True)
    copy = sub.add_parser("copy", help="copy every game to another store and mark this one moved")
    copy.add_argument("--from", dest="source", required=True, metavar="ADDRESS", help="sqlite:///path, a path or postgresql://…")
    copy.add_argument("--to", dest="target", required=True, metavar="ADDRESS", help="sqlite:///path, a path or postgresql://…")
    copy.add_argument("--merge", action="store_true", help="add the games the target lacks (by id); never delete")


def run(args: argparse.Namespace) -> int:
    return asyncio.run(copy_store(args.source, args.target, merge=args.merge))


async def copy_store(source_address: str, target_address: str, *, merge: bool = False, out=None) -> int:
    """The whole copy; returns the exit status, telling the user on ``out`` (stdout) and stderr."""
    from bot.store import Store, StoreError, describe_database, parse_database

    out = out or sys.stdout
    try:
        if parse_database(source_address) == parse_database(target_address):
            raise StoreError("--from and --to are the same store.")
        source = await Store.open(source_address)
    except StoreError as problem:
        print(problem, file=sys.stderr)
        return EXIT_REFUSED
    try:
        if (moved := await source.moved_to()) is not None:
            raise StoreError(f"{source.location} was moved to {moved} already; copy from there.")
        await source.acquire_lease()  # no bot runs on the source while it is copied
        if source.path is not None:
            backup = await asyncio.to_thread(_backup, source.path)
            print(f"backed {source.path} up to {backup}", file=out)
        target = await Store.open(target_address)
    except StoreError as problem:
        await source.close()
        print(problem, file=sys.stderr)
        return EXIT_REFUSED
    try:
        present = set(await target.game_ids())
        if present and not merge:
            print(
                f"{target.location} holds {len(present)} games already: copy to an empty store,"
                " or pass --merge to add only the games it lacks.",
                file=sys.stderr,
            )
            return EXIT_REFUSED
        await target.load_shared_rows(await source.shared_rows())
        copied, skipped, failed = 0, 0, []
        for game_id in await source.game_ids():
            if game_id in present:
                skipped += 1
                continue
            dump = await source.dump_game(game_id)
            try:
                await target.load_game(dump)
                problem = await _check(target, game_id, dump)
            except StoreError as e:
                problem = str(e)
            if problem:
                failed.append(f"game #{game_id}: {problem}")
            else:
                copied += 1
        print(f"copied {copied} games to {target.location}" + (f", {skipped} there already" if skipped else ""), file=out)
        if failed:
            print("not copied: " + "; ".join(failed), file=sys.stderr)
            print(f"{source.location} is not marked moved: fix the above and copy again with --merge.", file=sys.stderr)
            return EXIT_FAILED
        await source.mark_moved(target_address)
        print(f"{source.location} is marked moved: run the bot with DATABASE_URL={describe_database(target_address)}", file=out)
        return 0
    finally:
        await target.close()
        await source.close()  # and its lease


async def _check(target, game_id: int, dump) -> str | None:
    """Why the copied game is not the source's (its rows, or its log's replay), or None."""
    if await target.dump_game(game_id) != dump:
        return "its rows read back from the target differ from the source's"
    record = await target.get_game(game_id)
    if record.seq == 0:
        return None  # a lobby: nothing to replay
    from bot.service import GameService
    from bot.table.history import decode_state, load_history
    from engine.core import encode

    try:
        history = await load_history(target, GameService(target), record)
        commits = await asyncio.to_thread(history.commits)
    except Exception as e:  # an unknown game, a log that does not replay: the message says which
        return f"its log does not replay ({e})"
    if not commits or encode(commits[-1].state) != encode(decode_state(record.state, history.engine.ruleset)):
        return "its log replays to another state than the one stored"
    return None


def _backup(path: Path) -> Path:
    """SQLite's online backup of ``path`` beside it."""
    backup = path.with_name(f"{path.name}.before-copy-{time.strftime('%Y%m%d-%H%M%S')}")
    source, copy = sqlite3.connect(path), sqlite3.connect(backup)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return backup
