"""The light seat's words beside the dark seat's: every refusal and ending that names a
row, a colour or a side, compared whole ("row 1" is also in "row 15"), so that
swapping the two seats' rows or colours fails (P1, P2, P4, P5, P7); and the light
seat's passes and endings, written like dark's in test_endings (P8, P9)."""

from __future__ import annotations

import pytest

from games.graps import Graps, GrapsTermination
from games.protocol import IllegalAction
from tests.games.graps.positions import DARK, LIGHT, place, position


def refusal(game: Graps, cell: str) -> tuple[str | None, str]:
    with pytest.raises(IllegalAction) as caught:
        place(game, cell)
    return caught.value.rule, str(caught.value.reason)


def texts(events: list) -> list[str]:  # type: ignore[type-arg]
    return [str(event.text) for event in events if event.text]


def test_P1_P2_each_seat_is_told_its_own_land_row_at_set_up() -> None:
    game = Graps.create([DARK, LIGHT])
    assert refusal(game, "H2") == ("P2", "H2 is not on row 1: your first grape goes there")
    place(game, "D1")
    assert refusal(game, "D1") == ("P2", "D1 is not on row 15: your first grape goes there")
    assert refusal(game, "D14") == ("P2", "D14 is not on row 15: your first grape goes there")


def test_P7_dark_reaches_row_15_and_light_reaches_row_1() -> None:
    dark = {1: "X"} | {row: "x" for row in range(2, 15)}
    game = position(dark, {15: ".......O"})
    assert texts(game.apply_json({"by": DARK, "place": "A15"})) == [
        "ann placed a blank at A15",
        "ann reached bob's land, row 15",
        "game over: ann wins",
    ]
    light = {15: "..............O"} | {row: "..............o" for row in range(2, 15)}
    game = position({1: "X"}, light, to_move=LIGHT)
    assert texts(game.apply_json({"by": LIGHT, "place": "O1"})) == [
        "bob placed a blank at O1",
        "bob reached ann's land, row 1",
        "game over: bob wins",
    ]
    assert (game.outcome() or pytest.fail()).reason == "bob reached ann's land, row 1"
    assert (game.outcome() or pytest.fail()).termination is GrapsTermination.REACHED


def whole(events: list) -> list[tuple[str, str, str | None, dict[str, object]]]:  # type: ignore[type-arg]
    return [(event.kind, str(event.text), event.actor, dict(event.data)) for event in events]


def test_P8_light_with_no_pawns_left_passes_without_rolling() -> None:
    game = position({1: "X"}, {15: "O"}, roll="blank", supply=[5, 0])
    assert whole(game.apply_json({"by": DARK, "place": "A2"}))[1:] == [
        ("pass", "bob has no pawns left: turn passes", LIGHT, {"why": "no_pawns"}),
        ("roll", "ann rolled blank", DARK, {"face": "blank"}),
    ]
    assert game.state_json()["to_move"] == DARK


def test_P8_light_with_no_cell_for_either_face_makes_dark_lose() -> None:
    # Built by hand, as for dark in test_endings: dark holds all of row 15.
    dark = {1: "X"} | {row: "x" for row in range(2, 15)} | {15: "x" * 15}
    game = position(dark, roll="grape", supply=[10, 10])
    assert whole(game.apply_json({"by": DARK, "place": "B1"}))[1:] == [
        ("win", "bob has no legal cell for either face: ann loses", LIGHT, {}),
        ("game_over", "game over: bob wins", None, {"winners": [LIGHT]}),
    ]
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is GrapsTermination.STUCK


def test_P9_light_with_no_pawn_on_the_board_is_farthest() -> None:
    dark = {1: ".X"} | {row: ".x" for row in range(2, 14)}
    game = position(dark, {15: "O"}, roll="grape", supply=[1, 0])
    assert whole(game.apply_json({"by": DARK, "place": "B14"}))[1:] == [
        ("prune", "", DARK, {"cells": ["A15"]}),
        ("win", "no pawns left, ann 1 row away and bob no pawn: ann wins", DARK, {}),
        ("game_over", "game over: ann wins", None, {"winners": [DARK]}),
    ]
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is GrapsTermination.EXHAUSTED_WIN


