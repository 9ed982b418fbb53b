"""Grass trade offers (G20) in the Activity's page (activity/src/hands/grass_trade.js), in
headless Chromium against the real bot: ann, on her turn with 7 cards, builds an offer to
bob in her phone's page (the form draws it in the chat's words and says why it cannot be
sent yet, in the chat's words too: hand cards go one for one), and sends it; bob's page
shows what he gets and gives, and he accepts there; both hands change, in the pages and
in their DMs. A second offer is declined in bob's page, a third withdrawn in ann's.
Trades are secret in that game: cy's page and every state it got never hold an offer's
contents, nor the trade's. The form's choices outlive a dropped connection. In a game
with public trades, stash peddles are traded from a computer's wide page. Key texts at
least 12 px, no sideways scroll, tap targets of 36 px; screenshots in gallery/activity/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.exts.grass.cards import card_list
from games.grass import Card
from tests.bot.activity_pages import (
    DESKTOP,
    PHONE,
    SMALLEST_TEXT,
    WAIT_MS,
    Opened,
    activity_bot,
    all_at,
    hand_of,
    held_in,
    opened,
    opened_all,
    states_of,
)
from tests.bot.scenario import MOVES
from tests.bot.table import hand_dm, pick, polled
from tests.fakediscord.activity_browser import chromium
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.players import Player

pytestmark = pytest.mark.activities  # the application has Activities enabled

TRADE_TEXTS = (
    ".trade-title",
    ".trade-part legend",
    ".trade-chip",
    ".trade-summary p",
    ".trade-why",
    ".trade-form button",
    ".trade-offer p",
    ".trade-offer li",
    ".trade-offer button",
)

TAP = 36
"""CSS pixels: the least height of a button a thumb taps."""
SECRET = {"immunity", "colombia", "panama", "bust", "pay_fine"}
"""Cards in ann's or bob's hand, asked or offered, that cy's page never gets (trades are
secret: even the accepted one is only said to have happened)."""


async def tap(page: Opened, selector: str) -> None:
    await page.activity.locator(selector).first.click()


async def why(page: Opened) -> str:
    return str(await page.activity.locator(".trade-form [data-why]").text_content())


async def shortest_tap(page: Opened, selector: str) -> float:
    heights: list[float] = await page.activity.locator("body").evaluate(
        """(body, selector) => [...body.querySelectorAll(selector)]
             .filter((node) => node.getClientRects().length)
             .map((node) => node.getBoundingClientRect().height)""",
        selector,
    )
    assert heights, selector
    return min(heights)


async def offer_to_bob(page: Opened, give: list[str], take: list[str]) -> None:
    """ann's form: opened, bob chosen, the cards tapped, sent."""
    await tap(page, "[data-trade=open]")
    await tap(page, "[data-partner=bob]")
    for card in give:
        await tap(page, f"[data-give={card}][aria-pressed=false]")
    for card in take:
        await tap(page, f"[data-ask={card}]")
    assert await why(page) == "Ready: press Send the offer."
    await tap(page, ".trade-send")


def dm_holds(player: Player, hand: list[str]) -> bool:
    """Whether the player's last DM is their hand message listing `hand`, in order."""
    listed = str(card_list(Card.parse(card) for card in hand))
    messages = player.dm_messages()
    return bool(messages) and listed in messages[-1].text


async def started(emu: FakeDiscord, start_bot: Any, setup_file: Path, **options: Any) -> Any:
    """The stacked game (tests/bot/scenario.py) started in #general with `options`, with
    the bot's Activity server; the channel's Activity instance."""
    await activity_bot(emu, start_bot, GAME_SETUP_FILE=str(setup_file), GAME_SEED="5")
    ann, bob, cy = (emu.user(name) for name in ("ann", "bob", "cy"))
    general = emu.channel("general")
    table = await (await ann.slash(general, "grass start", target=100000, **options)).message()
    for player in (bob, cy):
        await (await player.click(table, "Join")).ack()
    await (await ann.click(table, "Start")).ack()
    await table.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    return emu.activity(general)


