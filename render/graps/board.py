"""The Graps board image (P1-P9): 15 x 15, columns A..O, rows 1..15 on the edges.

Row 15 is at the top and row 1 at the bottom, so dark (row 1, P1) plays up the
board. Both land rows are tinted and labelled. Blanks are round counters; grapes are
bunches, a different shape, so they read apart without colour. The last placement is
ringed in gold, the pawns it pruned or cut off (P5) are crossed out, and the legal
cells for the current roll (P4, P5) are dotted when the image is drawn for the
mover.

The picture is only the board and a short header, `WIDTH` x `HEIGHT` (854 x 941 px),
because the messages it is shown in say the rest in native text: the table message
whose turn it is and what they rolled, the game and each player's pawns over the
picture, the last actions under it; a player's hand message the roll and the last
actions. The status line and the recent events once drawn under the board are gone:
shown 360 px wide, the picture is about 400 px tall, so a phone shows the whole
table message on about one screen, and a desktop, which fits a lone picture in a box
about 550 x 350 px, shrinks it less. The header keeps what helps to read the board at
a glance, in three short lines: each player's disc and name (gold for the player to
move, or the winner), their side and land row, their supply and removed pawns (P6);
between them the die with the mover's roll (P3). The cells keep their 50 px, so
that a pawn stays legible on a phone, and the letters and numbers naming them stay
beside them, where a player looks to name a cell. Every text reads at least 9 px on
a phone and the supplies at least 12 px (render/measure.py); `PHONE_TEXTS` are the
styles of the texts a turn depends on (toolkit.phone_cap_height).

The empty board (wood, grid, labels, land rows) and the pawn sprites are drawn once
and cached; a render copies the board and pastes the pawns.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PIL import Image, ImageDraw

from games.graps.cells import COLUMNS, SIZE, parse_cell
from games.graps.views import Face, GrapsPlayerView, GrapsPublicView, Phase, Piece, Side
from games.text import Text, _, _n, joined
from render.toolkit import (
    ALERT,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    INK_SOFT,
    RGB,
    TextStyle,
    ellipsize,
    hex_rgb,
    mix,
    panel,
    text,
)

CELL = 50
LEFT = 52  # the board's left edge (row numbers to its left)
HEADER = 111  # the players and the die, over the board's panel
LABELS = 34  # the column letters' bands, over and under the board, in its panel
MARGIN = LEFT - 40  # from the panel to the picture's edges
TOP = HEADER + LABELS  # the board's top edge
BOARD = CELL * SIZE
WIDTH = LEFT * 2 + BOARD
HEIGHT = TOP + BOARD + LABELS + MARGIN

# Sizes read on a phone (render/measure.py): the board is 854 px wide and a phone
# shows it 360 px wide, so every text is 22 px or more (9 px there) and the texts a
# turn depends on 29 px or more (12 px there).
SMALL = 22
NAME = TextStyle(28, bold=True)
SUPPLY = TextStyle(29, bold=True)  # pawns in supply and lost
LEGAL_RADIUS = 9  # the legal cells' marks: 18 px, 7.6 px on a phone
# Whose turn it is and the last move are the table message's text now, over and
# under the picture; the mover's name is gold here.
PHONE_TEXTS = {"name": NAME, "supply": SUPPLY}

# The header's three lines, their middles (anchor "m") from the picture's top: the
# name beside the disc and the die; the side and land row, and the roll under the
# die; the supply, alone on its line, so that no translation of the roll runs into
# a long supply.
NAME_Y = 24
DISC_TOP = 1
DIE_TOP, DIE_SIDE, DIE_PAWN = 3, 46, 40  # a pawn a little smaller than the board's
LAND_Y = 61
SUPPLY_Y = 90

WOOD = hex_rgb("#e9d8b0")
WOOD_LINE = hex_rgb("#b79a66")
DARK = hex_rgb("#3a1f4d")  # aubergine
DARK_EDGE = hex_rgb("#1c0d27")
LIGHT = hex_rgb("#fbf5e3")  # ivory
LIGHT_EDGE = hex_rgb("#6b5530")
LEAF = hex_rgb("#4f8a2b")
DARK_LAND = mix(WOOD, DARK, 0.22)
LIGHT_LAND = mix(WOOD, (255, 255, 255), 0.6)
LEGAL = hex_rgb("#2e9e4f")
LAST = mix(WOOD, GOLD, 0.55)  # the last placement's cell
SUPERSAMPLE = 4

# TRANSLATORS: under the die (P3), what the player to move rolled.
ROLLED: dict[Face, Text] = {Face.GRAPE: _("rolled grape"), Face.BLANK: _("rolled blank")}


def cell_box(cell: str) -> tuple[int, int, int, int]:
    """The pixel box of a named cell ("H8") on the image."""
    index = parse_cell(cell)
    column, row = index % SIZE, index // SIZE + 1
    x = LEFT + column * CELL
    y = TOP + (SIZE - row) * CELL
    return (x, y, x + CELL, y + CELL)


def cell_centre(cell: str) -> tuple[int, int]:
    x0, y0, x1, y1 = cell_box(cell)
    return ((x0 + x1) // 2, (y0 + y1) // 2)


# -- sprites -------------------------------------------------------------------------


def _counter(draw: ImageDraw.ImageDraw, c: float, r: float, fill: RGB, edge: RGB) -> None:
    draw.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=edge, width=round(r * 0.14))
    inner = r * 0.62
    draw.ellipse(
        (c - inner, c - inner, c + inner, c + inner),
        outline=mix(fill, edge, 0.45),
        width=max(1, round(r * 0.07)),
    )


def _bunch(draw: ImageDraw.ImageDraw, c: float, r: float, fill: RGB, edge: RGB) -> None:
    """Six berries in rows of 3-2-1 under a leaf: a grape."""
    berry = r * 0.32
    stroke = max(1, round(berry * 0.32))
    rows = ((-0.5, (-0.62, 0.0, 0.62)), (0.02, (-0.31, 0.31)), (0.52, (0.0,)))
    for dy, xs in rows:
        for dx in xs:
            x, y = c + dx * r, c + dy * r + r * 0.12
            draw.ellipse(
                (x - berry, y - berry, x + berry, y + berry), fill=fill, outline=edge, width=stroke
            )
    stem_top = c - r * 0.95
    draw.line([(c, c - r * 0.6), (c, stem_top)], fill=LEAF, width=max(2, round(r * 0.1)))
    draw.polygon(
        [
            (c, stem_top + r * 0.15),
            (c + r * 0.55, stem_top - r * 0.02),
            (c + r * 0.25, stem_top + r * 0.3),
        ],
        fill=LEAF,
    )


def _sprite(piece: Piece, side: int) -> Image.Image:
    size = side * SUPERSAMPLE
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    dark = piece.side is Side.DARK
    fill, edge = (DARK, DARK_EDGE) if dark else (LIGHT, LIGHT_EDGE)
    c = size / 2
    if piece.is_grape:
        _bunch(draw, c, size * 0.44, fill, edge)
    else:
        _counter(draw, c, size * 0.36, fill, edge)
    return image.resize((side, side), Image.Resampling.LANCZOS)


_CACHE: dict[object, Image.Image] = {}
_LOCK = threading.RLock()  # re-entrant: a tile is made from a cached sprite


def _cached(key: object, make: Callable[[], Image.Image]) -> Image.Image:
    """`make()` once per key, under the lock; the result is only read afterwards."""
    found = _CACHE.get(key)
    if found is None:
        with _LOCK:
            found = _CACHE.get(key)
            if found is None:
                found = _CACHE[key] = make()
    return found


def sprite(piece: Piece) -> Image.Image:
    """The pawn's picture (RGBA, CELL x CELL), cached."""
    return _cached(("sprite", piece), lambda: _sprite(piece, CELL))


