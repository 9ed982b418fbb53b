"""Audit finding 1: every scoreboard shows its own server's standings, as they are now.

The publisher keeps drawn pictures by their input; a scoreboard once drawn through a
`lambda` with no view shared one cache entry with every later scoreboard, so a second
server was shown the first server's members and results, new results never appeared and
`player:` highlights were ignored. Two servers play Graps (a challenge ended by a
resignation records a result at once) and ask for their boards, by game and overall.
"""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageChops

from tests.bot.graps_play import open_game
from tests.bot.table import answer
from tests.fakediscord.model import Message


@pytest.fixture
async def two_server_bot(start_bot):
    # Global commands, so that they can be used in the second server too.
    return await start_bot(env={"GAME_SEED": "5"}, dev_guild=False)


async def resigned_game(channel: Any, host: Any, opponent: Any) -> None:
    """host challenges opponent, opponent accepts, host resigns: opponent wins."""
    table = await open_game(channel, host, opponent)
    assert "You resigned" in await answer(await host.slash(channel, "graps resign"))
    await table.wait_until(lambda m: "Game over" in m.text)


async def board(asker: Any, channel: Any, command: str, **options: Any) -> Message:
    message: Message = await (await asker.slash(channel, command, **options)).message()
    assert message.images(), message.text
    return message


def same_picture(one: Message, other: Message) -> bool:
    first, second = one.images()[0].convert("RGB"), other.images()[0].convert("RGB")
    return first.size == second.size and ImageChops.difference(first, second).getbbox() is None


async def test_two_servers_see_their_own_scoreboards_with_new_results(fake_discord, two_server_bot):
    emu = fake_discord
    ann, bob, cy, dee = emu.user("ann"), emu.user("bob"), emu.user("cy"), emu.user("dee")
    here = emu.channel("general")
    there = emu.channel("general", server=emu.add_server())
    assert there is not here

    await resigned_game(here, ann, bob)  # bob wins here
    await resigned_game(there, cy, dee)  # dee wins there

    here_graps = await board(ann, here, "graps scoreboard")
    there_graps = await board(cy, there, "graps scoreboard")
    assert "2 players" in here_graps.text and "2 players" in there_graps.text
    assert not same_picture(here_graps, there_graps)
    here_all = await board(ann, here, "scoreboard")
    there_all = await board(cy, there, "scoreboard")
    assert not same_picture(here_all, there_all)

    # A highlighted player changes the picture; a new result shows at once.
    highlighted = await board(ann, here, "graps scoreboard", player=ann)
    assert "place 2" in highlighted.text
    assert not same_picture(highlighted, here_graps)
    await resigned_game(here, bob, cy)  # cy wins here too
    grown = await board(ann, here, "graps scoreboard")
    assert "3 players" in grown.text
    assert not same_picture(grown, here_graps)
    assert not same_picture(await board(ann, here, "scoreboard"), here_all)
    # The other server's board is untouched by this server's new game.
    assert same_picture(await board(dee, there, "graps scoreboard"), there_graps)
