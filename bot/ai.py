"""Computer players and turn timers as the lobby and the commands see them (issue 9):
the AI seats' names and levels, the timer defaults, the lobby's Add AI / Remove AI
buttons, and `kick`. The turns themselves are played by bot/turns.py.

An AI seat is a seat row with a level ("easy" or "hard") and a negative user id, which
belongs to nobody: no DM is sent to it, no mention pings it, and its results stay off
the server's standings. A person's seat handed to the computer (kicked, or absent for
three turns in a row) gets such an id too, so that person is no longer seated.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.gameui import Refusal
from bot.storage import GameRow, SeatRow
from games.registry import game_class

if TYPE_CHECKING:
    from bot.client import GameBot

LEVELS: tuple[str, ...] = ("easy", "hard")
AI_NAMES: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
DEFAULT_MINUTES: Mapping[str, int] = {"grass": 3, "gracias": 3, "graps": 2}
"""The turn timer when the host chooses none (issue 9)."""
EXPIRIES_TO_REPLACE = 3
"""Turns in a row the timer plays for someone before the computer takes their seat."""
AI_VERBS = frozenset({"ai_easy", "ai_hard", "ai_remove"})


def ai_name(taken: Sequence[str], level: str) -> str:
    """A clear name for a new AI seat: "Bot Ann (easy)", the first name still free."""
    used = {name.split(" (")[0] for name in taken}
    for first in AI_NAMES:
        if f"Bot {first}" not in used:
            return f"Bot {first} ({level})"
    return f"Bot {len(taken) + 1} ({level})"


def turn_minutes(row: GameRow) -> int:
    """The game's turn timer in minutes, 0 for none."""
    if row.turn_minutes is not None:
        return row.turn_minutes
    return DEFAULT_MINUTES.get(row.kind, 3)


def timer_text(row: GameRow) -> str:
    minutes = turn_minutes(row)
    if minutes == 0:
        return "Turn timer: off."
    unit = "minute" if minutes == 1 else "minutes"
    return (
        f"Turn timer: {minutes} {unit} (a reminder at half time; then the computer moves for "
        f"an absent player, and takes the seat after {EXPIRIES_TO_REPLACE} turns in a row)."
    )


def seat_line(number: int, seat: SeatRow) -> str:
    return f"{number}. {seat.name}" if seat.is_ai else f"{number}. <@{seat.user_id}>"


async def lobby_ai(
    bot: GameBot,
    row: GameRow,
    seats: Sequence[SeatRow],
    user_id: int,
    verb: str,
    acknowledge: Callable[[], Awaitable[None]],
) -> None:
    """The lobby's Add AI (easy / hard) and Remove AI buttons: the host's choice.
    Called by the lobby with the game's lock held; `acknowledge` answers the click
    once the checks passed, before the write."""
    if user_id != row.host_id:
        raise Refusal("Only the host can add or remove computer players.")
    if verb == "ai_remove":
        ais = [seat for seat in seats if seat.is_ai]
        if not ais:
            raise Refusal("There is no computer player at this table to remove.")
        await acknowledge()
        await bot.storage.remove_seat(row.id, ais[-1].user_id)
        return
    cls = game_class(row.kind)
    if len(seats) >= cls.max_players:
        raise Refusal(f"The table is full: {row.kind.title()} is for at most {cls.max_players}.")
    level = verb.removeprefix("ai_")
    await acknowledge()
    await bot.storage.add_ai_seat(row.id, ai_name([seat.name for seat in seats], level), level)


def check_humans(seats: Sequence[SeatRow]) -> None:
    """Issue 9: a game needs at least one person; computers alone are refused."""
    if not any(not seat.is_ai for seat in seats):
        raise Refusal("A game needs at least one person: computer players alone are refused.")


async def kick(
    bot: GameBot, interaction: discord.Interaction[Any], kind: str, player: discord.abc.User
) -> None:
    """`/<game> kick player:`: the host (or Manage Server) removes a player; an easy
    computer player takes the seat, so the game goes on."""
    from bot import commands as shared

    session = await shared.session_here(bot, interaction, kind)
    permissions = getattr(interaction, "permissions", None)
    if interaction.user.id != session.row.host_id and not (
        permissions and permissions.manage_guild
    ):
        raise Refusal("Only the game's host (or someone with Manage Server) can kick a player.")
    if player.id == interaction.user.id:
        raise Refusal("You cannot kick yourself; use the game's `leave` command to give up.")
    await interaction.response.defer(thinking=True)
    async with session.lock:
        seat = next((s for s in session.seats if s.user_id == player.id and not s.left_game), None)
        if seat is None or session.status != "running":
            raise Refusal(f"{player.display_name} is not playing in this game.")
        await bot.storage.seat_to_ai(session.id, seat.seat, "easy")
        await bot.sessions.reload_seats(session)
        await interaction.followup.send(
            f"<@{interaction.user.id}> removed <@{player.id}> from the game; an easy computer "
            f"player now plays **{seat.name}**'s seat.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await bot.sessions.after(session)
