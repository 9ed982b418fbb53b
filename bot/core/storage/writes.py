"""`Storage`: the bot's database, whichever it is, with every write the bot makes.

Every accepted move is one transaction: the new state, its version and the move row
(plus the results when the move ended the game). The move log is append-only, so any
game can be exported as a replay file (docs/notation.md) and replayed. Each write to
one game runs under that game's lock (`Driver.transaction`), so writes from several
processes to one game never interleave.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from bot.core.storage.absences import AbsenceRows
from bot.core.storage.driver import Changed, Driver
from bot.core.storage.following import Following
from bot.core.storage.gamenights import GameNights
from bot.core.storage.postgres import Postgres
from bot.core.storage.ratings import finish_game, rebuild
from bot.core.storage.reads import Reads
from bot.core.storage.rows import QuietHours, Result, StaleVersion, Status, dumps
from bot.core.storage.sqlite import Sqlite
from bot.core.storage.tournaments import Championships
from games.protocol import JSON

Statement = tuple[str, Sequence[Any]]


class Storage(AbsenceRows, Championships, Following, GameNights, Reads):
    """Open with `await Storage.open(where)`: a SQLite file's path, or a PostgreSQL URL."""

    @classmethod
    async def open(cls, where: Path | str) -> Storage:
        """The database `where` names, migrated: a `postgresql://` (or `postgres://`) URL,
        else the path of a SQLite file (":memory:" for one in memory). `StorageError`
        with the reason when it cannot be used."""
        text = str(where)
        if text.startswith(("postgresql://", "postgres://")):
            return cls(await Postgres.open(text))
        return cls(await Sqlite.open(where))

    @property
    def driver(self) -> Driver:
        """The database underneath, for the tools that copy its rows (bot/migrate.py)."""
        return self._driver

    @property
    def backend(self) -> str:
        return self._driver.backend

    @property
    def shared(self) -> bool:
        """Other processes may change games here (PostgreSQL): what this process holds
        in memory must be checked against the database under the game's lock."""
        return self._driver.shared

    def hold(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """The game's lock across processes (`Driver.hold`)."""
        return self._driver.hold(game_id)

    async def listen(self, changed: Changed) -> None:
        """`changed(game_id)` from now on, whenever another process changes a game:
        a move, a new status, a seat or a timer."""
        await self._driver.listen(changed)

    async def close(self) -> None:
        """Closes the database; closing it again does nothing (a test's fixture closes
        what the test may already have closed)."""
        if not self._closed:
            self._closed = True
            await self._driver.close()

    async def schema_version(self) -> int:
        return await self._driver.schema_version()

    async def _write(
        self, statements: Sequence[Statement], game_id: int | None = None, tell: bool = False
    ) -> None:
        """Statements as one transaction, under the game's lock when one is named;
        `tell`: the other processes hear of the change (`listen`)."""
        async with self._driver.transaction(game_id) as transaction:
            for sql, params in statements:
                await transaction.execute(sql, params)
            if tell and game_id is not None:
                await transaction.changed(game_id)

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
        language: str | None = None,
    ) -> int:
        """A new game in the lobby, with the host in seat 0."""
        now = time.time()
        async with self._driver.transaction() as transaction:
            row = await transaction.fetch_one(
                "INSERT INTO games (guild_id, channel_id, kind, options, status, host_id,"
                " created_at, updated_at, rematch_of, language)"
                " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    kind,
                    dumps(dict(options)),
                    host_id,
                    now,
                    now,
                    rematch_of,
                    language,
                ),
            )
            assert row is not None
            game_id = int(row[0])
            await transaction.execute(
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
            ],
            game_id,
        )

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self._write(
            [("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))], game_id
        )

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        await self._write(
            [
                (
                    "UPDATE games SET table_message_id = ?, updated_at = ? WHERE id = ?",
                    (message_id, time.time(), game_id),
                )
            ],
            game_id,
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
        statements: list[Statement] = [
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
                (dumps(dict(header)), dumps(dict(state)), version, time.time(), game_id),
            )
        )
        await self._write(statements, game_id)

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
        ending: str | None = None,
        kicked: bool = False,
    ) -> None:
        """One transaction: the move row, the new state and version, the seats (by user
        id) whose controls changed meaning, the seats (by number) whose player left the
        game with this move (`kicked`: by a kick), and when the move ended the game, its
        results, how it ended
        (`ending`, where the kind tells) and its players' new ratings.
        `StaleVersion` if the stored version moved on."""
        async with self._driver.transaction(game_id) as transaction:
            changed = await transaction.execute(
                "UPDATE games SET state = ?, version = ?, updated_at = ?,"
                " status = CASE WHEN ? THEN 'finished' ELSE status END"
                " WHERE id = ? AND version = ? AND status = 'running'",
                (
                    dumps(dict(state)),
                    version,
                    time.time(),
                    results is not None,
                    game_id,
                    loaded_version,
                ),
            )
            if changed != 1:
                raise StaleVersion(f"game {game_id} is not at version {loaded_version}")
            number_row = await transaction.fetch_one(
                "SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)
            )
            assert number_row is not None
            await transaction.execute(
                "INSERT INTO moves (game_id, number, actor_id, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, int(number_row[0]), actor_id, dumps(dict(action)), time.time()),
            )
            for user_id in controls_changed:
                await transaction.execute(
                    "UPDATE seats SET controls_since = ? WHERE game_id = ? AND user_id = ?",
                    (version, game_id, user_id),
                )
            for seat in left:
                await transaction.execute(
                    "UPDATE seats SET left_game = 1, deadline = NULL, kicked = ?"
                    " WHERE game_id = ? AND seat = ?",
                    (int(kicked), game_id, seat),
                )
            for result in results or ():
                await transaction.execute(
                    "INSERT INTO results (game_id, user_id, place, score, best_round)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, result.user_id, result.place, result.score, result.best_round),
                )
            if results is not None:
                await finish_game(transaction, game_id, ending)
            await transaction.changed(game_id)

    async def set_status(self, game_id: int, status: Status) -> None:
        """A new status, to be shown (`published_version` cleared until it is)."""
        await self._write(
            [
                (
                    "UPDATE games SET status = ?, published_version = NULL, updated_at = ?"
                    " WHERE id = ?",
                    (str(status), time.time(), game_id),
                )
            ],
            game_id,
            tell=True,
        )

    async def set_published(self, game_id: int, version: int) -> None:
        """The game was shown in full as of `version` (unless it moved on meanwhile)."""
        await self._write(
            [
                (
                    "UPDATE games SET published_version = ? WHERE id = ? AND version = ?",
                    (version, game_id, version),
                )
            ],
            game_id,
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
            ],
            game_id,
        )

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        await self._write(
            [
                (
                    "UPDATE seats SET dm_closed = ? WHERE game_id = ? AND user_id = ?",
                    (int(closed), game_id, user_id),
                )
            ],
            game_id,
        )

    # -- ratings and seasons -------------------------------------------------------

    async def set_guild_seasons(
        self, guild_id: int, seasons: str | None, started: float | None
    ) -> None:
        """The server's seasons (bot/core/seasons.py; None: none), and when its manual
        season started."""
        await self._write(
            [
                (
                    "INSERT INTO guild_settings (guild_id, seasons, season_started)"
                    " VALUES (?, ?, ?) ON CONFLICT (guild_id) DO UPDATE"
                    " SET seasons = excluded.seasons, season_started = excluded.season_started",
                    (guild_id, seasons, started),
                )
            ]
        )

    async def rebuild_ratings(self) -> int:
        """Every rating computed again from the results (bot/core/storage/ratings.py);
        returns how many games were rated."""
        return await rebuild(self._driver)

    # -- computer players and turn timers ------------------------------------------

    async def add_ai_seat(self, game_id: int, name: str, level: str) -> None:
        """A lobby seat for the computer, with a user id that is nobody's: negative, one
        below the game's lowest so far."""
        await self._write(
            [
                (
                    "INSERT INTO seats (game_id, seat, user_id, name, ai_level) VALUES (?,"
                    " (SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?),"
                    " (SELECT COALESCE(MIN(user_id), 0) - 1 FROM seats"
                    " WHERE game_id = ? AND user_id < 0), ?, ?)",
                    (game_id, game_id, game_id, name, level),
                )
            ],
            game_id,
        )

    async def seat_to_ai(self, game_id: int, seat: int, level: str, kicked: bool) -> None:
        """A person's seat handed to the computer (`kicked`, or absent too long): it gets
        a negative user id, so the person is no longer seated; the person is remembered
        in `replaced_user_id` and, when absent, gets a result at the end, ranked last."""
        await self._write(
            [
                (
                    "UPDATE seats SET ai_level = ?, deadline = NULL, reminded = 0, expiries = 0,"
                    " kicked = ?,"
                    " replaced_user_id = COALESCE(replaced_user_id, user_id),"
                    " user_id = (SELECT COALESCE(MIN(user_id), 0) - 1 FROM seats"
                    " WHERE game_id = ? AND user_id < 0) WHERE game_id = ? AND seat = ?",
                    (level, int(kicked), game_id, game_id, seat),
                )
            ],
            game_id,
            tell=True,
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
            ],
            game_id,
            tell=True,
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
            ],
            game_id,
        )

    async def set_turn_minutes(self, game_id: int, minutes: int | None) -> None:
        await self._write(
            [("UPDATE games SET turn_minutes = ? WHERE id = ?", (minutes, game_id))], game_id
        )

    async def set_game_language(self, game_id: int, language: str) -> None:
        """The language of a game's public things, switched by its host in the lobby."""
        await self._write(
            [("UPDATE games SET language = ? WHERE id = ?", (language, game_id))], game_id
        )

    async def set_host(self, game_id: int, user_id: int) -> None:
        await self._write(
            [("UPDATE games SET host_id = ? WHERE id = ?", (user_id, game_id))],
            game_id,
            tell=True,
        )

    # -- leases: which process runs a game's timers and computer players ------------

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        """The language a member chose for their private things (None: their client's)."""
        await self._write(
            [
                (
                    "INSERT INTO user_settings (user_id, language) VALUES (?, ?)"
                    " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                    (user_id, language),
                )
            ]
        )

    async def set_client_locale(self, user_id: int, locale: str) -> None:
        """The Discord client locale a member was last seen with (for DMs sent later)."""
        await self._write(
            [
                (
                    "INSERT INTO user_settings (user_id, client_locale) VALUES (?, ?)"
                    " ON CONFLICT (user_id) DO UPDATE SET client_locale = excluded.client_locale",
                    (user_id, locale),
                )
            ]
        )

    async def set_user_quiet(self, user_id: int, quiet: QuietHours | None) -> None:
        """A member's quiet hours (`/notify`); None: none."""
        values = (quiet.start, quiet.end, quiet.time_zone) if quiet else (None, None, None)
        await self._write(
            [
                (
                    "INSERT INTO user_settings (user_id, quiet_from, quiet_until, time_zone)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                    " quiet_from = excluded.quiet_from, quiet_until = excluded.quiet_until,"
                    " time_zone = excluded.time_zone",
                    (user_id, *values),
                )
            ]
        )

    async def set_user_notify(self, user_id: int, notify: str | None) -> None:
        """How often a member's hand messages notify them (`/notify`; None: the
        default)."""
        await self._write(
            [
                (
                    "INSERT INTO user_settings (user_id, notify) VALUES (?, ?)"
                    " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
                    (user_id, notify),
                )
            ]
        )

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """A server's language for new games (None: the server's Discord locale)."""
        await self._write(
            [
                (
                    "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                    (guild_id, language),
                )
            ]
        )

    async def claim(self, game_id: int, owner: str, until: float) -> bool:
        """The game's lease for `owner` until `until` (epoch seconds), if nobody else
        holds one that runs yet; whether `owner` holds it now."""
        async with self._driver.transaction(game_id) as transaction:
            changed = await transaction.execute(
                "INSERT INTO leases (game_id, owner, expires_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner,"
                " expires_at = excluded.expires_at"
                " WHERE leases.owner = excluded.owner OR leases.expires_at < ?",
                (game_id, owner, until, time.time()),
            )
        return changed == 1

    async def renew(self, owner: str, until: float) -> set[int]:
        """Every lease `owner` holds on a running game runs until `until`; the games
        they are for. The leases of games that ended are given back."""
        async with self._driver.transaction() as transaction:
            await transaction.execute(
                "DELETE FROM leases WHERE owner = ? AND game_id IN"
                " (SELECT id FROM games WHERE status != 'running')",
                (owner,),
            )
            rows = await transaction.fetch_all(
                "UPDATE leases SET expires_at = ? WHERE owner = ? RETURNING game_id",
                (until, owner),
            )
        return {int(row[0]) for row in rows}

    async def release(self, game_id: int, owner: str) -> None:
        await self._write(
            [("DELETE FROM leases WHERE game_id = ? AND owner = ?", (game_id, owner))], game_id
        )

    async def release_all(self, owner: str) -> None:
        """Every lease of `owner` given back (a process stopping)."""
        await self._write([("DELETE FROM leases WHERE owner = ?", (owner,))])

    async def unleased_with_turns(self) -> list[int]:
        """Running games with turns to play or watch (`running_with_turns`) whose lease
        has run out, or that never had one: a process that stopped left them."""
        rows = await self._driver.fetch_all(
            "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id"
            " LEFT JOIN leases ON leases.game_id = games.id"
            " WHERE games.status = 'running'"
            " AND (seats.ai_level IS NOT NULL OR seats.deadline IS NOT NULL)"
            " AND (leases.game_id IS NULL OR leases.expires_at < ?) ORDER BY games.id",
            (time.time(),),
        )
        return [int(row[0]) for row in rows]

    # -- housekeeping --------------------------------------------------------------

    async def prune(self, lobbies_before: float, games_before: float | None) -> tuple[int, int]:
        """Deletes lobbies that never started, opened before `lobbies_before`, and, when
        `games_before` is given, finished and abandoned games that last changed before
        it, with their seats, move logs and results; then gives the space back. Returns
        (lobbies, games) deleted. Running games are never touched, nor a tournament's
        games (its standings are made of them). A rematch outlives the
        game it was opened from: it forgets where it came from (`rematch_of`) rather than
        keep that game (a foreign key) from going."""
        async with self._driver.transaction() as transaction:
            await transaction.execute(
                "UPDATE games SET rematch_of = NULL WHERE rematch_of IN (SELECT id FROM games"
                " WHERE state IS NULL AND status IN ('lobby', 'abandoned') AND created_at < ?)",
                (lobbies_before,),
            )
            lobbies = await transaction.execute(
                "DELETE FROM games WHERE state IS NULL AND status IN ('lobby', 'abandoned')"
                " AND created_at < ?"
                " AND id NOT IN (SELECT game_id FROM boards WHERE game_id IS NOT NULL)",
                (lobbies_before,),
            )
            games = 0
            if games_before is not None:
                await transaction.execute(
                    "UPDATE games SET rematch_of = NULL WHERE rematch_of IN (SELECT id FROM"
                    " games WHERE state IS NOT NULL AND status IN ('finished', 'abandoned')"
                    " AND updated_at < ?)",
                    (games_before,),
                )
                games = await transaction.execute(
                    "DELETE FROM games WHERE state IS NOT NULL"
                    " AND status IN ('finished', 'abandoned') AND updated_at < ?"
                    " AND id NOT IN (SELECT game_id FROM boards WHERE game_id IS NOT NULL)",
                    (games_before,),
                )
        await self._driver.reclaim_space()
        return lobbies, games
