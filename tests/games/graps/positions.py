"""Hand-made Graps positions and an independent checker of the board invariants.

`position({1: "..X..", 2: "..x.."}, other_diagram, ...)` builds a game in play from a few rows
(row number -> up to 15 characters, column A first, missing cells empty) through the
engine's own loader, so the tests also exercise `from_json`. The checker works on
the public state's board strings only, never on the engine's counters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from games.graps import Graps

DARK, LIGHT = "ann", "bob"
SIZE = 15
COLUMNS = "ABCDEFGHIJKLMNO"
_OPPOSED = re.compile("[xX][oO]|[oO][xX]")
LIGHT_H_TO_4 = {row: ".......o" for row in range(4, 15)} | {15: ".......O"}
"""A light vine down column H from its land row to row 4."""


def rows_of(*diagrams: Mapping[int, str]) -> list[str]:
    """The 15 board rows (row 1 first) of the diagrams laid over each other."""
    rows = [["."] * SIZE for _ in range(SIZE)]
    for diagram in diagrams:
        for row, text in diagram.items():
            assert 1 <= row <= SIZE and len(text) <= SIZE, (row, text)
            for column, char in enumerate(text):
                if char != ".":
                    assert rows[row - 1][column] == ".", f"two pawns on one cell in row {row}"
                    rows[row - 1][column] = char
    return ["".join(row) for row in rows]


def position(
    *diagrams: Mapping[int, str],
    to_move: str = DARK,
    roll: str = "blank",
    supply: Sequence[int] | None = None,
    rolls: Sequence[str] = (),
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> Graps:
    """A game in play with the diagrams' pawns on the board (laid over each other);
    `rolls` are the rolls of the turns to come."""
    rows = rows_of(*diagrams)
    on_board = ["".join(rows).lower().count(char) for char in "xo"]
    state = Graps.create([DARK, LIGHT], dict(options or {}), seed).to_json()
    state.update(
        phase="play",
        mover=0 if to_move == DARK else 1,
        roll=roll,
        board=rows,
        rolls=list(rolls),
        rolls_made=0,
        supply=list(supply) if supply is not None else [45 - count for count in on_board],
    )
    return Graps.from_json(state)


def place(game: Graps, cell: str) -> list[str]:
    """The mover places on `cell`; returns the kinds of the events."""
    mover = game.awaiting[0]
    return [event.kind for event in game.apply_json({"by": mover, "place": cell})]


def board_at(game: Graps, cell: str) -> str:
    column, row = COLUMNS.index(cell[0]), int(cell[1:])
    return str(game.state_json()["board"][row - 1][column])


def check_board(rows: Sequence[str], supply: Sequence[int], removed: Sequence[int]) -> None:
    """The invariants of every reachable position (P4, P5, P6)."""
    assert len(rows) == SIZE and all(len(row) == SIZE for row in rows)
    flat = "".join(rows)
    for seat, chars in ((0, "xX"), (1, "oO")):
        on_board = sum(flat.count(char) for char in chars)
        assert supply[seat] + on_board + removed[seat] == 45, (seat, supply, removed, on_board)
        assert supply[seat] >= 0 and removed[seat] >= 0
    columns = ["".join(column) for column in zip(*rows, strict=True)]
    lines = "|".join((*rows, *columns))
    clash = _OPPOSED.search(lines)  # no two opposing pawns side by side (P4, P5)
    assert clash is None, f"opposing pawns side by side: {clash.group()} in {rows}"
    for index, char in enumerate(flat):
        if char in "XO":  # no opponent blank in a grape's ring (P4, P5)
            row, column = divmod(index, SIZE)
            enemy_blank = "o" if char == "X" else "x"
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    r, c = row + dr, column + dc
                    if 0 <= r < SIZE and 0 <= c < SIZE:
                        assert rows[r][c] != enemy_blank, "opponent blank in a grape's ring"
    for seat, chars, land in ((0, "xX", 0), (1, "oO", SIZE - 1)):
        pawns = {i for i, char in enumerate(flat) if char in chars}
        stack = [i for i in pawns if i // SIZE == land]
        seen = set(stack)
        while stack:  # every pawn joined to its land row by its own pawns (P5)
            row, column = divmod(stack.pop(), SIZE)
            for r, c in (
                (row - 1, column),
                (row + 1, column),
                (row, column - 1),
                (row, column + 1),
            ):
                near = r * SIZE + c
                if 0 <= r < SIZE and 0 <= c < SIZE and near in pawns and near not in seen:
                    seen.add(near)
                    stack.append(near)
        assert seen == pawns, f"seat {seat} has pawns without sap"


def brute_force_legal(rows: Sequence[str], seat: int, grape: bool) -> list[str]:
    """The legal cells straight from P4/P5, cell by cell, for comparison with the engine."""
    own, enemy = ("xX", "oO") if seat == 0 else ("oO", "xX")
    land = 0 if seat == 0 else SIZE - 1

    def at(r: int, c: int) -> str:
        return rows[r][c] if 0 <= r < SIZE and 0 <= c < SIZE else "."

    legal = []
    for r in range(SIZE):
        for c in range(SIZE):
            if rows[r][c] != ".":
                continue
            sides = [at(r - 1, c), at(r + 1, c), at(r, c - 1), at(r, c + 1)]
            touches_own = any(char in own for char in sides)
            if grape:
                ok = r == land or touches_own
            else:
                ring = [at(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
                ok = (
                    touches_own
                    and r != land
                    and not any(char in enemy for char in sides)
                    and enemy[1] not in ring
                )
            if ok:
                legal.append(f"{COLUMNS[c]}{r + 1}")
    return legal
