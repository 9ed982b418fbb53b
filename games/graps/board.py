"""The Graps board as the engine keeps it: 225 cells in a flat bytearray plus counters
kept up to date on every put and take, so that the legal cells for a roll (P4, P5)
come from a short scan of the mover's frontier, never from the whole board.

Cell codes: 0 empty; bit 1 dark pawn, bit 2 light pawn, bit 4 grape.
Seats: 0 dark (land row 1), 1 light (land row 15).
"""

from __future__ import annotations

from games.graps.cells import CELLS, RING, ROW_CELLS, SIDES, SIZE

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

    def cut_off(self, seat: int) -> list[int]:
        """Seat's pawns no longer joined to its land row by side-adjacent pawns of its
        own: they have no sap (P5)."""
        pawns = self.pawns[seat]
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
