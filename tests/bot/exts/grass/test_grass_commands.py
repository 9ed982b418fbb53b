"""The remaining /grass commands end to end: rules, leave (a player gives up, G22 of
docs/rules/grass.md), abandon (host or Manage Server, no result), export mid-game; and the
command tree itself (every extension loads, names are unique), and the token never logged."""

from __future__ import annotations

import json
import sqlite3

import discord

from bot.client import GameBot, game_packages
from bot.core.settings import Settings
from games.replay import replay
from tests.bot.scenario import MOVES
from tests.bot.table import answer, hand_dm, play_move, start_game


async def test_rules_show_how_to_play_or_one_card(fake_discord, bot_process):
    """The overview and the cards in detail: tests/bot/exts/test_howto.py."""
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    card = await (await ann.slash(general, "grass rules", card="Pay Fine")).message()
    assert card.ephemeral and card.embeds[0]["title"] == "Pay Fine"
    assert "cheapest unprotected peddle pays" in card.text
    whole = await (await ann.slash(general, "grass rules")).message()
    assert whole.ephemeral and "How to play Grass" in whole.text
    # The developer document rides along, for the curious.
    assert whole.attachments and b"G1" in whole.attachments[0].data


async def test_leave_removes_the_seat_and_the_game_goes_on(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    ann, _bob, cy = players.values()
    await play_move(emu, players, general, 0, MOVES[0])
    assert "left the game" in await answer(await cy.slash(general, "grass leave"))
    await table.wait_until(lambda m: "cy left the game" in m.text)
    await play_move(emu, players, general, 2, MOVES[1])  # bob, then ann again (2 seats)
    await hand_dm(emu, ann, 3)
    refused = await answer(await cy.slash(general, "grass play", card="market_open"))
    assert "not playing" in refused
    # Her seat is gone from the table: menus typed by her or naming her offer nothing.
    assert await cy.autocomplete(general, "grass trade", "give_stash", "") == []
    assert await ann.autocomplete(general, "grass trade", "take_stash", "", player=cy) == []
    assert "Traceback" not in stacked_bot.log_text()


async def test_controls_drawn_before_a_player_left_are_refused_in_plain_words(
    fake_discord, stacked_bot
):
    """Her private hand shown in the channel (`/grass hand`) keeps the controls it was
    drawn with after she leaves, and a trade's partners are drawn from her seat: a
    click on one is refused in plain words, nothing breaks."""
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    cy = players["cy"]
    for version in range(5):
        await play_move(emu, players, general, version, MOVES[version])
    await hand_dm(emu, cy, 5)
    hand = await (await cy.slash(general, "grass hand")).message()
    await (await cy.click(hand, "Offer a trade…")).ack()
    await hand.wait_until(lambda m: "to whom" in m.text)
    assert "left the game" in await answer(await cy.slash(general, "grass leave"))
    await table.wait_until(lambda m: "cy left the game" in m.text)
    assert await answer(await cy.click(hand, "ann")) == (
        "You no longer have a seat in this game, so its controls do nothing for you."
    )
    assert "Traceback" not in stacked_bot.log_text()


async def test_abandon_is_for_the_host_or_manage_server_and_records_nothing(
    fake_discord, stacked_bot
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    bob = players["bob"]
    assert "Only the game's host" in await answer(await bob.slash(general, "grass abandon"))
    admin = emu.user("dee", manage_guild=True)
    said = await answer(await admin.slash(general, "grass abandon"))
    assert "abandoned" in said and "no result" in said
    await table.wait_until(lambda m: "abandoned" in m.text and not m.buttons())
    with sqlite3.connect(stacked_bot.database_path) as db:
        assert db.execute("SELECT status FROM games").fetchone()[0] == "abandoned"
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0
    # the channel is free for a new game
    lobby = await (await bob.slash(general, "grass start")).message()
    assert "Join" in lobby.text


async def test_export_waits_for_the_end_then_replays_to_the_stored_state(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, _table = await start_game(emu, general)
    for version in range(4):
        await play_move(emu, players, general, version, MOVES[version])
    await hand_dm(emu, players["bob"], 4)
    early = await answer(await players["cy"].slash(general, "grass export"))
    assert "reveals every hidden card" in early  # the seed and decks tell every hand
    await answer(await players["ann"].slash(general, "grass abandon"))
    exported = await (await players["cy"].slash(general, "grass export")).message()
    data = json.loads(exported.attachments[0].data)
    assert data["actions"] == MOVES[:4] and data["decks"]
    with sqlite3.connect(stacked_bot.database_path) as db:
        state = json.loads(db.execute("SELECT state FROM games").fetchone()[0])
    from games.grass import Grass

    assert replay(data).to_json() == Grass.from_json(state).to_json()
    assert emu.token not in stacked_bot.log_text()  # the token is never logged


async def test_every_extension_loads_and_command_names_are_unique(tmp_path):
    # As a context manager: the client's own set-up done without logging in.
    async with GameBot(Settings(token=None, database_path=tmp_path / "db.sqlite3")) as bot:
        await bot.load_everything()
        # Found by walking bot/exts, and none failed to load.
        assert set(bot.extensions) == {
            *(f"bot.exts.{name}" for name in ("expiry", "general", "help", "languages")),
            *(f"bot.exts.{name}" for name in ("notify", "router", "scoreboards", "settings")),
            *(f"bot.exts.{name}" for name in ("stats", "yourgames", "away", "gamenight")),
            "bot.exts.tournament",
            *game_packages(),
        }
        names = []
        for command in bot.tree.walk_commands():
            if isinstance(command, discord.app_commands.Command):
                names.append(command.qualified_name)
        assert len(names) == len(set(names))
        assert {"ping", "grass start", "grass hand", "grass play", "grass scoreboard"} <= set(names)
        assert set(bot.kinds) == {"grass", "gracias", "graps"}


async def test_without_attach_files_the_table_is_words_and_says_which_permission(
    fake_discord, stacked_bot
):
    emu = fake_discord
    closed = emu.channel("no-pictures", attach_files=False)
    players, table = await start_game(emu, closed)
    assert not table.attachments and "Attach Files" in table.text
    assert "**bob** · $0 · market closed" in table.text  # the table in words instead
    await play_move(emu, players, closed, 0, MOVES[0])
    await table.wait_until(lambda m: "ann played Market Open" in m.text)
    assert (await hand_dm(emu, players["bob"], 1)).images()  # DMs keep their pictures


async def test_a_rejected_token_explains_the_set_up_and_exits_2(fake_discord, start_bot):
    bot = await start_bot(token="not-the-right-token", wait=False)
    assert await bot.wait_exit(timeout=20) == 2
    log = bot.log_text()
    assert "Discord rejected the token" in log and "Traceback" not in log
    assert "not-the-right-token" not in log


async def test_the_proposer_can_withdraw_an_offer_g20(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    for version in range(7):  # through ann's offer to bob
        await play_move(emu, players, general, version, MOVES[version])
    offer = await hand_dm(emu, players["bob"], 7)
    assert "Accept the trade" in offer.text
    ping = await general.wait_message(lambda m: "offers you a trade" in m.text)
    assert players["bob"].mention in ping.text  # the receiver is asked, not the offerer
    assert players["ann"].mention not in ping.text
    withdraw = await players["ann"].click(
        await hand_dm(emu, players["ann"], 7), "Withdraw my offer"
    )
    await withdraw.ack()
    await table.wait_until(lambda m: "ann withdrew the trade offer" in m.text)
    after = await hand_dm(emu, players["ann"], 8)  # ann's turn goes on
    assert "Your turn" in after.text


async def test_a_refusal_quoting_very_long_input_fits_one_message(fake_discord, bot_process):
    """Options may hold thousands of characters; the refusal quotes only the start."""
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    refused = await answer(await ann.slash(general, "grass rules", card="🂡" * 3000))
    assert "is not a Grass card" in refused and len(refused) < 200
    assert fake_discord.rejected == []
