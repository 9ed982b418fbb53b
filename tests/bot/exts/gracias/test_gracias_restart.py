"""Restarts in the middle of a Gracias game played to its end: every acknowledged move is
still there, the
player who took a trio before the restart still holds it and still sees its face-down
card (C5), and the keep/give buttons drawn before the restart still work; the table stays
one message, edited in place, and the pictures decode at a phone-first width. A clean
stop (Ctrl-C), then a crash (SIGKILL)."""

from __future__ import annotations

import sqlite3

from render.gracias.table import WIDTH
from tests.bot.gracias_play import MOVES, gracias_bot, open_table, play_move  # noqa: F401
from tests.bot.table import hand_dm, picture, the_one_table


def stored(bot) -> tuple[int, int]:
    with sqlite3.connect(bot.database_path) as db:
        moves = int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])
        version = int(db.execute("SELECT version FROM games").fetchone()[0])
    return moves, version


async def test_a_restart_between_take_and_give_loses_nothing_c5(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    for version in range(3):  # ann's whole choice, then bob takes a trio
        await play_move(emu, players, version, MOVES[version])
    assert "trio" in MOVES[2] and MOVES[2]["by"] == "bob"
    before = await hand_dm(emu, players["bob"], 3)  # bob's keep/give buttons
    assert "its face-down card is" in before.text

    await gracias_bot.restart()
    assert stored(gracias_bot) == (3, 3)
    await table.wait_until(lambda m: f"bob took trio {MOVES[2]['trio']}" in m.text)
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    again = await (await players["bob"].slash(general, "gracias hand")).message()
    assert "its face-down card is" in again.text  # still his alone to see
    assert picture(again, "hand.png").width == WIDTH  # his hidden cards
    await play_move(emu, players, 3, MOVES[3], where=before)  # a pre-restart button
    await table.wait_until(lambda m: f"bob kept {MOVES[3]['keep']}" in m.text)
    assert picture(the_one_table(general, table), "table.png").width == WIDTH

    await gracias_bot.restart(kill=True)  # a crash right after the move was shown
    assert stored(gracias_bot) == (4, 4)
    for version in range(4, 8):
        await play_move(emu, players, version, MOVES[version])
    await table.wait_until(lambda m: "dee kept" in m.text and "turn 2 of 4" in m.text)
    assert stored(gracias_bot) == (8, 8)
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    mover = players[MOVES[8]["by"]]
    assert picture(await hand_dm(emu, mover, 8), "hand.png").width == WIDTH

    # On to the end of the game: three rounds scored, the winner (C8).
    for version in range(8, len(MOVES)):
        await play_move(emu, players, version, MOVES[version])
    await table.wait_until(lambda m: "Game over: bob wins." in m.text and not m.buttons())
    assert stored(gracias_bot) == (len(MOVES), len(MOVES))
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    sheet = await general.wait_message(lambda m: "Round 3 scored" in m.content and m.id != table.id)
    assert picture(sheet, "round-scores.png").width == WIDTH
