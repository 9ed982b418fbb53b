"""The proof that a fourth game kind plugs in: tic-tac-toe, which exists only in the
tests (tests/toygame/), hosted by the real bot through the emulator, acting as the
players ann and bob.

ann opens `/toy start`, bob clicks Join, ann clicks Start; moves are made with the
cell buttons of the DM hand messages and with `/toy mark`; the table's picture decodes
and shows the marks; the bot restarts in the middle of the game and a button drawn
before the restart still plays; ann's third X in column b wins. Then the shared
commands work for the new kind: `/toy scores`, `/toy scoreboard`, `/scoreboard
game:toy`, `/toy export`, `/toy leave`, `/toy rules`. First, the engine and the UI
alone: a draw, leaving, the saved form, the places.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from PIL.Image import Image

from bot.core.gameui import Act, Control, GameButton
from bot.core.session import Session
from bot.core.storage import GameRow, Status
from games.protocol import JSON, IllegalAction, MalformedAction, StateFormatError
from render.toolkit import ALERT, INK, PANEL, RGB
from tests.bot.table import answer, hand_dm, press
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import Channel, Message
from tests.fakediscord.process import BotProcess
from tests.toygame import KIND
from tests.toygame.engine import Mark, Toy
from tests.toygame.render import SIZE, cell_box, cell_centre
from tests.toygame.ui import ToyUI

MOVES: list[dict[str, JSON]] = [
    {"by": "ann", "mark": "b2"},  # a click on ann's DM
    {"by": "bob", "mark": "a1"},  # a click on bob's DM
    {"by": "ann", "mark": "b1"},  # typed: /toy mark cell:b1
    {"by": "bob", "mark": "c1"},  # a click; then the bot restarts
    {"by": "ann", "mark": "b3"},  # a click on the DM drawn before the restart: ann wins
]
DRAW = ["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"]
"""X O X / X O O / O X X: a full board, no three in a row."""


def played(cells: list[str]) -> Toy:
    game = Toy.create(["ann", "bob"], {}, 7)
    for index, cell in enumerate(cells):
        game.apply_json({"by": ("ann", "bob")[index % 2], "mark": cell})
    return game


def colour_at(image: Image, xy: tuple[int, int], colour: RGB) -> bool:
    """Whether the pixel is that colour, give or take the shared palette's rounding."""
    pixel = image.convert("RGB").getpixel(xy)
    assert isinstance(pixel, tuple)
    return sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40


# -- the engine and the UI alone -----------------------------------------------------


def test_the_engine_plays_a_draw_refuses_nonsense_and_saves_what_it_is() -> None:
    game = played(DRAW[:4])
    assert game.awaiting == ("ann",)
    legal = [action.to_json()["mark"] for action in game.legal_actions("ann")]
    assert legal == ["a2", "c2", "a3", "b3", "c3"]  # the free cells, row by row
    assert game.legal_actions("bob") == []
    with pytest.raises(IllegalAction, match="ann's turn, not bob's"):
        game.apply_json({"by": "bob", "mark": "c3"})
    with pytest.raises(IllegalAction, match="already taken"):
        game.apply_json({"by": "ann", "mark": "b2"})
    with pytest.raises(MalformedAction):
        game.apply_json({"by": "ann", "mark": "d4"})
    with pytest.raises(MalformedAction):
        game.apply_json({"by": "ann", "pass": True})
    saved = game.to_json()
    assert Toy.from_json(json.loads(json.dumps(saved))).to_json() == saved
    assert game.clone().public_view() == game.public_view()
    with pytest.raises(StateFormatError):
        Toy.from_json({**saved, "version": 2})
    with pytest.raises(StateFormatError):
        Toy.from_json({**saved, "board": "XXXXXXXXX"})

    events = game.apply_json({"by": "ann", "mark": "a2"})
    assert [event.kind for event in events] == ["mark"]
    done = played(DRAW)
    outcome = done.outcome()
    assert outcome is not None and outcome.winners == ("ann", "bob")
    assert done.awaiting == () and done.public_view().over
    assert done.state_json()["board"] == ["XOX", "XOO", "OXX"]
    replayed = Toy.from_replay(done.replay_header())
    for index, cell in enumerate(DRAW):
        replayed.apply_json({"by": ("ann", "bob")[index % 2], "mark": cell})
    assert replayed.to_json() == done.to_json()
    with pytest.raises(IllegalAction, match="over"):
        done.apply_json({"by": "ann", "leave": True})


