"""Replaying a game from its replay file (docs/notation.md), for every game kind.

Exit statuses of `python -m games replay FILE`: 0 and the state as JSON on stdout;
2 when an action is illegal (stderr names its 0-based index and the reason);
1 when the file itself is malformed (not JSON, unknown game, bad header).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.protocol import JSON, Game, IllegalAction, StateFormatError
from games.registry import game_class
from games.takeback import apply_entry


class ReplayStopped(Exception):
    """An action of the replay was refused; `index` is 0-based."""

    def __init__(self, index: int, error: IllegalAction) -> None:
        self.index = index
        self.error = error
        super().__init__(f"action {index} is illegal: {error}")


def start_replay(data: JSON) -> tuple[Game[Any, Any, Any], list[JSON]]:
    """The game built from the header, and the actions still to apply."""
    if not isinstance(data, Mapping):
        raise StateFormatError("a replay file is a JSON object")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise StateFormatError('"actions" must be a list of action objects')
    header = {key: value for key, value in data.items() if key != "actions"}
    return game_class(data.get("game")).from_replay(header), actions


def replay(data: JSON) -> Game[Any, Any, Any]:
    """Apply every action (and undo entry, games/takeback.py) of a replay file;
    `ReplayStopped` at the first illegal one."""
    game, actions = start_replay(data)
    header = {key: value for key, value in data.items() if key != "actions"}
    for index in range(len(actions)):
        try:
            game, _ = apply_entry(game, header, actions, index)
        except IllegalAction as error:
            raise ReplayStopped(index, error) from error
    return game


def export(game: Game[Any, Any, Any], actions: list[JSON]) -> dict[str, JSON]:
    """A replay file for `game` given the actions applied since its creation."""
    return {**game.replay_header(), "actions": list(actions)}
