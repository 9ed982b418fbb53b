"""Replaying a game from its replay file (docs/notation.md), for every game kind.

Exit statuses of `python -m games replay FILE`: 0 and the state as JSON on stdout;
2 when an action is illegal (stderr names its 0-based index and the reason);
1 when the file itself is malformed (not JSON, unknown game, bad header) or beyond the
limits a replay file keeps (`load_file`), which a file from anywhere may be.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from games.protocol import JSON, Event, Game, IllegalAction, StateFormatError
from games.takeback import Replayer

MAX_FILE_BYTES = 4 * 1024 * 1024
"""A whole game of the bot's is tens of kilobytes; this leaves a hundred times that."""
MAX_DEPTH = 32
"""How deeply a replay file's arrays and objects may nest; the notation needs 5."""
MAX_DIGITS = 4300
"""The most digits a whole number may have: Python's own limit for reading one."""


class ReplayStopped(Exception):
    """An action of the replay was refused; `index` is 0-based."""

    def __init__(self, index: int, error: IllegalAction) -> None:
        self.index = index
        self.error = error
        super().__init__(f"action {index} is illegal: {error}")


def load_file(path: str) -> JSON:
    """The JSON of the replay file at `path`. `OSError` when it cannot be read;
    `StateFormatError`, in a sentence, when it is not JSON, is larger than
    `MAX_FILE_BYTES`, nests deeper than `MAX_DEPTH` or holds a number of more than
    `MAX_DIGITS` digits."""
    with open(path, "rb") as file:
        raw = file.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise StateFormatError(f"it is larger than {MAX_FILE_BYTES // 1024 // 1024} MiB")
    try:
        data = json.loads(raw.decode("utf-8"), parse_int=_whole_number)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise StateFormatError(f"it is not valid JSON: {error}") from error
    except RecursionError as error:
        raise StateFormatError(_too_deep()) from error
    if _depth(data) > MAX_DEPTH:
        raise StateFormatError(_too_deep())
    return data


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise StateFormatError(f"it holds a number of over {MAX_DIGITS:,} digits")
    return int(digits)


def _too_deep() -> str:
    return f"its arrays and objects nest more than {MAX_DEPTH} deep"


def _depth(data: JSON) -> int:
    """How deeply `data` nests (a scalar: 0), without recursion."""
    deepest = 0
    pending: list[tuple[JSON, int]] = [(data, 0)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, Mapping):
            children: list[JSON] = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_DEPTH:
            return deepest
        pending.extend((child, depth + 1) for child in children)
    return deepest


def replay(data: JSON) -> Game[Any, Any, Any]:
    """Apply every action (and undo entry, games/takeback.py) of a replay file;
    `ReplayStopped` at the first illegal one."""
    replayer = Replayer(header_of(data))
    for _ in applied(replayer, data):
        pass
    return replayer.game


def header_of(data: JSON) -> Mapping[str, JSON]:
    """A replay file's header: everything but its actions. `StateFormatError` when the
    file is not a JSON object."""
    if not isinstance(data, Mapping):
        raise StateFormatError("a replay file is a JSON object")
    return {key: value for key, value in data.items() if key != "actions"}


def applied(replayer: Replayer, data: Mapping[str, JSON]) -> Iterator[tuple[JSON, list[Event]]]:
    """Each action of the replay file `data` (and undo entry) applied to `replayer` in
    turn, with its events; `StateFormatError` when the actions are not a list,
    `ReplayStopped` at the first illegal one."""
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise StateFormatError('"actions" must be a list of action objects')
    for index, action in enumerate(actions):
        try:
            events = replayer.apply(action)
        except IllegalAction as error:
            raise ReplayStopped(index, error) from error
        yield action, events


def export(game: Game[Any, Any, Any], actions: list[JSON]) -> dict[str, JSON]:
    """A replay file for `game` given the actions applied since its creation."""
    return {**game.replay_header(), "actions": list(actions)}
