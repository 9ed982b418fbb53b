"""The lines of a table message above the game's own text: who is awaited (mentioned;
the table never notifies, their DM does) and, in a slow game, when each one's turn
ends. Plain words, drawn by the publisher."""

from __future__ import annotations

import time
from collections.abc import Collection

from bot.core.kinds import GameKind
from bot.core.language import moment, moment_from_now, slash
from bot.core.limits import slow, turn_deadline, turn_minutes
from bot.core.session import Session
from bot.core.storage import Status
from games.text import Listed, Text, _, joined


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


def deadline_line(session: Session, minute: float, starting: Collection[str] = ()) -> Text | None:
    """A slow game's awaited people and when their turn ends, as Discord timestamps
    (each reader's app shows them in their language and time zone, and counts the
    time left live between two edits of the table). `starting`: those whose turn
    began again, whose stored deadline the turn service is about to renew."""
    if not slow(session.row) or session.status != Status.RUNNING:
        return None
    awaiting = session.engine.awaiting
    timer = turn_minutes(session.row, session.record.turn_minutes) * minute
    now = time.time()
    ends: dict[int, list[str]] = {}
    for seat in session.seats:
        if not seat.is_ai and not seat.left_game and seat.name in awaiting:
            when = turn_deadline(seat.deadline, seat.name in starting, now, timer)
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
