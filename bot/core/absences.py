"""Members' vacations (`/away`): judged, stored, and asked about ("is ann away at t, and
until when"); and the arithmetic of a turn clock that stands still while its player is
away (bot/core/turns.py runs it).

A vacation lasts from the start of its first day to the end of its last, in the
member's time zone (`/notify`'s, UTC when they chose none); one starting today starts
now, since a clock cannot stop in the past. Vacations never overlap: a second one over
the days of another is refused (rather than merged, which would change dates the
member did not type). A member has `VACATION_DAYS` a calendar year: every day a
vacation touches counts whole, in the year it falls in; a vacation ended early counts
the days up to its end, a cancelled one nothing.

The clock: a turn's time runs only while its player is not away. Its stored deadline is
always the true one, vacations counted (`deadline_after`), so that every reader (the
table, `/games`, another process) sees it; when a member's vacations change, each of
their running deadlines is worked out again from the time it had left (`moved`).
"""

from __future__ import annotations

import datetime as dt
import time
import zoneinfo
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.core.clock import SYSTEM_CLOCK, Clock
from bot.core.errors import Refusal
from bot.core.limits import VACATION_AHEAD_DAYS, VACATION_DAYS, slow
from bot.core.storage import GameRow, SeatRow, Storage
from bot.core.storage.absences import Absence
from games.text import _, _n, literal

Span = tuple[float, float]
"""A vacation's start and end (the first moment back), in seconds since the epoch."""
Changed = Callable[[int, Sequence[Span], Sequence[Span]], Awaitable[None]]
"""Told of a member's vacations before and after a change (the turns service moves
their deadlines)."""
UTC = zoneinfo.ZoneInfo("UTC")
SHOWN_AHEAD_SECONDS = 7 * 24 * 3600
"""A table says of a planned vacation once it begins within a week (a slow game's
longest turn): the players see it coming, and a table not redrawn when it begins still
tells the truth."""

# -- the clock ------------------------------------------------------------------------


def spans(absences: Sequence[Absence]) -> list[Span]:
    return sorted((absence.starts, absence.ends) for absence in absences)


def away_at(vacations: Sequence[Span], moment: float) -> Span | None:
    """The vacation under way at `moment`, if any."""
    return next(((s, e) for s, e in vacations if s <= moment < e), None)


def remaining(now: float, deadline: float, vacations: Sequence[Span]) -> float:
    """The turn time left at `now` before `deadline`: the time between, less the time
    spent away."""
    left = max(0.0, deadline - now)
    for starts, ends in vacations:
        left -= max(0.0, min(ends, deadline) - max(starts, now))
    return max(0.0, left)


def deadline_after(begin: float, left: float, vacations: Sequence[Span]) -> float:
    """When `left` seconds of turn time run out, counted from `begin`, standing still
    while away: a turn begun during a vacation gets its whole time from the vacation's
    end."""
    moment = begin
    for starts, ends in sorted(vacations):
        if ends <= moment:
            continue
        if starts >= moment + left:
            break
        left -= max(0.0, starts - moment)
        moment = ends
    return moment + left


def moment_left(deadline: float, left: float, vacations: Sequence[Span]) -> float:
    """The last moment at which `left` seconds of turn time remain before `deadline`
    (the half-time reminder's), never while away."""
    moment = deadline
    for starts, ends in sorted(vacations, reverse=True):
        if starts >= moment:
            continue
        if ends <= moment - left:
            break
        left -= max(0.0, moment - ends)
        moment = starts
    return moment - left


def moved(deadline: float, now: float, before: Sequence[Span], after: Sequence[Span]) -> float:
    """A running turn's deadline once the player's vacations changed from `before` to
    `after` at `now`: the same time left, counted with the new vacations."""
    return deadline_after(now, remaining(now, deadline, before), after)


# -- days -------------------------------------------------------------------------------


def local_day(moment: float, zone: dt.tzinfo) -> dt.date:
    return dt.datetime.fromtimestamp(moment, zone).date()


