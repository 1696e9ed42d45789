"""The discord.py client: one process, every guild, one store.

The client owns what the cogs share: the configuration, the store, the game service and the
deliverer that drains the outbox through :class:`~bot.ui.transport.DiscordTransport`. At
start-up (``setup_hook``) it registers the persistent components (every decision button
ever posted keeps working), loads the cogs, starts the delivery loop (which first drains
whatever a previous run left undelivered) and, with ``DEV_GUILD_ID``, syncs the commands to
that one test server; global sync is a separate deploy step, because Discord limits command
creates per day.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os

import discord
from discord.ext import commands

from bot.cogs import EXTENSIONS
from bot.config import Config
from bot.delivery import Deliverer
from bot.service import GameService
from bot.store import Store
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.transport import DiscordTransport

log = logging.getLogger(__name__)

#: seconds between outbox drains when nothing asks for one sooner
DELIVERY_INTERVAL = 30.0
#: the folder of extra data packs players may choose from (one sub-folder per pack)
PACKS_DIR_VARIABLE = "RUNETABLE_PACKS_DIR"


class RunetableBot(commands.Bot):
    def __init__(self, config: Config, store: Store, *, service: GameService | None = None,
                 delivery_interval: float = DELIVERY_INTERVAL):
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None)
        self.config = config
        self.store = store
        self.service = service or GameService(store)
        self.deliverer = Deliverer(store, DiscordTransport(self, self.service))
        self.packs_dir = os.environ.get(PACKS_DIR_VARIABLE) or None
        self.delivery_interval = delivery_interval
        self._wake = asyncio.Event()
        self._delivery: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self._delivery = asyncio.create_task(self._deliver_forever(), name="runetable-delivery")
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild", len(synced))

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guilds", self.user, len(self.guilds))

    def kick_delivery(self) -> None:
        """Drain the outbox soon (after a move, a start, a lobby change)."""
        self._wake.set()

    async def probe_dm(self, user: discord.abc.User, text: str) -> bool:
        """Send ``text`` by DM; False when the user does not accept DMs from the bot."""
        try:
            await user.send(text)
        except discord.Forbidden:
            return False
        except discord.HTTPException as e:
            log.warning("could not probe the DMs of %s: %s", user.id, e)
        return True

    async def _deliver_forever(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            self._wake.clear()
            try:
                report = await self.deliverer.drain()
                if report.retrying:
                    log.info("delivery: %s", report)
            except Exception:
                log.exception("delivery failed; trying again in %s s", self.delivery_interval)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self.delivery_interval)

    async def close(self) -> None:
        if self._delivery is not None:
            self._delivery.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._delivery
        await super().close()
