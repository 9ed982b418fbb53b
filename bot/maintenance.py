"""`python -m bot.maintenance`: bring the database's schema up to date, back it up safely,
prune what is no longer needed.

    python -m bot.maintenance upgrade
        Brings the database to this bot's schema (a new one is created) and says its
        version; the bot does the same at start. Run once before the bot's processes
        start, it makes an upgrade's migration happen once, where its failure is seen
        (compose.yaml's `migrate` service); a database written by a newer bot is refused.
    python -m bot.maintenance backup FILE
        A consistent copy of the whole database into FILE (SQLite's online backup: safe
        while the bot runs and with the WAL journal, where copying the file is not).
        On PostgreSQL, `pg_dump` does this (docs/scaling.md).
    python -m bot.maintenance prune [--lobbies-older-than DAYS] [--games-older-than DAYS]
        With the bot stopped: deletes lobbies and challenges that never started, older than
        DAYS (default 7), and, only if asked, finished and abandoned games older than DAYS
        with their move logs and results (the scoreboards then forget them). Then VACUUM.

The database is the one of the bot's settings (`DATABASE_URL`, or `DATABASE_PATH`,
default data/bot.sqlite3). Exit status 0 when done, 1 with a sentence when not.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.core.settings import SettingsError, load_settings
from bot.core.storage import Storage, StorageError
from bot.core.storage.postgres import described

DAY = 24 * 3600.0


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def backup(database: Path, target: Path) -> None:
    """SQLite's online backup of `database` into `target`, created for its owner only."""
    if not database.exists():
        raise StorageError(f"There is no database at {database}.")
    if target.exists():
        raise StorageError(f"{target} exists already; choose a new file for the backup.")
    os.close(os.open(target, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()


async def upgrade(database: Path | str) -> int:
    """The schema version of `database` once brought up to date (`Storage.open` migrates,
    on PostgreSQL under a lock that makes processes starting together migrate once)."""
    storage = await Storage.open(database)
    try:
        return await storage.schema_version()
    finally:
        await storage.close()


async def prune(
    database: Path | str, lobby_days: float, game_days: float | None
) -> tuple[int, int]:
    storage = await Storage.open(database)  # a SQLite file is refused while the bot runs
    try:
        now = time.time()
        game_before = None if game_days is None else now - game_days * DAY
        return await storage.prune(now - lobby_days * DAY, game_before)
    finally:
        await storage.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.maintenance", description=__doc__)
    verbs = parser.add_subparsers(dest="verb", required=True)
    verbs.add_parser("upgrade", help="bring the database to this bot's schema")
    backup_verb = verbs.add_parser("backup", help="a consistent copy of the database")
    backup_verb.add_argument("file", type=Path)
    prune_verb = verbs.add_parser("prune", help="delete what is no longer needed")
    prune_verb.add_argument("--lobbies-older-than", type=float, default=7.0, metavar="DAYS")
    prune_verb.add_argument("--games-older-than", type=float, default=None, metavar="DAYS")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
        database = settings.database
        if args.verb == "upgrade":
            version = asyncio.run(upgrade(database))
            named = (
                described(database)
                if isinstance(database, str)
                else f"the SQLite database {database}"
            )
            print(f"T{named[1:]} is at schema version {version}, this bot's.")
            return 0
        if args.verb == "backup":
            if settings.database_url is not None:
                raise StorageError(
                    "This bot stores its games in PostgreSQL: back it up with pg_dump "
                    "(docs/scaling.md), which copies a running database consistently."
                )
            backup(settings.database_path, args.file)
            print(f"Backed up {settings.database_path} to {args.file}.")
            return 0
        lobbies, games = asyncio.run(
            prune(database, args.lobbies_older_than, args.games_older_than)
        )
    except (SettingsError, StorageError, sqlite3.Error) as error:
        print(f"Not done: {error}", file=sys.stderr)
        return 1
    print(
        f"Deleted {_count(lobbies, 'lobby', 'lobbies')} that never started and "
        f"{_count(games, 'finished game', 'finished games')}."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