def test_P4_each_seat_is_refused_the_other_colours_side_and_ring() -> None:
    dark_g_to_3 = {1: "......X", 2: "......x", 3: "......x"}
    light_h_to_4 = {row: ".......o" for row in range(4, 15)} | {15: ".......O"}
    game = position(dark_g_to_3, light_h_to_4)
    assert refusal(game, "G4") == ("P4", "G4 touches a light pawn on its side")
    game = position(dark_g_to_3, light_h_to_4, to_move=LIGHT)
    assert refusal(game, "H3") == ("P4", "H3 touches a dark pawn on its side")
    # A light grape at H4: G3 is in its ring, for dark.
    light_grape = {row: ".......o" for row in range(5, 15)} | {4: ".......O", 15: ".......O"}
    game = position({1: "......X", 2: "......x"}, light_grape)
    assert refusal(game, "G3") == (
        "P4",
        "G3 is in the protected ring around a light grape (sides and corners)",
    )
    # A dark grape at F3: G4 (beside light's H4) is in its ring, for light.
    dark_grape = {1: ".....X", 2: ".....x", 3: ".....X"}
    game = position(dark_grape, light_h_to_4, to_move=LIGHT)
    assert refusal(game, "G4") == (
        "P4",
        "G4 is in the protected ring around a dark grape (sides and corners)",
    )


def test_P4_P5_light_is_refused_in_the_same_words_as_dark() -> None:
    light_h_to_4 = {row: ".......o" for row in range(4, 15)} | {15: ".......O"}
    game = position({1: "X"}, light_h_to_4, to_move=LIGHT)
    assert refusal(game, "H14") == ("P4", "H14 is already taken")
    assert refusal(game, "A14") == ("P4", "A14 does not touch one of your pawns by a side")
    assert refusal(game, "G15") == ("P4", "G15 is on your own land row: a blank never goes there")
    game = position({1: "X"}, light_h_to_4, to_move=LIGHT, roll="grape")
    assert refusal(game, "A14") == (
        "P5",
        "A14 is neither on your land row nor beside one of your pawns",
    )
    assert refusal(game, "H5") == ("P5", "H5 is already taken")
    game = position({1: "X"}, light_h_to_4, roll="grape")
    assert refusal(game, "A3") == (
        "P5",
        "A3 is neither on your land row nor beside one of your pawns",
    )
    assert refusal(game, "A1") == ("P5", "A1 is already taken")


def test_P5_each_seat_is_told_the_other_colours_losses() -> None:
    light_h_to_4 = {row: ".......o" for row in range(4, 15)} | {15: ".......O"}
    game = position({1: "......X", 2: "......x"}, light_h_to_4, roll="grape")
    assert texts(game.apply_json({"by": DARK, "place": "G3"}))[0] == (
        "ann placed a grape at G3; 1 light pawn pruned"
    )
    dark_g_to_3 = {1: "......X", 2: "......x", 3: "......x"}
    game = position(dark_g_to_3, light_h_to_4, to_move=LIGHT, roll="grape")
    assert texts(game.apply_json({"by": LIGHT, "place": "H3"}))[0] == (
        "bob placed a grape at H3; 2 dark pawns pruned"
    )
    light = {**light_h_to_4, 5: ".....ooo"}
    dark = {1: ".........X"} | {row: ".........x" for row in range(2, 7)}
    game = position(light, dark, roll="grape")
    assert texts(game.apply_json({"by": DARK, "place": "I6"}))[0] == (
        "ann placed a grape at I6; 3 light pawns pruned; 3 cut off from their land"
    )
