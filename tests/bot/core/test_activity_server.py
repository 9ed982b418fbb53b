"""The Activity's server (bot/core/activity_server.py) in process: the real game services
on real storage, and the emulator in the same process as Discord's API. What a page that
Discord does not vouch for gets, the code exchange's refusals, the page's files, and a
whole hello to a state. The journey with the bot and its chat is
tests/bot/exts/test_activity.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord.http
import pytest

from bot.core import activity_server
from bot.core.activity import LiveTables
from bot.core.activity_server import ActivityServer, Application, DiscordAsker
from bot.core.settings import Secret
from tests.bot.core.harness import Services, services
from tests.fakediscord.emulator import FakeDiscord

ANN, BOB = 10, 11


@pytest.fixture
async def world(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[FakeDiscord, Services, ActivityServer, aiohttp.ClientSession]]:
    async with FakeDiscord(activities=True) as emu, services(tmp_path) as found:
        monkeypatch.setattr(discord.http.Route, "BASE", f"{emu.url}/api/v10")
        monkeypatch.setattr(activity_server, "HELLO_SECONDS", 0.5)
        application = Application(
            lambda: emu.application_id, Secret(emu.token), Secret(emu.client_secret)
        )
        static = tmp_path / "dist"
        static.mkdir()
        (static / "index.html").write_text("<!doctype html><title>table</title>", "utf-8")
        server = ActivityServer(
            LiveTables(found.sessions), DiscordAsker(application), "127.0.0.1", 0, static
        )
        await server.start()
        try:
            async with aiohttp.ClientSession(base_url=server.address) as http:
                yield emu, found, server, http
        finally:
            await server.stop()


async def said(http: aiohttp.ClientSession, hello: Any) -> dict[str, Any]:
    """What the server answers a socket whose first frame is `hello` (None: nothing)."""
    async with http.ws_connect("/api/ws") as socket:
        if hello is not None:
            await socket.send_json(hello)
        answer = await socket.receive_json(timeout=5)
        closing = await socket.receive(timeout=5)
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        return dict(answer)


async def test_the_code_exchange_and_the_files(world):
    emu, _, _, http = world
    async with http.post("/api/token", json={}) as answer:
        assert answer.status == 400 and (await answer.json())["error"] == 'send {"code": ...}'
    async with http.post("/api/token", json={"code": "forged"}) as answer:
        assert answer.status == 400
        assert (await answer.json())["error"].startswith("Discord did not confirm who you are")
    code = emu.authorize(emu.user("ann"))
    async with http.post("/api/token", json={"code": code}) as answer:
        assert answer.status == 200 and (await answer.json())["access_token"]
    async with http.get("/") as answer:
        assert answer.status == 200 and "<title>table</title>" in await answer.text()
    async with http.get("/assets/missing.js") as answer:
        assert answer.status == 404
    async with http.get("/assets/..%2Fsecret") as answer:
        assert answer.status == 404


async def test_a_page_discord_does_not_vouch_for_is_turned_away_in_words(world):
    emu, _, _, http = world
    ann = emu.user("ann")
    instance = emu.activity(emu.channel("general"))
    async with http.post("/api/token", json={"code": emu.authorize(ann)}) as answer:
        token = (await answer.json())["access_token"]
    # Silence, a frame that is not a hello, a forged token, an unknown instance, a
    # player not in the instance: each closes the socket with its reason.
    assert (await said(http, None))["reason"].startswith("The page did not say who you are")
    assert (await said(http, {"op": "move"}))["reason"].startswith("This page does not speak")
    forged = {"op": "hello", "access_token": "forged", "instance_id": instance.id, "language": "fr"}
    assert (await said(http, forged)) == {
        "op": "error",
        "reason": "Discord n'a pas confirmé qui tu es\u00a0; ouvre la table à nouveau.",
        "fatal": True,
    }
    unknown = {"op": "hello", "access_token": token, "instance_id": "i-404", "language": None}
    assert (await said(http, unknown))["reason"] == (
        "This table was not opened from a Discord channel."
    )
    outside = {"op": "hello", "access_token": token, "instance_id": instance.id, "language": None}
    assert (await said(http, outside))["reason"].startswith(
        "You are not in this channel's Activity"
    )
    ann.join_activity(instance)  # in it now, but no game is played there
    assert (await said(http, outside))["reason"].startswith("No game is being played")


async def test_a_hello_gets_the_channels_game(world):
    emu, found, _, http = world
    ann, bob = emu.user("ann"), emu.user("bob")
    channel = emu.channel("general")
    people = [(ann.id, "ann"), (bob.id, "bob")]
    session = await found.start_game("graps", people, channel_id=channel.id)
    instance = emu.activity(channel)
    bob.join_activity(instance)
    async with http.post("/api/token", json={"code": emu.authorize(bob)}) as answer:
        token = (await answer.json())["access_token"]
    async with http.ws_connect("/api/ws") as socket:
        hello = {"op": "hello", "access_token": token, "instance_id": instance.id, "language": "de"}
        await socket.send_json(hello)
        welcome = await socket.receive_json(timeout=5)
        assert welcome["op"] == "welcome" and welcome["language"] == "de"
        state = await socket.receive_json(timeout=5)
        assert state["game"]["id"] == session.id and state["you"]["seat"] == "bob"
        await socket.send_json({"op": "ping"})
        assert await socket.receive_json(timeout=5) == {"op": "pong"}
        await socket.send_json({"op": "move", "version": "x", "action": {}})
        refused = await socket.receive_json(timeout=5)
        assert refused == {"op": "refused", "reason": "Diesen Zug kann ich nicht lesen."}


async def test_the_page_learns_the_client_id_of_its_sdk(world):
    emu, _, server, http = world
    # The page's scripts and styles are in dist/assets (activity/build.py).
    (server.static / "assets").mkdir()
    (server.static / "assets" / "app.js").write_text("// the page", "utf-8")
    async with http.get("/assets/app.js") as answer:
        assert answer.status == 200 and await answer.text() == "// the page"
    async with http.get("/assets/index.html") as answer:
        assert answer.status == 404
    async with http.get("/api/config") as answer:
        assert answer.status == 200
        assert await answer.json() == {"client_id": str(emu.application_id)}
    # Before the bot has logged in, it does not know its application's id yet.
    server.asker.application = Application(lambda: None, Secret("token"), None)
    async with http.get("/api/config") as answer:
        assert answer.status == 503
