"""The Graps hand message's placement controls, built by the real UI from views (no
emulator): bands of rows in at most four menus; past four menus' worth of cells, the
cells worth playing first (a win, P7; prunings, P5) and a column menu, then that
column's rows; ids drawn by earlier versions (one `place` menu, `column` then `place`)
still place; forged values are refused in words; every cell is named in the menus as
the board labels it."""

from __future__ import annotations

import dataclasses

import pytest

from bot.core.errors import Refusal
from bot.core.gameui import Act, GameButton, GameSelect, Hand, Show
from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.exts.graps import KIND
from bot.exts.graps.picker import MAX_OPTIONS, GrapsVerb, bands
from bot.exts.graps.ui import GrapsUI
from games.graps import Face, Graps, GrapsPlayerView, Piece, Place
from games.graps.cells import CELL_NAMES, COLUMNS, parse_cell
from lang import translate
from render import measure
from render.graps.board import cell_box, player_board_image
from render.tools.legibility import forget_cached_drawings

UI = GrapsUI()


def session_of(engine: Graps) -> Session:
    row = GameRow(1, 1, 1, "graps", {}, Status.RUNNING, 100, None, None, 0, None)
    seats = [SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate("ab")]
    return Session(row, engine, seats, Status.RUNNING, None, KIND)


