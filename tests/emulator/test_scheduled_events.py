"""The emulator's scheduled events called directly (no bot process): created, listed, read,
moved from SCHEDULED to ACTIVE to COMPLETED, the interested members with their `user`
(and `member` when asked), and Discord's refusals: a body its rules refuse (50035), no
Manage Events (50013), an unknown or deleted event (10070), a finished one (180000)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.core import iso_time
from tests.fakediscord.events import ACTIVE, CANCELED, COMPLETED, EXTERNAL, SCHEDULED, VOICE


@pytest.fixture
async def http(fake_discord: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession(base_url=fake_discord.url, headers=headers) as session:
        yield session


async def call(
    http: aiohttp.ClientSession, method: str, path: str, body: Any = None
) -> tuple[int, Any]:
    async with http.request(method, "/api/v10" + path, json=body) as response:
        return response.status, await response.json(content_type=None)


def external(start: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": "Grass night",
        "description": "Grass with the bot",
        "scheduled_start_time": iso_time(start),
        "scheduled_end_time": iso_time(start + 3 * 3600),
        "privacy_level": 2,
        "entity_type": EXTERNAL,
        "entity_metadata": {"location": "#games"},
        **extra,
    }


async def test_an_event_is_created_listed_started_and_completed(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    emu = fake_discord
    events = f"/guilds/{emu.guild_id}/scheduled-events"
    start = time.time() + 3600
    status, made = await call(http, "POST", events, external(start))
    assert status == 200, made
    assert made["status"] == SCHEDULED and made["entity_metadata"] == {"location": "#games"}
    assert made["creator_id"] == str(emu.bot_user.id) and made["channel_id"] is None
    [event] = emu.scheduled_events()
    assert (event.name, event.location, round(event.start)) == (
        "Grass night",
        "#games",
        round(start),
    )

    ann, bob = emu.user("ann"), emu.user("bob")
    await ann.interested(event)
    await bob.interested(event)
    await bob.not_interested(event)
    await bob.interested(event)
    status, listed = await call(http, "GET", events + "?with_user_count=true")
    assert status == 200 and [e["user_count"] for e in listed] == [2]
    status, users = await call(http, "GET", f"{events}/{event.id}/users?with_member=true")
    assert [u["user"]["username"] for u in users] == ["ann", "bob"]
    assert all(u["guild_scheduled_event_id"] == str(event.id) and "member" in u for u in users)
    status, users = await call(http, "GET", f"{events}/{event.id}/users?limit=1")
    assert [u["user"]["username"] for u in users] == ["ann"] and "member" not in users[0]

    status, moved = await call(http, "PATCH", f"{events}/{event.id}", {"status": ACTIVE})
    assert status == 200 and moved["status"] == ACTIVE and event.status_name == "ACTIVE"
    status, refused = await call(http, "PATCH", f"{events}/{event.id}", {"status": SCHEDULED})
    assert (status, refused["code"]) == (400, 50035)
    status, moved = await call(http, "PATCH", f"{events}/{event.id}", {"status": COMPLETED})
    assert status == 200 and event.status == COMPLETED
    status, refused = await call(http, "PATCH", f"{events}/{event.id}", {"status": CANCELED})
    assert (status, refused["code"]) == (400, 180000)


async def test_discords_rules_refuse_what_they_refuse(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    emu = fake_discord
    events = f"/guilds/{emu.guild_id}/scheduled-events"
    soon = time.time() + 3600
    past = await call(http, "POST", events, external(time.time() - 60))
    assert (past[0], past[1]["code"]) == (400, 50035) and "past" in past[1]["message"]
    no_place = external(soon, entity_metadata={})
    assert (await call(http, "POST", events, no_place))[1]["code"] == 50035
    unknown_field = external(soon, colour="red")
    assert (await call(http, "POST", events, unknown_field))[0] == 200  # Discord ignores it
    text = emu.channel("games")
    in_text = {**external(soon), "entity_type": VOICE, "channel_id": str(text.id)}
    del in_text["entity_metadata"]
    refused = await call(http, "POST", events, in_text)
    assert refused[1]["code"] == 50035 and "voice channel" in refused[1]["message"]
    voice = emu.voice_channel("lounge")
    in_voice = {**in_text, "channel_id": str(voice.id)}
    status, made = await call(http, "POST", events, in_voice)
    assert status == 200 and made["channel_id"] == str(voice.id) and made["entity_metadata"] is None

    missing = await call(http, "GET", f"{events}/12345")
    assert (missing[0], missing[1]["code"]) == (404, 10070)
    status, _ = await call(http, "DELETE", f"{events}/{made['id']}")
    assert status == 204
    gone = await call(http, "PATCH", f"{events}/{made['id']}", {"status": ACTIVE})
    assert (gone[0], gone[1]["code"]) == (404, 10070)

    emu.bot_granted = 0  # the server took Manage Events from the bot
    denied = await call(http, "POST", events, external(soon))
    assert (denied[0], denied[1]["code"]) == (403, 50013)
