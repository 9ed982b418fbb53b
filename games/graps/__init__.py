"""Graps (ACDL): two gardeners grow vines of pawns across a 15 x 15 board (P1..P9).

Modules: `cells` (cell names, neighbour tables), `views` (what the table sees),
`engine` (the rules).
"""

from games.graps.cells import CELL_NAMES, cell_name, parse_cell
from games.graps.views import (
    Face,
    GrapsOptions,
    GrapsPlayerView,
    GrapsPublicView,
    Phase,
    Piece,
    Side,
)

__all__ = [
    "CELL_NAMES",
    "Face",
    "GrapsOptions",
    "GrapsPlayerView",
    "GrapsPublicView",
    "Phase",
    "Piece",
    "Side",
    "cell_name",
    "parse_cell",
]
