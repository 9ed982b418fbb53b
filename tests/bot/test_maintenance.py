"""Audit finding 14: backups safe with WAL, and pruning of what is no longer needed
(`python -m bot.maintenance`), on a real database file."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from bot.core.storage import Result, Storage, postgres, sqlite
from games.grass import Grass

ROOT = Path(__file__).resolve().parents[2]


async def three_games(storage: Storage) -> tuple[int, int, int]:
    """A lobby that never started, a running game with a move, a finished game."""
    lobby = await storage.create_game(1, 1, "grass", {}, 10, "ann")
    ids = []
    for channel in (2, 3):
        game_id = await storage.create_game(1, channel, "grass", {}, 10, "ann")
        await storage.add_seat(game_id, 11, "bob")
        engine = Grass.create(["ann", "bob"], {}, 7)
        seats = [(10, "ann"), (11, "bob")]
        await storage.start_game(game_id, seats, engine.replay_header(), engine.to_json(), 0)
        ids.append(game_id)
    running, finished = ids
    leave = {"by": "bob", "leave": True}
    await storage.record_move(running, 0, 11, {"by": "ann", "play": "market_open"}, {}, 1)
    await storage.record_move(finished, 0, 11, leave, {}, 1, [Result(10, 1, 5), Result(11, 2, 0)])
    return lobby, running, finished


def maintenance(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_PATH": str(database)}
    env.pop("DISCORD_TOKEN", None)
    return subprocess.run(
        [sys.executable, "-m", "bot.maintenance", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_prune_deletes_old_lobbies_and_only_if_asked_old_games(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    try:
        lobby, running, finished = await three_games(storage)
        later = time.time() + 1
        assert await storage.prune(later - 3600, None) == (0, 0)  # nothing that old
        assert await storage.prune(later, None) == (1, 0)
        assert await storage.game(lobby) is None and await storage.game(finished) is not None
        assert await storage.prune(later, later) == (0, 1)
        assert await storage.game(finished) is None and await storage.results(finished) == []
        assert await storage.game(running) is not None and len(await storage.moves(running)) == 1
    finally:
        await storage.close()


async def test_backup_while_the_bot_runs_and_prune_only_when_it_does_not(tmp_path):
    database = tmp_path / "bot.sqlite3"
    storage = await Storage.open(database)  # as the running bot holds it
    try:
        await three_games(storage)
        copy = tmp_path / "backup.sqlite3"
        done = maintenance(database, "backup", str(copy))
        assert done.returncode == 0, done.stderr
        assert copy.stat().st_mode & 0o777 == 0o600
        with sqlite3.connect(copy) as db:
            assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
            assert db.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 2
        again = maintenance(database, "backup", str(copy))
        assert again.returncode == 1 and "exists already" in again.stderr

        busy = maintenance(database, "prune")
        assert busy.returncode == 1 and "already in use by another running bot" in busy.stderr
    finally:
        await storage.close()
    done = maintenance(database, "prune", "--lobbies-older-than", "0")
    assert done.returncode == 0, done.stderr
    assert "Deleted 1 lobby that never started and 0 finished games." in done.stdout


def upgrade(**env: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot.maintenance upgrade` with these database settings alone."""
    inherited = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    inherited.pop("DISCORD_TOKEN", None)  # the migration needs no token
    return subprocess.run(
        [sys.executable, "-m", "bot.maintenance", "upgrade"],
        cwd=ROOT,
        env={**inherited, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_upgrade_creates_the_schema_once_and_refuses_a_newer_one(postgres_url):
    # Two at once, as two processes started together would: both succeed, one migrates.
    first, second = await asyncio.gather(
        asyncio.to_thread(upgrade, DATABASE_URL=postgres_url),
        asyncio.to_thread(upgrade, DATABASE_URL=postgres_url),
    )
    latest = len(postgres.MIGRATIONS)
    for done in (first, second):
        assert done.returncode == 0, done.stderr
        assert f"is at schema version {latest}, this bot's." in done.stdout
        assert done.stdout.startswith("The PostgreSQL database ")
        assert postgres_url not in done.stdout  # never the URL, which may hold a password
    connection = await asyncpg.connect(postgres_url)
    try:
        applied = await connection.fetch("SELECT version FROM schema_migrations ORDER BY 1")
        assert [row[0] for row in applied] == list(range(1, latest + 1))
        await connection.execute("INSERT INTO schema_migrations (version) VALUES ($1)", 99)
    finally:
        await connection.close()

    newer = upgrade(DATABASE_URL=postgres_url)  # an older image started after a newer one
    assert newer.returncode == 1
    assert "schema version 99" in newer.stderr and "newer version" in newer.stderr


async def test_upgrade_of_a_sqlite_file_and_its_refusal_while_the_bot_runs(tmp_path):
    database = tmp_path / "data" / "bot.sqlite3"
    database.parent.mkdir()
    done = upgrade(DATABASE_PATH=str(database))
    assert done.returncode == 0, done.stderr
    latest = len(sqlite.MIGRATIONS)
    assert (
        done.stdout
        == f"The SQLite database {database} is at schema version {latest}, this bot's.\n"
    )
    storage = await Storage.open(database)  # as the running bot holds it
    try:
        assert await storage.schema_version() == latest
        busy = upgrade(DATABASE_PATH=str(database))
        assert busy.returncode == 1 and "already in use by another running bot" in busy.stderr
    finally:
        await storage.close()
