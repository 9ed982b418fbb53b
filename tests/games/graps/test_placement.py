"""Placement rules on small hand-made positions: set-up (P2), the die (P3), where a
blank may go (P4) and where a grape may go (P5), each restriction both ways.

Diagrams: row number -> the row's cells from column A; x/X dark blank/grape (land
row 1), o/O light blank/grape (land row 15), . empty.
"""

from __future__ import annotations

import pytest

from games.graps import Graps
from games.graps.dice import roll_base, seeded_grape
from games.protocol import IllegalAction
from tests.games.graps.positions import (
    DARK,
    LIGHT,
    LIGHT_H_TO_4,
    board_at,
    place,
    position,
)

# LIGHT_H_TO_4 ending in a grape, and a dark vine up column G to row 3.
LIGHT_GRAPE_H4 = {**LIGHT_H_TO_4, 4: ".......O"}
DARK_G_TO_3 = {1: "......X", 2: "......x", 3: "......x"}


def refusal(game: Graps, cell: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        place(game, cell)
    return caught.value


# -- P2 set-up ---------------------------------------------------------------------------


def test_P2_setup_grapes_go_on_each_land_row_dark_first() -> None:
    game = Graps.create([DARK, LIGHT])
    state = game.state_json()
    assert (state["phase"], state["to_move"], state["roll"]) == ("setup", DARK, None)
    assert state["legal"] == [f"{c}1" for c in "ABCDEFGHIJKLMNO"]
    error = refusal(game, "H2")
    assert error.rule == "P2" and "row 1" in error.reason
    with pytest.raises(IllegalAction, match="ann's turn"):
        game.apply_json({"by": LIGHT, "place": "H15"})
    place(game, "D1")
    assert board_at(game, "D1") == "X"
    assert game.state_json()["legal"] == [f"{c}15" for c in "ABCDEFGHIJKLMNO"]
    assert refusal(game, "D1").rule == "P2"  # light's grape goes on row 15, not row 1
    place(game, "K15")
    state = game.state_json()
    assert board_at(game, "K15") == "O"
    assert (state["phase"], state["to_move"]) == ("play", DARK)
    assert state["roll"] in ("grape", "blank")
    assert state["supply"] == {DARK: 44, LIGHT: 44}


# -- P3 die ------------------------------------------------------------------------------


def test_P3_replay_rolls_come_first_then_the_seed() -> None:
    game = Graps.from_replay(
        {"game": "graps", "players": [DARK, LIGHT], "seed": 5, "rolls": ["blank", "grape"]}
    )
    place(game, "H1")
    place(game, "H15")
    assert game.state_json()["roll"] == "blank"
    place(game, "H2")
    assert game.state_json()["roll"] == "grape"
    place(game, "A15")
    base = roll_base(5)
    expected = "grape" if seeded_grape(base, 2, 3) else "blank"
    assert game.state_json()["roll"] == expected


@pytest.mark.parametrize("faces", [1, 3, 5])
def test_P3_grape_faces_sets_the_share_of_grape_rolls(faces: int) -> None:
    base = roll_base(2024)
    grapes = sum(seeded_grape(base, n, faces) for n in range(6000))
    assert abs(grapes - 1000 * faces) < 150  # about faces/6 of the rolls


def test_P3_same_seed_same_rolls_other_seed_other_rolls() -> None:
    def rolls(seed: int) -> list[bool]:
        base = roll_base(seed)
        return [seeded_grape(base, n, 3) for n in range(64)]

    assert rolls(1) == rolls(1)
    assert rolls(1) != rolls(2)


# -- P4 blanks ---------------------------------------------------------------------------


def test_P4_blank_must_touch_one_of_the_movers_pawns_by_a_side() -> None:
    game = position({1: ".......X"})
    assert game.legal_cells() == ("H2",)
    error = refusal(game, "G2")  # only a corner of H1
    assert (error.rule, error.reason) == ("P4", "G2 does not touch one of your pawns by a side")
    place(game, "H2")
    assert board_at(game, "H2") == "x"


def test_P4_blank_never_on_the_movers_own_land_row() -> None:
    game = position({1: ".......X", 2: ".......x"})
    error = refusal(game, "G1")  # touches H1 by a side, but row 1 is dark's land
    assert error.rule == "P4" and "own land row" in error.reason
    assert "G2" in game.legal_cells()  # the same contact one row up is fine


def test_P4_blank_never_touches_an_opponent_pawn_by_a_side() -> None:
    game = position(DARK_G_TO_3, LIGHT_H_TO_4)
    error = refusal(game, "G4")  # G3 is dark's, H4 is light's
    assert str(error) == "G4 touches a light pawn on its side (P4)"
    assert "H3" not in game.legal_cells()  # below H4


def test_P4_blank_may_touch_an_opponent_blank_at_a_corner() -> None:
    game = position({1: "......X", 2: "......x"}, LIGHT_H_TO_4)
    assert "G3" in game.legal_cells()  # H4 is a light blank at G3's corner
    place(game, "G3")
    assert board_at(game, "G3") == "x" and board_at(game, "H4") == "o"


def test_P4_blank_never_in_the_ring_around_an_opponent_grape() -> None:
    game = position({1: "......X", 2: "......x"}, LIGHT_GRAPE_H4)
    error = refusal(game, "G3")  # H4 is a light grape at G3's corner
    assert error.rule == "P4" and "protected ring around a light grape" in error.reason
    assert "H2" in game.legal_cells()  # two rows from the grape: outside its ring


def test_P4_light_blank_limits_mirror_darks() -> None:
    game = position(DARK_G_TO_3, LIGHT_H_TO_4, to_move=LIGHT)
    assert refusal(game, "H3").reason == "H3 touches a dark pawn on its side"
    assert refusal(game, "G15").reason == "G15 is on your own land row: a blank never goes there"
    assert "I4" in game.legal_cells() and "G4" not in game.legal_cells()


def test_P4_taken_cell_is_refused() -> None:
    game = position({1: ".......X", 2: ".......x"})
    assert refusal(game, "H2").reason == "H2 is already taken"


# -- P5 grapes ---------------------------------------------------------------------------


def test_P5_grape_may_start_anywhere_on_the_movers_land_row() -> None:
    game = position({1: ".......X"}, roll="grape")
    legal = game.legal_cells()
    assert "A1" in legal and "O1" in legal and "H2" in legal
    place(game, "A1")
    assert board_at(game, "A1") == "X"


def test_P5_grape_off_the_land_row_must_touch_a_movers_pawn_by_a_side() -> None:
    game = position({1: ".......X"}, roll="grape")
    error = refusal(game, "G2")
    assert error.rule == "P5" and "neither on your land row nor beside" in error.reason
    place(game, "H2")
    assert board_at(game, "H2") == "X"


def test_P5_grape_may_enter_a_protected_ring_and_touch_opponents() -> None:
    game = position({1: "......X", 2: "......x"}, LIGHT_GRAPE_H4, roll="grape")
    assert "G3" in game.legal_cells()  # a blank could not go here (P4), a grape can


def test_P5_pruning_removes_opponent_pawns_touching_only_at_a_corner() -> None:
    game = position({1: "......X", 2: "......x"}, LIGHT_H_TO_4, roll="grape")
    events = game.apply_json({"by": DARK, "place": "G3"})
    assert board_at(game, "H4") == "."  # the corner contact is pruned
    assert board_at(game, "H5") == "o"  # still joined to row 15: keeps its sap
    assert events[0].text == "ann placed a grape at G3; 1 light pawn pruned"
    assert [e.kind for e in events][:2] == ["place", "prune"]
    assert "sap" not in [e.kind for e in events]
    assert game.state_json()["last"] == {"cell": "G3", "pruned": ["H4"], "cut_off": []}


def test_P5_sap_cut_branch_is_lost() -> None:
    # Light's branch F5-G5 hangs on H5; dark's grape at I6 prunes H5, H6, H7, which
    # leaves H4, F5 and G5 without a way to row 15.
    light = {**LIGHT_H_TO_4, 5: ".....ooo"}
    dark = {1: ".........X"} | {row: ".........x" for row in range(2, 7)}
    game = position(light, dark, roll="grape")
    events = game.apply_json({"by": DARK, "place": "I6"})
    assert (
        events[0].text
        == "ann placed a grape at I6; 3 light pawns pruned; 3 cut off from their land"
    )
    assert [e.kind for e in events][:3] == ["place", "prune", "sap"]
    assert events[1].data == {"cells": ["H5", "H6", "H7"]}
    assert events[2].data == {"cells": ["H4", "F5", "G5"]}
    for cell in ("H4", "H5", "H6", "H7", "F5", "G5"):
        assert board_at(game, cell) == "."
    assert board_at(game, "H8") == "o"
    assert game.state_json()["removed"] == {DARK: 0, LIGHT: 6}


def test_P5_a_grape_is_pruned_by_an_opponent_grape() -> None:
    game = position({1: "......X", 2: "......x"}, LIGHT_GRAPE_H4, roll="grape")
    place(game, "G3")
    assert board_at(game, "H4") == "." and board_at(game, "G3") == "X"


def test_P5_a_blank_prunes_nothing() -> None:
    game = position({1: "......X", 2: "......x"}, LIGHT_H_TO_4)
    kinds = place(game, "G3")
    assert "prune" not in kinds and board_at(game, "H4") == "o"


def test_P5_light_grape_prunes_dark_and_cuts_its_branch() -> None:
    dark = {1: "X", **{row: "x" for row in range(2, 8)}}  # column A, rows 1..7
    light = {15: "..O", **{row: "..o" for row in range(8, 15)}}  # column C, rows 8..15
    game = position(dark, light, to_move=LIGHT, roll="grape")
    place(game, "B8")  # beside C8; its ring holds A7, A8, A9 (only A7 is dark's)
    assert board_at(game, "A7") == "."
    assert board_at(game, "A6") == "x"  # still joined to A1
    assert game.state_json()["removed"] == {DARK: 1, LIGHT: 0}
    game = position(dark, light, {4: ".x"}, to_move=LIGHT, roll="grape")
    place(game, "B8")
    assert board_at(game, "B4") == "x"  # B4 hangs on A4, still joined: nothing cut off


def test_P3_seeded_rolls_never_change_between_versions() -> None:
    # Stored replays depend on this sequence (docs/notation.md): a golden record.
    def faces(seed: int) -> str:
        base = roll_base(seed)
        return "".join("G" if seeded_grape(base, n, 3) else "b" for n in range(24))

    assert faces(0) == "bGbbGGbbGGbbbbbGbGbGGbbG"
    assert faces(42) == "GGGGGbbbGGGbbGGbbGGbGbbb"


def test_P4_a_refused_placement_changes_nothing() -> None:
    game = position(DARK_G_TO_3, LIGHT_H_TO_4)
    before = game.to_json()
    for cell in ("G4", "H3", "G1", "A9", "G3"):
        refusal(game, cell)
    with pytest.raises(IllegalAction):
        game.apply_json({"by": LIGHT, "place": "I4"})  # not light's turn
    assert game.to_json() == before and game.log == []
