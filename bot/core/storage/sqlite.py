"""SQLite, the embedded default: one file, one bot process.

Schema by numbered migrations (`PRAGMA user_version`), WAL journal with
`synchronous = FULL` (a move the player was told about survives a power cut), foreign
keys on. Two connections: one writes, one transaction at a time; the other only reads,
so that a write waiting for the database (another program holding it: a backup, a
script) keeps no click from reading meanwhile. WAL lets the reads run beside the
writes, each seeing the last commit.

One process owns a database file: it holds an exclusive lock on `<file>.lock` while
open, and a second bot started on the same file is refused (two processes would both
answer every click and both run every timer; several processes share a PostgreSQL
database instead). The file and its lock are created readable by their owner only:
they hold every hand of every game.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.core.storage.driver import Backend, Changed, Row
from bot.core.storage.rows import StorageError, newer_schema

MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, the move log, results.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        options TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        host_id INTEGER NOT NULL,
        header TEXT,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        table_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX games_by_channel ON games (channel_id, kind, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        dm_channel_id INTEGER,
        dm_message_id INTEGER,
        dm_signature TEXT,
        dm_closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        actor_id INTEGER,
        action TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, number)
    );
    CREATE TRIGGER moves_append_only_update BEFORE UPDATE ON moves
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    CREATE TRIGGER moves_append_only_delete BEFORE DELETE ON moves
    WHEN (SELECT COUNT(*) FROM games WHERE id = OLD.game_id) > 0
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        place INTEGER NOT NULL,
        score INTEGER NOT NULL,
        best_round INTEGER,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 2: the version since which each seat's controls mean the same (bot/core/sessions.py):
    # a control drawn at or after it still applies, so players choosing at the same time
    # (a Paranoia pass) do not make each other's controls out of date.
    """
    ALTER TABLE seats ADD COLUMN controls_since INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: computer players and turn timers (bot/core/turns.py). A seat played by the
    # AI has a level (its user id is negative: nobody's); `left` marks a player who gave
    # up. Deadlines are per seat, not per game, because several players may be awaited
    # at once (a Paranoia pass); they are stored so timers survive a restart. The
    # game's timer in minutes: NULL is the game's default, 0 is off.
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    ALTER TABLE seats ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN deadline REAL;
    ALTER TABLE seats ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN expiries INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN turn_minutes INTEGER;
    """,
    # 4: a lobby opened as a challenge records the challenged member, so only that
    # member's Accept starts it: a forged Start (or Join, Leave, Add AI) on a pending
    # challenge is refused (bot/exts/_lobby.py). NULL for an open lobby.
    """
    ALTER TABLE games ADD COLUMN challenged_id INTEGER;
    """,
    # 5: the version of the game last shown in full (table, posts, DMs). A move commits
    # before it is shown, so a crash in between leaves the channel behind the database:
    # at start the bot shows every game whose publication is behind (bot/client.py),
    # finished ones included. NULL: a change without a version (an abandon, a new host)
    # is still to be shown. Games stored before this column was added were shown.
    """
    ALTER TABLE games ADD COLUMN published_version INTEGER;
    UPDATE games SET published_version = version;
    """,
    # 6: the person a seat was taken from when the computer took it over (kicked, or
    # absent three turns in a row), so that person still gets a result, ranked last:
    # being kicked out of a lost game must not keep a clean record.
    """
    ALTER TABLE seats ADD COLUMN replaced_user_id INTEGER;
    """,
    # 7: a player's seats across games: a command typed in a DM names no channel, so its
    # game is found by the caller's seat (`games_seated`), on every command and every
    # autocomplete keystroke there; without the index that reads every seat ever stored.
    """
    CREATE INDEX seats_by_user ON seats (user_id);
    """,
    # 8: a rematch is a lobby opened from a finished game's Rematch button; it starts by
    # itself once that game's players are back (bot/exts/_lobby.py). NULL: not a rematch.
    """
    ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
    """,
    # 9: which process runs a game's timers and computer players (bot/core/turns.py),
    # until when. One process serves a SQLite file and runs them all without leases; the
    # table is here so that both databases have the same schema (and storage tests run
    # the lease statements on both).
    """
    CREATE TABLE leases (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        owner TEXT NOT NULL,
        expires_at REAL NOT NULL
    );
    """,
    # 10: languages (lang/). A game's public things are in its language (NULL: English,
    # the games stored before languages were). A member's private things follow the
    # language they chose (NULL: their Discord client's), and the client's locale last
    # seen is kept for the DMs sent outside any interaction. A server's default language
    # for new games (NULL: the server's Discord locale).
    """
    ALTER TABLE games ADD COLUMN language TEXT;
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        language TEXT,
        client_locale TEXT
    );
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        language TEXT
    );
    """,
    # 11: ratings (bot/core/skill.py, bot/core/storage/ratings.py). When each game
    # finished (ratings move in finish order; NULL: finished before ratings were kept,
    # and not rated yet), the season it counts in (NULL: all-time only) and how it ended
    # where the kind tells (Graps: "reached", "stuck"...). A server's seasons
    # (bot/core/seasons.py; NULL: none) and when its current manual season started. Each
    # player's rating per server, kind and season ('' all-time; a computer level is a
    # negative identity), and each game's changes, the game-over message's "+23".
    """
    ALTER TABLE games ADD COLUMN finished_at REAL;
    ALTER TABLE games ADD COLUMN season TEXT;
    ALTER TABLE games ADD COLUMN ending TEXT;
    CREATE INDEX games_by_finish ON games (guild_id, kind, finished_at)
        WHERE status = 'finished';
    ALTER TABLE guild_settings ADD COLUMN seasons TEXT;
    ALTER TABLE guild_settings ADD COLUMN season_started REAL;
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        season TEXT NOT NULL,
        player INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (guild_id, kind, season, player)
    );
    CREATE TABLE rating_changes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        season TEXT NOT NULL,
        player INTEGER NOT NULL,
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        PRIMARY KEY (game_id, season, player)
    );
    CREATE INDEX rating_changes_by_player ON rating_changes (player);
    """,
    # 12: a seat the computer took over because a host or moderator removed its player
    # (`/<game> kick`), not because they were absent: the player removed gets no result,
    # so a kick can neither cost them rating nor earn rating for whoever kicked them.
    """
    ALTER TABLE seats ADD COLUMN kicked INTEGER NOT NULL DEFAULT 0;
    """,
    # 13: how often a member's hand messages notify them (`/notify`, bot/core/pushes.py):
    # 'every' turn, only when 'away' from the table, or 'never'. NULL: the default,
    # 'away'.
    """
    ALTER TABLE user_settings ADD COLUMN notify TEXT;
    """,
    # 14: every `/<game> start` counts the games waiting or running on the server and
    # those the member hosts there, and reads when the member opened their latest ones
    # (the caps and the cooldown of bot/core/limits.py): without these, each start would
    # read every game ever stored.
    """
    CREATE INDEX games_by_server ON games (guild_id, status, host_id);
    CREATE INDEX games_by_host ON games (host_id, created_at);
    """,
    # 15: the members following a running game (bot/core/followers.py): the DM message
    # kept up to date with its table (NULL until it is sent), in the language the member
    # read when they asked. Their rows go when the game ends.
    """
    CREATE TABLE followers (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        language TEXT NOT NULL,
        channel_id INTEGER,
        message_id INTEGER,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX followers_by_user ON followers (user_id);
    """,
    # 16: a member's quiet hours (`/notify`, bot/core/pushes.py): from and until, in
    # minutes after midnight in their time zone (an IANA name); NULL: none.
    """
    ALTER TABLE user_settings ADD COLUMN quiet_from INTEGER;
    ALTER TABLE user_settings ADD COLUMN quiet_until INTEGER;
    ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
    """,
    # 17: members' vacations (`/away`, bot/core/absences.py): from and until, in seconds
    # since the epoch. While one lasts, the member's clocks in slow games stand still.
    """
    CREATE TABLE absences (
        user_id INTEGER NOT NULL,
        starts REAL NOT NULL,
        ends REAL NOT NULL,
        PRIMARY KEY (user_id, starts)
    );
    """,
    # 18: game nights (`/gamenight`, bot/core/gamenights.py): the Discord scheduled
    # event each one created, and the games it opened at its time.
    """
    CREATE TABLE game_nights (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        host_name TEXT NOT NULL,
        event_id INTEGER,
        starts REAL NOT NULL,
        voice_channel_id INTEGER,
        note TEXT,
        language TEXT,
        status TEXT NOT NULL CHECK (status IN ('scheduled', 'open', 'ended', 'cancelled')),
        created_at REAL NOT NULL
    );
    CREATE INDEX game_nights_by_status ON game_nights (status, starts);
    CREATE TABLE game_night_games (
        night_id INTEGER NOT NULL REFERENCES game_nights (id) ON DELETE CASCADE,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        PRIMARY KEY (night_id, game_id)
    );
    """,
    # 19: tournaments (`/tournament`, bot/core/tournaments.py): the entrants in order of
    # entry (one who left is dropped after that round), and each round's boards: the
    # players in seat order (JSON) and their game, or one player and no game for a bye.
    # `announced`: the last round whose opening was posted. Results are the games' own.
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        rounds INTEGER NOT NULL,
        pace INTEGER NOT NULL,
        table_size INTEGER NOT NULL,
        closes REAL NOT NULL,
        language TEXT,
        status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        round INTEGER NOT NULL DEFAULT 0,
        announced INTEGER NOT NULL DEFAULT 0,
        message_id INTEGER,
        created_at REAL NOT NULL
    );
    CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);
    CREATE TABLE entrants (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        entry INTEGER NOT NULL,
        dropped_after INTEGER,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE boards (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,
        players TEXT NOT NULL,
        game_id INTEGER REFERENCES games (id),
        PRIMARY KEY (tournament_id, round, board)
    );
    CREATE INDEX boards_by_game ON boards (game_id);
    """,
)


