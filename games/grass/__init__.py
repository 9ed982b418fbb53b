"""Grass (2-6 players): rules G1-G22 in docs/rules/grass.md.

Its modules, in the shape every game package shares: `views` (what the table and each
player see, the options, the phases), `actions` (the actions and their notation),
`state` (the mutable state and its saved form), `flow` (the automatic steps between
actions), `seeing` (the views and the replay state, built from the state), `scoring`
(G18, G19), `engine` (`Grass`, the protocol of games/protocol.py); then Grass's own:
`cards` (G1), `effects` (what each card needs and does), `legal` (the legal actions)
and `trades` (G20).
"""

from games.grass.actions import (
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
from games.grass.cards import Card, Kind
from games.grass.engine import Grass
from games.grass.views import (
    GrassEndReason,
    GrassEventKind,
    GrassOptions,
    GrassPlayerView,
    GrassPublicView,
    GrassTermination,
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
    "GrassEndReason",
    "GrassEventKind",
    "GrassOptions",
    "GrassPlayerView",
    "GrassPublicView",
    "GrassTermination",
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
