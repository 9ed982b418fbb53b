"""Messages laid out in Components V2 (bot/core/layout.py): the words over and under the
picture, the picture shown from the message's own file with its description, the words
standing in for a refused picture, the controls in rows as a classic message has them,
and every part within its share of Discord's 4,000 characters."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.core.gameui import ANY_VERSION, Control, GameButton, GameSelect, SharedVerb
from bot.core.layout import INSTEAD_LIMIT, TOP_LIMIT, UNDER_LIMIT, laid_out, rows

TEXT_DISPLAY, MEDIA_GALLERY, ACTION_ROW = 10, 12, 1


def button(n: int, row: int | None = None) -> GameButton:
    return GameButton(Control(1, ANY_VERSION, SharedVerb.HAND, (str(n),)), f"b{n}", row=row)


def select(n: int) -> GameSelect:
    options = [discord.SelectOption(label="a", value="a")]
    return GameSelect(Control(1, 2, "play", (str(n),)), "pick", options)


def shapes(found: list[list[Any]]) -> list[list[str]]:
    return [[type(item).__name__ for item in row] for row in found]


def test_a_table_reads_top_picture_under_then_its_controls():
    picture = discord.File(io.BytesIO(b"png"), filename="table.png")
    layout = laid_out("ann to play", picture, "the table", "- ann played Mexico", [button(1)])
    components = layout.to_components()
    assert [c["type"] for c in components] == [TEXT_DISPLAY, MEDIA_GALLERY, TEXT_DISPLAY, 1]
    assert components[0]["content"] == "ann to play"
    item = components[1]["items"][0]
    assert item["media"]["url"] == "attachment://table.png"
    assert item["description"] == "the table"
    assert components[2]["content"] == "- ann played Mexico"
    assert layout.has_components_v2()


def test_words_stand_for_a_picture_the_channel_refused():
    components = laid_out("ann to play", None, None, "", (), "the table in words").to_components()
    assert [c.get("content") for c in components] == ["ann to play", "the table in words"]


def test_every_part_keeps_to_its_share_of_the_4000_characters():
    layout = laid_out("t" * 5000, None, None, "u" * 5000, (), "w" * 5000)
    lengths = [len(c["content"]) for c in layout.to_components()]
    assert lengths == [TOP_LIMIT, INSTEAD_LIMIT, UNDER_LIMIT]
    assert sum(lengths) <= 4000


def test_controls_are_in_rows_as_a_classic_message_lays_them_out():
    # Five buttons to a row; a select menu alone in its row; a row asked for is begun.
    items = [*(button(n) for n in range(7)), select(1), button(8), button(9, row=3), button(10)]
    assert [len(row) for row in rows(items)] == [5, 2, 1, 1, 2]
    assert shapes(rows(items))[2] == ["GameSelect"]
    assert len(rows([select(n) for n in range(7)])) == 5  # the most Discord shows
