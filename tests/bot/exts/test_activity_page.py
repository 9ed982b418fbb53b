"""The Activity's page (activity/, built by activity/build.py) in headless Chromium, in the
emulator's fake Discord client, against the real bot: the SDK's handshake, the code
exchange and the live table; the table drawn by the replay page's drawer; each page
showing its own hand only (in its page and in every websocket frame); a move tapped in a
page reaching the other pages and the chat's table, and a move from a DM reaching the
pages; the last actions under the table; Market Close asked about first, as in the chat;
every key text at least 12 px. Screenshots at a phone's and a desktop's size go to
gallery/activity/ for people to look at."""

from __future__ import annotations

import json

import pytest

from tests.bot.activity_pages import (
    DESKTOP,
    PHONE,
    SMALLEST_TEXT,
    WAIT_MS,
    activity_bot,
    all_at,
    hand_of,
    held_in,
    opened_all,
)
from tests.bot.scenario import HAND_1, MOVES
from tests.bot.table import pick, polled
from tests.fakediscord.activity_browser import chromium

pytestmark = pytest.mark.activities  # the application has Activities enabled

DEALT = {name: set(HAND_1[seat:18:3]) for seat, name in enumerate(("ann", "bob", "cy"))}
"""Each seat's six dealt cards (dealt one at a time around the table)."""


