"""`/graps start opponent:` is a challenge: only the challenged player accepts or
declines, the challenger may cancel, and a declined challenge frees the channel. The
challenger plays dark and places first (P1, P2). That no one can challenge themselves is
tested in process: tests/bot/core/test_lobbies.py."""

from __future__ import annotations

import sqlite3

from tests.bot.graps_play import graps_bot, open_game  # noqa: F401
from tests.bot.table import answer, hand_dm


def statuses(bot) -> list[str]:
    with sqlite3.connect(bot.database_path) as db:
        return [row[0] for row in db.execute("SELECT status FROM games ORDER BY id")]


async def test_a_declined_challenge_starts_nothing(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob, eve = emu.user("ann"), emu.user("bob"), emu.user("eve")
    general = emu.channel("general")
    challenge = await (await ann.slash(general, "graps start", opponent=bob)).message()
    assert "ann" not in challenge.content  # players are named by mention, bob is pinged
    assert bob.mention in challenge.content and "plays dark (row 1)" in challenge.content

    assert "Only the challenged player" in await answer(await eve.click(challenge, "Accept"))
    assert "Only the challenged player" in await answer(await ann.click(challenge, "Accept"))
    busy = await eve.slash(general, "graps start", opponent=ann)
    assert "already waiting for players in this channel" in await answer(busy)

    await (await bob.click(challenge, "Decline")).ack()
    await challenge.wait_until(lambda m: "declined" in m.content and not m.buttons())
    assert bob.mention in challenge.content
    assert statuses(graps_bot) == ["abandoned"]
    assert ann.dm_messages() == [] and bob.dm_messages() == []

    # the channel is free again; the challenger may call a challenge off
    again = await (await eve.slash(general, "graps start", opponent=ann)).message()
    await (await eve.click(again, "Cancel")).ack()
    await again.wait_until(lambda m: "cancelled" in m.content and not m.buttons())
    assert statuses(graps_bot) == ["abandoned", "abandoned"]


async def test_an_accepted_challenge_seats_the_challenger_as_dark(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    cy, dee = emu.user("cy"), emu.user("dee")
    general = emu.channel("general")
    table = await open_game(general, dee, cy)  # dee challenges cy
    assert "dee (dark, row 1) vs cy (light, row 15)" in table.text
    dm = await hand_dm(emu, dee, 0)
    assert "set-up grape anywhere on row 1" in dm.text
    assert statuses(graps_bot) == ["running"]
