"""Game nights (bot/core/gamenights.py): each night, the Discord scheduled event it made,
its status, and the games it opened at its time. Mixed into `Storage`.

A night's status moves on only by a conditional UPDATE (`move_night`): of two processes
sharing the database, or of one process before and after a restart, one alone opens,
ends or cancels a night."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.core.storage.driver import Driver


class NightStatus(StrEnum):
    """Scheduled until its time, open while its games last, then ended; or cancelled."""

    SCHEDULED = "scheduled"
    OPEN = "open"
    ENDED = "ended"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class NightRow:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    host_id: int
    host_name: str
    event_id: int | None
    starts: float
    voice_channel_id: int | None
    note: str | None
    language: str | None
    status: NightStatus
    created_at: float


SELECT_NIGHTS = (
    "SELECT id, guild_id, channel_id, kind, host_id, host_name, event_id, starts,"
    " voice_channel_id, note, language, status, created_at FROM game_nights "
)


def night_row(row: Sequence[Any]) -> NightRow:
    return NightRow(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        kind=str(row[3]),
        host_id=int(row[4]),
        host_name=str(row[5]),
        event_id=None if row[6] is None else int(row[6]),
        starts=float(row[7]),
        voice_channel_id=None if row[8] is None else int(row[8]),
        note=row[9],
        language=row[10],
        status=NightStatus(row[11]),
        created_at=float(row[12]),
    )


class GameNights:
    """Mixed into `Storage`: the game nights' reads and writes."""

    _driver: Driver

    async def add_night(
        self,
        guild_id: int,
        channel_id: int,
        kind: str,
        host_id: int,
        host_name: str,
        event_id: int,
        starts: float,
        voice_channel_id: int | None,
        note: str | None,
        language: str | None,
    ) -> int:
        """A new night, scheduled; its id."""
        async with self._driver.transaction() as transaction:
            row = await transaction.fetch_one(
                "INSERT INTO game_nights (guild_id, channel_id, kind, host_id, host_name, event_id,"
                " starts, voice_channel_id, note, language, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'scheduled', ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    kind,
                    host_id,
                    host_name,
                    event_id,
                    starts,
                    voice_channel_id,
                    note,
                    language,
                    time.time(),
                ),
            )
        assert row is not None
        return int(row[0])

    async def night(self, night_id: int) -> NightRow | None:
        row = await self._driver.fetch_one(SELECT_NIGHTS + "WHERE id = ?", (night_id,))
        return None if row is None else night_row(row)

    async def night_of_event(self, event_id: int) -> NightRow | None:
        """The night that made this scheduled event, if one did."""
        row = await self._driver.fetch_one(SELECT_NIGHTS + "WHERE event_id = ?", (event_id,))
        return None if row is None else night_row(row)

    async def nights(self, status: NightStatus, guild_id: int | None = None) -> list[NightRow]:
        """The nights of a status (on one server, or all), soonest first."""
        if guild_id is None:
            rows = await self._driver.fetch_all(
                SELECT_NIGHTS + "WHERE status = ? ORDER BY starts, id", (status.value,)
            )
        else:
            rows = await self._driver.fetch_all(
                SELECT_NIGHTS + "WHERE status = ? AND guild_id = ? ORDER BY starts, id",
                (status.value, guild_id),
            )
        return [night_row(row) for row in rows]

    async def due_nights(self, now: float) -> list[NightRow]:
        """The scheduled nights whose time has come."""
        rows = await self._driver.fetch_all(
            SELECT_NIGHTS + "WHERE status = 'scheduled' AND starts <= ? ORDER BY starts, id",
            (now,),
        )
        return [night_row(row) for row in rows]

    async def move_night(self, night_id: int, before: NightStatus, after: NightStatus) -> bool:
        """The night's status set to `after` if it is `before`; whether it was (so that
        one caller alone makes each change)."""
        async with self._driver.transaction() as transaction:
            changed = await transaction.execute(
                "UPDATE game_nights SET status = ? WHERE id = ? AND status = ?",
                (after.value, night_id, before.value),
            )
        return changed > 0

    async def add_night_game(self, night_id: int, game_id: int) -> None:
        async with self._driver.transaction(game_id) as transaction:
            await transaction.execute(
                "INSERT INTO game_night_games (night_id, game_id) VALUES (?, ?)"
                " ON CONFLICT (night_id, game_id) DO NOTHING",
                (night_id, game_id),
            )

    async def night_games(self, night_id: int) -> dict[int, str]:
        """The games the night opened, with their status ("lobby", "running", ...)."""
        rows = await self._driver.fetch_all(
            "SELECT g.id, g.status FROM game_night_games n JOIN games g ON g.id = n.game_id"
            " WHERE n.night_id = ? ORDER BY g.id",
            (night_id,),
        )
        return {int(row[0]): str(row[1]) for row in rows}

    async def member_time_zone(self, user_id: int) -> str | None:
        """The time zone the member chose with `/notify`, in which they type a night's
        time; None when they chose none."""
        row = await self._driver.fetch_one(
            "SELECT time_zone FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return None if row is None or row[0] is None else str(row[0])
