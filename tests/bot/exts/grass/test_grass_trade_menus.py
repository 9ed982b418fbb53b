"""Trade offers built with the hand message's menus of the actual cards (G20), through
the emulator as the players: accepted, declined (with stash peddles, and across a
restart), secret trades with hand cards only, an illegal choice refused before it is
sent, and a stale menu; no free text anywhere. Without Discord: the menus' verdict on
an offer is the engine's, and the custom ids fit Discord's limit."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest

from bot.core.gameui import Control
from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.exts.grass import KIND
from bot.exts.grass.trade import FIELDS, Pick, Sources, TradeVerb, problem
from games.grass import Card, Grass
from games.grass.actions import MakeOffer
from games.protocol import IllegalAction
from tests.bot.scenario import ACCEPTED, HAND_1, MOVES, PLAYERS
from tests.bot.table import (
    choose,
    hand_dm,
    open_menus,
    pick,
    play_move,
    press,
    told,
)
from tests.fakediscord.model import Message

ASK = "Cards you ask for"


def stored_actions(bot) -> list[dict[str, Any]]:
    with sqlite3.connect(bot.database_path) as db:
        rows = db.execute("SELECT action FROM moves ORDER BY number").fetchall()
    return [json.loads(row[0]) for row in rows]


async def start(emu, general, secret: bool = False) -> tuple[dict[str, Any], Message]:
    players = {name: emu.user(name) for name in PLAYERS}
    ann = players["ann"]
    options: dict[str, Any] = {"target": 100000, "secret_trades": secret}
    table = await (await ann.slash(general, "grass start", **options)).message()
    for name in PLAYERS[1:]:
        await (await players[name].click(table, "Join")).ack()
    await table.wait_until(lambda m: "(3 of" in m.text)
    await (await ann.click(table, "Start")).ack()
    await table.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    return players, table


def send_button(message: Message):
    return next(b for b in message.buttons() if b.label == "Send the offer")


def no_form_opened(emu) -> bool:
    return all(interaction.modal_opened is None for interaction in emu.interactions.values())


async def test_an_offer_built_with_the_menus_is_accepted_g20(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start(emu, general)
    bob, cy = players["bob"], players["cy"]
    for version in range(9):
        await play_move(emu, players, general, version, MOVES[version])

    message = await open_menus(emu, bob, 9, "cy")
    assert "Choose at least one card you give" in message.text and send_button(message).disabled
    give = next(s for s in message.selects() if s.placeholder == "Cards you give…")
    # Bob's 7 hand cards, one option per copy, and his unprotected stash peddle.
    assert give.values == (
        *("pay_fine", "colombia", "home_grown", "immunity", "mexico", "hearsay_evidence"),
        *("mexico.2", "stash.mexico"),
    )
    asked = {
        v for s in message.selects() if (s.placeholder or "").startswith(ASK) for v in s.values
    }
    assert "stash.jamaica" in asked and "detained" in asked  # cy's stash; a card by name
    assert "stash.mexico" not in asked  # that is bob's own stash, not cy's

    await choose(bob, message, "Cards you give…", ["colombia"])
    assert "You give: Colombia ($25,000) from your hand" in message.text
    assert "Choose at least one card you ask for" in message.text and send_button(message).disabled

    # Refused before sending, in plain words: hand cards go one for one.
    await choose(bob, message, ASK, ["detained", "home_grown"])
    assert "one for one" in message.text and "ask for 2 cards from cy's hand" in message.text
    assert send_button(message).disabled

    await choose(bob, message, ASK, ["detained"])
    assert "You ask for: Detained from cy's hand" in message.text and "Ready" in message.text
    assert not send_button(message).disabled
    await (await bob.click(message, "Send the offer")).ack()

    offer = await hand_dm(emu, cy, 10)
    assert "bob offers you a trade" in offer.text and "Detained" in offer.text
    await press(emu, cy, 10, "Accept the trade")
    await table.wait_until(lambda m: "bob and cy traded" in m.text)
    assert stored_actions(stacked_bot)[9] == {"by": "bob", "offer": ACCEPTED}
    assert no_form_opened(emu)


async def test_an_offer_of_stash_peddles_declined_across_a_restart_g20(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start(emu, general)
    ann, bob = players["ann"], players["bob"]
    for version in range(6):
        await play_move(emu, players, general, version, MOVES[version])

    message = await open_menus(emu, ann, 6, "bob")
    await choose(ann, message, "Cards you give…", ["home_grown", "stash.panama"])
    # The half-built offer lives in the controls' ids only: a restart loses nothing.
    await stacked_bot.restart()
    await choose(ann, message, ASK, ["immunity", "stash.mexico"])
    assert "You give: Home Grown ($5,000) from your hand, Panama ($50,000) from your stash" in (
        message.text
    )
    assert "Immunity from bob's hand, Mexico ($5,000) from bob's stash" in message.text
    await (await ann.click(message, "Send the offer")).ack()

    offer = await hand_dm(emu, bob, 7)
    assert "ann offers you a trade" in offer.text and "Panama" in offer.text
    await press(emu, bob, 7, "Decline")
    await table.wait_until(lambda m: "bob declined the trade" in m.text)
    heading, told = (await hand_dm(emu, ann, 8)).text.split("\n")[:2]  # which game, then news
    assert heading.startswith("**Your Grass hand**") and told == "*bob declined your trade offer.*"
    assert stored_actions(stacked_bot)[6] == {
        "by": "ann",
        "offer": {
            "to": "bob",
            "give": ["home_grown"],
            "take": ["immunity"],
            "give_stash": ["panama"],
            "take_stash": ["mexico"],
        },
    }
    assert no_form_opened(emu)


async def test_secret_trades_offer_hand_cards_only_g20(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start(emu, general, secret=True)
    ann, bob = players["ann"], players["bob"]
    for version in range(6):
        await play_move(emu, players, general, version, MOVES[version])

    message = await open_menus(emu, ann, 6, "bob")
    assert "only hand cards change hands" in message.text
    values = [v for s in message.selects() for v in s.values]
    # Both stashes hold a peddle (ann's Panama, bob's Mexico); neither is offered.
    assert "home_grown" in values and not any(v.startswith("stash.") for v in values)
    await choose(ann, message, "Cards you give…", ["home_grown"])
    await choose(ann, message, ASK, ["immunity"])
    await (await ann.click(message, "Send the offer")).ack()
    await press(emu, bob, 7, "Accept the trade")
    await table.wait_until(lambda m: "ann and bob traded" in m.text)
    assert "Immunity" not in table.text  # the table sees only that a trade happened
    assert "Immunity" in (await hand_dm(emu, ann, 8)).text
    assert no_form_opened(emu)


async def test_a_menu_drawn_before_the_turn_moved_on_is_out_of_date(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, _table = await start(emu, general)
    ann = players["ann"]
    for version in range(6):
        await play_move(emu, players, general, version, MOVES[version])
    await hand_dm(emu, ann, 6)
    ephemeral = await (await ann.slash(general, "grass hand")).message()
    await open_menus(emu, ann, 6, "bob", where=ephemeral)
    await choose(ann, ephemeral, "Cards you give…", ["home_grown"])
    await pick(emu, ann, 6, "discard", "bust")  # from the DM: ann's turn ends
    await hand_dm(emu, players["bob"], 7)

    menu = next(s for s in ephemeral.selects() if (s.placeholder or "").startswith(ASK))
    stale = await ann.select(ephemeral, str(menu.custom_id), ["immunity"])
    reply = await told(emu, stale, "out of date")
    assert "Waiting for your turn" in reply.text
    assert len(stored_actions(stacked_bot)) == 7


# -- without Discord ----------------------------------------------------------------


def session_at(moves: int, secret: bool = False) -> Session:
    options = {"secret_trades": secret}
    engine = Grass.from_replay(
        {
            "game": "grass",
            "players": list(PLAYERS),
            "options": options,
            "seed": 5,
            "decks": [HAND_1],
        }
    )
    for action in MOVES[:moves]:
        engine.apply_json(action)
    row = GameRow(1, 10, 20, "grass", {}, Status.RUNNING, 100, None, None, engine.moves, None)
    seats = [
        SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate(PLAYERS)
    ]
    return Session(row, engine, seats, Status.RUNNING, None, KIND)


def test_the_menus_refuse_exactly_what_the_engine_refuses_g20_g21():
    """`problem` reads only the mover's view; over random picks, its verdict is the
    engine's (`check_offer`), for public and secret trades, and for a player whose turn
    it is not."""
    rng = random.Random(20)
    checked = 0
    for moves, secret, name in (
        (6, False, "ann"),
        (9, False, "bob"),
        (6, True, "ann"),
        (9, False, "cy"),
    ):
        session = session_at(moves, secret)
        hand = session.hand(name)
        for seat in (n for n, other in enumerate(PLAYERS) if other != name):
            sources = Sources(hand, seat)
            for _ in range(150):
                masks = [
                    rng.getrandbits(len(cards)) & rng.getrandbits(len(cards))
                    for cards in sources.lists
                ]
                if rng.random() < 0.3:  # as many hand cards each way, more often than by chance
                    masks[2] = 1 << rng.randrange(len(sources.lists[2])) if masks[0] else 0
                    masks[0] = masks[0] & -masks[0]
                offer = sources.offer(name, Pick(seat, (masks[0], masks[1], masks[2], masks[3])))
                try:
                    session.engine.clone().apply(offer)
                    allowed = True
                except IllegalAction:
                    allowed = False
                assert (problem(hand.view, offer) is None) == allowed, offer
                checked += allowed
    assert checked > 20  # legal offers were among those tried
    # The menus of a secret game list no stash peddle; one forged in is refused by both.
    session = session_at(6, secret=True)
    forged = MakeOffer("ann", "bob", (Card.HOME_GROWN,), (Card.IMMUNITY,), (Card.PANAMA,))
    assert "only hand cards" in (problem(session.hand("ann").view, forged) or "")
    with pytest.raises(IllegalAction):
        session.engine.clone().apply(forged)


def test_a_whole_choice_fits_in_a_custom_id():
    """The longest game id and version the templates allow, every option chosen."""
    session = session_at(6)
    sources = Sources(session.hand("ann"), 1)
    full = [(1 << max(len(cards), 25)) - 1 for cards in sources.lists]
    pick_ = Pick(5, (full[0], full[1], full[2], full[3]))
    for verb, extra in ((TradeVerb.GIVE, ()), (TradeVerb.ASK, ("2",)), (TradeVerb.SEND, ())):
        control = Control(10**19 - 1, 10**9 - 1, verb, (*extra, *pick_.args()))
        assert len(control.custom_id("s")) <= 100
    assert len(pick_.args()) == 1 + len(FIELDS)
