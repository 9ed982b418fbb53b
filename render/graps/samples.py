"""Hand-built Graps views: fixed, so the tests' golden images and the PNG palette
(render/encode.py) stay stable while the engine changes how it reaches a state: a
game in play with pawns just pruned and cut off, and a finished one."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from games.graps.cells import COLUMNS
from games.graps.views import Face, GrapsOptions, GrapsPublicView, Phase, Piece

ROWS = (  # row 15 first, as drawn; X/x dark grape/blank, O/o light grape/blank
    ".O..O.OO.O...O.",
    ".o..o.o..o..oo.",
    ".oo.o.O..oo.o..",
    "..o...o...o.O..",
    "..O...o........",
    "..o....o.......",
    "......oO.......",
    "...............",
    ".......x.......",
    "......xX.x.....",
    ".....xx..x.....",
    "...X.x..xx.....",
    "...x.x..x..X...",
    "..xx.X.xx..x...",
    ".X.X.X..X.XX.X.",
)


def board(rows: tuple[str, ...] = ROWS) -> tuple[tuple[Piece, ...], ...]:
    """board[0] is row 1, as in the view."""
    return tuple(tuple(Piece(ch) for ch in row) for row in reversed(rows))


def _blank_cells(board: tuple[tuple[Piece, ...], ...], dark: bool) -> tuple[str, ...]:
    """P4, simply: free, off the mover's land, beside a own pawn, not beside an
    opponent pawn nor in the ring of an opponent grape."""
    mine = {"x", "X"} if dark else {"o", "O"}
    theirs_grape = "O" if dark else "X"

    def at(column: int, row: int) -> str:
        if 0 <= column < 15 and 0 <= row < 15:
            return board[row][column].value
        return "."

    cells = []
    for row in range(15):
        for column in range(15):
            if at(column, row) != "." or row == (0 if dark else 14):
                continue
            sides = [at(column + dc, row + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            ring = [at(column + dc, row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)]
            if (
                any(p in mine for p in sides)
                and not any(p != "." and p not in mine for p in sides)
                and theirs_grape not in ring
            ):
                cells.append(f"{COLUMNS[column]}{row + 1}")
    return tuple(cells)


def play() -> GrapsPublicView:
    """In play: light's grape at H9 just pruned two dark pawns (P5); dark rolled a blank."""
    return GrapsPublicView(
        players=("ann", "bob"),
        phase=Phase.PLAY,
        to_move="ann",
        roll=Face.BLANK,
        board=board(),
        supply=(22, 26),
        removed=(3, 0),
        last_cell="H9",
        last_pruned=("G8", "I8"),
        last_cut_off=("G7",),
        legal=_blank_cells(board(), dark=True),
        options=GrapsOptions(),
        winners=(),
        reason=None,
        moves=44,
        recent=(
            "bob placed a blank at H10",
            "ann rolled blank",
            "ann placed a blank at F5",
            "bob rolled grape",
            "bob placed a grape at H9; 2 dark pawns pruned; 1 cut off from their land",
            "ann rolled blank",
        ),
    )


def over() -> GrapsPublicView:
    """Finished: dark reached row 15 (P7)."""
    rows = ("....Xx.........", *ROWS[1:])
    return replace(
        play(),
        phase=Phase.OVER,
        board=board(rows),
        to_move=None,
        roll=None,
        last_cell="E15",
        last_pruned=(),
        last_cut_off=(),
        legal=(),
        winners=("ann",),
        reason="ann reached row 15",
        recent=(
            "bob rolled blank",
            "bob placed a blank at H10",
            "ann rolled grape",
            "ann placed a grape at E15",
            "ann wins: reached row 15",
            "game over: ann wins",
        ),
    )


def palette_parts() -> list[Image.Image]:
    """The pictures of these views, for the shared PNG palette (render/tools/make_palette.py)."""
    from render.graps.board import board_image

    return [board_image(play(), "ann")]
