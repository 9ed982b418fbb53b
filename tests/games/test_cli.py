"""The hot-seat terminal game (games/cli.py) over the protocol: what it prints, read
whole. A session's transcript is kept in tests/games/cli/; after a deliberate change,
`UPDATE_GOLDEN=1` rewrites it (then read the diff)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from games.cli import describe, play
from games.registry import game_class
from tests.games.grass.helpers import game_with, idle, move, seat_of, traders

GOLDEN = Path(__file__).parent / "cli"


def session(kind: str, players: list[str], seed: int, answers: list[str]) -> tuple[int, str]:
    """The exit status and the whole transcript, prompts included."""
    given: Iterator[str] = iter(answers)
    lines: list[str] = []

    def read(prompt: str) -> str:
        lines.append(prompt)
        return next(given)

    status = play(kind, players, seed, read=read, write=lines.append)
    return status, "\n".join(lines) + "\n"


def same_as_kept(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_numbered_and_json_actions_refusals_and_quit_read_as_kept() -> None:
    answers = ["1", '{"discard": "weed"}', "nonsense", '{"play": "market_open"}', "2", "quit"]
    status, text = session("grass", ["ann", "bob"], 3, answers)
    assert status == 0
    same_as_kept("grass-seed-3.txt", text)


def test_a_game_played_to_its_end_names_its_winners_and_why() -> None:
    status, text = session("graps", ["ann", "bob"], 2, ["1"] * 200)
    assert status == 0
    assert text.endswith(
        "* bob reached ann's land, row 1\n"
        "* game over: bob wins\n"
        "Game over: bob (bob reached ann's land, row 1)\n"
    )


def test_the_input_ending_stops_the_game_quietly() -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    lines: list[str] = []
    assert play("graps", ["ann", "bob"], 2, read=closed, write=lines.append) == 0
    assert lines[0] == "Graps, seed 2. Type a number, a JSON action, or q to quit."
    assert lines[-1] == '   15. {"by": "ann", "place": "O1"}'
    assert session("graps", ["ann", "bob"], 2, ["q"])[0] == 0


def test_a_table_the_game_refuses_is_said_and_exits_1() -> None:
    lines: list[str] = []
    assert play("grass", ["ann"], 1, read=lambda _: "q", write=lines.append) == 1
    assert lines == ["cannot start: Grass is played by 2 to 6 players, not 1"]


def test_a_grass_player_sees_stashes_heat_lost_turns_and_the_offer() -> None:
    g = traders()
    seat_of(g, "bob").skip = 2
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    table = (
        "Hand 1, draw pile 83, phase offer\n"
        "  ann      market open; stash [Mexico]; 7 cards; total $0\n"
        "  bob      market open; stash [Colombia*, Jamaica]; 6 cards; total $0; skips 2\n"
        "  discard pile top: Immunity\n"
        "  | bob played Jamaica ($25,000)\n"
        "  | ann discarded Immunity\n"
        "  | bob played Grab a Snack covering Colombia\n"
        "  | ann offers bob a trade\n"
    )
    offer = (
        "Offer on the table: Offer(by='ann', to='bob', give=(Card.parse('banker'),), "
        "take=(Card.parse('sold_out'),), give_stash=(), take_stash=())"
    )
    assert describe(g, "bob") == (
        table + "bob's hand: Sold Out, Immunity, Immunity, A Breeze to Fly, A Breeze to Fly, "
        "Hearsay Evidence\n" + offer
    )
    assert describe(g, "ann") == (
        table + "ann's hand: Panama, Banker, Immunity, A Breeze to Fly, A Breeze to Fly, "
        "A Breeze to Fly, Hearsay Evidence\n(you drew Hearsay Evidence)\n" + offer
    )
    busted = game_with({"ann": ["market_open"], "bob": ["bust", "felony"]})
    move(busted, "ann", play="market_open")
    move(busted, "bob", play="bust", target="ann")
    assert "  ann      market blocked <- Bust; stash []; 7 cards; total $0\n" in describe(
        busted, "ann"
    )
    idle(busted, "ann")
    move(busted, "bob", play="felony", target="ann")  # heat stacks (G9)
    assert "  ann      market blocked <- Bust, Felony; stash []; 7 cards; total $0\n" in describe(
        busted, "ann"
    )


def test_a_game_without_its_own_text_shows_the_view_private_words_and_a_shared_win() -> None:
    status, text = session("gracias", ["ann", "bob", "cy"], 4, ["1", '{"leave": true}'])
    assert status == 0
    lines = text.splitlines()
    game = game_class("gracias").create(["ann", "bob", "cy"], None, 4)
    assert lines[1:3] == ["", repr(game.view_for("ann"))]
    assert describe(game, "ann") == repr(game.view_for("ann"))
    taken = lines.index("* ann took trio 1")
    assert lines[taken + 1] == "  (You took a hidden purple)"  # ann's own words, to ann only
    assert lines[-3:] == [
        "* bob left the game.",
        "* ann and cy share the win (fewer than 3 players left).",
        "Game over: ann, cy (fewer than 3 players left)",
    ]


def test_a_game_started_without_a_seed_draws_one_and_says_it() -> None:
    lines: list[str] = []
    assert play("graps", ["ann", "bob"], None, read=lambda _: "q", write=lines.append) == 0
    said = re.fullmatch(
        r"Graps, seed (\d+)\. Type a number, a JSON action, or q to quit\.", lines[0]
    )
    assert said is not None and 0 <= int(said.group(1)) < 1_000_000
    again: list[str] = []
    play("graps", ["ann", "bob"], int(said.group(1)), read=lambda _: "q", write=again.append)
    assert again == lines  # the seed said is the seed played
