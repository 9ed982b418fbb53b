"""The Graps hand message's placement controls: one pick for every placement that the
message's menus can hold, and what a cell would do, in words.

Discord gives a message five rows of controls and a select menu 25 options. The fifth
row holds Resign…, so the DM holds up to four menus of cells: when the legal cells of
the roll fit (100 at most, and a 15 x 15 board with 45 pawns a side hardly ever offers
more), every placement is one pick. The menus are bands of whole rows, the rows nearest
the opponent's land first, because advancing is what wins (P7); one menu when the cells
fit in 25. Only beyond four menus does a placement take two picks: three menus offer
the cells worth playing first (a win, P7; the most pruned pawns, P5; the furthest
forward) and the fourth the columns, then that column's rows.

Pruning and passes ask for nothing: the rules prune every pawn a grape rings (P5) and
pass a turn that has no legal cell (P8).

Custom ids (bot/core/gameui.py): every cell menu has the verb `place` (the first one
`place`, the others `place:2`... so that each id on the message is unique, which Discord
requires); the column menu `column`, whose rows come as a `place` menu. Ids drawn by
earlier versions of this module (one `place` menu, or `column` then `place`) mean the
same as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.core.errors import Refusal
from bot.core.gameui import GameButton, GameSelect, Hand, SharedVerb, Show, Table, Verb
from games.graps import Face, GrapsPlayerView, GrapsPublicView, Place, Side
from games.graps.cells import COLUMNS, RING, parse_cell, row_of
from games.text import Text, _, _n, _p

MAX_OPTIONS = 25
"""Options in one Discord select menu."""
MAX_MENUS = 4
"""Cell menus on one message: five rows of controls, the last for Resign…"""
BEST_MENUS = MAX_MENUS - 1
"""Cell menus beside the column menu, when the legal cells do not fit `MAX_MENUS`."""


SIDES: Mapping[Side, Text] = {
    # TRANSLATORS: a Graps player's side, by the colour of their pawns ("bob (dark)").
    Side.DARK: _p("side", "dark"),
    Side.LIGHT: _p("side", "light"),
}
FACES: Mapping[Face, Text] = {
    # TRANSLATORS: a face of the Graps die, and the pawn placed for it ("Place your grape").
    Face.GRAPE: _p("die face", "grape"),
    Face.BLANK: _p("die face", "blank"),
}
BACK = _p("button", "Back")
AGAIN = _("This control is not understood; use `/graps board` for fresh controls.")


def pawns_pruned(side: Side, count: int) -> Text:
    """ "prunes 2 dark pawns", for the cell menus (P5)."""
    if side is Side.DARK:
        return _n("prunes {count} dark pawn", "prunes {count} dark pawns", count)
    return _n("prunes {count} light pawn", "prunes {count} light pawns", count)


class GrapsVerb(Verb):
    """The verbs of Graps's own controls (their custom ids: bot/core/gameui.py)."""

    PLACE = "place"
    COLUMN = "column"
    RESIGN_ASK = "resign_ask"
    RESIGN = "resign"


# -- what a cell would do ------------------------------------------------------------


def _theirs(side: Side) -> Side:
    return Side.LIGHT if side is Side.DARK else Side.DARK


def pruned_at(view: GrapsPublicView, name: str, cell: str) -> int:
    """How many opponent pawns a grape of `name` on `cell` would prune (P5); 0 for a blank."""
    if view.roll is Face.BLANK:
        return 0
    theirs = _theirs(view.side_of(name))
    flat = [piece for row in view.board for piece in row]
    return sum(1 for near in RING[parse_cell(cell)] if flat[near].side is theirs)


def advance(view: GrapsPublicView, name: str, cell: str) -> int:
    """Rows from the player's own land row: 0 on it, 14 on the opponent's land (P7)."""
    row = row_of(parse_cell(cell))
    return row - 1 if view.side_of(name) is Side.DARK else 15 - row


def cell_note(view: GrapsPublicView, name: str, cell: str) -> Text:
    """What placing there would do, for the select menus: win (P7) or prune (P5)."""
    side = view.side_of(name)
    row = row_of(parse_cell(cell))
    if row == side.target_row:
        other = view.light if name == view.dark else view.dark
        return _("reaches {player}'s land: you win", player=other)
    if view.roll is Face.BLANK:
        return _("a blank on row {row}", row=row)
    pruned = pruned_at(view, name, cell)
    if pruned:
        return pawns_pruned(_theirs(side), pruned)
    return _("a grape on row {row}", row=row)


def forward_first(view: GrapsPublicView, name: str, cells: Sequence[str]) -> list[str]:
    """Cells row by row, the row nearest the opponent's land first, then A to O."""
    return sorted(cells, key=lambda cell: (-advance(view, name, cell), COLUMNS.index(cell[0])))


def worth_first(view: GrapsPublicView, name: str, cells: Sequence[str]) -> list[str]:
    """Cells by what they are worth: a win (P7), then the most pawns pruned (P5), then
    the furthest forward."""
    target = view.side_of(name).target_row

    def worth(cell: str) -> tuple[bool, int, int, int]:
        wins = row_of(parse_cell(cell)) == target
        forward = advance(view, name, cell)
        return (not wins, -pruned_at(view, name, cell), -forward, COLUMNS.index(cell[0]))

    return sorted(cells, key=worth)


