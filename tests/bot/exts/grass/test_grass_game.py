"""A complete 3-player Grass game through the emulator, acting as the players: lobby,
hands by DM (images that decode), the table message edited after every move, a
declined and an accepted trade (G20), Heat On lifted by Pay Fine (G10), a Paranoia
pass (G13), a hand scored (G18) and the next one dealt (G2), the end (G19), results,
scores, the scoreboard and the export; and the channel never shows a hand."""

from __future__ import annotations

import json

from games.grass import Grass
from games.replay import replay
from tests.bot.scenario import HAND_1, HAND_2, MOVES, OPTIONS, PLAYERS
from tests.bot.table import answer, hand_dm, pick, press
from tests.fakediscord.model import Message


def expected_game(moves: int) -> Grass:
    game = Grass.from_replay(
        {
            "game": "grass",
            "players": list(PLAYERS),
            "options": OPTIONS,
            "seed": 5,
            "decks": [HAND_1, HAND_2],
        }
    )
    for action in MOVES[:moves]:
        game.apply_json(action)
    return game


def everyone_sees(message: Message) -> bool:
    return message.visible_to is None


async def open_table(emu, players, general):
    ann, bob, cy = players
    lobby = await (
        await ann.slash(general, "grass start", target=100000, heat_stacking=True)
    ).message()
    assert "The first player to $100,000 wins." in lobby.text and "Join" in lobby.text
    for player in (bob, cy):
        await (await player.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: "3 of 2 to 6" in m.text)
    await (await ann.click(lobby, "Start")).ack()
    await lobby.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    return lobby


