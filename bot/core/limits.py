"""How long things may wait, in one place: turn timers, lobbies and challenges that
never start, games nobody plays any more. Pure functions of a game's stored row.

Minutes are the bot's clock minutes: each lasts `Settings.timer_minute` seconds (60;
tests shrink it), passed in as `minute`.
"""

from __future__ import annotations

import time

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
IDLE_MINUTES = 24 * 60
"""After this long without a move, any seated player may abandon a running game."""
STALE_MINUTES = 7 * 24 * 60
"""After this long without a move, a running game ends without a result."""


def turn_minutes(row: GameRow, default: int) -> int:
    """The game's turn timer in minutes, 0 for none; `default` (the kind's, bot/core/kinds.py)
    when the host chose none."""
    return default if row.turn_minutes is None else row.turn_minutes


def lobby_expired(row: GameRow, minute: float, now: float | None = None) -> bool:
    """Whether a lobby (or challenge) that has not started is past its time."""
    limit = CHALLENGE_MINUTES if row.challenged_id is not None else LOBBY_MINUTES
    return row.status == Status.LOBBY and (now or time.time()) - row.created_at >= limit * minute


def idle(row: GameRow, minute: float, now: float | None = None) -> bool:
    """Whether nothing happened in a running game for IDLE_MINUTES."""
    return (now or time.time()) - row.updated_at >= IDLE_MINUTES * minute
