"""A game's lock: one move at a time, whichever process of the bot receives it.

Inside a process, coroutines take turns on an asyncio lock. Across processes sharing a
PostgreSQL database (bot/core/storage/postgres.py) the database's advisory lock is held
as well, from loading the game to showing the move; and since another process may have
moved meanwhile, what this process holds of the game is brought up to the database
once the lock is held (`Refresh`), before anything is checked against it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from types import TracebackType

Hold = Callable[[int], AbstractAsyncContextManager[None]]
"""The database's lock of a game across processes (`Storage.hold`)."""
Refresh = Callable[[int], Awaitable[None]]
"""Brings what this process holds of a game up to the database; called with the lock."""


class GameLock:
    def __init__(
        self, game_id: int, hold: Hold | None = None, refresh: Refresh | None = None
    ) -> None:
        self.game_id = game_id
        self.local = asyncio.Lock()
        """This process's part alone: waiting on it lets moves under way finish."""
        self._hold = hold
        self._refresh = refresh
        self._stack: contextlib.AsyncExitStack | None = None

    def locked(self) -> bool:
        return self.local.locked()

    async def __aenter__(self) -> None:
        await self.local.acquire()
        try:
            async with contextlib.AsyncExitStack() as stack:
                if self._hold is not None:
                    await stack.enter_async_context(self._hold(self.game_id))
                if self._refresh is not None:
                    await self._refresh(self.game_id)
                self._stack = stack.pop_all()
        except BaseException:
            self.local.release()
            raise

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        stack, self._stack = self._stack, None
        try:
            if stack is not None:
                await stack.__aexit__(kind, error, trace)
        finally:
            self.local.release()
