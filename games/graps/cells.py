"""Cell names and board geometry for Graps (P1), shared by the engine, the renderer
and the bot.

The board is flat: 225 cells indexed `(row - 1) * 15 + column`, column 0 = A, row 1
first. Cells are named column letter then row number: A1, H8, O15. The neighbour
tables below are computed once, so the engine never does coordinate arithmetic
while it plays.
"""

from __future__ import annotations

from games.protocol import MalformedAction, quoted
from games.text import _

SIZE = 15
"""Cells per row and rows per board (P1)."""
CELLS = SIZE * SIZE
COLUMNS = "ABCDEFGHIJKLMNO"

CELL_NAMES: tuple[str, ...] = tuple(
    f"{COLUMNS[index % SIZE]}{index // SIZE + 1}" for index in range(CELLS)
)
"""Name of every cell by index: CELL_NAMES[0] == "A1", CELL_NAMES[224] == "O15"."""

_INDEX_BY_NAME: dict[str, int] = {name: index for index, name in enumerate(CELL_NAMES)}


def parse_cell(text: object) -> int:
    """Index of a cell name ("H8", "h8", " o15 "); `MalformedAction` for anything else."""
    if isinstance(text, str):
        index = _INDEX_BY_NAME.get(text.strip().upper())
        if index is not None:
            return index
    raise MalformedAction(
        # TRANSLATORS: {text} is what was typed, quoted. Cells are named by their column
        # letter A to O, then their row number 1 to 15.
        _(
            "{text} is not a cell: write a column A..O then a row 1..15, like H8",
            text=quoted(text),
        ),
        "P1",
    )


def cell_name(index: int) -> str:
    """Name of the cell with this index ("A1".."O15")."""
    return CELL_NAMES[index]


def column_of(index: int) -> int:
    """Column of a cell, 0 = A."""
    return index % SIZE


def row_of(index: int) -> int:
    """Row of a cell, 1..15."""
    return index // SIZE + 1


def _around(index: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    column, row = index % SIZE, index // SIZE
    return tuple(
        (row + dr) * SIZE + column + dc
        for dc, dr in steps
        if 0 <= column + dc < SIZE and 0 <= row + dr < SIZE
    )


_SIDE_STEPS = ((0, -1), (-1, 0), (1, 0), (0, 1))
_RING_STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

SIDES: tuple[tuple[int, ...], ...] = tuple(_around(i, _SIDE_STEPS) for i in range(CELLS))
"""The 2 to 4 side-adjacent cells of each cell: the only way sap flows (P4, P5)."""
RING: tuple[tuple[int, ...], ...] = tuple(_around(i, _RING_STEPS) for i in range(CELLS))
"""The 3 to 8 cells around each cell, corners included: a grape's protected ring (P4, P5)."""

ROW_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(row * SIZE, row * SIZE + SIZE)) for row in range(SIZE)
)
"""ROW_CELLS[r] are the cells of row r + 1, columns A..O."""
