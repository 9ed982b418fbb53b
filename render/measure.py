"""Where each drawn text landed, for checking that words fit (tests/render/test_fit.py).

While `recording()` is open in a thread, the toolkit notes every text and badge it
draws: the image it went on, the box its ink covers and the area it had to stay in
(the image itself unless the renderer named a smaller one: a band, a cell, a badge
column). A translation longer than the English shows up here as a box leaving its
area or running into another text, which a reader sees as clipped or overlapping
words. Outside `recording()` noting costs one lookup.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import NamedTuple

from PIL import Image

Box = tuple[int, int, int, int]


class Drawn(NamedTuple):
    """One text (or badge) as drawn: what it says, its ink box, its area, on which image."""

    words: str
    box: Box
    area: Box
    image: Image.Image
    """The image drawn on: texts on one image may collide, on two may not."""


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


def note(image: Image.Image, words: str, box: Box, area: Box | None) -> None:
    notes = _NOTES.get()
    if notes is not None:
        whole = (0, 0, image.width, image.height)
        notes.append(Drawn(words, box, area or whole, image))


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
