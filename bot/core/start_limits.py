"""What one member and one server may open at once, and how fast: the caps on games
waiting for players or running, and the cooldown between a member's starts. Counted in
the database, which every process shares, before a game (or its thread) is made; the
numbers, and why, are in bot/core/limits.py."""

from __future__ import annotations

import math

from bot.core.errors import Refusal
from bot.core.language import slash
from bot.core.limits import (
    GAMES_PER_MEMBER,
    GAMES_PER_SERVER,
    LOBBIES_PER_MEMBER,
    LOBBIES_PER_SERVER,
    STARTS_IN_A_ROW,
    cooldown_left,
    lobby_expired,
)
from bot.core.storage import Storage
from games.text import _n


async def check_caps(storage: Storage, guild_id: int, user_id: int, minute: float) -> None:
    """`Refusal` when the member hosts `LOBBIES_PER_MEMBER` lobbies waiting on this
    server or `GAMES_PER_MEMBER` games waiting or running, or the server has
    `LOBBIES_PER_SERVER` or `GAMES_PER_SERVER`. Counted in the database, which
    every process shares; lobbies past their time (`minute` seconds a minute), about
    to close, do not count."""
    lobbies = await storage.lobbies(guild_id)
    waiting = [row for row in lobbies if not lobby_expired(row, minute)]
    waiting_hosted = sum(1 for row in waiting if row.host_id == user_id)
    running, running_hosted = await storage.running_counts(guild_id, user_id)
    if waiting_hosted >= LOBBIES_PER_MEMBER:
        raise Refusal(
            _n(
                "You already host {count} game waiting for players on this server; start "
                "it or cancel it before opening another.",
                "You already host {count} games waiting for players on this server; start "
                "or cancel one of them before opening another.",
                LOBBIES_PER_MEMBER,
            )
        )
    if waiting_hosted + running_hosted >= GAMES_PER_MEMBER:
        raise Refusal(
            _n(
                "You already host {count} game on this server, waiting for players or "
                "being played, the most one member may. Finish, cancel or abandon it "
                "before starting another; {games} lists your games with links to their "
                "tables.",
                "You already host {count} games on this server, waiting for players or "
                "being played, the most one member may. Finish, cancel or abandon one of "
                "them before starting another; {games} lists your games with links to "
                "their tables.",
                GAMES_PER_MEMBER,
                games=slash("games"),
            )
        )
    if len(waiting) >= LOBBIES_PER_SERVER:
        raise Refusal(
            _n(
                "This server already has {count} game waiting for players; join it, or "
                "try again once it has started.",
                "This server already has {count} games waiting for players; join one, or "
                "try again once some have started.",
                LOBBIES_PER_SERVER,
            )
        )
    if len(waiting) + running >= GAMES_PER_SERVER:
        raise Refusal(
            _n(
                "This server already has {count} game waiting for players or being "
                "played, the most it may have at once. Try again once it has ended.",
                "This server already has {count} games waiting for players or being "
                "played, the most it may have at once. Try again once one of them has "
                "ended.",
                GAMES_PER_SERVER,
            )
        )


async def check_cooldown(storage: Storage, user_id: int, minute: float) -> None:
    """`Refusal` when the member opened `STARTS_IN_A_ROW` games within the last
    `START_COOLDOWN_SECONDS` (of the bot's clock: `minute` seconds a minute), saying
    how many seconds are left."""
    openings = await storage.latest_openings(user_id, STARTS_IN_A_ROW)
    left = cooldown_left(openings, minute)
    if left > 0:
        raise Refusal(
            _n(
                "You opened {starts} games in a row; wait {count} second before opening another.",
                "You opened {starts} games in a row; wait {count} seconds before opening another.",
                math.ceil(left),
                starts=STARTS_IN_A_ROW,
            )
        )
