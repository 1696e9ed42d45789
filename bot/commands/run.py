"""``python -m bot run [--shard-count N [--shard-ids 0,1]]``: connect to Discord and serve the games.

It takes the store's lease first (:meth:`bot.store.Store.acquire_lease`): without options one
process serves every shard, one bot per store; with ``--shard-count N`` an
:class:`discord.ext.commands.AutoShardedBot` serves the shards ``--shard-ids`` (default all N),
one lease per shard, so several processes share one PostgreSQL (docs/deploy.md). While another
bot holds the lease (or one of the shards, or runs with another shard count) it stops with
status 2 and one line saying so; a store copied elsewhere (``store copy``) is refused the same
way. The other commands that open the store (``sync``) deliver nothing and take no lease.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.config import Config, ConfigError

EXIT_CONFIG = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--env-file", default=".env", help="the settings file to read (default: .env)")
    parser.add_argument(
        "--shard-count", type=int, metavar="N", help="run the bot as N shards (several processes: docs/deploy.md)"
    )
    parser.add_argument("--shard-ids", metavar="LIST", help="the shards this process serves, e.g. 0,1 (default: all N)")


def parse_shards(count: int | None, ids: str | None) -> tuple[int | None, list[int] | None]:
    """``(shard count, shard ids)`` from the command line, or ConfigError saying what is wrong."""
    if count is None:
        if ids:
            raise ConfigError("--shard-ids needs --shard-count: how many shards the bot runs as.")
        return None, None
    if count < 1:
        raise ConfigError(f"--shard-count must be 1 or more, not {count}.")
    if not ids:
        return count, list(range(count))
    try:
        shards = sorted({int(part) for part in ids.split(",") if part.strip()})
    except ValueError:
        raise ConfigError(f"--shard-ids is a comma-separated list of shard numbers, e.g. 0,1, not {ids!r}.") from None
    if not shards or not all(0 <= shard < count for shard in shards):
        raise ConfigError(f"--shard-ids must be numbers from 0 to {count - 1} (--shard-count {count}), not {ids!r}.")
    return count, shards


def run(args: argparse.Namespace) -> int:
    try:
        shard_count, shard_ids = parse_shards(getattr(args, "shard_count", None), getattr(args, "shard_ids", None))
        config = Config.from_environment(env_file=args.env_file)
    except ConfigError as problem:
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(serve(config, shard_count=shard_count, shard_ids=shard_ids))


async def serve(config: Config, *, shard_count: int | None = None, shard_ids: list[int] | None = None) -> int:
    import discord  # only the real bot needs discord.py

    from bot.client import make_bot
    from bot.endpoints import apply_endpoints
    from bot.store import Store, StoreError

    apply_endpoints(config)  # DISCORD_API_BASE / DISCORD_GATEWAY_URL, e.g. the e2e double
    try:
        store = await Store.open(config.database)
    except StoreError as problem:
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    try:
        await store.acquire_lease(shard_ids, shard_count or 0)  # one bot per store or per shard: a second one stops here
    except StoreError as problem:
        await store.close()
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    try:
        async with make_bot(config, store, shard_count=shard_count, shard_ids=shard_ids) as client:
            await client.start(config.token)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN. Reset it in the developer portal and try again.", file=sys.stderr)
        return EXIT_CONFIG
    finally:
        await store.close()  # and releases the lease
    if client.lease_lost:
        print(f"Another bot took the database {store.location} over; this one stopped.", file=sys.stderr)
        return EXIT_CONFIG
    return 0
