"""Who a new hand message notifies (bot/core/pushes.py), on a clock the test moves: a
member present for `AWAY_MINUTES` clock minutes after their last action, away after;
their `/notify` choice read from a real database. The end-to-end proof is
tests/bot/exts/test_pushes.py."""

from __future__ import annotations

from bot.core.pushes import AWAY_MINUTES, Pushes


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
