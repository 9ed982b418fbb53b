"""What the services ask to show: the one connection from the game services (sessions,
tables, lobbies, turns, take-back requests) to the screen. The publisher (bot/core/publisher.py)
shows it in Discord; the services' tests give a screen that records what it was asked
(tests/bot/core/harness.py), so they run in process, without Discord."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from bot.core.storage import GameRow, SeatRow
from games.protocol import Event

if TYPE_CHECKING:  # the session service takes a screen when it is built
    from bot.core.kinds import GameKind
    from bot.core.session import Clicked, Session


@dataclass(frozen=True)
class Lobby:
    """A message of a game not started, as a service asks for it, in plain values: the
    lobby (or the challenge) as stored, or `words` in its place (cancelled, declined,
    starting at once against the computer). The screen draws it (bot/core/
    lobby_messages.py `drawn`)."""

    record: GameKind
    row: GameRow
    seats: tuple[SeatRow, ...] = ()
    expected: tuple[int, ...] = ()
    """The players a rematch waits for."""
    words: str | None = None
    pinged: tuple[int, ...] = ()
    """The members the message notifies; nobody else is."""


class Screen(Protocol):
    """Every way a service changes what players see."""

    def prefetch(self, session: Session, names: Sequence[str]) -> None:
        """Starts drawing the pictures a move will show, while it is committed."""

    async def publish(
        self,
        session: Session,
        events: Sequence[Event],
        before_awaiting: Sequence[str],
        via: Clicked | None = None,
        repeat: bool = False,
    ) -> None:
        """Everything a move shows: the table, the hands, the notices (`repeat`: shown
        again after a restart, what was committed but not shown)."""

    async def refresh(self, session: Session) -> None:
        """The table and every hand redrawn as they stand, nobody notified."""

    async def say(
        self, session: Session, text: str, ping: bool = True, about: str | None = None
    ) -> bool:
        """A notice in the game's channel; False if it could not be said."""

    async def remind(self, session: Session, name: str, events: Sequence[Event]) -> None:
        """`name`'s hand message sent anew, notifying them, with `events` on top."""

    async def update_hands(
        self, session: Session, via: Clicked | None = None, asked: Sequence[str] = ()
    ) -> None:
        """The hand messages redrawn after a take-back was asked, agreed to or refused."""

    async def flush(self, game_id: int) -> None:
        """Waits for what is still being shown of the game."""

    async def close_lobby(self, row: GameRow, message_id: int, text: str) -> None:
        """A lobby's message replaced by `text`, its controls taken away."""

    async def edit_lobby(self, message_id: int, lobby: Lobby) -> None:
        """A lobby's message redrawn."""
