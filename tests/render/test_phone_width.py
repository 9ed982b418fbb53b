"""The texts a turn depends on (names, money and points, whose turn it is, the last
move) read on a phone: Discord shows an image about 340 px wide there, and their
capitals must stand at least `toolkit.PHONE_MIN_CAP` (7 px) tall at that width (the
threshold and why: toolkit.py). Measured with the very styles each renderer draws
those texts with (`PHONE_TEXTS`), on the images it makes at the player counts that
matter: the width is read from the image, so a wider image fails too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

import pytest
from PIL import Image

from render import gracias, graps, grass
from render.gracias import cards as gracias_cards
from render.gracias import samples as gracias_samples
from render.gracias import table as gracias_table
from render.graps import board as graps_board
from render.graps import samples as graps_samples
from render.grass import samples as grass_samples
from render.grass import table as grass_table
from render.toolkit import (
    INK,
    PHONE_MIN_CAP,
    PHONE_WIDTH,
    TextStyle,
    cap_height,
    phone_cap_height,
    text,
)


def _gracias_three():
    view = gracias_samples.six()
    return replace(
        view,
        players=view.players[:3],
        seats=view.seats[:3],
        trios=view.trios[:3],
        small_opener="cy",
    )


TABLES: dict[str, tuple[Callable[[], Image.Image], Mapping[str, TextStyle]]] = {
    "grass, 2 players": (lambda: grass.table_image(grass_samples.two()), grass_table.PHONE_TEXTS),
    "grass, 6 players": (lambda: grass.table_image(grass_samples.six()), grass_table.PHONE_TEXTS),
    "gracias, 3 players": (
        lambda: gracias.table_image(_gracias_three()),
        gracias_table.PHONE_TEXTS,
    ),
    "gracias, 6 players": (
        lambda: gracias.table_image(gracias_samples.six()),
        gracias_table.PHONE_TEXTS,
    ),
    "graps": (lambda: graps.board_image(graps_samples.play(), "ann"), graps_board.PHONE_TEXTS),
}


@pytest.mark.parametrize("table", TABLES)
def test_texts_a_turn_depends_on_are_readable_at_phone_width(table):
    render, styles = TABLES[table]
    width = render().width
    drawn = {"name", "whose turn", "last move"}
    if table.startswith("gracias"):
        # Gracias's last move is the table message's text under the picture now.
        drawn.discard("last move")
    if table.startswith("grass"):
        # Grass's last move is native text under the picture now; its cards' values
        # are what the picture holds for a turn.
        drawn = (drawn - {"last move"}) | {"card value"}
    if table == "graps":
        # Graps's whose turn and last move are native text over and under the picture
        # now; the players' supplies are what its header holds for a turn.
        drawn = (drawn - {"whose turn", "last move"}) | {"supply"}
    assert drawn <= styles.keys()
    small = {
        what: round(phone_cap_height(style, width), 2)
        for what, style in styles.items()
        if phone_cap_height(style, width) < PHONE_MIN_CAP
    }
    assert not small, f"{table}: capitals below {PHONE_MIN_CAP} px at {PHONE_WIDTH} px: {small}"


def test_the_reserve_counts_are_drawn_in_the_style_gracias_declares():
    assert gracias_table.PHONE_TEXTS["reserve count"] is gracias_cards.COUNT


def test_the_measure_fails_on_the_sizes_the_tables_used_before():
    # Grass's recent events were 22 px regular and Gracias's names 26 px bold, on
    # images 1000 px wide; Graps's supply 19 px bold on 854 px.
    assert phone_cap_height(TextStyle(22), 1000) < PHONE_MIN_CAP
    assert phone_cap_height(TextStyle(26, bold=True), 1000) < PHONE_MIN_CAP
    assert phone_cap_height(TextStyle(19, bold=True), graps_board.WIDTH) < PHONE_MIN_CAP


@pytest.mark.parametrize("style", [TextStyle(22), TextStyle(31), TextStyle(28, bold=True)])
def test_cap_height_is_the_height_of_the_ink_drawn(style):
    image = Image.new("RGB", (200, 100), (0, 0, 0))
    text(image, (10, 10), "HHH", style.size, INK, bold=style.bold)
    box = image.convert("L").point(lambda v: 255 if v > 96 else 0).getbbox()
    assert box is not None
    assert abs((box[3] - box[1]) - cap_height(style)) <= 1
