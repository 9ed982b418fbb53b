"""Game commands typed in the bot's DM, where a player's hand message is: the game is the
player's own, asked with a menu when they sit in several; the commands that need a
channel say where to use them; and `/help`, in a channel and in a DM. The bot registers
its commands globally here (no dev guild): guild commands are not offered in DMs."""

from __future__ import annotations

import sqlite3

import pytest

from tests.bot.table import answer, hand_dm, start_game, told
from tests.fakediscord.emulator import FakeDiscord

GAME, DM = 0, 1
"""Discord's interaction contexts: a server, the bot's DM."""


@pytest.fixture
async def dm_bot(start_bot, setup_file):
    return await start_bot(
        dev_guild=False, env={"GAME_SETUP_FILE": str(setup_file), "GAME_SEED": "5"}
    )


def versions(bot) -> dict[int, int]:
    """Each stored game's version, by its channel's id."""
    with sqlite3.connect(bot.database_path) as db:
        return dict(db.execute("SELECT channel_id, version FROM games").fetchall())


async def test_a_player_plays_from_their_dm(fake_discord: FakeDiscord, dm_bot) -> None:
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    ann = players["ann"]
    dm = ann.dm_channel()
    await hand_dm(emu, ann, 0)

    hand = await (await ann.slash(dm, "grass hand")).message()
    assert hand.ephemeral and hand.channel is dm
    assert "Market Open" in hand.text and "Your turn" in hand.text and hand.selects()
    choices = await ann.autocomplete(dm, "grass play", "card", "")
    assert [c.value for c in choices] == ["market_open"]

    played = await ann.slash(dm, "grass play", card="market_open")
    assert "You played Market Open" in await answer(played)
    await table.wait_until(lambda m: "ann played Market Open" in m.text)
    assert versions(dm_bot) == {general.id: 1}

    # The others' commands find the same game; the rules still apply.
    bob, cy = players["bob"], players["cy"]
    refused = await answer(await cy.slash(cy.dm_channel(), "grass play", card="market_open"))
    assert "Not allowed" in refused and "bob's turn" in refused
    sheet = await (await bob.slash(bob.dm_channel(), "grass scores")).message()
    assert "score sheet (game 1)" in sheet.text and sheet.images()


async def test_in_several_games_the_player_picks_which(fake_discord: FakeDiscord, dm_bot) -> None:
    emu = fake_discord
    general, backroom = emu.channel("general"), emu.channel("backroom")
    players, in_general = await start_game(emu, general)
    _same, in_backroom = await start_game(emu, backroom)
    ann = players["ann"]
    dm = ann.dm_channel()
    await hand_dm(emu, ann, 0)
    # ann is awaited in both games: autocomplete cannot tell which one she means.
    assert await ann.autocomplete(dm, "grass play", "card", "") == []

    typed = await ann.slash(dm, "grass play", card="market_open")
    question = await typed.message()
    assert question.ephemeral and "You are playing 2 Grass games" in question.text
    assert f"<#{general.id}>" in question.text and f"<#{backroom.id}>" in question.text
    assert versions(dm_bot) == {general.id: 0, backroom.id: 0}  # nothing played yet
    menu = question.selects()[0]
    labels = [option.label for option in menu.options]
    assert len(labels) == 2 and all("your turn" in label for label in labels)
    chosen = next(o for o in menu.options if "#backroom" in o.label)
    await (await ann.select(question, menu.custom_id, [chosen.value])).ack()

    await told(emu, typed, "You played Market Open")
    await in_backroom.wait_until(lambda m: "ann played Market Open" in m.text)
    assert versions(dm_bot) == {general.id: 0, backroom.id: 1}
    assert "ann played Market Open" not in in_general.text
    await question.wait_until(lambda m: not m.selects() and "#backroom" in m.text)
    # Now only the game in #general awaits ann: autocomplete offers its cards.
    choices = await ann.autocomplete(dm, "grass play", "card", "")
    assert [c.value for c in choices] == ["market_open"]

    # A question nobody waits for any more (answered, or asked before a restart).
    stale = await ann.forge(
        dm, 3, {"custom_id": menu.custom_id, "component_type": 3, "values": [chosen.value]}
    )
    assert "expired" in await answer(stale)
    assert versions(dm_bot) == {general.id: 0, backroom.id: 1}


async def test_commands_that_need_a_channel_say_where(fake_discord: FakeDiscord, dm_bot) -> None:
    ann, bob = fake_discord.user("ann"), fake_discord.user("bob")
    dm = ann.dm_channel()
    start = await answer(await ann.slash(dm, "grass start"))
    assert "server channels" in start and "`/grass start`" in start
    for command, options in (
        ("grass kick", {"player": bob}),
        ("gracias abandon", {}),
        ("graps scoreboard", {}),
    ):
        said = await answer(await ann.slash(dm, command, **options))
        assert f"`/{command}`" in said and "channel" in said, said
    alone = await answer(await ann.slash(dm, "grass hand"))
    assert "not playing any Grass game" in alone and "`/grass start`" in alone
    rules = await (await ann.slash(dm, "graps rules")).message()
    assert "How to play Graps" in rules.text  # a command about no game works in a DM too
    assert fake_discord.rejected == []


async def test_help_is_ephemeral_and_names_every_game(fake_discord: FakeDiscord, dm_bot) -> None:
    ann = fake_discord.user("ann")
    for where in (fake_discord.channel("general"), ann.dm_channel()):
        shown = await (await ann.slash(where, "help")).message()
        assert shown.ephemeral
        for words in ("Grass", "Gracias", "Graps", "`/grass start`", "Join", "Start", "`/games`"):
            assert words in shown.text, words
        assert "2 to 6 players" in shown.text and "3 to 6 players" in shown.text
        assert "`/notify`" in shown.text and "`/grass start pace:`" in shown.text
        assert "(G" not in shown.text  # no rule ids for players


async def test_commands_are_offered_where_they_work(fake_discord: FakeDiscord, dm_bot) -> None:
    synced = {command["name"]: command for command in fake_discord.commands.listing(None)}
    for name in ("grass", "gracias", "graps", "help"):
        assert synced[name]["contexts"] == [GAME, DM], name
        assert synced[name]["integration_types"] == [0], name  # installed in servers only
