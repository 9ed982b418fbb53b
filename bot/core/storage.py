"""SQLite storage for every game kind: all of the bot's SQL lives in this module.

Schema by numbered migrations (`PRAGMA user_version`), WAL journal with
`synchronous = FULL` (a move the player was told about survives a power cut), foreign
keys on. Every accepted move is one transaction: the new state, its version and the
move row (plus the results when the move ended the game). The move log is append-only,
so any game can be exported as a replay file (docs/notation.md) and replayed.

One process owns a database file: it holds an exclusive lock on `<file>.lock` while
open, and a second bot started on the same file is refused (two processes would both
answer every click and both run every timer). A database written by a newer version
of the bot is refused too, before anything is read from it. The file and its lock are
created readable by their owner only: they hold every hand of every game.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import aiosqlite

from games.protocol import JSON

MAX_ROW_ID = 2**63 - 1
"""SQLite's largest integer, so the largest id a row can have."""
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
    # 3: computer players and turn timers (bot/exts/turns.py). A seat played by the
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
    # challenge is refused (bot/exts/lobby.py). NULL for an open lobby.
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
    # itself once that game's players are back (bot/exts/rematch.py). NULL: not a rematch.
    """
    ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
    """,
)


class StaleVersion(Exception):
    """The stored version is not the one the caller loaded: someone else moved first."""


class StorageError(Exception):
    """The database cannot be used by this bot; the message says why and what to do."""


class Status(StrEnum):
    """A game's life: a lobby (or challenge) until it starts, then running, then
    finished (with results) or abandoned (without). Stored as its text."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    options: dict[str, JSON]
    status: Status
    host_id: int
    header: dict[str, JSON] | None
    state: dict[str, JSON] | None
    version: int
    table_message_id: int | None
    turn_minutes: int | None = None
    """The turn timer chosen at start: None for the game's default, 0 off."""
    challenged_id: int | None = None
    """The member a challenge lobby waits for (Accept or Decline); None otherwise."""
    published_version: int | None = None
    """The version last shown in full; None when a change is still to be shown."""
    created_at: float = 0.0
    updated_at: float = 0.0
    """When the game last changed (a move, a new status): epoch seconds."""
    rematch_of: int | None = None
    """The finished game whose Rematch button opened this lobby; None otherwise."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int
    name: str
    dm_channel_id: int | None
    dm_message_id: int | None
    dm_signature: str | None
    dm_closed: bool
    controls_since: int = 0
    ai_level: str | None = None
    """"easy" or "hard" for a seat the computer plays; None for a person."""
    left_game: bool = False
    deadline: float | None = None
    """When an awaited person's time runs out (epoch seconds; the turn timer)."""
    reminded: bool = False
    expiries: int = 0
    """Turns in a row the timer played for this person."""
    replaced_user_id: int | None = None
    """The person whose seat the computer took over (kicked or absent); None otherwise."""

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class Result:
    user_id: int
    place: int
    score: int
    best_round: int | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    games: int
    wins: int
    total: int
    best_round: int | None
    computer_wins: int = 0
    """Of the wins, those in games where the computer played a seat."""


def _dumps(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


SELECT_GAMES = (
    "SELECT id, guild_id, channel_id, kind, options, status, host_id, header, state, version,"
    " table_message_id, turn_minutes, challenged_id, published_version, created_at,"
    " updated_at, rematch_of FROM games "
)


def _game(row: Sequence[Any]) -> GameRow:
    return GameRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        kind=row[3],
        options=json.loads(row[4]),
        status=Status(row[5]),
        host_id=row[6],
        header=json.loads(row[7]) if row[7] is not None else None,
        state=json.loads(row[8]) if row[8] is not None else None,
        version=row[9],
        table_message_id=row[10],
        turn_minutes=row[11],
        challenged_id=row[12],
        published_version=row[13],
        created_at=row[14],
        updated_at=row[15],
        rematch_of=row[16],
    )


def _seat(row: Sequence[Any]) -> SeatRow:
    return SeatRow(
        game_id=row[0],
        seat=row[1],
        user_id=row[2],
        name=row[3],
        dm_channel_id=row[4],
        dm_message_id=row[5],
        dm_signature=row[6],
        dm_closed=bool(row[7]),
        controls_since=row[8],
        ai_level=row[9],
        left_game=bool(row[10]),
        deadline=row[11],
        reminded=bool(row[12]),
        expiries=row[13],
        replaced_user_id=row[14],
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
            "other one, or give this one its own DATABASE_PATH."
        ) from None
    return fd


