"""Fixtures for every test: a throwaway PostgreSQL server (tests/postgres.py) and a
headless Chromium for the web pages (tests/browser.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings
from playwright.sync_api import Browser

from tests.browser import MISSING, find_chromium, launched
from tests.postgres import PostgresServer, find_binaries, running

# Hypothesis fails an example that takes over 200 ms by default: a timing, which a busy
# machine breaks (a rating test once took 548 ms under load). Speed is measured by the
# benchmarks, never by tests.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One server per test process (each xdist worker has its own), started by the first
    test that asks. Without the server programs the tests skip, but fail when CI is
    set: .ci/run installs them, so a CI run cannot pass without having used PostgreSQL."""
    binaries = find_binaries()
    if binaries is None:
        message = (
            "no PostgreSQL server programs (initdb, pg_ctl in /usr/lib/postgresql/*/bin or "
            "on PATH): install Debian's postgresql package (sudo apt-get install postgresql)"
        )
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with running(binaries) as server:
        yield server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The asyncpg URL of a new empty database, dropped after the test."""
    with postgres_server.fresh_database() as url:
        yield url


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """One headless Chromium per test module, started by its first test that asks.
    Not one per session: while Playwright's sync API is started it marks its event loop
    as running in this thread, which every asyncio test run meanwhile would trip on; a
    module's fixtures end before a test of another module starts. Without Chromium the
    tests skip, but fail when CI is set: tests/install-chromium installs it, so a CI run
    cannot pass without having opened the pages."""
    program = find_chromium()
    if program is None:
        if os.environ.get("CI"):
            pytest.fail(MISSING, pytrace=False)
        pytest.skip(MISSING)
    with launched(program) as browser:
        yield browser
