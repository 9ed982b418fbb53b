"""What the table and each player may see of a Gracias game (frozen, cheap to build).

`GraciasPublicView` is everything the channel may show: the trios' face-up cards
(never a face-down card, C5), every reserve as counts by colour, how many hidden
cards each player holds (not which, C5), round scores and totals, the last round's
scoring in detail (C6) so a score image can be drawn, and the winners (C8).
`GraciasPlayerView` adds what one player alone may see: their own hidden cards and,
during the half-step of a choice, the hidden card of the trio they just took.
Legal actions are not part of a view: ask `Gracias.legal_actions`.
Rule ids: C2 (rounds and turns), C3 (openers), C5 (trios, hidden cards), C6, C8.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Self, TypedDict

from games.gracias.cards import COLOURS, Colour
from games.protocol import Event, EventName, Termination
from games.text import Text, _

ROUNDS = 3  # C2
TURNS_PER_ROUND = 4  # C2


class Phase(enum.Enum):
    """choose: `to_move` takes a trio and splits it (C5); over: the game has ended (C8)."""

    CHOOSE = "choose"
    OVER = "over"


class GraciasEventKind(EventName):
    """The kinds of Gracias's own events (`Event.kind`); "leave" and "game_over" are
    the shared `games.protocol.EventKind`. The values are what saved games hold."""

    ROUND_STARTED = "round_started"  # C3, C4
    TURN_STARTED = "turn_started"  # C5: the trios are laid out
    TAKE = "take"  # C5: the first half of a choice
    GIVE = "give"  # C5: the second half, keep one card and give the other
    ROUND_SCORED = "round_scored"  # C6


class TurnStarted(TypedDict):
    """The data of a `TURN_STARTED` event (C5), as saved games hold it."""

    round: int
    turn: int
    small_opener: str
    """Who chooses first in this turn (C3)."""


def turn_started(event: Event) -> TurnStarted | None:
    """The data of a `TURN_STARTED` event; None for another event (or one saved
    without it)."""
    data = event.data
    if event.kind != GraciasEventKind.TURN_STARTED or not isinstance(data.get("small_opener"), str):
        return None
    return TurnStarted(
        round=int(data.get("round", 0)),
        turn=int(data.get("turn", 0)),
        small_opener=data["small_opener"],
    )


class GraciasEndReason(Text, enum.ReprEnum):
    """Why a Gracias game ended, in the words of `Outcome.reason`, of the "game_over"
    event's text and of the saved state's "end_reason".

    Each member is its words as a `Text` (a `str` equal to the English, translated
    where it is read) and its `value` is that English as a plain string, the string
    saved states hold: like a `StrEnum`, whose two data types it cannot mix."""

    _value_: str

    def __new__(cls, words: Text) -> Self:
        member = Text.__new__(cls, words.msgid, words.fields, context=words.context)
        member._value_ = str.__str__(words)
        return member

    # TRANSLATORS: why a game of Gracias ended, in brackets after who won ("ann wins
    # (after round 3).").
    LAST_ROUND = _("after round 3")  # C8
    # the leave rule (docs/rules/gracias.md)
    # TRANSLATORS: why a game of Gracias ended: players left, fewer than 3 were still in.
    TOO_FEW_PLAYERS = _("fewer than 3 players left")


class GraciasTermination(Termination):
    """How a Gracias game ended, for code (`Outcome.termination`)."""

    LAST_ROUND = "last_round"  # C8
    TOO_FEW_PLAYERS = "too_few_players"  # the leave rule

    @classmethod
    def of(cls, reason: str) -> GraciasTermination:
        """The termination an end reason says (`GraciasEndReason`'s words)."""
        if reason == GraciasEndReason.TOO_FEW_PLAYERS:
            return cls.TOO_FEW_PLAYERS
        return cls.LAST_ROUND


@dataclass(frozen=True, slots=True)
class ColourCounts:
    """How many cards of each colour, in `COLOURS` order (a reserve, C5)."""

    counts: tuple[int, ...]

    def of(self, colour: Colour) -> int:
        return self.counts[colour.index]

    def items(self) -> tuple[tuple[Colour, int], ...]:
        return tuple(zip(COLOURS, self.counts, strict=True))

    @property
    def total(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True, slots=True)
class TrioView:
    """One trio of the current turn (C5), numbered 1..N in the order laid out.

    `face_up` holds the two face-up cards (first laid first) while they are on the
    table: before the trio is taken and while its taker is still choosing; it is
    empty once the choice is made. `has_face_down` says whether the face-down card
    still lies there (its colour is never shown). `taken_by` names the taker.
    """

    number: int
    face_up: tuple[Colour, ...]
    has_face_down: bool
    taken_by: str | None

    @property
    def taken(self) -> bool:
        return self.taken_by is not None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player as the table sees them. `in_game` is False once they left."""

    name: str
    seat: int
    reserve: ColourCounts
    hidden_count: int
    round_scores: tuple[int, ...]
    total: int
    in_game: bool


@dataclass(frozen=True, slots=True)
class ColourScore:
    """C6, one colour of one player's round scoring.

    `cards`: that colour's cards once the hidden cards joined the reserve;
    `packet`: whether 5 of them were set aside face down (needs 5 or more);
    `face_up`: cards left face up after the packet (cards, or cards - 5);
    `discarded`: face-up cards discarded for holding the most of the colour
    (0, or all of `face_up`); `points`: packet (1) + face-up cards kept.
    """

    colour: Colour
    cards: int
    packet: bool
    face_up: int
    discarded: int
    points: int


@dataclass(frozen=True, slots=True)
class RoundScoreRow:
    """One player's round scoring (C6): the six colours in `COLOURS` order."""

    player: str
    colours: tuple[ColourScore, ...]
    score: int


@dataclass(frozen=True, slots=True)
class RoundScoring:
    """A scored round (C6): one row per player who was in the game at its end."""

    round: int
    rows: tuple[RoundScoreRow, ...]


@dataclass(frozen=True, slots=True)
class GraciasPublicView:
    """The table. `round` is 1..3 and `turn` 1..4 (C2); when the game is over they
    stay at the last turn played. `choosing` is the number of the trio `to_move`
    has taken and is still splitting (the half-step of the notation), else None."""

    round: int
    turn: int
    big_opener: str
    small_opener: str
    players: tuple[str, ...]
    to_move: str | None
    phase: Phase
    choosing: int | None
    trios: tuple[TrioView, ...]
    seats: tuple[SeatView, ...]
    last_round: RoundScoring | None
    winners: tuple[str, ...]
    recent: tuple[str, ...]

    def seat(self, name: str) -> SeatView:
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class GraciasPlayerView:
    """What `player` sees: the table, their own hidden cards in the order taken, and
    `just_taken`, the hidden card of the trio they hold while still choosing (C5:
    they look at it before deciding what to keep and what to give)."""

    public: GraciasPublicView
    player: str
    hidden: tuple[Colour, ...]
    just_taken: Colour | None
