"""How long things may wait, in one place: turn timers, lobbies and challenges that
never start, games nobody plays any more. Pure functions of a game's stored row.

Minutes are the bot's clock minutes: each lasts `Settings.timer_minute` seconds (60;
tests shrink it), passed in as `minute`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from bot.core.storage import GameRow, Status

EXPIRIES_TO_REPLACE = 3
"""Turns in a row the timer plays for someone before the computer takes their seat."""
LOBBY_MINUTES = 60
"""An open lobby that has not started by then is closed (bot/exts/expiry.py)."""
CHALLENGE_MINUTES = 15
"""A challenge not answered by then is called off."""
REMATCH_MINUTES = 2
"""A rematch waits this long for the players to come back, then starts with those who
did (if they are enough) or is called off: the players just finished a game together,
so those who want another answer within moments; longer would hold the channel."""
LOBBIES_PER_MEMBER = 3
"""Open lobbies and challenges one member may host on a server at once: enough for a
game of each kind, and one member can no longer fill a server with lobbies (or, with
`thread:true`, with threads) from the REST budget every server shares."""
LOBBIES_PER_SERVER = 20
"""Open lobbies and challenges on one server at once, whoever hosts them."""
GAMES_PER_MEMBER = 10
"""Games one member may host on a server at once, waiting for players or running,
against people or the computer (at most `LOBBIES_PER_MEMBER` of them waiting). A game
against the computer starts at once, so the lobby caps never saw it: one member made 25
threads and 25 running games, each kept in memory with its timers for weeks. Slow games
last days or weeks, so a member may rightly have several going at once, a few with
friends and a few against the computer; ten is more than one person keeps up with.
Waiting games count too, so that a lobby starting later cannot take the member past it."""
GAMES_PER_SERVER = 100
"""Games on one server at once, waiting or running, whoever hosts them (at most
`LOBBIES_PER_SERVER` of them waiting): a big community's game night, or its slow games
over weeks, fits in a hundred tables (several hundred players); beyond that, one server
would take a large share of the REST budget every server shares (each start costs about
six calls, each move one or two)."""
STARTS_IN_A_ROW = 5
"""Games one member may open one after the other, on any server, before the cooldown:
a host setting up a game night opens a few tables in a row."""
START_COOLDOWN_SECONDS = 60
"""Once a member has opened `STARTS_IN_A_ROW` games within this many seconds (of the
bot's clock: `minute` / 60), the next start waits until the first of them is this old.
A person rarely opens more than a few games a minute; a script sending starts (or
starts and cancels) back to back gets five a minute through, not all at once, each
costing calls from the REST budget every server shares."""
IDLE_MINUTES = 24 * 60
"""After this long without a move, any seated player may abandon a running game."""
STALE_MINUTES = 7 * 24 * 60
"""After this long without a move, a running game ends without a result."""


LIVE_TIMER_MOST = 60
"""The longest turn timer of a live game (`timer`), in minutes."""
SLOW_PACES = (60, 3 * 60, 12 * 60, 24 * 60, 2 * 24 * 60, 3 * 24 * 60, 7 * 24 * 60)
"""A slow game's turn deadlines (`pace`), in minutes: an hour to a week. Groups spread
over time zones play a move or two a day, as in Board Game Arena's turn-based mode."""
SLOW_LOBBY_MINUTES = 24 * 60
"""A slow game's lobby or challenge waits a day: its players come by now and then."""
VACATION_DAYS = 30
"""Days of vacation (`/away`) a member may take in a calendar year of their time zone,
every day touched counting whole: a month's holidays, not a way to hold games forever
(each vacation stops their clocks in every slow game they play, bot/core/absences.py)."""
VACATION_AHEAD_DAYS = 365
"""How far ahead a vacation may be planned: its last day within a year from today."""


def slow(row: GameRow) -> bool:
    """Whether the game is slow: a turn deadline of an hour or more."""
    return row.turn_minutes is not None and row.turn_minutes >= SLOW_PACES[0]


def turn_deadline(stored: float | None, starting: bool, now: float, timer: float) -> float:
    """When an awaited person's turn ends (seconds since the epoch): the deadline
    stored, or `timer` seconds from `now` for a turn that begins (none stored yet, or
    `starting`: their turn began again). From the moment the player is awaited, not
    from their last action: a turn of many actions (Grass offers) cannot run on."""
    return now + timer if stored is None or starting else stored


def lobby_minutes(row: GameRow) -> int:
    """How long a lobby (or challenge) waits to start."""
    if slow(row):
        return SLOW_LOBBY_MINUTES
    return CHALLENGE_MINUTES if row.challenged_id is not None else LOBBY_MINUTES


def idle_minutes(row: GameRow) -> int:
    """After how long without a move any seated player may abandon the game: a day, or
    two of a slow game's turn deadlines (within one, the computer moves for whoever is
    absent, so a slow game is idle only when it waits for a deadline twice)."""
    return max(IDLE_MINUTES, 2 * (row.turn_minutes or 0))


def stale_minutes(row: GameRow) -> int:
    """After how long without a move the game ends without a result: a week, or two of
    a slow game's turn deadlines."""
    return max(STALE_MINUTES, 2 * (row.turn_minutes or 0))


def turn_minutes(row: GameRow, default: int) -> int:
    """The game's turn timer in minutes, 0 for none; `default` (the kind's, bot/core/kinds.py)
    when the host chose none."""
    return default if row.turn_minutes is None else row.turn_minutes


def cooldown_left(openings: Sequence[float], minute: float, now: float | None = None) -> float:
    """The seconds of the bot's clock a member still waits before opening another game,
    0 for none: `openings` are when they opened their latest games (epoch seconds, newest
    first); after `STARTS_IN_A_ROW` of them within `START_COOLDOWN_SECONDS`, until the
    first of those is that old."""
    if len(openings) < STARTS_IN_A_ROW or minute <= 0:  # a clock shrunk to nothing: no wait
        return 0.0
    first = openings[STARTS_IN_A_ROW - 1]
    waited = ((now or time.time()) - first) / (minute / 60)
    return max(0.0, START_COOLDOWN_SECONDS - waited)


def lobby_expired(row: GameRow, minute: float, now: float | None = None) -> bool:
    """Whether a lobby (or challenge) that has not started is past its time."""
    waited = (now or time.time()) - row.created_at
    return row.status == Status.LOBBY and waited >= lobby_minutes(row) * minute


def idle(row: GameRow, minute: float, now: float | None = None) -> bool:
    """Whether nothing happened in a running game for `idle_minutes`."""
    return (now or time.time()) - row.updated_at >= idle_minutes(row) * minute


def stale(row: GameRow, minute: float, now: float | None = None) -> bool:
    """Whether nothing happened in a running game for `stale_minutes`."""
    return (now or time.time()) - row.updated_at >= stale_minutes(row) * minute
