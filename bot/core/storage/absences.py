"""The members' vacations (`/away`, bot/core/absences.py): from when until when each is
away, in seconds since the epoch, kept after they end (they count in the year's
allowance); and the running games whose clocks a vacation stops. Mixed into `Storage`.

A vacation is judged and written in one transaction under the member's own lock, so
that two `/away` at once cannot both pass the checks that each alone would."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.core.storage.driver import Driver, Row


@dataclass(frozen=True, slots=True)
class Absence:
    """One vacation as stored: `starts` to `ends` (the first moment back)."""

    user_id: int
    starts: float
    ends: float


Judge = Callable[[list["Absence"]], None]
"""Looks at the member's vacations before a change; raises to refuse it (nothing is
written)."""
Choose = Callable[[list["Absence"]], tuple["Absence", float]]
"""Picks, among the member's vacations, the one to end and its new end (at or before its
start: it is cancelled); raises to refuse."""


def _rows(rows: Sequence[Row]) -> list[Absence]:
    return [Absence(int(row[0]), float(row[1]), float(row[2])) for row in rows]


SELECT_ABSENCES = "SELECT user_id, starts, ends FROM absences WHERE user_id = ?"


class AbsenceRows:
    """Mixed into `Storage`: the vacations' reads and writes."""

    _driver: Driver

    async def absences(self, user_id: int, since: float | None = None) -> list[Absence]:
        """The member's vacations, earliest first; with `since`, those not over by then."""
        if since is None:
            rows = await self._driver.fetch_all(SELECT_ABSENCES + " ORDER BY starts", (user_id,))
        else:
            rows = await self._driver.fetch_all(
                SELECT_ABSENCES + " AND ends > ? ORDER BY starts", (user_id, since)
            )
        return _rows(rows)

    async def away_now(self, user_ids: Sequence[int], at: float) -> list[Absence]:
        """The vacations of these members (a table's few) under way at `at`, or later."""
        found: list[Absence] = []
        for user_id in user_ids:
            found.extend(await self.absences(user_id, since=at))
        return found

    async def add_absence(self, user_id: int, starts: float, ends: float, judge: Judge) -> None:
        """The vacation stored, once `judge` saw the member's others and let it be."""
        async with self._driver.transaction() as transaction:
            await transaction.lock(f"absences {user_id}")
            rows = await transaction.fetch_all(SELECT_ABSENCES + " ORDER BY starts", (user_id,))
            judge(_rows(rows))
            await transaction.execute(
                "INSERT INTO absences (user_id, starts, ends) VALUES (?, ?, ?)",
                (user_id, starts, ends),
            )

    async def end_absence(self, user_id: int, choose: Choose) -> tuple[Absence, float]:
        """The vacation `choose` picks ended at the moment it says (deleted when that is
        not after its start: cancelled); that vacation and its new end."""
        async with self._driver.transaction() as transaction:
            await transaction.lock(f"absences {user_id}")
            rows = await transaction.fetch_all(SELECT_ABSENCES + " ORDER BY starts", (user_id,))
            chosen, ends = choose(_rows(rows))
            if ends <= chosen.starts:
                await transaction.execute(
                    "DELETE FROM absences WHERE user_id = ? AND starts = ?",
                    (user_id, chosen.starts),
                )
            else:
                await transaction.execute(
                    "UPDATE absences SET ends = ? WHERE user_id = ? AND starts = ?",
                    (ends, user_id, chosen.starts),
                )
        return chosen, ends

    async def time_zone(self, user_id: int) -> str | None:
        """The member's time zone (`/notify`), None when they chose none."""
        row = await self._driver.fetch_one(
            "SELECT time_zone FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return None if row is None or row[0] is None else str(row[0])

    async def slow_games_of(self, user_id: int, slowest: int) -> list[int]:
        """The running games where the member plays a seat (not handed to the computer)
        with a turn deadline of at least `slowest` minutes: those a vacation stops."""
        rows = await self._driver.fetch_all(
            "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.status = 'running' AND games.turn_minutes >= ?"
            " AND seats.user_id = ? AND seats.ai_level IS NULL AND seats.left_game = 0"
            " ORDER BY games.id",
            (slowest, user_id),
        )
        return [int(row[0]) for row in rows]