# -- the menus ------------------------------------------------------------------------


def bands(cells: Sequence[str], menus: int) -> list[list[str]] | None:
    """`cells` (forward first) cut into at most `menus` menus: whole rows when they fit,
    else runs of 25 that may cut a row; None when not even those fit."""
    runs: list[list[str]] = []
    for cell in cells:
        if runs and runs[-1][0][1:] == cell[1:]:
            runs[-1].append(cell)
        else:
            runs.append([cell])
    packed: list[list[str]] = []
    for run in runs:  # next fit: the fewest menus for rows kept in order
        if packed and len(packed[-1]) + len(run) <= MAX_OPTIONS:
            packed[-1].extend(run)
        else:
            packed.append(list(run))
    if len(packed) <= menus:
        return packed
    if len(cells) > menus * MAX_OPTIONS:
        return None
    return [list(cells[start : start + MAX_OPTIONS]) for start in range(0, len(cells), MAX_OPTIONS)]


def _rows_words(group: Sequence[str], groups: Sequence[Sequence[str]]) -> Text:
    """ "rows 9 to 12" for a band of whole rows, else "cells G9 to C7"."""
    rows = sorted({int(cell[1:]) for cell in group})
    others = {int(cell[1:]) for other in groups if other is not group for cell in other}
    if others & set(rows):
        return _("cells {first} to {last}", first=group[0], last=group[-1])
    if len(rows) == 1:
        return _("row {row}", row=rows[0])
    return _("rows {first} to {last}", first=rows[0], last=rows[-1])


def _options(view: GrapsPublicView, name: str, cells: Sequence[str]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=cell, value=cell, description=cell_note(view, name, cell))
        for cell in cells
    ]


def face_word(view: GrapsPublicView) -> Text:
    return FACES[Face.GRAPE if view.roll is None else view.roll]


def placement_items(table: Table[GrapsPublicView], name: str, cells: Sequence[str]) -> list[Any]:
    """The menus that place the player's pawn on one of `cells` (the legal cells)."""
    view, face = table.view, face_word(table.view)
    groups = bands(forward_first(view, name, cells), MAX_MENUS)
    columns = groups is None
    if groups is None:
        best = worth_first(view, name, cells)[: BEST_MENUS * MAX_OPTIONS]
        groups = bands(forward_first(view, name, best), BEST_MENUS) or []
    items: list[Any] = []
    for index, group in enumerate(groups):
        if len(groups) == 1 and not columns:
            placeholder = _("Place your {face} on…", face=face)
        elif columns:
            placeholder = _(
                "Place your {face}, {cells} (cells worth playing first)…",
                face=face,
                cells=_rows_words(group, groups),
            )
        else:
            placeholder = _(
                "Place your {face}, {cells}…", face=face, cells=_rows_words(group, groups)
            )
        args = () if index == 0 else (str(index + 1),)
        control = table.control(GrapsVerb.PLACE, *args)
        items.append(GameSelect(control, placeholder, _options(view, name, group), row=index))
    if columns:
        items.append(_column_menu(table, cells, len(groups)))
    return items


def _column_menu(table: Table[GrapsPublicView], cells: Sequence[str], row: int) -> GameSelect:
    by_column: dict[str, list[str]] = {}
    for cell in cells:
        by_column.setdefault(cell[0], []).append(cell)
    options = [
        discord.SelectOption(
            label=_("Column {letter}", letter=letter),
            value=letter,
            description=_n(
                "{count} cell: {cells}",
                "{count} cells: {cells}",
                len(by_column[letter]),
                cells=", ".join(by_column[letter]),
            ),
        )
        for letter in sorted(by_column)
    ]
    placeholder = _("Another cell for your {face}: first its column…", face=face_word(table.view))
    return GameSelect(table.control(GrapsVerb.COLUMN), placeholder, options, row=row)


def rows_step(hand: Hand[GrapsPlayerView], cells: Sequence[str], letter: str) -> Show:
    """The second pick after a column: that column's legal rows (and Back)."""
    table, name = hand.table, hand.name
    if len(letter) != 1 or letter not in COLUMNS:
        raise Refusal(AGAIN)
    mine = forward_first(table.view, name, [cell for cell in cells if cell[0] == letter])
    if not mine:
        raise Refusal(_("No legal cell in column {letter} for this roll.", letter=letter))
    options = [
        discord.SelectOption(
            label=_("{cell} (row {row})", cell=cell, row=row_of(parse_cell(cell))),
            value=cell,
            description=cell_note(table.view, name, cell),
        )
        for cell in mine
    ]
    placeholder = _("Column {letter}: the row…", letter=letter)
    select = GameSelect(table.control(GrapsVerb.PLACE), placeholder, options)
    back = GameButton(table.control(SharedVerb.BACK), BACK, row=4)
    face = face_word(table.view)
    question = _("Your {face} in column **{letter}**: which row?", face=face, letter=letter)
    return Show(question, [select, back])


def placement(hand: Hand[GrapsPlayerView], values: Sequence[str]) -> Place | None:
    """The placement a cell menu's pick means (the engine judges the cell), or None."""
    if len(values) != 1:
        return None
    return Place(hand.name, parse_cell(values[0]))
