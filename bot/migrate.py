"""`python -m bot.migrate FROM TO`: copies the bot's whole database into another one, as a
server that grows moves from SQLite to PostgreSQL.

    python -m bot.migrate sqlite:///data/bot.sqlite3 postgresql://bot:secret@db/games

FROM and TO are database URLs as in DATABASE_URL (a SQLite file may also be given by its
path). Stop the bot first: a SQLite file is refused while a bot has it open. Both
databases are brought to this bot's schema; TO must hold no game yet.

Everything (games, seats, move logs, results, followers, game nights, tournaments) is
copied with its ids in one transaction of TO. Before it commits, every copied row is read
back and compared with FROM's, and every started game's move log is replayed to the state
stored beside it; any difference rolls the whole copy back. Exit status 0 with what was copied,
1 with a sentence when nothing was (TO is then as it was).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.core.settings import Secret, SettingsError, database_location
from bot.core.storage import Storage, StorageError
from bot.core.storage.driver import Transaction
from bot.core.storage.postgres import described
from bot.core.storage.rows import SELECT_GAMES, GameRow, game_row
from games.protocol import IllegalAction, StateFormatError
from games.registry import game_class
from games.replay import replay

ROWS = {
    "games": (
        "SELECT id, guild_id, channel_id, kind, options, status, host_id, header, state,"
        " version, table_message_id, created_at, updated_at, turn_minutes, challenged_id,"
        " published_version, rematch_of, language, finished_at, season, ending FROM games"
        " WHERE id BETWEEN ? AND ? ORDER BY id"
    ),
    "seats": (
        "SELECT game_id, seat, user_id, name, dm_channel_id, dm_message_id, dm_signature,"
        " dm_closed, controls_since, ai_level, left_game, deadline, reminded, expiries,"
        " replaced_user_id, kicked FROM seats WHERE game_id BETWEEN ? AND ? ORDER BY game_id, seat"
    ),
    "moves": (
        "SELECT game_id, number, actor_id, action, at FROM moves"
        " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, number"
    ),
    "results": (
        "SELECT game_id, user_id, place, score, best_round FROM results"
        " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, user_id"
    ),
    "rating_changes": (
        "SELECT game_id, season, player, mu_before, sigma_before, mu, sigma FROM rating_changes"
        " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, season, player"
    ),
    "followers": (
        "SELECT game_id, user_id, language, channel_id, message_id FROM followers"
        " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, user_id"
    ),
    "game_night_games": (
        "SELECT night_id, game_id FROM game_night_games"
        " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, night_id"
    ),
}
"""Every table of games, parents first (a game before its seats), with all of its
columns: the rows of the games with ids in a range."""
SETTINGS = {
    "user_settings": (
        "SELECT user_id, language, client_locale, notify, quiet_from, quiet_until, time_zone"
        " FROM user_settings ORDER BY user_id"
    ),
    "guild_settings": (
        "SELECT guild_id, language, seasons, season_started FROM guild_settings ORDER BY guild_id"
    ),
    "ratings": (
        "SELECT guild_id, kind, season, player, mu, sigma, games FROM ratings"
        " ORDER BY guild_id, kind, season, player"
    ),
    "absences": "SELECT user_id, starts, ends FROM absences ORDER BY user_id, starts",
    "boards": (
        "SELECT tournament_id, round, board, players, game_id FROM boards"
        " ORDER BY tournament_id, round, board"
    ),
}
"""The members' and servers' settings, the ratings, the members' vacations and the
tournaments' boards (after the games they point at), copied whole. (Leases are not
copied: they belong to the processes of the old database.)"""
PARENTS = {
    "game_nights": (
        "SELECT id, guild_id, channel_id, kind, host_id, host_name, event_id, starts,"
        " voice_channel_id, note, language, status, created_at FROM game_nights ORDER BY id"
    ),
    "tournaments": (
        "SELECT id, guild_id, channel_id, kind, host_id, rounds, pace, table_size, closes,"
        " language, status, round, announced, message_id, created_at FROM tournaments"
        " ORDER BY id"
    ),
    "entrants": (
        "SELECT tournament_id, user_id, name, entry, dropped_after FROM entrants"
        " ORDER BY tournament_id, entry"
    ),
}
"""Tables copied whole before the games: rows of the games' tables point at them (a game
night's games), or they are not a game's (a tournament and its entrants)."""
TABLES = {
    table: tuple(sql.removeprefix("SELECT ").split(" FROM ")[0].split(", "))
    for table, sql in {**PARENTS, **ROWS, **SETTINGS}.items()
}
COUNTS = {
    "games": "SELECT COUNT(*) FROM games",
    "seats": "SELECT COUNT(*) FROM seats",
    "moves": "SELECT COUNT(*) FROM moves",
    "results": "SELECT COUNT(*) FROM results",
    "user_settings": "SELECT COUNT(*) FROM user_settings",
    "guild_settings": "SELECT COUNT(*) FROM guild_settings",
    "rating_changes": "SELECT COUNT(*) FROM rating_changes",
    "ratings": "SELECT COUNT(*) FROM ratings",
    "followers": "SELECT COUNT(*) FROM followers",
    "game_nights": "SELECT COUNT(*) FROM game_nights",
    "game_night_games": "SELECT COUNT(*) FROM game_night_games",
    "absences": "SELECT COUNT(*) FROM absences",
    "tournaments": "SELECT COUNT(*) FROM tournaments",
    "entrants": "SELECT COUNT(*) FROM entrants",
    "boards": "SELECT COUNT(*) FROM boards",
}
CHUNK = 500
"""Games copied at a time, with their rows: memory stays small however big the database."""


class MigrationError(Exception):
    """The copy was refused or did not match; nothing was written."""


@dataclass
class Copied:
    rows: dict[str, int]
    replayed: int


def _location(text: str) -> Path | str:
    """A URL (or a SQLite file's path) as `Storage.open` takes it."""
    if "://" not in text:
        return Path(text)
    location = database_location(text)
    return location.reveal() if isinstance(location, Secret) else location


def _named(location: Path | str) -> str:
    """A database as a message names it: a SQLite file by its path, a PostgreSQL one by
    its database, host and port (never its URL, which may hold a password)."""
    return str(location) if isinstance(location, Path) else described(location)


async def _count(storage: Storage, table: str) -> int:
    row = await storage.driver.fetch_one(COUNTS[table])
    return int(row[0]) if row else 0


def _check_replay(game: GameRow, moves: list[str]) -> bool:
    """Whether a started game's move log replays to its stored state (False: nothing to
    replay, a lobby). `MigrationError` naming the game when it does not."""
    if game.header is None or game.state is None:
        return False
    try:
        replayed = replay({**game.header, "actions": [json.loads(move) for move in moves]})
        stored = game_class(game.header.get("game")).from_json(game.state)
    except (IllegalAction, StateFormatError, KeyError, ValueError) as error:
        raise MigrationError(
            f"game {game.id} cannot be replayed from its move log: {error}"
        ) from None
    if replayed.state_json() != stored.state_json():
        raise MigrationError(f"game {game.id}: its move log does not replay to its stored state")
    return True


async def _copy_chunk(source: Storage, target: Transaction, first: int, last: int) -> int:
    """Games `first` to `last` (ids) with their rows, copied and checked; how many replayed."""
    for table, sql in ROWS.items():
        columns = TABLES[table]
        rows = await source.driver.fetch_all(sql, (first, last))
        await target.insert_many(table, columns, rows)
        back = await target.fetch_all(sql, (first, last))
        if [tuple(row) for row in back] != [tuple(row) for row in rows]:
            raise MigrationError(f"the {table} of games {first} to {last} did not copy exactly")
    games = await target.fetch_all(
        SELECT_GAMES + "WHERE id BETWEEN ? AND ? ORDER BY id", (first, last)
    )
    replayed = 0
    for row in games:
        game = game_row(row)
        moves = await target.fetch_all(
            "SELECT action FROM moves WHERE game_id = ? ORDER BY number", (game.id,)
        )
        replayed += _check_replay(game, [move[0] for move in moves])
    return replayed


async def migrate(source_where: Path | str, target_where: Path | str) -> Copied:
    source = await Storage.open(source_where)
    try:
        target = await Storage.open(target_where)
    except BaseException:
        await source.close()
        raise
    try:
        if await _count(target, "games"):
            raise MigrationError(
                f"the target already holds {await _count(target, 'games')} games: it must be "
                "empty, so that nothing of it is mixed with the copy or overwritten"
            )
        ids = await source.driver.fetch_all("SELECT id FROM games ORDER BY id")
        replayed = 0
        async with target.driver.transaction() as transaction:
            for table, sql in PARENTS.items():
                rows = await source.driver.fetch_all(sql)
                await transaction.insert_many(table, TABLES[table], rows)
                if [tuple(row) for row in await transaction.fetch_all(sql)] != rows:
                    raise MigrationError(f"the {table} did not copy exactly")
            for start in range(0, len(ids), CHUNK):
                chunk = ids[start : start + CHUNK]
                replayed += await _copy_chunk(source, transaction, chunk[0][0], chunk[-1][0])
            for table, sql in SETTINGS.items():
                rows = await source.driver.fetch_all(sql)
                await transaction.insert_many(table, TABLES[table], rows)
                if [tuple(row) for row in await transaction.fetch_all(sql)] != rows:
                    raise MigrationError(f"the {table} did not copy exactly")
            if target.backend == "postgresql":
                # Ids were copied as they were: new games go on after the last one.
                await transaction.execute(
                    "SELECT setval(pg_get_serial_sequence('games', 'id'), MAX(id)) FROM games"
                )
                await transaction.execute(
                    "SELECT setval(pg_get_serial_sequence('game_nights', 'id'), MAX(id))"
                    " FROM game_nights"
                )
                await transaction.execute(
                    "SELECT setval(pg_get_serial_sequence('tournaments', 'id'), MAX(id))"
                    " FROM tournaments"
                )
            counts = {}
            for table in TABLES:
                row = await transaction.fetch_one(COUNTS[table])
                counts[table] = int(row[0]) if row else 0
                if counts[table] != await _count(source, table):
                    raise MigrationError(f"the {table} counts differ after the copy")
        return Copied(counts, replayed)
    finally:
        await target.close()
        await source.close()


def _plural(number: int, word: str) -> str:
    return f"{number:,} {word}{'' if number == 1 else 's'}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.migrate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("source", metavar="FROM", help="the database to copy")
    parser.add_argument("target", metavar="TO", help="an empty database to copy into")
    args = parser.parse_args(argv)
    try:
        source, target = _location(args.source), _location(args.target)
        if str(source) == str(target):
            raise MigrationError("FROM and TO are the same database")
        copied = asyncio.run(migrate(source, target))
    except (SettingsError, StorageError, MigrationError, OSError) as error:
        print(f"Nothing copied: {error}", file=sys.stderr)
        return 1
    rows = copied.rows
    print(
        f"Copied {_plural(rows['games'], 'game')} ({_plural(rows['seats'], 'seat')}, "
        f"{_plural(rows['moves'], 'move')}, {_plural(rows['results'], 'result')}) from "
        f"{_named(source)} to {_named(target)}. All of them "
        f"read back the same, and the move logs of all {_plural(copied.replayed, 'started game')}"
        " replay to their stored states."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
