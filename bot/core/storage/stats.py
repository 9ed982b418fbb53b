"""Reads for a player's card (`/stats`, bot/exts/stats.py): their finished games, their
records against the people they met most, and how long their turns take."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.core.storage.driver import Driver
from games.takeback import is_undo


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game of a player, as their card counts it."""

    kind: str
    place: int
    players: int
    score: int
    best_round: int | None


@dataclass(frozen=True, slots=True)
class Rivalry:
    """A player's record against one other person, over the games both finished."""

    opponent: int
    games: int
    wins: int
    """Games in which the player placed better than the opponent."""
    losses: int
    ties: int


@dataclass(frozen=True, slots=True)
class TurnTime:
    """How long one of a player's moves took: from the move before it in the game's log
    (or the game's start of that turn) to theirs."""

    seconds: float
    turn_minutes: int | None
    """The game's turn timer or slow pace, as chosen at start (None: the default)."""
    undo: bool
    """The entry took a move back: no turn of its own."""


class StatsReads:
    """Mixed into `Storage`'s reads."""

    _driver: Driver

    async def played_games(self, guild_id: int, player: int) -> list[PlayedGame]:
        """The player's finished games on this server, every kind, in finish order."""
        rows = await self._driver.fetch_all(
            "SELECT g.kind, r.place, (SELECT COUNT(*) FROM results x WHERE x.game_id = g.id),"
            " r.score, r.best_round FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE g.guild_id = ? AND r.user_id = ? AND g.status = 'finished'"
            " ORDER BY g.finished_at, g.id",
            (guild_id, player),
        )
        return [
            PlayedGame(str(r[0]), int(r[1]), int(r[2]), int(r[3]), r[4] and int(r[4])) for r in rows
        ]

    async def rivalries(
        self, guild_id: int, kind: str, player: int, most: int = 5
    ) -> list[Rivalry]:
        """The player's records against the people they finished most games of this kind
        with, most games first."""
        rows = await self._driver.fetch_all(
            "SELECT b.user_id, COUNT(*), SUM(CASE WHEN a.place < b.place THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN a.place > b.place THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN a.place = b.place THEN 1 ELSE 0 END)"
            " FROM results a JOIN results b ON b.game_id = a.game_id AND b.user_id <> a.user_id"
            " JOIN games g ON g.id = a.game_id WHERE g.guild_id = ? AND g.kind = ?"
            " AND g.status = 'finished' AND a.user_id = ? AND b.user_id > 0"
            " GROUP BY b.user_id ORDER BY COUNT(*) DESC, b.user_id LIMIT ?",
            (guild_id, kind, player, most),
        )
        return [Rivalry(*(int(value) for value in row)) for row in rows]

    async def turn_times(self, guild_id: int, kind: str, player: int) -> list[TurnTime]:
        """How long each of the player's moves in this server's games of `kind` took,
        from the move before it in its game (a game's first move has none)."""
        rows = await self._driver.fetch_all(
            "SELECT t.wait, t.turn_minutes, t.action FROM (SELECT m.actor_id, m.action,"
            " g.turn_minutes, m.at - LAG(m.at) OVER (PARTITION BY m.game_id ORDER BY m.number)"
            " AS wait FROM moves m JOIN games g ON g.id = m.game_id"
            " WHERE g.guild_id = ? AND g.kind = ?"
            " AND m.game_id IN (SELECT game_id FROM seats WHERE user_id = ?)) t"
            " WHERE t.actor_id = ? AND t.wait IS NOT NULL",
            (guild_id, kind, player, player),
        )
        return [
            TurnTime(float(wait), minutes, is_undo(json.loads(action)))
            for wait, minutes, action in rows
        ]
