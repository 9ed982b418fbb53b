"""Which language a text is in, told by the catalogs: a text shown to a reader of one
language must hold no phrase that only another language's catalog has ("no string of
another language leaks")."""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
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
    emu: Any,
    database: Any,
    channel: Any,
    players: dict[str, Player],
    locales: dict[str, str],
    table: str,
) -> None:
    """Waits for the game's end, then checks what everyone read: the channel in the
    table's language, each player's DMs and private answers in their own; no phrase of
    another language and no English left anywhere."""

    def finished() -> bool:
        with sqlite3.connect(database) as db:
            return bool(db.execute("SELECT status FROM games").fetchone()[0] == "finished")

    await emu.wait_for(finished, what="the game's end")
    await emu.settle()
    public = [text for text in message_texts(channel.messages()) if text]
    assert public
    found = leaks(public, table) + english_leftovers(public, table)
    assert not found, dict(found)
    assert any(message.images() for message in channel.messages())
    for name, player in players.items():
        seen = privately_seen(player, channel)
        assert seen, name
        found = leaks(seen, locales[name]) + english_leftovers(seen, locales[name])
        assert not found, (name, dict(found))


ENGLISH_WORD = re.compile(r"[A-Za-z][a-z']+")
UNREAD = re.compile(r"<[^<>\s]+>|https?://\S+|`[^`]*`")
"""Mentions, custom emoji, Discord timestamps, links and code spans (command names):
no words of a language in them."""
PIECE = re.compile(r"\n+|\s+·\s+|[*_~>|#]+")
DENY_WORDS = 40
"""How many English words the deny-list holds: the catalog's most frequent."""


def _untranslated(message: Any) -> bool:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not any(strings) or set(ids) <= set(strings)


@cache
def _english_messages(language: str) -> tuple[str, ...]:
    """The English of every message `language` translates differently (not a name,
    not "OK"): each of its forms, singular and plural."""
    with catalog_path(language).open("rb") as file:
        catalog = read_po(file)
    found: list[str] = []
    for message in catalog:
        if not message.id or message.context == COMMAND_NAME or _untranslated(message):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found.extend(str(text) for text in ids)
    return tuple(found)


def _pattern(msgid: str) -> re.Pattern[str] | None:
    """The English sentence with its fields read as anything; None for one whose own
    words are too few to tell a language (a field and a colon)."""
    words = ENGLISH_WORD.findall(FIELD.sub(" ", msgid))
    if not words or sum(len(word) for word in words) < 3:
        return None
    parts = re.split(r"\{[^{}]*\}", msgid)
    body = r"\S(?:.*?\S)?".join(re.escape(part) for part in parts)
    if len(words) == 1:  # a label alone ("Pass"): a whole piece of text, nothing around
        return re.compile(rf"^\W*{body}\W*$")
    return re.compile(rf"(?<![A-Za-z]){body}(?![a-z])")


@cache
def _words_of(language: str) -> frozenset[str]:
    return frozenset(
        word.lower()
        for text in texts_of(language)
        for word in ENGLISH_WORD.findall(FIELD.sub(" ", text))
    )


@cache
def english_patterns(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """A pattern for each English message a reader of `language` should never see,
    but those whose every word is one of that language too ("Hand {hand}" in German)."""
    own = _words_of(language)
    found = []
    for msgid in _english_messages(language):
        words = {word.lower() for word in ENGLISH_WORD.findall(FIELD.sub(" ", msgid))}
        pattern = _pattern(msgid)
        if pattern is not None and not words <= own:
            found.append((msgid, pattern))
    return tuple(found)


@cache
def deny_list() -> frozenset[str]:
    """The English words the catalog's sentences use most that no French, Italian or
    German message holds ("the", "you", "with"): none belongs in a translated text."""
    counts: Counter[str] = Counter()
    for msgid in texts_of("en"):
        counts.update(word.lower() for word in ENGLISH_WORD.findall(FIELD.sub(" ", msgid)))
    foreign = {word for language in LANGUAGES if language != "en" for word in _words_of(language)}
    common = (word for word, _count in counts.most_common() if len(word) > 2)
    return frozenset(list(word for word in common if word not in foreign)[:DENY_WORDS])


def english_leftovers(texts: Iterable[str], language: str) -> list[tuple[str, str]]:
    """(what, text) for each text a reader of `language` gets that holds English: a
    message of the catalog left untranslated, or a word of the deny-list."""
    if language == "en":
        return []
    patterns, denied = english_patterns(language), deny_list()
    found = []
    for text in texts:
        read = UNREAD.sub(" ", text)
        for piece in PIECE.split(read):
            piece = piece.strip()
            for msgid, pattern in patterns:
                if piece and pattern.search(piece):
                    found.append((msgid, text))
        for word in ENGLISH_WORD.findall(read):
            if word.lower() in denied:
                found.append((word, text))
    return found
