"""Cell names (P1), the action notation, options, views, save/load and the replay
file contract of docs/notation.md, down to the CLI's exit statuses."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from games.__main__ import main
from games.graps import Face, Graps, Phase, Piece, Place, Resign, Side, cell_name, parse_cell
from games.graps.cells import (
    _RING_STEPS,
    _SIDE_STEPS,
    RING,
    ROW_CELLS,
    SIDES,
    _around,
    column_of,
    row_of,
)
from games.protocol import GameError, MalformedAction, StateFormatError
from tests.games.graps.positions import DARK, LIGHT, place, position

OPENING = [
    {"by": DARK, "place": "H1"},
    {"by": LIGHT, "place": "H15"},
    {"by": DARK, "place": "H2"},
]


def replay_file(tmp_path: Path, actions: Sequence[Mapping[str, object]], **header: object) -> str:
    data = {"game": "graps", "players": [DARK, LIGHT], "options": {}, "seed": 3}
    data.update(header, actions=actions)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# -- cells and actions (P1) --------------------------------------------------------------


def test_P1_cell_names_run_from_A1_to_O15() -> None:
    assert [cell_name(i) for i in (0, 14, 15, 112, 224)] == ["A1", "O1", "A2", "H8", "O15"]
    assert parse_cell("h8") == parse_cell(" H8 ") == 112
    for bad in ("P1", "A0", "A16", "", "8H", 8, None):
        with pytest.raises(MalformedAction, match="not a cell"):
            parse_cell(bad)


def test_P1_a_cell_that_is_not_one_is_refused_in_words() -> None:
    with pytest.raises(MalformedAction) as refused:
        parse_cell("P16")
    assert refused.value.reason == (
        "'P16' is not a cell: write a column A..O then a row 1..15, like H8"
    )
    assert refused.value.rule == "P1"


def test_P1_columns_and_rows_of_the_corner_and_middle_cells() -> None:
    cells = [parse_cell(name) for name in ("A1", "O1", "A15", "O15", "H8")]
    assert [column_of(cell) for cell in cells] == [0, 14, 0, 14, 7]
    assert [row_of(cell) for cell in cells] == [1, 1, 15, 15, 8]
    assert [cell_name(row_cell) for row_cell in ROW_CELLS[14][::7]] == ["A15", "H15", "O15"]


@pytest.mark.parametrize(
    ("cell", "sides", "ring"),
    [
        ("A1", ["A2", "B1"], ["A2", "B1", "B2"]),
        ("O1", ["N1", "O2"], ["N1", "N2", "O2"]),
        ("A15", ["A14", "B15"], ["A14", "B14", "B15"]),
        ("O15", ["N15", "O14"], ["N14", "N15", "O14"]),
        ("H1", ["G1", "H2", "I1"], ["G1", "G2", "H2", "I1", "I2"]),
        ("A8", ["A7", "A9", "B8"], ["A7", "A9", "B7", "B8", "B9"]),
        ("H8", ["G8", "H7", "H9", "I8"], ["G7", "G8", "G9", "H7", "H9", "I7", "I8", "I9"]),
    ],
)
def test_P1_the_cells_around_stop_at_every_edge(
    cell: str, sides: list[str], ring: list[str]
) -> None:
    index = parse_cell(cell)
    # The tables are built when the module loads; the function that builds them is
    # called here too, so that a change to it is seen by a test that runs it.
    for table, steps, expected in ((SIDES, _SIDE_STEPS, sides), (RING, _RING_STEPS, ring)):
        assert sorted(cell_name(c) for c in _around(index, steps)) == expected
        assert sorted(cell_name(c) for c in table[index]) == expected


def test_P1_neighbour_tables_at_corners_edges_and_middle() -> None:
    a1, h1, h8 = parse_cell("A1"), parse_cell("H1"), parse_cell("H8")
    assert sorted(cell_name(c) for c in SIDES[a1]) == ["A2", "B1"]
    assert len(SIDES[h1]) == 3 and len(SIDES[h8]) == 4
    assert sorted(cell_name(c) for c in RING[a1]) == ["A2", "B1", "B2"]
    assert len(RING[h1]) == 5 and len(RING[h8]) == 8


def test_actions_parse_and_print_in_the_notation() -> None:
    game = Graps.create([DARK, LIGHT])
    action = game.parse_action({"by": DARK, "place": "h8"})
    assert action == Place(DARK, 112) and action.to_json() == {"by": DARK, "place": "H8"}
    assert repr(action) == "Place(by='ann', cell=H8)"
    resign = game.parse_action({"by": LIGHT, "resign": True})
    assert resign == Resign(LIGHT) and resign.to_json() == {"by": LIGHT, "resign": True}
    shape = 'a Graps action is {"by": P, "place": CELL} or {"by": P, "resign": true}; '
    for bad, words in (
        (["by", DARK], "an action is a JSON object"),
        ({"place": "H8"}, 'an action needs "by": the name of the player acting'),
        ({"by": "", "place": "H8"}, 'an action needs "by": the name of the player acting'),
        ({"by": 7, "place": "H8"}, 'an action needs "by": the name of the player acting'),
        ({"by": DARK}, shape + "got the keys []"),
        (
            {"by": DARK, "place": "Z9"},
            "'Z9' is not a cell: write a column A..O then a row 1..15, like H8 (P1)",
        ),
        ({"by": DARK, "place": "H8", "resign": True}, shape + "got the keys ['place', 'resign']"),
        ({"by": DARK, "resign": "yes"}, '"resign" takes the value true'),
        ({"by": DARK, "play": "H8"}, shape + "got the keys ['play']"),
    ):
        with pytest.raises(MalformedAction) as refused:
            game.parse_action(bad)  # type: ignore[arg-type]
        assert str(refused.value) == words, bad


# -- options and creation -----------------------------------------------------------------


def test_P3_P6_options_defaults_and_validation() -> None:
    assert Graps.option_defaults() == {"grape_faces": 3, "return_pruned": False}
    game = Graps.create([DARK, LIGHT], {"grape_faces": 5, "return_pruned": True})
    assert game.state_json()["options"] == {"grape_faces": 5, "return_pruned": True}
    faces = "grape_faces is how many of the 6 die faces show a grape, 1 to 5, not "
    for bad, words in (
        ({"grape_faces": 0}, faces + "0"),
        ({"grape_faces": 6}, faces + "6"),
        ({"grape_faces": True}, faces + "True"),
        ({"return_pruned": "yes"}, "return_pruned is true or false, not 'yes'"),
        (
            {"zz": 1, "faces": 3},
            "unknown Graps option 'faces'; options: grape_faces, return_pruned",
        ),
    ):
        with pytest.raises(GameError) as refused:
            Graps.create([DARK, LIGHT], bad)
        assert str(refused.value) == words
    for players, words in (
        ([DARK], "Graps is played by exactly 2 players, not 1"),
        ([DARK, LIGHT, "cy"], "Graps is played by exactly 2 players, not 3"),
        ([DARK, DARK], "ann cannot play against themselves"),
        ([DARK, ""], "every player needs a name"),
    ):
        with pytest.raises(GameError) as refused:
            Graps.create(players)
        assert str(refused.value) == words


def test_P3_grape_faces_changes_the_rolls_of_a_game() -> None:
    def grapes(faces: int) -> int:
        game = Graps.create([DARK, LIGHT], {"grape_faces": faces}, seed=11)
        count = 0
        for _ in range(40):
            state = game.state_json()
            count += state["roll"] == "grape"
            actions = game.legal_actions(state["to_move"] or "")
            if not actions:
                break
            game.apply(actions[-1])
        return count

    assert grapes(1) < grapes(3) < grapes(5)


# -- views ---------------------------------------------------------------------------------


def test_views_show_everything_and_the_mover_sees_its_legal_cells() -> None:
    game = position({1: ".......X"}, {15: "O"})
    public = game.public_view()
    assert (public.dark, public.light, public.phase, public.roll) == (
        DARK,
        LIGHT,
        Phase.PLAY,
        Face.BLANK,
    )
    assert public.piece_at("H1") is Piece.DARK_GRAPE and public.piece_at("A15") is Piece.LIGHT_GRAPE
    assert public.board[0][7] is Piece.DARK_GRAPE and public.board[14][0] is Piece.LIGHT_GRAPE
    assert public.legal == ("H2",) and public.supply == (44, 44)
    assert public.side_of(LIGHT) is Side.LIGHT and Side.LIGHT.land_row == 15
    mine, theirs = game.view_for(DARK), game.view_for(LIGHT)
    assert mine.your_turn and mine.legal == ("H2",) and mine.side is Side.DARK
    assert not theirs.your_turn and theirs.legal == ()
    place(game, "H2")
    public = game.public_view()
    assert public.last_cell == "H2" and public.to_move == LIGHT
    assert public.recent[0] == "ann placed a blank at H2"
    with pytest.raises(GameError):
        game.view_for("cy")


# -- saving ---------------------------------------------------------------------------------


def test_save_load_round_trip_and_identical_continuation() -> None:
    game = Graps.create([DARK, LIGHT], {"grape_faces": 2}, seed=9)
    for _ in range(30):
        game.apply(game.legal_actions(game.awaiting[0])[0])
    saved = game.to_json()
    loaded = Graps.from_json(json.loads(json.dumps(saved)))
    assert loaded.to_json() == saved
    assert loaded.public_view() == game.public_view()
    copy = game.clone()
    for other in (loaded, copy):
        for _ in range(30):
            if game.outcome() is not None:
                break
            action = game.legal_actions(game.awaiting[0])[-1]
            game_events = [(e.kind, e.text) for e in game.clone().apply(action)]
            assert [(e.kind, e.text) for e in other.apply(action)] == game_events
            game.apply(action)
        assert other.to_json() == game.to_json()
        game = Graps.from_json(saved)


def _played() -> dict[str, Any]:
    game = Graps.create([DARK, LIGHT], seed=3)
    for _ in range(4):
        game.apply(game.legal_actions(game.awaiting[0])[0])
    return game.to_json()


FIFTEEN = "." * 15


@pytest.mark.parametrize(
    ("played", "change", "words"),
    [
        (False, {"version": 99}, "a Graps state of version 99 cannot be loaded"),
        (False, {"version": None}, "a Graps state of version None cannot be loaded"),
        (False, {"board": [FIFTEEN] * 14}, "the board is 15 strings of 15 characters"),
        (False, {"board": "x" * 15}, "the board is 15 strings of 15 characters"),
        (
            False,
            {"board": [FIFTEEN] * 14 + [FIFTEEN[1:]]},
            "the board is 15 strings of 15 characters",
        ),
        (False, {"board": [FIFTEEN] * 14 + [15]}, "the board is 15 strings of 15 characters"),
        (False, {"board": ["?" * 15] * 15}, "not a Graps state: KeyError('?')"),
        (
            False,
            {"phase": "lunch"},
            "not a Graps state: ValueError(\"'lunch' is not a valid Phase\")",
        ),
        (False, {"mover": 2}, "mover 2 does not fit the phase setup"),
        (False, {"supply": [46, 45]}, "46 is not a count from 0 to 45"),
        (False, {"supply": [45]}, '"supply" and "removed" hold two counts, dark then light'),
        (False, {"removed": [0, 0, 0]}, '"supply" and "removed" hold two counts, dark then light'),
        (False, {"roll": "grape"}, "a roll is shown exactly while the game is in play"),
        (True, {"roll": None}, "a roll is shown exactly while the game is in play"),
        (False, {"rolls_made": 10**9 + 1}, "1000000001 is not a count from 0 to 1000000000"),
        (False, {"rolls_made": True}, "True is not a count from 0 to 1000000000"),
        (False, {"moves": -1}, "-1 is not a count from 0 to 1000000000"),
        (False, {"winners": ["eve"]}, "the winners must be players of the game"),
    ],
)
def test_unknown_versions_and_bad_states_are_refused_in_words(
    played: bool, change: dict[str, Any], words: str
) -> None:
    saved = _played() if played else Graps.create([DARK, LIGHT]).to_json()
    with pytest.raises(StateFormatError) as refused:
        Graps.from_json({**saved, **change})
    assert str(refused.value) == words


def test_a_saved_last_placement_loads_its_pruned_and_cut_off_cells() -> None:
    saved = _played()
    last = {"cell": "H8", "pruned": ["A1", "O15"], "cut_off": ["B2"]}
    assert Graps.from_json({**saved, "last": last}).to_json()["last"] == last
    with pytest.raises(StateFormatError) as refused:
        Graps.from_json({**saved, "last": {**last, "cut_off": ["Z2"]}})
    assert str(refused.value) == (
        "not a Graps state: MalformedAction(\"'Z2' is not a cell: write a column A..O then a "
        'row 1..15, like H8 (P1)")'
    )


# -- replay files and the CLI -----------------------------------------------------------


def test_replay_prints_the_state_in_the_contract_shape(tmp_path: Path, capsys) -> None:
    path = replay_file(tmp_path, OPENING, rolls=["blank", "grape"])
    assert main(["replay", path]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["game"] == "graps" and state["phase"] == "play"
    assert state["to_move"] == LIGHT and state["roll"] == "grape"
    assert len(state["board"]) == 15 and all(len(row) == 15 for row in state["board"])
    assert state["board"][0][7] == "X" and state["board"][1][7] == "x"
    assert state["board"][14][7] == "O"
    assert state["supply"] == {DARK: 43, LIGHT: 44} and state["winners"] == []
    # The whole contract (docs/notation.md): every key, as outside tools read them.
    del state["board"]
    assert state == {
        "game": "graps",
        "players": [DARK, LIGHT],
        "phase": "play",
        "to_move": LIGHT,
        "roll": "grape",
        "supply": {DARK: 43, LIGHT: 44},
        "removed": {DARK: 0, LIGHT: 0},
        "winners": [],
        "reason": None,
        "last": {"cell": "H2", "pruned": [], "cut_off": []},
        "legal": ["H14", *(f"{c}15" for c in "ABCDEFGIJKLMNO")],
        "options": {"grape_faces": 3, "return_pruned": False},
        "moves": 3,
    }


def test_replay_header_reproduces_the_game() -> None:
    game = Graps.from_replay(
        {"game": "graps", "players": [DARK, LIGHT], "seed": 4, "rolls": ["grape"]}
    )
    actions = []
    for _ in range(25):
        action = game.legal_actions(game.awaiting[0])[0]
        actions.append(action.to_json())
        game.apply(action)
    again = Graps.from_replay(game.replay_header())
    for action_json in actions:
        again.apply_json(action_json)
    assert again.to_json() == game.to_json()


def test_replay_illegal_action_exits_2_naming_its_index(tmp_path: Path, capsys) -> None:
    actions = [*OPENING[:2], {"by": DARK, "place": "G2"}]
    path = replay_file(tmp_path, actions, rolls=["blank"])
    assert main(["replay", path]) == 2
    err = capsys.readouterr().err
    assert "action 2 is illegal" in err and "G2 does not touch" in err and "(P4)" in err


def test_replay_malformed_action_exits_2(tmp_path: Path, capsys) -> None:
    path = replay_file(tmp_path, [{"by": DARK, "place": "Z99"}])
    assert main(["replay", path]) == 2
    assert "action 0 is illegal" in capsys.readouterr().err


@pytest.mark.parametrize(
    "header",
    [
        {"rolls": ["grape", "six"]},
        {"players": [DARK]},
        {"options": {"grape_faces": 9}},
        {"seed": "x"},
        {"colour": "dark"},
    ],
)
def test_replay_malformed_header_exits_1(tmp_path: Path, capsys, header) -> None:
    path = replay_file(tmp_path, OPENING, **header)
    assert main(["replay", path]) == 1
    assert "not a valid replay file" in capsys.readouterr().err


def test_replay_not_json_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
