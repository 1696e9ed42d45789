"""The discord.py client: one process, every guild, one store.

Slash commands arrive as cogs (added by the play issues); this class owns what they share:
the configuration and the store. Command sync is deliberate (``DEV_GUILD_ID`` syncs to one
test server at start-up; global sync is a separate deploy step), because Discord limits
command creates per day.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import Config
from bot.store import Store

log = logging.getLogger(__name__)


class RunetableBot(commands.Bot):
    def __init__(self, config: Config, store: Store):
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None)
        self.config = config
        self.store = store

    async def setup_hook(self) -> None:
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild", len(synced))

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guilds", self.user, len(self.guilds))
