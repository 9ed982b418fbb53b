"""Restarts in the middle of a Graps game: every acknowledged placement is still there,
the table is redrawn, a DM's menu drawn before the restart still places, and so do
the bands of rows of a grape's 39 cells after a crash (custom ids carry the game, the
version and the band). The table stays one message, edited in place, and the boards
decode at their width. Both a clean stop (Ctrl-C) and a crash (SIGKILL)."""

from __future__ import annotations

import json
import sqlite3

from render.graps.board import WIDTH
from tests.bot.graps_play import (  # noqa: F401
    MOVES,
    PRUNING,
    cell_menus,
    graps_bot,
    open_game,
    place_move,
    selects_by_verb,
)
from tests.bot.table import hand_dm, picture, the_one_table


def stored(bot) -> tuple[int, int]:
    with sqlite3.connect(bot.database_path) as db:
        moves = int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])
        version = int(db.execute("SELECT version FROM games").fetchone()[0])
    return moves, version


async def test_a_restart_loses_nothing_and_old_menus_still_place(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    players = {"ann": ann, "bob": bob}
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    for version in range(10):
        await place_move(emu, players, version)
    before = await hand_dm(emu, ann, 10)  # drawn before the restart

    await graps_bot.restart()  # Ctrl-C, then start again
    assert stored(graps_bot) == (10, 10)
    edits = table.edits
    await table.wait_until(lambda m: m.edits > edits)  # redrawn on start
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    assert (await hand_dm(emu, ann, 10)).id == before.id  # no duplicate DM
    assert picture(before, "hand.png").width == WIDTH
    await (await ann.select(before, selects_by_verb(before)["place"], ["L2"])).ack()
    await table.wait_until(lambda m: "ann placed a blank at L2" in m.text)
    assert picture(await hand_dm(emu, bob, 11), "hand.png").width == WIDTH

    for version in range(11, PRUNING):
        await place_move(emu, players, version)
    dm = await hand_dm(emu, bob, PRUNING)  # 39 cells: two menus, bands of rows
    assert cell_menus(dm)["G2"] != cell_menus(dm)["A15"]

    await graps_bot.restart(kill=True)  # a crash while bob's menus are open
    assert stored(graps_bot) == (PRUNING, PRUNING)
    await (await bob.select(dm, cell_menus(dm)["G2"], ["G2"])).ack()
    await table.wait_until(lambda m: "pruned at G2" in m.text)  # told by the table
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    await place_move(emu, players, PRUNING + 1)
    await table.wait_until(lambda m: "Game over. bob reached ann's land, row 1." in m.text)
    exported = await (await ann.slash(general, "graps export")).message()
    assert json.loads(exported.attachments[0].data)["actions"] == MOVES
