"""Background work the bot does every clock minute (lobbies expiring and stale games,
game nights opening, tournaments' rounds): each is a sweep, run by a `Sweeper` once the
bot is ready and then after every minute of the bot's clock, until it stops. Every
sweep can be run twice or by two processes at once (each checks the database), so a
minute's delay or a restart between two sweeps loses nothing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.core.clock import SYSTEM_CLOCK, Clock

log = logging.getLogger(__name__)

SHORTEST_PAUSE = 0.05
"""Seconds at the least between two sweeps, whatever the clock's minute (tests shrink
it): a sweep never runs back to back."""


class Sweeper:
    """Runs `sweep` in the background: once `ready` returns, then again every `minute`
    seconds of `clock`. A sweep that fails is logged, and the next one runs as usual."""

    def __init__(
        self,
        name: str,
        sweep: Callable[[], Awaitable[None]],
        minute: Callable[[], float],
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.name = name
        self.sweep = sweep
        self.minute = minute
        self.clock = clock
        self._task: asyncio.Task[None] | None = None

    def start(self, ready: Callable[[], Awaitable[None]]) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(ready), name=f"{self.name} sweep")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _run(self, ready: Callable[[], Awaitable[None]]) -> None:
        await ready()
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("the %s sweep failed", self.name)
            await self.clock.sleep(max(SHORTEST_PAUSE, self.minute()))
