"""The Activity's live table (bot/core/activity.py) in process, with real storage and the
real game services: each page gets the game of its channel as its player may see it,
its own hand and legal moves and nobody else's; a move from a page is made through the
session service, and every page gets the new state once; refusals say why."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.activity import LiveTables, Player, Refused
from bot.core.errors import Refusal
from bot.exts.grass.trade import Sources
from games.grass.cards import Card
from lang import speaking, translate
from render.web import plain
from tests.bot.core.harness import Services, services
from tests.bot.decks import stacked_deck

ANN, BOB, CY, DEE, EVE = 10, 11, 12, 13, 14
CHANNEL = 100 + ANN  # the harness opens each game in channel 100 + its host's id


class Page:
    """A page's socket: what the server sent it."""

    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        json.dumps(message)  # what a socket sends: JSON, nothing else
        self.got.append(message)

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.got if m["op"] == "state"]


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[tuple[Services, LiveTables]]:
    async with services(tmp_path) as found:
        live = LiveTables(found.sessions)
        try:
            yield found, live
        finally:
            await live.close()


async def refused(call: Any) -> str:
    with pytest.raises(Refusal) as caught:
        await call
    return translate(caught.value.args[0], "en")


async def test_a_channel_without_a_game_has_no_table(running):
    _, live = running
    said = await refused(live.join(Player(ANN, "ann", 999), "en", Page().send))
    assert said.startswith("No game is being played in this channel yet")


