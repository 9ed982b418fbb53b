"""What `/<game> start` asks for (`Opening`) and the refusals judged before anything is
stored: options, computer levels, timers and paces, challenges; and the words of a
lobby's refusals and closing that the lobbies service says."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.core.errors import Refusal
from bot.core.kinds import GameKind
from bot.core.language import mention, slash, time_span
from bot.core.limits import LIVE_TIMER_MOST, SLOW_PACES, lobby_minutes
from bot.core.storage import GameRow, SeatRow, Status
from bot.core.tables import Member
from games.protocol import JSON, GameError, quoted
from games.registry import Level
from games.text import Listed, Text, _, _n

LEVELS: tuple[Level, ...] = (Level.EASY, Level.HARD)
"""The computer players' levels a lobby offers."""


@dataclass(frozen=True)
class Opening:
    """What `/<game> start` asks for. `opponent`: a challenge to that member, seated
    second; `ai`: a game against a computer player of that level, seated second and
    started at once; `timer`: a live game's turn timer in minutes (None: the game's
    default); `pace`: a slow game's turn deadline in minutes instead (`SLOW_PACES`)."""

    record: GameKind
    guild_id: int
    channel_id: int
    host: Member
    options: Mapping[str, JSON]
    language: str
    opponent: Member | None = None
    ai: str | None = None
    timer: int | None = None
    pace: int | None = None

    @property
    def turn_minutes(self) -> int | None:
        """The game's time for a turn, as stored (None: the game's default)."""
        return self.pace if self.pace is not None else self.timer


def ai_name(taken: Sequence[str], level: str) -> str:
    """A name no person goes by, for a new AI seat: "Robot 1 (easy)", the first number
    still free (people's names are their Discord names; a robot's says what it is)."""
    used = {name.split(" (")[0] for name in taken}
    number = next(n for n in range(1, len(taken) + 2) if f"Robot {n}" not in used)
    return f"Robot {number} ({level})"


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


def expiry_text(title: str, row: GameRow) -> Text:
    """What a lobby or challenge that waited too long says as it closes."""
    waited = time_span(lobby_minutes(row))
    if row.challenged_id is not None:
        return _(
            "~~{game} challenge~~: {player} did not answer within {time}, so it was called off.",
            game=title,
            player=mention(row.challenged_id),
            time=waited,
        )
    return _(
        "~~{game} lobby~~: closed, as it did not start within {time}.", game=title, time=waited
    )


def reason(error: Exception) -> str:
    """An error's message as it was given (a `Text` stays translatable)."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, str) else str(error)


def judge(opening: Opening) -> None:
    """`Refusal` for an opening the game cannot have: a computer player or a turn
    timer in a game without computer players, an unknown level, options the
    engine refuses (tried on a throwaway game)."""
    record = opening.record
    title = record.words.title
    if opening.pace is not None and opening.timer is not None:
        raise Refusal(_("Choose a turn timer in minutes (a live game) or a slow pace, not both."))
    if opening.pace is not None and opening.pace not in SLOW_PACES:
        raise Refusal(_("That is not one of the slow paces; choose one from the list."))
    if opening.timer is not None and not 0 <= opening.timer <= LIVE_TIMER_MOST:
        raise Refusal(_("A turn timer is 0 (off) to {most} minutes.", most=LIVE_TIMER_MOST))
    if not record.computer_players and (opening.ai is not None or opening.turn_minutes):
        raise Refusal(
            _(
                "{game} has no computer players, so no game against the computer and no "
                "turn timer (an absent player's turn is played by the computer).",
                game=title,
            )
        )
    if opening.opponent is not None and opening.ai is not None:
        raise Refusal(_("Choose an opponent or a computer player (ai), not both."))
    if opening.ai is not None and opening.ai not in LEVELS:
        raise Refusal(
            _(
                "Unknown computer level {level}; choose {levels}.",
                level=quoted(opening.ai),
                levels=Listed(LEVELS, "or"),
            )
        )
    if opening.opponent is not None and opening.opponent.id == opening.host.id:
        raise Refusal(_("You cannot challenge yourself; choose another member as opponent."))
    cls = record.engine
    try:
        cls.create([f"p{n}" for n in range(cls.max_players)], opening.options, 0)
    except GameError as error:
        raise Refusal(_("Those options cannot be used: {reason}", reason=reason(error))) from None


def busy(record: GameKind, existing: GameRow) -> Text:
    command = slash(f"{record.name} abandon")
    if existing.status == Status.LOBBY:
        return _(
            "A {game} game is already waiting for players in this channel (one at a "
            "time); finish it or ask its host to use {command}.",
            game=record.words.title,
            command=command,
        )
    return _(
        "A {game} game is already being played in this channel (one at a time); "
        "finish it or ask its host to use {command}.",
        game=record.words.title,
        command=command,
    )
