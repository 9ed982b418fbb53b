"""Removed pawns (P6), the immediate win (P7), passes and the stuck rule (P8),
exhaustion and its distance rule (P9), and resigning, on hand-made positions."""

from __future__ import annotations

from typing import Any

import pytest

from games.graps import Graps, GrapsTermination, Side
from games.protocol import GameError, IllegalAction
from tests.games.graps.positions import (
    DARK,
    LIGHT,
    LIGHT_H_TO_4,
    board_at,
    place,
    position,
)

DARK_A_TO_14 = {1: "X"} | {row: "x" for row in range(2, 15)}


def kinds_and_texts(events: list) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return [(event.kind, event.text) for event in events]


def whole(events: list) -> list[tuple[str, str, str | None, dict[str, Any]]]:  # type: ignore[type-arg]
    """Each event as the saved log keeps it: kind, words, who, data."""
    return [(event.kind, event.text, event.actor, dict(event.data)) for event in events]


# -- P6 removed pawns --------------------------------------------------------------------


def test_P6_removed_pawns_leave_the_game_by_default() -> None:
    game = position({1: "......X", 2: "......x"}, LIGHT_H_TO_4, roll="grape")
    before = game.state_json()["supply"][LIGHT]
    place(game, "G3")
    state = game.state_json()
    assert state["supply"][LIGHT] == before
    assert state["removed"] == {DARK: 0, LIGHT: 1}


def test_P6_return_pruned_gives_removed_pawns_back_to_their_owner() -> None:
    light = {**LIGHT_H_TO_4, 5: ".....ooo"}
    dark = {1: ".........X"} | {row: ".........x" for row in range(2, 7)}
    game = position(light, dark, roll="grape", options={"return_pruned": True})
    before = game.state_json()["supply"][LIGHT]
    place(game, "I6")  # 3 pruned + 3 cut off, as in the P5 sap test
    state = game.state_json()
    assert state["supply"][LIGHT] == before + 6
    assert state["removed"] == {DARK: 0, LIGHT: 0}
    assert state["options"] == {"grape_faces": 3, "return_pruned": True}


# -- P7 win ------------------------------------------------------------------------------


def test_P7_a_blank_on_the_opponents_land_row_wins_at_once() -> None:
    game = position(DARK_A_TO_14, {15: ".......O"})
    events = game.apply_json({"by": DARK, "place": "A15"})
    assert kinds_and_texts(events)[-2:] == [
        ("win", "ann reached bob's land, row 15"),
        ("game_over", "game over: ann wins"),
    ]
    state = game.state_json()
    assert (state["phase"], state["to_move"], state["roll"]) == ("over", None, None)
    assert state["winners"] == [DARK] and state["legal"] == []
    assert game.awaiting == () and game.legal_actions(LIGHT) == []
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (DARK,)
    with pytest.raises(IllegalAction, match="over"):
        game.apply_json({"by": LIGHT, "place": "O15"})


def test_P7_a_grape_on_the_opponents_land_row_prunes_and_wins() -> None:
    game = position(DARK_A_TO_14, {15: ".O"}, roll="grape")
    place(game, "A15")
    assert board_at(game, "B15") == "."  # pruned on the way in
    assert game.state_json()["winners"] == [DARK]


def test_P7_light_wins_on_row_1() -> None:
    light = {15: "..............O"} | {row: "..............o" for row in range(2, 15)}
    game = position({1: "X"}, light, to_move=LIGHT)
    place(game, "O1")
    assert game.state_json()["winners"] == [LIGHT]


def test_P7_no_win_one_row_short() -> None:
    game = position({1: "X"} | {row: "x" for row in range(2, 14)}, {15: ".......O"})
    place(game, "A14")
    assert game.state_json()["phase"] == "play"


# -- P8 passes and the stuck rule -------------------------------------------------------


# Dark's only pawn A1 has no legal blank cell: A2 touches light's A3, B1 is dark's land.
DARK_BOXED = {1: "X"}
LIGHT_A_TO_3 = {15: "O"} | {row: "o" for row in range(3, 15)}


def test_P8_a_roll_with_no_legal_cell_passes_the_turn() -> None:
    game = position(DARK_BOXED, LIGHT_A_TO_3, to_move=LIGHT, roll="grape", rolls=["blank", "grape"])
    events = game.apply_json({"by": LIGHT, "place": "O15"})
    assert whole(events)[1:] == [
        ("roll", "", DARK, {"face": "blank"}),
        (
            "pass",
            "ann rolled blank: no legal cell, turn passes",
            DARK,
            {"why": "no_cell", "face": "blank"},
        ),
        ("roll", "bob rolled grape", LIGHT, {"face": "grape"}),
    ]
    assert game.state_json()["to_move"] == LIGHT
    assert game.public_view().recent[-2:] == (
        "ann rolled blank: no legal cell, turn passes",
        "bob rolled grape",
    )


