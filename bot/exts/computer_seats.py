"""Computer players as the lobby sees them: the AI seats' names and levels and the
lobby's Add AI / Remove AI buttons (the lobby's words for seats and the turn timer are
in bot/core/lobbies.py). The turns themselves are played by bot/exts/turns.py.

An AI seat is a seat row with a level (`Level.EASY` or `Level.HARD`, stored as "easy"
or "hard") and a negative user id, which
belongs to nobody: no DM is sent to it, no mention pings it, and its results stay off
the server's standings. A person's seat handed to the computer (kicked, or absent for
three turns in a row) gets such an id too, so that person is no longer seated.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

from bot.core.errors import Refusal
from bot.core.gameui import LobbyVerb
from bot.core.storage import GameRow, SeatRow
from games.registry import Level
from games.text import Text, _, _n

if TYPE_CHECKING:
    from bot.client import GameBot

LEVELS: tuple[Level, ...] = (Level.EASY, Level.HARD)
AI_VERBS = frozenset({LobbyVerb.AI_EASY, LobbyVerb.AI_HARD, LobbyVerb.AI_REMOVE})


def ai_name(taken: Sequence[str], level: str) -> str:
    """A name no person goes by, for a new AI seat: "Robot 1 (easy)", the first number
    still free (people's names are their Discord names; a robot's says what it is)."""
    used = {name.split(" (")[0] for name in taken}
    number = next(n for n in range(1, len(taken) + 2) if f"Robot {n}" not in used)
    return f"Robot {number} ({level})"


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
    kind = bot.kinds[row.kind]
    if not kind.computer_players:
        raise Refusal(_("{game} has no computer players.", game=kind.words.title))
    if user_id != row.host_id:
        raise Refusal(_("Only the host can add or remove computer players."))
    if verb == LobbyVerb.AI_REMOVE:
        ais = [seat for seat in seats if seat.is_ai]
        if not ais:
            raise Refusal(_("There is no computer player at this table to remove."))
        await acknowledge()
        await bot.storage.remove_seat(row.id, ais[-1].user_id)
        return
    cls = kind.engine
    if len(seats) >= cls.max_players:
        raise Refusal(table_full(kind.words.title, cls.max_players))
    level = Level(verb.removeprefix("ai_"))
    await acknowledge()
    await bot.storage.add_ai_seat(row.id, ai_name([seat.name for seat in seats], level), level)


def check_humans(seats: Sequence[SeatRow]) -> None:
    """A game needs at least one person: computers alone are refused."""
    if not any(not seat.is_ai for seat in seats):
        raise Refusal(_("A game needs at least one person: computer players alone are refused."))


def table_full(title: str, most: int) -> Text:
    """The refusal of one seat too many."""
    # TRANSLATORS: {count} is a number of players.
    return _n(
        "The table is full: {game} is for at most {count}.",
        "The table is full: {game} is for at most {count}.",
        most,
        game=title,
    )
