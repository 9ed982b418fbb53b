"""The Graps engine: set-up (P2), placements (P4, P5), pruning and sap (P5, P6), the
immediate win (P7) and resigning, on the shared protocol. The state and its saved
form live in state.py (the engine is a `State`), the rolls, passes and endings that
follow a placement (P3, P8, P9) in flow.py, the views and the replay state in
seeing.py.

Speed matters here (the bot's autocomplete and the AI list legal cells before every
move): the legal cells for the current roll are computed once when the turn starts,
kept sorted, and `legal_actions` hands out cached `Place` objects.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Self

from games.graps import flow, seeing, state
from games.graps.actions import GrapsAction, Place, Resign, parse_action
from games.graps.cells import CELL_NAMES, CELLS
from games.graps.dice import roll_base
from games.graps.state import (
    HEADER_KEYS,
    LAND,
    LAND_SET,
    RECENT,
    TARGET,
    State,
    options_json,
    parse_options,
)
from games.graps.views import (
    Face,
    GrapsEventKind,
    GrapsOptions,
    GrapsPlayerView,
    GrapsPublicView,
    GrapsTermination,
    Phase,
)
from games.protocol import (
    JSON,
    Event,
    Game,
    GameError,
    IllegalAction,
    MalformedAction,
    Outcome,
    StateFormatError,
)
from games.text import Text, _, _n, joined

REVEALING: dict[str, str] = {
    # Every placement but the opening one is followed by the next roll (P3).
    # TRANSLATORS: why a move cannot be taken back ("that move cannot be taken back: …").
    GrapsEventKind.ROLL: _("the next roll has been made"),
}


@lru_cache(maxsize=256)
def _places_of(player: str) -> tuple[Place, ...]:
    """Every placement `player` could make, one shared immutable object per cell: listing
    legal actions then costs no allocation (the AI lists them millions of times)."""
    return tuple(Place(player, cell) for cell in range(CELLS))


class Graps(State, Game[GrapsAction, GrapsPublicView, GrapsPlayerView]):
    """A Graps game between `players[0]` (dark, land row 1) and `players[1]` (light,
    land row 15). `legal_actions` lists placements only; `Resign` is always allowed to
    either player while the game runs."""

    kind = "graps"
    title = "Graps"
    min_players = 2
    max_players = 2
    state_version = 1
    revealing = REVEALING

    def __init__(
        self,
        players: tuple[str, str],
        options: GrapsOptions,
        seed: int,
        rolls: tuple[Face, ...] = (),
    ) -> None:
        super().__init__(players, options, seed, rolls)
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
        return cls((names[0], names[1]), parse_options(options or {}), seed)

    @classmethod
    def from_replay(cls, header: Mapping[str, JSON]) -> Self:
        unknown = set(header) - HEADER_KEYS
        if unknown:
            raise StateFormatError(f"unknown key {sorted(unknown)[0]!r} in a Graps replay header")
        players = header.get("players")
        if not isinstance(players, list):
            raise StateFormatError('"players" is the list [DARK, LIGHT]')
        options = header.get("options", {})
        if not isinstance(options, Mapping):
            raise StateFormatError('"options" is an object')
        try:
            game = cls.create(players, options, header.get("seed", 0))
        except GameError as error:
            raise StateFormatError(str(error)) from error
        game.header_rolls = _faces(header.get("rolls", []))
        return game

    def replay_header(self) -> dict[str, JSON]:
        return state.replay_header(self)

    @classmethod
    def option_defaults(cls) -> dict[str, JSON]:
        return options_json(GrapsOptions())

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
        return seeing.legal_cells(self)

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

    def note(self, event: Event) -> None:
        self.log.append(event)
        if event.text:
            self.recent.append(event.text)

    def outcome(self) -> Outcome | None:
        """`totals` are each player's pawns on the board at the end."""
        if self.phase is not Phase.OVER:
            return None
        totals = {name: len(self.board.pawns[seat]) for seat, name in enumerate(self.players)}
        return Outcome(self.winners, totals, self.reason or "", self.termination)

    # -- the rules --------------------------------------------------------------------

    def _placing_seat(self, by: str) -> int:
        if self.mover is None:
            raise IllegalAction(_("the game is over: no more placements"))
        if by not in self.players:
            raise IllegalAction(_("{player} is not playing this game", player=by))
        if by != self.players[self.mover]:
            raise IllegalAction(
                _(
                    "it is {mover}'s turn, not {player}'s",
                    mover=self.players[self.mover],
                    player=by,
                ),
                "P2",
            )
        return self.mover

    def _refusal(self, seat: int, cell: int) -> IllegalAction:
        """Why `cell` is not legal for seat's current placement, in a player's words."""
        name = CELL_NAMES[cell]
        board = self.board
        if self.phase is Phase.SETUP:
            row = 1 if seat == 0 else 15
            return IllegalAction(
                # TRANSLATORS: {row} is the player's own land row (1 or 15).
                _("{cell} is not on row {row}: your first grape goes there", cell=name, row=row),
                "P2",
            )
        rule = "P5" if self.roll is Face.GRAPE else "P4"
        if board.cells[cell]:
            return IllegalAction(_("{cell} is already taken", cell=name), rule)
        if self.roll is Face.GRAPE:
            return IllegalAction(
                _("{cell} is neither on your land row nor beside one of your pawns", cell=name),
                "P5",
            )
        if cell in LAND_SET[seat]:
            return IllegalAction(
                _("{cell} is on your own land row: a blank never goes there", cell=name), "P4"
            )
        if not board.adj[seat][cell]:
            return IllegalAction(
                _("{cell} does not touch one of your pawns by a side", cell=name), "P4"
            )
        if board.adj[1 - seat][cell]:
            if seat == 1:
                reason = _("{cell} touches a dark pawn on its side", cell=name)
            else:
                reason = _("{cell} touches a light pawn on its side", cell=name)
            return IllegalAction(reason, "P4")
        if seat == 1:
            reason = _(
                "{cell} is in the protected ring around a dark grape (sides and corners)",
                cell=name,
            )
        else:
            reason = _(
                "{cell} is in the protected ring around a light grape (sides and corners)",
                cell=name,
            )
        return IllegalAction(reason, "P4")

    def _place(self, seat: int, cell: int) -> list[Event]:
        board = self.board
        name = self.players[seat]
        other = 1 - seat
        grape = self.roll is not Face.BLANK  # set-up grapes (P2) have no roll
        board.put(seat, cell, grape)
        self.supply[seat] -= 1
        where = CELL_NAMES[cell]
        text = _placed(name, where, grape)
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
            text = joined("; ", [text, *_losses(other, len(pruned), len(cut))])
        self.last_cell = cell
        self.last_pruned = tuple(pruned)
        self.last_cut = tuple(cut)
        events = [Event(GrapsEventKind.PLACE, text, name, data={"cell": where, "grape": grape})]
        if pruned:
            cells = [CELL_NAMES[c] for c in pruned]
            events.append(Event(GrapsEventKind.PRUNE, "", name, data={"cells": cells}))
            if cut:
                cells = [CELL_NAMES[c] for c in cut]
                events.append(Event(GrapsEventKind.SAP, "", name, data={"cells": cells}))
        if cell in TARGET[seat]:  # P7
            row = 15 if seat == 0 else 1
            # P7, the pattern GrapsEndReason.REACHED.
            # TRANSLATORS: {row} is the loser's land row (1 or 15).
            reason = _(
                "{winner} reached {loser}'s land, row {row}",
                winner=name,
                loser=self.players[other],
                row=row,
            )
            flow.finish(self, (name,), reason, GrapsTermination.REACHED, events)
        elif self.phase is Phase.SETUP and seat == 0:
            self.mover = 1
            self.legal = list(LAND[1])  # P2: light's set-up grape, anywhere on row 15
        else:
            self.phase = Phase.PLAY
            flow.start_turn(self, other, events)
        return events

    def _resign(self, by: str) -> list[Event]:
        if self.mover is None:
            raise IllegalAction(_("the game is already over"))
        if by not in self.players:
            raise IllegalAction(_("{player} is not playing this game", player=by))
        winner = self.players[1 - self.players.index(by)]
        events: list[Event] = []
        # the pattern GrapsEndReason.RESIGNED
        reason = _("{loser} resigned: {winner} wins", loser=by, winner=winner)
        flow.finish(self, (winner,), reason, GrapsTermination.RESIGNED, events)
        return events

    # -- seeing -----------------------------------------------------------------------

    def public_view(self) -> GrapsPublicView:
        return seeing.public_view(self)

    def view_for(self, player: str) -> GrapsPlayerView:
        return seeing.player_view(self, player)

    # -- saving -----------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        return state.to_json(self, self.state_version)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        return state.from_json(cls.from_replay, data, cls.state_version)

    def state_json(self) -> dict[str, JSON]:
        return seeing.state_json(self)

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

    def reseeded(self, seed: int) -> Self:
        """A clone whose rolls from now on come from `seed` alone (P3), the rolls made
        so far kept: a searcher's sample of the dice to come."""
        copy = self.clone()
        copy.seed = seed
        copy.header_rolls = ()
        copy.roll_base = roll_base(seed)
        return copy


