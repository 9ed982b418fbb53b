"""Which language a text is in, told by the catalogs: a text shown to a reader of one
language must hold no phrase that only another language's catalog has ("no string of
another language leaks")."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from babel.messages.pofile import read_po

from bot.catalogs import COMMAND_NAME, TEMPLATE, catalog_path
from lang import LANGUAGES
from tests.fakediscord.model import Message, components_text, embed_text
from tests.fakediscord.players import Player

SHORTEST = 16
"""Characters a phrase needs to tell its language: shorter ones ("Trio", "Total") are
shared by several languages."""
FIELD = re.compile(r"\{[^{}]*\}|[*_`~>\n]+")


def _phrases(text: str) -> Iterator[str]:
    for piece in FIELD.split(text):
        piece = piece.strip(" .,:;!?()-·")
        if len(piece) >= SHORTEST:
            yield piece


@cache
def texts_of(language: str) -> tuple[str, ...]:
    """Every message of the catalog in `language` (English: the template's ids)."""
    path = TEMPLATE if language == "en" else catalog_path(language)
    with path.open("rb") as file:
        catalog = read_po(file)
    found: list[str] = []
    for message in catalog:
        if not message.id or message.context == COMMAND_NAME:
            continue
        if language == "en":
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            found.extend(str(text) for text in ids)
        else:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found.extend(str(text) for text in strings if text)
    return tuple(text for text in found if text)


@cache
def own_phrases(language: str) -> frozenset[str]:
    return frozenset(phrase for text in texts_of(language) for phrase in _phrases(text))


@cache
def foreign_phrases(language: str) -> frozenset[str]:
    """Phrases of the other languages' catalogs that no message of `language` holds."""
    mine = "\n".join(texts_of(language))
    return frozenset(
        phrase
        for other in LANGUAGES
        if other != language
        for phrase in own_phrases(other)
        if phrase not in mine
    )


def leaks(texts: Iterable[str], language: str) -> list[tuple[str, str]]:
    """(phrase, text) for each text holding a phrase of another language."""
    foreign = foreign_phrases(language)
    found = []
    for text in texts:
        for phrase in foreign:
            if phrase in text:
                found.append((phrase, text))
    return found


def message_texts(messages: Iterable[Message]) -> Iterator[str]:
    """Everything a reader sees of messages: every version's words, embeds, controls
    and attachments' descriptions."""
    for message in messages:
        for version in message.versions:
            yield version.content
            for embed in version.embeds:
                yield from embed_text(embed)
            yield from components_text(list(version.components))
            for attachment in version.attachments:
                if attachment.description:
                    yield attachment.description


def privately_seen(player: Player, channel: Any) -> list[str]:
    """The texts of the player's DMs and of their ephemeral answers in the channel."""
    ephemeral = [m for m in channel.messages(player) if m.visible_to is not None]
    return [text for text in message_texts([*player.dm_messages(), *ephemeral]) if text]


async def game_end_in_languages(
    emu: Any, database: Any, channel: Any, players: dict[str, Player], locales: dict[str, str]
) -> None:
    """Waits for the game's end, then checks what everyone read: the channel in German
    (the table's language), each player's DMs and private answers in their own."""

    def finished() -> bool:
        with sqlite3.connect(database) as db:
            return bool(db.execute("SELECT status FROM games").fetchone()[0] == "finished")

    await emu.wait_for(finished, what="the game's end")
    await emu.settle()
    public = [text for text in message_texts(channel.messages()) if text]
    assert public and not leaks(public, "de")
    assert any(message.images() for message in channel.messages())
    for name, player in players.items():
        seen = privately_seen(player, channel)
        assert seen, name
        found = leaks(seen, locales[name])
        assert not found, (name, found[:3])
