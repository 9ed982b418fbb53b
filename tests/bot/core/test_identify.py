"""The identify gate spaces a process's shards as Discord allows: `max_concurrency`
identifies in every 5 seconds, one per bucket (shard id modulo max_concurrency)."""

from __future__ import annotations

import asyncio

from bot.core.identify import WINDOW, IdentifyGate


class Clock:
    """Time that passes only when the gate sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds


def gate() -> tuple[IdentifyGate, Clock]:
    clock = Clock()
    return IdentifyGate(clock, clock.sleep), clock


async def test_the_second_shard_of_one_bucket_waits_out_the_window() -> None:
    identify, clock = gate()
    assert await identify.wait(0, 1) == 0
    clock.now += 1.5  # the first shard's READY took a while
    assert await identify.wait(1, 1) == WINDOW - 1.5
    assert await identify.wait(2, 1) == WINDOW


async def test_shards_of_different_buckets_identify_at_once() -> None:
    identify, _ = gate()
    assert [await identify.wait(shard, 2) for shard in (0, 1)] == [0, 0]
    assert await identify.wait(2, 2) == WINDOW  # bucket 0 again
    assert await identify.wait(3, 2) == 0  # bucket 1 was free for 5 s by then


async def test_an_identify_long_after_the_last_waits_for_nothing() -> None:
    identify, clock = gate()
    await identify.wait(0, 1)
    clock.now += 3600
    assert await identify.wait(0, 1) == 0


async def test_shards_identifying_again_together_take_their_turns() -> None:
    """Both reserve their moment before either sleeps: the second goes 5 s after the
    first, not with it."""
    clock = Clock()
    slept: list[float] = []

    async def sleeping(seconds: float) -> None:  # all three wait at the same moment
        slept.append(seconds)
        await asyncio.sleep(0)

    identify = IdentifyGate(clock, sleeping)
    waits = await asyncio.gather(identify.wait(0, 1), identify.wait(1, 1), identify.wait(2, 1))
    assert sorted(waits) == [0, WINDOW, 2 * WINDOW]
    assert sorted(slept) == [WINDOW, 2 * WINDOW]


async def test_no_allowance_counts_as_one() -> None:
    identify, _ = gate()
    await identify.wait(3, 0)
    assert await identify.wait(4, 0) == WINDOW


async def test_a_first_identify_needs_no_allowance() -> None:
    """A process's first identify waits for nothing, whatever the allowance turns out to
    be: the bot asks Discord for it only when a second identify comes."""
    identify, _ = gate()
    assert await identify.wait(0, 1) == 0
    assert await identify.wait(1, 2) == 0  # learnt 2: shard 1 is in another bucket
    assert await identify.wait(2, 2) == WINDOW  # shard 2 shares shard 0's bucket
