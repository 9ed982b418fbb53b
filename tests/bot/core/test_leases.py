"""Which process runs a game's turns (bot/core/leases.py): two `Leases` objects on two
`Storage` objects of one real PostgreSQL database, as two bot processes. The first to
ask holds a game and the other does not while the lease runs; a process that keeps its
leases keeps them past their first term; a lease that ran out is taken over by the
other process (the game restored there, `lost` told in the first); a move left unshown
for a lease's time is shown by the holder; a stopping process gives its leases back at
once. Alone on a SQLite file, a process holds every game. Leases last a second here
(`timer_minute` shrinks them), so these tests wait a lease's time or two."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.core.leases import LEASE_SECONDS, Leases
from bot.core.storage import Storage
from games.grass import Grass

ANN = 100
ROBOT = "Robot 1 (easy)"
SHORT = 0.01
"""A clock minute of 0.6 s: a lease's 30 seconds shrink to the least, one second."""


@dataclass
class Process:
    """One bot process's leases, with what it was asked to stop and to restore."""

    storage: Storage
    leases: Leases = field(init=False)
    lost: list[int] = field(default_factory=list)
    restored: list[tuple[int, bool]] = field(default_factory=list)
    keeping: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.leases = Leases(self.storage, SHORT, self.lost.append, self.restore)

    async def restore(self, game_id: int, behind_only: bool = False) -> None:
        self.restored.append((game_id, behind_only))

    def keep(self) -> None:
        """The leases' upkeep, as a running bot does it."""

        async def ready() -> None:
            return None

        self.keeping = asyncio.create_task(self.leases.keep(ready))


@pytest.fixture
async def processes(postgres_url: str) -> AsyncIterator[tuple[Process, Process]]:
    """Two processes on one database, each stopped and closed after the test."""
    first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
    both = (Process(first), Process(second))
    try:
        yield both
    finally:
        for process in both:
            if process.keeping is not None:
                process.keeping.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await process.keeping
        await first.close()
        await second.close()


async def running_game(storage: Storage, shown: bool = True) -> int:
    """A running Grass game of ann against the computer (a game with turns to watch);
    `shown`: its start was shown in full."""
    game_id = await storage.create_game(1, 2, "grass", {}, ANN, "ann")
    await storage.add_ai_seat(game_id, ROBOT, "easy")
    engine = Grass.create(["ann", ROBOT], {}, 5)
    await storage.start_game(
        game_id, [(ANN, "ann"), (-1, ROBOT)], engine.replay_header(), engine.to_json(), 0
    )
    if shown:
        await storage.set_published(game_id, 0)
    return game_id


async def until(holds: Callable[[], Any], what: str, timeout: float = 10.0) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not holds():
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(f"waited {timeout:g} s for {what}") from None


async def test_the_first_process_to_ask_holds_a_game_and_the_other_does_not(processes):
    first, second = processes
    game_id = await running_game(first.storage)
    assert await first.leases.holds(game_id) and game_id in first.leases
    assert not await second.leases.holds(game_id) and game_id not in second.leases
    assert await first.leases.holds(game_id)  # asked again: still its own


async def test_a_kept_lease_outlasts_its_term_and_a_lapsed_one_is_taken_over(processes):
    first, second = processes
    game_id = await running_game(first.storage)
    assert await first.leases.holds(game_id)
    first.keep()
    second.keep()
    # A lease's term and a half: renewed by the first, never taken by the second.
    await asyncio.sleep(1.5 * first.leases.seconds)
    assert game_id in first.leases and game_id not in second.leases
    assert first.lost == [] and second.restored == []

    # The first process dies: nothing renews its lease, which runs out.
    assert first.keeping is not None
    first.keeping.cancel()
    await until(lambda: second.restored, "the second process taking the game over")
    assert second.restored == [(game_id, False)] and game_id in second.leases
    # The first process, back, learns that its game's turns now run elsewhere.
    first.keep()
    await until(lambda: first.lost, "the first process told it lost the game")
    assert first.lost == [game_id] and game_id not in first.leases


async def test_a_move_left_unshown_for_a_leases_time_is_shown_by_the_holder(processes):
    first, _second = processes
    game_id = await running_game(first.storage, shown=False)
    assert await first.leases.holds(game_id)
    first.keep()
    await until(lambda: first.restored, "the unshown start shown")
    assert first.restored[0] == (game_id, True)  # shown as at a start, what is behind only


async def test_a_stopping_process_gives_its_leases_back_at_once(processes):
    first, second = processes
    games = [await running_game(first.storage) for _ in range(2)]
    for game_id in games:
        assert await first.leases.holds(game_id)
    await first.leases.release()
    assert not first.leases.held
    for game_id in games:  # well within the lease's second
        assert await second.leases.holds(game_id)


async def test_alone_on_a_sqlite_file_a_process_holds_every_game(storage: Storage) -> None:
    lost: list[int] = []

    async def restore(game_id: int, behind_only: bool = False) -> None:
        raise AssertionError("nothing to restore on SQLite")

    leases = Leases(storage, 60.0, lost.append, restore)
    game_id = await storage.create_game(1, 2, "grass", {}, ANN, "ann")
    assert await leases.holds(game_id) and await leases.holds(game_id + 1)
    await leases.release()
    assert await leases.holds(game_id) and lost == []


async def test_a_lease_lasts_its_seconds_at_the_bots_clock_and_a_second_at_least(
    storage: Storage,
) -> None:
    async def restore(game_id: int, behind_only: bool = False) -> None:
        return None

    def lease(minute: float) -> float:
        return Leases(storage, minute, lambda game_id: None, restore).seconds

    assert (lease(60.0), lease(6.0), lease(SHORT)) == (LEASE_SECONDS, LEASE_SECONDS / 10, 1.0)
