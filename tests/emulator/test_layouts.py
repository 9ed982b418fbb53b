"""Components V2 messages as the emulator takes them: a layout (a container, text displays,
a media gallery showing the message's own picture, buttons) is posted and read as a player
reads it; a layout Discord would refuse is refused with its reason, whether Discord's API
description says so (tests/fakediscord/spec) or its limits beyond it do."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from PIL import Image

from tests.fakediscord import FakeDiscord
from tests.fakediscord.core import FLAG_COMPONENTS_V2

V2 = FLAG_COMPONENTS_V2


@pytest.fixture
async def http(fake_discord: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession(base_url=fake_discord.url, headers=headers) as session:
        yield session


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 32), (20, 80, 40)).save(out, "PNG")
    return out.getvalue()


def text(words: str) -> dict[str, Any]:
    return {"type": 10, "content": words}


def gallery(url: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}, "description": "the table"}]}


def button(label: str, custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": label, "custom_id": custom_id}


def layout(*inside: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": 17, "components": list(inside)}]


async def post(
    http: aiohttp.ClientSession, channel_id: int, body: dict[str, Any], picture: bool = True
) -> tuple[int, Any]:
    url = f"/api/v10/channels/{channel_id}/messages"
    if not picture:
        async with http.post(url, json=body) as response:
            return response.status, await response.json(content_type=None)
    form = aiohttp.FormData(quote_fields=False)
    body = {**body, "attachments": [{"id": 0, "filename": "table.png"}]}
    form.add_field("payload_json", json.dumps(body))
    form.add_field("files[0]", png(), filename="table.png", content_type="image/png")
    async with http.post(url, data=form) as response:
        return response.status, await response.json(content_type=None)


async def test_a_layout_is_read_as_a_player_reads_it(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    general = fake_discord.channel("general")
    ann = fake_discord.user("ann")
    body = {
        "flags": V2,
        "components": [
            *layout(text(f"{ann.mention} to play"), gallery("attachment://table.png")),
            {"type": 1, "components": [button("Your hand", "g:1:0:hand")]},
        ],
        "allowed_mentions": {"parse": []},
    }
    status, answer = await post(http, general.id, body)
    assert status == 200, answer
    message = general.messages()[0]
    assert message.text.splitlines() == [f"{ann.mention} to play", "Your hand"]
    assert [b.label for b in message.buttons()] == ["Your hand"]
    assert message.images()[0].size == (64, 32)
    # A mention in a text display is a mention: the message lists it, and pings only
    # when allowed_mentions lets it.
    assert [m["id"] for m in answer["mentions"]] == [str(ann.id)]
    assert message.pushes == frozenset()


@pytest.mark.parametrize(
    ("components", "reason"),
    [
        (layout(gallery("attachment://other.png")), "attachment://other.png is not a file"),
        (layout(text("")), "content: '' should be non-empty"),
        (layout({"type": 99}), "is not valid under any of the given schemas"),
        (layout({"type": 12, "items": []}), "items: [] should be non-empty"),
        (layout(*[text("x")] * 40), "at most 40 components in all, not 41"),
        (layout(text("x" * 2500), text("y" * 1600)), "at most 4000 characters"),
        (
            layout({"type": 1, "components": [button("A", "a")] * 6}),
            "components: breaks maxItems 5",
        ),
    ],
    ids=["unknown file", "empty text", "unknown type", "empty gallery", "41", "text", "row"],
)
async def test_a_layout_discord_would_refuse_is_refused_with_its_reason(
    fake_discord: FakeDiscord,
    http: aiohttp.ClientSession,
    components: list[dict[str, Any]],
    reason: str,
) -> None:
    general = fake_discord.channel("general")
    status, answer = await post(http, general.id, {"flags": V2, "components": components})
    assert (status, answer["code"]) == (400, 50035)
    assert reason in answer["message"]
    assert general.messages() == []


async def test_a_layout_takes_no_content(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    general = fake_discord.channel("general")
    body = {"flags": V2, "content": "words", "components": layout(text("x"))}
    status, answer = await post(http, general.id, body, picture=False)
    assert (status, answer["code"]) == (400, 50035)
    assert "cannot have content" in answer["message"]
