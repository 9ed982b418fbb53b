"""One player's statistics card, the `/stats` image: a header with who and where and
the rating, tiles of figures, the rating's history as a line, and the record against
the players met most.

Every word arrives translated (a `str` or a `Text`, drawn in the language of the
enclosing `lang.speaking` block, as the scoreboard does); the figures' own words
(German is the longest) shrink, wrap or are cut to stay in their boxes, and every text
names its box (`area=`) so that tests/render/test_fit.py can check it. The image is
900 px wide like the scoreboard, so on a phone (340 px) the rating, the values and
the rivals' names, 26 px or more and bold, keep capitals of 7 px (toolkit.PHONE_MIN_CAP);
the labels, the records and a value long enough to need two lines may be smaller, as
the scoreboard's cells are. Height grows with the content.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.text import Text, _
from lang import spoken
from render.measure import Box
from render.progress import colour_of, round_ticks
from render.scoreboard import MUTED, STRIPE, WIDTH, paper_sheet
from render.toolkit import (
    FELT_DARK,
    GOLD,
    INK,
    INK_DARK,
    INK_SOFT,
    PAPER,
    PAPER_LINE,
    ellipsize,
    fit_size,
    hex_rgb,
    panel,
    text,
    text_width,
    wrap,
)


@dataclass(frozen=True)
class PlayerCard:
    title: str  # "bob at Gracias", "bob, all games"
    rating: str  # as shown, "1,136" or "1,060?" (provisional); "" when there is none
    rating_label: str  # "rating"
    figures: Sequence[tuple[str, str]]  # (label, value) tiles, 2 to 8
    history: Sequence[int]  # the shown rating after each game, oldest first
    history_label: str  # "rating after each game"
    rivals_title: str  # "against the players met most"
    rivals: Sequence[tuple[str, str]]  # (name, record), up to 5


LEFT, RIGHT = 40, WIDTH - 40  # the content's edges on the paper
HEADER = 148  # the dark band's bottom
GAP = 14  # between tiles
TILE = 112
HEADING = 26  # section headings: regular, the bold stroke clogs their letters
VALUE = 34  # a tile's value, shrunk to VALUE_MIN, then wrapped
VALUE_MIN = 26  # 7 px capitals on a phone
PLOT = 220  # the chart's height, gridlines' range
EMPTY_PLOT = 100  # the frame standing for a history not begun
TICK = 23
# The smallest text: 900 px shown 360 px wide on a phone, 23 px reads 9 px there
# (render/measure.py).
SMALLEST = 23
ROW = 50  # a rival's row
NAME = 26
LINE = colour_of(0)  # the first player's colour in the progress charts, in the PNG palette
# Under the line, a pale felt green of the PNG palette: a blend of the line's blue with
# the paper is not in it and would come out as whichever colour lies nearest.
SHADE = hex_rgb("#ddede1")
SCALE = 2  # the line is drawn this many times larger, then scaled down (anti-aliasing)


def _rows(count: int) -> list[int]:
    """Tiles per row: up to four in one row, else rows of three and two (7: 3, 2, 2),
    each row as wide as the card, so that no tile stands alone in a corner and a long
    value gets a wide tile."""
    if count <= 4:
        return [count] if count else []
    rows = -(-count // 3)
    return [count // rows + (1 if row < count % rows else 0) for row in range(rows)]


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, card: PlayerCard) -> None:
    """The title on the left (one line, or two smaller ones); the rating on the right,
    large and gold, its label under it."""
    draw.rounded_rectangle((16, 16, WIDTH - 17, HEADER), 18, fill=FELT_DARK)
    draw.rectangle((16, HEADER - 24, WIDTH - 17, HEADER), fill=FELT_DARK)
    middle = (16 + HEADER) / 2
    room = RIGHT - LEFT
    if card.rating:
        label_size = SMALLEST
        label = ellipsize(card.rating_label, 240, label_size)
        wide = max(text_width(card.rating, 64, bold=True), text_width(label, label_size))
        area = (RIGHT - wide - 4, 20, RIGHT + 4, HEADER - 4)
        text(image, (RIGHT, middle - 12), card.rating, 64, GOLD, bold=True, anchor="rm", area=area)
        text(image, (RIGHT, middle + 30), label, label_size, INK_SOFT, anchor="ra", area=area)
        room -= wide + 36
    box = (LEFT - 4, 20, LEFT + room, HEADER - 4)
    size = fit_size(card.title, room, 38, min_size=28, bold=True)
    if text_width(card.title, size, bold=True) <= room:
        text(image, (LEFT, middle), card.title, size, INK, bold=True, anchor="lm", area=box)
        return
    lines = wrap(card.title, room, 28, bold=True)
    lines = [lines[0], " ".join(lines[1:])] if len(lines) > 1 else lines
    for index, line in enumerate(lines):
        shown = ellipsize(line, room, 28, bold=True)
        y = middle + (index - (len(lines) - 1) / 2) * 36
        text(image, (LEFT, y), shown, 28, INK, bold=True, anchor="lm", area=box)


def _value_lines(value: str, room: int) -> tuple[int, list[str]]:
    """A value's size and lines: one line, shrunk to VALUE_MIN if it must be; else two,
    broken where the lines come out most even, at a " · " between places if there is
    one (so "2nd 4" stays whole), smaller again if they must be; else both cut."""
    size = fit_size(value, room, VALUE, min_size=VALUE_MIN, bold=True)
    if text_width(value, size, bold=True) <= room:
        return size, [value]
    gap = " · " if " · " in value else " "
    parts = value.split(gap)
    pairs = [(gap.join(parts[:i]), gap.join(parts[i:])) for i in range(1, len(parts))]
    if not pairs:  # one long word
        return VALUE_MIN, [ellipsize(value, room, VALUE_MIN, bold=True)]
    for size in range(VALUE_MIN, SMALLEST - 1, -1):
        widths = {pair: max(text_width(line, size, bold=True) for line in pair) for pair in pairs}
        even = min(pairs, key=widths.__getitem__)
        if widths[even] <= room:
            return size, list(even)
    return size, [ellipsize(line, room, size, bold=True) for line in even]


def _tile(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, label: str, value: str) -> None:
    """A label above its value, both inside the tile."""
    x0, y0, x1, y1 = box
    panel(draw, box, STRIPE, corner_radius=12, outline=PAPER_LINE)
    room = x1 - x0 - 28
    size = SMALLEST
    text(image, (x0 + 14, y0 + 10), ellipsize(label, room, size), size, MUTED, area=box)
    size, lines = _value_lines(spoken(value), room)
    step = size + 4
    middle = (y0 + 40 + y1 - 8) / 2  # of the value's band, under the label
    for index, line in enumerate(lines):
        y = middle + (index - (len(lines) - 1) / 2) * step
        text(image, (x0 + 14, y), line, size, INK_DARK, bold=True, anchor="lm", area=box)


def _heading(image: Image.Image, words: str, top: int) -> None:
    size = fit_size(words, RIGHT - LEFT, HEADING, min_size=SMALLEST)
    shown = ellipsize(words, RIGHT - LEFT, size)
    area = (LEFT - 4, top - 4, RIGHT + 4, top + 30)
    text(image, (LEFT, top), shown, size, INK_DARK, area=area)


def _chart(image: Image.Image, draw: ImageDraw.ImageDraw, history: Sequence[int], top: int) -> None:
    """Gridlines at round ratings with their figures, the line of the ratings game by
    game, a dot per game (the last one larger); before a second game, a short frame
    (after one game, saying when the line begins: a lone dot tells nothing)."""
    if len(history) < 2:
        frame = (LEFT, top, RIGHT, top + EMPTY_PLOT)
        draw.rounded_rectangle(frame, 12, outline=PAPER_LINE, width=2)
        if history:
            note = _("The line begins after a second game.")
            centre = ((LEFT + RIGHT) / 2, top + EMPTY_PLOT / 2)
            text(image, centre, note, TICK, MUTED, anchor="mm", area=frame)
        return
    bottom = top + PLOT
    low, high = min(history), max(history)
    if high - low < 40:  # a flat history: a span of ratings around it
        middle = (low + high) // 2
        low, high = middle - 20, middle + 20
    ticks = round_ticks(low, high)
    labels = [Text.verbatim("{rating:,}", rating=tick) for tick in ticks]  # 1,100 / 1.100
    left = LEFT + max(text_width(label, TICK) for label in labels) + 14
    right = RIGHT - 12

    def at(index: int, value: int) -> tuple[float, float]:
        span = max(len(history) - 1, 1)
        x = (left + right) / 2 if len(history) == 1 else left + (right - left) * index / span
        return x, bottom - PLOT * (value - ticks[0]) / (ticks[-1] - ticks[0])

    for tick, label in zip(ticks, labels, strict=True):
        y = at(0, tick)[1]
        draw.line([(left, y), (right, y)], fill=PAPER_LINE, width=2)
        area = (LEFT - 4, round(y) - 16, left - 6, round(y) + 16)
        text(image, (left - 12, y), label, TICK, MUTED, anchor="rm", area=area)
    games = {0, len(history) - 1}  # the first and the last game's numbers under the axis
    for index in sorted(games):
        x = at(index, ticks[0])[0]
        area = (round(x) - 40, bottom + 6, round(x) + 40, bottom + 34)
        text(image, (x, bottom + 10), str(index + 1), TICK, MUTED, anchor="ma", area=area)
    # The line is drawn SCALE times larger and reduced (anti-aliased edges), on a layer
    # just the plot's size: drawing and reducing the whole card's width cost 15 ms.
    ox, oy = left - 12, top - 12
    layer = Image.new("RGBA", ((right - ox + 12) * SCALE, (bottom - oy + 12) * SCALE), (*PAPER, 0))
    pen = ImageDraw.Draw(layer)
    points = [
        ((x - ox) * SCALE, (y - oy) * SCALE) for x, y in (at(i, v) for i, v in enumerate(history))
    ]
    if len(points) > 1:
        base = (bottom - oy) * SCALE
        shade = [(points[0][0], base), *points, (points[-1][0], base)]
        pen.polygon(shade, fill=(*SHADE, 255))
        pen.line(points, fill=(*LINE, 255), width=4 * SCALE, joint="curve")
    dots = points if len(points) <= 40 else []  # a long history reads as a line alone
    for x, y in dots:
        r = 5 * SCALE
        pen.ellipse((x - r, y - r, x + r, y + r), fill=(*LINE, 255))
    x, y = points[-1]
    for radius, fill in ((11, PAPER), (8, LINE)):  # the rating now, ringed in paper
        r = radius * SCALE
        pen.ellipse((x - r, y - r, x + r, y + r), fill=(*fill, 255))
    small = layer.reduce(SCALE)  # a box average: anti-aliased edges, quickly
    image.paste(small, (ox, oy), small)


def _rivals(image: Image.Image, draw: ImageDraw.ImageDraw, card: PlayerCard, top: int) -> None:
    """A row per rival, striped like the scoreboard: the name, cut if it must be, on
    the left; the record, shrunk if it must be, on the right."""
    for row, (name, record) in enumerate(card.rivals):
        y0 = top + row * ROW
        if row % 2 == 0:
            draw.rectangle((LEFT, y0, RIGHT, y0 + ROW - 1), fill=STRIPE)
        draw.line([(LEFT, y0 + ROW - 1), (RIGHT, y0 + ROW - 1)], fill=PAPER_LINE)
        most = round((RIGHT - LEFT) * 0.62)  # the record's widest, the name keeps the rest
        size = fit_size(record, most, 25, min_size=SMALLEST)
        said = ellipsize(record, most, size)
        wide = text_width(said, size)
        split = RIGHT - 12 - wide - 20
        middle = y0 + ROW / 2
        shown = ellipsize(name, split - LEFT - 12, NAME, bold=True)
        area = (LEFT, y0, split, y0 + ROW)
        text(image, (LEFT + 12, middle), shown, NAME, INK_DARK, bold=True, anchor="lm", area=area)
        area = (split, y0, RIGHT, y0 + ROW)
        text(image, (RIGHT - 12, middle), said, size, INK_DARK, anchor="rm", area=area)


def player_card_image(card: PlayerCard) -> Image.Image:
    """The card, its sections one under the other; no rivals, no rivals' section."""
    rows = _rows(len(card.figures))
    tiles = len(rows) * (TILE + GAP)
    chart = 48 + (PLOT + 56 if len(card.history) > 1 else EMPTY_PLOT + 32)
    rivals = 48 + len(card.rivals) * ROW if card.rivals else 0
    height = HEADER + 24 + tiles + 16 + chart + rivals + 36
    image, draw = paper_sheet(WIDTH, height)
    _header(image, draw, card)
    top = HEADER + 24
    figures = iter(card.figures)
    for row, columns in enumerate(rows):
        width = (RIGHT - LEFT - GAP * (columns - 1)) / columns
        y0 = top + row * (TILE + GAP)
        for column, (label, value) in zip(range(columns), figures, strict=False):
            x0 = round(LEFT + column * (width + GAP))
            _tile(image, draw, (x0, y0, round(x0 + width), y0 + TILE), label, value)
    top += tiles + 16
    _heading(image, card.history_label, top)
    _chart(image, draw, card.history, top + 48)
    top += chart
    if card.rivals:
        _heading(image, card.rivals_title, top)
        _rivals(image, draw, card, top + 40)
    return image
