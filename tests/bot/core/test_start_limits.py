"""Audit finding 2: games against the computer start at once, so the caps on games
waiting for players never counted them, and nothing slowed one member's starts. The
start limits (bot/core/start_limits.py) count a member's and a server's games waiting
or running, and a member's latest starts, in the database.

In process, on a real SQLite file: games are stored as the lobbies service stores them
(opened, then started), and the refusals are checked on their words. One journey of
each through the Discord emulator is in tests/bot/exts/test_start_limits.py."""

from __future__ import annotations

import itertools
import time

import pytest

from bot.core.errors import Refusal
from bot.core.limits import (
    GAMES_PER_MEMBER,
    GAMES_PER_SERVER,
    LOBBIES_PER_MEMBER,
    LOBBIES_PER_SERVER,
    STARTS_IN_A_ROW,
)
from bot.core.start_limits import check_caps, check_cooldown
from bot.core.storage import Storage

SERVER, OTHER_SERVER = 1, 2
ANN, BOB = 10, 11
MINUTE = 60.0
"""The bot's clock as it runs: a minute of 60 seconds."""
MEMBER_FULL = (
    "You already host 10 games on this server, waiting for players or being played, the "
    "most one member may. Finish, cancel or abandon one of them before starting another; "
    "`/games` lists your games with links to their tables."
)
SERVER_FULL = (
    "This server already has 100 games waiting for players or being played, the most it "
    "may have at once. Try again once one of them has ended."
)


CHANNELS = itertools.count(1000)
"""A channel of its own for every game: one open game per kind and channel."""


async def lobby(storage: Storage, host: int, server: int = SERVER) -> int:
    """A game opened and waiting for players."""
    return await storage.create_game(server, next(CHANNELS), "grass", {}, host, "host")


async def running(storage: Storage, host: int, server: int = SERVER) -> int:
    """A game against the computer: opened and started at once."""
    game_id = await storage.create_game(server, next(CHANNELS), "graps", {}, host, "host")
    await storage.add_ai_seat(game_id, "Robot 1 (hard)", "hard")
    await storage.start_game(game_id, [(host, "host")], {}, {}, 0)
    return game_id


async def refusal(storage: Storage, host: int, server: int = SERVER) -> str | None:
    try:
        await check_caps(storage, server, host, MINUTE)
    except Refusal as refused:
        return str(refused)
    return None


async def test_games_against_the_computer_count_toward_what_a_member_hosts(storage):
    """Audit finding 2: ten running games against the computer, and the member's next
    start is refused, saying what to do; a game waiting for players counts too; another
    member, or the same member on another server, is not held back."""
    for _ in range(GAMES_PER_MEMBER - 1):
        await running(storage, ANN)
    assert await refusal(storage, ANN) is None
    await lobby(storage, ANN)
    assert await refusal(storage, ANN) == MEMBER_FULL
    assert await refusal(storage, BOB) is None
    assert await refusal(storage, ANN, OTHER_SERVER) is None


async def test_a_server_holds_at_most_a_hundred_games_waiting_or_running(storage):
    """Audit finding 2: a hundred games on one server, whoever hosts them and whether
    they wait or run, and the next start is refused; another server is not."""
    hosts = GAMES_PER_SERVER // GAMES_PER_MEMBER
    for host in range(100, 100 + hosts):
        for _ in range(GAMES_PER_MEMBER - 1):
            await running(storage, host)
    for host in range(100, 100 + hosts):
        await running(storage, 500 + host)  # a tenth game each, under other hosts
    assert await refusal(storage, ANN) == SERVER_FULL
    assert await refusal(storage, ANN, OTHER_SERVER) is None


async def test_the_caps_on_games_waiting_for_players_still_hold(storage):
    for _ in range(LOBBIES_PER_MEMBER):
        await lobby(storage, ANN)
    assert await refusal(storage, ANN) == (
        "You already host 3 games waiting for players on this server; start or cancel one "
        "of them before opening another."
    )
    for host in range(100, 100 + LOBBIES_PER_SERVER - LOBBIES_PER_MEMBER):
        await lobby(storage, host)
    assert await refusal(storage, BOB) == (
        "This server already has 20 games waiting for players; join one, or try again once "
        "some have started."
    )


async def test_a_lobby_past_its_time_counts_for_nothing(storage):
    """A lobby nobody started within its hour is about to close: it holds no place."""
    for _ in range(LOBBIES_PER_MEMBER):
        await lobby(storage, ANN)
    assert await refusal(storage, ANN) is not None
    # A clock of a microsecond a minute: the lobbies are past their hour (LOBBY_MINUTES).
    await check_caps(storage, SERVER, ANN, 1e-6)


async def test_after_five_starts_in_a_row_a_member_waits_the_seconds_left(storage):
    """Audit finding 2: five starts within a minute, on any server, and the sixth waits
    until the first is a minute old; the refusal says how many seconds, in the right
    plural. Another member is not slowed."""
    for number in range(STARTS_IN_A_ROW):
        await lobby(storage, ANN, SERVER if number % 2 else OTHER_SERVER)
    with pytest.raises(Refusal) as refused:
        await check_cooldown(storage, ANN, MINUTE)
    left = str(refused.value)
    assert left.startswith("You opened 5 games in a row; wait ")
    seconds = int(left.split("wait ")[1].split(" ")[0])
    assert 55 <= seconds <= 60 and left.endswith(" seconds before opening another.")
    await check_cooldown(storage, BOB, MINUTE)
    # On a clock where a minute has passed, the cooldown is over.
    first = min(await storage.latest_openings(ANN, STARTS_IN_A_ROW))
    assert time.time() - first < MINUTE
    await check_cooldown(storage, ANN, (time.time() - first) / 2)