def test_leaving_gives_the_opponent_the_win() -> None:
    game = played(["a1"])
    events = game.apply_json({"by": "ann", "leave": True})  # what `/toy leave` sends
    assert [event.kind for event in events] == ["leave", "win", "game_over"]
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("bob",)
    assert Toy.option_defaults() == {}
    with pytest.raises(Exception, match="no options"):
        Toy.create(["ann", "bob"], {"size": 4})


def session_of(game: Toy) -> Session:
    """The game held as the bot holds a running game (no seats: the UI reads the engine)."""
    running = Status.RUNNING
    row = GameRow(1, 10, 20, "toy", {}, running, 30, None, game.to_json(), game.moves, None)
    return Session(
        row=row, engine=game, seats=[], status=running, table_message_id=None, record=KIND
    )


def test_the_ui_places_a_draw_first_for_both_and_offers_the_free_cells() -> None:
    ui = ToyUI()
    assert [(r.name, r.place) for r in ui.results(session_of(played(DRAW)).table())] == [
        ("ann", 1),
        ("bob", 1),
    ]
    won = played(["b2", "a1", "b1", "c1", "b3"])
    assert [(r.name, r.place, r.score) for r in ui.results(session_of(won).table())] == [
        ("ann", 1, 3),
        ("bob", 2, 2),
    ]
    session = session_of(played(["b2"]))
    buttons = ui.controls(session.hand("bob"))
    labels = [button.item.label for button in buttons if isinstance(button, GameButton)]
    assert labels == ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
    assert ui.controls(session.hand("ann")) == []
    step = ui.on_control(session.hand("bob"), Control(1, 1, "mark", ("c3",)), ())
    assert step == Act(Mark("bob", "c3"))
    assert "three in a row" in KIND.rules()


# -- through the emulator ------------------------------------------------------------


async def open_table(emu: FakeDiscord, general: Channel) -> Message:
    """ann opens the lobby, bob clicks Join, ann clicks Start; the table message."""
    ann, bob = emu.user("ann"), emu.user("bob")
    lobby = await (await ann.slash(general, "toy start")).message()
    assert "Tic-tac-toe" in lobby.text and "Join" in lobby.text
    assert not [b for b in lobby.buttons() if "AI" in (b.label or "")]  # no computer players
    await (await bob.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: "2 of 2 to 2" in m.text)
    await (await ann.click(lobby, "Start")).ack()
    await lobby.wait_until(lambda m: "ann (X) to move" in m.text)
    return lobby


