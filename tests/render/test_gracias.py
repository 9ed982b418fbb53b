"""Gracias images: table with trios and reserves (C1, C3, C5), hidden cards, scores (C6, C8)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from games.gracias.cards import COLOURS, Colour
from games.gracias.views import Phase
from lang import LANGUAGES, speaking
from render import gracias, measure
from render.gracias import samples as gracias_samples
from render.gracias import table as gracias_table
from render.gracias.cards import COLOURS as COLOUR_RGB
from render.gracias.cards import card, chip, ink
from render.toolkit import GOLD, PANEL, text_width
from render.tools.legibility import forget_cached_drawings
from tests.render.helpers import assert_image_similar, assert_not_blank, close


def test_six_player_table_matches_golden():
    image = gracias.table_image(gracias_samples.six())
    assert image.width == gracias_table.WIDTH == 640
    assert 700 < image.height <= 780  # two rows of trios, three rows of two seats
    assert_not_blank(image)
    assert_image_similar(image, "gracias-table-6p")


def test_c5_trio_being_split_is_outlined_gold():
    view = gracias_samples.six()
    assert view.choosing == 2
    image = gracias.table_image(view)
    # Trio 2 of six, the second of the first row; its outline is gold, trio 1's is not.
    for number, gold in ((2, True), (1, False)):
        left, top, right, _ = gracias_table.trio_box(number - 1, 6)
        cx = (left + right) // 2
        outline = top + gracias_table.CARDS_TOP - gracias_table.OUTLINE
        found = any(
            close(image.getpixel((cx, y)), GOLD, 40) for y in range(outline - 2, outline + 4)
        )
        assert found == gold


def test_trios_sit_three_a_row_the_last_row_centred():
    boxes = [gracias_table.trio_box(index, 5) for index in range(5)]
    assert [box[1] for box in boxes] == [boxes[0][1]] * 3 + [boxes[3][1]] * 2
    middle = gracias_table.WIDTH / 2
    assert abs((boxes[3][0] + boxes[4][2]) / 2 - middle) <= 8
    assert abs((boxes[0][0] + boxes[2][2]) / 2 - middle) <= 8


def test_c1_every_colour_carries_its_own_shape_and_no_letter():
    faces = {colour: card(colour).tobytes() for colour in COLOURS}
    assert len(set(faces.values())) == 6
    # Drawn without colour, the six cards still differ: the shapes are readable.
    grey = {
        card(colour).convert("L").point(lambda v: 255 if v > 128 else 0).tobytes()
        for colour in COLOURS
    }
    assert len(grey) == 6
    # No letter: an initial is one language's (G is green in English, yellow in German).
    forget_cached_drawings()
    with measure.recording() as drawn:
        for colour in COLOURS:
            card(colour, gracias_table.CARD_W, gracias_table.CARD_H)
            card(colour, gracias_table.HIDDEN_W, gracias_table.HIDDEN_H)
    assert drawn == []


def corner_mark(colour: Colour) -> Image.Image:
    """The ink of the shape in the top-left corner of a table's card, as a mask: inside
    the card's rim, where the card's colour gives way to the shape's."""
    face = card(colour, gracias_table.CARD_W, gracias_table.CARD_H).convert("RGB")
    corner = face.crop((6, 6, gracias_table.CARD_W // 2, gracias_table.CARD_H // 3))
    solid = Image.new("RGB", corner.size, ink(colour))
    away = ImageChops.difference(corner, solid).convert("L")
    return away.point(lambda value: 255 if value < 40 else 0).convert("1")


def inked(mask: Image.Image) -> int:
    return mask.convert("L").histogram()[255]


def test_c1_each_colours_corner_mark_differs_and_reads_on_a_phone():
    """The corner's shape stays in sight where the table's cards overlap: each colour's
    is its own, and at least as large as the smallest text (9 px) once the table is
    shown 360 px wide."""
    marks = {colour: corner_mark(colour) for colour in COLOURS}
    scale = measure.PHONE_VIEW / gracias_table.WIDTH
    for colour, mark in marks.items():
        box = mark.getbbox()
        assert box is not None, colour
        assert max(box[2] - box[0], box[3] - box[1]) * scale >= measure.SMALLEST, (colour, box)
    for one, other in itertools.combinations(COLOURS, 2):
        a, b = marks[one], marks[other]
        apart = inked(ImageChops.logical_xor(a, b)) / inked(ImageChops.logical_or(a, b))
        assert apart > 0.2, (one, other)  # one shape twice: 0


def test_empty_reserve_colours_are_faded():
    full, empty = chip(Colour.RED, 3, PANEL), chip(Colour.RED, 0, PANEL)
    assert close(full.getpixel((6, 20)), COLOUR_RGB[Colour.RED])
    assert not close(empty.getpixel((6, 20)), COLOUR_RGB[Colour.RED])


def test_table_refuses_a_player_view():
    with pytest.raises(TypeError):
        gracias.table_image(gracias_samples.hidden())  # type: ignore[arg-type]


def test_table_without_trios_at_game_end():
    view = replace(gracias_samples.six(), trios=(), choosing=None, to_move=None, winners=("cy",))
    image = gracias.table_image(view)
    assert image.height < gracias.table_image(gracias_samples.six()).height
    assert_not_blank(image)


def test_hidden_cards_match_golden():
    image = gracias.hidden_image(gracias_samples.hidden())
    assert_image_similar(image, "gracias-hidden")


def test_c6_round_scores_match_golden():
    image = gracias.round_score_image(gracias_samples.six())
    assert image.width == 640  # a phone shows it 360 px wide
    assert_image_similar(image, "gracias-round-score")


def test_round_scores_before_any_round_is_scored():
    view = replace(gracias_samples.six(), last_round=None)
    assert_not_blank(gracias.round_score_image(view))


LONG = "Wilhelmine-Sophie"  # long enough that the status wraps in every language


def _status_lines(view, language: str) -> list[measure.Drawn]:
    """The status's lines under the title, as drawn in `language`."""
    with speaking(language), measure.recording() as drawn:
        gracias.table_image(view)
    size = gracias_table.STATUS.size
    return [d for d in drawn if d.size == size and d.box[3] <= gracias_table.HEADER]


def _moving(name: str):
    view = gracias_samples.six()
    seats = tuple(replace(s, name=name) if s.name == view.to_move else s for s in view.seats)
    return replace(view, seats=seats, to_move=name)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("status", ["choosing", "shared win"])
def test_a_wrapped_status_is_balanced_and_leaves_no_word_alone(language, status):
    """German's "... und gibt eine" / "ab": two lines of about one width instead (no
    word moved across the break would shorten the longer), never a lone last word."""
    view = _moving(LONG)
    if status == "shared win":
        view = replace(view, winners=(LONG, "Maximilian", "bob"), phase=Phase.OVER)
    lines = _status_lines(view, language)
    assert len(lines) == 2, [d.words for d in lines]
    first, second = (d.words for d in lines)
    assert " " in second.strip(), second
    shorter, longer = sorted(d.box[2] - d.box[0] for d in lines)
    assert shorter >= longer / 2, (first, second)
    with speaking(language):

        def longest(*two: str) -> int:
            return max(text_width(line, gracias_table.STATUS.size, bold=True) for line in two)

        widest = longest(first, second)
        head, last = first.rsplit(" ", 1)
        assert longest(head, f"{last} {second}") >= widest, (first, second)
        next_word, rest = second.split(" ", 1)
        assert longest(f"{first} {next_word}", rest) >= widest, (first, second)


def test_a_status_that_fits_stays_on_one_line():
    assert [d.words for d in _status_lines(gracias_samples.six(), "en")] == [
        "dee keeps one card of trio 2 and gives one"
    ]


def _players(count: int):
    """The six-player sample cut to its first `count` seats and trios."""
    view = gracias_samples.six()
    seats = view.seats[:count]
    names = tuple(seat.name for seat in seats)
    small = view.small_opener if view.small_opener in names else names[-1]
    moving = view.to_move if view.to_move in names else names[-1]
    trios = view.trios[:count]
    return replace(
        view, players=names, seats=seats, trios=trios, small_opener=small, to_move=moving
    )


# The message's text (game line, whose turn, a line per seat, the last actions) and
# the picture together about one phone screen up to four players, 1.3 for six.
TALLEST = {3: 560, 4: 620, 6: 780}


@pytest.mark.parametrize("players", sorted(TALLEST))
def test_the_table_is_compact_and_its_key_texts_read_in_a_desktop_box(players):
    """At most TALLEST px tall at 640 px wide; shrunk into Discord's desktop box (about
    550 x 350 px), whose turn, names and counts still read at 9 px or more."""
    forget_cached_drawings()  # the chips' counts drawn, and recorded, anew
    with measure.recording() as drawn:
        image = gracias.table_image(_players(players))
    assert image.width == 640 and image.height <= TALLEST[players]
    scale = min(550 / image.width, 350 / image.height)
    keys = {d.words: d.size * scale for d in drawn if d.key}
    assert {seat.name for seat in _players(players).seats} | {"0", "3"} <= keys.keys()
    assert min(keys.values()) >= 9, keys


def test_the_height_holds_when_the_status_wraps():
    """Room for two status lines always: the picture keeps its height from a move with
    a short status to one with a long one, and the message does not jump."""
    short = gracias.table_image(gracias_samples.six())
    wrapped = gracias.table_image(_moving(LONG))
    assert len(_status_lines(_moving(LONG), "en")) == 2
    assert wrapped.height == short.height


def test_the_last_events_are_left_to_the_message():
    view = gracias_samples.six()
    with measure.recording() as drawn:
        gracias.table_image(view)
    said = {d.words for d in drawn}
    assert not said & set(view.recent)


def test_four_trios_sit_in_one_row_and_the_seats_two_a_row():
    boxes = [gracias_table.trio_box(index, 4) for index in range(4)]
    assert len({box[1] for box in boxes}) == 1
    assert (
        boxes[0][0] >= gracias_table.MARGIN
        and boxes[3][2] <= gracias_table.WIDTH - gracias_table.MARGIN
    )
    seats = [gracias_table.seat_box(index, 3, 0) for index in range(3)]
    assert seats[0][1] == seats[1][1] < seats[2][1]
    middle = gracias_table.WIDTH / 2
    assert abs((seats[2][0] + seats[2][2]) / 2 - middle) <= 1  # a lone last seat, centred
