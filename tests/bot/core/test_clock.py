"""The clocks the turn timers run on: the system's, and the one the services' tests
move (tests/bot/core/harness.py), which must wake each wait at its moment."""

from __future__ import annotations

import asyncio
import time

from bot.core.clock import SYSTEM_CLOCK
from tests.bot.core.harness import MovedClock


async def test_the_system_clock_tells_the_time_and_waits_for_an_event_or_a_timeout():
    assert abs(SYSTEM_CLOCK.time() - time.time()) < 1
    event = asyncio.Event()
    started = time.monotonic()
    assert await SYSTEM_CLOCK.wait(event, 0.02) is False
    assert time.monotonic() - started >= 0.02
    asyncio.get_running_loop().call_later(0.01, event.set)
    assert await SYSTEM_CLOCK.wait(event, 5.0) is True
    assert time.monotonic() - started < 4


async def test_a_moved_clock_wakes_each_sleeper_at_its_moment_in_order():
    clock = MovedClock()
    woke: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append((name, clock.monotonic()))

    tasks = [asyncio.create_task(sleeper(n, s)) for n, s in (("day", 86400), ("minute", 60))]
    await asyncio.sleep(0)
    await clock.advance(59)
    assert woke == []
    await clock.advance(86400)
    assert woke == [("minute", 60), ("day", 86400)]
    assert clock.monotonic() == 86459
    await asyncio.gather(*tasks)


async def test_a_moved_clock_lets_a_woken_task_sleep_again_within_the_same_move():
    clock = MovedClock()
    ticks: list[float] = []

    async def every_minute() -> None:
        while True:
            await clock.sleep(60)
            ticks.append(clock.monotonic())

    task = asyncio.create_task(every_minute())
    await asyncio.sleep(0)
    await clock.advance(3 * 60 + 30)
    assert ticks == [60, 120, 180]
    task.cancel()


async def test_a_wait_on_a_moved_clock_ends_with_its_event_or_its_timeout():
    clock = MovedClock()
    event = asyncio.Event()
    timed_out = asyncio.create_task(clock.wait(event, 30))
    await asyncio.sleep(0)
    before = clock.time()
    await clock.advance(30)
    assert await timed_out is False
    assert clock.time() - before == 30
    set_later = asyncio.create_task(clock.wait(event, 3600))
    await asyncio.sleep(0)
    event.set()
    assert await set_later is True
