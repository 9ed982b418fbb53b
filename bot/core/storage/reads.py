"""Storage's reads: the games, seats, move logs, results and standings the bot looks up,
in statements both databases run alike."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.core.storage.driver import Driver
from bot.core.storage.ratings import RatingReads
from bot.core.storage.rows import (
    SELECT_GAMES,
    SELECT_SEATS,
    GameRow,
    QuietHours,
    Result,
    SeatRow,
    Standing,
    UserLanguage,
    game_row,
    seat_row,
)
from bot.core.storage.stats import StatsReads
from games.protocol import JSON

MAX_ROW_ID = 2**63 - 1
"""The largest integer either database stores, so the largest id a row can have."""


class Reads(RatingReads, StatsReads):
    """The reading half of `Storage` (bot/core/storage/__init__.py)."""

    def __init__(self, driver: Driver) -> None:
        self._driver = driver
        self._closed = False

    # -- reading -------------------------------------------------------------------

    async def _games(self, condition: str, params: Sequence[Any] = ()) -> list[GameRow]:
        """Games matching `condition`: a constant text of this module, with ? parameters."""
        rows = await self._driver.fetch_all(SELECT_GAMES + condition, params)
        return [game_row(row) for row in rows]

    async def game(self, game_id: int) -> GameRow | None:
        """The game with this id, or None. Ids come from control ids a forger may write:
        one beyond the databases' integers is no game rather than an OverflowError."""
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

    async def shown_in(self, channel_id: int) -> GameRow | None:
        """The channel's game an Activity shows: the one running, else the last one
        played there (its end stays on the table until the next starts)."""
        found = await self._games(
            "WHERE channel_id = ? AND status IN ('running', 'finished')"
            " ORDER BY CASE status WHEN 'running' THEN 0 ELSE 1 END, id DESC LIMIT 1",
            (channel_id,),
        )
        return found[0] if found else None

    async def lobbies(self, guild_id: int) -> list[GameRow]:
        """The server's lobbies and challenges that have not started (expired ones too)."""
        return await self._games("WHERE guild_id = ? AND status = 'lobby' ORDER BY id", (guild_id,))

    async def running_counts(self, guild_id: int, host_id: int) -> tuple[int, int]:
        """How many games are running on the server, and how many of them the member
        hosts (the caps of bot/core/limits.py): counted by the database, which every
        process shares, without loading the games."""
        row = await self._driver.fetch_one(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN host_id = ? THEN 1 ELSE 0 END), 0)"
            " FROM games WHERE guild_id = ? AND status = 'running'",
            (host_id, guild_id),
        )
        assert row is not None  # an aggregate always has its one row
        return int(row[0]), int(row[1])

    async def latest_openings(self, host_id: int, count: int) -> list[float]:
        """When the member opened their latest `count` games, on any server, whatever
        became of them (epoch seconds, newest first; a game they left to another host
        no longer counts)."""
        rows = await self._driver.fetch_all(
            "SELECT created_at FROM games WHERE host_id = ? ORDER BY created_at DESC LIMIT ?",
            (host_id, count),
        )
        return [float(row[0]) for row in rows]

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

    async def games_playing(self, user_id: int) -> list[GameRow]:
        """The running games of every kind and server in which the user has a seat they
        have not left, oldest first (`/games`)."""
        return await self._games(
            "WHERE status = 'running' AND id IN"
            " (SELECT game_id FROM seats WHERE user_id = ? AND left_game = 0) ORDER BY id",
            (user_id,),
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

    async def ping(self) -> None:
        """The most trivial query: whether the database answers at all (`/readyz`)."""
        await self._driver.fetch_one("SELECT 1")

    async def open_games(self) -> tuple[int, int]:
        """How many games wait in a lobby and how many are running, in the whole
        database (the operators' metrics, at each scrape): SQLite counts them in an
        index (games_by_server), without reading the games' states."""
        row = await self._driver.fetch_one(
            "SELECT COALESCE(SUM(CASE WHEN status = 'lobby' THEN 1 ELSE 0 END), 0),"
            " COALESCE(SUM(CASE WHEN status = 'running' THEN 1 ELSE 0 END), 0) FROM games"
        )
        assert row is not None  # an aggregate always has its one row
        return int(row[0]), int(row[1])

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
            "WHERE status = 'lobby' AND ((challenged_id IS NULL AND created_at < ?)"
            " OR (challenged_id IS NOT NULL AND created_at < ?)) ORDER BY id",
            (lobby_before, challenge_before),
        )

    async def played_before(self, guild_id: int, user_id: int, game_id: int) -> bool:
        """Whether this member had a seat in a game of this server that started before
        this one (a first-timer's first hand message says how things work)."""
        rows = await self._driver.fetch_all(
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
        the players is over: bot/exts/_lobby.py)."""
        return await self._games(
            "WHERE status = 'lobby' AND rematch_of IS NOT NULL AND created_at < ? ORDER BY id",
            (before,),
        )

    async def unshown_since(self, before: float) -> list[int]:
        """Running games changed before `before` (epoch seconds) and not shown in full
        since (`published_version`)."""
        rows = await self._driver.fetch_all(
            "SELECT id FROM games WHERE status = 'running' AND updated_at < ?"
            " AND (published_version IS NULL OR published_version < version) ORDER BY id",
            (before,),
        )
        return [int(row[0]) for row in rows]

    async def running_unchanged_since(self, before: float) -> list[GameRow]:
        """Running games in which nothing happened since `before` (epoch seconds)."""
        return await self._games(
            "WHERE status = 'running' AND updated_at < ? ORDER BY id", (before,)
        )

    async def running_with_turns(self) -> list[int]:
        """Running games with a computer seat or a turn timer running: the ones whose
        turns bot/core/turns.py plays or watches."""
        rows = await self._driver.fetch_all(
            "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.status = 'running'"
            " AND (seats.ai_level IS NOT NULL OR seats.deadline IS NOT NULL) ORDER BY games.id"
        )
        return [int(row[0]) for row in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._driver.fetch_all(
            SELECT_SEATS + "WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [seat_row(row) for row in rows]

    async def moves(self, game_id: int) -> list[dict[str, JSON]]:
        rows = await self._driver.fetch_all(
            "SELECT action FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
        )
        return [json.loads(row[0]) for row in rows]

    async def last_actor(self, game_id: int) -> int | None:
        """The user whose own command or click made the game's last move; None when the
        bot made it (a computer seat, a turn timer) or there is none."""
        row = await self._driver.fetch_one(
            "SELECT actor_id FROM moves WHERE game_id = ? ORDER BY number DESC LIMIT 1",
            (game_id,),
        )
        return None if row is None or row[0] is None else int(row[0])

    async def results(self, game_id: int) -> list[Result]:
        rows = await self._driver.fetch_all(
            "SELECT user_id, place, score, best_round FROM results WHERE game_id = ?"
            " ORDER BY place, user_id",
            (game_id,),
        )
        return [Result(*row) for row in rows]

    # -- standings -----------------------------------------------------------------

    async def standings(self, guild_id: int, kind: str, season: str = "") -> list[Standing]:
        """Every player's figures over the server's finished games of this kind (in one
        season; '' all of them), best first by wins against people, then all wins, then
        total (the scoreboards rank by rating: bot/exts/scoreboards.py). A game where the
        computer played a seat (an AI seat, or one it took over) counts its win as a
        computer win too."""
        rows = await self._driver.fetch_all(
            "SELECT user_id, games, wins, total, best_round, computer_wins FROM ("
            " SELECT r.user_id, COUNT(*) AS games,"
            " SUM(CASE WHEN r.place = 1 THEN 1 ELSE 0 END) AS wins,"
            " SUM(r.score) AS total, MAX(r.best_round) AS best_round,"
            " SUM(CASE WHEN r.place = 1 AND EXISTS (SELECT 1 FROM results c"
            " WHERE c.game_id = r.game_id AND c.user_id < 0) THEN 1 ELSE 0 END) AS computer_wins"
            " FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished' AND r.user_id > 0"
            " AND (g.season = ? OR ? = '') GROUP BY r.user_id) AS figures"
            " ORDER BY wins - computer_wins DESC, wins DESC, total DESC, user_id",
            (guild_id, kind, season, season),
        )
        return [_standing(row) for row in rows]

    async def computer_standings(
        self, guild_id: int, kind: str, season: str = ""
    ) -> dict[str, Standing]:
        """The computer's figures per level over the seats it played from the start."""
        rows = await self._driver.fetch_all(
            "SELECT s.ai_level, COUNT(*), SUM(CASE WHEN r.place = 1 THEN 1 ELSE 0 END),"
            " SUM(r.score), MAX(r.best_round), 0"
            " FROM results r JOIN games g ON g.id = r.game_id"
            " JOIN seats s ON s.game_id = r.game_id AND s.user_id = r.user_id"
            " WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished'"
            " AND s.ai_level IS NOT NULL AND s.replaced_user_id IS NULL"
            " AND (g.season = ? OR ? = '') GROUP BY s.ai_level ORDER BY s.ai_level",
            (guild_id, kind, season, season),
        )
        return {str(row[0]): _standing((0, *row[1:])) for row in rows}

    async def endings(
        self, guild_id: int, kind: str, season: str = ""
    ) -> dict[tuple[int, str], int]:
        """How many games each player won with each ending ("reached"...), where the
        kind tells how its games end (Graps)."""
        rows = await self._driver.fetch_all(
            "SELECT r.user_id, g.ending, COUNT(*) FROM results r JOIN games g"
            " ON g.id = r.game_id WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished'"
            " AND r.place = 1 AND g.ending IS NOT NULL AND (g.season = ? OR ? = '')"
            " GROUP BY r.user_id, g.ending",
            (guild_id, kind, season, season),
        )
        return {(int(row[0]), str(row[1])): int(row[2]) for row in rows}

    async def player_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each user last played under on this server."""
        names: dict[int, str] = {}
        for user_id in user_ids:
            row = await self._driver.fetch_one(
                "SELECT s.name FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE g.guild_id = ? AND s.user_id = ? ORDER BY g.id DESC LIMIT 1",
                (guild_id, user_id),
            )
            if row:
                names[user_id] = row[0]
        return names

    # -- languages -------------------------------------------------------------------

    async def user_languages(self, user_ids: Sequence[int]) -> dict[int, UserLanguage]:
        """What each member chose and their client's locale last seen (members never
        seen are absent)."""
        found: dict[int, UserLanguage] = {}
        for user_id in dict.fromkeys(user_ids):
            row = await self._driver.fetch_one(
                "SELECT language, client_locale FROM user_settings WHERE user_id = ?",
                (user_id,),
            )
            if row is not None:
                found[user_id] = UserLanguage(chosen=row[0], client_locale=row[1])
        return found

    async def user_notify(self, user_id: int) -> str | None:
        """How often the member's hand messages notify them (`/notify`); None: they
        never chose (the default)."""
        row = await self._driver.fetch_one(
            "SELECT notify FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return None if row is None else row[0]

    async def user_quiet(self, user_id: int) -> QuietHours | None:
        """The member's quiet hours (`/notify`); None: they chose none."""
        row = await self._driver.fetch_one(
            "SELECT quiet_from, quiet_until, time_zone FROM user_settings WHERE user_id = ?",
            (user_id,),
        )
        if row is None or row[0] is None or row[1] is None or row[2] is None:
            return None
        return QuietHours(int(row[0]), int(row[1]), str(row[2]))

    async def guild_language(self, guild_id: int) -> str | None:
        """The server's language for new games, None when it chose none."""
        row = await self._driver.fetch_one(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else row[0]


def _standing(row: Sequence[Any]) -> Standing:
    return Standing(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        int(row[3]),
        None if row[4] is None else int(row[4]),
        int(row[5]),
    )
