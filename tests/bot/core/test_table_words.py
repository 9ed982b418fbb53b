"""The table message's words (bot/core/table_words.py): the turn line naming the awaited
people stands in for the status (it says the same), the status shows when the computer
is awaited, every seat has its line of figures over the picture and the last actions go
under it, and a channel that refuses pictures gets the table in words and the reason."""

from __future__ import annotations

from dataclasses import replace

from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.core.table_words import table_message_words
from bot.exts.grass import KIND as GRASS
from games.registry import game_class

NAMES = ["ann", "bob", "cy"]


def session(ai: str | None = None, language: str | None = None) -> Session:
    engine = game_class("grass").create(NAMES, {"target": 100_000}, 3)
    row = GameRow(1, 1, 1, "grass", {}, Status.RUNNING, 100, None, None, 0, None)
    row = replace(row, language=language)
    seats = [
        SeatRow(1, n, 100 + n if ai != name else -1 - n, name, None, None, None, False)
        for n, name in enumerate(NAMES)
    ]
    seats = [replace(seat, ai_level="easy") if seat.name == ai else seat for seat in seats]
    return Session(row, engine, seats, Status.RUNNING, None, GRASS)


def test_the_turn_line_stands_in_for_the_status():
    words = table_message_words(session(), 60.0)
    lines = words.top.split("\n")
    assert lines[0] == "<@100>, your turn (hand 1)."
    assert "ann's turn." not in words.top  # said once, by the turn line
    assert lines[1].startswith("**Grass** · game 1 · hand 1")
    assert [line.split(" ")[0] for line in lines[2:]] == ["**ann**", "**bob**", "**cy**"]
    assert words.under.startswith("- Hand 1 is dealt")


def test_on_the_computers_turn_the_status_says_whose_it_is():
    words = table_message_words(session(ai="ann"), 60.0)
    assert words.top.split("\n")[0] == "ann's turn."


def test_the_words_are_in_the_games_language():
    words = table_message_words(session(language="fr"), 60.0)
    assert words.top.startswith("<@100>, à toi de jouer (manche 1).")
    assert "**ann** 0\u00a0$ · fermé · 7 en main" in words.top


def test_a_channel_without_pictures_gets_the_table_in_words_and_the_reason():
    words = table_message_words(session(), 60.0)
    assert "**ann** · $0 · market closed" in words.instead
    assert "give me the Attach Files permission" in words.instead
    layout = words.laid_out(None).to_components()
    assert [c.get("content", "")[:6] for c in layout] == ["<@100>", words.instead[:6], "- Hand"]
