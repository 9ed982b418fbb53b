"""The lines of a table message above the game's own text: who is awaited (mentioned;
the table never notifies, their DM does) and, in a slow game, when each one's turn
ends, and who is away (`/away`) until when, on their seat's line. Plain words, drawn by
the publisher."""

from __future__ import annotations

import dataclasses
import datetime as dt
import time
from collections.abc import Collection, Mapping, Sequence

from babel.dates import format_skeleton

from bot.core.absences import Away, deadline_after
from bot.core.gameui import TableMessage
from bot.core.kinds import GameKind
from bot.core.language import moment, moment_from_now, slash
from bot.core.limits import slow, turn_deadline, turn_minutes
from bot.core.session import Session
from bot.core.storage import Status
from games.text import Listed, Text, _, joined, literal


def closed_hint(kind: GameKind) -> str:
    """What a player whose DMs are closed is told to type to see their hand."""
    return _(
        "(DMs closed: play with {command}.)",
        command=slash(f"{kind.name} {kind.words.hand_command}"),
    )


def turn_line(session: Session) -> str | None:
    """Who is awaited now, mentioned (the table never notifies; their DM does)."""
    table = session.table()
    people = table.people(table.awaiting)
    if not people:  # a computer seat's turn: the table's status line says whose
        return None
    kind = session.record
    line = kind.ui.turn_text(table, people)
    if line and any(seat.dm_closed and seat.name in people for seat in table.seats):
        line = joined("\n", [line, closed_hint(kind)])
    return line


def deadline_line(
    session: Session,
    minute: float,
    starting: Collection[str] = (),
    away: Mapping[str, Away] | None = None,
) -> Text | None:
    """A slow game's awaited people and when their turn ends, as Discord timestamps
    (each reader's app shows them in their language and time zone, and counts the
    time left live between two edits of the table). `starting`: those whose turn
    began again, whose stored deadline the turn service is about to renew (after their
    vacation, if they are `away`)."""
    if not slow(session.row) or session.status != Status.RUNNING:
        return None
    awaiting = session.engine.awaiting
    timer = turn_minutes(session.row, session.record.turn_minutes) * minute
    now = time.time()
    ends: dict[int, list[str]] = {}
    for seat in session.seats:
        if not seat.is_ai and not seat.left_game and seat.name in awaiting:
            when = turn_deadline(seat.deadline, seat.name in starting, now, timer)
            vacation = (away or {}).get(seat.name)
            if vacation is not None and when != seat.deadline:
                when = deadline_after(now, when - now, [(vacation.starts, vacation.ends)])
            ends.setdefault(int(when), []).append(seat.name)
    # TRANSLATORS: {date} is shown by Discord in the reader's language and time zone
    # ("28 November 2026 16:00"), {left} as "in 11 hours".
    lines = [
        _(
            "Deadline for {players}: {date} ({left}).",
            players=Listed(names),
            date=moment(when),
            left=moment_from_now(when),
        )
        for when, names in sorted(ends.items())
    ]
    return joined("\n", lines) if lines else None


def day_words(day: dt.date, language: str) -> str:
    """A day as the language writes it short, with its weekday: "Fri, Dec 4"."""
    return format_skeleton("MMMEd", day, locale=language)


def away_words(away: Away, language: str) -> Text:
    """A seat's vacation, for its line: "away until Fri, Dec 4"."""
    last = literal(day_words(away.last, language))
    if away.under_way:
        # TRANSLATORS: on a player's line of a slow game's table: their clock stands
        # still until then. {day} is their last day away, e.g. "Fri, Dec 4".
        return _("away until {day}", day=last)
    # TRANSLATORS: on a player's line of a slow game's table, a vacation coming.
    return _(
        "away from {first} until {last}", first=literal(day_words(away.first, language)), last=last
    )


def with_away(
    words: TableMessage, players: Sequence[str], away: Mapping[str, Away], language: str
) -> TableMessage:
    """The seats' lines, each away player's saying until when (a game whose seat lines
    are not one a player, in order, gets a line per away player instead)."""
    if not away:
        return words
    seats = list(words.seats)
    if len(seats) == len(players):
        for index, name in enumerate(players):
            if name in away:
                seats[index] = joined(" · ", [seats[index], away_words(away[name], language)])
    else:
        seats.extend(
            joined(" · ", [Text.verbatim("**{player}**", player=name), away_words(held, language)])
            for name, held in away.items()
        )
    return dataclasses.replace(words, seats=tuple(seats))
