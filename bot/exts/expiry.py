"""Nothing blocks a channel for ever.

A channel holds one game of each kind at a time (bot/core/lobbies.py), so a forgotten lobby,
an unanswered challenge or a game everyone walked away from would keep everybody else
from playing there, and only its host or a server manager could clear it. So:

- an open lobby closes LOBBY_MINUTES (bot/core/limits.py) after it was opened if it has not
  started, a challenge CHALLENGE_MINUTES after it was sent if it was not answered; an
  expired one is also closed on the spot when someone opens a new game in its channel;
- any seated player, host or not, may abandon a game in which nothing happened for
  IDLE_MINUTES (`/<game> abandon`, bot/exts/_commands.py);
- a running game in which nothing happened for STALE_MINUTES ends without a result,
  turn timer or not (with a timer, absent players are covered long before), unless a
  turn's deadline is still ahead: a slow game's clock stands still while its player is
  away (`/away`, up to a month), and the timer moves the game when it comes due.

A sweep looks once a minute. Minutes here are the bot's clock minutes: each lasts
`Settings.timer_minute` seconds (60; tests shrink it, as for turn timers).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from discord.ext import commands

from bot.core.limits import STALE_MINUTES, stale_minutes
from bot.core.sweeper import Sweeper
from games.text import _n

if TYPE_CHECKING:
    from bot.client import GameBot


class Expiry(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._sweeper = Sweeper("expiry", self.sweep, lambda: bot.settings.timer_minute)
        self._started = time.time()
        """Games are not stale because the bot itself was down: a game counts as stale
        only after the bot has been up for as long."""

    async def cog_load(self) -> None:
        self._sweeper.start(self.bot.wait_until_ready)

    async def cog_unload(self) -> None:
        await self._sweeper.stop()

    async def sweep(self) -> None:
        bot = self.bot
        minute = bot.settings.timer_minute
        now = time.time()
        await bot.lobbies.expire(bot.serves)
        shortest = now - STALE_MINUTES * minute
        if self._started > shortest:
            return
        for row in await bot.storage.running_unchanged_since(shortest):
            # A slow game waits longer (two of its turn deadlines); counted while the
            # bot runs, so a bot stopped for days ends no game on its return.
            waited = stale_minutes(row) * minute
            if now - max(row.updated_at, self._started) < waited:
                continue
            if any(
                s.deadline is not None and s.deadline > now for s in await bot.storage.seats(row.id)
            ):
                continue  # a turn's clock still runs: it stood still while its player was away
            if row.kind in bot.kinds and bot.serves(row.guild_id):
                days = stale_minutes(row) // (24 * 60)
                stale_text = _n(
                    "The {game} game was abandoned: nothing happened in it for {count} day. "
                    "No result is recorded.",
                    "The {game} game was abandoned: nothing happened in it for {count} days. "
                    "No result is recorded.",
                    days,
                    game=bot.kinds[row.kind].words.title,
                )
                await bot.tables.end_without_result(row, stale_text)


async def setup(bot: commands.Bot) -> None:
    from bot.client import GameBot

    assert isinstance(bot, GameBot)
    await bot.add_cog(Expiry(bot))
