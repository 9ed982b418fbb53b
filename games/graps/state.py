"""The state of a Graps game and its saved form.

`Board` keeps the 225 cells in a flat bytearray plus counters kept up to date on
every put and take, so that the legal cells for a roll (P4, P5) come from a short
scan of the mover's frontier, never from the whole board. Cell codes: 0 empty; bit 1
dark pawn, bit 2 light pawn, bit 4 grape. Seats: 0 dark (land row 1), 1 light (land
row 15).

`State` is the whole game in progress: the board, the supplies, the mover, their roll
and its legal cells, the last placement and the end. The engine (engine.py) is a
`State`. `to_json` / `from_json` are the saved document (the replay header's keys
first, then the state; the engine gives its version), with the options (P3
grape_faces, P6 return_pruned).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from games.graps.cells import CELL_NAMES, CELLS, RING, ROW_CELLS, SIDES, SIZE, parse_cell
from games.graps.dice import roll_base
from games.graps.views import Face, GrapsOptions, GrapsTermination, Phase
from games.protocol import JSON, Event, GameError, StateFormatError
from games.text import _, restored, saved

EMPTY = 0
OWNER = (1, 2)
GRAPE = 4
LAND: tuple[tuple[int, ...], tuple[int, ...]] = (ROW_CELLS[0], ROW_CELLS[SIZE - 1])
"""Each seat's land row (P1)."""
LAND_SET: tuple[frozenset[int], frozenset[int]] = (frozenset(LAND[0]), frozenset(LAND[1]))
TARGET: tuple[frozenset[int], frozenset[int]] = (LAND_SET[1], LAND_SET[0])
"""The opponent's land row: a pawn placed there wins (P7)."""
CHARS = {0: ".", 1: "x", 5: "X", 2: "o", 6: "O"}
CODES = {char: code for code, char in CHARS.items()}


