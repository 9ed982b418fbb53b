"""The rows storage hands out, the same from every backend: frozen dataclasses built
from a row of plain values (a sqlite3 row or an asyncpg record), JSON columns decoded."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.protocol import JSON


class StaleVersion(Exception):
    """The stored version is not the one the caller loaded: someone else moved first."""


class StorageError(Exception):
    """The database cannot be used by this bot; the message says why and what to do."""


def newer_schema(current: int, known: int) -> StorageError:
    """The refusal of a database written by a newer bot: its rows may mean what this code
    cannot know, and writing them would break it for the newer bot too."""
    return StorageError(
        f"This database has schema version {current}, but this version of the bot "
        f"knows only up to {known}: it was written by a newer version of "
        "the bot. Run that newer version (or restore a backup made before it)."
    )


class Status(StrEnum):
    """A game's life: a lobby (or challenge) until it starts, then running, then
    finished (with results) or abandoned (without). Stored as its text."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    options: dict[str, JSON]
    status: Status
    host_id: int
    header: dict[str, JSON] | None
    state: dict[str, JSON] | None
    version: int
    table_message_id: int | None
    turn_minutes: int | None = None
    """The turn timer chosen at start: None for the game's default, 0 off."""
    challenged_id: int | None = None
    """The member a challenge lobby waits for (Accept or Decline); None otherwise."""
    published_version: int | None = None
    """The version last shown in full; None when a change is still to be shown."""
    created_at: float = 0.0
    updated_at: float = 0.0
    """When the game last changed (a move, a new status): epoch seconds."""
    rematch_of: int | None = None
    """The finished game whose Rematch button opened this lobby; None otherwise."""
    language: str | None = None
    """The language of the game's public things (lang/); None: English."""


@dataclass(frozen=True, slots=True)
class Follower:
    """A member following a running game: the DM message that shows them its table."""

    game_id: int
    user_id: int
    language: str
    """The language they read when they asked to follow."""
    channel_id: int | None = None
    message_id: int | None = None
    """None until the DM is sent."""


@dataclass(frozen=True, slots=True)
class QuietHours:
    """A member's quiet hours (`/notify`): from and until, minutes after midnight in
    their time zone (an IANA name); until before from runs past midnight."""

    start: int
    end: int
    time_zone: str


@dataclass(frozen=True, slots=True)
class UserLanguage:
    """A member's language settings (lang/)."""

    chosen: str | None
    """The language they chose with /language; None: their client's."""
    client_locale: str | None
    """Their Discord client's locale when last seen ("fr", "en-US")."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int
    name: str
    dm_channel_id: int | None
    dm_message_id: int | None
    dm_signature: str | None
    dm_closed: bool
    controls_since: int = 0
    ai_level: str | None = None
    """"easy" or "hard" for a seat the computer plays; None for a person."""
    left_game: bool = False
    deadline: float | None = None
    """When an awaited person's time runs out (epoch seconds; the turn timer)."""
    reminded: bool = False
    expiries: int = 0
    """Turns in a row the timer played for this person."""
    replaced_user_id: int | None = None
    """The person whose seat the computer took over (kicked or absent); None otherwise."""
    kicked: bool = False
    """The computer took the seat over because its player was kicked (not absent)."""

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class Result:
    user_id: int
    place: int
    score: int
    best_round: int | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    games: int
    wins: int
    total: int
    best_round: int | None
    computer_wins: int = 0
    """Of the wins, those in games where the computer played a seat."""


def dumps(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


SELECT_GAMES = (
    "SELECT id, guild_id, channel_id, kind, options, status, host_id, header, state, version,"
    " table_message_id, turn_minutes, challenged_id, published_version, created_at,"
    " updated_at, rematch_of, language FROM games "
)


def game_row(row: Sequence[Any]) -> GameRow:
    return GameRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        kind=row[3],
        options=json.loads(row[4]),
        status=Status(row[5]),
        host_id=row[6],
        header=json.loads(row[7]) if row[7] is not None else None,
        state=json.loads(row[8]) if row[8] is not None else None,
        version=row[9],
        table_message_id=row[10],
        turn_minutes=row[11],
        challenged_id=row[12],
        published_version=row[13],
        created_at=row[14],
        updated_at=row[15],
        rematch_of=row[16],
        language=row[17],
    )


SELECT_SEATS = (
    "SELECT game_id, seat, user_id, name, dm_channel_id, dm_message_id, dm_signature,"
    " dm_closed, controls_since, ai_level, left_game, deadline, reminded, expiries,"
    " replaced_user_id, kicked FROM seats "
)


def seat_row(row: Sequence[Any]) -> SeatRow:
    return SeatRow(
        game_id=row[0],
        seat=row[1],
        user_id=row[2],
        name=row[3],
        dm_channel_id=row[4],
        dm_message_id=row[5],
        dm_signature=row[6],
        dm_closed=bool(row[7]),
        controls_since=row[8],
        ai_level=row[9],
        left_game=bool(row[10]),
        deadline=row[11],
        reminded=bool(row[12]),
        expiries=row[13],
        replaced_user_id=row[14],
        kicked=bool(row[15]),
    )
