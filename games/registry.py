"""The one registry of game kinds: every list of kinds (the bot's games, the replay
command, the benchmarks, the gallery, the computer players) is read from here.

An entry (`Kind`) names where its kind's parts live, as "module:attr" strings imported
only when asked for, so one game's import cost (or a game still being written) never
touches the others, and this module imports no game. The three games of this project
are registered below; a package outside it (the tests' tic-tac-toe) registers its own
with `register`, and a game added to the project adds its entry to `BUILT_IN` and
touches no other list.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any

from games.protocol import Game, StateFormatError


class Level(enum.StrEnum):
    """A computer player's level. The values are the words stored in seats and typed in
    commands ("easy"), so they never change."""

    RANDOM = "random"
    """A uniformly random legal action, for every kind (the benchmarks' baseline)."""
    EASY = "easy"
    """A rule-aware heuristic of the kind's own."""
    HARD = "hard"
    """A search over the engine under a time or iteration budget."""


def load(target: str) -> Any:
    """The object a "module:attr" string names, its module imported now."""
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


@dataclass(frozen=True)
class Kind:
    """Where one game kind's parts live. Only `name` and `engine` are required."""

    name: str
    """The kind's id: the engine's `kind`, the replay files' "game", the stored games'
    kind and the bot's command group ("grass")."""
    engine: str
    """The engine class (a `games.protocol.Game`), as "module:Class"."""
    computer: Mapping[Level, str] | None = None
    """The computer players' factories per level, each "module:callable" returning a
    `games.ai.Player`: the hard level's is called with the search `Budget`, the others
    with nothing. `Level.RANDOM` needs no entry (it is the same for every kind). None:
    no computer player plays this kind (the bot offers no computer seat)."""
    render: str = ""
    """The package of its pictures; "" means "render.<name>"."""
    bot: str = ""
    """The package hosting it on Discord (a discord.py extension whose `setup` adds the
    kind's record to the bot); "" means "bot.exts.<name>"."""
    seats: int = 2
    """A typical table: how many players the benchmarks seat."""
    iterations: int = 100
    """The hard level's search iterations per decision in the benchmarks."""

    def __post_init__(self) -> None:
        if not self.name or not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"a kind's name is a lowercase identifier, not {self.name!r}")
        for target in (self.engine, *(self.computer or {}).values()):
            if target.count(":") != 1:
                raise ValueError(f"{target!r} is not of the form module:attr")
        if self.computer is not None:
            object.__setattr__(self, "computer", MappingProxyType(dict(self.computer)))
        object.__setattr__(self, "render", self.render or f"render.{self.name}")
        object.__setattr__(self, "bot", self.bot or f"bot.exts.{self.name}")

    def engine_class(self) -> type[Game[Any, Any, Any]]:
        """The engine class, its module imported now (`ImportError` while it is missing)."""
        cls: type[Game[Any, Any, Any]] = load(self.engine)
        if cls.kind != self.name:
            raise ValueError(f"the {self.name} entry names the engine of {cls.kind}")
        return cls

    @property
    def levels(self) -> tuple[Level, ...]:
        """The computer players' levels for this kind (none without computer players)."""
        if self.computer is None:
            return ()
        return (Level.RANDOM, *(level for level in Level if level in self.computer))

    def computer_factory(self, level: Level) -> Callable[..., Any] | None:
        """The factory of the level's computer player, imported now; None for
        `Level.RANDOM` (every kind's) and for a level this kind has no player of."""
        target = (self.computer or {}).get(level)
        return None if target is None else load(target)

    def render_package(self) -> ModuleType:
        """The package of its pictures, imported now."""
        return importlib.import_module(self.render)


BUILT_IN: tuple[Kind, ...] = (
    Kind(
        "grass",
        "games.grass:Grass",
        {Level.EASY: "games.ai.grass_easy:GrassEasy", Level.HARD: "games.ai.grass_hard:GrassHard"},
        seats=4,
        iterations=100,
    ),
    Kind(
        "gracias",
        "games.gracias:Gracias",
        {
            Level.EASY: "games.ai.gracias_easy:GraciasEasy",
            Level.HARD: "games.ai.gracias_hard:GraciasHard",
        },
        seats=4,
        iterations=200,
    ),
    Kind(
        "graps",
        "games.graps:Graps",
        {Level.EASY: "games.ai.graps_easy:GrapsEasy", Level.HARD: "games.ai.graps_hard:GrapsHard"},
        seats=2,
        iterations=100,
    ),
)
"""This project's games, in the order lists show them."""

_KINDS: dict[str, Kind] = {kind.name: kind for kind in BUILT_IN}


def register(kind: Kind) -> Kind:
    """Adds a kind (a package outside this project registers its own); `ValueError`
    when its name is taken."""
    if kind.name in _KINDS:
        raise ValueError(f"the game kind {kind.name} is registered twice")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Removes a registered kind (a test's, once it is done)."""
    if any(kind.name == name for kind in BUILT_IN):
        raise ValueError(f"{name} is one of this project's games")
    del _KINDS[name]


@contextlib.contextmanager
def registered(kind: Kind) -> Iterator[Kind]:
    """`kind` registered for the length of a `with` block."""
    register(kind)
    try:
        yield kind
    finally:
        unregister(kind.name)


def kinds() -> tuple[Kind, ...]:
    """Every registered kind: this project's, then the others in registration order."""
    return tuple(_KINDS.values())


def kind_names() -> tuple[str, ...]:
    return tuple(_KINDS)


def get(name: object) -> Kind:
    """The entry of a kind; `StateFormatError` for an unknown kind (a replay file or a
    saved state naming a game this installation has not)."""
    if not isinstance(name, str) or name not in _KINDS:
        raise StateFormatError(f"unknown game {name!r}; known games: {', '.join(_KINDS)}")
    return _KINDS[name]


def game_class(kind: object) -> type[Game[Any, Any, Any]]:
    """The engine class for a game kind; `StateFormatError` for an unknown kind."""
    return get(kind).engine_class()


def available_kinds() -> list[str]:
    """The kinds whose engine imports."""
    names = []
    for kind in kinds():
        try:
            kind.engine_class()
        except ImportError:
            continue
        names.append(kind.name)
    return names
