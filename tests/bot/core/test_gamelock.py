"""A game's lock (bot/core/gamelock.py): moves of one game take turns in a process; on
a shared database the database's hold is taken first, then the game refreshed, and both
let go after the move, so two processes (two `Storage` objects on one real PostgreSQL
database) take turns too and the second reads the first's move in; an error in a move,
in the refresh or a cancelled wait for the hold never leaves the lock taken."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.core.gamelock import GameLock
from bot.core.storage import Storage

GAME = 7


async def settle(turns: int = 10) -> None:
    """Lets every runnable task run as far as it can."""
    for _ in range(turns):
        await asyncio.sleep(0)


class Hooks:
    """A database hold and a refresh that say what was done, in order."""

    def __init__(self, refresh_error: Exception | None = None) -> None:
        self.done: list[str] = []
        self.refresh_error = refresh_error
        self.wait: asyncio.Event | None = None

    @contextlib.asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        if self.wait is not None:
            await self.wait.wait()
        self.done.append(f"hold {game_id}")
        try:
            yield
        finally:
            self.done.append(f"let go {game_id}")

    async def refresh(self, game_id: int) -> None:
        self.done.append(f"refresh {game_id}")
        if self.refresh_error is not None:
            raise self.refresh_error


async def test_moves_of_one_game_take_turns() -> None:
    lock = GameLock(GAME)
    order: list[str] = []
    second_in = asyncio.Event()

    async def second() -> None:
        async with lock:
            order.append("second")
            second_in.set()

    async with lock:
        order.append("first in")
        waiting = asyncio.create_task(second())
        await settle()
        assert lock.locked() and not second_in.is_set()
        order.append("first out")
    await waiting
    assert order == ["first in", "first out", "second"] and not lock.locked()


async def test_the_hold_is_taken_then_the_game_refreshed_and_both_let_go_after() -> None:
    hooks = Hooks()
    lock = GameLock(GAME, hooks.hold, hooks.refresh)
    async with lock:
        hooks.done.append("move")
    assert hooks.done == ["hold 7", "refresh 7", "move", "let go 7"]


async def test_an_error_in_a_move_lets_go_of_the_hold_and_the_lock() -> None:
    hooks = Hooks()
    lock = GameLock(GAME, hooks.hold, hooks.refresh)
    with pytest.raises(ValueError, match=r"^an illegal move$"):
        async with lock:
            raise ValueError("an illegal move")
    assert hooks.done == ["hold 7", "refresh 7", "let go 7"] and not lock.locked()
    async with lock:  # free for the next move
        pass


async def test_a_failed_refresh_lets_go_of_the_hold_and_the_lock() -> None:
    hooks = Hooks(refresh_error=ConnectionError("the database went away"))
    lock = GameLock(GAME, hooks.hold, hooks.refresh)
    with pytest.raises(ConnectionError, match=r"^the database went away$"):
        async with lock:
            hooks.done.append("move")  # never reached
    assert hooks.done == ["hold 7", "refresh 7", "let go 7"] and not lock.locked()


async def test_a_move_cancelled_while_waiting_for_the_hold_leaves_the_lock_free() -> None:
    hooks = Hooks()
    hooks.wait = asyncio.Event()  # another process holds the game
    lock = GameLock(GAME, hooks.hold, hooks.refresh)

    async def move() -> None:
        async with lock:
            hooks.done.append("move")

    waiting = asyncio.create_task(move())
    await settle()
    assert lock.locked()
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert not lock.locked() and hooks.done == []


async def test_two_processes_on_one_database_take_turns_and_the_second_reads_the_first_in(
    postgres_url: str,
) -> None:
    first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
    try:
        game_id = await first.create_game(1, 2, "grass", {}, 100, "ann")
        order: list[str] = []

        def refresh(who: str) -> Callable[[int], Awaitable[None]]:
            async def refreshed(game: int) -> None:
                order.append(f"{who} refreshed {game == game_id}")

            return refreshed

        here = GameLock(game_id, first.hold, refresh("first"))
        there = GameLock(game_id, second.hold, refresh("second"))
        entered = asyncio.Event()

        async def other_process() -> None:
            async with there:
                order.append("second moves")
                entered.set()

        async with here:
            order.append("first moves")
            waiting = asyncio.create_task(other_process())
            # The other process tries the database's lock again and again meanwhile.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(entered.wait(), 0.3)
            order.append("first done")
        await waiting
        assert order == [
            "first refreshed True",
            "first moves",
            "first done",
            "second refreshed True",
            "second moves",
        ]
    finally:
        await first.close()
        await second.close()
