"""Where each game kind's engine lives. Imported lazily so one game's import cost
(or a game still being written) never touches the others."""

from __future__ import annotations

import importlib
from typing import Any

from games.protocol import Game, StateFormatError

# kind -> "module:ClassName"
_ENGINES: dict[str, str] = {
    "grass": "games.grass:Grass",
    "gracias": "games.gracias:Gracias",
    "graps": "games.graps:Graps",
}

GAME_KINDS: tuple[str, ...] = tuple(_ENGINES)


def game_class(kind: object) -> type[Game[Any, Any, Any]]:
    """The engine class for a game kind; `StateFormatError` for an unknown kind."""
    if not isinstance(kind, str) or kind not in _ENGINES:
        raise StateFormatError(f"unknown game {kind!r}; known games: {', '.join(GAME_KINDS)}")
    module_name, class_name = _ENGINES[kind].split(":")
    cls: type[Game[Any, Any, Any]] = getattr(importlib.import_module(module_name), class_name)
    return cls


def available_kinds() -> list[str]:
    """The kinds whose engine imports (all three once every engine has landed)."""
    kinds = []
    for kind in GAME_KINDS:
        try:
            game_class(kind)
        except ImportError:
            continue
        kinds.append(kind)
    return kinds
