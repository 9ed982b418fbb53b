"""The Graps engine: set-up (P2), rolled turns (P3), placements (P4, P5), pruning and
sap (P5, P6), the immediate win (P7), passes and the stuck rule (P8), exhaustion
(P9), and resigning. Saving and loading live in saving.py, the board's bookkeeping
in board.py.

Speed matters here (the bot's autocomplete and the AI list legal cells before every
move): the legal cells for the current roll are computed once when the turn starts,
kept sorted, and `legal_actions` hands out cached `Place` objects.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Self

from games.graps import saving
from games.graps.actions import GrapsAction, Place, Resign, parse_action
from games.graps.board import LAND, LAND_SET, TARGET, Board
from games.graps.cells import CELL_NAMES, CELLS
from games.graps.dice import roll_base, seeded_grape
from games.graps.views import (
    Face,
    GrapsOptions,
    GrapsPlayerView,
    GrapsPublicView,
    Phase,
    Piece,
    Side,
)
from games.protocol import (
    JSON,
    Event,
    Game,
    GameError,
    IllegalAction,
    MalformedAction,
    Outcome,
)

PAWNS = 45
"""Pawns per player (P1)."""
RECENT = 6
"""Public event texts kept for the views."""
SIDE_WORDS = ("dark", "light")
_PIECES = {piece.value: piece for piece in Piece}


@lru_cache(maxsize=256)
def _places_of(player: str) -> tuple[Place, ...]:
    """Every placement `player` could make, one shared immutable object per cell: listing
    legal actions then costs no allocation (the AI lists them millions of times)."""
    return tuple(Place(player, cell) for cell in range(CELLS))


class Graps(Game[GrapsAction, GrapsPublicView, GrapsPlayerView]):
    """A Graps game between `players[0]` (dark, land row 1) and `players[1]` (light,
    land row 15). `legal_actions` lists placements only; `Resign` is always allowed to
    either player while the game runs."""

    kind = "graps"
    title = "Graps"
    min_players = 2
    max_players = 2
    state_version = 1

    def __init__(
        self,
        players: tuple[str, str],
        options: GrapsOptions,
        seed: int,
        rolls: tuple[Face, ...] = (),
    ) -> None:
        self.players = players
        self.options = options
        self.seed = seed
        self.header_rolls = rolls
        self.rolls_made = 0
        self._base = roll_base(seed)
        self.board = Board()
        self.phase = Phase.SETUP
        self.mover: int | None = 0
        self.roll: Face | None = None
        self.supply = [PAWNS, PAWNS]
        self.removed = [0, 0]
        self.last_cell: int | None = None
        self.last_pruned: tuple[int, ...] = ()
        self.last_cut: tuple[int, ...] = ()
        self.winners: tuple[str, ...] = ()
        self.reason: str | None = None
        self.moves = 0
        self.log: list[Event] = []
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.legal: list[int] = list(LAND[0])  # P2: dark's set-up grape, anywhere on row 1
        self._places = (_places_of(players[0]), _places_of(players[1]))

    # -- creation -------------------------------------------------------------------

    @classmethod
    def create(
        cls, players: Sequence[str], options: Mapping[str, JSON] | None = None, seed: int = 0
    ) -> Self:
        names = (players,) if isinstance(players, str) else tuple(players)
        if len(names) != 2:
            raise GameError(f"Graps is played by exactly 2 players, not {len(names)}")
        if not all(isinstance(name, str) and name for name in names):
            raise GameError("every player needs a name")
        if names[0] == names[1]:
            raise GameError(f"{names[0]} cannot play against themselves")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"the seed must be an integer, not {seed!r}")
        return cls((names[0], names[1]), saving.parse_options(options or {}), seed)

    @classmethod
    def from_replay(cls, header: Mapping[str, JSON]) -> Self:
        return saving.from_replay(cls, header)

    def replay_header(self) -> dict[str, JSON]:
        return saving.replay_header(self)

    @classmethod
    def option_defaults(cls) -> dict[str, JSON]:
        return saving.options_json(GrapsOptions())

    # -- playing ----------------------------------------------------------------------

    @property
    def awaiting(self) -> tuple[str, ...]:
        return () if self.mover is None else (self.players[self.mover],)

    def legal_actions(self, player: str) -> list[GrapsAction]:
        if self.mover is None or player != self.players[self.mover]:
            return []
        places = self._places[self.mover]
        return [places[cell] for cell in self.legal]

    def legal_cells(self) -> tuple[str, ...]:
        """The mover's legal cells for the current roll, by name, in cell order."""
        return tuple([CELL_NAMES[cell] for cell in self.legal])

    def parse_action(self, data: Mapping[str, JSON]) -> GrapsAction:
        return parse_action(data)

    def apply(self, action: GrapsAction) -> list[Event]:
        if isinstance(action, Resign):
            events = self._resign(action.by)
        elif isinstance(action, Place):
            seat = self._placing_seat(action.by)
            if action.cell not in self.legal:
                raise self._refusal(seat, action.cell)
            events = self._place(seat, action.cell)
        else:
            raise MalformedAction(f"{action!r} is not a Graps action")
        self.moves += 1
        self.log.extend(events)
        recent = self.recent
        for event in events:
            if event.text:
                recent.append(event.text)
        return events

    def outcome(self) -> Outcome | None:
        """`totals` are each player's pawns on the board at the end."""
        if self.phase is not Phase.OVER:
            return None
        totals = {name: len(self.board.pawns[seat]) for seat, name in enumerate(self.players)}
        return Outcome(self.winners, totals, self.reason or "")

    # -- the rules --------------------------------------------------------------------

    def _placing_seat(self, by: str) -> int:
        if self.mover is None:
            raise IllegalAction("the game is over: no more placements")
        if by not in self.players:
            raise IllegalAction(f"{by} is not playing this game")
        if by != self.players[self.mover]:
            raise IllegalAction(f"it is {self.players[self.mover]}'s turn, not {by}'s", "P2")
        return self.mover

    def _refusal(self, seat: int, cell: int) -> IllegalAction:
        """Why `cell` is not legal for seat's current placement, in a player's words."""
        name = CELL_NAMES[cell]
        board = self.board
        if self.phase is Phase.SETUP:
            row = 1 if seat == 0 else 15
            return IllegalAction(f"{name} is not on row {row}: your first grape goes there", "P2")
        rule = "P5" if self.roll is Face.GRAPE else "P4"
        if board.cells[cell]:
            return IllegalAction(f"{name} is already taken", rule)
        if self.roll is Face.GRAPE:
            return IllegalAction(
                f"{name} is neither on your land row nor beside one of your pawns", "P5"
            )
        opponent = SIDE_WORDS[1 - seat]
        if cell in LAND_SET[seat]:
            return IllegalAction(f"{name} is on your own land row: a blank never goes there", "P4")
        if not board.adj[seat][cell]:
            return IllegalAction(f"{name} does not touch one of your pawns by a side", "P4")
        if board.adj[1 - seat][cell]:
            return IllegalAction(f"{name} touches a {opponent} pawn on its side", "P4")
        return IllegalAction(
            f"{name} is in the protected ring around a {opponent} grape (sides and corners)",
            "P4",
        )

    def _place(self, seat: int, cell: int) -> list[Event]:
        board = self.board
        name = self.players[seat]
        other = 1 - seat
        grape = self.roll is not Face.BLANK  # set-up grapes (P2) have no roll
        board.put(seat, cell, grape)
        self.supply[seat] -= 1
        where = CELL_NAMES[cell]
        text = f"{name} placed a {'grape' if grape else 'blank'} at {where}"
        pruned = board.pruned_by(seat, cell) if grape else []
        cut: list[int] = []
        if pruned:  # P5: pruning, then the loss of every branch left without sap
            for near in pruned:
                board.take(near)
            cut = board.cut_off(other)
            for near in cut:
                board.take(near)
            lost = len(pruned) + len(cut)
            if self.options.return_pruned:  # P6
                self.supply[other] += lost
            else:
                self.removed[other] += lost
            plural = "s" if len(pruned) > 1 else ""
            text += f"; {len(pruned)} {SIDE_WORDS[other]} pawn{plural} pruned"
            if cut:
                text += f"; {len(cut)} cut off from their land"
        self.last_cell = cell
        self.last_pruned = tuple(pruned)
        self.last_cut = tuple(cut)
        events = [Event("place", text, name, data={"cell": where, "grape": grape})]
        if pruned:
            events.append(Event("prune", "", name, data={"cells": [CELL_NAMES[c] for c in pruned]}))
            if cut:
                events.append(Event("sap", "", name, data={"cells": [CELL_NAMES[c] for c in cut]}))
        if cell in TARGET[seat]:  # P7
            row = 15 if seat == 0 else 1
            self._finish(
                (name,), f"{name} reached {self.players[other]}'s land, row {row} (P7)", events
            )
        elif self.phase is Phase.SETUP and seat == 0:
            self.mover = 1
            self.legal = list(LAND[1])  # P2: light's set-up grape, anywhere on row 15
        else:
            self.phase = Phase.PLAY
            self._start_turn(other, events)
        return events

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        """Roll for seat's turn (P3), passing turns that cannot be played (P8), until a
        player has a roll with a legal cell or the game ends (P8, P9)."""
        board = self.board
        supply = self.supply
        while True:
            if not supply[0] and not supply[1]:
                self._exhausted(events)
                return
            name = self.players[seat]
            if not supply[seat]:  # P8: a player with no pawns left passes
                events.append(
                    Event(
                        "pass",
                        f"{name} has no pawns left: turn passes",
                        name,
                        data={"why": "no_pawns"},
                    )
                )
                seat = 1 - seat
                continue
            if not board.can_place(seat):  # P8: the player who left them stuck loses
                loser = self.players[1 - seat]
                self._finish(
                    (name,), f"{name} has no legal cell for either face: {loser} loses (P8)", events
                )
                return
            n = self.rolls_made
            self.rolls_made = n + 1
            if n < len(self.header_rolls):
                face = self.header_rolls[n]
            else:
                grape = seeded_grape(self._base, n, self.options.grape_faces)
                face = Face.GRAPE if grape else Face.BLANK
            legal = board.grape_cells(seat) if face is Face.GRAPE else board.blank_cells(seat)
            word = "grape" if face is Face.GRAPE else "blank"  # faster than face.value
            if legal:
                events.append(Event("roll", f"{name} rolled {word}", name, data={"face": word}))
                self.mover = seat
                self.roll = face
                self.legal = legal
                return
            events.append(Event("roll", "", name, data={"face": word}))
            events.append(
                Event(
                    "pass",
                    f"{name} rolled {word}: no legal cell, turn passes",
                    name,
                    data={"why": "no_cell", "face": word},
                )
            )
            seat = 1 - seat

    def _exhausted(self, events: list[Event]) -> None:
        """P9: both supplies are used up; the pawn nearest the opponent's land decides."""
        far = 99  # farther than any pawn: a player with no pawn on the board
        dark, light = (self.board.distance(seat) for seat in (0, 1))
        d0 = far if dark is None else dark
        d1 = far if light is None else light
        words = " and ".join(
            f"{self.players[seat]} {'no pawn' if d == far else f'{d} rows away'}"
            for seat, d in ((0, d0), (1, d1))
        )
        if d0 == d1:
            self._finish(self.players, f"no pawns left, {words}: a draw (P9)", events)
        else:
            winner = self.players[0 if d0 < d1 else 1]
            self._finish((winner,), f"no pawns left, {words}: {winner} wins (P9)", events)

    def _resign(self, by: str) -> list[Event]:
        if self.mover is None:
            raise IllegalAction("the game is already over")
        if by not in self.players:
            raise IllegalAction(f"{by} is not playing this game")
        winner = self.players[1 - self.players.index(by)]
        events: list[Event] = []
        self._finish((winner,), f"{by} resigned: {winner} wins", events)
        return events

    def _finish(self, winners: tuple[str, ...], reason: str, events: list[Event]) -> None:
        self.phase = Phase.OVER
        self.mover = None
        self.roll = None
        self.legal = []
        self.winners = winners
        self.reason = reason
        kind = "draw" if len(winners) > 1 else "win"
        events.append(Event(kind, reason, winners[0], data={}))
        result = f"{winners[0]} wins" if len(winners) == 1 else "a draw"
        events.append(Event("game_over", f"game over: {result}", data={"winners": [*winners]}))

    # -- seeing -----------------------------------------------------------------------

    def public_view(self) -> GrapsPublicView:
        rows = self.board.rows()
        return GrapsPublicView(
            players=(self.players[0], self.players[1]),
            phase=self.phase,
            to_move=None if self.mover is None else self.players[self.mover],
            roll=self.roll,
            board=tuple(tuple(_PIECES[char] for char in row) for row in rows),
            supply=(self.supply[0], self.supply[1]),
            removed=(self.removed[0], self.removed[1]),
            last_cell=None if self.last_cell is None else CELL_NAMES[self.last_cell],
            last_pruned=tuple(CELL_NAMES[cell] for cell in self.last_pruned),
            last_cut_off=tuple(CELL_NAMES[cell] for cell in self.last_cut),
            legal=self.legal_cells(),
            options=self.options,
            winners=self.winners,
            reason=self.reason,
            moves=self.moves,
            recent=tuple(self.recent),
        )

    def view_for(self, player: str) -> GrapsPlayerView:
        if player not in self.players:
            raise GameError(f"{player} is not playing this game")
        public = self.public_view()
        mine = public.to_move == player
        side = Side.DARK if player == self.players[0] else Side.LIGHT
        return GrapsPlayerView(public, player, side, public.legal if mine else ())

    # -- saving -----------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        return saving.to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        return saving.from_json(cls, data)

    def state_json(self) -> dict[str, JSON]:
        return saving.state_json(self)

    def clone(self) -> Self:
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.board = self.board.copy()
        copy.supply = list(self.supply)
        copy.removed = list(self.removed)
        copy.legal = list(self.legal)
        copy.log = list(self.log)
        copy.recent = deque(self.recent, maxlen=RECENT)
        return copy


__all__ = ["PAWNS", "Graps"]
