"""Discord Activities in the emulator, on the bot's side: OAuth2's code exchange (form-encoded,
single-use codes, the client secret), `GET /users/@me` with an access token, the Activity
instance look-up, launching with callback type 12 (through discord.py's own
`launch_activity`), and the Entry Point command that a plain bulk sync may not drop."""

from __future__ import annotations

import base64
import warnings
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord, InteractionFailed
from tests.fakediscord.fixtures import StartBot

ACTIVITYBOT = "tests.emulator.activitybot"


@pytest.fixture
async def emu() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(activities=True) as started:
        yield started


@pytest.fixture
async def http(emu: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(base_url=emu.url) as session:
        yield session


def form(emu: FakeDiscord, code: str, **changes: str) -> dict[str, str]:
    body = {
        "client_id": str(emu.application_id),
        "client_secret": emu.client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    return {**body, **changes}


async def call(
    http: aiohttp.ClientSession, method: str, path: str, **options: Any
) -> tuple[int, Any]:
    async with http.request(method, path, **options) as response:
        return response.status, await response.json(content_type=None)


async def test_a_code_gives_tokens_once(emu: FakeDiscord, http: aiohttp.ClientSession) -> None:
    code = emu.authorize(emu.user("ann"), ("identify", "guilds"))
    status, tokens = await call(http, "POST", "/api/v10/oauth2/token", data=form(emu, code))
    assert status == 200
    assert tokens["token_type"] == "Bearer" and tokens["scope"] == "identify guilds"
    assert tokens["expires_in"] > 0 and tokens["access_token"] and tokens["refresh_token"]
    status, again = await call(http, "POST", "/api/v10/oauth2/token", data=form(emu, code))
    assert (status, again["error"]) == (400, "invalid_grant")
    status, unknown = await call(http, "POST", "/api/oauth2/token", data=form(emu, "nope"))
    assert (status, unknown["error"]) == (400, "invalid_grant")


async def test_the_token_route_wants_the_secret_and_a_form(
    emu: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    code = emu.authorize(emu.user("ann"))
    wrong = form(emu, code, client_secret="guessed")
    status, body = await call(http, "POST", "/api/v10/oauth2/token", data=wrong)
    assert (status, body) == (401, {"error": "invalid_client"})
    status, body = await call(http, "POST", "/api/v10/oauth2/token", json=form(emu, code))
    assert (status, body["error"]) == (400, "unsupported_grant_type")
    # The code was not spent by the refusals; client credentials may come as Basic auth.
    secret = f"{emu.application_id}:{emu.client_secret}".encode()
    basic = {"Authorization": "Basic " + base64.b64encode(secret).decode()}
    plain = {"grant_type": "authorization_code", "code": code}
    status, body = await call(http, "POST", "/api/oauth2/token", data=plain, headers=basic)
    assert status == 200
    refresh = {"grant_type": "refresh_token", "refresh_token": body["refresh_token"]}
    status, renewed = await call(http, "POST", "/api/oauth2/token", data=refresh, headers=basic)
    assert status == 200 and renewed["access_token"] != body["access_token"]


async def test_an_access_token_is_its_user(emu: FakeDiscord, http: aiohttp.ClientSession) -> None:
    ann = emu.user("ann")
    code = emu.authorize(ann)
    _, tokens = await call(http, "POST", "/api/v10/oauth2/token", data=form(emu, code))
    bearer = {"Authorization": f"Bearer {tokens['access_token']}"}
    status, me = await call(http, "GET", "/api/v10/users/@me", headers=bearer)
    assert status == 200 and (me["id"], me["username"], me["bot"]) == (str(ann.id), "ann", False)
    status, _ = await call(
        http, "GET", "/api/v10/users/@me", headers={"Authorization": "Bearer forged"}
    )
    assert status == 401
    # The bot's own token still logs in.
    bot = {"Authorization": f"Bot {emu.token}"}
    status, me = await call(http, "GET", "/api/v10/users/@me", headers=bot)
    assert status == 200 and me["bot"] is True and emu.logins == 1
    # An access token opens nothing else.
    status, _ = await call(http, "GET", f"/api/v10/guilds/{emu.guild_id}", headers=bearer)
    assert status == 401


async def test_an_instance_as_the_bot_looks_it_up(
    emu: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    ann, bob = emu.user("ann"), emu.user("bob")
    voice = emu.voice_channel("table")
    instance = emu.activity(voice)
    ann.join_activity(instance)
    bob.join_activity(instance)
    assert emu.activity(voice) is instance  # one instance per channel
    bot = {"Authorization": f"Bot {emu.token}"}
    path = f"/api/v10/applications/{emu.application_id}/activity-instances/{instance.id}"
    status, body = await call(http, "GET", path, headers=bot)
    assert status == 200
    assert body == {
        "application_id": str(emu.application_id),
        "instance_id": instance.id,
        "launch_id": str(instance.launch_id),
        "location": {
            "id": f"gc-{emu.guild_id}-{voice.id}",
            "kind": "gc",
            "channel_id": str(voice.id),
            "guild_id": str(emu.guild_id),
        },
        "users": [str(ann.id), str(bob.id)],
    }
    ann.leave_activity(instance)
    _, body = await call(http, "GET", path, headers=bot)
    assert body["users"] == [str(bob.id)]
    bob.leave_activity(instance)  # the last one out: Discord ends the instance
    status, body = await call(http, "GET", path, headers=bot)
    assert (status, body) == (404, {"message": "404: Not Found", "code": 0})
    assert emu.activity(voice) is not instance
    status, _ = await call(http, "GET", path.replace("instances/i-", "instances/x-"), headers=bot)
    assert status == 404
    status, _ = await call(http, "GET", path)  # the bot's token is needed
    assert status == 401


async def test_a_player_is_in_one_activity_at_a_time(emu: FakeDiscord) -> None:
    ann = emu.user("ann")
    first, second = emu.activity(emu.channel("general")), emu.activity(emu.voice_channel("v"))
    ann.join_activity(first)
    ann.join_activity(second)
    assert first.users == [] and first.ended and second.users == [ann]


async def test_the_entry_point_command_is_kept_in_bulk_overwrites(
    emu: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    bot = {"Authorization": f"Bot {emu.token}"}
    path = f"/api/v10/applications/{emu.application_id}/commands"
    status, listed = await call(http, "GET", path, headers=bot)
    assert status == 200
    [entry] = listed
    assert (entry["type"], entry["name"], entry["handler"]) == (4, "launch", 2)
    ping = {"name": "ping", "description": "Pong", "type": 1}
    status, body = await call(http, "PUT", path, headers=bot, json=[ping])
    assert (status, body["code"]) == (400, 50240)
    assert body["message"].startswith("You cannot remove this app's Entry Point command")
    assert emu.commands.global_commands == [entry]
    status, stored = await call(http, "PUT", path, headers=bot, json=[ping, entry])
    assert status == 200
    assert [(c["name"], c["type"]) for c in stored] == [("ping", 1), ("launch", 4)]
    assert stored[1]["id"] == entry["id"]
    guild_path = f"/api/v10/applications/{emu.application_id}/guilds/{emu.guild_id}/commands"
    status, body = await call(http, "PUT", guild_path, headers=bot, json=[entry])
    assert (status, body["code"]) == (400, 50035)


async def test_without_activities_there_is_no_entry_point(fake_discord: FakeDiscord) -> None:
    assert fake_discord.commands.global_commands == []
    fake_discord.activities.enabled = True
    assert [c["type"] for c in fake_discord.commands.global_commands] == [4]
    assert not fake_discord.commands.known()  # Discord's command, not a sync by the bot
    fake_discord.activities.enabled = False
    assert fake_discord.commands.global_commands == []


async def test_a_plain_discord_py_sync_fails_with_activities(
    emu: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the bot's sync must work around: discord.py's `tree.sync()` sends only the
    tree's commands, and Discord refuses to drop the Entry Point command."""
    with warnings.catch_warnings():  # discord.py's voice module imports the deprecated audioop
        warnings.simplefilter("ignore", DeprecationWarning)
        import discord
        from discord import app_commands

    monkeypatch.setattr(discord.http.Route, "BASE", f"{emu.url}/api/v10")
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(description="Pong")
    async def ping(interaction: discord.Interaction) -> None:
        """Never run: only synced."""

    await client.login(emu.token)
    try:
        with pytest.raises(discord.HTTPException) as refused:
            await tree.sync()
        assert refused.value.code == 50240
        assert [c["type"] for c in emu.commands.global_commands] == [4]
        # Keeping the Entry Point command in the overwrite is accepted.
        assert client.application_id is not None
        current: list[Any] = await client.http.get_global_commands(client.application_id)
        payload: list[Any] = [ping.to_dict(tree), *(c for c in current if c["type"] == 4)]
        await client.http.bulk_upsert_global_commands(client.application_id, payload)
        assert sorted(c["name"] for c in emu.commands.global_commands) == ["launch", "ping"]
    finally:
        await client.close()


async def test_the_bot_launches_the_activity(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    fake_discord.activities.enabled = True
    proc = await start_bot(ACTIVITYBOT, dev_guild=False)
    ann, bob = fake_discord.user("ann"), fake_discord.user("bob")
    general = fake_discord.channel("general")
    table = await (await ann.slash(general, "table")).message()
    click = await bob.click(table, "Open the table")
    assert await click.ack() == 12
    instance = click.launched
    assert instance is not None and instance.channel is general and instance.users == [bob]
    again = await ann.slash(general, "launch-now")
    assert await again.ack() == 12 and again.launched is instance
    assert instance.users == [bob, ann]
    assert [launch.player for launch in fake_discord.activities.launches] == [bob, ann]
    # discord.py read Discord's answer (the instance's id in `resource`).
    await fake_discord.wait_for(lambda: f"launched instance {instance.id}" in proc.log_text())
    assert fake_discord.rejected == []
    # From the App Launcher: the Entry Point command, which Discord handles itself.
    cy = fake_discord.user("cy")
    assert await cy.launch(general) is instance and cy in instance.users
    # With handler 1 the Entry Point command comes to the bot, which launches.
    entry = fake_discord.activities.entry_point()
    assert entry is not None
    entry["handler"] = 1
    dee = fake_discord.user("dee")
    assert await dee.launch(general) is instance and dee in instance.users
    assert fake_discord.activities.launches[-1].interaction is not None


async def test_launching_is_refused_without_activities(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    fake_discord.interaction_deadline = 1.0
    proc = await start_bot(ACTIVITYBOT, dev_guild=False)
    ann = fake_discord.user("ann")
    launch = await ann.slash(fake_discord.channel("general"), "launch-now")
    with pytest.raises(InteractionFailed):
        await launch.ack()
    assert [(r.status, r.code) for r in fake_discord.rejected] == [(400, 50035)]
    assert "launch refused: 50035" in proc.log_text()
    assert fake_discord.activities.instances == {}
