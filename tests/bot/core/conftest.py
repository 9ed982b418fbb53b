"""Fixtures of the storage tests (test_storage.py, test_ratings.py): each test that takes
`where` runs once on a real SQLite file and once on a real PostgreSQL server."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database of each kind: a SQLite file's path, a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "bot.sqlite3")
    return str(request.getfixturevalue("postgres_url"))
