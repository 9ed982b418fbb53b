"""Pure rules of the games the bot hosts: standard library only (see games/protocol.py)."""

from games.protocol import (
    Action,
    Event,
    Game,
    GameError,
    IllegalAction,
    MalformedAction,
    Outcome,
    StateFormatError,
)
from games.registry import GAME_KINDS, game_class

__all__ = [
    "GAME_KINDS",
    "Action",
    "Event",
    "Game",
    "GameError",
    "IllegalAction",
    "MalformedAction",
    "Outcome",
    "StateFormatError",
    "game_class",
]