def _create_private(path: Path) -> None:
    """The database file made readable by its owner only, before SQLite creates it
    (SQLite gives its -wal and -shm files the database file's permissions)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))


class Storage:
    """The database; open with `await Storage.open(path)`. Two connections: one writes,
    one transaction at a time; the other only reads, so that a write waiting for the
    database (another program holding it: a backup, a script) keeps no click from
    reading meanwhile. WAL lets the reads run beside the writes, each seeing the last
    commit."""

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
    async def open(cls, path: Path | str) -> Storage:
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
        storage = cls(db, lock_fd)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            # How long a statement waits for a lock another program holds, then fails.
            await db.execute("PRAGMA busy_timeout = 5000")
            await storage.migrate()
            if lock_fd is not None:
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                storage._reader = reader
                storage._read_lock = asyncio.Lock()
                await reader.execute("PRAGMA query_only = ON")
                await reader.execute("PRAGMA busy_timeout = 5000")
        except BaseException:
            await storage.close()
            raise
        return storage

    async def close(self) -> None:
        try:
            if self._reader is not self._db:
                await self._reader.close()
            await self._db.close()
        finally:
            if self._lock_fd is not None:
                os.close(self._lock_fd)  # closing the file releases the lock
                self._lock_fd = None

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply every migration newer than the database, each in its own transaction.
        A database newer than this code is refused: its rows may mean what this code
        cannot know, and writing them would break it for the newer bot too."""
        current = await self.schema_version()
        if current > len(MIGRATIONS):
            raise StorageError(
                f"This database has schema version {current}, but this version of the bot "
                f"knows only up to {len(MIGRATIONS)}: it was written by a newer version of "
                "the bot. Run that newer version (or restore a backup made before it)."
            )
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            # executescript commits first; the BEGIN makes the script and the version
            # bump one transaction.
            await self._db.executescript(
                f"BEGIN; {script}; PRAGMA user_version = {number:d}; COMMIT;"
            )

    async def _fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self._db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self._read_lock, self._reader.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> Iterable[Any]:
        async with self._read_lock, self._reader.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """One transaction at a time on the shared connection: coroutines interleave at
        every await, and a BEGIN while another coroutine's transaction is open fails
        (a click on a lobby message while its command is still being answered)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
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

    async def _write(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Run statements as one transaction."""
        async with self._transaction():
            for sql, params in statements:
                await self._db.execute(sql, params)

    # -- lobby ---------------------------------------------------------------------

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        kind: str,
        options: Mapping[str, JSON],
        host_id: int,
        host_name: str,
        rematch_of: int | None = None,
    ) -> int:
        """A new game in the lobby, with the host in seat 0."""
        now = time.time()
        async with self._transaction():
            cursor = await self._db.execute(
                "INSERT INTO games (guild_id, channel_id, kind, options, status, host_id,"
                " created_at, updated_at, rematch_of) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, kind, _dumps(dict(options)), host_id, now, now, rematch_of),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            await self._db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, host_id, host_name),
            )
        return game_id

    async def add_seat(self, game_id: int, user_id: int, name: str) -> None:
        await self._write(
            [
                (
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,"
                    " (SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?), ?, ?)",
                    (game_id, game_id, user_id, name),
                )
            ]
        )

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self._write(
            [("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))]
        )

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        await self._write(
            [
                (
                    "UPDATE games SET table_message_id = ?, updated_at = ? WHERE id = ?",
                    (message_id, time.time(), game_id),
                )
            ]
        )

    async def start_game(
        self,
        game_id: int,
        seats: Sequence[tuple[int, str]],
        header: Mapping[str, JSON],
        state: Mapping[str, JSON],
        version: int,
    ) -> None:
        """Seats renumbered in join order with their engine names; the game runs."""
        statements: list[tuple[str, Sequence[Any]]] = [
            # Seats move to negative numbers first so the renumbering never collides.
            ("UPDATE seats SET seat = -1 - seat WHERE game_id = ?", (game_id,)),
        ]
        for seat, (user_id, name) in enumerate(seats):
            statements.append(
                (
                    "UPDATE seats SET seat = ?, name = ? WHERE game_id = ? AND user_id = ?",
                    (seat, name, game_id, user_id),
                )
            )
        statements.append(
            (
                "UPDATE games SET status = 'running', header = ?, state = ?, version = ?,"
                " updated_at = ? WHERE id = ? AND status = 'lobby'",
                (_dumps(dict(header)), _dumps(dict(state)), version, time.time(), game_id),
            )
        )
        await self._write(statements)

    # -- reading -------------------------------------------------------------------

    async def _games(self, condition: str, params: Sequence[Any] = ()) -> list[GameRow]:
        """Games matching `condition`: a constant text of this module, with ? parameters."""
        rows = await self._all(SELECT_GAMES + condition, params)
        return [_game(row) for row in rows]

    async def game(self, game_id: int) -> GameRow | None:
        """The game with this id, or None. Ids come from control ids a forger may write:
        one beyond SQLite's integers is no game rather than an OverflowError."""
        if not 0 < game_id <= MAX_ROW_ID:
            return None
        found = await self._games("WHERE id = ?", (game_id,))
        return found[0] if found else None

    async def open_game(self, channel_id: int, kind: str) -> GameRow | None:
        """The channel's game of this kind in the lobby or running, if any."""
        found = await self._games(
            "WHERE channel_id = ? AND kind = ? AND status IN ('lobby', 'running')"
            " ORDER BY id DESC LIMIT 1",
            (channel_id, kind),
        )
        return found[0] if found else None

    async def latest_game(self, channel_id: int, kind: str) -> GameRow | None:
        """The channel's most recent game of this kind, finished or not."""
        found = await self._games(
            "WHERE channel_id = ? AND kind = ? AND status != 'lobby' ORDER BY id DESC LIMIT 1",
            (channel_id, kind),
        )
        return found[0] if found else None

    async def games_seated(self, user_id: int, kind: str) -> list[GameRow]:
        """The running games of this kind in which the user has a seat they have not
        left, oldest first: where a command typed in a DM, which names no channel, acts."""
        return await self._games(
            "WHERE kind = ? AND status = 'running' AND id IN"
            " (SELECT game_id FROM seats WHERE user_id = ? AND left_game = 0) ORDER BY id",
            (kind, user_id),
        )

    async def last_game_seated(self, user_id: int, kind: str) -> GameRow | None:
        """The user's most recent started game of this kind, finished or not, a seat they
        left included (its scores, its replay file)."""
        found = await self._games(
            "WHERE kind = ? AND status != 'lobby' AND id IN"
            " (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id DESC LIMIT 1",
            (kind, user_id),
        )
        return found[0] if found else None

    async def running_games(self) -> list[GameRow]:
        return await self._games("WHERE status = 'running' ORDER BY id")

    async def games_to_restore(self) -> list[GameRow]:
        """At start: every running game (its timers and computer players resume) and
        every started game whose last change was not shown in full before a stop."""
        return await self._games(
            "WHERE status = 'running' OR (state IS NOT NULL AND status != 'lobby'"
            " AND (published_version IS NULL OR published_version < version)) ORDER BY id"
        )

    async def lobbies_opened_before(
        self, lobby_before: float, challenge_before: float
    ) -> list[GameRow]:
        """Lobbies opened before `lobby_before` and challenges before `challenge_before`
        that never started (they expire: bot/exts/expiry.py)."""
        return await self._games(
            "WHERE status = 'lobby' AND created_at <"
            " CASE WHEN challenged_id IS NULL THEN ? ELSE ? END ORDER BY id",
            (lobby_before, challenge_before),
        )

    async def played_before(self, guild_id: int, user_id: int, game_id: int) -> bool:
        """Whether this member had a seat in a game of this server that started before
        this one (a first-timer's first hand message says how things work)."""
        rows = await self._all(
            "SELECT 1 FROM seats JOIN games ON games.id = seats.game_id"
            " WHERE (seats.user_id = ? OR seats.replaced_user_id = ?) AND games.guild_id = ?"
            " AND games.id < ? AND games.status != 'lobby' LIMIT 1",
            (user_id, user_id, guild_id, game_id),
        )
        return bool(rows)

    async def rematch(self, game_id: int) -> GameRow | None:
        """The rematch opened from this game, whatever became of it; None if none was."""
        games = await self._games("WHERE rematch_of = ? ORDER BY id DESC LIMIT 1", (game_id,))
        return games[0] if games else None

    async def rematches_opened_before(self, before: float) -> list[GameRow]:
        """Rematch lobbies opened before `before` that have not started (their wait for
        the players is over: bot/exts/rematch.py)."""
        return await self._games(
            "WHERE status = 'lobby' AND rematch_of IS NOT NULL AND created_at < ? ORDER BY id",
            (before,),
        )

    async def running_unchanged_since(self, before: float) -> list[GameRow]:
        """Running games in which nothing happened since `before` (epoch seconds)."""
        return await self._games(
            "WHERE status = 'running' AND updated_at < ? ORDER BY id", (before,)
        )

    async def running_with_turns(self) -> list[int]:
        """Running games with a computer seat or a turn timer running: the ones whose
        turns bot/exts/turns.py plays or watches."""
        rows = await self._all(
            "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.status = 'running'"
            " AND (seats.ai_level IS NOT NULL OR seats.deadline IS NOT NULL) ORDER BY games.id"
        )
        return [int(row[0]) for row in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT game_id, seat, user_id, name, dm_channel_id, dm_message_id, dm_signature,"
            " dm_closed, controls_since, ai_level, left_game, deadline, reminded, expiries,"
            " replaced_user_id"
            " FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [_seat(row) for row in rows]

    async def moves(self, game_id: int) -> list[dict[str, JSON]]:
        rows = await self._all(
            "SELECT action FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
        )
        return [json.loads(row[0]) for row in rows]

    async def results(self, game_id: int) -> list[Result]:
        rows = await self._all(
            "SELECT user_id, place, score, best_round FROM results WHERE game_id = ?"
            " ORDER BY place, user_id",
            (game_id,),
        )
        return [Result(*row) for row in rows]

    # -- playing -------------------------------------------------------------------

    async def record_move(
        self,
        game_id: int,
        loaded_version: int,
        actor_id: int | None,
        action: Mapping[str, JSON],
        state: Mapping[str, JSON],
        version: int,
        results: Sequence[Result] | None = None,
        controls_changed: Sequence[int] = (),
        left: Sequence[int] = (),
    ) -> None:
        """One transaction: the move row, the new state and version, the seats (by user
        id) whose controls changed meaning, the seats (by number) whose player left the
        game with this move, and when the move ended the game, its results.
        `StaleVersion` if the stored version moved on."""
        async with self._transaction():
            cursor = await self._db.execute(
                "UPDATE games SET state = ?, version = ?, updated_at = ?,"
                " status = CASE WHEN ? THEN 'finished' ELSE status END"
                " WHERE id = ? AND version = ? AND status = 'running'",
                (
                    _dumps(dict(state)),
                    version,
                    time.time(),
                    results is not None,
                    game_id,
                    loaded_version,
                ),
            )
            if cursor.rowcount != 1:
                raise StaleVersion(f"game {game_id} is not at version {loaded_version}")
            number_row = await self._fetch_one(
                "SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)
            )
            await self._db.execute(
                "INSERT INTO moves (game_id, number, actor_id, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, int(number_row[0]), actor_id, _dumps(dict(action)), time.time()),
            )
            for user_id in controls_changed:
                await self._db.execute(
                    "UPDATE seats SET controls_since = ? WHERE game_id = ? AND user_id = ?",
                    (version, game_id, user_id),
                )
            for seat in left:
                await self._db.execute(
                    "UPDATE seats SET left_game = 1, deadline = NULL"
                    " WHERE game_id = ? AND seat = ?",
                    (game_id, seat),
                )
            for result in results or ():
                await self._db.execute(
                    "INSERT INTO results (game_id, user_id, place, score, best_round)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, result.user_id, result.place, result.score, result.best_round),
                )

    async def set_status(self, game_id: int, status: Status) -> None:
        """A new status, to be shown (`published_version` cleared until it is)."""
        await self._write(
            [
                (
                    "UPDATE games SET status = ?, published_version = NULL, updated_at = ?"
                    " WHERE id = ?",
                    (status, time.time(), game_id),
                )
            ]
        )

    async def set_published(self, game_id: int, version: int) -> None:
        """The game was shown in full as of `version` (unless it moved on meanwhile)."""
        await self._write(
            [
                (
                    "UPDATE games SET published_version = ? WHERE id = ? AND version = ?",
                    (version, game_id, version),
                )
            ]
        )

    # -- direct messages -----------------------------------------------------------

    async def set_dm(
        self,
        game_id: int,
        user_id: int,
        channel_id: int | None,
        message_id: int | None,
        signature: str | None,
    ) -> None:
        await self._write(
            [
                (
                    "UPDATE seats SET dm_channel_id = ?, dm_message_id = ?, dm_signature = ?,"
                    " dm_closed = 0 WHERE game_id = ? AND user_id = ?",
                    (channel_id, message_id, signature, game_id, user_id),
                )
            ]
        )

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        await self._write(
            [
                (
                    "UPDATE seats SET dm_closed = ? WHERE game_id = ? AND user_id = ?",
                    (int(closed), game_id, user_id),
                )
            ]
        )

    # -- computer players and turn timers ------------------------------------------

    async def add_ai_seat(self, game_id: int, name: str, level: str) -> None:
        """A lobby seat for the computer, with the next free negative user id."""
        await self._write(
            [
                (
                    "INSERT INTO seats (game_id, seat, user_id, name, ai_level) VALUES (?,"
                    " (SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?),"
                    " (SELECT MIN(MIN(user_id), 0) - 1 FROM seats WHERE game_id = ?), ?, ?)",
                    (game_id, game_id, game_id, name, level),
                )
            ]
        )

    async def seat_to_ai(self, game_id: int, seat: int, level: str) -> None:
        """A person's seat handed to the computer (kicked, or absent too long): it gets
        a negative user id, so the person is no longer seated; the person is remembered
        in `replaced_user_id` and gets a result at the end, ranked last."""
        await self._write(
            [
                (
                    "UPDATE seats SET ai_level = ?, deadline = NULL, reminded = 0, expiries = 0,"
                    " replaced_user_id = COALESCE(replaced_user_id, user_id),"
                    " user_id = (SELECT MIN(MIN(user_id), 0) - 1 FROM seats WHERE game_id = ?)"
                    " WHERE game_id = ? AND seat = ?",
                    (level, game_id, game_id, seat),
                )
            ]
        )

    async def set_seat_timer(
        self, game_id: int, seat: int, deadline: float | None, reminded: bool, expiries: int
    ) -> None:
        await self._write(
            [
                (
                    "UPDATE seats SET deadline = ?, reminded = ?, expiries = ?"
                    " WHERE game_id = ? AND seat = ?",
                    (deadline, int(reminded), expiries, game_id, seat),
                )
            ]
        )

    async def add_challenged(self, game_id: int, user_id: int, name: str) -> None:
        """The challenged member's seat (seat 1) and the game's record that it waits
        for their answer, in one transaction."""
        await self._write(
            [
                (
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,"
                    " (SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?), ?, ?)",
                    (game_id, game_id, user_id, name),
                ),
                ("UPDATE games SET challenged_id = ? WHERE id = ?", (user_id, game_id)),
            ]
        )

    async def set_turn_minutes(self, game_id: int, minutes: int | None) -> None:
        await self._write([("UPDATE games SET turn_minutes = ? WHERE id = ?", (minutes, game_id))])

    async def set_host(self, game_id: int, user_id: int) -> None:
        await self._write([("UPDATE games SET host_id = ? WHERE id = ?", (user_id, game_id))])

    # -- housekeeping --------------------------------------------------------------

    async def prune(self, lobbies_before: float, games_before: float | None) -> tuple[int, int]:
        """Deletes lobbies that never started, opened before `lobbies_before`, and, when
        `games_before` is given, finished and abandoned games that last changed before
        it, with their seats, move logs and results; then gives the space back. Returns
        (lobbies, games) deleted. Running games are never touched."""
        async with self._transaction():
            lobbies = await self._db.execute(
                "DELETE FROM games WHERE state IS NULL AND status IN ('lobby', 'abandoned')"
                " AND created_at < ?",
                (lobbies_before,),
            )
            games = 0
            if games_before is not None:
                cursor = await self._db.execute(
                    "DELETE FROM games WHERE state IS NOT NULL"
                    " AND status IN ('finished', 'abandoned') AND updated_at < ?",
                    (games_before,),
                )
                games = cursor.rowcount
            counts = (lobbies.rowcount, games)
        async with self._lock:
            await self._db.execute("VACUUM")
        return counts

    # -- standings -----------------------------------------------------------------

    async def standings(self, guild_id: int, kind: str) -> list[Standing]:
        """Every player's figures over the server's finished games of this kind, best
        first: wins against people, then all wins, then total. A game where the computer
        played a seat (an AI seat, or one it took over) counts its win as a computer win:
        beating the computer that took a kicked winner's seat must not climb the board."""
        rows = await self._all(
            "SELECT r.user_id, COUNT(*), SUM(r.place = 1), SUM(r.score), MAX(r.best_round),"
            " SUM(r.place = 1 AND EXISTS (SELECT 1 FROM results c"
            " WHERE c.game_id = r.game_id AND c.user_id < 0)) AS computer_wins"
            " FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished' AND r.user_id > 0"
            " GROUP BY r.user_id"
            " ORDER BY SUM(r.place = 1) - computer_wins DESC, SUM(r.place = 1) DESC,"
            " SUM(r.score) DESC, r.user_id",
            (guild_id, kind),
        )
        return [
            Standing(row[0], row[1], int(row[2]), int(row[3]), row[4], int(row[5])) for row in rows
        ]

    async def player_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each user last played under on this server."""
        names: dict[int, str] = {}
        for user_id in user_ids:
            row = await self._one(
                "SELECT s.name FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE g.guild_id = ? AND s.user_id = ? ORDER BY g.id DESC LIMIT 1",
                (guild_id, user_id),
            )
            if row:
                names[user_id] = row[0]
        return names
