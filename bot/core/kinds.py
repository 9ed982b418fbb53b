"""One record per game kind: everything the bot needs to host a game, registered once.

A game package (bot/exts/grass/ and its siblings) builds its `GameKind` and registers
it from its extension's `setup` (`GameBot.add_game`); every list of kinds in the bot
(the scoreboards, the engines of stored games, the command groups) is read from the
registered records, so a new game kind is one package and one record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from discord.ext import commands

from bot.core.gameui import AnyUI
from bot.core.howto import HowTo
from games.protocol import Action, Game

if TYPE_CHECKING:
    from PIL.Image import Image

DOCS = Path(__file__).resolve().parents[2] / "docs"

Draw = Callable[[Any], "Image"]
"""A renderer of render/: a view in, a picture out (run in the thread pool)."""


@dataclass(frozen=True)
class Pictures:
    """A kind's renderers (render/), each a view in and a picture out."""

    table: Draw
    """The public view's picture: the table message."""
    hand: Draw | None = None
    """A player view's picture for their hand message; None: words only."""
    scores: Draw | None = None
    """The scores so far (`/<game> scores`); None: the table picture."""
    progress: Draw | None = None
    """The final public view's running totals as a chart, for the game-over message;
    None: no chart (a game without scores)."""
    progress_words: Callable[[Any], str] | None = None
    """The same in words, for screen readers."""

    @property
    def score_sheet(self) -> Draw:
        return self.scores or self.table


@dataclass(frozen=True)
class Words:
    """The words the shared machinery says about a kind (its game's own words are in its
    UI)."""

    title: str
    """The game's name as players read it ("Grass")."""
    round_name: str = "round"
    """What a scored part of the game is called on the scoreboard ("hand" in Grass)."""
    money: bool = False
    """Scores are dollars (shown as $25,000) rather than points."""
    score_word: str | None = "point"
    """What a score counts, for the final standings ("19 points"); None: standings show
    places only (the game-over line gives the figures)."""
    hand_command: str = "hand"
    """The subcommand showing a player's own message ephemerally: "/grass hand"."""
    hand_button: str = "Show my hand"
    """The table's button doing the same."""
    leave_command: str = "leave"
    """The subcommand giving up one's seat: "/grass leave"."""
    hand_words: str = "your cards stay with me"
    """Why a player with closed DMs must come and look, for the channel notice."""
    left_text: str = "You left the game."
    """What a player who gave up their seat is told."""
    rules_caption: str = "The rules as this bot plays them:"
    """The words above the rules document (`/<game> rules`)."""


@dataclass(frozen=True)
class GameKind:
    name: str
    """The kind's id: the slash command group, the stored games' `kind`, the replay
    files' "game" ("grass")."""
    engine: type[Game[Any, Any, Any]]
    """The rules (games/)."""
    ui: AnyUI
    """The game's words and controls."""
    commands: Callable[[Any, GameKind], commands.Cog]
    """The slash command group, built with the bot and this record: a subclass of the
    shared `GameCommands` (bot/exts/game_commands.py) adding the kind's start command
    and its moves."""
    leave: Callable[[str], Action]
    """The action by which the named player gives up their seat (`/<game> leave`, and a
    kick when no computer player can take the seat)."""
    pictures: Pictures
    words: Words
    rules_path: Path | None = None
    """The rules document; None: docs/rules/<name>.md."""
    howto: HowTo | None = None
    """How to play, for players (`/<game> rules`: an overview and its topics); None: the
    rules document alone, as a file."""
    turn_minutes: int = 3
    """The turn timer when the host chooses none."""
    computer_players: bool = True
    """Whether games/ai plays this kind. Without: the lobby offers no computer seat, no
    turn timer (an expired turn is played by the computer), and a kicked player leaves
    the game instead of handing the seat over."""

    def __post_init__(self) -> None:
        if self.engine.kind != self.name:
            raise ValueError(f"the {self.name} record holds the engine of {self.engine.kind}")
        if not self.computer_players and self.turn_minutes:
            raise ValueError(f"{self.name} has no computer players, so no turn timer")

    async def setup(self, bot: Any) -> None:
        """The game package's extension `setup` (`setup = KIND.setup`): registers the
        kind with the bot (`GameBot.add_game`)."""
        await bot.add_game(self)

    @property
    def rules_name(self) -> str:
        return f"{self.name}-rules.md"

    def rules_file(self) -> Path:
        return self.rules_path or DOCS / "rules" / f"{self.name}.md"

    def rules(self) -> str:
        try:
            return self.rules_file().read_text(encoding="utf-8")
        except OSError:
            return f"The rules document ({self.rules_name}) is missing from this installation."
