"""Gracias (C1..C8): the engine (engine.py), its actions and notation (actions.py), round
scoring (scoring.py), cards (cards.py), views (views.py, seeing.py), saving (saving.py)."""

from games.gracias.actions import ChooseTrio, GraciasAction, Leave, SplitTrio, TakeTrio
from games.gracias.cards import COLOURS, Colour
from games.gracias.engine import Gracias
from games.gracias.views import (
    ColourCounts,
    ColourScore,
    GraciasPlayerView,
    GraciasPublicView,
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
    "GraciasPlayerView",
    "GraciasPublicView",
    "Leave",
    "Phase",
    "RoundScoreRow",
    "RoundScoring",
    "SeatView",
    "SplitTrio",
    "TakeTrio",
    "TrioView",
]
