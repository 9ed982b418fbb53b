"""Audit finding 9: a move that was committed is never answered "nothing was changed".

When answering the player fails after the move is stored (here Discord refuses the
typed command's confirmation once), the player is told that the move was recorded and
only showing it failed; the table shows the move.
"""

from __future__ import annotations

import sqlite3

from tests.bot.table import answer, start_game, your_turn


async def test_a_recorded_move_whose_answer_failed_says_it_was_recorded(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    refused = emu.fail_next("/webhooks/*", method="POST", status=400)
    reply = await answer(await players["ann"].slash(general, "grass play", card="market_open"))
    assert refused.hits == 1
    assert "Your move was recorded" in reply and "nothing was changed" not in reply
    await table.wait_until(lambda m: your_turn(players["bob"]) in m.text)
    with sqlite3.connect(stacked_bot.database_path) as db:
        assert db.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 1