@lru_cache(maxsize=4096)
def _placed(player: str, cell: str, grape: bool) -> Text:
    """The words of a placement, made once (AI rollouts place thousands of pawns)."""
    if grape:
        return _("{player} placed a grape at {cell}", player=player, cell=cell)
    return _("{player} placed a blank at {cell}", player=player, cell=cell)


def _losses(side: int, pruned: int, cut: int) -> list[Text]:
    """What a grape cost the opponent (seat `side`, 0 dark) (P5): the pawns pruned, then
    those cut off from their land (none: no clause)."""
    if side == 0:
        # TRANSLATORS: opponent pawns a grape just placed removed (pruning: the pawns in
        # the eight cells around it).
        lost = [_n("{count} dark pawn pruned", "{count} dark pawns pruned", pruned)]
    else:
        lost = [_n("{count} light pawn pruned", "{count} light pawns pruned", pruned)]
    if cut:
        # TRANSLATORS: after "…; 2 light pawns pruned": the same side's pawns left without
        # a chain of pawns to their land row.
        lost.append(_n("{count} cut off from their land", "{count} cut off from their land", cut))
    return lost


def _faces(value: JSON) -> tuple[Face, ...]:
    if not isinstance(value, list) or not all(item in ("grape", "blank") for item in value):
        raise StateFormatError('"rolls" is a list of "grape" and "blank"')
    return tuple(Face(item) for item in value)