async def test_each_page_gets_its_own_hand_and_the_same_table(running):
    found, live = running
    session = await found.start_game("grass", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
    pages = {user: Page() for user in (ANN, BOB, DEE)}
    for user, page in pages.items():
        await live.join(Player(user, f"user {user}", CHANNEL), "en", page.send)
    welcome = pages[ANN].got[0]
    assert welcome["op"] == "welcome" and welcome["kind"] == "grass"
    assert welcome["user"] == {"id": str(ANN), "name": f"user {ANN}"} and welcome["words"]
    states = {user: page.states()[-1] for user, page in pages.items()}
    assert states[ANN]["table"] == states[BOB]["table"] == states[DEE]["table"]
    assert states[ANN]["you"]["seat"] == "ann" and states[BOB]["you"]["seat"] == "bob"
    # Each hand is that player's own view, as the game's view function decides it.
    for user, name in ((ANN, "ann"), (BOB, "bob")):
        own = states[user]["you"]
        with speaking("en"):
            assert own["hand"] == plain(session.view_for(name))
        assert own["legal"] == [a.to_json() for a in session.legal_actions(name)]
    assert states[DEE]["you"] == {"seat": None, "hand": None, "legal": None, "menus": None}
    hands = {user: json.dumps(states[user]["you"]["hand"]) for user in (ANN, BOB)}
    assert hands[ANN] != hands[BOB]


async def test_a_page_may_ask_for_the_cards_the_chats_trade_menu_offers(tmp_path):
    # ann holds the only Banker and the only Euphoria: asking anyone for one is useless,
    # so the chat's menu leaves them out (G20), and so does her page's trade form.
    deck = stacked_deck(
        [
            ["banker", "euphoria", "panama", "mexico", "market_open", "home_grown"],
            ["market_open", "mexico", "pay_fine", "colombia", "home_grown", "immunity"],
        ]
    )
    async with services(tmp_path, game_setup={"grass": {"decks": [deck]}}) as found:
        live = LiveTables(found.sessions)
        try:
            session = await found.start_game("grass", [(ANN, "ann"), (BOB, "bob")])
            page = Page()
            await live.join(Player(ANN, "ann", CHANNEL), "en", page.send)
            asked = page.states()[-1]["you"]["menus"]["ask"]
            sources = Sources(session.hand("ann"), 1)
            menus = [option for menu in sources.ask_menus for option in menu]
            chat = [option.card.value for option in menus if option.field == 2]
            assert asked == chat
            assert set(asked) == {card.value for card in Card} - {"banker", "euphoria"}
        finally:
            await live.close()


async def test_a_move_from_a_page_reaches_every_page_once(running):
    found, live = running
    session = await found.start_game("grass", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
    # The screen tells the pages of every change, as the publisher does in the bot.
    publish = found.screen.publish

    async def published(session: Any, *args: Any, **kwargs: Any) -> None:
        await publish(session, *args, **kwargs)
        live.changed(session)

    found.screen.publish = published
    pages = {user: Page() for user in (ANN, BOB)}
    viewers = {}
    for user, page in pages.items():
        viewers[user] = await live.join(Player(user, "x", CHANNEL), "en", page.send)
    version = session.version
    # A discard of whatever ann was dealt: it ends her turn (a Nirvana card would not).
    legal = pages[ANN].states()[-1]["you"]["legal"]
    first = next(action for action in legal if "discard" in action)
    await live.move(viewers[ANN], version, {k: v for k, v in first.items() if k != "by"})
    await found.until(lambda: len(pages[BOB].states()) == 2, "bob's page brought up to date")
    await asyncio.sleep(0.05)  # nothing more comes
    for page in pages.values():
        latest = page.states()[-1]
        assert latest["game"]["version"] == version + 1
        assert [s["game"]["version"] for s in page.states()] == [version, version + 1]
    assert "refused" not in {m["op"] for m in pages[ANN].got}
    # Under the table, the last actions the channel lists: the discard's line last.
    card = translate(Card(first["discard"]).title, "en")
    for page in pages.values():
        before, after = page.states()[0]["recent"], page.states()[-1]["recent"]
        assert after == [*before, f"ann discarded {card}"]
    # Refusals: not their turn, an old version, a forged seat, not seated.
    again = {k: v for k, v in first.items() if k != "by"}
    assert (await refused(live.move(viewers[ANN], version + 1, again))).startswith("Not allowed:")
    with pytest.raises(Refused) as caught:
        await live.move(viewers[BOB], version, {"discard": "immunity"})
    assert translate(caught.value.args[0], "en").startswith("This control is out of date")
    # The page learns the version the game stands at: it keeps the reason in sight
    # through that version's state, which may reach it after the refusal.
    assert caught.value.version == version + 1
    forged = await refused(live.move(viewers[BOB], version + 1, {"by": "ann", "play": "mexico"}))
    assert forged == "That move is not one I can read."
    watcher = await live.join(Player(DEE, "dee", CHANNEL), "en", Page().send)
    assert (await refused(live.move(watcher, version + 1, {"play": "mexico"}))).startswith(
        "You have no seat at this table"
    )


def told_of_changes(found: Services, live: LiveTables) -> None:
    """The screen tells the pages of every change, as the publisher does in the bot."""
    publish = found.screen.publish

    async def published(session: Any, *args: Any, **kwargs: Any) -> None:
        await publish(session, *args, **kwargs)
        live.changed(session)

    found.screen.publish = published  # type: ignore[method-assign]


async def test_pages_follow_the_channels_next_game_once_theirs_has_ended(running):
    found, live = running
    told_of_changes(found, live)
    graps = await found.start_game("graps", [(ANN, "ann"), (BOB, "bob")])
    ann, dee = Page(), Page()
    seated = await live.join(Player(ANN, "ann", CHANNEL), "en", ann.send)
    await live.join(Player(DEE, "dee", CHANNEL), "en", dee.send)
    # In the same channel, a game of another kind starts, and cy opens the table on it.
    elsewhere = await found.start_game(
        "gracias", [(CY, "cy"), (DEE, "dee"), (EVE, "eve")], channel_id=CHANNEL
    )
    cy = Page()
    await live.join(Player(CY, "cy", CHANNEL), "en", cy.send)
    assert cy.states()[-1]["game"]["id"] == elsewhere.id
    await live.move(seated, graps.version, {"resign": True})
    await found.until(lambda: ann.states()[-1]["game"]["status"] == "finished", "graps's end")
    await found.until(lambda: dee.states()[-1]["game"]["status"] == "finished", "dee sees it")
    # The channel's next game: both pages show it, with its kind's welcome first.
    grass = await found.start_game("grass", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
    for page in (ann, dee):
        await found.until(lambda page=page: page.states()[-1]["game"]["id"] == grass.id, "grass")
        assert [m["op"] for m in page.got[-2:]] == ["welcome", "state"]
        assert page.got[-2]["kind"] == "grass" and "card.panama" in page.got[-2]["words"]
    assert ann.states()[-1]["you"]["seat"] == "ann" and ann.states()[-1]["you"]["legal"]
    assert dee.states()[-1]["you"]["seat"] is None
    # A move in the new game reaches them.
    session = await found.sessions.load(grass.id)
    assert session is not None
    await one_move(found, session)
    await found.until(lambda: ann.states()[-1]["game"]["version"] == 1, "the move shown")
    # ann's page stayed on graps while gracias started beside it; cy's page stays on
    # gracias, which still runs: nothing new reached it.
    assert elsewhere.id not in {state["game"]["id"] for state in ann.states()}
    assert {state["game"]["id"] for state in cy.states()} == {elsewhere.id}
    assert [m["op"] for m in cy.got] == ["welcome", "state"]


async def test_a_next_game_started_by_another_process_is_followed(running):
    found, live = running
    graps = await found.start_game("graps", [(ANN, "ann"), (BOB, "bob")])
    ann = Page()
    seated = await live.join(Player(ANN, "ann", CHANNEL), "en", ann.send)
    await live.move(seated, graps.version, {"resign": True})
    live.touched(graps.id)  # as bot/client.py hears of a change from the database
    await found.until(lambda: ann.states()[-1]["game"]["status"] == "finished", "graps's end")
    # Started where the pages' process did not see it: only the database tells of it.
    grass = await found.start_game("grass", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
    assert ann.states()[-1]["game"]["id"] == graps.id
    live.touched(grass.id)
    await found.until(lambda: ann.states()[-1]["game"]["id"] == grass.id, "the next game shown")
    assert ann.got[-2]["op"] == "welcome" and ann.got[-2]["kind"] == "grass"


async def one_move(found: Services, session: Any) -> None:
    """Whoever the game awaits makes their first legal move."""
    name = session.engine.awaiting[0]
    await found.sessions.act(session.id, session.user_of(name), lambda hand: hand.legal[0])


async def test_pages_follow_moves_made_by_another_process_on_postgresql(postgres_url, tmp_path):
    """Two bot processes on one PostgreSQL database: the pages open on the first follow
    a move made in the second (the database's notification, as bot/client.py hears it),
    and a move from a page, made in the first, is the game the second goes on from."""
    async with (
        services(tmp_path, database=postgres_url) as first,
        services(tmp_path, database=postgres_url) as second,
    ):
        live = LiveTables(first.sessions)
        told_of_changes(first, live)

        def changed_elsewhere(game_id: int) -> None:
            first.sessions.forget(game_id)
            live.touched(game_id)

        await first.storage.listen(changed_elsewhere)
        await second.storage.listen(second.sessions.forget)
        try:
            session = await second.start_game("grass", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
            pages = {user: Page() for user in (ANN, BOB)}
            viewers = {
                user: await live.join(Player(user, "x", CHANNEL), "en", page.send)
                for user, page in pages.items()
            }
            assert pages[ANN].states()[-1]["game"]["version"] == 0
            await one_move(second, session)
            for page in pages.values():
                await found_version(first, page, 1)
            # The second process plays until ann or bob is awaited; their page moves.
            while (mover := session.user_of(session.engine.awaiting[0])) not in pages:
                await one_move(second, session)
                await found_version(first, pages[ANN], session.version)
            version = session.version
            state = pages[mover].states()[-1]
            assert state["game"]["version"] == version
            action = {k: v for k, v in state["you"]["legal"][0].items() if k != "by"}
            await live.move(viewers[mover], version, action)
            for page in pages.values():
                await found_version(first, page, version + 1)
            # ...and the other process goes on from it.
            again = await loaded(second, session.id)
            assert again.version == version + 1
            assert again.engine.to_json() == (await loaded(first, session.id)).engine.to_json()
        finally:
            await live.close()


async def loaded(found: Services, game_id: int) -> Any:
    session = await found.sessions.load(game_id)
    assert session is not None
    return session


async def found_version(found: Services, page: Page, version: int) -> None:
    await found.until(
        lambda: page.states() and page.states()[-1]["game"]["version"] == version,
        f"the page at version {version}",
        timeout=10,
    )
