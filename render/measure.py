"""Where each drawn text landed, for checking that words fit (tests/render/test_fit.py).

While `recording()` is open in a thread, the toolkit notes every text and badge it
draws: the image it went on, the box its ink covers and the area it had to stay in
(the image itself unless the renderer named a smaller one: a band, a cell, a badge
column). A translation longer than the English shows up here as a box leaving its
area or running into another text, which a reader sees as clipped or overlapping
words. Outside `recording()` noting costs one lookup.

Each text also carries its font size and whether it is a key text, one a player
looks at every turn (whose turn it is, each player's total or score, the cards in a
hand, lost or blocked turns, the last move, a card's value): `phone_size` is the size
it reads at once the picture is shown `PHONE_VIEW` px wide, as a phone shows it
(tests/render/test_legibility.py holds every picture to `SMALLEST` and `SMALLEST_KEY`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import NamedTuple

from PIL import Image

Box = tuple[int, int, int, int]

# Discord shows a picture about 360 px wide in a phone's chat column (CSS px).
PHONE_VIEW = 360
# The smallest font size, at that width, of any text, and of a key text: 9 px is
# the smallest caption type phones use; 12 px is about a phone's body text at its
# smallest, what a player reads every turn without zooming.
SMALLEST = 9.0
SMALLEST_KEY = 12.0
# Discord's desktop client fits a lone picture in a box of about 550 x 350 CSS px (users
# who measured it, and clients that copy its layout), never enlarging it: a tall
# picture is shown by its height. There a key text reads at `SMALLEST` at least, or the
# message says it in its own text.
DESKTOP_BOX = (550, 350)


class Drawn(NamedTuple):
    """One text (or badge) as drawn: what it says, its ink box, its area, on which image."""

    words: str
    box: Box
    area: Box
    image: Image.Image
    """The image drawn on: texts on one image may collide, on two may not."""
    size: int = 0
    """The font size drawn in, px of the image drawn on (badges and cards are pasted
    on the picture at their own size)."""
    key: bool = False
    """A text players look at every turn (see the module doc)."""


_NOTES: ContextVar[list[Drawn] | None] = ContextVar("drawn_texts", default=None)


@contextlib.contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Every text drawn in this context, in drawing order."""
    notes: list[Drawn] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


def active() -> bool:
    return _NOTES.get() is not None


def note(
    image: Image.Image, words: str, box: Box, area: Box | None, size: int = 0, key: bool = False
) -> None:
    notes = _NOTES.get()
    if notes is not None:
        whole = (0, 0, image.width, image.height)
        notes.append(Drawn(words, box, area or whole, image, size, key))


def phone_size(drawn: Drawn, picture_width: int) -> float:
    """The font size of `drawn` once its picture, `picture_width` px wide, is shown
    `PHONE_VIEW` px wide."""
    return drawn.size * PHONE_VIEW / picture_width


def desktop_scale(width: int, height: int) -> float:
    """How much a `width` x `height` picture is scaled to fit `DESKTOP_BOX`."""
    box_width, box_height = DESKTOP_BOX
    return min(box_width / width, box_height / height, 1.0)


def desktop_size(drawn: Drawn, width: int, height: int) -> float:
    """The font size of `drawn` once its picture is fitted in `DESKTOP_BOX`."""
    return drawn.size * desktop_scale(width, height)


def too_small(drawn: Drawn, picture_width: int) -> bool:
    """Whether `drawn` reads below its floor at a phone's width (`SMALLEST`, or
    `SMALLEST_KEY` for a key text); a pixel's rounding is allowed."""
    floor = SMALLEST_KEY if drawn.key else SMALLEST
    return phone_size(drawn, picture_width) < floor - 0.05


def outside(drawn: Drawn) -> bool:
    """Whether the ink leaves its area (a pixel of anti-aliasing is allowed)."""
    x0, y0, x1, y1 = drawn.box
    a0, b0, a1, b1 = drawn.area
    return x0 < a0 - 1 or y0 < b0 - 1 or x1 > a1 + 1 or y1 > b1 + 1


def collide(one: Drawn, other: Drawn) -> bool:
    """Whether two texts' ink boxes on one image overlap by more than a pixel each way."""
    if one.image is not other.image:
        return False
    x0, y0, x1, y1 = one.box
    u0, v0, u1, v1 = other.box
    return min(x1, u1) - max(x0, u0) > 1 and min(y1, v1) - max(y0, v0) > 1
