"""The views of a Graps game and the replay state that `python -m games replay` prints
(docs/notation.md), built from the state.

Graps hides nothing: the public view holds everything, including the mover's legal
cells for the current roll; a player's view adds who is looking and, for the mover,
the same legal cells.
"""

from __future__ import annotations

from games.graps.cells import CELL_NAMES
from games.graps.state import State, last_json, options_json
from games.graps.views import GrapsPlayerView, GrapsPublicView, Piece, Side
from games.protocol import JSON, GameError

_PIECES = {piece.value: piece for piece in Piece}


def legal_cells(state: State) -> tuple[str, ...]:
    """The mover's legal cells for the current roll, by name, in cell order."""
    return tuple([CELL_NAMES[cell] for cell in state.legal])


def public_view(state: State) -> GrapsPublicView:
    rows = state.board.rows()
    return GrapsPublicView(
        players=(state.players[0], state.players[1]),
        phase=state.phase,
        to_move=None if state.mover is None else state.players[state.mover],
        roll=state.roll,
        board=tuple(tuple(_PIECES[char] for char in row) for row in rows),
        supply=(state.supply[0], state.supply[1]),
        removed=(state.removed[0], state.removed[1]),
        last_cell=None if state.last_cell is None else CELL_NAMES[state.last_cell],
        last_pruned=tuple(CELL_NAMES[cell] for cell in state.last_pruned),
        last_cut_off=tuple(CELL_NAMES[cell] for cell in state.last_cut),
        legal=legal_cells(state),
        options=state.options,
        winners=state.winners,
        reason=state.reason,
        moves=state.moves,
        recent=tuple(state.recent),
    )


def player_view(state: State, player: str) -> GrapsPlayerView:
    if player not in state.players:
        raise GameError(f"{player} is not playing this game")
    public = public_view(state)
    mine = public.to_move == player
    side = Side.DARK if player == state.players[0] else Side.LIGHT
    return GrapsPlayerView(public, player, side, public.legal if mine else ())


def state_json(state: State) -> dict[str, JSON]:
    """The public state `python -m games replay` prints (docs/notation.md)."""
    names = state.players
    return {
        "game": "graps",
        "players": list(names),
        "phase": state.phase.value,
        "to_move": None if state.mover is None else names[state.mover],
        "roll": None if state.roll is None else state.roll.value,
        "board": state.board.rows(),
        "supply": {names[0]: state.supply[0], names[1]: state.supply[1]},
        "removed": {names[0]: state.removed[0], names[1]: state.removed[1]},
        "winners": list(state.winners),
        "reason": state.reason,
        "last": last_json(state),
        "legal": [CELL_NAMES[cell] for cell in state.legal],
        "options": options_json(state.options),
        "moves": state.moves,
    }
