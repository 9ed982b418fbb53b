"""Audit finding 1: every hard computer decision of every server waited in one queue,
for one worker process, so one busy server slowed every other server's computer
players. The thinking service (bot/core/thinking.py) serves the servers in a fair
order, shortens searches as the queue grows, and gives a decision the easy level's
choice when its moment would come first.

In process, with the real engines and the real easy level: the workers are an executor
whose searches the test finishes one by one, and the clock is the test's, so what is
checked is the order decisions start in and the budgets they get, never time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from bot.core.thinking import MIN_SEARCH_SECONDS, Asker, Thinking, worker_pool
from games.graps import Graps
from games.registry import Level

SECONDS = 0.9
PAUSE = 1.5


class HeldWorkers(Executor):
    """Workers whose searches run only when the test says: each submitted call waits in
    `calls` until `finish` runs it."""

    def __init__(self) -> None:
        self.calls: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []
        self.shut = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()  # a free worker starts it at once
        self.calls.append((future, fn, args))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.shut = True

    def budgets(self) -> list[float]:
        """The search budget of each call, in the order they were started."""
        return [args[-1] for _, _, args in self.calls]

    def finish(self, index: int) -> None:
        """Runs the `index`th call with its own budget's iterations (a search measured
        in iterations, not seconds, so the test reads no clock)."""
        future, _, args = self.calls[index]
        kind, level, view, legal, seed, moves, _budget = args
        from games.ai import make_ai
        from games.ai.player import decision_rng

        ai = make_ai(kind, level, iterations=8)
        future.set_result(ai.choose(view, legal, decision_rng(seed, moves)))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def thinking() -> AsyncIterator[tuple[Thinking, HeldWorkers, Clock]]:
    workers = HeldWorkers()
    clock = Clock()
    service = Thinking(2, SECONDS, executor=lambda _count: workers, clock=clock)
    yield service, workers, clock
    service.close()


def position() -> tuple[Any, list[Any]]:
    """A Graps game's first decision: dark's view and legal placements."""
    game = Graps.create(["ann", "bob"], {}, 11)
    name = game.awaiting[0]
    return game.view_for(name), list(game.legal_actions(name))


def ask(service: Thinking, asker: Asker, due: float = PAUSE) -> asyncio.Task[Any]:
    view, legal = position()
    return asyncio.create_task(
        service.decide("graps", Level.HARD, view, legal, 7, 0, asker, due=due)
    )


async def settle() -> None:
    """Lets every task run up to its next wait (the executor's calls are made then)."""
    for _ in range(5):
        await asyncio.sleep(0)


def askers_of(workers: HeldWorkers, askers: dict[int, Asker]) -> list[Asker]:
    """Which asker each started search belongs to (its seed is the asker's number)."""
    by_seed = {seed: asker for seed, asker in askers.items()}
    return [by_seed[args[4]] for _, _, args in workers.calls]


def ask_numbered(service: Thinking, asker: Asker, number: int) -> asyncio.Task[Any]:
    view, legal = position()
    return asyncio.create_task(
        service.decide("graps", Level.HARD, view, legal, number, 0, asker, due=PAUSE)
    )


async def test_a_quiet_server_waits_for_one_search_not_for_a_busy_servers_queue(thinking):
    """Audit finding 1: twelve tables of server A ask first, then one of server B. Two
    workers take two of A's; the first to finish takes B's, not A's third."""
    service, workers, _ = thinking
    askers = {number: Asker(1, 100 + number, 1000 + number) for number in range(12)}
    askers[99] = Asker(2, 200, 2000)
    tasks = [ask_numbered(service, askers[number], number) for number in range(12)]
    await settle()
    tasks.append(ask_numbered(service, askers[99], 99))
    await settle()
    assert len(workers.calls) == 2 and service.stats.waiting == 11
    workers.finish(0)
    await settle()
    started = askers_of(workers, askers)
    assert [asker.server for asker in started] == [1, 1, 2]
    assert service.stats.waiting == 10 and service.stats.running == 2
    # Alone with work again, server A takes every free worker.
    workers.finish(1)
    workers.finish(2)
    await settle()
    assert [asker.server for asker in askers_of(workers, askers)] == [1, 1, 2, 1, 1]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def test_within_a_server_members_then_channels_take_turns(thinking):
    """Audit finding 1: a member with five tables does not hold a server's workers from
    a member with one; nor does one channel from another of the same member."""
    service, workers, _ = thinking
    askers = {number: Asker(1, 100, 1000 + number) for number in range(5)}
    askers[50] = Asker(1, 200, 2000)
    askers[60] = Asker(1, 100, 1000)  # a second table in ann's first channel
    tasks = [ask_numbered(service, askers[number], number) for number in range(5)]
    await settle()
    tasks.append(ask_numbered(service, askers[60], 60))
    tasks.append(ask_numbered(service, askers[50], 50))
    await settle()
    workers.finish(0)
    await settle()
    assert askers_of(workers, askers)[2] == askers[50]  # the other member first
    workers.finish(1)
    await settle()
    # Then ann's channels that have had no search yet, before her first channel again.
    assert askers_of(workers, askers)[3] == askers[2]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_search_is_shortened_to_the_time_left_before_its_move(thinking):
    """Audit finding 1: a decision that starts late searches only until its move is
    due, so the table is not kept waiting beyond its pause."""
    service, workers, clock = thinking
    first = ask(service, Asker(1, 1, 1))
    second = ask(service, Asker(1, 2, 2))
    late = ask(service, Asker(1, 3, 3))
    await settle()
    assert workers.budgets() == [SECONDS, SECONDS]
    clock.now = 0.9
    workers.finish(0)
    await settle()
    assert workers.budgets()[2] == pytest.approx(PAUSE - 0.9)
    for index in (1, 2):
        workers.finish(index)
    for task in (first, second, late):
        assert await task in position()[1]
    assert service.stats.decisions["hard"] == 3


async def test_a_decision_whose_move_is_due_takes_the_easy_levels_choice(thinking):
    """Audit finding 1: with every worker busy until after its moment, a decision does
    not wait past its pause: it is made at once by the easy level, which needs no
    worker, and counted as such."""
    service, workers, clock = thinking
    busy = [ask(service, Asker(1, n, n)) for n in range(2)]
    waiting = ask(service, Asker(2, 9, 9))
    await settle()
    assert service.stats.waiting == 1
    clock.now = PAUSE - MIN_SEARCH_SECONDS + 0.01
    service.tick()
    action = await asyncio.wait_for(waiting, timeout=30)
    assert action in position()[1]
    assert len(workers.calls) == 2  # no worker was asked for it
    assert service.stats.decisions["easy under load"] == 1
    assert service.stats.waiting == 0 and service.stats.running == 2
    assert service.stats.recent_waits[-1] == pytest.approx(PAUSE - MIN_SEARCH_SECONDS + 0.01)
    for task in busy:
        task.cancel()
    await asyncio.gather(*busy, return_exceptions=True)


async def test_a_decision_asked_late_still_gets_a_whole_search(thinking):
    """A decision asked when its pause is already over (after a restart, say) is due a
    whole budget after it was asked: alone, it searches fully, as before."""
    service, workers, clock = thinking
    clock.now = 100.0
    task = ask(service, Asker(1, 1, 1), due=1.0)
    await settle()
    assert workers.budgets() == [SECONDS]
    workers.finish(0)
    assert await task in position()[1]


async def test_easy_decisions_never_queue_for_a_worker(thinking):
    service, workers, _ = thinking
    busy = [ask(service, Asker(1, n, n)) for n in range(3)]
    await settle()
    view, legal = position()
    easy = await service.decide("graps", Level.EASY, view, legal, 3, 0, Asker(2, 1, 1), PAUSE)
    assert easy in legal and len(workers.calls) == 2 and service.stats.waiting == 1
    assert service.stats.decisions["easy"] == 1
    for task in busy:
        task.cancel()
    await asyncio.gather(*busy, return_exceptions=True)


async def test_a_cancelled_decision_frees_its_place_and_its_worker_when_done(thinking):
    """A table that stops waiting (its game ended, its lease moved) leaves the queue at
    once; a search already running keeps its worker until it ends."""
    service, workers, _ = thinking
    running = ask(service, Asker(1, 1, 1))
    other = ask(service, Asker(1, 2, 2))
    queued = ask(service, Asker(1, 3, 3))
    await settle()
    queued.cancel()
    running.cancel()
    await asyncio.gather(queued, running, return_exceptions=True)
    assert service.stats.waiting == 0 and service.stats.running == 2
    workers.finish(0)
    await settle()
    assert service.stats.running == 1
    workers.finish(1)
    assert await other in position()[1]
    assert service.stats.running == 0


async def test_the_waits_are_kept_for_the_metrics(thinking):
    service, workers, clock = thinking
    tasks = [ask(service, Asker(1, n, n)) for n in range(3)]
    await settle()
    clock.now = 0.3
    workers.finish(0)
    await settle()
    stats = service.stats
    assert stats.wait_count == 3 and stats.wait_sum == pytest.approx(0.3)
    # Cumulative buckets: two waits of 0 in every bucket, the 0.3 s one from 0.5 s up.
    assert stats.wait_buckets == [2, 2, 2, 2, 3, 3, 3]
    for index in (1, 2):
        workers.finish(index)
    await asyncio.gather(*tasks)


async def test_a_hard_decision_runs_in_a_real_worker_process():
    """The real pool: a spawned worker at a lower priority decides a legal move."""
    service = Thinking(1, 0.2, executor=worker_pool)
    try:
        view, legal = position()
        action = await asyncio.wait_for(
            service.decide("graps", Level.HARD, view, legal, 5, 0, Asker(1, 1, 1), due=0.0),
            timeout=120,
        )
        assert action in legal and service.stats.decisions["hard"] == 1
    finally:
        service.close()


async def test_a_budget_set_shorter_than_the_shortest_search_still_searches():
    """Tests set a budget of a few hundredths of a second: a decision alone still
    searches (for its whole budget), it does not fall to the easy level."""
    workers = HeldWorkers()
    service = Thinking(1, 0.02, executor=lambda _count: workers, clock=Clock())
    try:
        task = ask(service, Asker(1, 1, 1), due=0.01)
        await settle()
        assert workers.budgets() == [0.02] and service.stats.decisions["easy under load"] == 0
        workers.finish(0)
        assert await task in position()[1]
    finally:
        service.close()


class Running(Clock):
    """A clock that moves on a little at every reading, as a real one does."""

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


async def test_a_decision_asked_late_with_a_worker_free_still_searches():
    """A decision asked after its moment (a short pause, a slow machine) with a worker
    free searches, rather than taking the easy level's choice: the easy choice is for a
    decision that would wait for a worker. With no search time (the tests' AI_SECONDS
    0) the clock read between asking and starting made every such decision easy, so a
    hard computer played as the easy one."""
    workers = HeldWorkers()
    service = Thinking(2, 0.0, executor=lambda _count: workers, clock=Running())
    try:
        late = ask(service, Asker(1, 100, 1000), due=0.0)  # its moment is past
        await settle()
        assert workers.budgets() == [0.0]
        workers.finish(0)
        await late
        assert service.stats.decisions == {"hard": 1}
    finally:
        service.close()