async def test_a_whole_game_from_start_to_scoreboard(fake_discord, stacked_bot):
    emu = fake_discord
    ann, bob, cy = (emu.user(name) for name in PLAYERS)
    general = emu.channel("general")
    table = await open_table(emu, (ann, bob, cy), general)
    first = await hand_dm(emu, ann, 0)
    assert first.images(), "the hand comes as an image"
    assert "Market Open" in first.text and "Your turn" in first.text
    assert not any(m.images() == [] for m in bob.dm_messages()), "every hand has an image"

    # hand 1: markets open, peddles (G5, G7); mixed ways of playing
    await pick(emu, ann, 0, "play", "market_open")
    await pick(emu, bob, 1, "play", "market_open")
    await hand_dm(emu, cy, 2)
    assert "You played Market Open" in await answer(
        await cy.slash(general, "grass play", card="market_open")
    )
    turn = await hand_dm(emu, ann, 3)  # a new turn's message says the draw once
    assert "*You drew" not in turn.text and "You just drew" in turn.text
    await pick(emu, ann, 3, "play", "panama")
    await pick(emu, bob, 4, "play", "mexico")
    # cy plays from the ephemeral /grass hand, the closed-DM fallback
    await hand_dm(emu, cy, 5)
    ephemeral = await (await cy.slash(general, "grass hand")).message()
    assert ephemeral.ephemeral and ephemeral.images()
    await pick(emu, cy, 5, "play", "jamaica", where=ephemeral)
    await ephemeral.wait_until(lambda m: "Waiting" in m.text)

    # G20: ann's offer declined, with a slash command and bob's Decline button
    await hand_dm(emu, ann, 6)
    reply = await ann.slash(general, "grass trade", player=bob, give="home_grown", take="Immunity")
    assert "offer" in await answer(reply)
    offer_dm = await hand_dm(emu, bob, 7)
    assert "ann offers you a trade" in offer_dm.text and "Immunity" in offer_dm.text
    await press(emu, bob, 7, "Decline")
    await table.wait_until(lambda m: "bob declined the trade" in m.text)

    # G8: Heat On through the two-step control: the card, then its target
    message = await hand_dm(emu, ann, 8)
    heading, told = message.text.split("\n")[:2]  # which game, then ann is told
    assert heading.startswith("**Your Grass hand**") and told == "*bob declined your trade offer.*"
    await pick(emu, ann, 8, "play", "bust", where=message)
    await message.wait_until(lambda m: "on whom" in m.text)
    await (await ann.click(message, "bob")).ack()
    await table.wait_until(lambda m: "ann played Bust on bob" in m.text)

    # G20 accepted, then G10: Pay Fine lifts the Bust
    # this offer goes through the hand message's button and the typed form, the menus'
    # fallback (the menus themselves: test_grass_trade_menus.py)
    message = await hand_dm(emu, bob, 9)
    await (await bob.click(message, "Offer a trade…")).ack()
    await message.wait_until(lambda m: "to whom" in m.text)
    await (await bob.click(message, "cy")).ack()
    await message.wait_until(lambda m: "Trade with cy" in m.text)
    form = await (await bob.click(message, "Type it instead…")).modal()
    fields = {
        "Cards you give from your hand": "Colombia",
        "Cards you ask from cy's hand": "detained",
    }
    await (await bob.submit(form, **fields)).ack()
    await press(emu, cy, 10, "Accept the trade")
    await table.wait_until(lambda m: "bob and cy traded" in m.text)
    await pick(emu, bob, 11, "play", "pay_fine")
    await table.wait_until(lambda m: "lifting Bust" in m.text)

    # G13: Sold Out, then everyone passes a card left
    await pick(emu, cy, 12, "play", "sold_out")
    await general.wait_message(lambda m: "Paranoia pass" in m.text and ann.mention in m.text)
    await pick(emu, ann, 13, "pass", "home_grown")
    await hand_dm(emu, bob, 14)
    await answer(await bob.slash(general, "grass pass", card="detained"))
    await pick(emu, cy, 15, "pass", "colombia")
    after_pass = await hand_dm(emu, ann, 16)
    assert "Colombia" in after_pass.text  # cy's card came to ann, and ann is told so
    assert "You passed Home Grown to bob and received Colombia from cy" in after_pass.text

    # G16, G18, G2: Market Close scores the hand; hand 2 is dealt, bob first
    mark = general.mark()
    await pick(emu, ann, 16, "play", "market_close")
    sheet = await general.wait_message(lambda m: "Hand 1 is scored" in m.content, after=mark)
    assert "**ann** $50,000 · total $50,000\n**bob** -$5,000 · total -$5,000" in sheet.content
    assert sheet.images()
    assert sheet.attachments[0].description == (  # the scores, for screen readers
        "Grass score sheet, first to $100,000. Hand 1: ann $50,000, bob -$5,000, cy -$5,000; "
        "best hand: ann. Totals: ann $50,000, bob -$5,000, cy -$5,000."
    )
    await table.wait_until(lambda m: f"{bob.mention}, your turn (hand 2)" in m.text)

    await pick(emu, bob, 17, "play", "market_open")
    await hand_dm(emu, cy, 18)
    await answer(await cy.slash(general, "grass discard", card="felony"))
    await pick(emu, ann, 19, "play", "market_open")
    await pick(emu, bob, 20, "discard", "jamaica")
    await pick(emu, cy, 21, "discard", "bust")
    await pick(emu, ann, 22, "play", "dr_feelgood")
    mark = general.mark()
    await pick(emu, bob, 23, "play", "market_close")
    over = await general.wait_message(lambda m: "Game over" in m.content, after=mark)
    assert ann.mention in over.content and "$170,000" in over.content
    await table.wait_until(lambda m: "Game over: ann won" in m.text and not m.buttons())
    assert table.edits >= len(MOVES), "the table message is edited after every move"
    for player in (ann, bob, cy):  # one hand message each is left, its controls gone
        left = [m for m in player.dm_messages() if not m.ephemeral]
        assert len(left) == 1 and not left[0].components, player.name

    # results, scores, scoreboard, export
    scores = await (await bob.slash(general, "grass scores")).message()
    assert scores.images()
    assert scores.attachments[0].description == (
        "Grass score sheet, winner: ann. Hand 2: ann $120,000, bob -$25,000, cy -$25,000; "
        "best hand: ann. Totals: ann $170,000, bob -$30,000, cy -$30,000. ann, hand by hand: "
        "hand 1: $50,000, hand 2: $120,000. bob, hand by hand: hand 1: -$5,000, hand 2: "
        "-$25,000. cy, hand by hand: hand 1: -$5,000, hand 2: -$25,000."
    )
    board = await (await cy.slash(general, "grass scoreboard")).message()
    assert board.images() and "3 players" in board.text
    mine = await (await cy.slash(general, "grass scoreboard", player=ann)).message()
    assert "1 game, 1 win" in mine.text and "$170,000" in mine.text
    exported = await (await ann.slash(general, "grass export")).message()
    data = json.loads(exported.attachments[0].data)
    assert data["actions"] == MOVES
    assert replay(data).state_json() == expected_game(len(MOVES)).state_json()

    # The channel never showed a hand: no DM picture, no hand message text in it.
    dm_images = [
        attachment.image().tobytes()
        for player in (ann, bob, cy)
        for message in (player.dm.all_messages if player.dm else [])  # the deleted ones too
        for version in message.versions
        for attachment in version.attachments
    ]
    public = [m for m in general.messages() if everyone_sees(m)]
    for message in public:
        for version in message.versions:
            assert "Your Grass hand" not in version.content
            for attachment in version.attachments:
                assert attachment.filename != "hand.png"
                assert attachment.image().tobytes() not in dm_images


async def test_the_scoreboard_is_empty_before_any_finished_game(fake_discord, bot_process):
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    text = await answer(await ann.slash(general, "grass scoreboard"))
    assert "No finished Grass game" in text
