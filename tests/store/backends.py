"""Both store backends for the tests (issue 22 items 1 and 6): a fresh, empty store address per
test, and raw SQL against it that bypasses :class:`bot.store.Store` (to look at the tables
themselves, or to break them).

SQLite needs nothing. PostgreSQL needs a database named by ``RUNETABLE_TEST_POSTGRES`` (a
``postgresql://`` URL; ``.ci/postgres start DIR`` starts a throwaway one and prints it). Each
test gets a schema of its own in it, dropped afterwards. Without that variable the PostgreSQL
tests skip, except under ``CI=true``, where they fail: CI always has the database (``.ci/run``).
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

#: the environment variable naming the PostgreSQL test database
POSTGRES_ENV = "RUNETABLE_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgresql")


def postgres_url() -> str:
    """The test database's URL; skips the test (fails it under ``CI=true``) when there is none."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if url:
        return url
    message = f"no PostgreSQL test database: set {POSTGRES_ENV} (`.ci/postgres start /tmp/pg` prints one)"
    if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
        pytest.fail(f"CI=true but {message}")
    pytest.skip(message)


def _with_setting(url: str, name: str, value: str) -> str:
    """``url`` with one more query parameter (asyncpg passes unknown ones as server settings)."""
    return f"{url}{'&' if '?' in url else '?'}{name}={value}"


@dataclass
class Database:
    """A fresh store address of one backend, and raw SQL on it (``?`` placeholders on both)."""

    kind: str
    address: str
    path: Path | None = None  # SQLite's file

    async def fetch(self, sql: str, *parameters: Any) -> list[tuple[Any, ...]]:
        if self.kind == "sqlite":
            raw = sqlite3.connect(self.address)
            try:
                return [tuple(row) for row in raw.execute(sql, parameters)]
            finally:
                raw.close()
        import asyncpg

        from bot.store_postgres import _numbered

        conn = await asyncpg.connect(self.address)
        try:
            return [tuple(row) for row in await conn.fetch(_numbered(sql), *parameters)]
        finally:
            await conn.close()

    async def execute(self, sql: str, *parameters: Any) -> None:
        if self.kind == "postgresql" and not parameters:  # a script: several statements at once
            import asyncpg

            conn = await asyncpg.connect(self.address)
            try:
                await conn.execute(sql)
            finally:
                await conn.close()
            return
        await self.executemany(sql, [parameters])

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if self.kind == "sqlite":
            raw = sqlite3.connect(self.address)
            try:
                raw.executemany(sql, rows)
                raw.commit()
            finally:
                raw.close()
            return
        import asyncpg

        from bot.store_postgres import _numbered

        conn = await asyncpg.connect(self.address)
        try:
            await conn.executemany(_numbered(sql), rows)
        finally:
            await conn.close()

    @property
    def integrity_error(self) -> type[Exception]:
        """The driver's error for a broken constraint."""
        if self.kind == "sqlite":
            return sqlite3.IntegrityError
        import asyncpg

        return asyncpg.IntegrityConstraintViolationError


async def fresh_database(kind: str, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty store address of ``kind``; a PostgreSQL schema is dropped afterwards."""
    if kind == "sqlite":
        path = tmp_path / "games.db"
        yield Database("sqlite", str(path), path)
        return
    url = postgres_url()
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield Database("postgresql", _with_setting(url, "search_path", schema))
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()
