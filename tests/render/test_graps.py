"""The Graps board (P1-P9): edges, land rows, pawns, last placement, legal cells; a
picture short enough for a phone, the turn and the last moves left to the messages'
text."""

from __future__ import annotations

from dataclasses import replace

from games.graps.views import Piece
from render import graps, measure
from render.graps import board as graps_board
from render.graps import samples as graps_samples
from render.measure import PHONE_VIEW
from render.toolkit import ALERT, GOLD
from tests.render.helpers import assert_image_similar, assert_not_blank, close


def test_board_in_play_matches_golden():
    image = graps.board_image(graps_samples.play(), legal_for="ann")
    assert image.size == (graps_board.WIDTH, graps_board.HEIGHT)
    assert_not_blank(image)
    assert_image_similar(image, "graps-play")


def test_finished_board_matches_golden():
    assert_image_similar(graps.board_image(graps_samples.over()), "graps-over")


def test_the_board_leaves_room_for_the_table_messages_text_on_a_phone_screen():
    # A phone screen is about 740 px tall; the text over and under the picture takes
    # about 330 of them.
    image = graps.board_image(graps_samples.play(), legal_for="ann")
    assert image.height * PHONE_VIEW / image.width <= 410


def test_whose_turn_and_the_recent_events_are_left_to_the_messages_text():
    view = graps_samples.play()
    mover = view.to_move
    assert mover is not None
    with measure.recording() as drawn:
        graps.board_image(view, legal_for=mover)
    words = {d.words for d in drawn}
    assert words.isdisjoint(view.recent)
    assert not any(mover in w and w != mover for w in words)  # only the name, alone


def test_p1_cells_are_laid_out_with_row_1_at_the_bottom():
    a1, o15 = graps_board.cell_box("A1"), graps_board.cell_box("O15")
    assert a1[0] == graps_board.LEFT and a1[3] == graps_board.TOP + graps_board.BOARD
    assert o15[2] == graps_board.LEFT + graps_board.BOARD and o15[1] == graps_board.TOP


def test_last_placement_is_highlighted():
    view = graps_samples.play()
    image = graps.board_image(view)
    x0, y0, _, _ = graps_board.cell_box("H9")
    assert close(image.getpixel((x0 + 1, y0 + 1)), GOLD, 30)
    x0, y0, _, _ = graps_board.cell_box("H10")
    assert not close(image.getpixel((x0 + 1, y0 + 1)), GOLD, 30)


def test_p5_pruned_cells_are_crossed_out():
    image = graps.board_image(graps_samples.play())
    x0, y0, x1, y1 = graps_board.cell_box("G8")
    assert close(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), ALERT, 30)


def test_legal_cells_are_marked_only_for_the_mover():
    view = graps_samples.play()
    cell = view.legal[0]
    cx, cy = graps_board.cell_centre(cell)
    mover = graps.board_image(view, legal_for="ann")
    other = graps.board_image(view, legal_for="bob")
    nobody = graps.board_image(view)
    assert close(mover.getpixel((cx, cy)), graps_board.LEGAL)
    assert not close(other.getpixel((cx, cy)), graps_board.LEGAL)
    assert other.tobytes() == nobody.tobytes()


def test_grapes_and_blanks_have_different_shapes():
    for grape, blank in (
        (Piece.DARK_GRAPE, Piece.DARK_BLANK),
        (Piece.LIGHT_GRAPE, Piece.LIGHT_BLANK),
    ):
        grape_alpha = (
            graps_board.sprite(grape).getchannel("A").point(lambda v: 255 if v > 128 else 0)
        )
        blank_alpha = (
            graps_board.sprite(blank).getchannel("A").point(lambda v: 255 if v > 128 else 0)
        )
        assert grape_alpha.tobytes() != blank_alpha.tobytes()
        # A blank is solid in its centre's ring; a grape bunch has gaps between berries.
        assert grape_alpha.histogram()[255] < blank_alpha.histogram()[255]


def test_empty_board_in_setup():
    empty = tuple(tuple(Piece.EMPTY for _ in range(15)) for _ in range(15))
    view = replace(
        graps_samples.play(),
        board=empty,
        last_cell=None,
        last_pruned=(),
        last_cut_off=(),
        legal=(),
        roll=None,
    )
    assert_not_blank(graps.board_image(view))
