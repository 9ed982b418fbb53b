"""Ratings in storage: moved in the transaction that finishes a game, read for the
scoreboards, the player cards and the game-over message, and rebuilt from the stored
results (`python -m bot.ratings rebuild`).

What is rated (docs/ratings.md): every finished game, once, from its results' places
(abandoned games have none). Players who left or were replaced by the computer already
share the last place in the results (bot/core/sessions.py). A computer seat is rated
as its level's identity (bot/core/skill.py); a seat the computer took over from a
person is not rated for the computer, whose result there is partly the person's play.

Incremental and rebuilt ratings run the same code (`rate_game`), game by game in finish
order, under one lock, so a rebuild gives exactly what was built incrementally.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.seasons import ALL_TIME, season_of
from bot.core.skill import Rating, identity, rated
from bot.core.storage.driver import Driver, Transaction

LOCK = "ratings"
"""One lock for every rating write, in every process: finishes and rebuilds are rare
and short, and one order of games is what makes a rebuild equal the incremental."""


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One identity's rating before and after one game, in one season ('' all-time)."""

    season: str
    player: int
    before: tuple[float, float]
    after: tuple[float, float]


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A player's all-time (or season) rating after one game, for the history chart."""

    game_id: int
    finished_at: float
    mu: float
    sigma: float


async def finish_game(transaction: Transaction, game_id: int, ending: str | None) -> None:
    """Marks the game finished now, in the server's current season, and rates it.
    Called in the transaction that records the game's last move and its results."""
    await transaction.lock(LOCK)
    game = await transaction.fetch_one("SELECT guild_id FROM games WHERE id = ?", (game_id,))
    assert game is not None
    settings = await transaction.fetch_one(
        "SELECT seasons, season_started FROM guild_settings WHERE guild_id = ?", (game[0],)
    )
    now = time.time()
    season = None if settings is None else season_of(settings[0], settings[1], now)
    await transaction.execute(
        "UPDATE games SET finished_at = ?, season = ?, ending = ? WHERE id = ?",
        (now, season, ending, game_id),
    )
    await rate_game(transaction, game_id)


async def _priors(
    transaction: Transaction, guild_id: int, kind: str, season: str, players: Sequence[int]
) -> dict[int, Rating]:
    found = {}
    for player in dict.fromkeys(players):
        row = await transaction.fetch_one(
            "SELECT mu, sigma, games FROM ratings"
            " WHERE guild_id = ? AND kind = ? AND season = ? AND player = ?",
            (guild_id, kind, season, player),
        )
        if row is not None:
            found[player] = Rating(float(row[0]), float(row[1]), int(row[2]))
    return found


async def rate_game(transaction: Transaction, game_id: int) -> None:
    """Moves the ratings of the game's players all-time and in its season, and keeps
    each change. The caller holds `LOCK`."""
    game = await transaction.fetch_one(
        "SELECT guild_id, kind, season FROM games WHERE id = ?", (game_id,)
    )
    assert game is not None
    guild_id, kind, season = int(game[0]), str(game[1]), game[2]
    rows = await transaction.fetch_all(
        "SELECT r.user_id, r.place, s.ai_level, s.replaced_user_id FROM results r"
        " LEFT JOIN seats s ON s.game_id = r.game_id AND s.user_id = r.user_id"
        " WHERE r.game_id = ? ORDER BY r.place, r.user_id",
        (game_id,),
    )
    places = [
        (identity(int(user_id), level), int(place))
        for user_id, place, level, replaced in rows
        if (level is None and user_id > 0) or (level is not None and replaced is None)
    ]
    players = [player for player, _ in places]
    all_time = await _priors(transaction, guild_id, kind, ALL_TIME, players)
    priors = {ALL_TIME: {player: all_time.get(player, Rating()) for player in players}}
    if season is not None:
        current = await _priors(transaction, guild_id, kind, season, players)
        priors[season] = {
            player: current.get(player) or priors[ALL_TIME][player].for_new_season()
            for player in players
        }
    for label, before in priors.items():
        for player, after in rated(before, places).items():
            await transaction.execute(
                "INSERT INTO ratings (guild_id, kind, season, player, mu, sigma, games)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, season, player)"
                " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
                (guild_id, kind, label, player, after.mu, after.sigma, after.games),
            )
            await transaction.execute(
                "INSERT INTO rating_changes"
                " (game_id, season, player, mu_before, sigma_before, mu, sigma)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    label,
                    player,
                    before[player].mu,
                    before[player].sigma,
                    after.mu,
                    after.sigma,
                ),
            )


