"""The Activity's page in headless Chromium for the tests (tests/bot/exts/test_activity*.py):
one player's page inside the emulator's fake Discord client (`opened`), what it shows
(`Opened.read`), the websocket frames it got, its connection held back or cut, its
screenshots in gallery/activity/, and the page built as `make test` builds it."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from playwright.async_api import (
    Browser,
    ConsoleMessage,
    FrameLocator,
    Page,
    ViewportSize,
    WebSocketRoute,
)

from tests.fakediscord.activity_browser import activity_frame
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.players import Player

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "activity" / "build.py"
PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1024, "height": 640}
WAIT_MS = 20_000
SMALLEST_TEXT = 12.0
"""CSS pixels: the least a phone's reader reads comfortably (render/measure.py)."""
KEY_TEXTS = (
    ".grass-status",
    ".grass-name",
    ".grass-total",
    ".grass-facts",
    ".grass-deck figcaption",
    ".activity-hand h2",
    ".activity-name",
    ".activity-card button",
    ".activity-waiting",
    ".activity-recent li",
)


def build_page() -> Path:
    """The page, built when missing or older than its sources (as `make test` does)."""
    done = subprocess.run(
        [sys.executable, str(BUILD)], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return ROOT / "activity" / "dist"


async def activity_bot(emu: FakeDiscord, start_bot: Any, **env: str) -> Any:
    """The real bot with its Activity's server on a free port (and `env`'s settings),
    the emulator's Activities sending the pages to it."""
    settings = {"ACTIVITY_PORT": "0", "DISCORD_CLIENT_SECRET": emu.client_secret, **env}
    bot = await start_bot(dev_guild=False, env=settings)
    emu.activities.target = activity_address(bot.log_text())
    return bot


def activity_address(log: str) -> str:
    """Where the bot's Activity server listens: the last the log says (a restarted bot
    listens on a new free port)."""
    found = re.findall(r"the Activity's server on (http://\S+)", log)
    assert found, "the bot did not say where its Activity's server is"
    return str(found[-1])


class Opened:
    """One player's Activity in the browser: the page, the Activity inside it, the
    websocket frames it got and the errors it had."""

    def __init__(self, page: Page, name: str) -> None:
        self.page, self.name = page, name
        self.activity: FrameLocator = activity_frame(page)
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._said)
        self.sockets: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        self.held: list[str | bytes] | None = None
        """The server's frames kept from the page while it is held back."""

    async def through(self, socket: WebSocketRoute) -> None:
        """The page's websocket, passed to the server as it is, each frame the server
        sends kept (and the socket kept, for the test to cut it)."""
        server = socket.connect_to_server()

        def heard(message: str | bytes) -> None:
            self._heard(message)
            if self.held is not None:
                self.held.append(message)
            else:
                socket.send(message)

        server.on_message(heard)
        self.sockets.append((socket, server))

    def hold(self) -> None:
        """The page gets nothing more from the server, as on a slow network..."""
        self.held = []

    def release(self, first: str | None = None) -> None:
        """...until now: everything it missed arrives, in order, or with the frames of
        op `first` ahead of the others (as a busy server may send them)."""
        held, self.held = self.held or [], None
        if first is not None:
            held.sort(key=lambda message: json.loads(message)["op"] != first)
        for message in held:
            self.sockets[-1][0].send(message)

    def holding(self, op: str, version: int | None = None) -> bool:
        """Whether a frame of `op` (and of the game's `version`) is held back."""
        for message in self.held or []:
            frame = json.loads(message)
            if frame["op"] == op and version in (None, frame.get("game", {}).get("version")):
                return True
        return False

    async def cut(self) -> None:
        """The connection drops, as a phone's network does."""
        socket, server = self.sockets[-1]
        await server.close()
        await socket.close()

    def _said(self, said: ConsoleMessage) -> None:
        # The fake Discord page asks for an icon its origin (the Activity's) has not.
        if said.type == "error" and not said.location["url"].endswith("/favicon.ico"):
            self.errors.append(f"{said.text} at {said.location}")

    def _heard(self, payload: str | bytes) -> None:
        self.frames.append(json.loads(payload))

    async def at(self, version: int) -> None:
        """Waits for the page to show the table of `version`."""
        shown = self.activity.locator(f"body[data-state=live][data-version='{version}']")
        try:
            await shown.wait_for(timeout=WAIT_MS)
        except Exception:
            body = self.activity.locator("body")
            raise AssertionError(
                f"{self.name}'s page, waited for version {version}:"
                f" {await body.get_attribute('data-state')}, version"
                f" {await body.get_attribute('data-version')}, frames"
                f" {[(f['op'], f.get('game', {}).get('version')) for f in self.frames[-4:]]},"
                f" {await self.activity.locator('#note').text_content()!r}; errors {self.errors}"
            ) from None

    async def reached(self, version: int) -> int:
        """Waits for the page to show the table of `version` or a later one, live;
        returns the version it shows."""
        body = self.activity.locator("body")
        for _ in range(WAIT_MS // 20):
            if await body.get_attribute("data-state") == "live":
                shown = int(await body.get_attribute("data-version") or -1)
                if shown >= version:
                    return shown
            await asyncio.sleep(0.02)
        await self.at(version)  # says what the page shows instead
        raise AssertionError(f"{self.name}'s page did not reach version {version}")

    async def read(self) -> dict[str, Any]:
        """What the page shows: the table's seats and cards, the hand's cards, its moves."""
        found: dict[str, Any] = await self.activity.locator("body").evaluate(
            """(body) => {
              const all = (selector) => [...body.querySelectorAll(selector)];
              return {
                seats: all(".activity-table [data-seat]").map((node) => node.dataset.seat),
                status: (body.querySelector(".grass-status") || {}).textContent,
                cards: all("[data-card]").map((node) => node.dataset.card),
                hand: all(".activity-card").map((node) => node.dataset.card),
                moves: all(".activity-hand button[data-move]")
                  .map((node) => JSON.parse(node.dataset.move)),
                width: document.scrollingElement.scrollWidth,
                note: body.querySelector("#note").textContent,
              };
            }"""
        )
        return found

    async def smallest_text(self, more: tuple[str, ...] = ()) -> float:
        """The smallest size of the key texts shown (`KEY_TEXTS`, and `more`)."""
        sizes: list[float] = await self.activity.locator("body").evaluate(
            """(body, selectors) => selectors.flatMap((selector) =>
                 [...body.querySelectorAll(selector)]
                   .filter((node) => node.getClientRects().length && node.textContent.trim())
                   .map((node) => parseFloat(getComputedStyle(node).fontSize)))""",
            [*KEY_TEXTS, *more],
        )
        assert sizes, "no key text found"
        return min(sizes)

    async def shoot(self, name: str) -> None:
        """The screen as the player sees it, and, when the page is taller than the
        screen, scrolled to its foot too (name-end.png)."""
        base = Path(os.environ.get("GALLERY_DIR", ROOT / "gallery"))
        place = base / "activity"
        place.mkdir(parents=True, exist_ok=True)
        await self.page.screenshot(path=str(place / f"{name}.png"))
        body = self.activity.locator("body")
        scrolled = await body.evaluate(
            """() => { const page = document.scrollingElement;
                       page.scrollTop = page.scrollHeight; return page.scrollTop; }"""
        )
        if scrolled:
            await self.page.screenshot(path=str(place / f"{name}-end.png"))
            await body.evaluate("() => { document.scrollingElement.scrollTop = 0; }")


async def opened(browser: Browser, emu: FakeDiscord, player: Player, instance: Any, size):
    page = await browser.new_page(viewport=size)
    shown = Opened(page, player.name)
    await page.route_web_socket(re.compile(r"/api/ws$"), shown.through)
    platform = "mobile" if size is PHONE else "desktop"
    await page.goto(emu.parent_url(player, instance, platform=platform))
    return shown


async def opened_all(
    browser: Browser, emu: FakeDiscord, instance: Any, screens: Sequence[tuple[Player, Any]]
) -> dict[str, Opened]:
    """Each player's Activity opened at their screen's size, by name."""
    return {
        player.name: await opened(browser, emu, player, instance, size) for player, size in screens
    }


async def all_at(pages: Mapping[str, Opened], version: int) -> None:
    """Waits for every page to show the table of `version`."""
    for page in pages.values():
        await page.at(version)


def states_of(opened: Opened) -> list[dict[str, Any]]:
    """The states the page's server sent it, in order."""
    return [frame for frame in opened.frames if frame["op"] == "state"]


def held_in(state: dict[str, Any]) -> str:
    """A state's table, own part and last actions as JSON, to look for cards in: less
    `menus`, the names of the cards its player may ask for (worked out from their own
    view, as the chat's menu is), which names every card and holds none."""
    you = {part: value for part, value in state["you"].items() if part != "menus"}
    return json.dumps({"table": state["table"], "you": you, "recent": state["recent"]})


def hand_of(opened: Opened) -> list[str]:
    """The hand of the page's last state, as the server sent it."""
    states = [frame for frame in opened.frames if frame["op"] == "state"]
    return list(states[-1]["you"]["hand"]["hand"])
