"""Every picture reads on a phone without zooming: shown 360 px wide, as Discord shows
it in a phone's chat column, every text is at least 9 px (font size) and every key
text (whose turn it is, each player's total or score, cards in hand, lost or blocked
turns, the last move, a card's value) at least 12 px (render/measure.py). Checked
over every picture of the gallery, in the four languages, with the gallery's long
and CJK names."""

from __future__ import annotations

import pytest
from PIL import Image

from lang import LANGUAGES
from render import measure
from render.toolkit import text
from render.tools.gallery import images
from render.tools.legibility import legibility

# The pictures not yet redesigned for the phone: each one is drawn for a desktop
# width with small type, and comes off this list when it is redrawn. The list only
# shrinks: a picture listed here that meets the goal fails the test, so that it is
# taken off.
NOT_YET = {
    "gracias-round-score-4p.png",
    "gracias-round-score-5p-over.png",
}

PICTURES = dict(images())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_text_reads_at_a_phones_width(name: str, language: str) -> None:
    small = legibility(PICTURES[name], language).small
    if name in NOT_YET:
        assert small, f"{name} meets the goal in {language}: take it off NOT_YET"
    else:
        assert small == ()


def test_the_list_of_pictures_not_yet_redrawn_names_gallery_pictures() -> None:
    assert PICTURES.keys() >= NOT_YET


def test_the_measure_scales_the_font_size_to_a_phones_width() -> None:
    image = Image.new("RGB", (720, 100))
    with measure.recording() as drawn:
        text(image, (10, 10), "total", 18, (255, 255, 255))
        text(image, (10, 40), "$25,000", 24, (255, 255, 255), key=True)
        text(image, (200, 10), "stash", 17, (255, 255, 255))
        text(image, (200, 40), "$5,000", 23, (255, 255, 255), key=True)
    assert [measure.phone_size(d, image.width) for d in drawn] == [9.0, 12.0, 8.5, 11.5]
    assert [measure.too_small(d, image.width) for d in drawn] == [False, False, True, True]
