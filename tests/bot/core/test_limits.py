"""How long things may wait (bot/core/limits.py), on a game's row as storage hands it out:
which games are slow, a turn's deadline, how long a lobby or challenge waits and when it
has expired, when a running game is idle or stale (longer for a slow game), the turn
timer chosen or the kind's, and the cooldown after a burst of new games. Minutes are the
bot's clock minutes (`minute` seconds each)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.core.limits import (
    CHALLENGE_MINUTES,
    IDLE_MINUTES,
    LOBBY_MINUTES,
    SLOW_LOBBY_MINUTES,
    SLOW_PACES,
    STALE_MINUTES,
    START_COOLDOWN_SECONDS,
    STARTS_IN_A_ROW,
    cooldown_left,
    idle,
    idle_minutes,
    lobby_expired,
    lobby_minutes,
    slow,
    stale,
    stale_minutes,
    turn_deadline,
    turn_minutes,
)
from bot.core.storage import GameRow, Status, Storage

ANN, BOB = 10, 11
DAY, WEEK = 24 * 60, 7 * 24 * 60
NOW = 1_800_000_000.0


@pytest.fixture
async def lobby(storage: Storage) -> GameRow:
    """A lobby as storage hands it out, opened and last changed at `NOW`."""
    game_id = await storage.create_game(1, 2, "grass", {}, ANN, "ann")
    row = await storage.game(game_id)
    assert row is not None and row.status == Status.LOBBY
    return dataclasses.replace(row, created_at=NOW, updated_at=NOW)


def test_a_game_is_slow_from_a_turn_deadline_of_an_hour(lobby: GameRow) -> None:
    def paced(minutes: int | None) -> bool:
        return slow(dataclasses.replace(lobby, turn_minutes=minutes))

    assert [paced(minutes) for minutes in (None, 0, 3, 59)] == [False] * 4
    assert all(paced(minutes) for minutes in SLOW_PACES)


def test_a_turn_deadline_runs_from_when_the_player_became_awaited() -> None:
    assert turn_deadline(None, False, NOW, 180.0) == NOW + 180  # none stored yet
    assert turn_deadline(NOW + 5, False, NOW + 100, 180.0) == NOW + 5  # kept, not renewed
    assert turn_deadline(NOW + 5, True, NOW + 100, 180.0) == NOW + 280  # their turn again


def test_a_lobby_waits_an_hour_a_challenge_a_quarter_and_a_slow_one_a_day(
    lobby: GameRow,
) -> None:
    challenge = dataclasses.replace(lobby, challenged_id=BOB)
    slow_challenge = dataclasses.replace(challenge, turn_minutes=WEEK)
    assert lobby_minutes(lobby) == LOBBY_MINUTES == 60
    assert lobby_minutes(challenge) == CHALLENGE_MINUTES == 15
    assert lobby_minutes(slow_challenge) == SLOW_LOBBY_MINUTES == DAY
    # Expired from its time on, at the bot's clock (a minute of 2 s here).
    assert not lobby_expired(challenge, 2.0, now=NOW + 15 * 2 - 1)
    assert lobby_expired(challenge, 2.0, now=NOW + 15 * 2)
    assert not lobby_expired(slow_challenge, 2.0, now=NOW + 15 * 2)
    # A game that started is no lobby, however old.
    running = dataclasses.replace(challenge, status=Status.RUNNING)
    assert not lobby_expired(running, 2.0, now=NOW + 10 * DAY * 2)


def test_a_running_game_is_idle_after_a_day_and_stale_after_a_week(lobby: GameRow) -> None:
    running = dataclasses.replace(lobby, status=Status.RUNNING, turn_minutes=3)
    assert (idle_minutes(running), stale_minutes(running)) == (IDLE_MINUTES, STALE_MINUTES)
    assert not idle(running, 1.0, now=NOW + DAY - 1) and idle(running, 1.0, now=NOW + DAY)
    assert not stale(running, 1.0, now=NOW + WEEK - 1) and stale(running, 1.0, now=NOW + WEEK)


def test_a_slow_game_is_idle_and_stale_only_after_two_of_its_deadlines(lobby: GameRow) -> None:
    weekly = dataclasses.replace(lobby, status=Status.RUNNING, turn_minutes=WEEK)
    assert (idle_minutes(weekly), stale_minutes(weekly)) == (2 * WEEK, 2 * WEEK)
    assert not idle(weekly, 1.0, now=NOW + WEEK) and idle(weekly, 1.0, now=NOW + 2 * WEEK)
    daily = dataclasses.replace(weekly, turn_minutes=DAY)
    assert (idle_minutes(daily), stale_minutes(daily)) == (2 * DAY, STALE_MINUTES)


def test_the_turn_timer_is_the_hosts_choice_else_the_kinds(lobby: GameRow) -> None:
    assert turn_minutes(lobby, 3) == 3  # none chosen
    assert turn_minutes(dataclasses.replace(lobby, turn_minutes=0), 3) == 0  # chosen off
    assert turn_minutes(dataclasses.replace(lobby, turn_minutes=DAY), 3) == DAY


def test_a_burst_of_new_games_waits_until_its_first_is_a_minute_old() -> None:
    # Newest first: five games opened over the last 20 seconds.
    burst = [NOW - 2, NOW - 5, NOW - 10, NOW - 15, NOW - 20]
    assert cooldown_left(burst[: STARTS_IN_A_ROW - 1], 60.0, now=NOW) == 0.0
    assert cooldown_left(burst, 60.0, now=NOW) == START_COOLDOWN_SECONDS - 20
    assert cooldown_left(burst, 60.0, now=NOW + 40) == 0.0
    # An older sixth game does not count: the fifth newest is the first of the burst.
    assert cooldown_left([*burst, NOW - 3600], 60.0, now=NOW) == START_COOLDOWN_SECONDS - 20
    # At a clock of 30-second minutes the 20 seconds are 40 of the bot's.
    assert cooldown_left(burst, 30.0, now=NOW) == START_COOLDOWN_SECONDS - 40
    assert cooldown_left(burst, 0.0, now=NOW) == 0.0  # a clock shrunk to nothing
