"""Discord's global REST limit shared out between processes (bot/core/restbudget.py):
each process's part, and no second with more requests than its part."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.core.restbudget import GLOBAL_PER_SECOND, RestBudget, budgeted, share


def test_each_process_takes_its_shards_part():
    assert share(None, None) == 45  # nine tenths of 50: room for timing jitter
    assert share((0, 1), 4) + share((2, 3), 4) == 44
    assert share((0,), 2) == 22 and share((5,), 100) == 1
    assert share((0,), 2, limit=1000) == 450  # a limit Discord raised
    # However the shards are split, the processes together stay within the limit.
    for count in (2, 3, 7, 16):
        assert sum(share((shard,), count) for shard in range(count)) <= GLOBAL_PER_SECOND


async def test_no_second_holds_more_requests_than_the_budget():
    now = [0.0]

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    budget = RestBudget(3, clock=lambda: now[0], sleep=sleep)
    times = []
    for _ in range(10):
        await budget.take()
        times.append(now[0])
        now[0] += 0.05  # the request itself
    for first in times:
        assert sum(first <= t < first + 1.0 for t in times) <= 3
    assert budget.waited > 0
    assert 3.0 <= times[-1] < 3.5  # ten at three a second: in the fourth second, no later


async def test_interaction_responses_are_not_counted():
    budget = RestBudget(1)
    sent: list[str] = []

    async def request(route: SimpleNamespace, **_: object) -> None:
        sent.append(route.path)

    counted = budgeted(request, budget)
    for path in ("/interactions/1/abc/callback", "/webhooks/2/abc/messages/@original"):
        await asyncio.wait_for(counted(SimpleNamespace(path=path)), 1)
    await counted(SimpleNamespace(path="/channels/1/messages"))
    assert len(sent) == 3 and budget.waited == 0


async def test_the_share_used_counts_the_requests_of_the_last_second():
    now = [0.0]
    budget = RestBudget(4, clock=lambda: now[0])
    for _ in range(3):
        await budget.take()
    assert budget.used() == 0.75
    now[0] = 0.5
    await budget.take()
    assert budget.used() == 1.0
    now[0] = 1.2  # the first three are more than a second old
    assert budget.used() == 0.25
