"""When a shard may identify to Discord's gateway. Discord lets a bot start
`max_concurrency` sessions in every 5 seconds, one in each bucket (the shard's id modulo
`max_concurrency`); GET /gateway/bot says how many. discord.py's own hook waits 5 s
before every identify but a process's first, whatever the allowance and however long
ago the last one was: a process running two shards was ready 5 s later than it needed
to be, and a shard identifying again an hour after its start waited for nothing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

WINDOW = 5.0
"""Seconds Discord counts identifies over (docs: Gateway, Session Start Limit)."""


class IdentifyGate:
    """Spaces the identifies of one process's shards as Discord allows. Each identify
    reserves its moment before it waits, so shards that identify again together (after
    an outage) take their turns instead of all going at once. The moments are kept by
    shard, so a process's first identify needs no allowance yet (none came before it)."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._clock = clock
        self._sleep = sleep
        self._moments: dict[int, float] = {}
        """Each shard's last identify (or the moment reserved for its next)."""

    async def wait(self, shard_id: int, max_concurrency: int) -> float:
        """Waits until shard `shard_id` may identify; the seconds it waited."""
        buckets = max(1, max_concurrency)
        now = self._clock()
        before = [
            moment
            for shard, moment in self._moments.items()
            if shard % buckets == shard_id % buckets
        ]
        start = max([now, *(moment + WINDOW for moment in before)])
        self._moments[shard_id] = start
        if start > now:
            await self._sleep(start - now)
        return start - now
