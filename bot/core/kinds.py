"""One record per game kind: everything the bot needs to host a game, registered once.

A game package (bot/exts/grass/ and its siblings) builds its `GameKind` and registers
it from its extension's `setup` (`GameBot.add_game`); every list of kinds in the bot
(the scoreboards, the engines of stored games, the command groups) is read from the
registered records, so a new game kind is one package and one record. The engine and
the computer players come from the kind's entry in the registry of games/registry.py,
which also names the package the bot loads for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from discord.ext import commands

from bot.core.gameui import AnyUI
from bot.core.howto import HowTo
from games import registry
from games.protocol import Action, Game
from games.text import Text, _, _n, _p

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
    scores_words: Callable[[Any], str] | None = None
    """The score sheet in words, its description for screen readers; None: the
    table's words (`GameUI.table_words`)."""

    @property
    def score_sheet(self) -> Draw:
        return self.scores or self.table


def points(score: int) -> Text:
    """A final score in points, for the standings: "19 points"."""
    return _n("{count} point", "{count} points", score)


YOUR_HAND = _("This message is your hand")


@dataclass(frozen=True)
class Words:
    """The words the shared machinery says about a kind (its game's own words are in its
    UI). Every field a player reads is a whole phrase or sentence (`Text`), so that each
    language words it its own way; the game's name and its command names are as typed."""

    title: str
    """The game's name as players read it ("Grass"), the same in every language."""
    best_round: str = _("best round")
    """The scoreboard's column of each player's best scored part of a game, and the
    figure's label in a player's line ("best round 42"): "best hand" in Grass."""
    money: bool = False
    """Scores are dollars (shown as $25,000) rather than points."""
    score_text: Callable[[int], str] | None = points
    """A final score in words, for the standings ("19 points") unless `money`; None:
    standings show places only (the game-over line gives the figures)."""
    hand_command: str = "hand"
    """The subcommand showing a player's own message ephemerally: "/grass hand"."""
    hand_button: str = _p("button", "Show my hand")
    """The table's button doing the same."""
    your_hand: str = YOUR_HAND
    """What a player's hand message is, opening the words for a newcomer under their
    first one ("This message is your board" in Graps)."""
    leave_command: str = "leave"
    """The subcommand giving up one's seat: "/grass leave"."""
    # TRANSLATORS: follows "I cannot send you direct messages, so" in the notice to a
    # player whose direct messages are closed.
    hand_words: str = _("your cards stay with me")
    """Why a player with closed DMs must come and look, for the channel notice: the
    clause after "I cannot send you direct messages, so"."""
    left_text: str = _("You left the game.")
    """What a player who gave up their seat is told."""
    rules_caption: str = _("The rules as this bot plays them:")
    """The words above the rules document (`/<game> rules`)."""
    part: Callable[[int], Text] | None = None
    """One hand or round of a game by its number ("hand 2"), for its replay; None: the
    game is not played in parts (Graps)."""
    no_part: Callable[[int, int], Text] | None = None
    """The refusal of a part the game did not have: (the one asked, how many it had)."""
    asked_first: tuple[tuple[str, Text], ...] = ()
    """Cards whose play is asked about again before it is made, by their notation, with
    what the play does ("It ends this hand for everyone..."): the hand message and the
    Activity's page both ask. Pairs rather than a mapping, so the record stays hashable."""


@dataclass(frozen=True)
class GameKind:
    name: str
    """The kind's id: the slash command group, the stored games' `kind`, the replay
    files' "game" ("grass"); its entry in games/registry.py names the engine."""
    ui: AnyUI
    """The game's words and controls."""
    commands: Callable[[Any, GameKind], commands.Cog]
    """The slash command group, built with the bot and this record: a subclass of the
    shared `GameCommands` (bot/exts/_commands.py) adding the kind's start command
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

    @property
    def entry(self) -> registry.Kind:
        """The kind's entry in the registry of games/registry.py."""
        return registry.get(self.name)

    @property
    def engine(self) -> type[Game[Any, Any, Any]]:
        """The rules (games/), as the registry names them."""
        return self.entry.engine_class()

    @property
    def computer_players(self) -> bool:
        """Whether games/ai plays this kind (its registry entry names computer players).
        Without: the lobby offers no computer seat, no turn timer (an expired turn is
        played by the computer), and a kicked player leaves the game instead of handing
        the seat over."""
        return self.entry.computer is not None

    def check(self) -> None:
        """`ValueError` unless the record agrees with its registry entry: checked when
        the bot adds it (`GameBot.add_game`), once its package has registered it."""
        if self.name not in registry.kind_names():
            raise ValueError(f"the game kind {self.name} is not in games/registry.py")
        self.engine  # noqa: B018 - imports it: a wrong entry fails now, not at a move
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
            return _(
                "The rules document ({file}) is missing from this installation.",
                file=self.rules_name,
            )
