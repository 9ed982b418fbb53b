"""The table message's words as the game stands (bot/core/layout.py lays them out): whose
moment it is, a slow game's deadlines, the game's line and each seat's figures over the
picture, the last actions under it, the picture's description, and the table in words
for a channel where the bot may not attach pictures."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.core.absences import Away
from bot.core.language import Speech
from bot.core.layout import laid_out
from bot.core.session import Session
from bot.core.storage import Status
from bot.core.table_lines import deadline_line, turn_line, with_away
from games.text import _, joined
from lang import ENGLISH


def said(text: str, language: str) -> str:
    """A message's words in `language`, names escaped (`Speech`)."""
    return Speech(language)(text)


def game_language(session: Session) -> str:
    """The language of the game's public things (None stored: English)."""
    return session.row.language or ENGLISH


NO_FILES_NOTE = _(
    "*(I may not attach pictures in this channel: give me the Attach Files permission "
    "to see the table.)*"
)


def _no_picture(words: str, language: str) -> str:
    """What stands for the table's picture where the bot may not attach one: the table
    in words, and which permission would show it."""
    return (
        joined("\n", [words, said(NO_FILES_NOTE, language)])
        if words
        else said(NO_FILES_NOTE, language)
    )


@dataclass(frozen=True, slots=True)
class TableWords:
    """A table message's words in the game's language, names escaped: `top` over the
    picture, `under` it, the picture's description (`alt`), and the table in words for
    a channel that refuses pictures (`instead`)."""

    top: str
    under: str
    alt: str
    instead: str

    def laid_out(
        self, picture: discord.File | None, items: Sequence[discord.ui.Item[Any]] = ()
    ) -> discord.ui.LayoutView:
        instead = "" if picture is not None else self.instead
        return laid_out(self.top, picture, self.alt, self.under, items, instead)


def table_message_words(
    session: Session,
    minute: float,
    starting: Collection[str] = (),
    language: str | None = None,
    away: Mapping[str, Away] | None = None,
) -> TableWords:
    """The table message's words as the game is now: whose moment it is (and a slow
    game's deadlines, `starting` as in `deadline_line`), the game's line and the seats'
    figures over the picture (a player `away` saying until when: bot/core/absences.py
    `seats_away`), the last actions under it; in `language` (a follower's), else the
    game's."""
    kind = session.record
    language = language or game_language(session)
    table = session.table()
    words = kind.ui.table_text(table)
    away = away if session.status == Status.RUNNING else None
    words = with_away(words, table.players, away or {}, language)
    # The turn line names the awaited people and says what they are to do: it stands
    # in for the status, which would say it again.
    top = words.top(turn_line(session))
    deadline = deadline_line(session, minute, starting, away)
    if deadline is not None:
        top = joined("\n", [deadline, top])
    speech = Speech(language)
    in_words = speech.plain(kind.ui.table_words(table))
    alt = speech.plain(kind.ui.table_alt(table)) or in_words or speech.plain(words.text)
    return TableWords(
        said(top, language),
        said(words.actions, language) if words.actions else "",
        alt,
        _no_picture(in_words, language),
    )
