"""`python -m games` run in this process through `main(argv)`: its usage and help, the
hot-seat game it starts, and what `replay` says on stderr and prints on stdout, each
read whole. (Other tests run the command in a subprocess; these reach the same code
where a mutation test can follow it.)"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from games.__main__ import main
from games.graps import Graps
from games.protocol import StateFormatError
from games.replay import MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES, load_file

USAGE = "usage: python -m games [-h] {replay,play} ...\n"
PLAY_USAGE = (
    "usage: python -m games play [-h] [--players PLAYERS] [--seed SEED]\n"
    "                            {grass,gracias,graps}\n"
)


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse wraps its help to the terminal's width: the texts below are 80 wide."""
    monkeypatch.setenv("COLUMNS", "80")


def exit_status(argv: list[str]) -> int | str | None:
    with pytest.raises(SystemExit) as ended:
        main(argv)
    return ended.value.code


def test_no_command_is_refused_with_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status([]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == (
        "",
        USAGE + "python -m games: error: the following arguments are required: command\n",
    )


def test_the_help_names_both_commands_and_what_they_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert exit_status(["--help"]) == 0
    assert capsys.readouterr().out == (
        USAGE + "\n"
        "positional arguments:\n"
        "  {replay,play}\n"
        "    replay       apply a replay file, print the state\n"
        "    play         a hot-seat game in this terminal\n"
        "\n"
        "options:\n"
        "  -h, --help     show this help message and exit\n"
    )


def test_play_offers_the_registered_games_and_refuses_another(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert exit_status(["play", "--help"]) == 0
    assert capsys.readouterr().out == (
        PLAY_USAGE + "\n"
        "positional arguments:\n"
        "  {grass,gracias,graps}\n"
        "\n"
        "options:\n"
        "  -h, --help            show this help message and exit\n"
        "  --players PLAYERS\n"
        "  --seed SEED\n"
    )
    assert exit_status(["play", "chess"]) == 2
    assert capsys.readouterr().err == (
        PLAY_USAGE + "python -m games play: error: argument game: invalid choice: 'chess' "
        "(choose from 'grass', 'gracias', 'graps')\n"
    )


def play(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """`main(argv)` with `typed` as the terminal's input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return main(argv)


def test_play_seats_the_players_named_in_their_order_and_deals_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert play(["play", "grass", "--players", "bob,ann", "--seed", "2"], "q\n", monkeypatch) == 0
    assert capsys.readouterr() == (
        "Grass, seed 2. Type a number, a JSON action, or q to quit.\n"
        "\n"
        "Hand 1, draw pile 91, phase turn\n"
        "  bob      market closed; stash []; 7 cards; total $0\n"
        "  ann      market closed; stash []; 6 cards; total $0\n"
        "  | Hand 1 is dealt (104 cards); bob moves first\n"
        "bob's hand: Colombia, Colombia, Pay Fine, Home Grown, Colombia, Banker, Market Close\n"
        "(you drew Market Close)\n"
        '    1. {"by": "bob", "discard": "colombia"}\n'
        '    2. {"by": "bob", "discard": "pay_fine"}\n'
        '    3. {"by": "bob", "discard": "home_grown"}\n'
        '    4. {"by": "bob", "discard": "banker"}\n'
        '    5. {"by": "bob", "discard": "market_close"}\n'
        "bob> ",
        "",
    )


def test_play_seats_ann_bob_and_cy_unless_told(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert play(["play", "grass", "--seed", "3"], "q\n", monkeypatch) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3:6] == [
        "  ann      market closed; stash []; 7 cards; total $0",
        "  bob      market closed; stash []; 6 cards; total $0",
        "  cy       market closed; stash []; 6 cards; total $0",
    ]
    # Three players are one too many for Graps: said, and the status is 1.
    assert play(["play", "graps"], "q\n", monkeypatch) == 1
    assert capsys.readouterr().out == "cannot start: Graps is played by exactly 2 players, not 3\n"


def test_play_without_a_seed_draws_one_and_says_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert play(["play", "graps", "--players", "ann,bob"], "", monkeypatch) == 0
    first = capsys.readouterr().out.splitlines()[0]
    said = re.fullmatch(r"Graps, seed (\d+)\. Type a number, a JSON action, or q to quit\.", first)
    assert said is not None


def replay_command(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_prints_the_state_as_json_one_space_indented(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A header alone is a replay file: the game as created."""
    path = tmp_path / "game.json"
    header = {"game": "graps", "players": ["ann", "bob"], "seed": 4}
    path.write_text(json.dumps(header), encoding="utf-8")
    state = Graps.from_replay(header).state_json()
    assert replay_command(path, capsys) == (0, json.dumps(state, indent=1) + "\n", "")


def test_replay_of_a_file_it_cannot_read_says_why_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "missing.json"
    assert replay_command(path, capsys) == (
        1,
        "",
        f"cannot read {path}: No such file or directory\n",
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (
            "not json",
            "cannot be replayed: it is not valid JSON: Expecting value: line 1 column 1 (char 0)",
        ),
        ("[1]", "is not a valid replay file: a replay file is a JSON object"),
        (
            '{"game": "graps", "players": ["ann", "bob"], "actions": {}}',
            'is not a valid replay file: "actions" must be a list of action objects',
        ),
    ],
    ids=["not-json", "not-an-object", "actions-not-a-list"],
)
def test_replay_of_a_malformed_file_says_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, reason: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    assert replay_command(path, capsys) == (1, "", f"{path} {reason}\n")


def test_replay_read_by_a_reader_that_quit_ends_quietly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m games replay FILE | head`, `head` gone: status 0, nothing on stderr,
    and stdout pointed at the null device so that the flush at exit cannot fail."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "graps", "players": ["ann", "bob"], "seed": 4}))
    read_end, write_end = os.pipe()
    os.close(read_end)
    with open(write_end, "w", encoding="utf-8") as closed_pipe:
        monkeypatch.setattr(sys, "stdout", closed_pipe)
        assert main(["replay", str(path)]) == 0
        monkeypatch.undo()
        assert os.path.samestat(os.fstat(write_end), os.stat(os.devnull))
    assert capsys.readouterr() == ("", "")


def padded(data: Any, size: int) -> bytes:
    """`data` as JSON, spaces after it up to `size` bytes."""
    text = json.dumps(data).encode()
    return text + b" " * (size - len(text))


def test_a_file_of_the_largest_size_is_read_one_byte_more_is_not(tmp_path: Path) -> None:
    header = {"game": "graps", "players": ["ann", "bob"], "seed": 4}
    path = tmp_path / "game.json"
    path.write_bytes(padded(header, MAX_FILE_BYTES))
    assert load_file(str(path)) == header
    path.write_bytes(padded(header, MAX_FILE_BYTES + 1))
    with pytest.raises(StateFormatError) as refused:
        load_file(str(path))
    assert str(refused.value) == "it is larger than 4 MiB"


def test_a_file_that_never_ends_is_refused_once_past_the_limit(tmp_path: Path) -> None:
    """A pipe kept open after its writer sent one byte over the limit: reading stops
    there, never waiting for an end that may not come."""
    fifo = tmp_path / "endless"
    os.mkfifo(fifo)
    done = threading.Event()
    waited_in_vain: list[bool] = []

    def write() -> None:
        with open(fifo, "wb") as pipe:
            pipe.write(b" " * (MAX_FILE_BYTES + 1))
            pipe.flush()
            waited_in_vain.append(not done.wait(timeout=10))

    writer = threading.Thread(target=write)
    writer.start()
    try:
        with pytest.raises(StateFormatError) as refused:
            load_file(str(fifo))
    finally:
        done.set()
        writer.join()
    assert str(refused.value) == "it is larger than 4 MiB"
    assert waited_in_vain == [False]  # refused while the pipe was still open


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_a_file_nesting_to_the_limit_is_read_one_level_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(f'{{"actions": {nested(MAX_DEPTH - 1)}, "game": "graps"}}')
    assert load_file(str(path))["game"] == "graps"
    path.write_text(nested(MAX_DEPTH))
    assert load_file(str(path)) == json.loads(nested(MAX_DEPTH))
    too_deep = "its arrays and objects nest more than 32 deep"
    # The scalar after the deep list is looked at first: the list is measured all the same.
    for content in [nested(MAX_DEPTH + 1), f'{{"actions": {nested(MAX_DEPTH)}, "game": "g"}}']:
        path.write_text(content)
        with pytest.raises(StateFormatError) as refused:
            load_file(str(path))
        assert str(refused.value) == too_deep


def test_a_number_of_the_most_digits_is_read_one_digit_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    largest = "9" * MAX_DIGITS
    path.write_text(f'{{"seed": -{largest}}}')
    assert load_file(str(path)) == {"seed": -int(largest)}
    path.write_text(f'{{"seed": 1{largest}}}')
    with pytest.raises(StateFormatError) as refused:
        load_file(str(path))
    assert str(refused.value) == "it holds a number of over 4,300 digits"


def test_replay_writes_the_animation_of_a_game_or_of_one_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from PIL import Image, ImageSequence

    from games.randomplay import random_replay

    path, out = tmp_path / "game.json", tmp_path / "game.gif"
    path.write_text(json.dumps(random_replay("gracias", ["ann", "bob", "cy"], 3)), encoding="utf-8")
    assert main(["replay", str(path), "--animation", str(out), "--part", "2"]) == 0
    out_text, err = capsys.readouterr()
    frames = sum(1 for _ in ImageSequence.Iterator(Image.open(out)))
    assert out_text == "" and re.fullmatch(rf"{out}: {frames} frames, \d+ s, \d+ KB\n", err)
    assert main(["replay", str(path), "--animation", str(out), "--part", "4"]) == 1
    assert capsys.readouterr().err == f"{path}: no part 4: the game had 3\n"
    path.write_text("[1]", encoding="utf-8")
    assert main(["replay", str(path), "--animation", str(out)]) == 1
    assert (
        capsys.readouterr().err
        == f"{path} is not a valid replay file: a replay file is a JSON object\n"
    )


def test_replay_writes_the_page_of_a_whole_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from games.randomplay import random_replay

    path, out = tmp_path / "game.json", tmp_path / "game.html"
    path.write_text(json.dumps(random_replay("graps", ["ann", "bob"], 3)), encoding="utf-8")
    assert main(["replay", str(path), "--html", str(out), "--language", "fr"]) == 0
    out_text, err = capsys.readouterr()
    page = out.read_text(encoding="utf-8")
    assert out_text == "" and err == f"{out}: {round(len(page.encode()) / 1024)} KB\n"
    assert page.startswith("<!DOCTYPE html>") and '<html lang="fr">' in page
    # A page holds the whole game: --part is the animation's only.
    with pytest.raises(SystemExit) as refused:
        main(["replay", str(path), "--html", str(out), "--part", "1"])
    assert refused.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: --part applies to --animation only: a page holds the whole game\n"
    )
    path.write_text('{"game": "graps", "players": ["ann", "bob"], "seed": 3, "actions": [7]}')
    assert main(["replay", str(path), "--html", str(out)]) == 2
    assert capsys.readouterr().err == "action 0 is illegal: an action is a JSON object\n"
