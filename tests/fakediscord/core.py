"""Small shared pieces of the Discord emulator: snowflakes, the errors it answers with, the
errors it raises in tests when a player's action is refused, permission bits, and the signal
every wait in the test-facing API is built on (event-driven, with a timeout, never a sleep)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (Discord's documented values) used by the emulated guild.
ADD_REACTIONS = 1 << 6
MANAGE_GUILD = 1 << 5
ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_EVENTS = 1 << 33
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
CREATE_EVENTS = 1 << 44
EVERYONE_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12  # "silent": shown, but no push, no sound
FLAG_COMPONENTS_V2 = 1 << 15

# Interaction types (what a player does) and callback types (how the bot answers).
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CALLBACK_MESSAGE = 4
CALLBACK_DEFERRED_MESSAGE = 5
CALLBACK_DEFERRED_UPDATE = 6
CALLBACK_UPDATE_MESSAGE = 7
CALLBACK_AUTOCOMPLETE = 8
CALLBACK_MODAL = 9

T = TypeVar("T")


class SnowflakeFactory:
    """Unique, increasing snowflakes carrying the real creation time, as Discord's do."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        stamp = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(self._last + 1, stamp)
        return self._last


def snowflake_time(snowflake: int) -> float:
    """Unix time (seconds) at which a snowflake was made."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def iso_time(unix: float) -> str:
    return (
        time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(unix)) + f".{int(unix % 1 * 1e6):06d}+00:00"
    )


class ApiError(Exception):
    """An error answer of the REST API: HTTP status, Discord's JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def invalid_form(message: str) -> ApiError:
    """Discord's 50035 "Invalid Form Body", with the reason in words."""
    return ApiError(
        400, 50035, f"Invalid Form Body: {message}", {"_errors": [{"message": message}]}
    )


class Refused(Exception):
    """A player's action that Discord's own client would not let them take (raised in the test)."""


class CommandRefused(Refused):
    """Unknown command, missing required option, wrong option type, value not among choices."""


class ComponentRefused(Refused):
    """No such button or menu on that message, disabled, or a value not among the options."""


class InteractionFailed(AssertionError):
    """The bot did not acknowledge an interaction in time: players see "This interaction failed"."""


RECHECK_SECONDS = 0.05
"""How often a wait checks its predicate again with no change in the emulator."""


class Signal:
    """Wakes every waiter whenever the emulator's state changes; waits re-check a predicate."""

    def __init__(self) -> None:
        self._waiters: set[asyncio.Future[None]] = set()

    def fire(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float, what: str | Callable[[], str]
    ) -> T:
        """The first truthy value of predicate(), re-checked after each change; TimeoutError
        (with a description of what was awaited) when timeout seconds pass first."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                text = what() if callable(what) else what
                raise TimeoutError(f"timed out after {timeout:g}s waiting for {text}")
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.add(waiter)
            try:
                # Checked again now and then as well: a predicate may read what the
                # emulator does not see change (the bot's database, a process's exit).
                await asyncio.wait_for(waiter, min(remaining, RECHECK_SECONDS))
            except TimeoutError:
                pass
            finally:
                self._waiters.discard(waiter)
