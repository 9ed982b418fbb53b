"""Grass (2-6 players): the engine `Grass` (rules.py) over its cards (cards.py), state
(state.py), card effects (effects.py), automatic steps (flow.py), trades (trades.py),
scoring (scoring.py), legal actions (legal.py), views (views.py, seeing.py) and
notation (notation.py). Rules: docs/rules/grass.md (G1-G22)."""

from games.grass.cards import Card, Kind
from games.grass.notation import (
    Accept,
    Decline,
    Discard,
    GrassAction,
    Leave,
    MakeOffer,
    PassCard,
    Play,
    Withdraw,
)
from games.grass.rules import Grass
from games.grass.views import (
    GrassOptions,
    GrassPlayerView,
    GrassPublicView,
    HandScore,
    Market,
    Offer,
    Phase,
    ScoreRow,
    SeatView,
    StashCard,
)

__all__ = [
    "Accept",
    "Card",
    "Decline",
    "Discard",
    "Grass",
    "GrassAction",
    "GrassOptions",
    "GrassPlayerView",
    "GrassPublicView",
    "HandScore",
    "Kind",
    "Leave",
    "MakeOffer",
    "Market",
    "Offer",
    "PassCard",
    "Phase",
    "Play",
    "ScoreRow",
    "SeatView",
    "StashCard",
    "Withdraw",
]
