"""Discord's global REST limit, shared out between the bot's processes.

Discord allows a bot 50 REST requests a second in all (REST_PER_SECOND, if Discord
raised it), however many processes it runs; interaction responses and follow-ups are
exempt (discord.py sends those through its webhook adapter, not through the client's
HTTP requests counted here). Each process takes its shards' part of nine tenths of the
limit: a process running 2 of 4 shards may make 22 requests in any second, so all of
them together stay within the limit with room for the jitter between the moment a
request leaves and the moment Discord counts it. A request over the budget waits for
its turn rather than be refused by Discord.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Awaitable, Callable
from typing import Any

GLOBAL_PER_SECOND = 50
MARGIN = 0.9
EXEMPT = ("/interactions/", "/webhooks/")
"""Paths Discord does not count (an interaction's own response and follow-ups)."""


def share(
    shard_ids: tuple[int, ...] | None,
    shard_count: int | None,
    limit: int = GLOBAL_PER_SECOND,
) -> int:
    """This process's requests per second: its shards' part of the global limit."""
    part = 1.0 if shard_ids is None or not shard_count else len(shard_ids) / shard_count
    return max(1, int(limit * MARGIN * part))


class RestBudget:
    """At most `per_second` requests in any window of one second (a sliding window:
    the times of the last `per_second` requests)."""

    def __init__(
        self,
        per_second: int,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.per_second = per_second
        self._clock = clock
        self._sleep = sleep
        self._sent: collections.deque[float] = collections.deque()
        self._turn = asyncio.Lock()
        self.waited = 0
        """Requests that had to wait for the budget (a figure for the logs and tests)."""

    def used(self) -> float:
        """The share of the budget taken in the last second, 0 to 1 (the operators'
        metrics read it): near 1, requests are about to wait."""
        now = self._clock()
        recent = sum(1 for sent in self._sent if now - sent < 1.0)
        return recent / self.per_second

    async def take(self) -> None:
        async with self._turn:  # in the order they asked
            now = self._clock()
            while self._sent and now - self._sent[0] >= 1.0:
                self._sent.popleft()
            if len(self._sent) >= self.per_second:
                self.waited += 1
                await self._sleep(1.0 - (now - self._sent[0]))
                self._sent.popleft()
            self._sent.append(self._clock())


def budgeted(
    request: Callable[..., Awaitable[Any]], budget: RestBudget
) -> Callable[..., Awaitable[Any]]:
    """discord.py's `HTTPClient.request`, each counted request waiting for the budget."""

    async def counted(route: Any, **kwargs: Any) -> Any:
        if not str(route.path).startswith(EXEMPT):
            await budget.take()
        return await request(route, **kwargs)

    return counted