def last_day(ends: float, zone: dt.tzinfo) -> dt.date:
    """The last day a vacation touches: the day before, when it ends at midnight."""
    local = dt.datetime.fromtimestamp(ends, zone)
    return local.date() - dt.timedelta(days=1) if local.time() == dt.time() else local.date()


def day_start(day: dt.date, zone: dt.tzinfo) -> float:
    return dt.datetime.combine(day, dt.time(), zone).timestamp()


def days_by_year(starts: float, ends: float, zone: dt.tzinfo) -> dict[int, int]:
    """The days a vacation touches, by calendar year of `zone`."""
    counted: dict[int, int] = {}
    if ends <= starts:
        return counted
    day, last = local_day(starts, zone), last_day(ends, zone)
    while day <= last:
        counted[day.year] = counted.get(day.year, 0) + 1
        day += dt.timedelta(days=1)
    return counted


def used_in(year: int, absences: Sequence[Absence], zone: dt.tzinfo) -> int:
    return sum(days_by_year(a.starts, a.ends, zone).get(year, 0) for a in absences)


def parse_day(typed: str, today: dt.date) -> dt.date:
    """A date typed as YYYY-MM-DD (autocomplete offers them); `Refusal` otherwise."""
    try:
        return dt.date.fromisoformat(typed.strip())
    except ValueError:
        example = literal((today + dt.timedelta(days=7)).isoformat())
        raise Refusal(
            _(
                "I cannot read {typed} as a date: write it as YYYY-MM-DD (year, month, day), "
                "for example {example}.",
                typed=typed,
                example=example,
            )
        ) from None


# -- the service --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outlook:
    """A member's vacations not yet over (earliest first), in their time zone, and the
    days left of this year's allowance."""

    zone: dt.tzinfo
    vacations: tuple[Absence, ...]
    year: int
    days_left: int
    now: float


