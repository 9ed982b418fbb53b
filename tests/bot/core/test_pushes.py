"""Who a new hand message notifies (bot/core/pushes.py), on a clock the test moves: a
member present for `AWAY_MINUTES` clock minutes after their last action, away after;
their `/notify` choice read from a real database. The end-to-end proof is
tests/bot/exts/test_pushes.py."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.core.pushes import AWAY_MINUTES, Pushes, within
from bot.core.storage import QuietHours


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_member_is_present_for_the_window_after_acting_then_away(tmp_path, opened):
    storage = await opened(tmp_path / "bot.sqlite3")
    clock = Clock()
    pushes = Pushes(storage, minute=0.5, clock=clock)
    assert pushes.window == AWAY_MINUTES * 0.5
    assert not pushes.present(100)  # never seen (or seen before a restart)
    pushes.acted(100)
    clock.now += pushes.window
    assert pushes.present(100)
    assert not await pushes.notifies(100, turn=True, first=False, asked=False)
    assert await pushes.notifies(100, turn=False, first=True, asked=False)
    assert await pushes.notifies(100, turn=True, first=False, asked=True)
    clock.now += 0.01
    assert not pushes.present(100)
    assert await pushes.notifies(100, turn=True, first=False, asked=False)
    assert not await pushes.notifies(100, turn=False, first=False, asked=False)


async def test_members_who_left_are_forgotten_as_others_act(tmp_path, opened):
    storage = await opened(tmp_path / "bot.sqlite3")
    clock = Clock()
    pushes = Pushes(storage, minute=60.0, clock=clock)
    pushes.acted(100)
    clock.now += pushes.window + 1
    pushes.acted(101)
    assert list(pushes._acted) == [101]


async def test_every_turn_and_never_override_the_window(tmp_path, opened):
    storage = await opened(tmp_path / "bot.sqlite3")
    pushes = Pushes(storage, minute=60.0, clock=Clock())
    await storage.set_user_notify(100, "every")
    await storage.set_user_notify(101, "never")
    await storage.set_user_notify(102, "nonsense")  # an unknown value: the default
    for user_id in (100, 101, 102):
        pushes.acted(user_id)
    assert await pushes.notifies(100, turn=True, first=False, asked=False)
    for first, asked in ((True, False), (False, True), (False, False)):
        assert not await pushes.notifies(101, turn=True, first=first, asked=asked)
    assert not await pushes.notifies(102, turn=True, first=False, asked=False)
    assert await pushes.notifies(102, turn=True, first=True, asked=False)


async def test_the_latest_interaction_and_answers_posted_since_are_kept_while_present(
    tmp_path, opened
):
    storage = await opened(tmp_path / "bot.sqlite3")
    clock = Clock()
    pushes = Pushes(storage, minute=1.0, clock=clock)
    pushes.answered(100)  # not present: nothing to keep
    assert not pushes.answered_since(100, 0.0)
    pushes.acted(100, 7)
    assert pushes.latest(100) == 7
    moved = pushes.now()
    clock.now += 0.1
    assert not pushes.answered_since(100, moved)
    pushes.answered(100)  # a refusal posted under the hand message after the move
    assert pushes.answered_since(100, moved)
    assert not pushes.answered_since(100, pushes.now())
    pushes.acted(100, 8)
    assert pushes.latest(100) == 8
    clock.now += pushes.window + 1
    assert pushes.latest(100) is None  # away: nothing is known of what they look at
    pushes.acted(101, 9)  # others acting forget the members who left
    assert list(pushes._acted) == [101] and not pushes.answered_since(100, 0.0)


def at(hour: int, minute: int = 0, zone: str = "Europe/Paris") -> float:
    """A moment of 2026-11-29 at that time of day in `zone`, as the wall clock reads it."""
    return datetime(2026, 11, 29, hour, minute, tzinfo=ZoneInfo(zone)).timestamp()


def test_quiet_hours_run_through_midnight_in_the_members_time_zone():
    night = QuietHours(22 * 60, 7 * 60, "Europe/Paris")
    assert within(night, at(23, 30)) and within(night, at(6, 59)) and within(night, at(22))
    assert not within(night, at(7)) and not within(night, at(12)) and not within(night, at(21, 59))
    # Read in Paris wherever the moment is written: 16:30 in New York is 22:30 there.
    assert within(night, at(16, 30, "America/New_York"))
    assert not within(night, at(12, 0, "America/New_York"))  # 18:00 in Paris
    lunch = QuietHours(12 * 60, 14 * 60, "Asia/Tokyo")
    assert within(lunch, at(13, zone="Asia/Tokyo")) and not within(lunch, at(14, zone="Asia/Tokyo"))
    assert not within(QuietHours(0, 23 * 60, "Mars/Olympus"), at(12))  # unknown: never quiet


async def test_in_quiet_hours_no_turn_notifies_whatever_else_was_chosen(tmp_path, opened):
    storage = await opened(tmp_path / "bot.sqlite3")
    wall = Clock()
    pushes = Pushes(storage, minute=0.5, clock=Clock(), wall=wall)
    await storage.set_user_notify(100, "every")
    await storage.set_user_quiet(100, QuietHours(22 * 60, 7 * 60, "Europe/Paris"))
    wall.now = at(23, 30)
    assert not await pushes.notifies(100, turn=True, first=False, asked=False)
    assert not await pushes.notifies(100, turn=False, first=True, asked=True)
    wall.now = at(7, 30)
    assert await pushes.notifies(100, turn=True, first=False, asked=False)
