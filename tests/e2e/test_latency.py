"""The latency measurement of ``python -m bot bench`` (tests/e2e/latency.py), in small,
and the bench's ``command_ms`` report.

The full measurement (20 games for a minute, production settings) is the bench's, and
``bench --check`` is the gate for the targets of issue #11 (p95 ≤ 1,500 ms, max_ack ≤
3,000 ms; docs/performance.md). Here two games with quick players and the production
settings show that the measurement runs and reports consistently; the targets are not
asserted: on a loaded 2-core machine this small run missed them (p95 2.8 s, max_ack 1.7 s
while the rest of the e2e suite ran), even without the DM limit.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

import pytest

from bot.commands import bench
from tests.e2e.latency import TARGET_MAX_ACK_MS, TARGET_P95_MS, command_latency

pytestmark = pytest.mark.slow


async def test_two_games_are_measured_with_the_production_settings():
    result = await asyncio.wait_for(command_latency(2, 8.0, (0.2, 0.5), 1), timeout=240)
    assert result["dm_throttle"] and result["samples"] > 0 and result["interactions"] >= result["samples"]
    assert 0 < result["p50"] <= result["p95"] and result["max_ack"] > 0
    assert result["met"] == (result["p95"] <= TARGET_P95_MS and result["max_ack"] <= TARGET_MAX_ACK_MS)


def test_bench_reports_command_ms_as_skipped_outside_a_source_checkout(monkeypatch):
    monkeypatch.setitem(sys.modules, "tests.e2e.latency", None)  # import fails as without tests/
    figures = bench.command_figures(20, 60.0)
    assert set(figures) == {"skipped"} and "source checkout" in figures["skipped"]
    assert bench.missed_targets({"game_seconds": {"median": 1.0}, "command_ms": figures}) == []


def test_bench_check_misses_the_command_targets():
    result = {
        "game_seconds": {"median": 1.0},
        "command_ms": {"p50": 80.0, "p95": 1400.0, "max_ack": 20.0, "games": 20, "samples": 150},
    }
    assert bench.missed_targets(result) == []
    result["command_ms"] |= {"p95": 13500.0, "max_ack": 3100.0}
    assert bench.missed_targets(result) == ["command_ms.p95 13500.0 > 1500.0", "command_ms.max_ack 3100.0 > 3000.0"]
    result["command_ms"] = {"p50": 0.0, "p95": 0.0, "max_ack": 0.0, "games": 20, "samples": 0}
    assert bench.missed_targets(result) == ["command_ms.samples 0: no command was measured"]


def test_bench_no_latency_skips_the_measurement(monkeypatch, capsys):
    monkeypatch.setattr(
        bench,
        "measure",
        lambda games, seed, **_: {
            "games": 1,
            "apply_ms": {"p50": 1.0, "p95": 2.0},
            "ai_decision_ms": {"p95": 1.0},
            "game_seconds": {"median": 1.0},
            "apply_breakdown": {},
            "states_sampled": [],
        },
    )
    monkeypatch.setattr(bench, "command_figures", lambda games, seconds: pytest.fail("measured despite --no-latency"))
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    assert bench.run(parser.parse_args(["--json", "--no-latency", "--check"])) == 0
    assert "command_ms" not in json.loads(capsys.readouterr().out)


async def test_two_shard_processes_on_postgresql_are_measured(tmp_path):
    """Issue 22 item 7: the same measurement with two processes, one per shard, over PostgreSQL
    (games in two guilds); needs the PostgreSQL test database (tests/store/backends.py)."""
    from tests.e2e.latency import _on_postgres
    from tests.store.backends import postgres_url

    url = postgres_url()
    result = await asyncio.wait_for(_on_postgres(url, 4, 8.0, (0.2, 0.5), 1, True, 2), timeout=300)
    assert (result["backend"], result["processes"], result["games"]) == ("postgresql", 2, 4)
    assert result["samples"] > 0 and 0 < result["p50"] <= result["p95"] and result["max_ack"] > 0
