"""The discord.py client: one process, every guild, one store.

The client owns what the cogs share: the configuration, the store, the game service and the
deliverer that drains the outbox through :class:`~bot.ui.transport.DiscordTransport`. At
start-up (``setup_hook``) it registers the persistent components (every decision button
ever posted keeps working), loads the cogs, starts the delivery loop (which first drains
whatever a previous run left undelivered) and the auto-pass loop (decisions with a single answer,
and every reaction window of players who chose ``always``, answered after a random delay:
:meth:`bot.service.GameService.auto_passes_due`), and, with
``DEV_GUILD_ID``, syncs the commands to that one test server; global sync is a separate
deploy step, because Discord limits command creates per day.

DMs are rate-limited (the settings ``DM_LIMIT`` in any ``DM_WINDOW_SECONDS``, 5 in 5 s by
default, :mod:`bot.config`): Discord throttles, and may quarantine, a bot that opens many DMs
at once. The limit parks DMs without holding the rest of the outbox back; the delivery loop
drains again when the limit frees a slot (``DrainReport.wake_in``). Maps are drawn as the
setting ``MAP_CADENCE`` says (:func:`bot.delivery.map_cadence`).

On PostgreSQL, several processes may share the store: the deliverer drains only the outbox
rows it claims, and a commit in any process wakes every process's delivery (LISTEN/NOTIFY,
:meth:`bot.store.Store.watch_outbox`); the drain every :data:`DELIVERY_INTERVAL` seconds stays
as a safety net (claims that lapsed, a lost notification).

One bot per database file: ``python -m bot run`` takes the store's lease before it connects
(:meth:`bot.store.Store.acquire_lease`); while the store holds it, the client renews it every
:data:`LEASE_RENEW_INTERVAL` seconds and stops (``lease_lost``) if another bot took it over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from typing import Any

import discord
from discord.ext import commands

from bot.cogs import EXTENSIONS
from bot.config import Config
from bot.delivery import Deliverer, RateLimiter, map_cadence
from bot.i18n import COMMAND_IDS
from bot.service import GameService
from bot.store import LEASE_TIMEOUT, Store
from bot.ui.components import DYNAMIC_ITEMS, on_form_submit
from bot.ui.translator import CatalogueTranslator
from bot.ui.transport import DiscordTransport

log = logging.getLogger(__name__)

#: seconds between outbox drains when nothing asks for one sooner
DELIVERY_INTERVAL = 30.0
#: the auto-pass loop looks at least this often (seconds) for planned passes that are due
AUTO_PASS_POLL = 15.0
#: the folder of extra data packs players may choose from (one sub-folder per pack)
PACKS_DIR_VARIABLE = "RUNETABLE_PACKS_DIR"
#: seconds between renewals of the store's lease (a quarter of the time after which it is taken over)
LEASE_RENEW_INTERVAL = LEASE_TIMEOUT / 4


class RunetableBot(commands.Bot):
    def __init__(
        self,
        config: Config,
        store: Store,
        *,
        service: GameService | None = None,
        delivery_interval: float = DELIVERY_INTERVAL,
        **client_options: Any,
    ):
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None, **client_options
        )
        self.config = config
        self.store = store
        self.service = service or GameService(store)
        self.deliverer = Deliverer(
            store,
            DiscordTransport(
                self,
                self.service,
                wants_map=map_cadence(config.map_cadence),
                layout=getattr(config, "status_layout", "dashboard"),
            ),
            dm_limiter=RateLimiter(config.dm_limit, config.dm_window) if config.dm_limit else None,
        )
        self.packs_dir = os.environ.get(PACKS_DIR_VARIABLE) or None
        self.delivery_interval = delivery_interval
        self._wake = asyncio.Event()
        self._delivery: asyncio.Task | None = None
        self._auto_pass: asyncio.Task | None = None
        self._lease: asyncio.Task | None = None
        #: another bot took the database's lease over: this one stopped
        self.lease_lost = False

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.add_listener(on_form_submit, "on_interaction")  # private forms (bot.ui.forms)
        translator = CatalogueTranslator()
        await self.tree.set_translator(translator)  # commands in the user's language (issue 31)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await translator.budget(self.tree)  # every command within Discord's size in every language
        try:  # PostgreSQL: another process's commit wakes this one's delivery (LISTEN/NOTIFY)
            await self.store.watch_outbox(self.kick_delivery)
        except Exception:
            log.exception("cannot LISTEN on %s; draining every %s s instead", self.store.location, self.delivery_interval)
        self._delivery = asyncio.create_task(self._deliver_forever(), name="runetable-delivery")
        self._auto_pass = asyncio.create_task(self._auto_pass_forever(), name="runetable-auto-pass")
        if self.store.lease_holder is not None:
            self._lease = asyncio.create_task(self._keep_lease(), name="runetable-lease")
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild", len(synced))
            COMMAND_IDS.update({c.name: c.id for c in synced})  # messages name commands as mentions

    async def _command_ids(self) -> None:
        """The ids of the global commands (``python -m bot sync``), for command mentions in messages;
        a development guild's own commands (synced at start) take precedence."""
        try:
            found = await self.tree.fetch_commands()
        except discord.HTTPException as e:
            log.info("no command ids for mentions: %s", e)
            return
        for command in found:
            COMMAND_IDS.setdefault(command.name, command.id)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guilds", self.user, len(self.guilds))
        await self._command_ids()

    def kick_delivery(self) -> None:
        """Drain the outbox soon (after a move, a start, a lobby change)."""
        self._wake.set()

    async def probe_dm(self, user: discord.abc.User, text: str) -> bool:
        """Send ``text`` by DM (within the DM rate limit); False when the user does not
        accept DMs from the bot."""
        try:
            if self.deliverer.dm_limiter is not None:
                await self.deliverer.dm_limiter.acquire()
            await user.send(text, silent=True)  # a check that DMs are open: it needs no notification
        except discord.Forbidden:
            return False
        except discord.HTTPException as e:
            log.warning("could not probe the DMs of %s: %s", user.id, e)
        return True

    async def _auto_pass_forever(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                if await self.service.auto_passes_due():
                    self.kick_delivery()
                due = await self.service.next_auto_pass()
            except Exception:
                log.exception("auto-pass failed; trying again in %s s", AUTO_PASS_POLL)
                due = None
            wait = AUTO_PASS_POLL if due is None else min(AUTO_PASS_POLL, max(0.5, due - time.time()))
            await asyncio.sleep(wait)

    async def _keep_lease(self) -> None:
        """Renew the store's lease; stop the bot when another bot took it over."""
        while not self.is_closed():
            await asyncio.sleep(LEASE_RENEW_INTERVAL)
            try:
                held = await self.store.renew_lease()
            except Exception:
                log.exception("could not renew the lease on %s; trying again in %s s", self.store.location, LEASE_RENEW_INTERVAL)
                continue
            if not held:
                log.critical("another bot took the database %s over; stopping so that nothing is sent twice", self.store.location)
                self.lease_lost = True
                # shielded: a close() called meanwhile cancels this task, and must not cancel the closing it awaits
                await asyncio.shield(self.close())
                return

    async def _deliver_forever(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            self._wake.clear()
            wait = self.delivery_interval
            try:
                report = await self.deliverer.drain()
                if report.retrying:
                    log.info("delivery: %s", report)
                if report.wake_in is not None:  # parked DMs: drain again when the DM limit frees a slot
                    wait = min(wait, report.wake_in + 0.01)
            except Exception:
                log.exception("delivery failed; trying again in %s s", self.delivery_interval)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def close(self) -> None:
        tasks = [t for t in (self._delivery, self._auto_pass, self._lease) if t is not None and t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        COMMAND_IDS.clear()  # this bot's command ids: another bot of the process syncs its own
        await super().close()


class ShardedRunetableBot(RunetableBot, commands.AutoShardedBot):
    """The bot serving some shards of a bot run by several processes over one PostgreSQL
    (``python -m bot run --shard-count N --shard-ids 0,1``; docs/deploy.md). Each process
    answers the interactions its shards receive (Discord sends every DM event to shard 0, so the
    process holding shard 0 answers DM interactions for every guild); any process may act on
    any game (the store's per-game lock decides) and delivers any outbox row it claims."""


def make_bot(
    config: Config, store: Store, *, shard_count: int | None = None, shard_ids: list[int] | None = None, **options: Any
) -> RunetableBot:
    """The bot for ``python -m bot run``: one connection for every guild, or, with a shard
    count, an :class:`discord.ext.commands.AutoShardedBot` for ``shard_ids`` (default: all)."""
    if shard_count is None:
        return RunetableBot(config, store, **options)
    return ShardedRunetableBot(config, store, shard_count=shard_count, shard_ids=shard_ids, **options)
