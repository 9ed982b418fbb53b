"""The computer players' thinking: every server's hard decisions shared fairly among a
few worker processes, each decision within its pause.

A hard decision searches for its time budget in a worker process (the search is CPU
work, the event loop must stay free); an easy one is a few rules of thumb, run in a
thread. Workers are few (one per core by default, `Settings.ai_workers`) and every
server's tables ask them, so the order they are served in decides whether one busy
server slows everyone else:

- **Fair order.** A free worker takes the waiting decision whose server has the fewest
  decisions running, then the server served longest ago; within a server, the same by
  the member who opened the table, then by channel; then the oldest. One server (or
  member, or channel) with a backlog takes a worker at most every other time while
  another waits, so a quiet server's decision waits for one search at most, never for a
  busy server's queue.
- **Within the pause.** Each decision has a moment its move is due: the end of the
  computer seat's natural pause (`Settings.ai_delay`), and never sooner than a full
  budget from when it was asked. It searches for the budget (`Settings.ai_seconds`) or
  the time left before that moment, whichever is shorter, so the longer the queue, the
  shorter the searches. A decision still waiting when less than `MIN_SEARCH_SECONDS` is
  left before its moment takes the easy level's choice instead, which needs no worker:
  under load the computers play a little weaker, never slower.
- **Figures.** `ThinkingStats` keeps the queue's length, the decisions running, each
  decision's wait and the decisions by level, for the operators' metrics.

Each bot process has its own workers, so more shard processes bring more workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import time
from collections import Counter, deque
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from games.ai import decide
from games.protocol import Action
from games.registry import Level

log = logging.getLogger(__name__)

MIN_SEARCH_SECONDS = 0.15
"""The shortest search worth a worker: below it the hard level's sampling has too few
iterations to beat its own rules of thumb, so the easy level's choice is taken. A whole
budget set shorter (`AI_SECONDS`, in tests) searches down to half of itself."""
WORKER_NICENESS = 10
"""Workers run at a lower priority than the bot process: a search never delays a
reply, a picture or a commit, which the players wait for."""
WAIT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Upper bounds (seconds) of the wait histogram, in Prometheus's `le` convention."""
RECENT_WAITS = 1000
"""How many of the latest waits are kept as they were, for the benchmarks."""


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _lower_priority() -> None:
    """A worker's first step (`ProcessPoolExecutor(initializer=...)`)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """The processes hard decisions run in: spawned, not forked, because the bot has
    threads (storage, rendering) that a forked child would inherit in whatever state
    they were; at a lower priority than the bot."""
    spawn = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=spawn, initializer=_lower_priority)


@dataclass(frozen=True, slots=True)
class Asker:
    """Whose table a decision is for: what fairness is shared out by."""

    server: int
    member: int
    """The member who opened the table (its host)."""
    channel: int

    def paths(self) -> tuple[Hashable, Hashable, Hashable]:
        return (self.server,), (self.server, self.member), (self.server, self.member, self.channel)


@dataclass(eq=False)
class _Waiting:
    asker: Asker
    asked: float
    due: float
    """When the move is due (the clock's seconds): the search ends by then."""
    started: asyncio.Future[float | None]
    """Set when the decision leaves the queue: its budget, or None for the easy level."""
    order: int


@dataclass
class ThinkingStats:
    """What the operators' metrics read: a gauge of the queue and of the decisions
    running, a histogram of the waits (`WAIT_BUCKETS`, cumulative counts as Prometheus
    keeps them), and the decisions counted by how they were made."""

    waiting: int = 0
    running: int = 0
    workers: int = 0
    wait_count: int = 0
    wait_sum: float = 0.0
    wait_buckets: list[int] = field(default_factory=lambda: [0] * len(WAIT_BUCKETS))
    recent_waits: deque[float] = field(default_factory=lambda: deque(maxlen=RECENT_WAITS))
    decisions: Counter[str] = field(default_factory=Counter)
    """"hard": searched in a worker; "easy": the easy level asked for; "easy under load":
    a hard decision that took the easy level's choice because its moment came first;
    "hard in a thread": a worker pool that broke, replaced by a thread."""

    def summary(self) -> str:
        """One line for the log: the decisions by how they were made, and the waits."""
        made = ", ".join(f"{how} {count}" for how, count in sorted(self.decisions.items()))
        mean = self.wait_sum / self.wait_count if self.wait_count else 0.0
        longest = max(self.recent_waits, default=0.0)
        return (
            f"computer players' decisions: {made or 'none'}; {self.wait_count} waited for a "
            f"worker, {mean:.3f} s on average, the latest {len(self.recent_waits)} at most "
            f"{longest:.3f} s ({self.workers} workers)"
        )

    def waited(self, seconds: float) -> None:
        self.wait_count += 1
        self.wait_sum += seconds
        self.recent_waits.append(seconds)
        for index, bound in enumerate(WAIT_BUCKETS):
            if seconds <= bound:
                self.wait_buckets[index] += 1


class Thinking:
    """Decisions for every table of this process (see the module's docstring)."""

    def __init__(
        self,
        workers: int,
        seconds: float,
        executor: Callable[[int], Executor] = worker_pool,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.workers = max(1, workers)
        self.seconds = seconds
        """The full budget of a hard decision."""
        self.min_search = min(MIN_SEARCH_SECONDS, seconds / 2)
        """The shortest search a worker is given (`MIN_SEARCH_SECONDS`)."""
        self.stats = ThinkingStats(workers=self.workers)
        self._make_executor = executor
        self._executor: Executor | None = None
        self._clock = clock
        self._waiting: list[_Waiting] = []
        self._running: Counter[Hashable] = Counter()
        """Decisions running, by server, by member and by channel (`Asker.paths`)."""
        self._served: dict[Hashable, int] = {}
        """When each server, member and channel last had a decision started (a count)."""
        self._starts = itertools.count(1)
        self._orders = itertools.count()
        self._timer: asyncio.TimerHandle | None = None

    async def decide(
        self,
        kind: str,
        level: Level,
        view: Any,
        legal: Sequence[Action],
        seed: int,
        moves: int,
        asker: Asker,
        due: float,
    ) -> Action:
        """One decision for `asker`'s table, its move due at `due` (the clock's
        seconds): the easy level in a thread at once, the hard level in a worker when
        its turn in the fair order comes (or the easy level's choice if its moment comes
        first)."""
        if level is not Level.HARD:
            self.stats.decisions["easy"] += 1
            return await asyncio.to_thread(decide, kind, level, view, legal, seed, moves)
        budget = await self._queue(asker, due)
        if budget is None:
            self.stats.decisions["easy under load"] += 1
            return await asyncio.to_thread(decide, kind, Level.EASY, view, legal, seed, moves)
        try:
            done = self._executor_now().submit(
                decide, kind, level, view, legal, seed, moves, budget
            )
        except BrokenProcessPool:
            self._finished(asker)
            return await self._in_a_thread(kind, level, view, legal, seed, moves, budget)
        loop = asyncio.get_running_loop()
        done.add_done_callback(lambda _: loop.call_soon_threadsafe(self._finished, asker))
        try:
            action = await asyncio.wrap_future(done)
        except BrokenProcessPool:
            return await self._in_a_thread(kind, level, view, legal, seed, moves, budget)
        self.stats.decisions["hard"] += 1
        return action

    async def _in_a_thread(
        self, kind: str, level: Level, view: Any, legal: Sequence[Action], *args: Any
    ) -> Action:
        log.exception("the computer players' worker processes broke; deciding in a thread")
        self._executor = None
        self.stats.decisions["hard in a thread"] += 1
        return await asyncio.to_thread(decide, kind, level, view, legal, *args)

    def _executor_now(self) -> Executor:
        if self._executor is None:
            self._executor = self._make_executor(self.workers)
        return self._executor

    async def _queue(self, asker: Asker, due: float) -> float | None:
        """Waits for the decision's turn: its budget, or None for the easy level."""
        now = self._clock()
        entry = _Waiting(
            asker,
            now,
            max(due, now + self.seconds),
            asyncio.get_running_loop().create_future(),
            next(self._orders),
        )
        self._waiting.append(entry)
        self.tick()
        try:
            return await asyncio.shield(entry.started)
        except asyncio.CancelledError:
            if entry in self._waiting:
                self._waiting.remove(entry)
            elif entry.started.done() and entry.started.result() is not None:
                self._finished(asker)  # its worker was never asked
            self._count_queue()
            raise

    def tick(self) -> None:
        """Free workers take the next decisions in the fair order, each searching until
        its moment (`min_search` at least); then the decisions left waiting whose moment
        is too near go to the easy level. A decision gives up its search only when it
        would have to wait for a worker: one asked late with a worker free (a short
        pause, a slow machine) still searches. Run on every change, and by a timer at
        the next moment a waiting decision would have to give up its search."""
        now = self._clock()
        while self._waiting and self.stats.running < self.workers:
            entry = min(self._waiting, key=self._rank)
            budget = max(self.min_search, min(self.seconds, entry.due - now))
            self._leave(entry, budget, now)
            self.stats.running += 1
            for path in entry.asker.paths():
                self._running[path] += 1
                self._served[path] = next(self._starts)
        for entry in [e for e in self._waiting if e.due - now < self.min_search]:
            self._leave(entry, None, now)
        self._count_queue()
        self._set_timer(now)

    def _rank(self, entry: _Waiting) -> tuple[int, ...]:
        ranks: list[int] = []
        for path in entry.asker.paths():
            ranks += [self._running[path], self._served.get(path, 0)]
        return (*ranks, entry.order)

    def _leave(self, entry: _Waiting, budget: float | None, now: float) -> None:
        self._waiting.remove(entry)
        self.stats.waited(now - entry.asked)
        if not entry.started.done():  # the asker may have been cancelled meanwhile
            entry.started.set_result(budget)

    def _finished(self, asker: Asker) -> None:
        self.stats.running -= 1
        for path in asker.paths():
            self._running[path] -= 1
            if self._running[path] <= 0:
                del self._running[path]
        self.tick()

    def _count_queue(self) -> None:
        self.stats.waiting = len(self._waiting)

    def _set_timer(self, now: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._waiting:
            soonest = min(entry.due for entry in self._waiting) - self.min_search
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(max(0.0, soonest - now), self.tick)

    def close(self) -> None:
        """The workers stopped (a search running is not waited for)."""
        if self._timer is not None:
            self._timer.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
