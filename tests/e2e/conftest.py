"""Fixtures: a double on a free port with discord.py pointed at it, and bots running against it."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.endpoints import point_at
from loopback.double import DiscordDouble
from loopback.harness import running
from loopback.settings import SWITCH_INTERVAL
from tests.e2e.probe_bot import ProbeBot

#: wall-clock span of the e2e tests in this run: [first start, last end, tests]
_E2E_SPAN: list[float] = []
_E2E_TESTS: set[str] = set()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note when the e2e tests (this folder) start and end, for the summary line."""
    if "tests/e2e/" not in report.nodeid.replace("\\", "/"):
        return
    _E2E_TESTS.add(report.nodeid)
    start, stop = report.start, report.stop
    _E2E_SPAN[:] = [min(_E2E_SPAN[0], start), max(_E2E_SPAN[1], stop)] if _E2E_SPAN else [start, stop]


def pytest_terminal_summary(terminalreporter) -> None:
    """One line at the end of every run that ran e2e tests: how long they took, wall clock."""
    if _E2E_SPAN:
        terminalreporter.write_line(f"e2e tests: {len(_E2E_TESTS)} in {_E2E_SPAN[1] - _E2E_SPAN[0]:.1f} s wall time")


@pytest.fixture(autouse=True)
def quick_thread_switches() -> Iterator[None]:
    """The event loop and the store's SQLite thread hand the GIL to each other for every
    query; at Python's default interval a game of hundreds of moves spends a third of its
    time waiting for those handoffs. The bot behaves the same, only sooner."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    async with DiscordDouble() as serving:
        point_at(serving.api_base, serving.gateway_url)
        try:
            yield serving
        finally:
            point_at(None, None)
        assert serving.unsupported == [], "the bot used routes the double does not serve"


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Path]:
    """A path for the bot's SQLite file, in memory-backed storage where there is some
    (/dev/shm): the store syncs every commit to disk, which a test playing hundreds of moves
    a minute would otherwise wait for. The file lives as long as the test, across bot
    processes."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path / "bot.sqlite3"
        return
    folder = Path(tempfile.mkdtemp(prefix="runetable-e2e-", dir=shm))
    try:
        yield folder / "bot.sqlite3"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def probe(double: DiscordDouble) -> AsyncIterator[ProbeBot]:
    async with running(ProbeBot(double.guild.id), double) as bot:
        yield bot
