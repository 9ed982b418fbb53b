"""The members following running games (bot/core/followers.py): who follows which,
and the DM message that shows each of them the table. Mixed into `Storage`."""

from __future__ import annotations

from bot.core.storage.driver import Driver
from bot.core.storage.rows import SELECT_GAMES, Follower, GameRow, game_row


class Following:
    """Mixed into `Storage`: the followers' reads and writes."""

    _driver: Driver

    async def running_here(self, guild_id: int) -> list[GameRow]:
        """The server's running games, oldest first (`/games`: those to follow)."""
        rows = await self._driver.fetch_all(
            SELECT_GAMES + "WHERE status = 'running' AND guild_id = ? ORDER BY id", (guild_id,)
        )
        return [game_row(row) for row in rows]

    async def followers(self, game_id: int) -> list[Follower]:
        """The members following the game, by their ids."""
        rows = await self._driver.fetch_all(
            "SELECT game_id, user_id, language, channel_id, message_id FROM followers"
            " WHERE game_id = ? ORDER BY user_id",
            (game_id,),
        )
        return [Follower(*row) for row in rows]

    async def followed(self, user_id: int) -> list[int]:
        """The games the member follows."""
        rows = await self._driver.fetch_all(
            "SELECT game_id FROM followers WHERE user_id = ? ORDER BY game_id", (user_id,)
        )
        return [int(row[0]) for row in rows]

    async def follow(self, game_id: int, user_id: int, language: str) -> bool:
        """The member follows the running game; False if they did already (or it is
        not running any more)."""
        async with self._driver.transaction(game_id) as transaction:
            added = await transaction.execute(
                "INSERT INTO followers (game_id, user_id, language)"
                " SELECT id, ?, ? FROM games WHERE id = ? AND status = 'running'"
                " ON CONFLICT (game_id, user_id) DO NOTHING",
                (user_id, language, game_id),
            )
        return added > 0

    async def set_follower_message(
        self, game_id: int, user_id: int, channel_id: int, message_id: int
    ) -> None:
        async with self._driver.transaction(game_id) as transaction:
            await transaction.execute(
                "UPDATE followers SET channel_id = ?, message_id = ?"
                " WHERE game_id = ? AND user_id = ?",
                (channel_id, message_id, game_id, user_id),
            )

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        """The member no longer follows the game; False if they did not."""
        async with self._driver.transaction(game_id) as transaction:
            removed = await transaction.execute(
                "DELETE FROM followers WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
        return removed > 0