async def rebuild(driver: Driver) -> int:
    """Every rating computed again from the stored results, game by game in finish
    order (games finished before ratings were kept count from their last change).
    Returns how many games were rated."""
    async with driver.transaction() as transaction:
        await transaction.lock(LOCK)
        await transaction.execute("DELETE FROM rating_changes")
        await transaction.execute("DELETE FROM ratings")
        await transaction.execute(
            "UPDATE games SET finished_at = updated_at"
            " WHERE status = 'finished' AND finished_at IS NULL"
        )
        games = await transaction.fetch_all(
            "SELECT id FROM games WHERE status = 'finished' ORDER BY finished_at, id"
        )
        for (game_id,) in games:
            await rate_game(transaction, int(game_id))
        return len(games)


class RatingReads:
    """The reading half of ratings, mixed into `Storage`'s reads."""

    _driver: Driver

    async def ratings(self, guild_id: int, kind: str, season: str = ALL_TIME) -> dict[int, Rating]:
        """Every rated identity of this server and kind in the season."""
        rows = await self._driver.fetch_all(
            "SELECT player, mu, sigma, games FROM ratings"
            " WHERE guild_id = ? AND kind = ? AND season = ?",
            (guild_id, kind, season),
        )
        return {int(r[0]): Rating(float(r[1]), float(r[2]), int(r[3])) for r in rows}

    async def rating_changes(self, game_id: int, season: str = ALL_TIME) -> list[RatingChange]:
        rows = await self._driver.fetch_all(
            "SELECT season, player, mu_before, sigma_before, mu, sigma FROM rating_changes"
            " WHERE game_id = ? AND season = ? ORDER BY player",
            (game_id, season),
        )
        return [
            RatingChange(
                str(r[0]), int(r[1]), (float(r[2]), float(r[3])), (float(r[4]), float(r[5]))
            )
            for r in rows
        ]

    async def rating_history(
        self, guild_id: int, kind: str, player: int, season: str = ALL_TIME
    ) -> list[RatedGame]:
        """The player's rating after each of their rated games, oldest first."""
        rows = await self._driver.fetch_all(
            "SELECT g.id, g.finished_at, c.mu, c.sigma FROM rating_changes c"
            " JOIN games g ON g.id = c.game_id"
            " WHERE g.guild_id = ? AND g.kind = ? AND c.season = ? AND c.player = ?"
            " ORDER BY g.finished_at, g.id",
            (guild_id, kind, season, player),
        )
        return [RatedGame(int(r[0]), float(r[1]), float(r[2]), float(r[3])) for r in rows]

    async def guild_seasons(self, guild_id: int) -> tuple[str | None, float | None]:
        """The server's seasons (None: none) and when its manual season started."""
        row = await self._driver.fetch_one(
            "SELECT seasons, season_started FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return (None, None) if row is None else (row[0], row[1])

    async def season_labels(self, guild_id: int, kind: str | None = None) -> list[str]:
        """The seasons with finished games on this server (of one kind), newest first."""
        rows = await self._driver.fetch_all(
            "SELECT season, MAX(finished_at) FROM games WHERE guild_id = ?"
            " AND status = 'finished' AND season IS NOT NULL AND (kind = ? OR ? = '')"
            " GROUP BY season ORDER BY MAX(finished_at) DESC",
            (guild_id, kind or "", kind or ""),
        )
        return [str(row[0]) for row in rows]

    async def unrated_games(self) -> int:
        """Finished games not rated yet: stored before ratings were kept."""
        row = await self._driver.fetch_one(
            "SELECT COUNT(*) FROM games WHERE status = 'finished' AND finished_at IS NULL"
        )
        return int(row[0]) if row else 0
