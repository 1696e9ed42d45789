"""The store suite runs on both backends: ``database`` is a fresh address of each (tests/store/backends.py)."""

import pytest

from tests.store.backends import BACKENDS, fresh_database


@pytest.fixture(params=BACKENDS)
async def database(request, tmp_path):
    async for database in fresh_database(request.param, tmp_path):
        yield database


@pytest.fixture
async def sqlite_database(tmp_path):
    async for database in fresh_database("sqlite", tmp_path):
        yield database


@pytest.fixture
async def postgres_database(tmp_path):
    async for database in fresh_database("postgresql", tmp_path):
        yield database