class Absences:
    """The vacations' service. `changed` hears of every change (the turns service)."""

    def __init__(
        self, storage: Storage, clock: Clock = SYSTEM_CLOCK, changed: Changed | None = None
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.changed = changed

    async def zone(self, user_id: int) -> dt.tzinfo:
        """The member's time zone, UTC when they chose none."""
        return await zone_of(self.storage, user_id)

    async def away(self, user_id: int, at: float | None = None) -> float | None:
        """Until when the member is away at `at` (now), None if they are not."""
        moment = self.clock.time() if at is None else at
        found = away_at(spans(await self.storage.absences(user_id, since=moment)), moment)
        return None if found is None else found[1]

    async def outlook(self, user_id: int) -> Outlook:
        zone = await self.zone(user_id)
        now = self.clock.time()
        every = await self.storage.absences(user_id)
        year = local_day(now, zone).year
        left = max(0, VACATION_DAYS - used_in(year, every, zone))
        return Outlook(zone, tuple(a for a in every if a.ends > now), year, left, now)

    async def plan(self, user_id: int, first: str | None, last: str | None) -> Absence:
        """A vacation from the start of `first` (now when None) to the end of `last`,
        stored once judged; `Refusal` in words otherwise."""
        zone = await self.zone(user_id)
        now = self.clock.time()
        today = local_day(now, zone)
        if last is None:
            raise Refusal(_("Say until when you are away (the last day of your vacation, until:)."))
        begins = today if first is None else parse_day(first, today)
        ends_on = parse_day(last, today)
        if begins < today:
            raise Refusal(
                _(
                    "{day} is already past: a vacation starts today at the earliest.",
                    day=literal(begins.isoformat()),
                )
            )
        if ends_on < begins:
            raise Refusal(
                _(
                    "A vacation cannot end before it begins: {last} is before {first}.",
                    last=literal(ends_on.isoformat()),
                    first=literal(begins.isoformat()),
                )
            )
        latest = today + dt.timedelta(days=VACATION_AHEAD_DAYS)
        if ends_on > latest:
            raise Refusal(
                _(
                    "A vacation can be planned at most a year ahead: its last day on "
                    "{latest} at the latest.",
                    latest=literal(latest.isoformat()),
                )
            )
        starts = max(now, day_start(begins, zone))
        ends = day_start(ends_on + dt.timedelta(days=1), zone)

        before: list[Span] = []

        def judge(others: list[Absence]) -> None:
            before[:] = spans(others)
            for other in others:
                if other.starts < ends and starts < other.ends:
                    raise Refusal(
                        _(
                            "You are already away from {first} to {last}: end that vacation "
                            "first (end:), or choose other days.",
                            first=literal(local_day(other.starts, zone).isoformat()),
                            last=literal(last_day(other.ends, zone).isoformat()),
                        )
                    )
            for year, days in sorted(days_by_year(starts, ends, zone).items()):
                left = VACATION_DAYS - used_in(year, others, zone)
                if days > left:
                    raise Refusal(
                        _n(
                            "That vacation takes {count} day of {year}, and only {left} of "
                            "the year's {most} are left.",
                            "That vacation takes {count} days of {year}, and only {left} of "
                            "the year's {most} are left.",
                            days,
                            year=year,
                            left=max(0, left),
                            most=VACATION_DAYS,
                        )
                    )

        await self.storage.add_absence(user_id, starts, ends, judge)
        planned = Absence(user_id, starts, ends)
        await self._changed(user_id, before)
        return planned

    async def end(self, user_id: int, day: str | None = None) -> tuple[Absence, float]:
        """The vacation under way ended now, or a planned one cancelled: the one that
        touches `day` if given, else the one under way, else the next one. The vacation
        as it was and its new end (at its start: cancelled)."""
        zone = await self.zone(user_id)
        now = self.clock.time()
        chosen_day = None if day is None else parse_day(day, local_day(now, zone))

        before: list[Span] = []

        def choose(every: list[Absence]) -> tuple[Absence, float]:
            before[:] = spans(every)
            coming = [a for a in every if a.ends > now]
            if chosen_day is not None:
                coming = [
                    a
                    for a in coming
                    if local_day(a.starts, zone) <= chosen_day <= last_day(a.ends, zone)
                ]
            if not coming:
                if chosen_day is not None:
                    raise Refusal(
                        _(
                            "You have no vacation on {day} to end.",
                            day=literal(chosen_day.isoformat()),
                        )
                    )
                raise Refusal(_("You have no vacation to end: you are not away."))
            chosen = coming[0]
            return chosen, max(now, chosen.starts)

        ended = await self.storage.end_absence(user_id, choose)
        await self._changed(user_id, before)
        return ended

    async def _changed(self, user_id: int, before: list[Span]) -> None:
        if self.changed is not None:
            after = spans(await self.storage.absences(user_id))
            await self.changed(user_id, before, after)


# -- what a table says -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Away:
    """A player's vacation as a table shows it: under way or coming, its first and last
    days in the player's time zone."""

    starts: float
    ends: float
    first: dt.date
    last: dt.date
    under_way: bool


async def zone_of(storage: Storage, user_id: int) -> dt.tzinfo:
    """The member's time zone, UTC when they chose none (or one no longer known)."""
    name = await storage.time_zone(user_id)
    try:
        return zoneinfo.ZoneInfo(name) if name else UTC
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return UTC


async def seats_away(
    storage: Storage, row: GameRow, seats: Sequence[SeatRow], now: float | None = None
) -> dict[str, Away]:
    """The players of a running slow game away now or within `SHOWN_AHEAD_SECONDS`, by
    seat name (their next vacation)."""
    if not slow(row):
        return {}
    moment = time.time() if now is None else now
    found: dict[str, Away] = {}
    for seat in seats:
        if seat.is_ai or seat.left_game:
            continue
        coming = await storage.absences(seat.user_id, since=moment)
        if not coming or coming[0].starts > moment + SHOWN_AHEAD_SECONDS:
            continue
        first = coming[0]
        zone = await zone_of(storage, seat.user_id)
        found[seat.name] = Away(
            first.starts,
            first.ends,
            local_day(first.starts, zone),
            last_day(first.ends, zone),
            first.starts <= moment,
        )
    return found
