"""Gracias (3-6 players): rules C1-C8 in docs/rules/gracias.md.

Its modules, in the shape every game package shares: `views` (what the table and each
player see, the phases), `actions` (the actions and their notation), `state` (the
mutable state and its saved form), `flow` (the steps the rules take by themselves),
`seeing` (the views and the replay state, built from the state), `scoring` (C6, C8),
`engine` (`Gracias`, the protocol of games/protocol.py); then Gracias's own: `cards`
(C1, the colours).
"""

from games.gracias.actions import ChooseTrio, GraciasAction, Leave, SplitTrio, TakeTrio
from games.gracias.cards import COLOURS, Colour
from games.gracias.engine import Gracias
from games.gracias.views import (
    ColourCounts,
    ColourScore,
    GraciasEndReason,
    GraciasEventKind,
    GraciasPlayerView,
    GraciasPublicView,
    GraciasTermination,
    Phase,
    RoundScoreRow,
    RoundScoring,
    SeatView,
    TrioView,
)

__all__ = [
    "COLOURS",
    "ChooseTrio",
    "Colour",
    "ColourCounts",
    "ColourScore",
    "Gracias",
    "GraciasAction",
    "GraciasEndReason",
    "GraciasEventKind",
    "GraciasPlayerView",
    "GraciasPublicView",
    "GraciasTermination",
    "Leave",
    "Phase",
    "RoundScoreRow",
    "RoundScoring",
    "SeatView",
    "SplitTrio",
    "TakeTrio",
    "TrioView",
]
