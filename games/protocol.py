"""The one protocol every game engine follows.

The bot's session service, storage, publisher, lobby, timers, AI seats, renderers,
the replay CLI, the benchmark and the random-play tests are written once against
this module, never against one game. A game is a subclass of `Game` plus its
action, view and option types.

Conventions every engine keeps:
- Pure rules, standard library only. Randomness comes only from the seed given at
  creation (sub-seeds derived from it), so seed + players + options + actions
  always give the same game.
- `apply` is atomic: it validates everything first and raises `IllegalAction`
  (state untouched) or mutates and returns the events it caused, including the
  automatic steps that follow (draws, rolls, scoring, dealing the next hand).
- Hidden information is decided only by `view_for` and `public_view`. Event texts
  are public words; anything private goes in `Event.private`, keyed by player.
- `to_json` / `from_json` round-trip to an equal state; the document carries
  `version`; an unknown version fails with `StateFormatError`.
- `state_json` is the public contract printed by `python -m games replay`
  (docs/notation.md). Extend it; never change what its keys mean.
- A player gives up their seat with the action `{"leave": true}`, which emits an event
  of kind `EventKind.LEAVE` ("leave") whose actor is that player: the bot ranks leavers
  last and frees their seat from that event. (In two-player Graps one resigns instead:
  the game ends, the other player wins.)
- Event kinds are named values: `EventKind` below for the kinds every engine shares,
  and each game's own enum in its `views` module. Their values are the strings saved
  states, `state_json` and stored games always held, so old documents still load.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

from games.text import _

JSON = Any
"""A value that `json.dumps` accepts."""


QUOTE_LIMIT = 40


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`repr(value)` cut to `limit` characters: error messages echo what was typed,
    and what was typed can be thousands of characters (a chat message holds 2,000)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GameError(ValueError):
    """Base of every error an engine raises on purpose."""


class IllegalAction(GameError):
    """The rules refuse this action. `reason` is in words a player understands;
    `rule` names the decision id (G7, C5, P4...) for developers."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)


class MalformedAction(IllegalAction):
    """The action is not valid notation: unknown key, unknown card id, wrong type."""


class StateFormatError(GameError):
    """A saved state or replay header that cannot be loaded (bad shape, unknown version)."""


class EventName(enum.StrEnum):
    """What an event is, as a named value code compares: the base of the kinds every
    engine shares (`EventKind`) and of each game's own, in its `views` module
    (`GrassEventKind`, `GraciasEventKind`, `GrapsEventKind`). Its values are the plain
    strings saved documents hold."""

    @classmethod
    def _missing_(cls, value: object) -> EventName | None:
        """A kind no enum names (a saved document's, from another version) is kept as
        it is: an unnamed member equal to its string, so a log loads and saves whole."""
        if not isinstance(value, str):
            return None
        member = str.__new__(cls, value)
        member._name_ = value.upper()
        member._value_ = value
        return member