async def test_a_trade_offered_in_one_page_is_accepted_in_another(
    fake_discord, start_bot, setup_file, built
):
    emu = fake_discord
    # Secret trades: the table is told only that a trade happened, and only hand cards
    # change hands.
    instance = await started(emu, start_bot, setup_file, secret_trades=True)
    ann, bob, cy = (emu.user(name) for name in ("ann", "bob", "cy"))
    async with chromium() as browser:
        pages = await opened_all(
            browser, emu, instance, [(ann, PHONE), (bob, PHONE), (cy, DESKTOP)]
        )
        await all_at(pages, 0)
        a, b = pages["ann"], pages["bob"]
        ann_hand, bob_hand = hand_of(a), hand_of(b)
        dealt = ["market_open", "panama", "bust", "market_close", "home_grown", "grab_a_snack"]
        assert sorted(ann_hand) == sorted([*dealt, "home_grown"])  # and the card drawn
        # Only the player whose turn it is may offer.
        assert await b.activity.locator("[data-trade=open]").count() == 0
        assert await pages["cy"].activity.locator("[data-trade=open]").count() == 0

        # ann builds an offer: the partner first, then the cards; a card held twice may
        # be given twice; the form says why it cannot be sent yet, as the chat does.
        await tap(a, "[data-trade=open]")
        form = a.activity.locator(".trade-form")
        assert await form.locator(".trade-title").text_content() == "Offer a trade to whom?"
        assert await form.locator("[data-partner]").all_text_contents() == ["bob", "cy"]
        assert await form.locator(".trade-send").count() == 0
        await tap(a, "[data-partner=bob]")
        assert await form.locator(".trade-title").text_content() == (
            "Trade with bob: choose what you give and what you ask for."
        )
        assert await why(a) == "Choose at least one card you give."
        assert await form.locator(".trade-send").is_disabled()
        await tap(a, "[data-give=home_grown][aria-pressed=false]")
        assert await why(a) == "Choose at least one card you ask for."
        await tap(a, "[data-give=home_grown][aria-pressed=false]")
        await tap(a, "[data-ask=mexico]")
        # Unequal hand cards: the rules refuse it, so it cannot be sent, and it says why.
        assert await why(a) == (
            "Hand cards go one for one, so hands stay at 7 and 6: you give 2 cards from your "
            "hand and ask for 1 card from bob's hand."
        )
        assert await form.locator(".trade-send").is_disabled()
        await tap(a, "[data-ask=immunity]")
        assert await why(a) == "Ready: press Send the offer."
        summary = await form.locator(".trade-summary p").all_text_contents()
        assert summary == [
            "You give: Home Grown ($5,000) from your hand, Home Grown ($5,000) from your hand",
            "You ask for: Mexico ($5,000) from bob's hand, Immunity from bob's hand",
            "Trades are secret in this game: only hand cards change hands.",
            "bob can accept only if they hold the cards you ask from their hand.",
        ]
        assert await form.locator(".trade-send").is_enabled()
        # Cards are asked for by name (the page knows nothing of bob's hand): those the
        # chat's menu offers, here all of them, since ann sees every copy of none.
        asks = await form.locator("[data-ask]").evaluate_all(
            "(chips) => chips.map((chip) => chip.dataset.ask)"
        )
        assert asks == states_of(a)[-1]["you"]["menus"]["ask"] == [card.value for card in Card]
        # The choices outlive a dropped connection: the table came back the same.
        await a.cut()
        await a.activity.locator("body[data-state=reconnecting]").wait_for(timeout=WAIT_MS)
        await a.at(0)
        assert await form.locator("[aria-pressed=true]").count() == 5  # bob, 2 given, 2 asked
        assert await why(a) == "Ready: press Send the offer."
        seen = await a.read()
        assert seen["width"] <= PHONE["width"]
        assert seen["moves"] == [
            {"offer": {"to": "bob", "give": ["home_grown"] * 2, "take": ["mexico", "immunity"]}}
        ]
        assert await a.smallest_text(TRADE_TEXTS) >= SMALLEST_TEXT
        assert await shortest_tap(a, ".trade-form button") >= TAP
        await form.locator(".trade-title").evaluate("(title) => title.scrollIntoView()")
        await a.shoot("grass-phone-ann-trade-form")  # its head, and its foot (-end)
        await tap(a, ".trade-send")
        await all_at(pages, 1)

        # bob's page shows what he is offered, with his answers; ann's, her offer
        # waiting; cy's table, only that an offer is under way.
        box = b.activity.locator(".trade-offer[data-offer=to-you]")
        assert await box.locator("p").text_content() == "ann offers you a trade:"
        assert await box.locator("li").all_text_contents() == [
            "you get: Home Grown ($5,000), Home Grown ($5,000)",
            "you give: Mexico ($5,000), Immunity",
        ]
        assert await box.locator("button").all_text_contents() == ["Accept the trade", "Decline"]
        mine = a.activity.locator(".trade-offer[data-offer=yours]")
        assert await mine.locator("p").text_content() == "Your offer to bob waits for an answer."
        assert await mine.locator("button").all_text_contents() == ["Withdraw my offer"]
        assert (await pages["cy"].read())["status"] == "ann offers bob a trade"
        assert await pages["cy"].activity.locator(".trade-offer").count() == 0
        offered = await hand_dm(emu, bob, 1)  # the chat says the same
        assert "you get: Home Grown ($5,000), Home Grown ($5,000)" in offered.text
        seen = await b.read()
        assert seen["width"] <= PHONE["width"]
        assert await b.smallest_text(TRADE_TEXTS) >= SMALLEST_TEXT
        assert await shortest_tap(b, ".trade-offer button") >= TAP
        await b.shoot("grass-phone-bob-offer")
        await a.shoot("grass-phone-ann-offer-waiting")
        await box.locator("button", has_text="Accept the trade").click()
        await all_at(pages, 2)

        # Both hands changed, in the pages and in the DMs.
        for card in ("home_grown", "home_grown"):
            ann_hand.remove(card)
        ann_hand += ["mexico", "immunity"]
        for card in ("mexico", "immunity"):
            bob_hand.remove(card)
        bob_hand += ["home_grown", "home_grown"]
        assert sorted(hand_of(a)) == sorted(ann_hand)
        assert sorted(hand_of(b)) == sorted(bob_hand)
        assert sorted((await a.read())["hand"]) == sorted(set(ann_hand))
        assert sorted((await b.read())["hand"]) == sorted(set(bob_hand))
        assert await b.activity.locator(".trade-offer").count() == 0
        await polled(lambda: dm_holds(ann, hand_of(a)), "ann's DM with her new hand")
        await polled(lambda: dm_holds(bob, hand_of(b)), "bob's DM with his new hand")

        # A second offer, declined in bob's page; ann may offer again, on a fresh form.
        await offer_to_bob(a, ["panama"], ["colombia"])
        await all_at(pages, 3)
        await b.activity.locator(".trade-offer button", has_text="Decline").click()
        await all_at(pages, 4)
        assert sorted(hand_of(a)) == sorted(ann_hand)
        assert await a.activity.locator(".trade-form").count() == 0
        # A third, withdrawn in ann's page.
        await offer_to_bob(a, ["bust"], ["pay_fine"])
        await all_at(pages, 5)
        await a.activity.locator(".trade-offer button", has_text="Withdraw my offer").click()
        await all_at(pages, 6)
        assert sorted(hand_of(a)) == sorted(ann_hand)
        assert sorted(hand_of(b)) == sorted(bob_hand)
        assert await b.activity.locator(".trade-offer").count() == 0

        # cy never got an offer's contents: not in a state, not on the page.
        states: list[dict[str, Any]] = [f for f in pages["cy"].frames if f["op"] == "state"]
        assert [state["game"]["version"] for state in states] == [0, 1, 2, 3, 4, 5, 6]
        for state in states:
            said = held_in(state)
            assert not {card for card in SECRET if f'"{card}"' in said}, state["game"]
            assert state["you"]["hand"]["offer"] is None
            if state["game"]["version"] in (1, 3, 5):
                assert state["table"]["offer"] == {"by": "ann", "to": "bob"}
        recent = " ".join(line for state in states for line in state["recent"])
        assert "ann and bob traded" in recent
        shown = ("Home Grown", "Mexico", "Immunity", "Panama", "Colombia", "Bust", "Pay Fine")
        assert not [name for name in shown if name in recent]
        text = await pages["cy"].activity.locator("body").inner_text()
        assert not [name for name in ("Immunity", "Colombia", "Pay Fine") if name in text]
        for page in pages.values():
            assert page.errors == [], page.name


