"""`python -m bot.ratings rebuild`: every rating computed again from the stored results.

The ratings move as games finish (bot/core/storage/ratings.py); the results they come
from are kept, so the ratings can always be derived again: after restoring a backup,
after changing how ratings are computed, or to check them. Games are rated again one by
one in the order they finished, exactly as they were the first time; the command says
whether anything came out different. Safe while the bot runs on PostgreSQL (finishes
wait for the rebuild); on SQLite, stop the bot first (the file is its alone).

The database is the one of the bot's settings (`DATABASE_URL`, or `DATABASE_PATH`,
default data/bot.sqlite3). Exit status 0 when done, 1 with a sentence when not.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.core.settings import SettingsError, load_settings
from bot.core.storage import Storage, StorageError

SNAPSHOT = (
    "SELECT guild_id, kind, season, player, mu, sigma, games FROM ratings"
    " ORDER BY guild_id, kind, season, player"
)


async def rebuild(database: Path | str) -> tuple[int, bool]:
    """Rebuilds the ratings; returns how many games were rated and whether the ratings
    differ from what they were."""
    if isinstance(database, Path) and not database.exists():
        raise StorageError(f"There is no database at {database}.")
    storage = await Storage.open(database)
    try:
        before = await storage.driver.fetch_all(SNAPSHOT)
        games = await storage.rebuild_ratings()
        after = await storage.driver.fetch_all(SNAPSHOT)
        return games, [tuple(row) for row in before] != [tuple(row) for row in after]
    finally:
        await storage.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__)
    verbs = parser.add_subparsers(dest="verb", required=True)
    verbs.add_parser("rebuild", help="compute every rating again from the stored results")
    parser.parse_args(argv)
    try:
        games, differed = asyncio.run(rebuild(load_settings().database))
    except (SettingsError, StorageError, sqlite3.Error) as error:
        print(f"Not done: {error}", file=sys.stderr)
        return 1
    noun = "game" if games == 1 else "games"
    outcome = "Some ratings changed." if differed else "Every rating came out as it was."
    print(f"Rated {games} finished {noun} again, in the order they finished. {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
