"""Graps (ACDL): two gardeners grow vines of pawns across a 15 x 15 board (P1..P9).

Modules: `cells` (cell names, neighbour tables), `views` (what the table sees),
`actions` (the notation), `board` (the flat board and its counters), `dice`
(seeded rolls), `engine` (the rules), `saving` (save, load, replay).
"""

from games.graps.actions import GrapsAction, Place, Resign
from games.graps.cells import CELL_NAMES, cell_name, parse_cell
from games.graps.engine import Graps
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
    "Graps",
    "GrapsAction",
    "GrapsOptions",
    "GrapsPlayerView",
    "GrapsPublicView",
    "Phase",
    "Piece",
    "Place",
    "Resign",
    "Side",
    "cell_name",
    "parse_cell",
]
