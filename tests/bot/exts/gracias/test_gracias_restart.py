"""Restarts in the middle of a Gracias game: every acknowledged move is still there, the
player who took a trio before the restart still holds it and still sees its face-down
card (C5), and the keep/give buttons drawn before the restart still work. A clean stop (Ctrl-C),
then a crash (SIGKILL)."""

from __future__ import annotations

import sqlite3

from tests.bot.gracias_play import MOVES, gracias_bot, open_table, play_move  # noqa: F401
from tests.bot.table import hand_dm


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
    again = await (await players["bob"].slash(general, "gracias hand")).message()
    assert "its face-down card is" in again.text  # still his alone to see
    await play_move(emu, players, 3, MOVES[3], where=before)  # a pre-restart button
    await table.wait_until(lambda m: f"bob kept {MOVES[3]['keep']}" in m.text)

    await gracias_bot.restart(kill=True)  # a crash right after the move was shown
    assert stored(gracias_bot) == (4, 4)
    for version in range(4, 8):
        await play_move(emu, players, version, MOVES[version])
    await table.wait_until(lambda m: "dee kept" in m.text and "turn 2 of 4" in m.text)
    assert stored(gracias_bot) == (8, 8)
