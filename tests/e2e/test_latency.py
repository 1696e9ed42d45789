"""The latency measurement of ``python -m bot bench`` (tests/e2e/latency.py), in small.

The full measurement (20 games for a minute) is the bench's; here two games and quick
players show that it measures what it says and that the bot's command path (the move, its
news and its map) meets the targets of issue #11 (p95 ≤ 1,500 ms, max_ack ≤ 3,000 ms).
Players this quick would outrun the bot's DM throttle (5 DMs in 5 s), which holds every
later delivery back, news and maps included; that is measured by the bench, with
human-paced players, and not here.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.latency import TARGET_MAX_ACK_MS, TARGET_P95_MS, command_latency

pytestmark = pytest.mark.slow


async def test_two_games_meet_the_latency_targets():
    result = await asyncio.wait_for(command_latency(2, 8.0, (0.2, 0.5), 1, dm_throttle=False), timeout=240)
    assert result["samples"] > 0 and result["interactions"] >= result["samples"]
    assert 0 < result["p50"] <= result["p95"]
    assert result["p95"] <= TARGET_P95_MS and result["max_ack"] <= TARGET_MAX_ACK_MS, result
    assert result["met"]
