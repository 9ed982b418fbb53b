"""Stress tests run the real bot against the Discord emulator (tests/fakediscord).
Long variants are marked `slow` and skipped unless RUN_SLOW=1. The tests that take
`on_database` run twice: on a SQLite file and on a PostgreSQL database."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord.fixtures import bot_process, fake_discord, start_bot  # noqa: F401


@pytest.fixture(params=["sqlite", "postgresql"])
def on_database(request: pytest.FixtureRequest) -> dict[str, Any]:
    """`start_bot` options for the database: none for SQLite (the default), the URL of
    a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return {}
    return {"database_url": request.getfixturevalue("postgres_url")}
