"""Vacations (`/away`, bot/core/absences.py) judged and stored on both databases: every
refusal on its words, the yearly allowance counted across a year's end and for a
vacation ended early, "is ann away, until when"; the clock's arithmetic; and, through
the turns service in process, a slow game's clock standing still while its player is
away (the whole journey through Discord: tests/bot/exts/test_away.py)."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Awaitable, Callable
from zoneinfo import ZoneInfo

import pytest

from bot.core.absences import (
    Absences,
    days_by_year,
    deadline_after,
    moment_left,
    moved,
    remaining,
    seats_away,
)
from bot.core.errors import Refusal
from bot.core.limits import VACATION_DAYS
from bot.core.storage import QuietHours, Storage
from bot.core.table_lines import day_words
from bot.core.table_words import table_message_words
from tests.bot.core.harness import MovedClock, run_clock, services

ANN, BOB = 10, 11
HOUR = 3600.0
DAY = 24 * HOUR
PARIS = ZoneInfo("Europe/Paris")


class StillClock:
    """A clock standing at one moment, which the test sets."""

    def __init__(self, moment: dt.datetime) -> None:
        self.now = moment.timestamp()

    def time(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)

    async def wait(self, event: asyncio.Event, timeout: float) -> bool:
        return event.is_set()


def at(text: str) -> dt.datetime:
    """A moment in Paris: "2026-12-20 15:00"."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=PARIS)


Opener = Callable[[str], Awaitable[Storage]]


async def paris_member(where: str, opened: Opener, moment: str) -> tuple[Storage, Absences]:
    storage = await opened(where)
    await storage.set_user_quiet(ANN, QuietHours(22 * 60, 7 * 60, "Europe/Paris"))
    return storage, Absences(storage, StillClock(at(moment)))


async def refused(planning: Awaitable[object]) -> str:
    with pytest.raises(Refusal) as caught:
        await planning
    return str(caught.value)


# -- the clock's arithmetic -------------------------------------------------------------


def test_a_turns_time_stands_still_while_away():
    # A day's turn begun at 0; away from hour 6 to hour 30.
    away = [(6 * HOUR, 30 * HOUR)]
    assert deadline_after(0, DAY, away) == 48 * HOUR
    assert remaining(0, 48 * HOUR, away) == DAY
    assert remaining(20 * HOUR, 48 * HOUR, away) == 18 * HOUR  # stood still at 18 left
    # Half of it is left 6 hours after the return, never during the vacation.
    assert moment_left(48 * HOUR, 12 * HOUR, away) == 36 * HOUR
    # A turn begun during the vacation has its whole day from the vacation's end.
    assert deadline_after(10 * HOUR, DAY, away) == 54 * HOUR
    # A vacation after the deadline changes nothing.
    assert deadline_after(0, DAY, [(25 * HOUR, 30 * HOUR)]) == DAY


def test_a_deadline_moves_with_its_players_vacations():
    # Set at hour 6 while 18 hours were left: they are left after the vacation.
    assert moved(DAY, 6 * HOUR, [], [(6 * HOUR, 30 * HOUR)]) == 48 * HOUR
    # Ended early at hour 10: the 18 hours run from then.
    assert moved(48 * HOUR, 10 * HOUR, [(6 * HOUR, 30 * HOUR)], [(6 * HOUR, 10 * HOUR)]) == (
        28 * HOUR
    )
    # A planned one cancelled: the deadline is the old one again.
    planned = [(12 * HOUR, 20 * HOUR)]
    assert moved(DAY + 8 * HOUR, 2 * HOUR, planned, []) == DAY


def test_days_count_whole_in_the_year_they_fall_in():
    starts, ends = at("2026-12-30 15:00").timestamp(), at("2027-01-03 00:00").timestamp()
    assert days_by_year(starts, ends, PARIS) == {2026: 2, 2027: 2}


# -- judged and stored --------------------------------------------------------------------


