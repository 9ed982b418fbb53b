"""A running game held in memory (`Session`): its row, engine and seats, the views of
its current version, and what its players may do; the session service
(bot/core/sessions.py) changes it, every other room reads it. Also what a move made by
a click carries (`Clicked`) and what a hand message shows (`hand_signature`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.core.errors import StaleControl
from bot.core.gamelock import GameLock
from bot.core.gameui import AnyUI, Hand, Table
from bot.core.kinds import GameKind
from bot.core.storage import GameRow, SeatRow, Status
from bot.core.takeback import Request
from games.protocol import Game, Outcome
from games.takeback import TakeBackCount
from games.text import _

T = TypeVar("T")

NOT_SEATED = _("You are not playing in this game: only seated players can use it.")

AnyGame = Game[Any, Any, Any]


@dataclass
class Seen:
    """The views of one version of a game, filled as they are asked for."""

    version: int
    public: Any = None
    players: dict[str, Any] = field(default_factory=dict)
    legal: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    outcome: Outcome | None = None
    outcome_known: bool = False
    """`outcome` was asked once (a move's publication builds many tables)."""


@dataclass
class Session:
    """A running (or just finished) game held in memory: its row, engine and seats. The
    session service changes it, and the other services of bot/core through its methods
    (a turn timer, a hand message, the table message, a take-back request); the rest of
    the bot reads its `table` and `hand`s, through `snapshot` where a read must not
    meet a move half made."""

    row: GameRow
    engine: AnyGame
    seats: list[SeatRow]
    status: Status
    table_message_id: int | None
    record: GameKind
    """The game kind's record: its engine, UI, pictures and words."""
    lock: GameLock = field(default_factory=lambda: GameLock(0))
    undoable: tuple[int, str] | None = None
    """(version, name): the move that made this version was a person's and showed
    nothing hidden, so they may ask to take it back (bot/core/takeback.py)."""
    request: Request | None = None
    """A take-back asked about the move that made `request.version`."""
    take_backs: TakeBackCount = field(default_factory=TakeBackCount)
    """How many moves each player took back in a row and this turn, as far as this
    process saw (games/takeback.py keeps the limits; this only spares a useless button)."""
    moved_at: float = field(default_factory=time.monotonic)
    """When this process committed the game's last move (`time.monotonic`), or loaded
    the game: a computer seat's pause counts from there, its publication included."""
    _seen: Seen | None = field(default=None, repr=False, compare=False)

    def _views(self) -> Seen:
        """The views of the current version, each computed once (a move's publication
        reads every seat's view several times: texts, pictures, controls, changes)."""
        if self._seen is None or self._seen.version != self.version:
            self._seen = Seen(self.version)
        return self._seen

    async def snapshot(self, read: Callable[[Session], T]) -> T:
        """`read(session)` between two moves, under the game's lock: what a command
        shows of a game (a view, a hand) is of one version, never of a move half made.
        `read` must not change the session: every change goes through the services."""
        async with self.lock:
            return read(self)

    async def synced(self) -> None:
        """The session brought up to the database: on a database other processes share,
        taking the game's lock reads their moves in."""
        async with self.lock:
            pass

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

    def legal_actions(self, name: str) -> tuple[Any, ...]:
        legal = self._views().legal
        if name not in legal:
            legal[name] = tuple(self.engine.legal_actions(name))
        return legal[name]

    def current_request(self) -> Request | None:
        """The take-back asked about the move that made this version, if any."""
        request = self.request
        return request if request is not None and request.version == self.version else None

    def offers_take_back(self, name: str) -> bool:
        """Whether `name`'s hand message offers to take back their move: it is the
        game's last, it showed nothing hidden, and nobody has asked about it yet."""
        return self.undoable == (self.version, name) and self.current_request() is None

    def table(self) -> Table[Any]:
        """This version as a game's UI reads it."""
        running = self.status == Status.RUNNING
        return Table(
            game=self.id,
            version=self.version,
            channel_id=self.row.channel_id,
            status=self.status,
            seats=tuple(self.seats),
            players=tuple(self.engine.players),
            awaiting=tuple(self.engine.awaiting) if running else (),
            view=self.public_view(),
            outcome=self._outcome(),
        )

    def _outcome(self) -> Outcome | None:
        seen = self._views()
        if not seen.outcome_known:
            seen.outcome, seen.outcome_known = self.engine.outcome(), True
        return seen.outcome

    def hand(self, name: str, table: Table[Any] | None = None) -> Hand[Any]:
        """One player's part of this version."""
        table = table if table is not None else self.table()
        return Hand(table, name, self.view_for(name), self.legal_actions(name))

    def signature(self, name: str, shows: tuple[Any, ...] | None = None) -> str:
        """Changes exactly when a player's hand message must change: their private view
        (without the public part, which the table shows), whether they are awaited, and
        what their controls would do (the legal actions, the seats they name). It leaves
        out the state version, so it also tells when a player's older controls still
        mean the same (`controls_since`). `shows`: what the message shows of the table
        besides (`GameUI.hand_shows`)."""
        view = self.view_for(name)
        if dataclasses.is_dataclass(view) and not isinstance(view, type):
            private = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
            private.pop("public", None)
        else:
            private = {"view": view}
        legal = [action.to_json() for action in self.legal_actions(name)]
        facts = (
            sorted(private.items()),
            name in self.engine.awaiting,
            self.engine.players,
            self.status,
            repr(legal),
        )
        signature = hashlib.sha256(repr(facts).encode()).hexdigest()[:32]
        if shows is None:
            return signature
        return hashlib.sha256(repr((signature, *shows)).encode()).hexdigest()[:32]

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

    def left(self, name: str) -> bool:
        """Whether the player `name` gave up their seat (the game goes on without them)."""
        seat = self.seat_of(name)
        return seat is not None and seat.left_game and not seat.is_ai

    def user_of(self, name: str) -> int | None:
        seat = self.seat_of(name)
        return seat.user_id if seat is not None else None

    def seat_of(self, name: str) -> SeatRow | None:
        for seat in self.seats:
            if seat.name == name:
                return seat
        return None

    def _replace_seat(self, name: str, **changes: Any) -> None:
        """The seat of `name` with some fields changed (the seat rows are immutable)."""
        self.seats = [
            dataclasses.replace(seat, **changes) if seat.name == name else seat
            for seat in self.seats
        ]

    def timer_set(self, name: str, deadline: float | None, reminded: bool, expiries: int) -> None:
        """The seat's turn timer as the turns service stored it."""
        self._replace_seat(name, deadline=deadline, reminded=reminded, expiries=expiries)

    def dm_shown(
        self, name: str, channel_id: int | None, message_id: int | None, signature: str
    ) -> None:
        """The seat's hand message as the publisher stored it (their DMs open)."""
        self._replace_seat(
            name,
            dm_channel_id=channel_id,
            dm_message_id=message_id,
            dm_signature=signature,
            dm_closed=False,
        )

    def dm_refused(self, name: str) -> None:
        """Discord refused a DM to the seat's player: their DMs are closed."""
        self._replace_seat(name, dm_closed=True)

    def table_moved(self, message_id: int | None) -> None:
        """The table message is now `message_id` (None: being sent anew)."""
        self.table_message_id = message_id

    def ask_take_back(self, request: Request) -> None:
        """A take-back asked about the game's last move, until it is settled."""
        self.request = request

    def check_version(self, name: str, version: int) -> None:
        """A control drawn at `version` still applies if the player's controls have kept
        their meaning since (`controls_since`): several players choosing at once (a
        Paranoia pass) do not make each other's controls out of date, while a control
        drawn before the player's own situation changed is refused."""
        seat = self.seat_of(name)
        since = seat.controls_since if seat is not None else self.version
        if not since <= version <= self.version:
            raise StaleControl()


@dataclass(frozen=True, slots=True)
class Clicked:
    """The hand message whose control made a move, reached through the click itself:
    `edit` redraws that message in the click's response; in a DM, `send` posts a new
    message there, and `edit_sent` and `delete` edit or delete the clicked message or
    one `send` posted, with the click's token, which Discord accepts for 15 minutes.
    None of these counts against Discord's global rate limit."""

    message_id: int
    user_id: int
    edit: Callable[..., Awaitable[Any]]
    send: Callable[..., Awaitable[Any]] | None = None
    delete: Callable[[int], Awaitable[None]] | None = None
    edit_sent: Callable[..., Awaitable[Any]] | None = None
    interaction_id: int | None = None
    """The click's interaction: whether it is the player's latest (bot/core/pushes.py)."""


def hand_signature(ui: AnyUI, session: Session, name: str) -> str:
    """`Session.signature` with what the game's hand messages show of the table."""
    return session.signature(name, ui.hand_shows(session.table(), name))
