"""Fixtures of the tests of bot/core: each test that takes `where` runs once on a real
SQLite file and once on a real PostgreSQL server (test_storage.py, test_skill.py);
`storage` is a new SQLite file's storage."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.core.storage import Storage

Opener = Callable[[Path | str], Awaitable[Storage]]


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database of each kind: a SQLite file's path, a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "bot.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def opened() -> AsyncIterator[Opener]:
    """`Storage.open`, each storage it opens closed after the test, whether it passed or
    failed: an open SQLite connection's thread would keep the test process alive, so a
    failing test would hang the run instead of failing it."""
    storages: list[Storage] = []

    async def open_storage(where: Path | str) -> Storage:
        storage = await Storage.open(where)
        storages.append(storage)
        return storage

    yield open_storage
    for storage in storages:
        await storage.close()


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    """A new SQLite file's storage, closed after the test whatever its result."""
    opened = await Storage.open(tmp_path / "bot.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()
