"""The emulator's fake Discord parent page in headless Chromium: a test Activity, served
through the emulator's proxy origin as Discord serves Activities, completes the SDK's
handshake, AUTHORIZE, the code exchange at its own server (with the client secret),
AUTHENTICATE and its server's websocket: once speaking the protocol by hand, once with
Discord's Embedded App SDK itself (bundled by esbuild from npm; skipped when npm cannot
fetch it)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, ViewportSize

from tests.emulator.activity_app import ActivityServer, sdk_bundle
from tests.fakediscord import FakeDiscord
from tests.fakediscord.activity_browser import activity_frame, chromium

PHONE: ViewportSize = {"width": 360, "height": 740}
WAIT_MS = 15_000


@pytest.fixture
async def emu() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(activities=True) as started:
        yield started


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as started:
        yield started


@pytest.fixture(scope="module")
def bundle() -> Path:
    built, why = sdk_bundle()
    if built is None:
        pytest.skip(why)
    return built


async def test_the_handshake_by_hand(emu: FakeDiscord, browser: Browser) -> None:
    ann = emu.user("ann")
    instance = emu.activity(emu.voice_channel("table"))
    async with ActivityServer(emu) as server:
        emu.activities.target = server.url
        page = await browser.new_page(viewport=PHONE)
        await page.goto(emu.parent_url(ann, instance, platform="mobile", path="/raw.html"))
        activity = activity_frame(page)
        body = activity.locator("body")
        await activity.locator("body[data-state=authenticated]").wait_for(timeout=WAIT_MS)
        assert await body.get_attribute("data-ready-user") == "ann"
        assert await activity.locator("#user").text_content() == "ann"
        assert await activity.locator("#scopes").text_content() == "identify guilds"
        assert await activity.locator("#socket").text_content() == "ann"  # the proxied socket
        assert server.exchanged == ["ann"]
    [frame] = emu.activities.frames
    assert frame.player is ann and frame.instance is instance and frame.platform == "mobile"
    assert [cmd for cmd, _ in frame.commands] == ["AUTHORIZE", "AUTHENTICATE"]
    assert instance.users == [ann]  # opening the Activity joined it
    src = await page.locator("#activity").get_attribute("src")
    assert src is not None and f"instance_id={instance.id}" in src
    assert f"channel_id={instance.channel.id}" in src and f"guild_id={emu.guild_id}" in src


async def test_the_real_sdk(emu: FakeDiscord, browser: Browser, bundle: Path) -> None:
    ann, bob = emu.user("ann"), emu.user("bob")
    instance = emu.activity(emu.channel("general"))
    bob.join_activity(instance)
    async with ActivityServer(emu, sdk_bundle=bundle) as server:
        emu.activities.target = server.url
        page = await browser.new_page(viewport=PHONE)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(emu.parent_url(ann, instance, platform="mobile", path="/sdk.html"))
        activity = activity_frame(page)
        state = activity.locator("body")
        try:
            await activity.locator("body[data-state=authenticated]").wait_for(timeout=WAIT_MS)
        except Exception:
            raise AssertionError(
                f"the page: {await state.get_attribute('data-state')},"
                f" {await state.get_attribute('data-error')}; errors {errors}"
            ) from None
        assert await activity.locator("#user").text_content() == "ann"
        assert await activity.locator("#participants").text_content() == "bob ann"
        assert await activity.locator("#socket").text_content() == "ann"
        # Discord tells the page who comes and goes (the event it subscribed to).
        emu.user("cy").join_activity(instance)
        await activity.locator("body[data-updates='1']").wait_for(timeout=WAIT_MS)
        assert await activity.locator("#participants").text_content() == "bob ann cy"
    [frame] = emu.activities.frames
    commands = [cmd for cmd, _ in frame.commands if cmd != "CAPTURE_LOG"]
    assert commands == [
        "AUTHORIZE",
        "AUTHENTICATE",
        "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS",
        "SUBSCRIBE",
    ]
    # After READY the SDK forwards the page's console to Discord.
    assert ("log", f"ready in instance {instance.id}") in frame.logs
    assert errors == []