async def test_a_whole_game_with_a_restart_then_scores_and_export(
    fake_discord: FakeDiscord, toy_bot: BotProcess
) -> None:
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await open_table(emu, general)
    assert "ann (X) vs bob (O)" in table.text
    empty = table.images()[0]
    assert empty.size == SIZE and colour_at(empty, cell_centre("b2"), PANEL)

    first = await hand_dm(emu, ann, 0)
    assert [button.label for button in first.buttons()][:3] == ["a1", "b1", "c1"]
    assert len(first.buttons()) == 9 and first.images()
    await press(emu, ann, 0, "b2")
    await table.wait_until(lambda m: "ann marked b2 with X" in m.text)
    assert colour_at(table.images()[0], cell_centre("b2"), INK), "the X crosses b2's centre"

    second = await hand_dm(emu, bob, 1)
    assert "b2" not in [button.label for button in second.buttons()]
    assert len(second.buttons()) == 8
    await press(emu, bob, 1, "a1")
    await hand_dm(emu, ann, 2)
    reply = await ann.slash(general, "toy mark", cell="b1")
    assert "You marked b1." in await answer(reply)
    await press(emu, bob, 3, "c1")
    before = await hand_dm(emu, ann, 4)  # drawn before the restart
    edits = table.edits

    await toy_bot.restart()  # Ctrl-C, then start again
    await table.wait_until(lambda m: m.edits > edits)  # redrawn on start
    assert (await hand_dm(emu, ann, 4)).id == before.id  # no second DM
    mark = general.mark()
    await (await ann.click(before, "b3")).ack()
    over = await general.wait_message(lambda m: "Game over" in m.content, after=mark)
    assert ann.mention in over.content and "three in a row (b1, b2, b3)" in over.text
    await table.wait_until(lambda m: "Game over: ann wins" in m.text and not m.buttons())
    x0, y0, x1, _ = cell_box("b3")
    assert colour_at(table.images()[0], ((x0 + x1) // 2, y0 + 2), ALERT), "b3 is outlined"

    scores = await (await bob.slash(general, "toy scores")).message()
    assert "Tic-tac-toe" in scores.text and scores.images()[0].size == SIZE
    standings = await (await bob.slash(general, "toy scoreboard")).message()
    assert "Tic-tac-toe scoreboard" in standings.text and "2 players" in standings.text
    assert standings.images()
    first_place = await (await bob.slash(general, "toy scoreboard", player=ann)).message()
    assert "place 1, 1 game, 1 win" in first_place.text
    second_place = await (await ann.slash(general, "toy scoreboard", player=bob)).message()
    assert "place 2, 1 game, 0 wins" in second_place.text
    by_name = await (await ann.slash(general, "scoreboard", game="toy")).message()
    assert "Tic-tac-toe scoreboard" in by_name.text and by_name.images()
    overall = await (await ann.slash(general, "scoreboard")).message()
    assert "all games" in overall.text and overall.images()

    exported = await (await ann.slash(general, "toy export")).message()
    data: dict[str, Any] = json.loads(exported.attachments[0].data)
    assert data["game"] == "toy" and data["players"] == ["ann", "bob"]
    assert data["actions"] == MOVES
    game = Toy.from_replay({key: value for key, value in data.items() if key != "actions"})
    for action in data["actions"]:
        game.apply_json(action)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("ann",)
    assert emu.rejected == []


async def test_without_computer_players_a_kick_is_a_leave(
    fake_discord: FakeDiscord, toy_bot: BotProcess
) -> None:
    """Audit finding 2, in a kind without computer players: the kicked player leaves,
    and gets no result, so the host wins no rating over them."""
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await open_table(emu, general)
    kicked = await (await ann.slash(general, "toy kick", player=bob)).message()
    assert "removed" in kicked.text and bob.mention in kicked.text
    await table.wait_until(lambda m: "Game over: ann wins" in m.text)
    assert emu.rejected == []
    with sqlite3.connect(toy_bot.database_path) as db:
        results = db.execute("SELECT user_id, place FROM results").fetchall()
        seat = db.execute("SELECT left_game, kicked FROM seats WHERE user_id = ?", (bob.id,))
        assert results == [(ann.id, 1)] and seat.fetchone() == (1, 1)


async def test_leaving_through_the_shared_command_and_the_rules(
    fake_discord: FakeDiscord, toy_bot: BotProcess
) -> None:
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await open_table(emu, general)
    await hand_dm(emu, ann, 0)
    assert "You marked a1." in await answer(await ann.slash(general, "toy mark", cell="a1"))
    await hand_dm(emu, bob, 1)
    mark = general.mark()
    left = await answer(await bob.slash(general, "toy leave"))
    assert "You left the game; your opponent wins." in left
    over = await general.wait_message(lambda m: "Game over" in m.content, after=mark)
    assert ann.mention in over.content and "bob left: ann wins" in over.text
    await table.wait_until(lambda m: "Game over: ann wins" in m.text)
    standing = await (await ann.slash(general, "toy scoreboard", player=bob)).message()
    assert "place 2, 1 game, 0 wins" in standing.text
    rules = await (await ann.slash(general, "toy rules")).message()
    assert rules.ephemeral and b"three in a row" in rules.attachments[0].data
    assert emu.rejected == []
