"""Score tables on paper: the scoreboard image every game's scoreboard command shows,
and the grid and marks (winner and best badges, rings, the winners' line) the Grass
score sheet and the Gracias round scores are drawn with.

The first column (names) is left-aligned, the figures right-aligned; a highlighted
row (the leader, the hand's winner) is gold with a star mark, so it reads without
colour too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate

from PIL import Image, ImageDraw

from games.text import Text, _, _p, joined
from render.toolkit import (
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    INK_DARK,
    PAPER,
    PAPER_LINE,
    RGB,
    ellipsize,
    fit_size,
    hex_rgb,
    mix,
    panel,
    pill,
    text,
    text_width,
)

ROW = 48
HEAD = 42
# A 640 px sheet shown 360 px wide on a phone: 23 px reads 12.9 px there (render/measure.py),
# the smallest any word of a sheet is drawn.
SMALLEST = 23
BODY_SIZE = 24
HEAD_SIZE = SMALLEST
HIGHLIGHT = mix(GOLD, PAPER, 0.45)
STRIPE = hex_rgb("#efe9dc")
MUTED = hex_rgb("#6d6657")
MARK = hex_rgb("#b8860b")


def grid_height(rows: int) -> int:
    return HEAD + rows * ROW


def column_widths(
    columns: Sequence[str], rows: Sequence[Sequence[str]], width: int, size: int = BODY_SIZE
) -> list[int]:
    """Each column as wide as its widest cell; the first column takes what is left."""
    widths = []
    for index, title in enumerate(columns):
        cells = [row[index] for row in rows if index < len(row)]
        widest = max(
            [text_width(title, HEAD_SIZE, bold=True)]
            + [text_width(c, size, bold=True) for c in cells]
        )
        widths.append(widest + 24)
    rest = width - sum(widths[1:])
    widths[0] = max(rest, 120)
    if sum(widths) > width:
        # Too many figures (or long words): each figure column gives up the same share
        # of its width, so a long cell ("3 (1 contre l'ordinateur)") keeps the most room
        # and every cell shrinks by about the same font size.
        scale = (width - widths[0]) / sum(widths[1:])
        widths[1:] = [int(w * scale) for w in widths[1:]]
    return widths


def draw_grid(
    image: Image.Image,
    box: tuple[int, int, int],
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    highlight: Sequence[int] = (),
    emphasis: Sequence[int] = (),
    negative_red: bool = True,
    strong: Sequence[int] = (),
) -> int:
    """A table at (x, y) `width` wide on a paper background; returns its height.
    `highlight`: rows shown gold with a star; `emphasis`: columns in bold ink;
    `strong`: rows in bold ink."""
    x, y, width = box
    draw = ImageDraw.Draw(image)
    widths = column_widths(columns, rows, width)
    # Header.
    cx = x
    for index, (title, w) in enumerate(zip(columns, widths, strict=True)):
        size = fit_size(title, w - 16, HEAD_SIZE, min_size=SMALLEST, bold=True)
        title = ellipsize(title, w - 16, size, bold=True)
        if index == 0:
            text(image, (cx + 12, y + HEAD / 2), title, size, MUTED, bold=True, anchor="lm")
        else:
            text(image, (cx + w - 12, y + HEAD / 2), title, size, MUTED, bold=True, anchor="rm")
        cx += w
    draw.line([(x, y + HEAD - 1), (x + width, y + HEAD - 1)], fill=MUTED, width=2)
    # Rows.
    for r, row in enumerate(rows):
        top = y + HEAD + r * ROW
        if r in highlight:
            draw.rectangle((x, top, x + width, top + ROW - 1), fill=HIGHLIGHT)
        elif r % 2 == 1:
            draw.rectangle((x, top, x + width, top + ROW - 1), fill=STRIPE)
        cx = x
        for index, (cell, w) in enumerate(zip(row, widths, strict=False)):
            bold = index == 0 or index in emphasis or r in highlight or r in strong
            ink: RGB = INK_DARK
            if negative_red and index > 0 and cell.startswith("-"):
                ink = hex_rgb("#b3261e")
            if index == 0:
                label = cell
                left = cx + 12
                if r in highlight:
                    star(draw, left + 9, top + ROW / 2, 10)
                    left += 24
                label = ellipsize(label, cx + w - left - 8, BODY_SIZE, bold=True)
                text(image, (left, top + ROW / 2), label, BODY_SIZE, ink, bold=True, anchor="lm")
            else:
                size = fit_size(cell, w - 14, BODY_SIZE, min_size=SMALLEST, bold=bold)
                # The emphasised columns and strong rows are the scores and totals.
                key = index in emphasis or r in strong
                xy = (cx + w - 12, top + ROW / 2)
                text(image, xy, cell, size, ink, bold=bold, anchor="rm", key=key)
            cx += w
        draw.line([(x, top + ROW - 1), (x + width, top + ROW - 1)], fill=PAPER_LINE)
    return grid_height(len(rows))


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    import math

    points = []
    for i in range(10):
        a = math.radians(-90 + i * 36)
        rr = r if i % 2 == 0 else r * 0.45
        points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    draw.polygon(points, fill=MARK)


def paper_sheet(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """Felt background with a paper sheet inset by 16 px."""
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    panel(draw, (16, 16, width - 17, height - 17), PAPER, corner_radius=18, shadow=FELT_DARK)
    return image, draw


def title_band(image: Image.Image, draw: ImageDraw.ImageDraw, title: str, sub: str = "") -> int:
    """The sheet's title in a dark band at its top; returns the y below it."""
    width = image.width
    draw.rounded_rectangle((16, 16, width - 17, 84), 18, fill=FELT_DARK)
    draw.rectangle((16, 60, width - 17, 84), fill=FELT_DARK)
    gap = 16
    if sub:  # the winners' long names give way to the title, cut with "…"
        sub = ellipsize(sub, width - 80 - gap - text_width(title, 22, bold=True), 22)
    size = fit_size(
        title, width - 80 - (text_width(sub, 22) + gap if sub else 0), 32, min_size=22, bold=True
    )
    text(image, (40, 50), title, size, GOLD, bold=True, anchor="lm")
    if sub:
        text(image, (width - 40, 50), sub, 22, INK, anchor="rm")
    return 100


