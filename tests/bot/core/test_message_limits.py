"""Audit finding 16: no text the bot writes for a game needs Discord's 2,000-character
cut. With the longest names the lobby allows (bot.core.tables.MAX_NAME, plus a " 2" made
unique) at full tables, random whole games of each kind are followed move by move, and
every text is measured: the table's words (with and without its picture), each
player's hand message, the turn ping and the extra posts, up to the game's end. The
publisher cuts every text with `bot.core.gameui.fit` as well; this shows the cut never has
to hide anything in play, in any of the four languages. The same holds for the words of
each player's controls against Discord's limits on them (`bot.core.language.within`
cuts them as well), and for the Grass cards' effects that the card menus describe."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.core.gameui import MESSAGE_LIMIT, AnyUI
from bot.core.language import BUTTON_LABEL, OPTION_WORDS, PLACEHOLDER, within
from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.core.tables import MAX_NAME
from bot.exts.gracias import KIND as GRACIAS
from bot.exts.gracias.ui import GraciasUI
from bot.exts.graps import KIND as GRAPS
from bot.exts.graps.ui import GrapsUI
from bot.exts.grass import KIND as GRASS
from bot.exts.grass.cards import effect
from bot.exts.grass.ui import GrassUI
from games.grass.cards import Card
from games.registry import game_class
from lang import LANGUAGES, translate

MAX_STEPS = 3000

RECORDS = {record.name: record for record in (GRASS, GRACIAS, GRAPS)}


def longest_names(count: int) -> list[str]:
    return [("W" * MAX_NAME)[: MAX_NAME - 1] + chr(ord("a") + n) + " 2" for n in range(count)]


def texts(ui: AnyUI, session: Session, events: Any) -> list[str]:
    names = [seat.name for seat in session.seats]
    table = session.table()
    words = ui.table_text(table)
    found = [words.top(), words.actions, ui.table_words(table)]
    found += [ui.private_text(session.hand(name, table)) for name in names]
    found.append(ui.turn_text(table, names) or "")
    found += [post.text for post in ui.posts(table, events)]
    return found


def control_words(ui: AnyUI, session: Session) -> list[tuple[str, int]]:
    """The words on each player's controls, with Discord's limit on each."""
    table = session.table()
    found: list[tuple[str, int]] = []
    for seat in session.seats:
        for item in ui.controls(session.hand(seat.name, table)):
            if isinstance(item, discord.ui.DynamicItem):
                item = item.item
            if isinstance(item, discord.ui.Button) and item.label:
                found.append((item.label, BUTTON_LABEL))
            elif isinstance(item, discord.ui.Select):
                found.append((item.placeholder or "", PLACEHOLDER))
                for option in item.options:
                    found.append((option.label, OPTION_WORDS))
                    found.append((option.description or "", OPTION_WORDS))
    return found


@pytest.mark.parametrize(
    ("kind", "ui", "players", "options"),
    [
        ("grass", GrassUI(), 6, {"target": 25_000}),
        ("gracias", GraciasUI(), 6, {}),
        ("graps", GrapsUI(), 2, {}),
    ],
    ids=["grass", "gracias", "graps"],
)
def test_every_game_text_fits_one_message(kind: str, ui: AnyUI, players: int, options: Any) -> None:
    names = longest_names(players)
    engine = game_class(kind).create(names, options, 16)
    row = GameRow(1, 1, 1, kind, options, Status.RUNNING, 100, None, None, 0, None)
    seats = [SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate(names)]
    rng = random.Random(16)
    longest = 0
    too_long: set[str] = set()
    for _ in range(MAX_STEPS):
        awaiting = engine.awaiting
        if engine.outcome() is not None or not awaiting:
            break
        legal = list(engine.legal_actions(awaiting[0]))
        events = engine.apply(rng.choice(legal))
        status = Status.RUNNING if engine.outcome() is None else Status.FINISHED
        session = Session(row, engine, seats, status, None, RECORDS[engine.kind])
        found = texts(ui, session, events)
        words = control_words(ui, session)
        for language in LANGUAGES:
            longest = max(longest, *(len(translate(text, language)) for text in found))
            too_long.update(
                said
                for said, limit in ((translate(w, language), limit) for w, limit in words)
                if len(said) > limit
            )
    assert engine.outcome() is not None, "the game did not end"
    assert longest <= MESSAGE_LIMIT
    assert too_long == set()


def test_every_cards_effect_fits_a_menu_description_in_every_language() -> None:
    too_long = [
        (language, card.value)
        for language in LANGUAGES
        for card in Card
        if len(translate(effect(card), language)) > OPTION_WORDS
    ]
    assert too_long == []


def test_words_too_long_for_a_control_are_cut_at_a_word_with_an_ellipsis() -> None:
    assert within("Give blue to bob", 80) == "Give blue to bob"
    cut = within("Du verlierst Züge und Peddles, dann geben alle eine Karte nach links", 40)
    assert cut == "Du verlierst Züge und Peddles, dann…" and len(cut) <= 40
    unbroken = within("W" * 120, 100)
    assert unbroken == "W" * 99 + "…" and len(unbroken) == 100
