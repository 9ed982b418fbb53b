"""Audit finding 2: no channel is blocked for ever.

Lobbies and challenges that never start expire; the seated players may end a game in
which nothing happened for a day, host or not; a game without a turn timer ends by
itself after a week without a move. The bot's clock minutes are shrunk (TIMER_MINUTE)
so that a day lasts about a second.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.bot.table import answer
from tests.fakediscord.model import Message

QUICK = {"TIMER_MINUTE": "0.002"}  # an hour lasts 0.12 s
QUICKER = {"TIMER_MINUTE": "0.0005"}  # a day lasts 0.72 s, a week 5 s


async def untimed_game(channel: Any, host: Any, opponent: Any) -> Message:
    """A Graps game without a turn timer (nobody moves for an absent player)."""
    start = await host.slash(channel, "graps start", opponent=opponent, timer=0)
    challenge: Message = await start.message()
    await (await opponent.click(challenge, "Accept")).ack()
    await challenge.wait_until(lambda m: "set-up grape" in m.text)
    return challenge


async def test_lobbies_and_challenges_that_never_start_expire(fake_discord, start_bot):
    emu = fake_discord
    await start_bot(env=QUICK)
    ann, bob = emu.user("ann"), emu.user("bob")
    general, games = emu.channel("general"), emu.channel("games")
    lobby = await (await ann.slash(general, "grass start")).message()
    await lobby.wait_until(lambda m: "did not start within 1 hour" in m.text)
    assert not lobby.buttons()
    challenge = await (await ann.slash(games, "graps start", opponent=bob)).message()
    await challenge.wait_until(lambda m: "did not answer within 15 minutes" in m.text)
    assert not challenge.buttons()
    again = await answer(await bob.slash(general, "grass start"))
    assert "already" not in again  # the channel is free again


async def test_idle_games_end_by_their_players_or_by_themselves(fake_discord, start_bot):
    emu = fake_discord
    ann, bob, cy, dee = emu.user("ann"), emu.user("bob"), emu.user("cy"), emu.user("dee")
    general, games = emu.channel("general"), emu.channel("games")
    first = await start_bot()  # real minutes: challenges accepted in time
    table = await untimed_game(general, ann, bob)  # ann hosts
    stale = await untimed_game(games, cy, dee)
    refused = await answer(await bob.slash(general, "graps abandon"))
    assert "once nothing has happened in it for 1 day" in refused
    await first.stop()

    await start_bot(database_path=first.database_path, env=QUICKER)
    assert "Only the game's host" in await answer(
        await emu.user("eve").slash(general, "graps abandon")
    )
    for _ in range(40):  # a day of the shrunk clock without a move
        reply = await answer(await bob.slash(general, "graps abandon"))
        if "abandoned by" in reply:
            break
        await asyncio.sleep(0.1)
    assert "abandoned by" in reply
    await table.wait_until(lambda m: "abandoned" in m.text and not m.buttons())

    # A week without a move: the bot ends the game itself.
    await games.wait_message(lambda m: "nothing happened in it for 7 days" in m.text, timeout=20)
    await stale.wait_until(lambda m: "abandoned" in m.text and not m.buttons())
