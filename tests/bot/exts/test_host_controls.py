"""Host controls and spectators, through the emulator: `kick` (the host; an easy
computer player takes the seat and plays on), its refusals, a kick winning the host no
rating, and spectators reading the table and scores without any private card. Who may
kick and abandon, a kick by Manage Server passing the host role on, and a Graps kick
are tested in process (tests/bot/core/test_tables.py), the host role passing when the
host leaves too (tests/bot/core/test_sessions.py)."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from tests.bot.graps_play import open_game
from tests.bot.table import answer

FAST = {"AI_DELAY": "0.01", "GAME_SEED": "7"}


@pytest.fixture
async def fast_bot(start_bot):
    return await start_bot(env=FAST)


async def grass_table(general: Any, *players: Any) -> Any:
    host, *others = players
    table = await (await host.slash(general, "grass start")).message()
    for player in others:
        await (await player.click(table, "Join")).ack()
    await table.wait_until(lambda m: f"{len(players)} of 2 to 6" in m.text)
    await (await host.click(table, "Start")).ack()
    await table.wait_until(lambda m: f"{host.mention}, your turn" in m.text)
    return table


async def test_the_host_kicks_a_player_and_the_computer_plays_the_seat(fake_discord, fast_bot):
    emu = fake_discord
    ann, bob, cy = emu.user("ann"), emu.user("bob"), emu.user("cy")
    general = emu.channel("general")
    table = await grass_table(general, ann, bob, cy)
    refused = await answer(await bob.slash(general, "grass kick", player=cy))
    assert "Only the game's host" in refused
    refused = await answer(await ann.slash(general, "grass kick", player=ann))
    assert "cannot kick yourself" in refused
    outsider = emu.user("eve")
    refused = await answer(await ann.slash(general, "grass kick", player=outsider))
    assert "not playing in this game" in refused
    # ann plays her turn, then kicks bob, whose turn it is.
    hand = await emu.wait_for(
        lambda: next((m for m in reversed(ann.dm_messages()) if m.selects()), None),
        what="ann's hand",
    )
    discard = next(s for s in hand.selects() if s.custom_id.split(":")[3] == "discard")
    await (await ann.select(hand, discard.custom_id, [discard.values[0]])).ack()
    await table.wait_until(lambda m: f"{bob.mention}, your turn" in m.text)
    kicked = await answer(await ann.slash(general, "grass kick", player=bob))
    assert "easy computer player now plays **bob**'s seat" in kicked
    # The computer plays bob's turn at once; it is cy's turn next.
    await table.wait_until(lambda m: f"{cy.mention}, your turn" in m.text)
    assert "not playing" in await answer(await bob.slash(general, "grass hand"))


async def test_spectators_see_the_table_and_scores_but_nothing_private(fake_discord, fast_bot):
    emu = fake_discord
    ann, bob, eve = emu.user("ann"), emu.user("bob"), emu.user("eve")
    general = emu.channel("general")
    table = await grass_table(general, ann, bob)
    assert table.images(), "the table picture is in the channel for everyone"
    scores = await (await eve.slash(general, "grass scores")).message()
    assert "score sheet" in scores.content and scores.visible_to is eve  # privately
    shared = await (await eve.click(scores, "Share")).message()
    assert shared.content == scores.content and shared.visible_to is None and shared.images()
    assert "not playing" in await answer(await eve.slash(general, "grass hand"))
    assert not eve.dm_messages()
    refused = await eve.click(table, "Show my hand")
    assert "not playing" in (await refused.message()).text


async def test_a_kick_gives_the_host_no_rated_win(fake_discord, fast_bot):
    """Audit finding 2: a kicked seat was ranked last, so the host who kicked an
    opponent won rating from them whatever the host's own result (ann kicked bob, lost
    to the computer: ann +138, bob -73, "Congratulations bob"). Now the kicked player
    gets no result, nobody is rated against them, and the game-over message names the
    computer that won in their seat."""
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    await open_game(general, ann, bob)
    await answer(await ann.slash(general, "graps kick", player=bob))
    await answer(await ann.slash(general, "graps resign"))
    over = await general.wait_message(lambda m: "Game over!" in m.text)
    assert over.text.startswith("**Game over!** ann resigned: bob (computer) wins.\n")
    assert "\n1. bob (computer)\n2. ann\n" in over.text
    assert "Ratings" not in over.text
    with sqlite3.connect(fast_bot.database_path) as db:
        results = db.execute("SELECT user_id, place FROM results ORDER BY place").fetchall()
        rated = db.execute("SELECT player FROM rating_changes").fetchall()
    assert results == [(-1, 1), (ann.id, 2)]  # bob has no result
    assert rated == []  # ann alone among people: nobody to be rated against
    standing = await (await bob.slash(general, "stats")).message()
    assert standing.content == f"{bob.mention} has no finished game on this server yet."
