"""A running (or just finished) game as the bot holds it in memory: its stored row,
its engine, its seats and its lock. The session service (bot/core/sessions.py) loads
and changes sessions; everything else reads them."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core.errors import StaleControl
from bot.core.storage import GameRow, SeatRow, Status
from games.protocol import Game, Outcome

AnyGame = Game[Any, Any, Any]


@dataclass
class Seen:
    """The views of one version of a game, filled as they are asked for."""

    version: int
    public: Any = None
    players: dict[str, Any] = field(default_factory=dict)
    legal: dict[str, Sequence[Any]] = field(default_factory=dict)


@dataclass
class Session:
    """A running (or just finished) game held in memory: its row, engine and seats."""

    row: GameRow
    engine: AnyGame
    seats: list[SeatRow]
    status: Status
    table_message_id: int | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _seen: Seen | None = field(default=None, repr=False, compare=False)

    def _views(self) -> Seen:
        """The views of the current version, each computed once (a move's publication
        asks for every seat's view several times: texts, pictures, controls, changes)."""
        if self._seen is None or self._seen.version != self.version:
            self._seen = Seen(self.version)
        return self._seen

    def public_view(self) -> Any:
        seen = self._views()
        if seen.public is None:
            seen.public = self.engine.public_view()
        return seen.public

    def view_for(self, name: str) -> Any:
        views = self._views().players
        if name not in views:
            views[name] = self.engine.view_for(name)
        return views[name]

    def outcome(self) -> Outcome | None:
        """The game's outcome (winners, totals) once it is over."""
        return self.engine.outcome()

    def legal_actions(self, name: str) -> Sequence[Any]:
        legal = self._views().legal
        if name not in legal:
            legal[name] = tuple(self.engine.legal_actions(name))
        return legal[name]

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def kind(self) -> str:
        return self.row.kind

    @property
    def version(self) -> int:
        return self.engine.moves

    def name_of(self, user_id: int) -> str | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.name
        return None

    def user_of(self, name: str) -> int | None:
        for seat in self.seats:
            if seat.name == name:
                return seat.user_id
        return None

    def seat_of(self, name: str) -> SeatRow | None:
        for seat in self.seats:
            if seat.name == name:
                return seat
        return None

    def replace_seat(self, name: str, **changes: Any) -> None:
        """The seat of `name` with some fields changed (the seat rows are immutable)."""
        self.seats = [
            dataclasses.replace(seat, **changes) if seat.name == name else seat
            for seat in self.seats
        ]

    def check_version(self, name: str, version: int) -> None:
        """A control drawn at `version` still applies if the player's controls have kept
        their meaning since (`controls_since`): several players choosing at once (a
        Paranoia pass) do not make each other's controls out of date, while a control
        drawn before the player's own situation changed is refused."""
        seat = self.seat_of(name)
        since = seat.controls_since if seat is not None else self.version
        if not since <= version <= self.version:
            raise StaleControl()
