"""The table stays near the bottom of the channel, and newcomers are told how things work.

- When other messages pushed the table up (chat, score sheets), the start of a turn
  sends it again at the bottom and deletes the old one, at most once per
  REPOST_MINUTES per game; hand messages then link to the new one.
- A player's first game with the bot on a server: their first hand message says how it
  works; their next game's does not.
"""

from __future__ import annotations

import random

from tests.bot.table import hand_dm
from tests.stress.clicks import clicked_move, quiet
from tests.stress.driver import game_id_in, open_table, play

QUICK = {"TIMER_MINUTE": "0.05", "GAME_SEED": "3"}
"""A bot minute lasts 0.05 s: the table may move every 0.15 s."""
NEW_HERE = "New here?"


async def test_a_table_pushed_up_by_chat_comes_back_to_the_bottom(fake_discord, start_bot):
    emu = fake_discord
    bot = await start_bot(env=QUICK)
    channel = emu.channel("busy")
    table = await open_table(emu, "grass", channel, timer=0)
    table.game_id = game_id_in(bot.database_path, channel, "grass")
    rng = random.Random(3)
    first = table.message
    await quiet(emu, 0.3)
    # nothing came after the table: a move edits it where it is
    assert await clicked_move(emu, bot.database_path, table, rng) is not None
    await quiet(emu, 0.3)
    assert not first.deleted and channel.messages()[-1] is first

    await table.players["bob"].say(channel, "who wants pizza after this?")
    await table.players["cy"].say(channel, "me!")
    await quiet(emu, 0.3)
    mark = channel.mark()
    old_edits = first.edits
    assert await play(emu, bot.database_path, table, rng)  # typed: it waits for no edit
    new = await channel.wait_message(lambda m: m.images() and m.buttons(), after=mark)
    await quiet(emu, 0.3)
    assert first not in channel.messages() and channel.messages()[-1] is new  # deleted
    assert first.edits == old_edits, "the old table was deleted, not edited"
    link = f"/{channel.id}/{new.id})"
    awaited = [p for p in table.players.values() if any(m.components for m in p.dm_messages())]
    assert awaited and all(link in p.dm_messages()[-1].content for p in awaited)


async def test_a_first_game_explains_the_hand_message_once(fake_discord, start_bot):
    emu = fake_discord
    await start_bot(env={"GAME_SEED": "3"})
    first = await open_table(emu, "graps", emu.channel("first"))
    ann, bob = first.players["ann"], first.players["bob"]
    message = await hand_dm(emu, ann, 0)
    assert NEW_HERE in message.content and "/graps rules" in message.content
    assert "your board" in message.content
    await quiet(emu)
    assert NEW_HERE in bob.dm_messages()[-1].content
    # a later game on the same server: no explanation any more
    second = await open_table(emu, "grass", emu.channel("second"), ["ann", "cy"])
    await quiet(emu)
    (again,) = [m for m in ann.dm_messages() if "Your Grass hand" in m.content]
    assert NEW_HERE not in again.content
    (cys,) = [m for m in second.players["cy"].dm_messages() if "Your Grass hand" in m.content]
    assert NEW_HERE in cys.content
