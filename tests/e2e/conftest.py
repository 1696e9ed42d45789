"""Fixtures: a double on a free port with discord.py pointed at it, and bots running against it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest

from bot.endpoints import point_at
from tests.e2e.double import DEFAULT_TIMEOUT, DiscordDouble
from tests.e2e.probe_bot import ProbeBot


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    async with DiscordDouble() as serving:
        point_at(serving.api_base, serving.gateway_url)
        try:
            yield serving
        finally:
            point_at(None, None)
        assert serving.unsupported == [], "the bot used routes the double does not serve"


@contextlib.asynccontextmanager
async def running(client: discord.Client, double: DiscordDouble) -> AsyncIterator[discord.Client]:
    """Run ``client`` against ``double`` until it is ready; close it afterwards."""
    task = asyncio.create_task(client.start(double.token))
    ready = asyncio.create_task(client.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=DEFAULT_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()  # raises the start-up error
        assert ready in done, "the bot did not become ready"
        yield client
    finally:
        ready.cancel()
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@pytest.fixture
async def probe(double: DiscordDouble) -> AsyncIterator[ProbeBot]:
    async with running(ProbeBot(double.guild.id), double) as bot:
        yield bot
