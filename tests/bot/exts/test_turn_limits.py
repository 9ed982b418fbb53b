"""Audit finding 5: a Grass mover cannot stall the table or flood a partner. Through the
emulator with the stacked decks of scenario.py and the default 3-minute turn timer: the
mover's deadline is set when the turn begins and stays put through offers and
withdrawals; the partner is notified (a new DM) for the first offer of the turn only,
later offers update that DM in place."""

from __future__ import annotations

import sqlite3
from typing import Any

from tests.bot.scenario import DECLINED, MOVES
from tests.bot.table import hand_dm, last_action, play_move, polled, start_game


def deadline(bot: Any, name: str) -> float | None:
    with sqlite3.connect(bot.database_path) as db:
        row = db.execute("SELECT deadline FROM seats WHERE name = ?", (name,)).fetchone()
    return None if row[0] is None else float(row[0])


async def test_offers_neither_stretch_the_turn_nor_notify_the_partner_again(
    fake_discord, stacked_bot
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    ann, bob = players["ann"], players["bob"]
    for version in range(6):
        await play_move(emu, players, general, version, MOVES[version])
    await hand_dm(emu, ann, 6)
    turn_began = await polled(lambda: deadline(stacked_bot, "ann"), "ann's deadline")

    offer = {"by": "ann", "offer": DECLINED}
    await play_move(emu, players, general, 6, offer)
    await hand_dm(emu, bob, 7)
    bob_dms = len(bob.dm_messages())
    for version in (7, 9, 11):
        edits = table.edits
        withdraw = await ann.click(await hand_dm(emu, ann, version), "Withdraw my offer")
        await withdraw.ack()
        await polled(lambda: deadline(stacked_bot, "bob") is None, "bob no longer awaited")
        await table.wait_until(
            lambda m, e=edits: m.edits > e and last_action(m) == "ann withdrew the trade offer"
        )
        await play_move(emu, players, general, version + 1, offer)
        again = await hand_dm(emu, bob, version + 2)
        assert "Accept the trade" in again.text
        assert len(bob.dm_messages()) == bob_dms  # the same DM, updated
        # bob's deadline is set after ann's is settled, in the same pass over the seats
        await polled(lambda: deadline(stacked_bot, "bob"), "bob's deadline")
        assert deadline(stacked_bot, "ann") == turn_began
