"""The end of a game and its rematch, as players: one game-over message (winners first,
standings with totals, length and moves, the progress chart, Rematch and Export), the
rematch opened by one click and joined by one click each (on the game-over message or
the new lobby), started once everyone is back, or after its wait with those who came,
or called off when too few did."""

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
    assert [b.label for b in over.buttons()] == ["Rematch", "Export"]
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
    await lobby.wait_until(lambda m: "ann's turn" in m.text or "Hand 1" in m.text)
    rematch_id = game_id_in(bot.database_path, table.channel, "grass")
    assert rematch_id != table.game_id
    game = stored(bot.database_path, rematch_id)
    assert game.status == "running"
    before = stored(bot.database_path, table.game_id)
    assert game.header["options"] == before.header["options"]
    assert game.header["players"] == before.header["players"]


async def test_a_rematch_starts_with_those_who_came_back_when_its_wait_is_over(
    fake_discord, start_bot
):
    emu = fake_discord
    bot = await start_bot(env=QUICK)
    table, over = await finished_game(emu, bot)
    ann, bob = table.players["ann"], table.players["bob"]
    mark = table.channel.mark()
    await (await ann.click(over, "Rematch")).ack()
    lobby = await table.channel.wait_message(lambda m: "a rematch" in m.content, after=mark)
    await (await bob.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: not any(b.label == "Join" for b in m.buttons()), timeout=15)
    rematch_id = game_id_in(bot.database_path, table.channel, "grass")
    game = stored(bot.database_path, rematch_id)
    assert game.status == "running" and len(game.engine().public_view().seats) == 2


async def test_a_rematch_nobody_comes_back_to_is_called_off(fake_discord, start_bot):
    emu = fake_discord
    bot = await start_bot(env=QUICK)
    table, over = await finished_game(emu, bot)
    mark = table.channel.mark()
    await (await table.players["ann"].click(over, "Rematch")).ack()
    lobby = await table.channel.wait_message(lambda m: "a rematch" in m.content, after=mark)
    await lobby.wait_until(lambda m: "not enough players came back" in m.content, timeout=15)
    assert not lobby.buttons()
    refused = await answer(await table.players["bob"].click(over, "Rematch"))
    assert "called off" in refused
    outsider = await answer(await emu.user("eve").click(over, "Rematch"))
    assert "Only the players" in outsider


async def test_a_rematchs_seats_are_kept_for_the_last_games_players(fake_discord, start_bot):
    """Audit finding 4: anyone could take a seat in a rematch with the lobby's Join; in
    Graps that shut the real opponent out ("The table is full") and the rematch started
    with the stranger."""
    emu = fake_discord
    await start_bot(env={"GAME_SEED": "4"})
    ann, bob, eve = emu.user("ann"), emu.user("bob"), emu.user("eve")
    general = emu.channel("general")
    table = await (await ann.slash(general, "graps start", opponent=bob)).message()
    await (await bob.click(table, "Accept")).ack()
    await table.wait_until(lambda m: "Accept" not in m.text)
    await answer(await ann.slash(general, "graps resign"))
    over = await general.wait_message(lambda m: m.content.startswith("**Game over!**"))
    mark = general.mark()
    await (await ann.click(over, "Rematch")).ack()
    lobby = await general.wait_message(lambda m: "a rematch" in m.content, after=mark)
    refused = await answer(await eve.click(lobby, "Join"))
    assert refused == (
        "The seats of this rematch are kept for the players of the last game until it starts."
    )
    await (await bob.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: "set-up grape" in m.text)
    assert "eve" not in lobby.text