def test_P8_the_other_face_with_a_legal_cell_does_not_pass() -> None:
    game = position(DARK_BOXED, LIGHT_A_TO_3, to_move=LIGHT, roll="grape", rolls=["grape"])
    events = game.apply_json({"by": LIGHT, "place": "O15"})
    assert "pass" not in [event.kind for event in events]
    state = game.state_json()
    assert state["to_move"] == DARK and state["roll"] == "grape"
    assert "B1" in state["legal"]


def test_P8_a_player_with_no_pawns_left_passes_without_rolling() -> None:
    game = position({1: "X"}, {15: "O"}, to_move=LIGHT, roll="grape", supply=[0, 5])
    game_rolls = game.rolls_made
    events = game.apply_json({"by": LIGHT, "place": "O15"})
    assert whole(events)[1:] == [
        ("pass", "ann has no pawns left: turn passes", DARK, {"why": "no_pawns"}),
        ("roll", "bob rolled blank", LIGHT, {"face": "blank"}),
    ]
    assert game.state_json()["to_move"] == LIGHT
    assert game.rolls_made == game_rolls + 1  # only light's next turn rolled


def test_P8_a_player_with_pawns_and_no_cell_for_either_face_makes_the_opponent_lose() -> None:
    # Not reachable in legal play (a pawn always has a free side cell, and a land row
    # is only ever filled by its owner or by a winning move); built by hand. Dark has
    # no pawn on the board and light holds all of row 1 as this turn starts.
    light = {1: "o" * 15} | {row: "o" for row in range(2, 15)} | {15: "O"}
    game = position(light, to_move=LIGHT, roll="grape", supply=[10, 10])
    events = game.apply_json({"by": LIGHT, "place": "O15"})
    assert whole(events)[-2:] == [
        ("win", "ann has no legal cell for either face: bob loses", DARK, {}),
        ("game_over", "game over: ann wins", None, {"winners": [DARK]}),
    ]
    assert game.state_json()["winners"] == [DARK]
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is GrapsTermination.STUCK


def test_P8_a_player_with_no_pawn_on_the_board_may_still_start_on_their_land_row() -> None:
    game = position({15: "O"}, to_move=LIGHT, roll="grape", rolls=["grape"], supply=[10, 10])
    events = game.apply_json({"by": LIGHT, "place": "A14"})
    assert whole(events)[1:] == [("roll", "ann rolled grape", DARK, {"face": "grape"})]
    state = game.state_json()
    assert (state["phase"], state["to_move"]) == ("play", DARK)
    assert state["legal"] == [f"{column}1" for column in "ABCDEFGHIJKLMNO"]


def test_P5_pawns_joined_to_a_full_land_row_keep_their_sap() -> None:
    # Dark's grapes fill its land row and a vine climbs column A to A5; light's grape
    # at B6 prunes A5 only: A2-A4 still reach row 1 through A1.
    dark = {1: "X" * 15} | {row: "x" for row in range(2, 6)}
    light = {15: ".O"} | {row: ".o" for row in range(7, 15)}
    game = position(dark, light, to_move=LIGHT, roll="grape", rolls=["blank"])
    events = game.apply_json({"by": LIGHT, "place": "B6"})
    assert whole(events)[:2] == [
        (
            "place",
            "bob placed a grape at B6; 1 dark pawn pruned",
            LIGHT,
            {"cell": "B6", "grape": True},
        ),
        ("prune", "", LIGHT, {"cells": ["A5"]}),
    ]
    assert game.state_json()["board"][:6] == [
        "X" * 15,
        "x" + "." * 14,
        "x" + "." * 14,
        "x" + "." * 14,
        "." * 15,
        ".O" + "." * 13,
    ]


# -- P9 exhaustion -------------------------------------------------------------------------


