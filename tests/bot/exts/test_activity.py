"""The Activity's server through the emulator (docs/activity.md), its pages played by the
test as websocket clients: the code exchange, the hello checked with Discord (the access
token's user, the Activity instance's channel and users), each page's own hand, a move
from a page reaching the channel's table, the DMs and the other page, a move from the
chat reaching the pages, refusals in words, and a stranger turned away. The page itself
in a browser comes with the Activity's front-end."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from tests.bot.activity_pages import activity_bot
from tests.bot.scenario import MOVES
from tests.bot.table import hand_dm, pick

pytestmark = pytest.mark.activities  # the application has Activities enabled


TIMEOUT = 20.0


class Page:
    """One player's Activity page, as its script talks to the server."""

    def __init__(self, http: aiohttp.ClientSession, address: str) -> None:
        self.http, self.address = http, address
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.got: list[dict[str, Any]] = []

    async def open(self, code: str, instance_id: str) -> dict[str, Any]:
        async with self.http.post(f"{self.address}/api/token", json={"code": code}) as answer:
            assert answer.status == 200, await answer.text()
            token = (await answer.json())["access_token"]
        self.socket = await self.http.ws_connect(f"{self.address}/api/ws")
        hello = {"op": "hello", "access_token": token, "instance_id": instance_id, "language": None}
        await self.socket.send_json(hello)
        return await self.next()

    async def next(self) -> dict[str, Any]:
        assert self.socket is not None
        frame = await self.socket.receive(timeout=TIMEOUT)
        assert frame.type == aiohttp.WSMsgType.TEXT, frame
        message: dict[str, Any] = json.loads(frame.data)
        self.got.append(message)
        return message

    async def state(self, version: int) -> dict[str, Any]:
        """The next state, which must be of `version` (nothing in between)."""
        message = await self.next()
        assert message["op"] == "state" and message["game"]["version"] == version, message
        return message

    async def move(self, version: int, action: dict[str, Any]) -> None:
        assert self.socket is not None
        await self.socket.send_json({"op": "move", "version": version, "action": action})


def without_by(move: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in move.items() if key != "by"}


async def test_pages_play_beside_the_chat_and_see_only_their_own_hand(
    fake_discord, start_bot, setup_file
):
    emu = fake_discord
    await activity_bot(emu, start_bot, GAME_SETUP_FILE=str(setup_file), GAME_SEED="5")
    address = emu.activities.target
    kinds = {command["type"] for command in emu.commands.listing(None)}
    assert 4 in kinds  # the sync kept the Activity's entry-point command
    ann, bob, cy, dee = (emu.user(name) for name in ("ann", "bob", "cy", "dee"))
    general = emu.channel("general")
    table = await (await ann.slash(general, "grass start", target=100000)).message()
    for player in (bob, cy):
        await (await player.click(table, "Join")).ack()
    await (await ann.click(table, "Start")).ack()
    await table.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    # Open the table launches the channel's Activity for whoever clicks it.
    opened = await ann.click(table, "Open the table")
    await opened.ack()
    instance = opened.launched
    assert instance is not None and instance.channel is general and ann in instance.users
    bob.join_activity(instance)
    async with aiohttp.ClientSession() as http:
        pages = {"ann": Page(http, address), "bob": Page(http, address)}
        for name, page in pages.items():
            welcome = await page.open(emu.authorize(emu.user(name)), instance.id)
            assert welcome["op"] == "welcome" and welcome["kind"] == "grass", welcome
            assert welcome["user"]["id"] == str(emu.user(name).id) and welcome["words"]
            first = await page.state(0)
            assert first["you"]["seat"] == name
        ann_first, bob_first = pages["ann"].got[1], pages["bob"].got[1]
        assert ann_first["table"] == bob_first["table"]
        assert ann_first["you"]["hand"] != bob_first["you"]["hand"]
        assert {"play": "market_open", "by": "ann"} in [
            {key: value for key, value in legal.items() if key in ("play", "by")}
            for legal in ann_first["you"]["legal"]
        ]
        assert bob_first["you"]["legal"] == []  # not bob's turn
        # A move from ann's page: the chat's table and bob's page follow.
        await pages["ann"].move(0, without_by(MOVES[0]))
        for page in pages.values():
            await page.state(1)
        await table.wait_until(lambda m: f"{bob.mention}, your turn" in m.text)
        # A move from the chat (bob's DM): both pages follow.
        await pick(emu, bob, 1, "play", "market_open")
        for page in pages.values():
            await page.state(2)
        # Refused, in words: out of turn; an old version.
        await pages["ann"].move(2, without_by(MOVES[3]))
        refused = await pages["ann"].next()
        assert refused["op"] == "refused" and refused["reason"].startswith("Not allowed:")
        await pages["bob"].move(1, without_by(MOVES[1]))
        stale = await pages["bob"].next()
        assert stale == {
            "op": "refused",
            "reason": "This control is out of date: the game has moved on since it was drawn.",
            "version": 2,  # the game's, which the page waits for before clearing the reason
        }
        # cy plays in the chat; the pages see it, and cy's DM is his as ever.
        await hand_dm(emu, cy, 2)
        await pick(emu, cy, 2, "play", "market_open")
        for page in pages.values():
            await page.state(3)
        # Every state a page got holds its own hand only: the table and the last actions
        # are the channel's.
        for name, page in pages.items():
            for message in page.got:
                if message["op"] == "state":
                    assert set(message) == {"op", "game", "table", "you", "recent"}
                    assert message["you"]["seat"] == name
        # dee is not in the Activity: turned away, in words, and the socket closes.
        stranger = Page(http, address)
        said = await stranger.open(emu.authorize(dee), instance.id)
        assert said == {
            "op": "error",
            "reason": "You are not in this channel's Activity; open it from the channel.",
            "fatal": True,
        }
        assert stranger.socket is not None
        closing = await stranger.socket.receive(timeout=TIMEOUT)
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