def stash(opened: Opened, name: str) -> list[str]:
    """A seat's stash in the page's last state."""
    table = states_of(opened)[-1]["table"]
    return [p["card"] for seat in table["seats"] if seat["name"] == name for p in seat["stash"]]


async def test_stash_peddles_are_traded_from_a_wide_page(
    fake_discord, start_bot, setup_file, built
):
    emu = fake_discord
    instance = await started(emu, start_bot, setup_file)
    ann, bob = emu.user("ann"), emu.user("bob")
    # Markets opened and a peddle each, from the DMs: ann's Panama, bob's Mexico.
    for version, move in enumerate(MOVES[:6]):
        await pick(emu, emu.user(move["by"]), version, "play", move["play"])
    async with chromium() as browser:
        a = await opened(browser, emu, ann, instance, DESKTOP)
        b = await opened(browser, emu, bob, instance, PHONE)
        for page in (a, b):
            await page.at(6)
        assert stash(a, "ann") == ["panama"] and stash(a, "bob") == ["mexico"]
        await tap(a, "[data-trade=open]")
        await tap(a, "[data-partner=bob]")
        form = a.activity.locator(".trade-form")
        assert await form.locator("legend").all_text_contents() == [
            "Cards you give from your hand",
            "Peddles you give from your stash",
            "Cards you ask from bob's hand",
            "Peddles you ask from bob's stash",
        ]
        await tap(a, "[data-give-stash=panama]")
        await tap(a, "[data-take-stash=mexico]")
        assert await why(a) == "Ready: press Send the offer."
        assert await form.locator(".trade-summary p").all_text_contents() == [
            "You give: Panama ($50,000) from your stash",
            "You ask for: Mexico ($5,000) from bob's stash",
        ]
        assert await a.smallest_text(TRADE_TEXTS) >= SMALLEST_TEXT
        await a.shoot("grass-desktop-ann-trade-stash")
        await tap(a, ".trade-send")
        for page in (a, b):
            await page.at(7)
        box = b.activity.locator(".trade-offer[data-offer=to-you]")
        assert await box.locator("li").all_text_contents() == [
            "you get: Panama ($50,000)",
            "you give: Mexico ($5,000)",
        ]
        await box.locator("button", has_text="Accept the trade").click()
        for page in (a, b):
            await page.at(8)
        assert stash(b, "ann") == ["mexico"] and stash(b, "bob") == ["panama"]
        assert a.errors == [] and b.errors == []
