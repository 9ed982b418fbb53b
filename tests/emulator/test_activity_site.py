"""The Activity's origin in the emulator, without a browser: the parent page's RPC (what
Discord's client answers the Embedded App SDK: READY, AUTHORIZE, AUTHENTICATE and the
rest, and its refusals with the SDK's error codes), and the proxy passing requests and
websockets to the Activity's URL mapping, `/.proxy/...` included."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from tests.fakediscord import FakeDiscord, Player
from tests.fakediscord.activities import ActivityInstance
from tests.fakediscord.activity_site import Frame


@pytest.fixture
async def emu() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(activities=True) as started:
        yield started


@pytest.fixture
async def http(emu: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(base_url=emu.activities.origin) as session:
        yield session


async def open_page(
    http: aiohttp.ClientSession, emu: FakeDiscord, player: Player, instance: ActivityInstance
) -> Frame:
    async with http.get(emu.parent_url(player, instance)) as response:
        assert response.status == 200
        html = await response.text()
    frame = emu.activities.frames[-1]
    assert re.search(rf'"src": "/\?frame_id={frame.id}&instance_id=', html)
    return frame


async def rpc(http: aiohttp.ClientSession, frame: Frame, message: Any) -> list[Any]:
    async with http.post(f"/.fakediscord/rpc/{frame.id}", json=message) as response:
        assert response.status == 200
        answer: list[Any] = await response.json()
        return answer


def handshake(emu: FakeDiscord, frame: Frame, **changes: Any) -> list[Any]:
    body = {"v": 1, "encoding": "json", "client_id": str(emu.application_id)}
    return [0, {**body, "frame_id": frame.id, "sdk_version": "2.5.0", **changes}]


def command(cmd: str, args: Any = None, nonce: str = "n1", **more: Any) -> list[Any]:
    return [1, {"cmd": cmd, "args": args or {}, "nonce": nonce, **more}]


async def test_ready_authorize_authenticate(emu: FakeDiscord, http: aiohttp.ClientSession) -> None:
    ann = emu.user("ann")
    instance = emu.activity(emu.voice_channel("table"))
    frame = await open_page(http, emu, ann, instance)
    assert instance.users == [ann]
    [[opcode, ready]] = await rpc(http, frame, handshake(emu, frame))
    assert opcode == 1 and (ready["cmd"], ready["evt"], ready["nonce"]) == (
        "DISPATCH",
        "READY",
        None,
    )
    assert ready["data"]["user"] == {"id": str(ann.id), "username": "ann", "discriminator": "0"}
    assert ready["data"]["config"]["environment"] == "production"
    # Speaking for the player needs AUTHENTICATE first.
    [[_, refused]] = await rpc(http, frame, command("USER_SETTINGS_GET_LOCALE"))
    assert (refused["evt"], refused["data"]["code"]) == ("ERROR", 4006)
    args = {"client_id": str(emu.application_id), "response_type": "code", "scope": ["identify"]}
    [[_, authorized]] = await rpc(http, frame, command("AUTHORIZE", args, nonce="n2"))
    assert (authorized["cmd"], authorized["evt"], authorized["nonce"]) == ("AUTHORIZE", None, "n2")
    tokens = emu.activities.exchange(
        {
            "client_id": str(emu.application_id),
            "client_secret": emu.client_secret,
            "grant_type": "authorization_code",
            "code": authorized["data"]["code"],
        },
        None,
    )
    token = {"access_token": tokens["access_token"]}
    [[_, authenticated]] = await rpc(http, frame, command("AUTHENTICATE", token))
    data = authenticated["data"]
    assert data["access_token"] == tokens["access_token"] and data["scopes"] == ["identify"]
    assert (data["user"]["id"], data["user"]["public_flags"]) == (str(ann.id), 0)
    assert data["application"]["id"] == str(emu.application_id) and data["expires"]
    [[_, locale]] = await rpc(http, frame, command("USER_SETTINGS_GET_LOCALE"))
    assert locale["data"] == {"locale": "en-US"}
    [[_, channel]] = await rpc(
        http, frame, command("GET_CHANNEL", {"channel_id": str(instance.channel.id)})
    )
    assert (channel["data"]["name"], channel["data"]["type"]) == ("table", 2)
    [[_, unknown]] = await rpc(http, frame, command("START_PURCHASE"))
    assert (unknown["evt"], unknown["data"]["code"]) == ("ERROR", 4002)
    [[_, event]] = await rpc(http, frame, command("SUBSCRIBE", evt="NO_SUCH_EVENT"))
    assert event["data"]["code"] == 4004
    assert await rpc(http, frame, [2, {"code": 1000, "message": "bye"}]) == []
    assert frame.closed and instance.ended  # the SDK's close(): the player left


async def test_refusals_of_the_handshake_and_tokens(
    emu: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    ann, bob = emu.user("ann"), emu.user("bob")
    instance = emu.activity(emu.channel("general"))
    frame = await open_page(http, emu, ann, instance)
    [[opcode, closed]] = await rpc(http, frame, command("AUTHORIZE"))
    assert opcode == 2  # nothing before the handshake
    [[opcode, closed]] = await rpc(http, frame, handshake(emu, frame, client_id="1"))
    assert (opcode, closed["code"]) == (2, 4000)
    [[opcode, _]] = await rpc(http, frame, handshake(emu, frame))
    assert opcode == 1
    # Another player's access token is not this page's player.
    code = emu.authorize(bob)
    tokens = emu.activities.exchange(
        {
            "client_id": str(emu.application_id),
            "client_secret": emu.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        },
        None,
    )
    token = {"access_token": tokens["access_token"]}
    [[_, refused]] = await rpc(http, frame, command("AUTHENTICATE", token))
    assert (refused["evt"], refused["data"]["code"]) == ("ERROR", 4009)
    wrong = {"client_id": "1", "response_type": "code", "scope": ["identify"]}
    [[_, refused]] = await rpc(http, frame, command("AUTHORIZE", wrong))
    assert refused["data"]["code"] == 4007
    async with http.get("/.fakediscord/parent.html?user=nobody") as response:
        assert response.status == 400
    # A page that does not join: the bot must then refuse the player.
    async with http.get(emu.parent_url(bob, instance, join=False)) as response:
        assert response.status == 200
    assert instance.users == [ann]


async def test_the_proxy_passes_requests_and_sockets(
    emu: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    async with http.get("/") as response:
        assert response.status == 502  # no URL mapping yet

    async def hello(request: web.Request) -> web.Response:
        body = await request.text()
        return web.json_response(
            {"path": request.path_qs, "method": request.method, "body": body}, status=201
        )

    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            await ws.send_str("echo " + message.data)
        return ws

    app = web.Application()
    app.add_routes([web.get("/api/ws", echo), web.route("*", "/{tail:.*}", hello)])
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    assert site._server is not None
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
    emu.activities.target = f"http://127.0.0.1:{port}"
    try:
        async with http.post("/api/token?x=1", data=b"code") as response:
            assert response.status == 201
            assert await response.json() == {
                "path": "/api/token?x=1",
                "method": "POST",
                "body": "code",
            }
        async with http.get("/.proxy/assets/app.js") as response:
            assert (await response.json())["path"] == "/assets/app.js"
        async with http.ws_connect("/api/ws") as ws:
            await ws.send_str("hi")
            assert await ws.receive_str() == "echo hi"
    finally:
        await runner.cleanup()