class Board:
    """Cells and the counters behind the legal-cell lists.

    adj[s][i]   how many of seat s's pawns touch cell i by a side;
    bad[s][i]   > 0 when seat s may not put a blank on i (P4): 1 on s's own land row,
                plus 1 per opponent pawn on a side, plus 1 per opponent grape around it;
    frontier[s] the empty cells side-adjacent to one of s's pawns (P4, P5);
    free_land[s] the empty cells of s's land row (P5: grapes may start vines there);
    pawns[s]    the cells of s's pawns.
    """

    __slots__ = ("adj", "bad", "cells", "free_land", "frontier", "pawns")

    def __init__(self) -> None:
        self.cells = bytearray(CELLS)
        self.adj = (bytearray(CELLS), bytearray(CELLS))
        self.bad = (bytearray(CELLS), bytearray(CELLS))
        for seat in (0, 1):
            for cell in LAND[seat]:
                self.bad[seat][cell] = 1  # P4: never a blank on one's own land row
        self.frontier: tuple[set[int], set[int]] = (set(), set())
        self.free_land: tuple[set[int], set[int]] = (set(LAND[0]), set(LAND[1]))
        self.pawns: tuple[set[int], set[int]] = (set(), set())

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.cells = self.cells[:]
        other.adj = (self.adj[0][:], self.adj[1][:])
        other.bad = (self.bad[0][:], self.bad[1][:])
        other.frontier = (set(self.frontier[0]), set(self.frontier[1]))
        other.free_land = (set(self.free_land[0]), set(self.free_land[1]))
        other.pawns = (set(self.pawns[0]), set(self.pawns[1]))
        return other

    # -- changing ---------------------------------------------------------------------

    def put(self, seat: int, cell: int, grape: bool) -> None:
        """Place seat's pawn on the empty `cell` (no rule is checked here)."""
        cells = self.cells
        cells[cell] = OWNER[seat] | GRAPE if grape else OWNER[seat]
        self.pawns[seat].add(cell)
        self.frontier[0].discard(cell)
        self.frontier[1].discard(cell)
        self.free_land[0].discard(cell)
        self.free_land[1].discard(cell)
        adj = self.adj[seat]
        bad = self.bad[1 - seat]
        frontier = self.frontier[seat]
        for near in SIDES[cell]:
            adj[near] += 1
            bad[near] += 1  # P4: the opponent's blanks never touch this pawn by a side
            if not cells[near]:
                frontier.add(near)
        if grape:
            for near in RING[cell]:
                bad[near] += 1  # P4: the grape's protected ring

    def take(self, cell: int) -> None:
        """Remove the pawn on `cell` (pruned or cut off, P5)."""
        code = self.cells[cell]
        seat = 0 if code & 1 else 1
        self.cells[cell] = EMPTY
        self.pawns[seat].remove(cell)
        adj = self.adj[seat]
        bad = self.bad[1 - seat]
        frontier = self.frontier[seat]
        for near in SIDES[cell]:
            adj[near] -= 1
            bad[near] -= 1
            if not adj[near]:
                frontier.discard(near)
        if code & GRAPE:
            for near in RING[cell]:
                bad[near] -= 1
        for side in (0, 1):
            if self.adj[side][cell]:
                self.frontier[side].add(cell)
            if cell in LAND_SET[side]:
                self.free_land[side].add(cell)

    # -- reading ----------------------------------------------------------------------

    def blank_cells(self, seat: int) -> list[int]:
        """Where seat may put a blank (P4), in cell order."""
        bad = self.bad[seat]
        return sorted([cell for cell in self.frontier[seat] if not bad[cell]])

    def grape_cells(self, seat: int) -> list[int]:
        """Where seat may put a grape (P5): its free land cells and its frontier."""
        return sorted(self.frontier[seat] | self.free_land[seat])

    def can_place(self, seat: int) -> bool:
        """Whether seat has a legal cell for some face (P8). Every legal blank cell is
        also a legal grape cell, so this is whether a grape could go anywhere."""
        return bool(self.frontier[seat] or self.free_land[seat])

    def pruned_by(self, seat: int, cell: int) -> list[int]:
        """The opponent pawns in the ring around `cell`: a grape of seat there prunes
        them (P5)."""
        cells = self.cells
        mask = OWNER[1 - seat]
        return [near for near in RING[cell] if cells[near] & mask]

    def cut_off(self, seat: int, without: frozenset[int] | set[int] = frozenset()) -> list[int]:
        """Seat's pawns no longer joined to its land row by side-adjacent pawns of its
        own: they have no sap (P5). With `without`, as if the pawns on those cells were
        gone (what a pruning would cut off, asked without changing the board)."""
        pawns = self.pawns[seat] - without if without else self.pawns[seat]
        stack = [cell for cell in LAND[seat] if cell in pawns]
        seen = set(stack)
        while stack:
            for near in SIDES[stack.pop()]:
                if near in pawns and near not in seen:
                    seen.add(near)
                    stack.append(near)
        return sorted(pawns - seen)

    def distance(self, seat: int) -> int | None:
        """Rows between seat's most advanced pawn and the opponent's land row (P9);
        None without a pawn on the board."""
        if not self.pawns[seat]:
            return None
        if seat == 0:
            return SIZE - 1 - max(self.pawns[0]) // SIZE
        return min(self.pawns[1]) // SIZE

    def rows(self) -> list[str]:
        """The board as 15 strings, row 1 first (the replay state's notation)."""
        text = "".join([CHARS[code] for code in self.cells])
        return [text[start : start + SIZE] for start in range(0, CELLS, SIZE)]


PAWNS = 45
"""Pawns per player (P1)."""
RECENT = 6
"""Public event texts kept for the views."""


class State:
    """A Graps game between `players[0]` (dark, land row 1) and `players[1]` (light,
    land row 15), public and complete (Graps hides nothing but the future rolls)."""

    def __init__(
        self,
        players: tuple[str, str],
        options: GrapsOptions,
        seed: int,
        rolls: tuple[Face, ...] = (),
    ) -> None:
        self.players: tuple[str, ...] = players  # (dark, light); the protocol's type
        self.options = options
        self.seed = seed
        self.header_rolls = rolls
        self.rolls_made = 0
        self.roll_base = roll_base(seed)  # where this game's roll sequence starts (P3)
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
        self.termination: GrapsTermination | None = None
        """`reason` as a named value; a saved state keeps only the words (P7-P9)."""
        self.moves = 0
        self.log: list[Event] = []
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.legal: list[int] = list(LAND[0])  # P2: dark's set-up grape, anywhere on row 1


S = TypeVar("S", bound=State)

HEADER_KEYS = {"game", "players", "options", "seed", "rolls"}
"""The keys of a replay header, which a saved document starts with."""