def die_pawn(piece: Piece) -> Image.Image:
    """The pawn on the die, cached: smaller than the board's, so the die stands in the
    header's first line."""
    return _cached(("die", piece), lambda: _sprite(piece, DIE_PAWN))


def _tile(piece: Piece, ground: RGB) -> Image.Image:
    inner = Image.new("RGB", (CELL - 1, CELL - 1), ground)
    if piece is not Piece.EMPTY:
        picture = sprite(piece).crop((1, 1, CELL, CELL))
        inner.paste(picture, (0, 0), picture)
    return inner


def tile(piece: Piece, ground: RGB) -> Image.Image:
    """The inside of a cell (the grid line excluded) holding `piece` on `ground`,
    opaque: pasting it needs no alpha blending (a board has up to 90 pawns)."""
    return _cached(("tile", piece, ground), lambda: _tile(piece, ground))


# -- the empty board ---------------------------------------------------------------------


def _empty_board() -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    x1, y1 = LEFT + BOARD, TOP + BOARD
    panel(draw, (MARGIN, HEADER, WIDTH - MARGIN, y1 + LABELS), FELT_DARK, corner_radius=18)
    draw.rectangle((LEFT, TOP, x1, y1), fill=WOOD)
    # Land rows: light's row 15 on top, dark's row 1 at the bottom (P1).
    draw.rectangle((LEFT, TOP, x1, TOP + CELL), fill=LIGHT_LAND)
    draw.rectangle((LEFT, y1 - CELL, x1, y1), fill=DARK_LAND)
    for i in range(SIZE + 1):
        draw.line([(LEFT + i * CELL, TOP), (LEFT + i * CELL, y1)], fill=WOOD_LINE, width=1)
        draw.line([(LEFT, TOP + i * CELL), (x1, TOP + i * CELL)], fill=WOOD_LINE, width=1)
    draw.rectangle((LEFT - 1, TOP - 1, x1 + 1, y1 + 1), outline=DARK_EDGE, width=2)
    for i, letter in enumerate(COLUMNS):
        x = LEFT + i * CELL + CELL / 2
        text(image, (x, TOP - 18), letter, SMALL, INK_SOFT, bold=True, anchor="mm")
        text(image, (x, y1 + 18), letter, SMALL, INK_SOFT, bold=True, anchor="mm")
    for row in range(1, SIZE + 1):
        y = TOP + (SIZE - row) * CELL + CELL / 2
        text(image, (LEFT - 22, y), str(row), SMALL, INK_SOFT, bold=True, anchor="mm")
        text(image, (x1 + 22, y), str(row), SMALL, INK_SOFT, bold=True, anchor="mm")
    return image


