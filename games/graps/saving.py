"""Saving, loading and the replay contract of Graps (docs/notation.md): options
(P3 grape_faces, P6 return_pruned), the replay header with its `rolls`, the saved
state (`to_json`/`from_json`, versioned) and the public state that
`python -m games replay` prints (`state_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from games.graps.board import CODES
from games.graps.cells import CELL_NAMES, SIZE, parse_cell
from games.graps.views import Face, GrapsOptions, Phase
from games.protocol import JSON, GameError, StateFormatError

if TYPE_CHECKING:
    from games.graps.engine import Graps

G = TypeVar("G", bound="Graps")

_HEADER_KEYS = {"game", "players", "options", "seed", "rolls"}


def parse_options(options: Mapping[str, JSON]) -> GrapsOptions:
    """The options a host chose; `GameError` names a wrong one."""
    unknown = set(options) - {"grape_faces", "return_pruned"}
    if unknown:
        raise GameError(
            f"unknown Graps option {sorted(unknown)[0]!r}; options: grape_faces, return_pruned"
        )
    faces = options.get("grape_faces", 3)
    if isinstance(faces, bool) or not isinstance(faces, int) or not 1 <= faces <= 5:
        raise GameError(
            f"grape_faces is how many of the 6 die faces show a grape, 1 to 5 (P3), not {faces!r}"
        )
    back = options.get("return_pruned", False)
    if not isinstance(back, bool):
        raise GameError(f"return_pruned is true or false (P6), not {back!r}")
    return GrapsOptions(grape_faces=faces, return_pruned=back)


def options_json(options: GrapsOptions) -> dict[str, JSON]:
    return {"grape_faces": options.grape_faces, "return_pruned": options.return_pruned}


def _faces(value: JSON) -> tuple[Face, ...]:
    if not isinstance(value, list) or not all(item in ("grape", "blank") for item in value):
        raise StateFormatError('"rolls" is a list of "grape" and "blank"')
    return tuple(Face(item) for item in value)


def from_replay(cls: type[G], header: Mapping[str, JSON]) -> G:
    unknown = set(header) - _HEADER_KEYS
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


def replay_header(game: Graps) -> dict[str, JSON]:
    return {
        "game": "graps",
        "players": list(game.players),
        "options": options_json(game.options),
        "seed": game.seed,
        "rolls": [face.value for face in game.header_rolls],
    }


def to_json(game: Graps) -> dict[str, JSON]:
    return {
        "version": game.state_version,
        **replay_header(game),
        "rolls_made": game.rolls_made,
        "phase": game.phase.value,
        "mover": game.mover,
        "roll": None if game.roll is None else game.roll.value,
        "board": game.board.rows(),
        "supply": list(game.supply),
        "removed": list(game.removed),
        "last": _last(game),
        "winners": list(game.winners),
        "reason": game.reason,
        "moves": game.moves,
        "recent": list(game.recent),
    }


def _last(game: Graps) -> dict[str, JSON]:
    return {
        "cell": None if game.last_cell is None else CELL_NAMES[game.last_cell],
        "pruned": [CELL_NAMES[cell] for cell in game.last_pruned],
        "cut_off": [CELL_NAMES[cell] for cell in game.last_cut],
    }


def from_json(cls: type[G], data: Mapping[str, JSON]) -> G:
    if not isinstance(data, Mapping) or data.get("version") != cls.state_version:
        version = data.get("version") if isinstance(data, Mapping) else None
        raise StateFormatError(f"a Graps state of version {version!r} cannot be loaded")
    try:
        return _load(cls, data)
    except StateFormatError:
        raise
    except (GameError, KeyError, TypeError, ValueError, IndexError) as error:
        raise StateFormatError(f"not a Graps state: {error!r}") from error


def _load(cls: type[G], data: Mapping[str, Any]) -> G:
    game = from_replay(cls, {key: data[key] for key in _HEADER_KEYS if key in data})
    game.rolls_made = _count(data["rolls_made"], 10**9)
    game.phase = Phase(data["phase"])
    mover = data["mover"]
    if mover not in ((None,) if game.phase is Phase.OVER else (0, 1)):
        raise StateFormatError(f"mover {mover!r} does not fit the phase {game.phase.value}")
    game.mover = mover
    game.roll = None if data["roll"] is None else Face(data["roll"])
    if (game.roll is None) != (game.phase is not Phase.PLAY):
        raise StateFormatError("a roll is shown exactly while the game is in play")
    rows = data["board"]
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise StateFormatError("the board is 15 strings of 15 characters")
    for row, text in enumerate(rows):
        if not isinstance(text, str) or len(text) != SIZE:
            raise StateFormatError("the board is 15 strings of 15 characters")
        for column, char in enumerate(text):
            code = CODES[char]
            if code:
                game.board.put(0 if code & 1 else 1, row * SIZE + column, bool(code & 4))
    game.supply = [_count(value, 45) for value in data["supply"]]
    game.removed = [_count(value, 45) for value in data["removed"]]
    if len(game.supply) != 2 or len(game.removed) != 2:
        raise StateFormatError('"supply" and "removed" hold two counts, dark then light')
    last = data["last"]
    game.last_cell = None if last["cell"] is None else parse_cell(last["cell"])
    game.last_pruned = tuple(parse_cell(cell) for cell in last["pruned"])
    game.last_cut = tuple(parse_cell(cell) for cell in last["cut_off"])
    winners = tuple(data["winners"])
    if not set(winners) <= set(game.players):
        raise StateFormatError("the winners must be players of the game")
    game.winners = winners
    game.reason = data["reason"]
    game.moves = _count(data["moves"], 10**9)
    game.recent.extend(str(text) for text in data["recent"])
    if game.phase is Phase.SETUP and mover is not None:
        game.legal = sorted(game.board.free_land[mover])
    elif game.phase is Phase.PLAY and mover is not None:
        grape = game.roll is Face.GRAPE
        game.legal = game.board.grape_cells(mover) if grape else game.board.blank_cells(mover)
    else:
        game.legal = []
    return game


def _count(value: object, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise StateFormatError(f"{value!r} is not a count from 0 to {top}")
    return value


def state_json(game: Graps) -> dict[str, JSON]:
    """The public state `python -m games replay` prints (docs/notation.md)."""
    names = game.players
    return {
        "game": "graps",
        "players": list(names),
        "phase": game.phase.value,
        "to_move": None if game.mover is None else names[game.mover],
        "roll": None if game.roll is None else game.roll.value,
        "board": game.board.rows(),
        "supply": {names[0]: game.supply[0], names[1]: game.supply[1]},
        "removed": {names[0]: game.removed[0], names[1]: game.removed[1]},
        "winners": list(game.winners),
        "reason": game.reason,
        "last": _last(game),
        "legal": [CELL_NAMES[cell] for cell in game.legal],
        "options": options_json(game.options),
        "moves": game.moves,
    }


__all__ = ["from_json", "from_replay", "parse_options", "state_json", "to_json"]
