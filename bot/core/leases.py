"""Which process runs a game's timers and computer players, when several share the
games (PostgreSQL): the holder of the game's lease, a row naming the process and until
when. Alone on a SQLite file, a process holds every game.

The first process to watch a game takes its lease and renews it every third of
LEASE_SECONDS; when a process stops renewing (it died), its leases run out and another
takes them over within LEASE_SECONDS and a third more. A stopping process gives its
leases back at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Awaitable, Callable

from bot.core.storage import Storage

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
"""How long a game's lease runs without renewal, in clock seconds (shrunk with
`Settings.timer_minute` in tests, to a second at least): how long the timers of a
process that died wait."""


class Leases:
    """This process's leases. `lost`: called for a game another process took over (its
    turns stop here); `restore`: shows a game as at a start, `behind_only` for a move
    its process left shown in part."""

    def __init__(
        self,
        storage: Storage,
        timer_minute: float,
        lost: Callable[[int], None],
        restore: Callable[..., Awaitable[None]],
    ) -> None:
        self.storage = storage
        self.seconds = max(1.0, LEASE_SECONDS * timer_minute / 60)
        self._lost = lost
        self._restore = restore
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        """This process, as the holder of leases."""
        self.held: set[int] = set()
        """The games whose lease this process holds: their turns run here."""

    def __contains__(self, game_id: int) -> bool:
        return game_id in self.held

    async def holds(self, game_id: int) -> bool:
        """Whether this process runs the game's turns: it holds the lease, or takes it
        because nobody else holds one that runs."""
        if game_id in self.held or not self.storage.shared:
            return True
        if await self.storage.claim(game_id, self.owner, time.time() + self.seconds):
            self.held.add(game_id)
            return True
        return False

    async def keep(self, ready: Callable[[], Awaitable[None]]) -> None:
        """Every third of a lease, for ever: renew this process's leases (and stop the
        turns of any another process took over), take over the leases that ran out, and
        show what another process left unshown in the games whose lease this one holds."""
        await ready()
        while True:
            try:
                await self._upkeep()
            except Exception:
                log.exception("keeping the turns' leases failed")
            await asyncio.sleep(self.seconds / 3)

    async def _upkeep(self) -> None:
        until = time.time() + self.seconds
        known = set(self.held)
        renewed = await self.storage.renew(self.owner, until)
        # Lost: known before the renewal and not renewed. A lease taken while the
        # renewal ran is kept.
        for game_id in known - renewed:
            self._lost(game_id)
            self.held.discard(game_id)
        self.held |= renewed
        for game_id in await self.storage.unleased_with_turns():
            if await self.holds(game_id):
                log.info("game %s: took over its turns (its lease ran out)", game_id)
                # As at a start: what its last process left unshown is shown.
                await self._restore(game_id)
        # A move shown only in part for a lease's time: its process died while showing
        # it (or Discord failed it). Shown here, as at a start.
        for game_id in await self.storage.unshown_since(time.time() - self.seconds):
            if game_id in self.held:
                log.info("game %s: showing what was left unshown", game_id)
                await self._restore(game_id, behind_only=True)

    async def release(self) -> None:
        """Every lease given back, so that another process takes the turns over at once."""
        if self.storage.shared:
            with contextlib.suppress(Exception):
                await self.storage.release_all(self.owner)
        self.held.clear()
