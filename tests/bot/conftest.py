"""The bot tests keep their files (SQLite databases) in memory-backed storage when the
machine has it (/dev/shm): they check what is written, not that it survives a power cut,
and an fsync per write transaction made the outbox and whole-game tests two to three
times slower. Elsewhere pytest's own temporary directory is used."""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from bot.store import Store

MEMORY = Path("/dev/shm")


@pytest.fixture
def tmp_path(tmp_path_factory):
    if not (MEMORY.is_dir() and os.access(MEMORY, os.W_OK)):
        yield tmp_path_factory.mktemp("bot")
        return
    path = Path(tempfile.mkdtemp(prefix="runetable-test-", dir=MEMORY))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
async def store(tmp_path):
    """An open store in this test's folder."""
    store = await Store.open(tmp_path / "games.db")
    yield store
    await store.close()
