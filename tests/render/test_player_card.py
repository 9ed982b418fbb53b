"""The `/stats` player card: its size, its growth with the rivals, the rating line,
short and empty histories, German-length words staying in their boxes, the places in
a row of their own, and every text read on a phone (and the key ones on a desktop)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from games.text import Text
from lang import LANGUAGES, speaking
from render import measure
from render.encode import to_png
from render.player_card import (
    KEY_FLOOR,
    LEFT,
    LINE,
    RIGHT,
    VALUE_MIN,
    WIDTH,
    PlayerCard,
    player_card_image,
)
from tests.render.helpers import assert_image_similar, close

NINE = (1000, 1023, 1011, 1040, 1062, 1055, 1071, 1049, 1060)

CARD = PlayerCard(
    title="bob at Gracias",
    rating=Text.verbatim("{rating:,}", rating=1136),
    rating_label="rating",
    figures=(
        ("games", "12"),
        ("wins", "5"),
        ("win rate", "42%"),
        ("places", "1st ×5 · 2nd ×4 · 3rd ×3"),
        ("favourite game", "Gracias (12 games)"),
        ("best final score", "$275,000"),
        ("longest winning streak", "3"),
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

SIX_PLACES = {
    "1st ×3 · 2nd ×2 · 3rd ×1 · 4th ×2 · 5th ×1 · 6th ×3": CARD,
    "1. Platz 5 · 2. Platz 4 · 3. Platz 3 · 4. Platz 0 · 5. Platz 1 · 6. Platz 3": GERMAN,
}


def _with_places(card: PlayerCard, places: str) -> PlayerCard:
    figures = [(label, places if " · " in value else value) for label, value in card.figures]
    return replace(card, figures=tuple(figures))


def _decoded(card: PlayerCard) -> Image.Image:
    """The card as a player receives it: PNG bytes from the shared encoder, decoded."""
    image = Image.open(io.BytesIO(to_png(player_card_image(card))))
    assert image.format == "PNG"
    return image.convert("RGB")


def _drawn(card: PlayerCard, language: str = "en") -> list[measure.Drawn]:
    with speaking(language), measure.recording() as drawn:
        player_card_image(card)
    return drawn


def test_the_card_is_640_wide_and_a_png():
    image = _decoded(CARD)
    assert image.width == WIDTH == 640  # read on a phone first, as the tables
    assert 700 < image.height < 1000


def test_the_card_matches_its_golden_images():
    assert_image_similar(player_card_image(CARD), "player-card")
    with speaking("de"):
        assert_image_similar(player_card_image(GERMAN), "player-card-german")


def test_the_card_grows_with_its_rivals():
    none = player_card_image(replace(CARD, rivals=()))
    two = player_card_image(CARD)
    five = player_card_image(replace(CARD, rivals=GERMAN.rivals))
    assert none.height < two.height < five.height


@pytest.mark.parametrize("history", [(), (1000,), (1000, 1000)])
def test_short_and_empty_histories_draw(history):
    image = _decoded(replace(CARD, history=history, rating=""))
    assert image.width == WIDTH


def _line_pixels(image: Image.Image) -> int:
    """Pixels of the line's colour (drawn nowhere else), counted on the decoded PNG so
    that the colour survives the palette."""
    colours = image.getcolors(1 << 20) or []
    return sum(count for count, pixel in colours if close(pixel, LINE, 12))


def test_the_history_line_is_drawn():
    assert _line_pixels(_decoded(CARD)) > 1000
    assert _line_pixels(_decoded(replace(CARD, history=()))) == 0


def test_one_game_says_when_the_line_begins_instead_of_a_lone_dot():
    one = _decoded(replace(CARD, history=(1000,)))
    none = _decoded(replace(CARD, history=()))
    assert _line_pixels(one) == 0
    assert one.size == none.size  # the short frame of a history not begun
    written = ImageChops.difference(one, none).convert("L")
    inked = written.point(lambda level: 255 if level > 64 else 0).histogram()[255]
    assert inked > 300, "the note is written in the frame"
    notes = [d for d in _drawn(replace(CARD, history=(1000,))) if "second game" in d.words]
    assert len(notes) == 1


@pytest.mark.parametrize("card", [CARD, GERMAN], ids=["english", "german"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_long_words_stay_in_their_boxes(card, language):
    drawn = _drawn(card, language)
    assert len(drawn) >= 20
    assert [d for d in drawn if measure.outside(d)] == []
    clashes = [
        (one.words, other.words)
        for index, one in enumerate(drawn)
        for other in drawn[index + 1 :]
        if measure.collide(one, other)
    ]
    assert clashes == []


def test_the_rating_the_values_the_rivals_and_their_records_are_key_texts():
    drawn = _drawn(CARD)
    keys = {d.words for d in drawn if d.key}
    values = {value for _, value in CARD.figures}
    rivals = {word for rival in CARD.rivals for word in rival}
    assert keys >= {"1,136", *values, *rivals}
    labels = {label for label, _ in CARD.figures} | {"rating", CARD.history_label}
    assert not keys & labels


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "card",
    [
        CARD,
        GERMAN,
        replace(CARD, history=(1000,)),
        *(_with_places(c, p) for p, c in SIX_PLACES.items()),
    ],
    ids=["english", "german", "one-game", "six-places", "sechs-plaetze"],
)
def test_every_text_reads_on_a_phone(card, language):
    """Shown 360 px wide: every text 9 px or more, every key text 12 px or more."""
    small = [
        (d.words, d.size, d.key) for d in _drawn(card, language) if measure.too_small(d, WIDTH)
    ]
    assert small == []


@pytest.mark.parametrize("places", SIX_PLACES)
def test_six_places_have_a_row_of_their_own_and_read_at_a_key_size(places):
    card = _with_places(SIX_PLACES[places], places)
    drawn = _drawn(card, "de")
    label = next(d for d in drawn if d.words in ("places", "Platzierungen"))
    x0, _, x1, _ = label.area  # the tile
    assert (x0, x1) == (LEFT, RIGHT)
    lines = [d for d in drawn if d.area == label.area and d is not label]
    assert 1 <= len(lines) <= 2
    assert " · ".join(d.words for d in lines) == places
    assert all(d.key and d.size >= VALUE_MIN for d in lines)


def test_short_figures_stand_three_to_a_row_and_long_ones_get_the_room_they_need():
    drawn = _drawn(CARD)
    tiles = {d.words: d.area for d in drawn if d.words in {label for label, _ in CARD.figures}}
    rows: dict[int, list[tuple[int, int, int, int]]] = {}
    for area in tiles.values():
        rows.setdefault(area[1], []).append(area)
    assert sorted(len(row) for row in rows.values()) == [1, 1, 2, 3]
    # games, wins and win rate side by side, in the figures' order
    assert tiles["games"][1] == tiles["wins"][1] == tiles["win rate"][1]
    assert tiles["games"][0] < tiles["wins"][0] < tiles["win rate"][0]
    for row in rows.values():  # each row as wide as the card
        assert min(a[0] for a in row) == LEFT and max(a[2] for a in row) == RIGHT


def test_a_record_too_long_beside_its_name_goes_under_it():
    drawn = _drawn(GERMAN, "de")
    name = next(d for d in drawn if d.key and d.words.startswith("Bartholomäus von"))
    record = next(d for d in drawn if d.words.startswith("3 Siege"))
    assert name.words.startswith("Bartholomäus von Hohenzollern")  # the row's width
    assert record.words == GERMAN.rivals[0][1] and record.size >= KEY_FLOOR
    assert record.box[1] > name.box[3]


def test_a_long_name_beside_a_short_record_is_cut_with_an_ellipsis():
    long = "W" * 31 + "a 2"
    drawn = _drawn(replace(CARD, rivals=((long, "1 win"),)))
    names = [d.words for d in drawn if d.words.startswith("WWW")]
    assert len(names) == 1 and names[0].endswith("…")


def test_a_desktop_shows_the_key_texts_at_9_px():
    """Discord fits a lone picture in a 550 x 350 box: the card stays short enough for
    its key texts to read there (five rivals, a chart, seven figures)."""
    card = replace(
        CARD, rivals=(*CARD.rivals, ("dee", "2 wins"), ("eve", "1 win"), ("fay", "1 tie"))
    )
    image = player_card_image(card)
    drawn = _drawn(card)
    sizes = [measure.desktop_size(d, image.width, image.height) for d in drawn if d.key]
    assert min(sizes) >= measure.SMALLEST - 0.05
