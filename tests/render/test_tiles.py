"""Kept parts of pictures (render/toolkit.py `Tiles`): a kept Grass seat panel is
pasted only while it shows the same, in the same language."""

from __future__ import annotations

from PIL import Image, ImageChops

from lang import speaking
from render import measure
from render.grass import table
from render.grass.table import table_image
from render.toolkit import Tiles
from render.tools.seeded import snapshots


def same(one: Image.Image, other: Image.Image) -> bool:
    return one.size == other.size and ImageChops.difference(one, other).getbbox() is None


def test_a_table_drawn_with_kept_seats_is_the_table_drawn_afresh():
    """Successive moves of a 6-player game, in English then German: every picture
    drawn while panels are kept equals the one drawn with none kept."""
    games = snapshots("grass", 6, 11, 150, 12)
    for language in ("en", "de"):
        with speaking(language):
            for game in games:
                kept = table_image(game.public_view())
                table._SEATS.clear()
                fresh = table_image(game.public_view())
                assert same(kept, fresh), f"move {game.moves} in {language}"
                table_image(game.public_view())  # kept again for the next move


def test_a_kept_part_is_made_once_per_key_and_afresh_while_texts_are_recorded():
    tiles = Tiles(2)
    made: list[str] = []

    def make(name: str) -> Image.Image:
        made.append(name)
        return Image.new("RGB", (1, 1))

    first = tiles.get("a", lambda: make("a"))
    assert tiles.get("a", lambda: make("a")) is first
    tiles.get("b", lambda: make("b"))
    tiles.get("c", lambda: make("c"))  # the oldest, "a", goes
    tiles.get("a", lambda: make("a"))
    assert made == ["a", "b", "c", "a"]
    with measure.recording():
        tiles.get("a", lambda: make("a"))
    assert made == ["a", "b", "c", "a", "a"]
