"""The time the turn timers and the computer players' retries run on. The bot runs on
the system's clock; the services' tests move a clock of their own
(tests/bot/core/harness.py), so a day's turn runs out in a test without anyone waiting
for it or shrinking the bot's minute."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol


class Clock(Protocol):
    def time(self) -> float:
        """Seconds since the epoch: the deadlines stored with the seats."""

    async def sleep(self, seconds: float) -> None:
        """Returns once `seconds` have passed on this clock."""

    async def wait(self, event: asyncio.Event, timeout: float) -> bool:
        """Waits until `event` is set or `timeout` seconds have passed on this clock;
        whether it was set."""


class SystemClock:
    """The system's clock and asyncio's sleeps."""

    def time(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    async def wait(self, event: asyncio.Event, timeout: float) -> bool:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout=max(0.0, timeout))
        return event.is_set()


SYSTEM_CLOCK = SystemClock()
