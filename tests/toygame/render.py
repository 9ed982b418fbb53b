"""The toy game's picture: its public view as a small Pillow image of the board.

Drawn with render/toolkit.py's felt, panels, ink and text, like the real games: a
header naming X and O (the mover's name in gold), three rows of three panels with the
column letters above and the row numbers at the left, X in ink, O in gold, and the
winning three cells outlined in red. `cell_box` and `cell_centre` tell tests where a
cell is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from PIL import Image, ImageDraw

from render.toolkit import ALERT, FELT, GOLD, INK, INK_SOFT, PANEL, PANEL_EDGE, text
from tests.toygame.engine import CELLS, COLUMNS, ROWS, ToyPlayerView, ToyPublicView

CELL = 100
GAP = 8
LEFT = 40
TOP = 80
WIDTH = LEFT + 3 * CELL + 2 * GAP + 24
HEIGHT = TOP + 3 * CELL + 2 * GAP + 24
SIZE = (WIDTH, HEIGHT)


def cell_box(cell: str) -> tuple[int, int, int, int]:
    column, row = COLUMNS.index(cell[0]), ROWS.index(cell[1])
    x0, y0 = LEFT + column * (CELL + GAP), TOP + row * (CELL + GAP)
    return x0, y0, x0 + CELL, y0 + CELL


def cell_centre(cell: str) -> tuple[int, int]:
    x0, y0, x1, y1 = cell_box(cell)
    return (x0 + x1) // 2, (y0 + y1) // 2


def board_image(view: ToyPublicView) -> Image.Image:
    image = Image.new("RGB", SIZE, FELT)
    draw = ImageDraw.Draw(image)
    x = 16
    for mark, name in zip("XO", view.players, strict=True):
        x += text(image, (x, 18), f"{mark} {name}", 26, GOLD if name == view.to_move else INK)
        x += 30
    for index, column in enumerate(COLUMNS):
        centre = LEFT + index * (CELL + GAP) + CELL // 2
        text(image, (centre, TOP - 8), column, 22, INK_SOFT, anchor="ms")
    for index, row in enumerate(ROWS):
        middle = TOP + index * (CELL + GAP) + CELL // 2
        text(image, (LEFT - 12, middle), row, 22, INK_SOFT, anchor="rm")
    for cell in CELLS:
        box = cell_box(cell)
        winning = cell in view.line
        draw.rounded_rectangle(
            box,
            12,
            fill=PANEL,
            outline=ALERT if winning else PANEL_EDGE,
            width=6 if winning else 2,
        )
        x0, y0, x1, y1 = (box[0] + 24, box[1] + 24, box[2] - 24, box[3] - 24)
        mark = view.at(cell)
        if mark == "X":
            draw.line((x0, y0, x1, y1), fill=INK, width=10)
            draw.line((x0, y1, x1, y0), fill=INK, width=10)
        elif mark == "O":
            draw.ellipse((x0, y0, x1, y1), outline=GOLD, width=10)
    return image


def hand_image(view: ToyPlayerView) -> Image.Image:
    """A player's picture is the board: tic-tac-toe hides nothing."""
    return board_image(view.public)


def pictures() -> Iterator[tuple[str, Callable[[], Image.Image]]]:
    """The pictures `python -m render.tools.gallery` shows of this kind (it finds this
    module through the kind's registry entry): a game in play."""
    from tests.toygame.engine import Toy

    game = Toy.create(["ann", "bob"], {}, 1)
    for cell in ("b2", "a1", "c3"):
        game.apply_json({"by": game.awaiting[0], "mark": cell})
    yield "toy-board.png", lambda: board_image(game.public_view())
