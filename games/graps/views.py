"""What the table and each player see of a Graps game (frozen, cheap to build).

Graps has no hidden information: the public view holds everything, including the
legal cells for the current roll; `GrapsPlayerView` adds who is looking and, for
the mover, the same legal cells. Also the small value types the views use: sides,
phases, die faces (P3), board pieces and the options (P3, P6).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from games.graps.cells import SIZE, column_of, parse_cell, row_of
from games.protocol import EventName, Termination


class Side(enum.Enum):
    """Dark moves first and owns row 1; light owns row 15 (P1, P2)."""

    DARK = "dark"
    LIGHT = "light"

    @property
    def land_row(self) -> int:
        return 1 if self is Side.DARK else SIZE

    @property
    def target_row(self) -> int:
        """The opponent's land row: reaching it wins (P7)."""
        return SIZE if self is Side.DARK else 1


class Phase(enum.Enum):
    """setup: the two set-up grapes (P2); play: rolled turns; over: the game has ended."""

    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


class Face(enum.Enum):
    """The die's two kinds of face (P3)."""

    GRAPE = "grape"
    BLANK = "blank"


class GrapsEventKind(EventName):
    """The kinds of Graps's own events (`Event.kind`); "game_over" is the shared
    `games.protocol.EventKind` (Graps has no "leave": one resigns). The values are what
    saved games hold."""

    PLACE = "place"  # P4, P5
    PRUNE = "prune"  # P5
    SAP = "sap"  # P5: pawns cut off from their land
    ROLL = "roll"  # P3
    PASS = "pass"  # P8
    WIN = "win"  # P7, P8, P9, resigning
    DRAW = "draw"  # P9: a drawn game


class GrapsEndReason(enum.StrEnum):
    """How a Graps game ended: the patterns of `Outcome.reason` (the public view's and
    the saved state's "reason", the "win" or "draw" event's text), which name the
    players, so the state keeps the words, the pattern filled in, not the member. The
    engine fills them in as translatable texts: `_(pattern, ...)` with the same English
    (engine.py, flow.py; a translation's message id must be written out in the call)."""

    # Plain words: players read them (P7, P8, P9).
    REACHED = "{winner} reached {loser}'s land, row {row}"
    STUCK = "{winner} has no legal cell for either face: {loser} loses"
    EXHAUSTED_DRAW = "no pawns left, {distances}: a draw"
    EXHAUSTED_WIN = "no pawns left, {distances}: {winner} wins"
    RESIGNED = "{loser} resigned: {winner} wins"

    @classmethod
    def of(cls, reason: str) -> GrapsEndReason | None:
        """The pattern an outcome's reason was written from; None for another text."""
        msgid = getattr(reason, "msgid", None)
        return next((pattern for pattern in cls if pattern.value == msgid), None)

    @property
    def termination(self) -> GrapsTermination:
        return GrapsTermination[self.name]

    def matches(self, words: str) -> bool:
        """Whether `words` are this pattern filled in, in English."""
        return _PATTERNS[self].fullmatch(words) is not None


def _regex(pattern: str) -> re.Pattern[str]:
    """`pattern`'s fields ("{winner}") as groups matching any words."""
    fixed = re.split(r"\{\w+\}", pattern)
    return re.compile("(.+)".join(re.escape(part) for part in fixed))


_PATTERNS = {pattern: _regex(pattern.value) for pattern in GrapsEndReason}


class GrapsTermination(Termination):
    """How a Graps game ended, for code (`Outcome.termination`). The values are the
    words the bot stores with a finished game for its scoreboards."""

    REACHED = "reached"  # P7
    STUCK = "stuck"  # P8
    EXHAUSTED_DRAW = "exhausted_draw"  # P9
    EXHAUSTED_WIN = "exhausted_win"  # P9
    RESIGNED = "resigned"

    @classmethod
    def of(cls, reason: str) -> GrapsTermination | None:
        """The termination an outcome's reason says, for a game loaded from a saved
        state (which keeps the words only): by the message it was made from, else by its
        English; None for words of no pattern."""
        pattern = GrapsEndReason.of(reason)
        if pattern is None:
            # The patterns opening with fixed words first: names may hold anything.
            order = sorted(GrapsEndReason, key=lambda p: p.value.startswith("{"))
            pattern = next((p for p in order if p.matches(str(reason))), None)
        return None if pattern is None else pattern.termination


class Piece(enum.Enum):
    """What a cell holds; the values are the characters of the replay state's board."""

    EMPTY = "."
    DARK_BLANK = "x"
    DARK_GRAPE = "X"
    LIGHT_BLANK = "o"
    LIGHT_GRAPE = "O"

    @property
    def side(self) -> Side | None:
        if self is Piece.EMPTY:
            return None
        return Side.DARK if self.value in "xX" else Side.LIGHT

    @property
    def is_grape(self) -> bool:
        return self is Piece.DARK_GRAPE or self is Piece.LIGHT_GRAPE


@dataclass(frozen=True, slots=True)
class GrapsOptions:
    """The per-game options a host chooses at start (DECISIONS.md)."""

    grape_faces: int = 3  # P3: faces of six showing a grape, 1..5
    return_pruned: bool = False  # P6: removed pawns go back to their owner's supply


@dataclass(frozen=True, slots=True)
class GrapsPublicView:
    """The whole game as the table sees it (there is nothing else to see)."""

    players: tuple[str, str]  # (dark, light)
    phase: Phase
    to_move: str | None  # None once the game is over
    roll: Face | None  # the mover's roll; None in set-up and once over
    board: tuple[tuple[Piece, ...], ...]  # board[0] is row 1; board[r][0] is column A
    supply: tuple[int, int]  # pawns not yet placed: (dark, light)
    removed: tuple[int, int]  # pawns pruned or cut off and out of the game (P6)
    last_cell: str | None  # the cell of the last placement
    last_pruned: tuple[str, ...]  # cells pruned by the last placement (P5)
    last_cut_off: tuple[str, ...]  # cells whose pawns lost their sap then (P5)
    legal: tuple[str, ...]  # the mover's legal cells for the current roll
    options: GrapsOptions
    winners: tuple[str, ...]  # empty until over; both players for a draw
    reason: str | None  # how the game ended, in words; None while it runs
    moves: int  # actions applied so far
    recent: tuple[str, ...]  # the last public event texts, newest last

    @property
    def dark(self) -> str:
        return self.players[0]

    @property
    def light(self) -> str:
        return self.players[1]

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def side_of(self, player: str) -> Side:
        return Side.DARK if player == self.players[0] else Side.LIGHT

    def piece_at(self, cell: str) -> Piece:
        """The piece on a named cell ("H8")."""
        index = parse_cell(cell)
        return self.board[row_of(index) - 1][column_of(index)]


@dataclass(frozen=True, slots=True)
class GrapsPlayerView:
    """One player's view: the public view, who they are, and their legal cells when
    it is their turn (empty otherwise)."""

    public: GrapsPublicView
    name: str
    side: Side
    legal: tuple[str, ...]

    @property
    def your_turn(self) -> bool:
        return self.public.to_move == self.name
