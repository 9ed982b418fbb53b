"""One player's statistics card, the `/stats` image: a header with who and where and
the rating, tiles of figures, the rating's history as a line, and the record against
the players met most.

Every word arrives translated (a `str` or a `Text`, drawn in the language of the
enclosing `lang.speaking` block, as the scoreboard does); the figures' own words
(German is the longest) shrink, wrap or are cut to stay in their boxes, and every text
names its box (`area=`) so that tests/render/test_fit.py can check it.

The card is read on a phone first: 640 px wide as the tables and the scoreboard
(render/scoreboard.py's `scoreboard_image`), shown about 360 px wide there, so every
size below reads at 360/640 of itself (the comments say what). Nothing is drawn under
`FLOOR` (9 px on a phone) and the key texts (`key=True`: the rating, the tiles' values,
the rivals and their records) not under `KEY_FLOOR` (12 px). The card is kept short,
as a desktop fits it in a 550 x 350 box by its height: tiles two or three to a row, a
list of places in a row of its own, a short chart. Height grows with the content.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.text import Text, _
from lang import spoken
from render import measure
from render.measure import Box
from render.progress import colour_of, round_ticks
from render.scoreboard import MUTED, STRIPE, paper_sheet
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

Figure = tuple[str, str]  # a tile's label and value


@dataclass(frozen=True)
class PlayerCard:
    title: str  # "bob at Gracias", "bob, all games"
    rating: str  # as shown, "1,136" or "1,060?" (provisional); "" when there is none
    rating_label: str  # "rating"
    figures: Sequence[Figure]  # (label, value) tiles, 2 to 8
    history: Sequence[int]  # the shown rating after each game, oldest first
    history_label: str  # "rating after each game"
    rivals_title: str  # "against the players met most"
    rivals: Sequence[tuple[str, str]]  # (name, record), up to 5


WIDTH = 640  # shown 360 px wide on a phone: each size below reads at 0.5625 of itself
LEFT, RIGHT = 40, WIDTH - 40  # the content's edges on the paper
# The floors, from render/measure.py: 16 px reads 9 px on a phone, 22 px 12.4 px.
FLOOR = math.ceil(measure.SMALLEST * WIDTH / measure.PHONE_VIEW)  # 16
KEY_FLOOR = math.ceil(measure.SMALLEST_KEY * WIDTH / measure.PHONE_VIEW)  # 22

HEADER = 100  # the dark band's bottom
TITLE = 30  # bold: 16.9 px on a phone
TITLE_MIN = 24  # 13.5 px; two lines of it for a longer title
RATING = 48  # bold, gold, key: 27 px
LABEL = 18  # the rating's and the tiles' labels, regular: 10.1 px
LABEL_MIN = FLOOR  # 9 px, a label shrunk to fit its tile, else cut
LABEL_SNUG = 17  # 9.6 px: a tile is made wide enough for its label at this size

GAP = 10  # between tiles
PAD = 12  # a tile's and a rival row's inside margin
TILE = 76  # a tile of one line of value
VALUE = 30  # a tile's value, bold, key: 16.9 px
VALUE_MIN = 26  # 14.6 px: one line shrunk to this, else two lines (a whole row's tile)
VALUE_STEP = 36  # between two lines of a value

HEADING = 22  # the chart's and the rivals' headings, regular: 12.4 px, shrunk to FLOOR
SECTION = 18  # above a heading
PLOT = 160  # the chart's height, gridlines' range
EMPTY_PLOT = 64  # the frame standing for a history not begun
TICK = 18  # the chart's ratings and game numbers: 10.1 px
NOTE = 18  # "The line begins after a second game.": 10.1 px

ROW = 44  # a rival's row
NAME = 26  # a rival's name, bold, key: 14.6 px
RECORD = 26  # their record, regular, key: 14.6 px
RECORD_MIN = 24  # 13.5 px beside the name; else the record gets a line of its own
RECORD_LINE = 32  # the second line of a rival's row

LINE = colour_of(0)  # the first player's colour in the progress charts, in the PNG palette
# Under the line, a pale felt green of the PNG palette: a blend of the line's blue with
# the paper is not in it and would come out as whichever colour lies nearest.
SHADE = hex_rgb("#ddede1")
SCALE = 2  # the line is drawn this many times larger, then scaled down (anti-aliasing)


# -- the header ----------------------------------------------------------------------


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, card: PlayerCard) -> None:
    """The title on the left (one line, or two smaller ones); the rating on the right,
    large and gold, its label under it."""
    draw.rounded_rectangle((16, 16, WIDTH - 17, HEADER), 18, fill=FELT_DARK)
    draw.rectangle((16, HEADER - 24, WIDTH - 17, HEADER), fill=FELT_DARK)
    middle = (16 + HEADER) / 2
    room = RIGHT - LEFT
    if card.rating:
        label = ellipsize(card.rating_label, 200, LABEL)
        wide = max(text_width(card.rating, RATING, bold=True), text_width(label, LABEL))
        area = (RIGHT - wide - 4, 20, RIGHT + 4, HEADER - 4)
        at = (RIGHT, middle - 9)
        text(image, at, card.rating, RATING, GOLD, bold=True, anchor="rm", area=area, key=True)
        text(image, (RIGHT, middle + 17), label, LABEL, INK_SOFT, anchor="ra", area=area)
        room -= wide + 24
    box = (LEFT - 4, 20, LEFT + room, HEADER - 4)
    size = fit_size(card.title, room, TITLE, min_size=TITLE_MIN, bold=True)
    if text_width(card.title, size, bold=True) <= room:
        text(image, (LEFT, middle), card.title, size, INK, bold=True, anchor="lm", area=box)
        return
    lines = wrap(card.title, room, TITLE_MIN, bold=True)
    lines = [lines[0], " ".join(lines[1:])] if len(lines) > 1 else lines
    for index, line in enumerate(lines):
        shown = ellipsize(line, room, TITLE_MIN, bold=True)
        y = middle + (index - (len(lines) - 1) / 2) * 31
        text(image, (LEFT, y), shown, TITLE_MIN, INK, bold=True, anchor="lm", area=box)


# -- the tiles -----------------------------------------------------------------------


def _need(figure: Figure) -> int:
    """The narrowest tile that shows a figure: its label at LABEL_SNUG, its value on one
    line at VALUE_MIN; a list (the places, "1st ×5 · 2nd ×4") takes a whole row."""
    label, value = figure
    if " · " in spoken(value):
        return RIGHT - LEFT
    return max(text_width(label, LABEL_SNUG), text_width(value, VALUE_MIN, bold=True)) + 2 * PAD


def _bounds(row: Sequence[Figure]) -> list[tuple[int, int]] | None:
    """The tiles' left and right edges in a row as wide as the card: equal widths when
    each figure fits its share, else each its need and an equal share of the rest;
    None when they do not fit side by side."""
    room = RIGHT - LEFT - GAP * (len(row) - 1)
    needs = [_need(figure) for figure in row]
    if len(row) > 1 and sum(needs) > room:
        return None
    if max(needs) <= room / len(row):
        widths = [room / len(row)] * len(row)
    else:
        widths = [need + (room - sum(needs)) / len(row) for need in needs]
    edges = [LEFT + sum(widths[:index]) + GAP * index for index in range(len(row))]
    return [(round(x), round(x + width)) for x, width in zip(edges, widths, strict=True)]


def _rows(figures: Sequence[Figure]) -> list[list[Figure]]:
    """The tiles in rows, in the figures' order, each row as wide as the card: as few
    rows as can hold them (up to three tiles side by side), then as few tiles alone in
    a row as can be, the one alone being the one whose figure is widest; a list of
    places always has a row of its own."""
    # From each figure on, the best rows and their cost: (rows, tiles alone, minus the
    # width those alone need).
    best: dict[int, tuple[tuple[int, int, int], list[list[Figure]]]]
    best = {len(figures): ((0, 0, 0), [])}
    for start in reversed(range(len(figures))):
        options = []
        for count in (1, 2, 3):
            row = list(figures[start : start + count])
            if len(row) < count or (count > 1 and _bounds(row) is None):
                continue
            (rows, alone, width), rest = best[start + count]
            if count == 1:
                alone, width = alone + 1, width - _need(row[0])
            options.append(((rows + 1, alone, width), [row, *rest]))
        best[start] = min(options, key=lambda option: option[0])
    return best[0][1]


def _value_lines(value: str, room: int) -> tuple[int, list[str]]:
    """A value's size and lines: one line, shrunk to VALUE_MIN if it must be; else two,
    broken where the lines come out most even, at a " · " between places if there is
    one (so "2nd ×4" stays whole), smaller again if they must be, down to KEY_FLOOR;
    else both cut."""
    size = fit_size(value, room, VALUE, min_size=VALUE_MIN, bold=True)
    if text_width(value, size, bold=True) <= room:
        return size, [value]
    gap = " · " if " · " in value else " "
    parts = value.split(gap)
    pairs = [(gap.join(parts[:i]), gap.join(parts[i:])) for i in range(1, len(parts))]
    if not pairs:  # one long word
        return VALUE_MIN, [ellipsize(value, room, VALUE_MIN, bold=True)]
    for size in range(VALUE, KEY_FLOOR - 1, -1):
        widths = {pair: max(text_width(line, size, bold=True) for line in pair) for pair in pairs}
        even = min(pairs, key=widths.__getitem__)
        if widths[even] <= room:
            return size, list(even)
    return size, [ellipsize(line, room, size, bold=True) for line in even]


def _tile(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, label: str, value: str) -> None:
    """A label above its value, both inside the tile."""
    x0, y0, x1, y1 = box
    panel(draw, box, STRIPE, corner_radius=12, outline=PAPER_LINE)
    room = x1 - x0 - 2 * PAD
    size = fit_size(label, room, LABEL, min_size=LABEL_MIN)
    text(image, (x0 + PAD, y0 + 8), ellipsize(label, room, size), size, MUTED, area=box)
    size, lines = _value_lines(spoken(value), room)
    middle = (y0 + 30 + y1 - 5) / 2  # of the value's band, under the label
    for index, line in enumerate(lines):
        y = middle + (index - (len(lines) - 1) / 2) * VALUE_STEP
        at = (x0 + PAD, y)
        text(image, at, line, size, INK_DARK, bold=True, anchor="lm", area=box, key=True)


def _layout(figures: Sequence[Figure]) -> list[tuple[list[Figure], list[tuple[int, int]], int]]:
    """The rows of tiles with their tiles' edges and their heights: a value of two
    lines (in a tile alone in its row) makes its row taller."""
    laid = []
    for row in _rows(figures):
        bounds = _bounds(row) or [(LEFT, RIGHT)]
        rooms = [x1 - x0 - 2 * PAD for x0, x1 in bounds]
        values = [spoken(value) for _, value in row]
        lines = max(len(_value_lines(v, room)[1]) for v, room in zip(values, rooms, strict=True))
        laid.append((row, bounds, TILE + (lines - 1) * VALUE_STEP))
    return laid


def _tiles(
    image: Image.Image, draw: ImageDraw.ImageDraw, figures: Sequence[Figure], top: int
) -> None:
    """The tiles, rows of them from `top` down."""
    for row, bounds, height in _layout(figures):
        for (label, value), (x0, x1) in zip(row, bounds, strict=True):
            _tile(image, draw, (x0, top, x1, top + height), label, value)
        top += height + GAP


# -- the chart -----------------------------------------------------------------------


def _heading(image: Image.Image, words: str, top: int) -> None:
    size = fit_size(words, RIGHT - LEFT, HEADING, min_size=FLOOR)
    shown = ellipsize(words, RIGHT - LEFT, size)
    area = (LEFT - 4, top - 4, RIGHT + 4, top + HEADING + 8)
    text(image, (LEFT, top), shown, size, INK_DARK, area=area)


def _chart_height(history: Sequence[int]) -> int:
    """From the top of the plot (or frame) to the bottom of the game numbers under it."""
    return PLOT + 28 if len(history) > 1 else EMPTY_PLOT


def _chart(image: Image.Image, draw: ImageDraw.ImageDraw, history: Sequence[int], top: int) -> None:
    """Gridlines at round ratings with their figures, the line of the ratings game by
    game, a dot per game (the last one larger); before a second game, a short frame
    (after one game, saying when the line begins: a lone dot tells nothing)."""
    if len(history) < 2:
        frame = (LEFT, top, RIGHT, top + EMPTY_PLOT)
        draw.rounded_rectangle(frame, 12, outline=PAPER_LINE, width=2)
        if history:
            note = _("The line begins after a second game.")
            size = fit_size(note, RIGHT - LEFT - 24, NOTE, min_size=FLOOR)
            shown = ellipsize(note, RIGHT - LEFT - 24, size)
            centre = ((LEFT + RIGHT) / 2, top + EMPTY_PLOT / 2)
            text(image, centre, shown, size, MUTED, anchor="mm", area=frame)
        return
    bottom = top + PLOT
    low, high = min(history), max(history)
    if high - low < 40:  # a flat history: a span of ratings around it
        middle = (low + high) // 2
        low, high = middle - 20, middle + 20
    ticks = round_ticks(low, high)
    labels = [Text.verbatim("{rating:,}", rating=tick) for tick in ticks]  # 1,100 / 1.100
    left = LEFT + max(text_width(label, TICK) for label in labels) + 12
    right = RIGHT - 12

    def at(index: int, value: int) -> tuple[float, float]:
        span = max(len(history) - 1, 1)
        x = (left + right) / 2 if len(history) == 1 else left + (right - left) * index / span
        return x, bottom - PLOT * (value - ticks[0]) / (ticks[-1] - ticks[0])

    for tick, label in zip(ticks, labels, strict=True):
        y = at(0, tick)[1]
        draw.line([(left, y), (right, y)], fill=PAPER_LINE, width=2)
        area = (LEFT - 4, round(y) - 13, left - 4, round(y) + 13)
        text(image, (left - 10, y), label, TICK, MUTED, anchor="rm", area=area)
    games = {0, len(history) - 1}  # the first and the last game's numbers under the axis
    for index in sorted(games):
        x = at(index, ticks[0])[0]
        area = (round(x) - 40, bottom + 2, round(x) + 40, bottom + 28)
        text(image, (x, bottom + 6), str(index + 1), TICK, MUTED, anchor="ma", area=area)
    # The line is drawn SCALE times larger and reduced (anti-aliased edges), on a layer
    # just the plot's size: drawing and reducing the whole card's width costs more.
    ox, oy = left - 12, top - 12
    layer = Image.new("RGBA", ((right - ox + 12) * SCALE, (bottom - oy + 12) * SCALE), (*PAPER, 0))
    pen = ImageDraw.Draw(layer)
    points = [
        ((x - ox) * SCALE, (y - oy) * SCALE) for x, y in (at(i, v) for i, v in enumerate(history))
    ]
    base = (bottom - oy) * SCALE
    shade = [(points[0][0], base), *points, (points[-1][0], base)]
    pen.polygon(shade, fill=(*SHADE, 255))
    pen.line(points, fill=(*LINE, 255), width=3 * SCALE, joint="curve")
    dots = points if len(points) <= 30 else []  # a long history reads as a line alone
    for x, y in dots:
        r = 4 * SCALE
        pen.ellipse((x - r, y - r, x + r, y + r), fill=(*LINE, 255))
    x, y = points[-1]
    for radius, fill in ((9, PAPER), (7, LINE)):  # the rating now, ringed in paper
        r = radius * SCALE
        pen.ellipse((x - r, y - r, x + r, y + r), fill=(*fill, 255))
    small = layer.reduce(SCALE)  # a box average: anti-aliased edges, quickly
    image.paste(small, (ox, oy), small)


# -- the rivals ----------------------------------------------------------------------


def _rival_line(name: str, record: str) -> tuple[str, int, str] | None:
    """The name, the record's size and the record, on one line: the whole name and the
    record shrunk to RECORD_MIN if it must be; else the name cut, keeping at least the
    room of a ten-letter one; None when they do not fit so, for a row of two lines."""
    inner = RIGHT - LEFT - 2 * PAD
    named = text_width(name, NAME, bold=True)
    size = fit_size(record, inner - 20 - named, RECORD, min_size=RECORD_MIN)
    if named + 20 + text_width(record, size) <= inner:
        return spoken(name), size, spoken(record)
    least = min(named, text_width("Maximilian", NAME, bold=True))
    size = fit_size(record, inner - 20 - least, RECORD, min_size=RECORD_MIN)
    wide = text_width(record, size)
    if wide > inner - 20 - least:
        return None
    return ellipsize(name, inner - 20 - wide, NAME, bold=True), size, spoken(record)


def _rival_height(name: str, record: str) -> int:
    return ROW if _rival_line(name, record) else ROW + RECORD_LINE


def _rivals(image: Image.Image, draw: ImageDraw.ImageDraw, card: PlayerCard, top: int) -> None:
    """A row per rival, striped like the scoreboard: the name on the left, the record
    on the right; a record too long for that goes under the name, in a taller row."""
    inner = RIGHT - LEFT - 2 * PAD
    for row, (name, record) in enumerate(card.rivals):
        height = _rival_height(name, record)
        y0, y1 = top, top + height
        top = y1
        if row % 2 == 0:
            draw.rectangle((LEFT, y0, RIGHT, y1 - 1), fill=STRIPE)
        draw.line([(LEFT, y1 - 1), (RIGHT, y1 - 1)], fill=PAPER_LINE)
        area = (LEFT, y0, RIGHT, y1)
        middle = y0 + ROW / 2
        line = _rival_line(name, record)
        if line is None:  # the name above, the record under it
            shown = ellipsize(name, inner, NAME, bold=True)
            size = fit_size(record, inner, RECORD, min_size=KEY_FLOOR)
            said = ellipsize(record, inner, size)
            at = (LEFT + PAD, middle + RECORD_LINE - 2)
            text(image, at, said, size, INK_DARK, anchor="lm", area=area, key=True)
        else:
            shown, size, said = line
            at = (RIGHT - PAD, middle)
            text(image, at, said, size, INK_DARK, anchor="rm", area=area, key=True)
        at = (LEFT + PAD, middle)
        text(image, at, shown, NAME, INK_DARK, bold=True, anchor="lm", area=area, key=True)


# -- the card ------------------------------------------------------------------------


def player_card_image(card: PlayerCard) -> Image.Image:
    """The card, its sections one under the other; no rivals, no rivals' section."""
    tiles = max(sum(height + GAP for _, _, height in _layout(card.figures)) - GAP, 0)
    chart_top = HEADER + 14 + tiles + SECTION  # the chart's heading
    plot_top = chart_top + HEADING + 16
    bottom = plot_top + _chart_height(card.history)
    rivals_top = bottom + SECTION
    if card.rivals:
        rows = sum(_rival_height(name, record) for name, record in card.rivals)
        bottom = rivals_top + HEADING + 10 + rows
    image, draw = paper_sheet(WIDTH, bottom + 16 + 17)
    _header(image, draw, card)
    _tiles(image, draw, card.figures, HEADER + 14)
    _heading(image, card.history_label, chart_top)
    _chart(image, draw, card.history, plot_top)
    if card.rivals:
        _heading(image, card.rivals_title, rivals_top)
        _rivals(image, draw, card, rivals_top + HEADING + 10)
    return image