def test_P9_exhaustion_the_pawn_nearest_the_opponents_land_wins() -> None:
    dark = {1: "X"} | {row: "x" for row in range(2, 7)}  # reaches row 6: 9 rows from 15
    light = {15: "..............O", 14: "..............o"}  # row 14: 13 rows from 1
    game = position(dark, light, to_move=LIGHT, roll="blank", supply=[0, 1])
    events = game.apply_json({"by": LIGHT, "place": "O13"})  # now 12 rows from row 1
    assert kinds_and_texts(events)[-2:] == [
        ("win", "no pawns left, ann 9 rows away and bob 12 rows away: ann wins"),
        ("game_over", "game over: ann wins"),
    ]
    assert game.state_json()["winners"] == [DARK]


def test_P9_exhaustion_at_equal_distance_is_a_draw() -> None:
    dark = {1: "X"} | {row: "x" for row in range(2, 7)}  # row 6: 9 rows from 15
    light = {15: "..............O"} | {row: "..............o" for row in range(11, 15)}
    game = position(dark, light, to_move=LIGHT, roll="blank", supply=[0, 1])
    events = game.apply_json({"by": LIGHT, "place": "O10"})  # row 10: 9 rows from 1
    assert whole(events)[-2:] == [
        ("draw", "no pawns left, ann 9 rows away and bob 9 rows away: a draw", DARK, {}),
        ("game_over", "game over: a draw", None, {"winners": [DARK, LIGHT]}),
    ]
    assert game.state_json()["winners"] == [DARK, LIGHT]
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (DARK, LIGHT)


def test_P9_a_player_with_no_pawn_on_the_board_is_farthest() -> None:
    light = {15: ".O"} | {row: ".o" for row in range(3, 15)}
    game = position({1: "X"}, light, to_move=LIGHT, roll="grape", supply=[0, 1])
    events = game.apply_json({"by": LIGHT, "place": "B2"})  # prunes A1, dark's only pawn
    assert board_at(game, "A1") == "."
    assert whole(events)[-2:] == [
        ("win", "no pawns left, ann no pawn and bob 1 row away: bob wins", LIGHT, {}),
        ("game_over", "game over: bob wins", None, {"winners": [LIGHT]}),
    ]
    assert game.state_json()["winners"] == [LIGHT]
    assert "ann no pawn" in (game.outcome() or pytest.fail()).reason


def test_P9_not_before_both_supplies_are_empty() -> None:
    game = position({1: "X"}, {15: "O"}, to_move=LIGHT, roll="grape", supply=[1, 1])
    place(game, "O15")
    assert game.state_json()["phase"] == "play"


# -- resigning -------------------------------------------------------------------------


@pytest.mark.parametrize("who", [DARK, LIGHT])
def test_resign_gives_the_win_to_the_opponent_at_any_moment(who: str) -> None:
    game = Graps.create([DARK, LIGHT])
    events = game.apply_json({"by": who, "resign": True})  # even out of turn, in set-up
    other = LIGHT if who == DARK else DARK
    assert whole(events) == [
        ("win", f"{who} resigned: {other} wins", other, {}),
        ("game_over", f"game over: {other} wins", None, {"winners": [other]}),
    ]
    assert game.state_json()["winners"] == [other]
    with pytest.raises(IllegalAction, match="already over"):
        game.apply_json({"by": other, "resign": True})


def test_resign_by_a_stranger_is_refused() -> None:
    game = Graps.create([DARK, LIGHT])
    with pytest.raises(IllegalAction, match="cy is not playing"):
        game.apply_json({"by": "cy", "resign": True})
    assert game.state_json()["phase"] == "setup"


def test_the_views_show_supplies_removals_the_last_pruning_and_the_ending() -> None:
    light = {15: ".O"} | {row: ".o" for row in range(3, 15)}
    game = position({1: "X"}, light, to_move=LIGHT, roll="grape", supply=[0, 1])
    game.apply_json({"by": LIGHT, "place": "B2"})
    view = game.public_view()
    assert (view.last_cell, view.last_pruned, view.last_cut_off) == ("B2", ("A1",), ())
    assert (view.supply, view.removed) == ((0, 0), (1, 0))
    assert view.reason == "no pawns left, ann no pawn and bob 1 row away: bob wins"
    boxed = position({1: "X"}, {15: "O"}, to_move=LIGHT, roll="grape", supply=[0, 5])
    boxed.apply_json({"by": LIGHT, "place": "O15"})
    assert boxed.public_view().supply == (0, 4) and boxed.public_view().reason is None
    assert (boxed.view_for(DARK).side, boxed.view_for(LIGHT).side) == (Side.DARK, Side.LIGHT)
    with pytest.raises(GameError) as refused:
        boxed.view_for("cy")
    assert str(refused.value) == "cy is not playing this game"