async def test_the_refusals_say_what_is_wrong(where, opened):
    _storage, absences = await paris_member(where, opened, "2026-06-10 15:00")
    said = await refused(absences.plan(ANN, None, "10/07/2026"))
    assert said == (
        "I cannot read 10/07/2026 as a date: write it as YYYY-MM-DD (year, month, day), "
        "for example 2026-06-17."
    )
    said = await refused(absences.plan(ANN, "2026-06-09", "2026-06-12"))
    assert said == "2026-06-09 is already past: a vacation starts today at the earliest."
    said = await refused(absences.plan(ANN, "2026-06-20", "2026-06-12"))
    assert said == "A vacation cannot end before it begins: 2026-06-12 is before 2026-06-20."
    said = await refused(absences.plan(ANN, "2027-06-01", "2027-06-12"))
    assert said == (
        "A vacation can be planned at most a year ahead: its last day on 2027-06-10 at the latest."
    )
    said = await refused(absences.plan(ANN, "2026-07-01", None))
    assert said == "Say until when you are away (the last day of your vacation, until:)."
    said = await refused(absences.plan(ANN, "2026-07-01", "2026-08-05"))
    assert said == "That vacation takes 36 days of 2026, and only 30 of the year's 30 are left."
    said = await refused(absences.end(ANN))
    assert said == "You have no vacation to end: you are not away."

    await absences.plan(ANN, "2026-07-01", "2026-07-10")
    said = await refused(absences.plan(ANN, "2026-07-10", "2026-07-12"))
    assert said == (
        "You are already away from 2026-07-01 to 2026-07-10: end that vacation first (end:), "
        "or choose other days."
    )
    said = await refused(absences.plan(ANN, "2026-08-01", "2026-08-25"))
    assert said == "That vacation takes 25 days of 2026, and only 20 of the year's 30 are left."
    said = await refused(absences.end(ANN, "2026-09-01"))
    assert said == "You have no vacation on 2026-09-01 to end."
    assert VACATION_DAYS == 30


async def test_the_allowance_counts_each_year_apart(where, opened):
    storage, absences = await paris_member(where, opened, "2026-12-20 15:00")
    # Over the year's end: 5 days of 2026 (27 to 31), 3 of 2027.
    await absences.plan(ANN, "2026-12-27", "2027-01-03")
    outlook = await absences.outlook(ANN)
    assert (outlook.year, outlook.days_left) == (2026, 25)
    # 2027 has 27 days left: 28 are too many, 27 fit.
    said = await refused(absences.plan(ANN, "2027-02-01", "2027-02-28"))
    assert said == "That vacation takes 28 days of 2027, and only 27 of the year's 30 are left."
    await absences.plan(ANN, "2027-02-01", "2027-02-27")
    # BOB, in UTC, has his own allowance.
    other = Absences(storage, absences.clock)
    await other.plan(BOB, None, "2026-12-31")
    assert (await other.outlook(BOB)).days_left == 30 - 12


async def test_a_vacation_ended_early_counts_the_days_used(where, opened):
    _storage, absences = await paris_member(where, opened, "2026-03-02 09:00")
    planned = await absences.plan(ANN, None, "2026-03-21")  # from now: 20 days
    assert planned.starts == absences.clock.time()
    assert (await absences.outlook(ANN)).days_left == 10
    assert await absences.away(ANN) == at("2026-03-22 00:00").timestamp()
    assert await absences.away(ANN, at("2026-03-22 00:00").timestamp()) is None
    assert await absences.away(BOB) is None

    clock = absences.clock
    assert isinstance(clock, StillClock)
    clock.now = at("2026-03-05 18:00").timestamp()  # back on the fourth day
    ended, ends = await absences.end(ANN)
    assert (ended.starts, ends) == (planned.starts, clock.now)
    assert await absences.away(ANN) is None
    assert (await absences.outlook(ANN)).days_left == 30 - 4
    # A planned one cancelled counts nothing.
    await absences.plan(ANN, "2026-04-01", "2026-04-10")
    assert (await absences.outlook(ANN)).days_left == 30 - 4 - 10
    cancelled, ends = await absences.end(ANN, "2026-04-03")
    assert ends <= cancelled.starts
    outlook = await absences.outlook(ANN)
    assert outlook.days_left == 26 and outlook.vacations == ()


# -- the clock of a slow game ------------------------------------------------------------


