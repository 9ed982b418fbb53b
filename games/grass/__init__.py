"""Grass: the engine (rules.py), its cards (cards.py), views (views.py) and notation."""

from games.grass.cards import Card, Kind
from games.grass.views import GrassOptions, GrassPlayerView, GrassPublicView, Market, Phase

__all__ = [
    "Card",
    "GrassOptions",
    "GrassPlayerView",
    "GrassPublicView",
    "Kind",
    "Market",
    "Phase",
]
