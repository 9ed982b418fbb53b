"""Gracias (C1..C8): cards (cards.py), views (views.py); the engine lands next."""

from games.gracias.cards import COLOURS, Colour
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
    "Colour",
    "ColourCounts",
    "ColourScore",
    "GraciasPlayerView",
    "GraciasPublicView",
    "Phase",
    "RoundScoreRow",
    "RoundScoring",
    "SeatView",
    "TrioView",
]


def __getattr__(name: str) -> object:
    # Until the engine lands, the registry's lazy import must fail as an ImportError
    # (which `available_kinds` skips), not as an AttributeError.
    if name == "Gracias":
        raise ImportError("the Gracias engine is not written yet")
    raise AttributeError(name)
