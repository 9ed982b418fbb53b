"""The `/stats` player card: its size, its growth with the rivals, the rating line,
short and empty histories, and German-length words staying in their boxes."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from games.text import Text
from lang import speaking
from render import measure
from render.encode import to_png
from render.player_card import LINE, PlayerCard, player_card_image
from tests.render.helpers import close

CARD = PlayerCard(
    title="bob at Gracias",
    rating=Text.verbatim("{rating:,}", rating=1136),
    rating_label="rating",
    figures=(
        ("games", "12"),
        ("wins", "5"),
        ("win rate", "42%"),
        ("places", "1st 5 · 2nd 4 · 3rd 3"),
        ("favourite game", "Gracias"),
        ("best result", "$275,000"),
    ),
    history=(1000, 1023, 1011, 1040, 1062, 1055, 1080, 1071, 1098, 1120, 1109, 1136),
    history_label="rating after each game",
    rivals_title="against the players met most",
    rivals=(("ann", "3 wins, 2 losses, 1 tie"), ("cy", "4 wins, 1 loss")),
)

GERMAN = PlayerCard(
    title="Bartholomäus von Hohenzollern-Sigmaringen, alle Spiele zusammengenommen",
    rating="1.060?",
    rating_label="Wertung (vorläufig, noch zu wenige Partien)",
    figures=(
        ("Partien", "12"),
        ("Siege", "5"),
        ("Siegquote", "42 %"),
        ("Platzierungen", "1. Platz 5 · 2. Platz 4 · 3. Platz 3 · 4. Platz 0"),
        ("Lieblingsspiel", "Gracias"),
        ("bestes Ergebnis", "275.000 $"),
        ("längste Siegesserie", "3"),
        ("durchschnittliche Platzierung in allen Partien", "1,8"),
    ),
    history=(1000, 1023, 1011, 1040, 1062, 1055, 1060),
    history_label="Wertung nach jeder einzelnen gespielten Partie",
    rivals_title="gegen die Spieler, denen bob am häufigsten begegnet ist",
    rivals=(
        ("Bartholomäus von Hohenzollern-Sigmaringen", "3 Siege, 2 Niederlagen, 1 Unentschieden"),
        ("cy", "4 Siege, 1 Niederlage"),
        ("dee", "2 Siege, 3 Niederlagen, 7 Unentschieden in 12 Partien"),
        ("eve", "1 Sieg"),
        ("fay", "keine Partie gewonnen, keine verloren"),
    ),
)


def _decoded(card: PlayerCard) -> Image.Image:
    """The card as a player receives it: PNG bytes from the shared encoder, decoded."""
    image = Image.open(io.BytesIO(to_png(player_card_image(card))))
    assert image.format == "PNG"
    return image.convert("RGB")


def test_the_card_is_900_wide_and_a_png():
    image = _decoded(CARD)
    assert image.width == 900 and image.height > 600


def test_the_card_grows_with_its_rivals():
    none = player_card_image(replace(CARD, rivals=()))
    two = player_card_image(CARD)
    five = player_card_image(replace(CARD, rivals=GERMAN.rivals))
    assert none.height < two.height < five.height


@pytest.mark.parametrize("history", [(), (1000,), (1000, 1000)])
def test_short_and_empty_histories_draw(history):
    image = _decoded(replace(CARD, history=history, rating=""))
    assert image.width == 900


def _line_pixels(image: Image.Image) -> int:
    """Pixels of the line's colour in the chart's band (below the tiles, above the
    rivals), counted on the decoded PNG so that the colour survives the palette."""
    band = image.crop((0, 480, image.width, 740))
    colours = band.getcolors(1 << 20) or []
    return sum(count for count, pixel in colours if close(pixel, LINE, 12))


def test_the_history_line_is_drawn():
    assert _line_pixels(_decoded(CARD)) > 1500
    assert _line_pixels(_decoded(replace(CARD, history=()))) == 0


def test_one_game_says_when_the_line_begins_instead_of_a_lone_dot():
    one = _decoded(replace(CARD, history=(1000,)))
    none = _decoded(replace(CARD, history=()))
    assert _line_pixels(one) == 0
    assert one.size == none.size  # the short frame of a history not begun
    band = (0, 480, one.width, 640)  # the frame, under the chart's heading
    written = ImageChops.difference(one.crop(band), none.crop(band)).convert("L")
    inked = written.point(lambda level: 255 if level > 64 else 0).histogram()[255]
    assert inked > 500, "the note is written in the frame"


@pytest.mark.parametrize("card", [CARD, GERMAN], ids=["english", "german"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_long_words_stay_in_their_boxes(card, language):
    with speaking(language), measure.recording() as drawn:
        player_card_image(card)
    assert len(drawn) >= 20
    assert [d for d in drawn if measure.outside(d)] == []
    clashes = [
        (one.words, other.words)
        for index, one in enumerate(drawn)
        for other in drawn[index + 1 :]
        if measure.collide(one, other)
    ]
    assert clashes == []
