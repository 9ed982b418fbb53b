"""One record per game kind: everything the bot needs to host a game, registered once.

A game package (bot/exts/grass/ and its siblings) builds its `GameKind` and registers
it from its extension's `setup` (`GameBot.add_game`); every list of kinds in the bot
(the scoreboards, the engines of stored games, the command groups) is read from the
registered records, so a new game kind is one package and one record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from discord.ext import commands

from bot.core.gameui import AnyUI
from games.protocol import Game


@dataclass(frozen=True)
class GameKind:
    name: str
    """The kind's id: the slash command group, the stored games' `kind`, the replay
    files' "game" ("grass")."""
    engine: type[Game[Any, Any, Any]]
    """The rules (games/)."""
    ui: AnyUI
    """Words, pictures and controls."""
    commands: Callable[[Any, GameKind], commands.Cog]
    """The slash command group, built with the bot and this record: a subclass of the
    shared `GameCommands` (bot/exts/game_commands.py) adding the kind's start command
    and its moves."""
    turn_minutes: int = 3
    """The turn timer when the host chooses none."""
    computer_players: bool = True
    """Whether games/ai plays this kind. Without: the lobby offers no computer seat, no
    turn timer (an expired turn is played by the computer), and a kicked player leaves
    the game instead of handing the seat over."""

    def __post_init__(self) -> None:
        if self.ui.kind != self.name:
            raise ValueError(f"the {self.name} record holds the UI of {self.ui.kind}")
        if not self.computer_players and self.turn_minutes:
            raise ValueError(f"{self.name} has no computer players, so no turn timer")
