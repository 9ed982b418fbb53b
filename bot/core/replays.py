"""Animated replays and replay pages, made in a worker process of their own
(render/animation.py, render/page.py): a whole game is hundreds of pictures, a second
or two of one core, which must not hold up the event loop every server shares, nor the
thread that draws the tables.

One worker, started at the first replay asked for, at a lower priority than the bot.
One replay at a time per server (per member in a DM), and at most `MAX_WAITING` on the
way in all: no server can fill the queue, and an asker waits for three replays at most;
beyond that they are told to ask again in a moment.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.core.errors import Refusal
from bot.core.thinking import worker_pool
from games.text import _
from games.watch import Step, watch
from render.animation import Animation, game_animation
from render.page import replay_page

MAX_WAITING = 4
"""Replays being drawn or waiting for the worker, over every server."""
T = TypeVar("T")
KEPT_GAMES = 16
"""The games whose steps are kept for the step-through replays being read."""


class Replays:
    """The bot's replay worker and its queue (`bot.replays`)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._worker = asyncio.Semaphore(1)
        self._servers: set[int] = set()
        """Servers with a replay being drawn or waiting."""
        self._steps: OrderedDict[int, asyncio.Future[list[Step]]] = OrderedDict()

    async def steps(
        self, game: int, document: Callable[[], Awaitable[Mapping[str, Any]]]
    ) -> list[Step]:
        """The public steps of finished game `game` (games/watch.py) from its replay
        `document`: worked out once (some 20 ms for a four-hand Grass game, in a thread)
        and kept while the game is among the last `KEPT_GAMES` stepped through, since
        every click of a step-through replay asks again."""
        found = self._steps.get(game)
        if found is None or (found.done() and found.exception() is not None):
            found = asyncio.ensure_future(self._watched(document))
            self._steps[game] = found
            if len(self._steps) > KEPT_GAMES:
                self._steps.popitem(last=False)
        self._steps.move_to_end(game)
        return await asyncio.shield(found)

    @staticmethod
    async def _watched(document: Callable[[], Awaitable[Mapping[str, Any]]]) -> list[Step]:
        return await asyncio.to_thread(watch, await document())

    async def draw(
        self, server: int, document: Mapping[str, Any], language: str, part: int | None
    ) -> Animation:
        """The animated replay of `document` (the whole game, or its `part`-th hand or
        round) in `language`, for `server` (in a DM, the member's id, negated);
        `Refusal` when that server has one on the way already or too many are on the
        way; `NoSuchPart` for a part the game does not have."""
        return await self._queued(server, game_animation, dict(document), language, part)

    async def page(self, server: int, document: Mapping[str, Any], language: str) -> str:
        """The replay page of `document` (render/page.py) in `language`, queued as
        `draw` is (about 0.15 s of the worker for a four-hand Grass game)."""
        return await self._queued(server, replay_page, dict(document), language)

    async def _queued(self, server: int, work: Callable[..., T], *args: Any) -> T:
        if server in self._servers:
            raise Refusal(
                _("A replay is being drawn for this server already; ask again in a moment.")
            )
        if len(self._servers) >= MAX_WAITING:
            raise Refusal(_("Many replays are being drawn right now; ask again in a minute."))
        self._servers.add(server)
        try:
            async with self._worker:
                return await self._run(work, *args)
        finally:
            self._servers.discard(server)

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = worker_pool(1)
        try:
            return await loop.run_in_executor(self._pool, work, *args)
        except BrokenProcessPool:
            # The worker died (killed, out of memory): a new one for the next replay.
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