def hand_with(
    cells: list[str], light: tuple[str, ...] = (), name: str = "a"
) -> Hand[GrapsPlayerView]:
    """Dark's hand (`name` "a"; "b" plays light) on a grape roll with `cells` legal and
    light pawns on `light`: a board no game needs to reach (more legal cells than four
    menus hold)."""
    engine = Graps.create(["a", "b"], {}, 1)
    engine.apply(Place("a", parse_cell("A1")))
    engine.apply(Place("b", parse_cell("O15")))
    session = session_of(engine)
    board = [[Piece.EMPTY] * 15 for _ in range(15)]
    for cell in light:
        index = parse_cell(cell)
        board[index // 15][index % 15] = Piece.LIGHT_BLANK
    view = dataclasses.replace(
        session.public_view(),
        to_move=name,
        roll=Face.GRAPE,
        board=tuple(tuple(row) for row in board),
        legal=tuple(cells),
    )
    table = dataclasses.replace(session.table(), view=view)
    player = dataclasses.replace(session.view_for(name), public=view, legal=tuple(cells))
    return Hand(table, name, player, tuple(Place(name, parse_cell(cell)) for cell in cells))


def selects(items) -> list[GameSelect]:
    return [item for item in items if isinstance(item, GameSelect)]


def test_bands_keep_whole_rows_then_cut_runs_of_25_then_give_up():
    rows = [f"{column}{row}" for row in (8, 7, 6, 5, 4) for column in COLUMNS[:14]]
    assert bands(rows[:28], 4) == [rows[:14], rows[14:28]]  # 14 + 14 > 25: a menu a row
    # five rows of 14 want five menus: runs of 25 instead, cutting rows
    assert [len(band) for band in bands(rows, 4) or []] == [25, 25, 20]
    assert bands(CELL_NAMES[:101], 4) is None


def test_more_cells_than_four_menus_hold_the_best_and_a_column_p5_p7():
    cells = [name for name in CELL_NAMES if int(name[1:]) <= 8 and name != "A1"] + ["C15"]
    assert len(cells) == 120
    hand = hand_with(cells, light=("H9", "H10"))
    items = UI.controls(hand)
    menus = selects(items)
    ids = [menu.item.custom_id for menu in menus]
    assert [i.split(":", 3)[3] for i in ids] == ["place", "place:2", "place:3", "column"]
    assert len(set(ids)) == len(ids) and len(items) == 5  # five rows: Resign… last
    best = [option.value for menu in menus[:3] for option in menu.item.options]
    assert len(best) == 3 * MAX_OPTIONS and best[0] == "C15"  # P7: the win first
    assert {"G8", "H8", "I8"} <= set(best)  # P5: the cells that prune
    notes = {o.value: o.description for menu in menus for o in menu.item.options}
    assert notes["C15"] == "reaches b's land: you win"
    assert notes["H8"] == "prunes 1 light pawn"
    assert "cells worth playing first" in (menus[0].item.placeholder or "")
    columns = menus[3]
    assert [o.value for o in columns.item.options] == list(COLUMNS)
    assert (columns.item.options[0].description or "").startswith("7 cells: A2, A3, ")

    # the column's rows, the furthest forward first; then the row places
    shown = UI.on_control(hand, columns.control, ["B"])
    assert isinstance(shown, Show) and "column **B**" in shown.text
    rows = selects(shown.items)[0]
    assert [o.value for o in rows.item.options] == [f"B{row}" for row in range(8, 0, -1)]
    assert isinstance(shown.items[1], GameButton) and shown.items[1].item.label == "Back"
    assert UI.on_control(hand, rows.control, ["B1"]) == Act(Place("a", parse_cell("B1")))


def test_ids_of_earlier_versions_still_place_and_forgeries_are_refused():
    cells = [f"{column}{row}" for row in (2, 3) for column in COLUMNS]  # 30: two bands
    hand = hand_with(cells)
    table = hand.table
    assert [m.item.custom_id.split(":", 3)[3] for m in selects(UI.controls(hand))] == [
        "place",
        "place:2",
    ]
    wanted = Act(Place("a", parse_cell("D2")))
    assert UI.on_control(hand, table.control(GrapsVerb.PLACE), ["D2"]) == wanted  # one menu, old
    assert UI.on_control(hand, table.control(GrapsVerb.PLACE, "2"), ["D2"]) == wanted
    rows = UI.on_control(hand, table.control(GrapsVerb.COLUMN), ["D"])  # an old column menu
    assert isinstance(rows, Show)
    assert [o.value for o in selects(rows.items)[0].item.options] == ["D3", "D2"]
    column, place = GrapsVerb.COLUMN, GrapsVerb.PLACE
    for verb, values in ((column, ["Q"]), (column, [""]), (place, ["D2", "E2"])):
        with pytest.raises(Refusal, match="not understood"):
            UI.on_control(hand, table.control(verb), values)
    with pytest.raises(Refusal, match="No legal cell in column A"):
        lone = hand_with(["B2"])
        UI.on_control(lone, lone.table.control(GrapsVerb.COLUMN), ["A"])


def labels_drawn(hand: Hand[GrapsPlayerView]) -> dict[str, list[tuple[float, float]]]:
    """Every text drawn on the player's board, with the centres of where it was drawn."""
    forget_cached_drawings()  # the empty board's letters and numbers are drawn again
    with measure.recording() as drawn:
        player_board_image(hand.view)
    found: dict[str, list[tuple[float, float]]] = {}
    for text in drawn:
        x0, y0, x1, y1 = text.box
        found.setdefault(text.words, []).append(((x0 + x1) / 2, (y0 + y1) / 2))
    return found


def on_the_board(cell: str, labels: dict[str, list[tuple[float, float]]]) -> bool:
    """Whether `cell`'s letter is drawn over or under its column and its number beside
    its row, as a player reads them off the picture (P1)."""
    x0, y0, x1, y1 = cell_box(cell)
    column = any(x0 <= x <= x1 and not y0 <= y <= y1 for x, y in labels.get(cell[0], []))
    row = any(y0 <= y <= y1 and not x0 <= x <= x1 for x, y in labels.get(cell[1:], []))
    return column and row


@pytest.mark.parametrize("name", ["a", "b"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_legal_cell_in_the_menus_is_named_as_the_board_labels_it(name, language):
    """A cell the menus offer ("G9", "Column G" then "G9 (row 9)") is named by the
    letter drawn over its column and the number drawn beside its row, for either side,
    so a player finds it on the picture and the picture's cell in the menus."""
    few = [f"{column}{row}" for row in (2, 3) for column in COLUMNS]  # bands of rows
    many = [cell for cell in CELL_NAMES if int(cell[1:]) <= 8 and cell != "A1"] + ["C15"]
    for cells in (few, many):
        hand = hand_with(cells, name=name)
        labels = labels_drawn(hand)
        menus = selects(UI.controls(hand))
        offered: set[str] = set()
        for menu in menus:
            if menu.item.custom_id.split(":", 3)[3] == "column":
                for option in menu.item.options:
                    letter = option.value
                    assert translate(option.label, language).endswith(f" {letter}")
                    assert on_the_board(f"{letter}8", labels)  # the letter over its column
                    rows = UI.on_control(hand, menu.control, [letter])
                    assert isinstance(rows, Show)
                    for cell in selects(rows.items)[0].item.options:
                        said = translate(cell.label, language)
                        assert said.startswith(f"{cell.value} (") and said.endswith(
                            f" {cell.value[1:]})"
                        )
                        offered.add(cell.value)
                continue
            for option in menu.item.options:
                assert option.label == option.value
                offered.add(option.value)
        assert offered == set(cells)
        assert all(on_the_board(cell, labels) for cell in offered)
