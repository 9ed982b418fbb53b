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

from bot.core.activity import LiveTables, Player
from bot.core.errors import Refusal
from games.grass.cards import Card
from lang import speaking, translate
from render.web import plain
from tests.bot.core.harness import Services, services

ANN, BOB, CY, DEE = 10, 11, 12, 13
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
    assert states[DEE]["you"] == {"seat": None, "hand": None, "legal": None}
    hands = {user: json.dumps(states[user]["you"]["hand"]) for user in (ANN, BOB)}
    assert hands[ANN] != hands[BOB]


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
    stale = await refused(live.move(viewers[BOB], version, {"discard": "immunity"}))
    assert stale.startswith("This control is out of date")
    forged = await refused(live.move(viewers[BOB], version + 1, {"by": "ann", "play": "mexico"}))
    assert forged == "That move is not one I can read."
    watcher = await live.join(Player(DEE, "dee", CHANNEL), "en", Page().send)
    assert (await refused(live.move(watcher, version + 1, {"play": "mexico"}))).startswith(
        "You have no seat at this table"
    )
