"""The end of a game and its rematch, as players: one game-over message (winners first,
standings with totals, length and moves, the progress chart, Rematch and Export), the
rematch opened by one click and joined by one click each (on the game-over message or
the new lobby), started once everyone is back. Its rules (started after its wait with
those who came, or called off when too few did, its seats kept for the last game's
players) are tested in process: tests/bot/core/test_lobbies.py."""

from __future__ import annotations

import json
import random

from tests.bot.table import answer
from tests.stress.driver import game_id_in, open_table, play, stored

QUICK = {"TIMER_MINUTE": "0.25", "GAME_SEED": "4"}
"""A bot minute lasts a quarter second: the rematch waits 0.5 s."""


async def finished_game(emu, bot, names=("ann", "bob", "cy"), channel="rematch"):
    table = await open_table(
        emu, "grass", emu.channel(channel), list(names), target=25_000, timer=0
    )
    table.game_id = game_id_in(bot.database_path, table.channel, "grass")
    rng = random.Random(4)
    while await play(emu, bot.database_path, table, rng):
        pass
    assert stored(bot.database_path, table.game_id).status == "finished"
    over = await table.channel.wait_message(lambda m: m.content.startswith("**Game over!**"))
    return table, over


async def test_the_game_over_message_sums_the_game_up(fake_discord, start_bot):
    emu = fake_discord
    bot = await start_bot(env=QUICK)
    table, over = await finished_game(emu, bot)
    lines = over.content.splitlines()
    assert lines[0].startswith("**Game over!** Congratulations <@")
    assert lines[1].startswith("1. ") and "$" in lines[1]
    assert sum(1 for line in lines if line[:2] in ("1.", "2.", "3.")) == 3
    assert "Played in " in over.content and " moves" in over.content
    (chart,) = over.images()
    assert chart.width >= 340 and over.attachments[0].filename == "progress.png"
    assert "money after each hand" in over.attachments[0].description
    assert [b.label for b in over.buttons()] == ["Rematch", "Watch the replay", "Export"]
    game_overs = [m for m in table.channel.messages() if m.content.startswith("**Game over!**")]
    assert game_overs == [over], "one game-over message"

    # Export: the replay file, privately, for anyone
    eve = emu.user("eve")
    exported = await (await eve.click(over, "Export")).message()
    assert exported.ephemeral
    data = json.loads(exported.attachments[0].data)
    assert data["game"] == "grass" and data["actions"]


async def test_a_rematch_starts_once_everyone_is_back(fake_discord, start_bot):
    emu = fake_discord
    bot = await start_bot(env=QUICK)
    table, over = await finished_game(emu, bot)
    ann, bob, cy = (table.players[name] for name in ("ann", "bob", "cy"))
    mark = table.channel.mark()
    await (await ann.click(over, "Rematch")).ack()
    lobby = await table.channel.wait_message(lambda m: "a rematch" in m.content, after=mark)
    assert bob.mention in lobby.content and cy.mention in lobby.content
    # A request that needs their answer: it notifies the players it waits for, not ann.
    assert bob.id in lobby.pushes and cy.id in lobby.pushes and ann.id not in lobby.pushes
    # one click each: bob on the game-over message, cy on the new lobby
    welcome = await (await bob.click(over, "Rematch")).message()
    assert "seat in the rematch" in welcome.content and welcome.ephemeral
    again = await answer(await bob.click(over, "Rematch"))
    assert "already" in again
    await (await cy.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: f"{ann.mention}, your turn" in m.text or "Hand 1" in m.text)
    rematch_id = game_id_in(bot.database_path, table.channel, "grass")
    assert rematch_id != table.game_id
    game = stored(bot.database_path, rematch_id)
    assert game.status == "running"
    before = stored(bot.database_path, table.game_id)
    assert game.header["options"] == before.header["options"]
    assert game.header["players"] == before.header["players"]
