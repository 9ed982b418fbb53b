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
from games.registry import Kind, game_class, kind_names, register

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameError",
    "IllegalAction",
    "Kind",
    "MalformedAction",
    "Outcome",
    "StateFormatError",
    "game_class",
    "kind_names",
    "register",
]
