"""The Gracias notation, the replay contract (docs/notation.md) and saving."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.gracias import ChooseTrio, Colour, Gracias, Leave, SplitTrio, TakeTrio
from games.protocol import MalformedAction, StateFormatError
from games.replay import replay
from tests.games.gracias.helpers import stacked

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("data", "action"),
    [
        (
            {"by": "ann", "trio": 2, "keep": "red", "give_to": "bob"},
            ChooseTrio("ann", 2, Colour.RED, "bob"),
        ),
        ({"by": "ann", "trio": 2}, TakeTrio("ann", 2)),
        ({"by": "ann", "keep": "purple", "give_to": "cy"}, SplitTrio("ann", Colour.PURPLE, "cy")),
        ({"by": "ann", "leave": True}, Leave("ann")),
    ],
)
def test_notation_parses_and_writes_back(data: dict[str, object], action: object) -> None:
    game = Gracias.create(["ann", "bob", "cy"])
    parsed = game.parse_action(data)
    assert parsed == action
    assert parsed.to_json() == data


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"trio": 1},
        {"by": "ann"},
        {"by": "", "trio": 1},
        {"by": 3, "trio": 1},
        {"by": "ann", "trio": "1"},
        {"by": "ann", "trio": True},
        {"by": "ann", "trio": 1, "keep": "red"},
        {"by": "ann", "trio": 1, "give_to": "bob"},
        {"by": "ann", "trio": 1, "keep": "pink", "give_to": "bob"},
        {"by": "ann", "trio": 1, "keep": "Red", "give_to": "bob"},
        {"by": "ann", "trio": 1, "keep": "red", "give_to": 2},
        {"by": "ann", "keep": "red"},
        {"by": "ann", "leave": False},
        {"by": "ann", "leave": True, "trio": 1},
        {"by": "ann", "trio": 1, "card": "red"},
    ],
)
def test_notation_malformed(data: dict[str, object]) -> None:
    with pytest.raises(MalformedAction):
        Gracias.create(["ann", "bob", "cy"]).apply_json(data)


def test_state_json_has_the_contract_shape() -> None:
    game = Gracias.create(["ann", "bob", "cy", "dee"], seed=4)
    state = json.loads(json.dumps(game.state_json()))
    assert state["game"] == "gracias"
    assert (state["round"], state["turn"], state["phase"], state["to_move"]) == (
        1,
        1,
        "choose",
        "ann",
    )
    assert len(state["trios"]) == 4
    assert all(len(t["face_up"]) == 2 and t["taken"] is False for t in state["trios"])
    assert set(state["players"]) == {"ann", "bob", "cy", "dee"}
    for player in state["players"].values():
        assert set(player["reserve"]) == {"red", "orange", "yellow", "green", "blue", "purple"}
        assert sum(player["reserve"].values()) == 2
        assert player["hidden"] == [] and player["round_scores"] == [] and player["total"] == 0
    assert state["winners"] == []


def test_c3_the_openers_seats_and_trio_numbers_in_the_state_json_and_the_views() -> None:
    game = Gracias.create(["ann", "bob", "cy", "dee"], seed=4)
    while game.turn == 1:
        game.apply(game.legal_actions(game.awaiting[0])[0])
    state = game.state_json()
    assert (state["turn"], state["big_opener"], state["small_opener"]) == (2, "ann", "bob")
    assert {name: player["seat"] for name, player in state["players"].items()} == {
        "ann": 0,
        "bob": 1,
        "cy": 2,
        "dee": 3,
    }
    assert [trio["number"] for trio in state["trios"]] == [1, 2, 3, 4]
    view = game.public_view()
    assert (view.big_opener, view.small_opener) == ("ann", "bob")
    assert [trio.number for trio in view.trios] == [1, 2, 3, 4]
    assert [(seat.name, seat.seat) for seat in view.seats] == [
        ("ann", 0),
        ("bob", 1),
        ("cy", 2),
        ("dee", 3),
    ]
    with pytest.raises(KeyError) as stranger:
        game.view_for("eve")
    assert stranger.value.args == ("eve is not playing in this game",)


def test_save_and_load_round_trip_mid_choice_and_at_the_end() -> None:
    game = Gracias.create(["ann", "bob", "cy"], seed=9)
    game.apply_json({"by": "ann", "trio": 2})
    loaded = Gracias.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.to_json() == game.to_json()
    assert loaded.view_for("ann") == game.view_for("ann")
    assert loaded.legal_actions("ann") == game.legal_actions("ann")
    while game.outcome() is None:
        game.apply(game.legal_actions(game.awaiting[0])[0])
    loaded = Gracias.from_json(game.to_json())
    assert loaded.outcome() == game.outcome()
    assert loaded.public_view() == game.public_view()


DAMAGED = "a saved Gracias game is damaged: "
NOT_A_LIST = DAMAGED + "StateFormatError('a list of colour ids was expected')"
MAUVE = DAMAGED + "StateFormatError(\"unknown colour id: 'mauve' is not a valid Colour\")"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"game": "grass"}, "not a saved Gracias game"),
        ({"game": None}, "not a saved Gracias game"),
        ({"version": 99}, "saved Gracias state version 99 is not 1"),
        ({"version": None}, "saved Gracias state version None is not 1"),
        ({"pile": ["red", "mauve"]}, MAUVE),
        ({"pile": "red"}, NOT_A_LIST),
        ({"decks": ["red"]}, NOT_A_LIST),
        ({"decks": [["mauve"]]}, MAUVE),
        ({"trios": None}, DAMAGED + "TypeError(\"'NoneType' object is not iterable\")"),
        ({"active": [True, True]}, DAMAGED + "per-player lists differ"),
        ({"took": [False] * 4}, DAMAGED + "per-player lists differ"),
        ({"hidden": [[], []]}, DAMAGED + "per-player lists differ"),
    ],
)
def test_load_refuses_other_games_other_versions_and_damage_in_words(
    change: dict[str, object], words: str
) -> None:
    data = Gracias.create(["ann", "bob", "cy"]).to_json()
    with pytest.raises(StateFormatError) as refused:
        Gracias.from_json({**data, **change})
    assert str(refused.value) == words


def test_load_refuses_what_is_no_saved_game_and_a_missing_key_in_words() -> None:
    data = Gracias.create(["ann", "bob", "cy"]).to_json()
    for document in ([data], {k: v for k, v in data.items() if k != "game"}):
        with pytest.raises(StateFormatError) as refused:
            Gracias.from_json(document)  # type: ignore[arg-type]
        assert str(refused.value) == "not a saved Gracias game"
    with pytest.raises(StateFormatError) as refused:
        Gracias.from_json({k: v for k, v in data.items() if k != "trios"})
    assert str(refused.value) == DAMAGED + "KeyError('trios')"


def test_a_game_dealt_from_given_decks_saves_and_loads_with_them() -> None:
    decks = [stacked([]), stacked([])[::-1]]
    game = Gracias.from_replay({"game": "gracias", "players": THREE, "decks": decks})
    game.apply(game.legal_actions("ann")[0])
    loaded = Gracias.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.to_json() == game.to_json()
    assert [loaded.round_deck(n) for n in (1, 2)] == [game.round_deck(n) for n in (1, 2)]


def test_replay_header_reproduces_the_game() -> None:
    game = Gracias.create(["ann", "bob", "cy"], seed=21)
    actions = []
    while game.outcome() is None:
        action = game.legal_actions(game.awaiting[0])[-1]
        actions.append(action.to_json())
        game.apply(action)
    again = replay({**game.replay_header(), "actions": actions})
    assert again.state_json() == game.state_json()


def test_decks_override_the_seeded_shuffle() -> None:
    deck = stacked(["blue"] * 6)
    a = Gracias.from_replay(
        {"game": "gracias", "players": ["ann", "bob", "cy"], "seed": 1, "decks": [deck]}
    )
    b = Gracias.from_replay(
        {"game": "gracias", "players": ["ann", "bob", "cy"], "seed": 2, "decks": [deck]}
    )
    assert a.state_json()["trios"] == b.state_json()["trios"]
    assert a.replay_header()["decks"] == [deck]
    assert a.round_deck(2) != b.round_deck(2)  # rounds without a deck use the seed


THREE = ["ann", "bob", "cy"]
HELD = "it holds {} red, 0 orange, 0 yellow, 0 green, 0 blue, 0 purple"


@pytest.mark.parametrize(
    ("header", "words"),
    [
        ({"players": ["ann", "bob"]}, "Gracias is for 3 to 6 players, not 2"),
        ({"players": "ann,bob,cy"}, '"players" must be a list of names'),
        ({"players": ["ann", "bob", 3]}, '"players" must be a list of names'),
        ({"players": THREE, "seed": "x"}, '"seed" must be an integer'),
        ({"players": THREE, "seed": True}, '"seed" must be an integer'),
        ({"players": THREE, "options": [1]}, '"options" must be an object'),
        ({"players": THREE, "options": {"x": 1}}, "Gracias has no options; unknown: x"),
        (
            {"players": THREE, "decks": [["red"] * 108]},
            "deck 1 must hold the 108 cards, 18 of each colour (C1); " + HELD.format(108),
        ),
        (
            {"players": THREE, "decks": [stacked([]), ["red"]]},
            "deck 2 must hold the 108 cards, 18 of each colour (C1); " + HELD.format(1),
        ),
        (
            {"players": THREE, "decks": [stacked([])] * 4},
            '"decks" must be a list of at most 3 decks (one per round)',
        ),
        (
            {"players": THREE, "decks": "x"},
            '"decks" must be a list of at most 3 decks (one per round)',
        ),
        (
            {"players": THREE, "deck": [], "colour": 1},
            "unknown key(s) in a Gracias replay: colour, deck",
        ),
    ],
)
def test_bad_replay_headers_are_refused_in_words(header: dict[str, object], words: str) -> None:
    with pytest.raises(StateFormatError) as refused:
        Gracias.from_replay({"game": "gracias", **header})
    assert str(refused.value) == words


def test_a_header_may_give_a_deck_for_each_of_the_three_rounds_and_no_seed() -> None:
    decks = [stacked([])] * 3
    game = Gracias.from_replay({"game": "gracias", "players": THREE, "decks": decks})
    assert [game.round_deck(n) for n in (1, 2, 3)] == [game.round_deck(1)] * 3
    unseeded = Gracias.from_replay({"game": "gracias", "players": THREE})
    assert (
        unseeded.to_json()
        == Gracias.from_replay({"game": "gracias", "players": THREE, "seed": 0}).to_json()
    )
    assert (
        unseeded.to_json()
        != Gracias.from_replay({"game": "gracias", "players": THREE, "seed": 1}).to_json()
    )


def run_cli(tmp_path: Path, content: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_cli_replay_exit_0_prints_the_state(tmp_path: Path) -> None:
    deck = stacked(["red"] * 6 + ["orange", "yellow", "green", "blue", "purple", "green"])
    actions = [
        {"by": "ann", "trio": 1, "keep": "blue", "give_to": "cy"},
        {"by": "bob", "trio": 2},
    ]
    data = {
        "game": "gracias",
        "players": ["ann", "bob", "cy"],
        "seed": 0,
        "decks": [deck],
        "actions": actions,
    }
    done = run_cli(tmp_path, json.dumps(data))
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["to_move"] == "bob" and state["taken_trio"] == 2
    assert state["players"]["cy"]["reserve"]["orange"] == 1
    assert state["trios"][0] == {
        "number": 1,
        "face_up": [],
        "taken": True,
        "taken_by": "ann",
        "face_down": None,
    }


def test_cli_replay_exit_2_names_the_illegal_action(tmp_path: Path) -> None:
    actions = [{"by": "ann", "trio": 1}, {"by": "ann", "trio": 2}]
    data = {"game": "gracias", "players": ["ann", "bob", "cy"], "seed": 0, "actions": actions}
    done = run_cli(tmp_path, json.dumps(data))
    assert done.returncode == 2
    assert "action 1" in done.stderr and "C5" in done.stderr


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"game": "gracias", "players": ["ann", "bob"], "actions": []}),
        json.dumps({"game": "gracias", "players": ["ann", "bob", "cy"], "decks": [["red"]]}),
    ],
)
def test_cli_replay_exit_1_for_a_malformed_file(tmp_path: Path, content: str) -> None:
    done = run_cli(tmp_path, content)
    assert done.returncode == 1
    assert done.stderr


def test_cli_replay_read_by_a_reader_that_quits_early_is_no_error(tmp_path: Path) -> None:
    """`python -m games replay FILE | head`: a closed pipe ends quietly, status 0."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "gracias", "players": ["ann", "bob", "cy"], "seed": 4}))
    process = subprocess.Popen(
        [sys.executable, "-m", "games", "replay", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the state is written
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0, error
    assert "Traceback" not in error and "BrokenPipe" not in error


def test_a_clone_offers_the_same_actions_and_plays_on_apart() -> None:
    game = Gracias.create(THREE, seed=5)
    twin = game.clone()
    mover = game.awaiting[0]
    assert twin.legal_actions(mover) == game.legal_actions(mover)
    twin.apply(twin.legal_actions(mover)[0])
    assert twin.state_json() != game.state_json()
    assert game.legal_actions(mover) == Gracias.create(THREE, seed=5).legal_actions(mover)
