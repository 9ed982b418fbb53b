"""Audit finding 14 (the last part): another program writing to the bot's database (a
backup, a script) does not make players' clicks and commands fail. Clicks are answered
at once (the bot reads on a connection of its own, and answers before it writes), a
command that writes is acknowledged when the write takes too long, and their change
shows when the database is free again; Discord's client would otherwise say "This
interaction failed" after 3 seconds."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Iterator
from typing import Any

from tests.bot.table import hand_dm, menu, polled

HOLD_SECONDS = 3.5
"""Longer than Discord's 3 seconds, shorter than the bot's 5-second wait for the lock."""
CLICK_DEADLINE = 1.5
"""The clicks' answer deadline in this test, for shorter holds that still outlast it: a
click that waited for the database before answering would fail. (A command waits 2 s
before it says "thinking", so the command keeps Discord's 3 seconds.)"""
CLICK_HOLD_SECONDS = 1.8


def stored_lobby(bot: Any) -> int | None:
    """The lobby message's id, once the bot has stored it."""
    with sqlite3.connect(bot.database_path) as db:
        row = db.execute("SELECT table_message_id FROM games").fetchone()
    return None if row is None else row[0]


@contextlib.contextmanager
def held(bot: Any) -> Iterator[None]:
    """The database's write lock, held by another program meanwhile."""
    other = sqlite3.connect(bot.database_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_clicks_are_answered_while_another_writer_holds_the_database(
    fake_discord, stacked_bot
):
    emu = fake_discord
    emu.interaction_deadline = CLICK_DEADLINE
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    lobby = await (await ann.slash(general, "grass start")).message()
    await polled(lambda: stored_lobby(stacked_bot) == lobby.id, "the lobby stored")

    with held(stacked_bot):
        join = await bob.click(lobby, "Join")
        await join.ack()  # InteractionFailed if not answered within the deadline
        await asyncio.sleep(CLICK_HOLD_SECONDS)
        assert "(1 of" in lobby.text
    await lobby.wait_until(lambda m: "(2 of" in m.text)

    with held(stacked_bot):
        await (await ann.click(lobby, "Start")).ack()
        await asyncio.sleep(CLICK_HOLD_SECONDS)
    hand = await hand_dm(emu, ann, 0)

    with held(stacked_bot):
        await (await ann.select(hand, menu(hand, "play"), ["market_open"])).ack()
        await asyncio.sleep(CLICK_HOLD_SECONDS)
    await lobby.wait_until(lambda m: "ann played Market Open" in m.text)

    emu.interaction_deadline = 3.0
    with held(stacked_bot):  # a command that writes is acknowledged in time too
        started = emu.loop_time()
        challenge = await ann.slash(general, "graps start", opponent=bob)
        assert await challenge.ack() == 5  # "thinking", filled in once written
        # the same hold as above in all (the bot waits 5 s for the lock, then gives up)
        await asyncio.sleep(HOLD_SECONDS - (emu.loop_time() - started))
    answer = await challenge.message()
    await answer.wait_until(lambda m: "Accept" in [b.label for b in m.buttons()])
    assert bob.mention in answer.text and not answer.ephemeral
    assert emu.rejected == []
