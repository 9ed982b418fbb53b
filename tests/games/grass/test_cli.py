"""The hot-seat terminal game (games/cli.py) over the protocol."""

from __future__ import annotations

from games.cli import play


def test_cli_plays_numbered_and_json_actions_until_quit():
    answers = iter(["1", '{"discard": "weed"}', "nonsense", "q"])
    lines: list[str] = []
    status = play("grass", ["ann", "bob"], 3, read=lambda _: next(answers), write=lines.append)
    text = "\n".join(lines)
    assert status == 0
    assert "ann's hand" in text and "  1. " in text
    assert "* ann" in text  # the first action was applied
    assert "refused" in text and "not a Grass card id" in text
    assert "type the number" in text


def test_cli_refuses_a_bad_table():
    lines: list[str] = []
    assert play("grass", ["ann"], 1, read=lambda _: "q", write=lines.append) == 1
    assert "cannot start" in lines[0]