def parse_options(options: Mapping[str, JSON]) -> GrapsOptions:
    """The options a host chose; `GameError` names a wrong one (the lobby shows it)."""
    unknown = set(options) - {"grape_faces", "return_pruned"}
    if unknown:
        raise GameError(
            # TRANSLATORS: {option} is the option name given, quoted; grape_faces and
            # return_pruned are option names: as is.
            _(
                "unknown Graps option {option}; options: grape_faces, return_pruned",
                option=repr(sorted(unknown)[0]),
            )
        )
    faces = options.get("grape_faces", 3)
    if isinstance(faces, bool) or not isinstance(faces, int) or not 1 <= faces <= 5:
        raise GameError(
            # TRANSLATORS: grape_faces is an option name: as is; {value} is the value given.
            _(
                "grape_faces is how many of the 6 die faces show a grape, 1 to 5, not {value}",
                value=repr(faces),
            )
        )
    back = options.get("return_pruned", False)
    if not isinstance(back, bool):
        # TRANSLATORS: return_pruned is an option name, true and false its values: as is;
        # {value} is the value given.
        raise GameError(_("return_pruned is true or false, not {value}", value=repr(back)))
    return GrapsOptions(grape_faces=faces, return_pruned=back)


def options_json(options: GrapsOptions) -> dict[str, JSON]:
    return {"grape_faces": options.grape_faces, "return_pruned": options.return_pruned}


def replay_header(state: State) -> dict[str, JSON]:
    """The replay header: players, options, seed and the `rolls` it was given."""
    return {
        "game": "graps",
        "players": list(state.players),
        "options": options_json(state.options),
        "seed": state.seed,
        "rolls": [face.value for face in state.header_rolls],
    }


def last_json(state: State) -> dict[str, JSON]:
    """The last placement: its cell, the cells it pruned and those cut off then."""
    return {
        "cell": None if state.last_cell is None else CELL_NAMES[state.last_cell],
        "pruned": [CELL_NAMES[cell] for cell in state.last_pruned],
        "cut_off": [CELL_NAMES[cell] for cell in state.last_cut],
    }


def to_json(state: State, version: int) -> dict[str, JSON]:
    """The whole state as the saved document of version `version`."""
    return {
        "version": version,
        **replay_header(state),
        "rolls_made": state.rolls_made,
        "phase": state.phase.value,
        "mover": state.mover,
        "roll": None if state.roll is None else state.roll.value,
        "board": state.board.rows(),
        "supply": list(state.supply),
        "removed": list(state.removed),
        "last": last_json(state),
        "winners": list(state.winners),
        "reason": state.reason,
        "moves": state.moves,
        "recent": list(state.recent),
        # The messages of "recent" and "reason", so that they translate once loaded.
        "texts": {
            "recent": saved(list(state.recent)),
            "reason": saved([state.reason] if state.reason is not None else []),
        },
    }


def from_json(
    start: Callable[[Mapping[str, JSON]], S], data: Mapping[str, JSON], version: int
) -> S:
    """The game saved in `data`: `start` makes it from the replay header's keys (the
    engine's `from_replay`), then the rest is read. `StateFormatError` unless it is a
    document of version `version` in good shape."""
    if not isinstance(data, Mapping) or data.get("version") != version:
        found = data.get("version") if isinstance(data, Mapping) else None
        raise StateFormatError(f"a Graps state of version {found!r} cannot be loaded")
    try:
        return _load(start, data)
    except StateFormatError:
        raise
    except (GameError, KeyError, TypeError, ValueError, IndexError) as error:
        raise StateFormatError(f"not a Graps state: {error!r}") from error


def _load(start: Callable[[Mapping[str, JSON]], S], data: Mapping[str, Any]) -> S:
    game = start({key: data[key] for key in HEADER_KEYS if key in data})
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
    game.supply = [_count(value, PAWNS) for value in data["supply"]]
    game.removed = [_count(value, PAWNS) for value in data["removed"]]
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
    texts = data.get("texts") or {}  # absent from states saved before it was kept
    reason = data["reason"]
    game.reason = None if reason is None else restored([reason], texts.get("reason"))[0]
    game.termination = None if game.reason is None else GrapsTermination.of(game.reason)
    game.moves = _count(data["moves"], 10**9)
    game.recent.extend(restored(data["recent"], texts.get("recent")))
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