class EventKind(EventName):
    """The event kinds every engine shares."""

    LEAVE = "leave"  # a player gave up their seat; `actor` is that player
    GAME_OVER = "game_over"  # the last event of a game; data["winners"] names the winners
    UNDO = "undo"  # a move taken back (games/takeback.py); `actor` is the one who made it


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words the table can read.

    `kind` is a stable machine name: an `EventKind` or a member of the game's own
    `EventName` enum, equal to the plain string saved documents hold ("play",
    "hand_scored", "pass_done"...),
    `text` is public (shown in the channel, "" when nothing public happened),
    `private` holds words only one player may see ("You drew Panama"),
    `data` holds public machine-readable details (e.g. the scores of a hand).
    """

    kind: EventName
    text: str
    actor: str | None = None
    private: Mapping[str, str] = field(default_factory=dict)
    data: Mapping[str, JSON] = field(default_factory=dict)


class Termination(enum.StrEnum):
    """How a game ended, as a named value code compares (python-chess's `Termination`);
    each game's `views` has its own enum of this base (`GrassTermination`,
    `GraciasTermination`, `GrapsTermination`). Its values are machine words: Graps's are
    those the bot stores with a finished game for the scoreboards ("reached", "stuck")."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. `winners` has several names for a shared win or draw.
    `reason` is in words, for players; each game's `views` names its fixed reasons or
    the patterns they are made from (`GrassEndReason`, `GraciasEndReason`,
    `GrapsEndReason`). `termination` is the same as a named value, for code; None only
    from an engine that names none (the tests' tic-tac-toe)."""

    winners: tuple[str, ...]
    totals: Mapping[str, int]
    reason: str
    termination: Termination | None = None


class Action(abc.ABC):
    """One move in the game's JSON notation. Subclasses are frozen dataclasses."""

    by: str
    optional: ClassVar[bool] = False
    """True for a move the game never waits for: a player awaited with nothing else
    to do (a Grass proposer whose offer waits for its partner's answer, who may
    withdraw it) is waiting on someone else, and a computer seat does not move then."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The action in the notation of docs/notation.md."""


A = TypeVar("A", bound=Action)
PublicV = TypeVar("PublicV")
PlayerV = TypeVar("PlayerV")


class Game(abc.ABC, Generic[A, PublicV, PlayerV]):
    """A game in progress. Mutable; `apply` is the only way to change it."""

    kind: ClassVar[str]
    """Stable id: "grass", "gracias", "graps"."""
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_version: ClassVar[int]
    """Version of the `to_json` document; bump it (and migrate) when the shape changes."""

    players: tuple[str, ...]
    log: list[Event]
    moves: int
    """Number of actions applied so far: the state's version for stale controls."""

    # -- creation -----------------------------------------------------------------

    @classmethod
    @abc.abstractmethod
    def create(
        cls, players: Sequence[str], options: Mapping[str, JSON] | None = None, seed: int = 0
    ) -> Self:
        """A new game. Raises `GameError` for a wrong player count, duplicate names or
        bad options, with a message saying what was wrong."""

    @classmethod
    @abc.abstractmethod
    def from_replay(cls, header: Mapping[str, JSON]) -> Self:
        """A new game from a replay file's header (everything but "actions"): players,
        options, seed and the game's own set-up keys (Grass and Gracias "decks",
        Graps "rolls"). Raises `StateFormatError` on a malformed header."""

    @abc.abstractmethod
    def replay_header(self) -> dict[str, JSON]:
        """The header of this game's replay file (what `/... export` writes before the
        actions): replaying the logged actions on it reproduces this game exactly."""

    @classmethod
    @abc.abstractmethod
    def option_defaults(cls) -> dict[str, JSON]:
        """Every option with its default value."""

    # -- playing -------------------------------------------------------------------

    @property
    @abc.abstractmethod
    def awaiting(self) -> tuple[str, ...]:
        """The players who may act now (several during a Paranoia pass or an offer);
        empty once the game is over."""

    @abc.abstractmethod
    def legal_actions(self, player: str) -> list[A]:
        """Every action `player` may take now (empty when it is not their moment).
        For Grass Protect covers and trade offers, a representative complete list is
        not always small; the engine documents what it lists."""

    @abc.abstractmethod
    def parse_action(self, data: Mapping[str, JSON]) -> A:
        """The notation's JSON object as an action; raises `MalformedAction`."""

    @abc.abstractmethod
    def apply(self, action: A) -> list[Event]:
        """Play `action`. Raises `IllegalAction` (nothing changed) or returns the events."""

    def apply_json(self, data: Mapping[str, JSON]) -> list[Event]:
        return self.apply(self.parse_action(data))

    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game runs."""

    closing: ClassVar[frozenset[str]] = frozenset()
    """The event kinds that close a part of the game (Grass's scored hand, Gracias's
    scored round): a replay pauses there (games/watch.py)."""

    revealing: ClassVar[Mapping[str, str] | None] = None
    """The event kinds that show something hidden (a card drawn, a roll), each with
    what it showed in a player's words; None: every move shows something."""

    def reveals(self, events: Sequence[Event]) -> str | None:
        """What the move that caused `events` showed that was hidden before it, in words
        a player reads, or None when it showed nothing hidden: only such a move may be
        taken back (games/takeback.py)."""
        if self.revealing is None:
            return _("moves of this game cannot be taken back")
        for event in events:
            reason = self.revealing.get(event.kind)
            if reason is not None:
                return reason
        return None

    def note(self, event: Event) -> None:
        """Adds an event the rules did not cause (a move taken back) to the game's log
        and to the recent actions its public view shows."""
        self.log.append(event)

    # -- seeing --------------------------------------------------------------------

    @abc.abstractmethod
    def view_for(self, player: str) -> PlayerV:
        """Exactly what `player` may see."""

    @abc.abstractmethod
    def public_view(self) -> PublicV:
        """What the table (the channel, spectators) may see."""

    # -- saving --------------------------------------------------------------------

    @abc.abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The whole state, with "version": `state_version`."""

    @classmethod
    @abc.abstractmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        """Load `to_json`'s document; `StateFormatError` on an unknown version or bad shape."""

    @abc.abstractmethod
    def state_json(self) -> dict[str, JSON]:
        """The full state in the public shape `python -m games replay` prints."""

    def clone(self) -> Self:
        """An independent copy (AI search uses it). Engines may override for speed."""
        return type(self).from_json(self.to_json())
