"""The background sweeps' runner (bot/core/sweeper.py): nothing before the bot is
ready, then a sweep every minute of the bot's clock, a failing sweep logged without
stopping the next, and nothing more once stopped."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.core.sweeper import Sweeper
from tests.bot.core.harness import MovedClock


async def settled() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_sweeps_start_when_ready_and_run_every_minute_through_failures(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = MovedClock()
    ran: list[float] = []
    ready = asyncio.Event()

    async def sweep() -> None:
        ran.append(clock.time())
        if len(ran) == 2:
            raise RuntimeError("the database went away")

    async def wait_ready() -> None:
        await ready.wait()

    sweeper = Sweeper("test", sweep, lambda: 60.0, clock)
    sweeper.start(wait_ready)
    try:
        await settled()
        assert ran == []  # not before the bot is ready
        ready.set()
        await settled()
        start = clock.time()
        assert ran == [start]
        with caplog.at_level(logging.ERROR, logger="bot.core.sweeper"):
            for minute in (1, 2, 3):
                await clock.advance(60)
                await settled()
                assert ran == [start + 60 * n for n in range(minute + 1)]
        assert [r.getMessage() for r in caplog.records] == ["the test sweep failed"]
        await clock.advance(30)
        await settled()
        assert len(ran) == 4  # half a minute: nothing more
    finally:
        await sweeper.stop()
    await clock.advance(120)
    await settled()
    assert len(ran) == 4  # stopped