def _owner_lock(path: Path) -> int:
    """An exclusive lock on `<database>.lock`, held by this process while the database
    is open (the operating system drops it when the process dies, however it dies)."""
    lock_path = path.with_name(path.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise StorageError(
            f"The database {path} is already in use by another running bot. Two bots on "
            "one database would both answer every click and both run every timer: stop the "
            "other one, or give this one its own DATABASE_PATH. Several bot processes (shards)"
            " share one PostgreSQL database (DATABASE_URL), never one SQLite file."
        ) from None
    return fd


def _create_private(path: Path) -> None:
    """The database file made readable by its owner only, before SQLite creates it
    (SQLite gives its -wal and -shm files the database file's permissions)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))


class SqliteTransaction:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._db.execute(sql, params)
        return cursor.rowcount

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None else tuple(row)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._db.execute(sql, params) as cursor:
            return [tuple(row) for row in await cursor.fetchall()]

    async def changed(self, game_id: int) -> None:
        """One process per file: nobody else to tell."""

    async def lock(self, name: str) -> None:
        """One process per file, one write transaction at a time: locked already."""

    async def insert_many(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        # The table and its columns are names from the bot's own code, never input.
        if not all(name.isidentifier() for name in (table, *columns)):
            raise ValueError(f"not a table and its columns: {table} {columns}")
        marks = ", ".join("?" for _ in columns)
        insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"  # noqa: S608
        await self._db.executemany(insert, rows)


class Sqlite:
    """The database file at `path`; open with `await Sqlite.open(path)`."""

    backend: Backend = "sqlite"
    shared = False

    def __init__(self, db: aiosqlite.Connection, lock_fd: int | None = None) -> None:
        self._db = db
        self._lock_fd = lock_fd
        self._lock = asyncio.Lock()
        # Until `open` adds the reader (never for a database in memory, which is one
        # connection's only), reads share the writer and its lock: a read in the middle
        # of another coroutine's transaction would see rows that may yet be rolled back.
        self._reader = db
        self._read_lock = self._lock

    @classmethod
    async def open(cls, path: Path | str) -> Sqlite:
        """The database at `path`, migrated; `StorageError` if another bot has it open
        or it was written by a newer version of the bot."""
        lock_fd = None
        if str(path) != ":memory:":
            path = Path(path)
            _create_private(path)
            lock_fd = _owner_lock(path)
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except BaseException:
            if lock_fd is not None:
                os.close(lock_fd)
            raise
        driver = cls(db, lock_fd)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            # How long a statement waits for a lock another program holds, then fails.
            await db.execute("PRAGMA busy_timeout = 5000")
            await driver.migrate()
            if lock_fd is not None:
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                driver._reader = reader
                driver._read_lock = asyncio.Lock()
                await reader.execute("PRAGMA query_only = ON")
                await reader.execute("PRAGMA busy_timeout = 5000")
        except BaseException:
            await driver.close()
            raise
        return driver

    async def close(self) -> None:
        try:
            if self._reader is not self._db:
                await self._reader.close()
            await self._db.close()
        finally:
            if self._lock_fd is not None:
                os.close(self._lock_fd)  # closing the file releases the lock
                self._lock_fd = None

    @contextlib.asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        """Nothing to hold: this process is the only one on the file (`_owner_lock`)."""
        yield

    async def listen(self, changed: Changed) -> None:
        """Nobody else writes to the file: nothing to hear."""

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Every migration newer than the database, each in its own transaction; a
        database newer than this code is refused before anything is read from it."""
        current = await self.schema_version()
        if current > len(MIGRATIONS):
            raise newer_schema(current, len(MIGRATIONS))
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            # executescript commits first; the BEGIN makes the script and the version
            # bump one transaction.
            await self._db.executescript(
                f"BEGIN; {script}; PRAGMA user_version = {number:d}; COMMIT;"
            )

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._read_lock, self._reader.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None else tuple(row)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._read_lock, self._reader.execute(sql, params) as cursor:
            return [tuple(row) for row in await cursor.fetchall()]

    @contextlib.asynccontextmanager
    async def transaction(self, game_id: int | None = None) -> AsyncIterator[SqliteTransaction]:
        """One transaction at a time on the shared connection: coroutines interleave at
        every await, and a BEGIN while another coroutine's transaction is open fails
        (a click on a lobby message while its command is still being answered). BEGIN
        IMMEDIATE takes the file's write lock at once, so every transaction, whatever
        its game, is alone: `game_id` needs no lock of its own."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTransaction(self._db)
                await self._db.execute("COMMIT")
            except BaseException:
                # Whatever failed, the body or the COMMIT itself (a deferred constraint, a
                # full disk), the shared connection must leave the transaction, or every
                # later write of every game would fail. The original error is the one
                # raised, even if the connection is gone (closed at a stop).
                with contextlib.suppress(ValueError, sqlite3.Error):
                    if self._db.in_transaction:
                        await self._db.execute("ROLLBACK")
                raise

    async def reclaim_space(self) -> None:
        async with self._lock:
            await self._db.execute("VACUUM")
