"""What each game's thin Discord part provides to the shared machinery.

The session service, publisher, lobby and control router are written once against
`GameUI`; a game implements its pictures, its words and its controls (turning clicks
into actions in the game's notation), nothing else.
"""

from __future__ import annotations

import abc
import dataclasses
import hashlib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

import discord

from bot.core.controls import Control, SharedVerb
from games.protocol import JSON, Event

DOCS = Path(__file__).resolve().parents[2] / "docs"

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.core.session import Session


@dataclass(frozen=True, slots=True)
class Act:
    """A control step that ends in an action (the game's notation, without "by")."""

    action: Mapping[str, JSON]


@dataclass(frozen=True, slots=True)
class Show:
    """A control step that only shows further choices (e.g. the target of a card)."""

    text: str
    items: Sequence[discord.ui.Item[Any]]


@dataclass(frozen=True, slots=True)
class Ask:
    """A control step that opens a form (a modal). Its custom id is a control id with the
    prefix "m", so the submission comes back to `GameUI.on_control` with the fields'
    values, in the modal's order, even after a restart."""

    modal: discord.ui.Modal


Step = Act | Show | Ask


@dataclass(frozen=True, slots=True)
class Post:
    """A message for the channel caused by some events (a score sheet, the winners).
    `image` is drawn in the thread pool from the public view."""

    text: str
    image: Any = None
    """A callable public view -> PIL image, or None for words only."""
    filename: str = "image.png"


@dataclass(frozen=True, slots=True)
class SeatResult:
    name: str
    place: int
    score: int
    best_round: int | None = None


PublicT = TypeVar("PublicT")
PlayerT = TypeVar("PlayerT")


class GameUI(abc.ABC, Generic[PublicT, PlayerT]):
    """One game's Discord part, typed by its game's public and player views. Methods get
    the `Session`; they read the game through `public` and `private`, the views of the
    current version, computed once per version."""

    kind: ClassVar[str]
    title: ClassVar[str]
    command: ClassVar[str]
    """The slash command group, for hints in texts: "grass"."""
    round_name: ClassVar[str] = "round"
    """What a scored part of the game is called on the scoreboard ("hand" in Grass)."""
    money: ClassVar[bool] = False
    """Scores are dollars (shown as $25,000) rather than points."""
    hand_command: ClassVar[str] = "hand"
    """The subcommand showing a player's own message ephemerally: "/grass hand"."""
    hand_button: ClassVar[str] = "Show my hand"
    """The table's button doing the same."""
    leave_command: ClassVar[str] = "leave"
    """The subcommand giving up one's seat: "/grass leave"."""
    hand_words: ClassVar[str] = "your cards stay with me"
    """Why a player with closed DMs must come and look, for the channel notice."""
    left_text: ClassVar[str] = "You left the game."
    """What a player who gave up their seat is told."""
    rules_caption: ClassVar[str] = "The rules as this bot plays them:"
    """The words above the rules document (`/<game> rules`)."""

    @property
    def rules_name(self) -> str:
        return f"{self.kind}-rules.md"

    def rules_path(self) -> Path:
        """The rules document: docs/rules/<kind>.md."""
        return DOCS / "rules" / f"{self.kind}.md"

    def rules(self) -> str:
        try:
            return self.rules_path().read_text(encoding="utf-8")
        except OSError:
            return f"The rules document ({self.rules_name}) is missing from this installation."

    def public(self, session: Session) -> PublicT:
        """The game's public view."""
        return cast(PublicT, session.public_view())

    def private(self, session: Session, name: str) -> PlayerT:
        """What the player `name` sees."""
        return cast(PlayerT, session.view_for(name))

    # -- pictures (run in the thread pool; pure) ------------------------------------

    @abc.abstractmethod
    def table_image(self, public_view: Any) -> Image: ...

    def private_image(self, player_view: Any) -> Image | None:
        return None

    def score_sheet(self, public_view: Any) -> Image:
        """The scores so far (`/<game> scores`); the table itself unless a game has more."""
        return self.table_image(public_view)

    # -- words ---------------------------------------------------------------------

    @abc.abstractmethod
    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        """The options chosen at start, in words, for the lobby message."""

    @abc.abstractmethod
    def table_text(self, session: Session) -> str:
        """The table message's words: whose turn, the last actions, from public views."""

    def table_words(self, session: Session) -> str:
        """The table as words, for channels where the bot may not attach pictures."""
        return ""

    @abc.abstractmethod
    def private_text(self, session: Session, name: str) -> str:
        """The words of one player's hand message (their own view only)."""

    @abc.abstractmethod
    def turn_text(self, session: Session, newly_awaited: Sequence[str]) -> str | None:
        """A short channel message when players' moments begin (`mention` them)."""

    def turn_starts(self, events: Sequence[Event]) -> set[str]:
        """Players whose turn began with these events, even if they were already awaited
        (a player who moves again after everyone else lost their turn): they get a new
        DM and a ping, so Discord notifies them."""
        return set()

    def notice_turn(self, session: Session) -> Hashable | None:
        """What tells one turn from the next, for games where a player may become awaited
        several times in one turn (a Grass partner offered trade after trade): each is
        notified once per turn, later moments only update their hand message. None:
        every moment is notified."""
        return None

    def posts(self, session: Session, events: Sequence[Event]) -> list[Post]:
        """Extra channel messages caused by these events."""
        return []

    @abc.abstractmethod
    def results(self, session: Session) -> list[SeatResult]:
        """Places and scores once the game is over."""

    # -- controls ------------------------------------------------------------------

    @abc.abstractmethod
    def controls(self, session: Session, name: str) -> list[discord.ui.Item[Any]]:
        """The controls of one player's hand message: only legal choices."""

    @abc.abstractmethod
    def on_control(
        self, session: Session, name: str, control: Control, values: Sequence[str]
    ) -> Step:
        """What a click means; raise `Refusal` for nonsense (forged ids)."""

    unversioned_verbs: ClassVar[frozenset[str]] = frozenset(SharedVerb)
    """Verbs that stay valid whatever the version (they only show things)."""

    # -- change detection ------------------------------------------------------------

    def private_signature(self, session: Session, name: str) -> str:
        """Changes exactly when a player's hand message must change: their private view
        (without the public part, which the table shows), whether they are awaited, and
        what their controls would do (the legal actions, the seats they name). It leaves
        out the state version, so it also tells when a player's older controls still
        mean the same (`Sessions`: controls_since)."""
        engine = session.engine
        view = session.view_for(name)
        if dataclasses.is_dataclass(view) and not isinstance(view, type):
            private = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
            private.pop("public", None)
        else:
            private = {"view": view}
        legal = [action.to_json() for action in session.legal_actions(name)]
        facts = (
            sorted(private.items()),
            name in engine.awaiting,
            engine.players,
            session.status,
            repr(legal),
        )
        return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]

    def message_signature(self, session: Session, name: str) -> str:
        """Changes when the hand message must be redrawn: its meaning or the ids of its
        controls (which carry the version, so an awaited player's controls are always
        fresh)."""
        ids = [getattr(item, "custom_id", "") for item in self.controls(session, name)]
        facts = (self.private_signature(session, name), ids)
        return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]


def mention(session: Session, name: str) -> str:
    """A person's mention; a computer player's seat (negative user id) by its name."""
    user_id = session.user_of(name)
    return f"<@{user_id}>" if user_id is not None and user_id > 0 else name


AnyUI = GameUI[Any, Any]
"""A game UI of any kind, for the machinery that serves them all."""
