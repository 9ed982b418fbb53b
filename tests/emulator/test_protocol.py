"""The gateway and the interaction routes driven by hand (no bot process): the handshake and its
refusals, and Discord's rules on interaction answers, each checked on the raw HTTP exchange."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord, Interaction
from tests.fakediscord.gateway import shard_of


@pytest.fixture
async def http(fake_discord: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(base_url=fake_discord.url) as session:
        yield session


async def frames(ws: aiohttp.ClientWebSocketResponse, count: int) -> list[dict[str, Any]]:
    return [json.loads((await ws.receive(timeout=5)).data) for _ in range(count)]


async def test_handshake_heartbeat_and_resume_refusal(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    async with http.ws_connect("/gateway/?v=10&encoding=json&compress=zlib-stream") as ws:
        [hello] = await frames(ws, 1)
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 2, "d": {"token": fake_discord.token, "intents": 513}})
        ready, guild = await frames(ws, 2)
        assert (ready["t"], ready["s"], guild["t"], guild["s"]) == ("READY", 1, "GUILD_CREATE", 2)
        assert ready["d"]["resume_gateway_url"] == fake_discord.ws_url
        assert [c["name"] for c in guild["d"]["channels"]] == ["general", "games"]
        await ws.send_json({"op": 1, "d": 2})
        assert (await frames(ws, 1))[0]["op"] == 11
    async with http.ws_connect("/gateway/") as ws:
        await frames(ws, 1)
        await ws.send_json(
            {"op": 6, "d": {"token": fake_discord.token, "session_id": "nope", "seq": 2}}
        )
        assert (await frames(ws, 1))[0] == {"op": 9, "d": False, "s": None, "t": None}


async def test_a_wrong_token_closes_with_4004(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    async with http.ws_connect("/gateway/") as ws:
        await frames(ws, 1)
        await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 1}})
        message = await ws.receive(timeout=5)
        assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4004


async def slash(emu: FakeDiscord, command: str = "ping") -> Interaction:
    return await emu.user("ann").slash(emu.channel("general"), command)


async def callback(
    http: aiohttp.ClientSession,
    interaction: Interaction,
    body: dict[str, Any],
    with_response: bool = True,
) -> tuple[int, Any]:
    url = f"/api/v10/interactions/{interaction.id}/{interaction.token}/callback"
    params = {"with_response": "1"} if with_response else {}
    async with http.post(url, json=body, params=params) as response:
        return response.status, await response.json(
            content_type=None
        ) if response.status != 204 else None


def webhook(emu: FakeDiscord, interaction: Interaction, suffix: str = "") -> str:
    return f"/api/v10/webhooks/{emu.application_id}/{interaction.token}{suffix}"


async def test_answers_follow_discords_rules(
    fake_discord: FakeDiscord, tinybot_commands: None, http: aiohttp.ClientSession
) -> None:
    it = await slash(fake_discord)
    async with http.post(webhook(fake_discord, it), json={"content": "early"}) as response:
        assert response.status == 404  # no follow-up before the answer
    status, body = await callback(http, it, {"type": 6})
    assert (status, body["code"]) == (400, 50035)  # a slash command has no message to update
    status, body = await callback(http, it, {"type": 4, "data": {"content": "pong", "flags": 64}})
    assert status == 200 and body["resource"]["message"]["content"] == "pong"
    assert body["interaction"]["response_message_ephemeral"] is True
    status, body = await callback(http, it, {"type": 4, "data": {"content": "again"}})
    assert (status, body["code"]) == (400, 40060)
    async with http.get(webhook(fake_discord, it, "/messages/@original")) as response:
        assert (await response.json())["id"] == str(it.original.id if it.original else 0)
    async with http.delete(webhook(fake_discord, it, "/messages/@original")) as response:
        assert response.status == 204
    assert it.original is not None and it.original.deleted
    assert (await it.ack()) == 4


async def test_an_answer_without_with_response_is_a_204(
    fake_discord: FakeDiscord, tinybot_commands: None, http: aiohttp.ClientSession
) -> None:
    it = await slash(fake_discord)
    assert await callback(http, it, {"type": 5}, with_response=False) == (204, None)
    assert it.original is not None and it.original.loading
    async with http.patch(
        webhook(fake_discord, it, "/messages/@original"), json={"content": "done"}
    ) as response:
        assert response.status == 200
    assert (await it.message()).content == "done" and it.original.edits == 0


async def test_an_answer_after_the_deadline_is_unknown(
    fake_discord: FakeDiscord, tinybot_commands: None, http: aiohttp.ClientSession
) -> None:
    fake_discord.interaction_deadline = 0.05
    it = await slash(fake_discord)
    await fake_discord.wait_for(lambda: it.failed)
    status, body = await callback(http, it, {"type": 4, "data": {"content": "late"}})
    assert (status, body["code"]) == (404, 10062)


@pytest.mark.parametrize(
    "body",
    [
        {"type": 8, "data": {"choices": []}},  # choices answer only autocompletes
        {"type": 9, "data": {"custom_id": "m", "title": "t" * 46, "components": []}},
        {
            "type": 9,
            "data": {"custom_id": "m", "title": "T", "components": [{"type": 1, "components": []}]},
        },
        {"type": 4, "data": {}},
    ],
)
async def test_answers_discord_refuses(
    fake_discord: FakeDiscord,
    tinybot_commands: None,
    http: aiohttp.ClientSession,
    body: dict[str, Any],
) -> None:
    it = await slash(fake_discord)
    status, _ = await callback(http, it, body)
    assert status == 400 and it.response_type is None


async def identify(
    http: aiohttp.ClientSession, emu: FakeDiscord, shard: list[int]
) -> tuple[aiohttp.ClientWebSocketResponse, list[dict[str, Any]]]:
    """A raw gateway connection identified as `shard`; its READY and GUILD_CREATEs."""
    ws = await http.ws_connect("/gateway/")
    await frames(ws, 1)  # HELLO
    await ws.send_json({"op": 2, "d": {"token": emu.token, "intents": 513, "shard": shard}})
    [ready] = await frames(ws, 1)
    guilds = await frames(ws, len(ready["d"]["guilds"]))
    return ws, [ready, *guilds]


async def test_each_guild_is_served_by_its_shard_and_dms_by_shard_0(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    emu = fake_discord
    while len({shard_of(guild, 2) for guild in emu.guild_ids}) < 2:
        emu.add_server()
    first, second = await identify(http, emu, [0, 2]), await identify(http, emu, [1, 2])
    for shard, (_, received) in enumerate((first, second)):
        ready, *guilds = received
        mine = [g for g in emu.guild_ids if shard_of(g, 2) == shard]
        assert [int(g["id"]) for g in ready["d"]["guilds"]] == mine
        assert [int(g["d"]["id"]) for g in guilds] == mine and ready["d"]["shard"] == [shard, 2]
    assert emu.gateway.connected
    for guild in emu.guild_ids:  # a guild's new channel: to its shard, and only there
        emu.channel(f"news-{guild}", server=guild)
        ws, other = (first[0], second[0]) if shard_of(guild, 2) == 0 else (second[0], first[0])
        [event] = await frames(ws, 1)
        assert event["t"] == "CHANNEL_CREATE" and int(event["d"]["guild_id"]) == guild
        with pytest.raises(TimeoutError):
            await other.receive(timeout=0.2)
    emu.gateway.dispatch("INTERACTION_CREATE", {"id": "1", "type": 2})  # from a DM
    assert (await frames(first[0], 1))[0]["t"] == "INTERACTION_CREATE"
    with pytest.raises(TimeoutError):
        await second[0].receive(timeout=0.2)
    for ws, _ in (first, second):
        await ws.close()


async def test_a_shard_outside_its_count_closes_with_4010(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    async with http.ws_connect("/gateway/") as ws:
        await frames(ws, 1)
        await ws.send_json({"op": 2, "d": {"token": fake_discord.token, "shard": [2, 2]}})
        message = await ws.receive(timeout=5)
        assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4010
