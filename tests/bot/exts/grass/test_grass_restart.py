"""Restarts in the middle of a game: every acknowledged move is still there, play goes
on where it was to the game's end, the table message is redrawn, and buttons drawn
before the restart still work (their custom ids carry the game and the version; the
templates are registered at start). The table stays one message, edited in place, and
its pictures and the hands' decode at a phone-first width. Both a clean stop (Ctrl-C)
and a crash (SIGKILL)."""

from __future__ import annotations

import sqlite3

from render.grass.table import WIDTH
from tests.bot.scenario import MOVES, PLAYERS
from tests.bot.table import hand_dm, menu, picture, play_move, polled, the_one_table

HAND_WIDTH = 644  # render/grass/hand.py: four cards a row


def stored(bot) -> tuple[int, int]:
    with sqlite3.connect(bot.database_path) as db:
        moves = int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])
        version = int(db.execute("SELECT version FROM games").fetchone()[0])
    return moves, version


def stored_dm(bot, user_id: int) -> int | None:
    with sqlite3.connect(bot.database_path) as db:
        row = db.execute("SELECT dm_message_id FROM seats WHERE user_id = ?", (user_id,)).fetchone()
    return None if row is None else row[0]


async def test_a_restart_loses_nothing_and_old_buttons_still_work(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players = {name: emu.user(name) for name in PLAYERS}
    ann, bob, cy = players.values()
    table = await (
        await ann.slash(general, "grass start", target=100000, heat_stacking=True)
    ).message()
    for player in (bob, cy):
        await (await player.click(table, "Join")).ack()
    await table.wait_until(lambda m: "(3 of" in m.text)
    await (await ann.click(table, "Start")).ack()
    for version in range(7):  # up to ann's offer to bob
        await play_move(emu, players, general, version, MOVES[version])
    offer = await hand_dm(emu, bob, 7)  # drawn before the restart

    await stacked_bot.restart()  # Ctrl-C, then start again
    assert stored(stacked_bot) == (7, 7)
    await table.wait_until(lambda m: "ann offers bob a trade" in m.text)
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    await (await bob.click(offer, "Decline")).ack()
    await table.wait_until(lambda m: "bob declined the trade" in m.text)
    await play_move(emu, players, general, 8, MOVES[8])  # Bust on bob, card then target
    assert picture(await hand_dm(emu, bob, 9), "hand.png").width == HAND_WIDTH
    await table.wait_until(lambda m: "ann played Bust on bob" in m.text)

    await stacked_bot.restart(kill=True)  # a crash right after the move was shown
    assert stored(stacked_bot) == (9, 9)
    for version in range(9, 12):
        await play_move(emu, players, general, version, MOVES[version])
    await table.wait_until(lambda m: "lifting Bust" in m.text)
    assert stored(stacked_bot) == (12, 12)
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    mover = players[MOVES[12]["by"]]
    assert picture(await hand_dm(emu, mover, 12), "hand.png").width == HAND_WIDTH

    # On to the end of the game: the hand scored, the next one dealt, the last move.
    for version in range(12, len(MOVES)):
        await play_move(emu, players, general, version, MOVES[version])
    await table.wait_until(lambda m: "Game over: ann won" in m.text and not m.buttons())
    assert stored(stacked_bot) == (len(MOVES), len(MOVES))
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    sheet = await general.wait_message(
        lambda m: "Hand 1 is scored" in m.content and m.id != table.id
    )
    assert picture(sheet, "scores.png").width == WIDTH


async def test_a_pre_restart_hand_message_keeps_working(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    ann, bob = emu.user("ann"), emu.user("bob")
    table = await (await ann.slash(general, "grass start")).message()
    await (await bob.click(table, "Join")).ack()
    await table.wait_until(lambda m: "(2 of" in m.text)
    await (await ann.click(table, "Start")).ack()
    before = await hand_dm(emu, ann, 0)
    # The DM reaches Discord just before its place is committed; a kill in between
    # may only make the restarted bot send the hand again, so the kill waits for it.
    await polled(lambda: stored_dm(stacked_bot, ann.id) == before.id, "ann's DM stored")
    edits = table.edits
    await stacked_bot.restart(kill=True)
    await table.wait_until(lambda m: m.edits > edits)  # redrawn on start
    assert picture(the_one_table(general, table), "table.png").width == WIDTH
    assert (await hand_dm(emu, ann, 0)).id == before.id  # no duplicate DM after the restart
    assert picture(before, "hand.png").width == HAND_WIDTH
    interaction = await ann.select(before, menu(before, "play"), ["market_open"])
    await interaction.ack()
    await table.wait_until(lambda m: "ann played Market Open" in m.text)
    assert picture(await hand_dm(emu, bob, 1), "hand.png").width == HAND_WIDTH