# -- the marks the games' score sheets share ------------------------------------------

BADGE = 18
# TRANSLATORS: a badge before the names of the game's winners.
WINNER: tuple[Text, RGB] = (_p("badge", "winner"), MARK)
# The best hand's (Grass) or best round's (Gracias) badge, and the ring of its scores.
BEST = hex_rgb("#276a43")


def ring_cells(
    image: Image.Image,
    box: tuple[int, int, int],
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    cells: Iterable[tuple[int, int]],
    colour: RGB,
) -> None:
    """A ring of `colour` around some (row, column) cells of a grid `draw_grid` drew."""
    x, y, width = box
    draw = ImageDraw.Draw(image)
    lefts = list(accumulate(column_widths(columns, rows, width), initial=x))
    for row, column in cells:
        top = y + HEAD + row * ROW
        ring = (lefts[column] + 3, top + 4, lefts[column + 1] - 3, top + ROW - 5)
        draw.rounded_rectangle(ring, 9, outline=colour, width=3)


def heading(
    image: Image.Image,
    xy: tuple[int, int],
    title: Text,
    badge: tuple[Text, RGB],
    names: Sequence[str],
) -> None:
    """A section's title, then a badge ("winner", "best hand") and the names it is for."""
    x, y = xy
    x += text(image, (x, y), title, 24, MUTED, bold=True) + 18
    if names:
        label, fill = badge
        x = pill(image, ImageDraw.Draw(image), (x, y), label, BADGE, fill, PAPER)[2] + 10
        who = ellipsize(", ".join(names), image.width - 48 - x, 22, bold=True)
        text(image, (x, y + 2), who, 22, INK_DARK, bold=True)


def winners_line(winners: Sequence[str]) -> Text | None:
    """ "winner: ann", "winners: ann, bob" beside a sheet's title; None before the end."""
    if not winners:
        return None
    if len(winners) == 1:
        return _("winner: {player}", player=winners[0])
    # TRANSLATORS: {players} are the names of the game's winners, separated by commas.
    return _("winners: {players}", players=joined(", ", winners))


BOARD_WIDTH = 640
"""The scoreboard is read on a phone first: 640 px, shown 360 wide, as the tables."""
BOARD_NAME = 24  # a row's name: 13.5 px on a phone
BOARD_KEY = 30  # the figure it is ranked by: 17 px on a phone
DETAIL = 18  # its other figures: 10 px on a phone
DETAIL_LINE = 24
BOARD_ROW = 40 + DETAIL_LINE  # a row of one line of details
BOARD_LEFT, BOARD_RIGHT = 40, BOARD_WIDTH - 40


