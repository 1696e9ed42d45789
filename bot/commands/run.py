"""``python -m bot run``: connect to Discord and serve every game in the store.

It takes the store's lease first (one bot per database file, :meth:`bot.store.Store.acquire_lease`):
while another bot runs on the file it stops with status 2 and one line saying so. The other
commands that open the store (``sync``) deliver nothing and take no lease.
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


def run(args: argparse.Namespace) -> int:
    try:
        config = Config.from_environment(env_file=args.env_file)
    except ConfigError as problem:
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(serve(config))


async def serve(config: Config) -> int:
    import discord  # only the real bot needs discord.py

    from bot.client import RunetableBot
    from bot.endpoints import apply_endpoints
    from bot.store import Store, StoreError

    apply_endpoints(config)  # DISCORD_API_BASE / DISCORD_GATEWAY_URL, e.g. the e2e double
    try:
        store = await Store.open(config.database)
    except StoreError as problem:
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    try:
        await store.acquire_lease()  # one bot per database file: a second one stops here
    except StoreError as problem:
        await store.close()
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    try:
        async with RunetableBot(config, store) as client:
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
