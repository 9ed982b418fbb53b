"""Graps (2 players, ACDL): two gardeners grow vines of pawns across a 15 x 15 board;
rules P1-P9 in docs/rules/graps.md.

Its modules, in the shape every game package shares: `views` (what the table sees,
the options, the phases), `actions` (the actions and their notation), `state` (the
board, the mutable state and its saved form), `flow` (the rolls, passes and endings
that follow a placement), `seeing` (the views and the replay state, built from the
state), `engine` (`Graps`, the protocol of games/protocol.py); no `scoring` (a Graps
game is won, never scored); then Graps's own: `cells` (cell names, neighbour tables)
and `dice` (seeded rolls).
"""

from games.graps.actions import GrapsAction, Place, Resign
from games.graps.cells import CELL_NAMES, cell_name, parse_cell
from games.graps.engine import Graps
from games.graps.views import (
    Face,
    GrapsEndReason,
    GrapsEventKind,
    GrapsOptions,
    GrapsPlayerView,
    GrapsPublicView,
    GrapsTermination,
    Phase,
    Piece,
    Side,
)

__all__ = [
    "CELL_NAMES",
    "Face",
    "Graps",
    "GrapsAction",
    "GrapsEndReason",
    "GrapsEventKind",
    "GrapsOptions",
    "GrapsPlayerView",
    "GrapsPublicView",
    "GrapsTermination",
    "Phase",
    "Piece",
    "Place",
    "Resign",
    "Side",
    "cell_name",
    "parse_cell",
]
