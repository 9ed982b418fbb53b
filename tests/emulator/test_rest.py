"""The emulator's REST API called directly (no bot process): what discord.py relies on (exact
JSON content type, rate-limit headers, snowflakes with real times), the token check, and the
refusals of message payloads that Discord would refuse."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.core import snowflake_time


@pytest.fixture
async def http(fake_discord: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession(base_url=fake_discord.url, headers=headers) as session:
        yield session


async def post_message(http: aiohttp.ClientSession, channel_id: int, body: Any) -> tuple[int, Any]:
    async with http.post(f"/api/v10/channels/{channel_id}/messages", json=body) as response:
        return response.status, await response.json(content_type=None)


async def test_login_routes_answer_exact_json(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    async with http.get("/api/v10/users/@me") as response:
        assert response.status == 200
        # discord.py parses JSON only for exactly this content type.
        assert response.headers["Content-Type"] == "application/json"
        me = await response.json()
    assert me["id"] == str(fake_discord.application_id) and me["bot"] is True
    async with http.get("/api/v10/oauth2/applications/@me") as response:
        app = await response.json()
    assert app["id"] == str(fake_discord.application_id)
    assert fake_discord.logins == 1


async def test_a_wrong_token_is_unauthorized(fake_discord: FakeDiscord) -> None:
    async with (
        aiohttp.ClientSession(base_url=fake_discord.url) as session,
        session.get("/api/v10/users/@me", headers={"Authorization": "Bot wrong"}) as response,
    ):
        assert response.status == 401
    assert fake_discord.rejected[-1].status == 401


async def test_rate_limit_headers_and_snowflake_times(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    general = fake_discord.channel("general")
    before = time.time()
    async with http.post(
        f"/api/v10/channels/{general.id}/messages", json={"content": "hi"}
    ) as response:
        headers = response.headers
        body = await response.json()
    for name in (
        "X-RateLimit-Limit",
        "X-RateLimit-Remaining",
        "X-RateLimit-Reset-After",
        "X-RateLimit-Bucket",
    ):
        assert name in headers
    assert int(headers["X-RateLimit-Remaining"]) == int(headers["X-RateLimit-Limit"]) - 1
    assert before - 0.01 <= snowflake_time(int(body["id"])) <= time.time() + 0.01
    assert general.messages()[-1].content == "hi"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"content": "x" * 2001}, 50035),
        ({}, 50006),
        ({"content": ""}, 50006),
        ({"embeds": [{"title": "t" * 257}]}, 50035),
        ({"content": "rows", "components": [{"type": 1, "components": []}] * 6}, 50035),
        (
            {
                "content": "no id",
                "components": [{"type": 1, "components": [{"type": 2, "label": "A", "style": 1}]}],
            },
            50035,
        ),
        (
            {
                "content": "26 options",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "m",
                                "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                            }
                        ],
                    }
                ],
            },
            50035,
        ),
        ({"content": "secret", "flags": 64}, 50035),
    ],
)
async def test_payloads_discord_refuses_are_refused(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession, body: dict[str, Any], code: int
) -> None:
    general = fake_discord.channel("general")
    status, answer = await post_message(http, general.id, body)
    assert (status, answer["code"]) == (400, code)
    assert general.messages() == []
    assert fake_discord.rejected[-1].code == code


async def test_a_duplicate_custom_id_is_refused(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    button = {"type": 2, "label": "A", "style": 1, "custom_id": "same"}
    row = {"type": 1, "components": [button, button]}
    status, answer = await post_message(
        http, fake_discord.channel("general").id, {"content": "x", "components": [row]}
    )
    assert (status, answer["code"]) == (400, 50035)


async def test_multipart_files_become_attachments_served_by_the_emulator(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    general = fake_discord.channel("general")
    form = aiohttp.FormData(quote_fields=False)
    form.add_field(
        "payload_json",
        json.dumps({"content": "file", "attachments": [{"id": 0, "filename": "a.txt"}]}),
    )
    form.add_field("files[0]", b"hello", filename="a.txt", content_type="application/octet-stream")
    async with http.post(f"/api/v10/channels/{general.id}/messages", data=form) as response:
        body = await response.json()
    attachment = body["attachments"][0]
    assert attachment["filename"] == "a.txt" and attachment["size"] == 5
    async with aiohttp.ClientSession() as plain, plain.get(attachment["url"]) as response:
        assert await response.read() == b"hello"


async def test_an_unknown_route_is_recorded(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    async with http.get("/api/v10/stickers/1") as response:
        assert response.status == 404
    assert fake_discord.unhandled == ["GET /api/v10/stickers/1"]


async def test_closed_dms_answer_50007(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    cy = fake_discord.user("cy", dms_open=False)
    async with http.post(
        "/api/v10/users/@me/channels", json={"recipient_id": str(cy.id)}
    ) as response:
        channel = await response.json()
    status, answer = await post_message(http, int(channel["id"]), {"content": "your hand"})
    assert (status, answer["code"]) == (403, 50007)
    assert cy.dm_messages() == []


async def test_files_in_a_channel_without_the_permission_answer_50013(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    locked = fake_discord.channel("locked", attach_files=False)
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "table"}))
    form.add_field("files[0]", b"png", filename="t.png")
    async with http.post(f"/api/v10/channels/{locked.id}/messages", data=form) as response:
        assert response.status == 403
        assert (await response.json())["code"] == 50013
    status, _ = await post_message(http, locked.id, {"content": "text table"})
    assert status == 200


async def test_faults_on_demand(fake_discord: FakeDiscord, http: aiohttp.ClientSession) -> None:
    general = fake_discord.channel("general")
    fault = fake_discord.fail_next(
        "/channels/*/messages", method="POST", status=429, retry_after=0.25
    )
    async with http.post(
        f"/api/v10/channels/{general.id}/messages", json={"content": "a"}
    ) as response:
        assert response.status == 429
        assert response.headers["Via"]  # discord.py trusts a 429 only with it
        assert float(response.headers["X-RateLimit-Reset-After"]) == 0.25
        assert (await response.json())["retry_after"] == 0.25
    fake_discord.fail_next("/channels/*", method="GET", status=500)
    async with http.get(f"/api/v10/channels/{general.id}") as response:
        assert response.status == 500
    status, _ = await post_message(http, general.id, {"content": "b"})
    assert status == 200 and fault.exhausted
    assert [m.content for m in general.messages()] == ["b"]


async def test_a_body_of_the_wrong_shape_is_a_400(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    general = fake_discord.channel("general")
    status, answer = await post_message(
        http, general.id, {"content": "x", "attachments": [{"filename": "a"}]}
    )
    assert (status, answer["code"]) == (400, 50035)
    # Refused by Discord's description of the route, before the emulator reads it.
    assert "body.attachments[0]: 'id' is a required property" in answer["message"]
    assert fake_discord.malformed == []