async def test_a_slow_games_clock_stands_still_while_its_player_is_away(tmp_path):
    clock = MovedClock()
    async with services(tmp_path, clock, ai_delay=0.0, timer_minute=60.0) as bot:
        people = [(ANN, "ann"), (BOB, "bob")]
        session = await bot.start_game("graps", people, [], turn_minutes=24 * 60)
        name = session.engine.awaiting[0]
        user = ANN if name == "ann" else BOB
        absences = Absences(bot.storage, clock, bot.turns.vacations_changed)

        async def seat_deadline() -> float | None:
            seat = next(s for s in await bot.storage.seats(session.id) if s.name == name)
            return seat.deadline

        await bot.until(seat_deadline, "the first deadline stored")
        old = await seat_deadline()
        assert old is not None
        await clock.advance(6 * HOUR)  # 18 hours left
        today = dt.datetime.fromtimestamp(clock.time(), dt.UTC).date()
        until = today + dt.timedelta(days=2)
        planned = await absences.plan(user, None, until.isoformat())
        assert any(s.what == "refresh" for s in bot.screen.shown)  # the table says so
        away = await seats_away(bot.storage, session.row, session.seats, clock.time())
        assert away[name].under_way and away[name].last == until
        words = table_message_words(session, 60.0, away=away)
        line = next(line for line in words.top.splitlines() if f"**{name}**" in line)
        assert line.endswith(f" · away until {day_words(until, 'en')}")
        assert await seat_deadline() == pytest.approx(planned.ends + 18 * HOUR)

        # Past the old deadline, and on until the return: nothing.
        await clock.advance(planned.ends - clock.time() - 1)
        assert clock.time() > old
        assert not [s for s in bot.screen.shown if s.what in ("remind", "say")]
        # Half the day is left 6 hours after the return: the reminder; then the end.
        reminded = await run_clock(
            clock, lambda: any(s.what == "remind" for s in bot.screen.shown), "a reminder", HOUR
        )
        back = planned.ends - (clock.time() - clock.monotonic())
        assert back + 5 * HOUR <= reminded <= back + 7 * HOUR
        ran_out = await run_clock(
            clock, lambda: any("ran out" in t for t in bot.screen.said()), "the expiry", HOUR
        )
        assert back + 17 * HOUR <= ran_out <= back + 19 * HOUR


async def test_ending_a_vacation_early_runs_the_clock_from_where_it_stood(tmp_path):
    clock = MovedClock()
    async with services(tmp_path, clock, ai_delay=0.0, timer_minute=60.0) as bot:
        people = [(ANN, "ann"), (BOB, "bob")]
        session = await bot.start_game("graps", people, [], turn_minutes=24 * 60)
        name = session.engine.awaiting[0]
        user = ANN if name == "ann" else BOB
        absences = Absences(bot.storage, clock, bot.turns.vacations_changed)

        async def seat_deadline() -> float | None:
            seat = next(s for s in await bot.storage.seats(session.id) if s.name == name)
            return seat.deadline

        await bot.until(seat_deadline, "the first deadline stored")
        await clock.advance(4 * HOUR)  # 20 hours left
        today = dt.datetime.fromtimestamp(clock.time(), dt.UTC).date()
        await absences.plan(user, None, (today + dt.timedelta(days=5)).isoformat())
        await clock.advance(30 * HOUR)
        await absences.end(user)
        assert await seat_deadline() == pytest.approx(clock.time() + 20 * HOUR)
        ran_out = await run_clock(
            clock, lambda: any("ran out" in t for t in bot.screen.said()), "the expiry", HOUR
        )
        assert 53 * HOUR <= ran_out <= 55 * HOUR


async def test_a_turn_begun_while_away_has_its_whole_time_from_the_return(tmp_path):
    clock = MovedClock()
    async with services(tmp_path, clock, ai_delay=0.0, timer_minute=60.0) as bot:
        people = [(ANN, "ann"), (BOB, "bob")]
        session = await bot.start_game("graps", people, [], turn_minutes=24 * 60)
        mover = session.engine.awaiting[0]
        other, other_id = ("bob", BOB) if mover == "ann" else ("ann", ANN)
        today = dt.datetime.fromtimestamp(clock.time(), dt.UTC).date()
        absences = Absences(bot.storage, clock, bot.turns.vacations_changed)
        planned = await absences.plan(other_id, None, today.isoformat())
        await bot.sessions.act(session.id, session.user_of(mover), lambda hand: hand.legal[0])
        seat = next(s for s in await bot.storage.seats(session.id) if s.name == other)
        assert seat.deadline == pytest.approx(planned.ends + DAY)
