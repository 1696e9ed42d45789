"""``python -m bot sync``: publish the slash commands to Discord (globally, or to one server).

The running bot syncs its commands only to ``DEV_GUILD_ID`` (bot/client.py), because
Discord limits command creates per day and global changes take a while to spread. This
deploy step logs in with the token (without opening the gateway), loads the same cogs the
bot loads, and syncs the command tree once: globally by default, or to ``--guild ID``.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import sys

from bot.config import Config, ConfigError

EXIT_CONFIG = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--env-file", default=".env", help="the settings file to read (default: .env)")
    parser.add_argument("--guild", type=int, metavar="ID", help="sync to this server only (instant; for testing)")


def run(args: argparse.Namespace) -> int:
    try:
        config = Config.from_environment(env_file=args.env_file)
    except ConfigError as problem:
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    return asyncio.run(sync(config, args.guild))


async def sync(config: Config, guild_id: int | None) -> int:
    import discord  # only this step and the bot need discord.py

    from bot.client import RunetableBot
    from bot.endpoints import apply_endpoints
    from bot.store import Store, StoreError

    apply_endpoints(config)
    try:
        store = await Store.open(config.database)
    except StoreError as problem:
        print(problem, file=sys.stderr)
        return EXIT_CONFIG
    # no development-guild sync on the way: this step syncs exactly what it is asked to
    bot = RunetableBot(dataclasses.replace(config, dev_guild_id=None), store)
    try:
        await bot.login(config.token)  # runs setup_hook: the cogs and their commands are loaded
        synced = await publish(bot.tree, guild_id)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN. Reset it in the developer portal and try again.", file=sys.stderr)
        return EXIT_CONFIG
    finally:
        await bot.close()
        await store.close()
    where = f"server {guild_id}" if guild_id else "every server (global commands take up to an hour to appear)"
    print(f"Synced {len(synced)} commands to {where}: {', '.join(sorted(c.name for c in synced))}.")
    return 0


async def publish(tree, guild_id: int | None) -> list:
    """Sync ``tree`` globally, or copy the global commands to one server and sync that."""
    if guild_id is None:
        return await tree.sync()
    import discord

    guild = discord.Object(id=guild_id)
    tree.copy_global_to(guild=guild)
    return await tree.sync(guild=guild)