async def test_three_pages_play_beside_the_chat_each_with_its_own_hand(
    fake_discord, start_bot, setup_file, built
):

    emu = fake_discord
    await activity_bot(emu, start_bot, GAME_SETUP_FILE=str(setup_file), GAME_SEED="5")
    ann, bob, cy = (emu.user(name) for name in ("ann", "bob", "cy"))
    general = emu.channel("general")
    table = await (await ann.slash(general, "grass start", target=100000)).message()
    for player in (bob, cy):
        await (await player.click(table, "Join")).ack()
    await (await ann.click(table, "Start")).ack()
    await table.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    instance = emu.activity(general)
    cy.locale = "fr"  # Discord's language setting: cy's page speaks French
    async with chromium() as browser:
        pages = await opened_all(
            browser, emu, instance, [(ann, PHONE), (bob, PHONE), (cy, DESKTOP)]
        )
        await all_at(pages, 0)
        shown = {name: await page.read() for name, page in pages.items()}
        for name, seen in shown.items():
            # The channel's table, drawn by the replay page's drawer.
            assert sorted(seen["seats"]) == ["ann", "bob", "cy"], name
            assert seen["status"] == ("À ann de jouer" if name == "cy" else "ann to play"), name
            # The page's own hand: the cards its state holds, the dealt ones among them.
            hand = hand_of(pages[name])
            assert sorted(seen["hand"]) == sorted(set(hand)), name
            assert DEALT[name] <= set(hand), name
        assert {"play": "market_open"} in shown["ann"]["moves"]
        assert shown["bob"]["moves"] == [] and shown["cy"]["moves"] == []
        assert shown["ann"]["width"] <= PHONE["width"] and shown["bob"]["width"] <= PHONE["width"]
        for page in pages.values():
            assert await page.smallest_text() >= SMALLEST_TEXT, page.name
        await pages["ann"].shoot("grass-phone-ann-turn")
        await pages["cy"].shoot("grass-desktop-cy")

        # ann taps her move; bob's and cy's pages and the chat's table follow.
        move = {key: value for key, value in MOVES[0].items() if key != "by"}
        written = json.dumps(move, separators=(",", ":"))  # as the page's JSON.stringify
        tapped = pages["ann"].activity.locator(
            f".activity-card[data-card={move['play']}] button[data-move='{written}']"
        )
        await tapped.click()
        await all_at(pages, 1)
        await table.wait_until(lambda m: f"{bob.mention}, your turn" in m.text)
        assert (await pages["bob"].read())["status"] == "bob to play"
        # bob plays from his DM; the pages follow.
        assert MOVES[1] == {"by": "bob", "play": "market_open"}
        await pick(emu, bob, 1, "play", "market_open")
        await all_at(pages, 2)
        await table.wait_until(lambda m: f"{cy.mention}, your turn" in m.text)
        shown = {name: await page.read() for name, page in pages.items()}
        assert shown["ann"]["moves"] == [] and shown["bob"]["moves"] == []
        assert {"play": "market_open"} in shown["cy"]["moves"]
        assert shown["bob"]["status"] == "cy to play"
        for page in pages.values():
            assert await page.smallest_text() >= SMALLEST_TEXT, page.name
        await pages["bob"].shoot("grass-phone-bob")
        await pages["cy"].shoot("grass-desktop-cy-turn")

        # ann's connection drops: her page says so, connects again and shows the table
        # as it stands, and follows the game from there.
        await pages["ann"].cut()
        await (
            pages["ann"].activity.locator("body[data-state=reconnecting]").wait_for(timeout=WAIT_MS)
        )
        await pages["ann"].at(2)
        assert len(pages["ann"].sockets) == 2
        await pick(emu, cy, 2, "play", "market_open")
        await all_at(pages, 3)
        # ann plays from her DM while her page lags behind; a tap in the page, on the
        # table as it was, is refused in words, and the page catches up.
        pages["ann"].hold()
        await pick(emu, ann, 3, "play", MOVES[3]["play"])
        await (
            pages["ann"]
            .activity.locator(f".activity-card[data-card={MOVES[3]['play']}] button")
            .first.click()
        )
        await polled(
            lambda: pages["ann"].holding("refused") and pages["ann"].holding("state", 4),
            "the page's move refused, and the game's next state",
        )
        # The refusal arrives ahead of the state that explains it, and stays in sight.
        pages["ann"].release(first="refused")
        await all_at(pages, 4)
        out_of_date = "This control is out of date: the game has moved on since it was drawn."
        note = pages["ann"].activity.locator("#note", has_text=out_of_date)
        await note.wait_for(timeout=WAIT_MS)
        assert await note.text_content() == out_of_date
        await pages["ann"].shoot("grass-phone-ann-refused")

        # No page holds another player's card, in its page or in any frame it got.
        public = {"market_open", "panama"}  # what the table shows by now
        for name, page in pages.items():
            others = (set().union(*(DEALT[o] for o in DEALT if o != name)) - public) - set(
                hand_of(page)
            )
            assert not others & set(shown[name]["cards"]), name
            states = [frame for frame in page.frames if frame["op"] == "state"]
            versions = [state["game"]["version"] for state in states]
            assert versions == ([0, 1, 2, 2, 3, 4] if name == "ann" else [0, 1, 2, 3, 4]), name
            for state in states:
                said = held_in(state)
                assert not {card for card in others if f'"{card}"' in said}, name
                assert state["you"]["seat"] == name
            assert page.errors == [], name

        # Under the table, the last actions the channel lists: ann's Panama last.
        await pages["bob"].at(4)
        recent = await pages["bob"].activity.locator(".activity-recent li").all_text_contents()
        assert recent[-1] == "ann played Panama ($50,000)"

        # Market Close cannot be taken back: as in the chat, the page asks first, and
        # Back sends nothing.
        for version in (4, 5):
            assert MOVES[version]["by"] != "ann"
            await pick(emu, emu.user(MOVES[version]["by"]), version, "play", MOVES[version]["play"])
            await all_at(pages, version + 1)
        ann_page = pages["ann"].activity
        close = ann_page.locator(
            '.activity-card[data-card=market_close] button[data-move=\'{"play":"market_close"}\']'
        )
        await close.click()
        asked = ann_page.locator(".activity-question")
        await asked.wait_for(timeout=WAIT_MS)
        assert await asked.locator("p").text_content() == (
            "Play Market Close? It ends this hand for everyone, and the hand is scored."
        )
        assert await asked.locator("button").all_text_contents() == [
            "Yes, play Market Close",
            "Back",
        ]
        await pages["ann"].shoot("grass-phone-ann-confirm")
        sent = len(pages["ann"].frames)
        await asked.locator("button", has_text="Back").click()
        await close.wait_for(timeout=WAIT_MS)
        assert len(pages["ann"].frames) == sent
        await close.click()
        await asked.locator("button", has_text="Yes, play").click()
        await all_at(pages, 7)
        assert pages["ann"].errors == []