def scoreboard_image(
    title: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    highlight: int | None = None,
) -> Image.Image:
    """Rows of players, each a name and the figure they are ranked by (the second
    column), with their other figures under them as "games 12 · wins 5"; a figure they
    have none of ("-") is left out. `highlight` marks one row. The title and the
    headings are `Text`s, drawn in the language of the enclosing `lang.speaking` block."""
    details = [_details(columns, row) for row in rows]
    heights = [BOARD_ROW + DETAIL_LINE * (len(lines) - 1) for lines in details]
    height = 100 + HEAD + (sum(heights) if rows else ROW) + 40
    image, draw = paper_sheet(BOARD_WIDTH, height)
    top = title_band(image, draw, title)
    middle = top + HEAD / 2
    text(image, (BOARD_LEFT + 12, middle), columns[0], HEAD_SIZE - 5, MUTED, bold=True, anchor="lm")
    if len(columns) > 1:
        at = (BOARD_RIGHT - 12, middle)
        text(image, at, columns[1], HEAD_SIZE - 5, MUTED, bold=True, anchor="rm")
    top += HEAD
    draw.line([(BOARD_LEFT, top - 1), (BOARD_RIGHT, top - 1)], fill=MUTED, width=2)
    if not rows:
        empty = _("No games played yet")
        text(image, (BOARD_WIDTH / 2, top + ROW / 2), empty, 22, MUTED, anchor="mm")
    for index, (row, lines, row_height) in enumerate(zip(rows, details, heights, strict=True)):
        _board_row(image, draw, (top, row_height), row, lines, index == highlight, index % 2 == 1)
        top += row_height
    return image


def _board_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    place: tuple[int, int],
    row: Sequence[str],
    lines: list[list[tuple[str, str]]],
    marked: bool,
    striped: bool,
) -> None:
    top, row_height = place
    if marked:
        draw.rectangle((BOARD_LEFT, top, BOARD_RIGHT, top + row_height - 1), fill=HIGHLIGHT)
    elif striped:
        draw.rectangle((BOARD_LEFT, top, BOARD_RIGHT, top + row_height - 1), fill=STRIPE)
    left, middle = BOARD_LEFT + 12, top + 22
    if marked:
        star(draw, left + 9, middle, 10)
        left += 24
    figure = row[1] if len(row) > 1 else ""
    ink = hex_rgb("#b3261e") if figure.startswith("-") and figure != "-" else INK_DARK
    figure_w = text(
        image, (BOARD_RIGHT - 12, middle), figure, BOARD_KEY, ink, bold=True, anchor="rm", key=True
    )
    name = ellipsize(row[0], BOARD_RIGHT - 12 - figure_w - 16 - left, BOARD_NAME, bold=True)
    text(image, (left, middle), name, BOARD_NAME, INK_DARK, bold=True, anchor="lm", key=True)
    y = top + 40 + DETAIL_LINE / 2 - 4
    for line in lines:
        x = BOARD_LEFT + 12
        for label, value in line:
            x += text(image, (x, y), label, DETAIL, MUTED, anchor="lm")
            x += text(image, (x, y), value, DETAIL, INK_DARK, bold=True, anchor="lm")
        y += DETAIL_LINE
    bottom = top + row_height - 1
    draw.line([(BOARD_LEFT, bottom), (BOARD_RIGHT, bottom)], fill=PAPER_LINE)


def _details(columns: Sequence[str], row: Sequence[str]) -> list[list[tuple[str, str]]]:
    """A row's figures after the first two, as (label, value) pieces wrapped into lines
    of the board's width: "games " "12", " · wins " "5"."""
    room = BOARD_RIGHT - BOARD_LEFT - 24
    lines: list[list[tuple[str, str]]] = [[]]
    width = 0
    for column, value in zip(columns[2:], row[2:], strict=False):
        if not value or value == "-":
            continue
        label = Text.verbatim("{column} ", column=column)
        if lines[-1]:
            label = Text.verbatim(" · {label}", label=label)
        piece_w = text_width(label, DETAIL) + text_width(value, DETAIL, bold=True)
        if lines[-1] and width + piece_w > room:
            label = Text.verbatim("{column} ", column=column)
            lines.append([])
            width = 0
            piece_w = text_width(label, DETAIL) + text_width(value, DETAIL, bold=True)
        lines[-1].append((label, value))
        width += piece_w
    return lines


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """A scoreboard's whole content, as a value: what `board_image` draws, and so, with
    the language it is drawn in (a `Text` compares as its English), all a cache of drawn
    pictures needs to tell two boards apart."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: int | None = None


def board_image(board: Scoreboard) -> Image.Image:
    return scoreboard_image(board.title, board.columns, board.rows, board.highlight)