def empty_board() -> Image.Image:
    return _cached("board", _empty_board)


# -- a render ----------------------------------------------------------------------------


def _die(image: Image.Image, draw: ImageDraw.ImageDraw, view: GrapsPublicView) -> None:
    """The mover's roll (P3) in the middle of the header, in words under it."""
    cx = WIDTH // 2
    box = (cx - DIE_SIDE // 2, DIE_TOP, cx + DIE_SIDE // 2, DIE_TOP + DIE_SIDE)
    mover = view.side_of(view.to_move) if view.to_move else Side.DARK
    dark = mover is Side.DARK
    if view.roll is not None:
        grape = view.roll is Face.GRAPE
        label: str = ROLLED[view.roll]
    elif view.phase is Phase.SETUP:
        grape = True
        # TRANSLATORS: under the die's place while the set-up grapes are placed (P2).
        label = _("set-up grape")
    else:
        return
    if grape:
        piece = Piece.DARK_GRAPE if dark else Piece.LIGHT_GRAPE
    else:
        piece = Piece.DARK_BLANK if dark else Piece.LIGHT_BLANK
    draw.rounded_rectangle(box, 10, fill=(255, 255, 255), outline=GOLD, width=3)
    pawn = die_pawn(piece)
    offset = (DIE_SIDE - DIE_PAWN) // 2
    image.paste(pawn, (cx - DIE_PAWN // 2, DIE_TOP + offset), pawn)
    text(image, (cx, LAND_Y), label, SMALL, INK, bold=True, anchor="mm")


def _player(image: Image.Image, view: GrapsPublicView, index: int) -> None:
    name = view.players[index]
    right = index == 1
    x = WIDTH - 24 if right else 24
    anchor = "r" if right else "l"
    side = Side.DARK if index == 0 else Side.LIGHT
    icon = sprite(Piece.DARK_BLANK if side is Side.DARK else Piece.LIGHT_BLANK)
    icon_x = x - CELL if right else x
    image.paste(icon, (icon_x, DISC_TOP), icon)
    moving = name == view.to_move
    winner = name in view.winners
    colour = GOLD if moving or winner else INK
    name_x = icon_x - 8 if right else icon_x + CELL + 8
    shown = ellipsize(name, WIDTH // 2 - 120, NAME.size, bold=True)
    text(image, (name_x, NAME_Y), shown, NAME.size, colour, bold=True, anchor=anchor + "m")
    if side is Side.DARK:
        # TRANSLATORS: under a Graps player's name: their side and their land row (P1).
        land = _("dark, row {row}", row=side.land_row)
    else:
        # TRANSLATORS: under a Graps player's name: their side and their land row (P1).
        land = _("light, row {row}", row=side.land_row)
    text(image, (x, LAND_Y), land, SMALL, INK_SOFT, anchor=anchor + "m")
    removed = view.removed[index]
    # TRANSLATORS: a Graps player's pawns not yet placed (P6).
    supply = _n("{count} in supply", "{count} in supply", view.supply[index])
    # TRANSLATORS: a Graps player's pawns removed from the board (P5, P6).
    lost = _n("{count} lost", "{count} lost", removed)
    figures = joined(" · ", [supply, lost] if removed else [supply])
    text(image, (x, SUPPLY_Y), figures, SUPPLY.size, INK, bold=True, anchor=anchor + "m", key=True)


def _cross(draw: ImageDraw.ImageDraw, cell: str) -> None:
    x0, y0, x1, y1 = cell_box(cell)
    pad = 12
    draw.line([(x0 + pad, y0 + pad), (x1 - pad, y1 - pad)], fill=ALERT, width=4)
    draw.line([(x0 + pad, y1 - pad), (x1 - pad, y0 + pad)], fill=ALERT, width=4)


def board_image(view: GrapsPublicView, legal_for: str | None = None) -> Image.Image:
    """The board; the legal cells of the current roll are dotted when `legal_for` is
    the player to move (the mover's own image)."""
    image = empty_board().copy()
    draw = ImageDraw.Draw(image)
    last = parse_cell(view.last_cell) if view.last_cell is not None else -1
    for r, row in enumerate(view.board):
        y = TOP + (SIZE - 1 - r) * CELL + 1
        ground = DARK_LAND if r == 0 else LIGHT_LAND if r == SIZE - 1 else WOOD
        for c, piece in enumerate(row):
            if r * SIZE + c == last:
                image.paste(tile(piece, LAST), (LEFT + c * CELL + 1, y))
            elif piece is not Piece.EMPTY:
                image.paste(tile(piece, ground), (LEFT + c * CELL + 1, y))
    if view.last_cell is not None:
        x0, y0, x1, y1 = cell_box(view.last_cell)
        draw.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), outline=GOLD, width=4)
    for cell in (*view.last_pruned, *view.last_cut_off):
        _cross(draw, cell)
    if legal_for is not None and legal_for == view.to_move:
        for cell in view.legal:
            cx, cy = cell_centre(cell)
            r = LEGAL_RADIUS
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r), fill=LEGAL, outline=(255, 255, 255), width=2
            )
    _player(image, view, 0)
    _player(image, view, 1)
    _die(image, draw, view)
    return image


def player_board_image(view: GrapsPlayerView) -> Image.Image:
    """A player's own board: the public board with their legal cells dotted on their turn."""
    return board_image(view.public, legal_for=view.name)
