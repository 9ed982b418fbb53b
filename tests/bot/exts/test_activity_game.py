"""A whole Grass game in the Activity: ann, bob and cy on phones (360 x 740) and a
computer player, dee watching on a desktop (1024 x 640), the real bot in the emulator,
the pages in headless Chromium. Most moves are tapped in the pages, every third of
bob's through his DM, as a table mixing the two would. The bot is restarted mid-game:
each page reconnects and shows the table as it stands. At each of their moments the
player's DM offers the moves their page offers, and the channel's table says whose turn
it is; at the end the chat's table says the game is over, and the game's record (its
export, as a player gets it) holds every move made once, no more. Every state a page
got is exactly the game's public view and its own player's view at that version,
replayed from the record: nobody's page ever held another player's card."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.exts.grass.trade import could_hold
from games.grass import GrassPlayerView
from games.replay import header_of
from games.takeback import Replayer
from lang import speaking
from render.web import plain
from tests.bot.activity_pages import (
    DESKTOP,
    PHONE,
    SMALLEST_TEXT,
    WAIT_MS,
    Opened,
    activity_address,
    activity_bot,
    all_at,
    opened,
    states_of,
)
from tests.bot.table import has_version, pick, polled
from tests.fakediscord.activity_browser import chromium
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player

pytestmark = pytest.mark.activities  # the application has Activities enabled


PEOPLE = ("ann", "bob", "cy")
ENV = {"AI_DELAY": "0.01", "GAME_SEED": "11"}
RESTART_AT = 12
"""The version after which the bot is restarted."""
MOST_MOVES = 900
"""A game that has not ended by then is stuck."""
ASKED = {"market_close", "utterly_wiped_out"}
"""Cards the page (as the chat) asks about before playing."""


def chosen(legal: list[dict[str, Any]], hand: dict[str, Any]) -> dict[str, Any]:
    """A plain player's move: the card to pass; else a peddle or a card that helps, the
    first one the list has; Market Close once their stash holds two peddles; else a
    discard. Never Utterly Wiped Out (it would cost them everything)."""
    passes = [action for action in legal if "pass" in action]
    if passes:
        return passes[0]
    plays = [action for action in legal if "play" in action and action["play"] not in ASKED]
    mine = next(seat for seat in hand["public"]["seats"] if seat["name"] == hand["name"])
    closing = [action for action in legal if action.get("play") == "market_close"]
    if closing and (len(mine["stash"]) >= 2 or not plays):
        return closing[0]
    if plays:
        return plays[0]
    discards = [action for action in legal if "discard" in action]
    return discards[0] if discards else legal[0]


def moment_dm(player: Player, version: int) -> Message | None:
    """The player's DM holding controls drawn for `version`, if they have one."""
    return next((m for m in reversed(player.dm_messages()) if has_version(m, version)), None)


def without_by(action: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in action.items() if key != "by"}


@dataclass
class Table:
    """The game as the test plays it: the players, their pages, the chat's table, the
    moves sent (the version each was sent at, who, what, and how)."""

    emu: FakeDiscord
    players: dict[str, Player]
    pages: dict[str, Opened]
    table: Message
    sent: list[tuple[int, str, dict[str, Any], str]] = field(default_factory=list)
    dm_checks: int = 0
    table_checks: int = 0

    def newest(self) -> tuple[int, str]:
        last = [states_of(page)[-1] for page in self.pages.values()]
        top = max(state["game"]["version"] for state in last)
        status = next(state["game"]["status"] for state in last if state["game"]["version"] == top)
        return top, status

    def mover(self) -> tuple[str, dict[str, Any]] | None:
        """Someone whose page, at the newest version, has a move; or ("", state) once
        the game is over."""
        top, status = self.newest()
        for name, page in self.pages.items():
            state = states_of(page)[-1]
            if state["game"]["version"] != top:
                continue
            if status != "running":
                return "", state
            legal = [a for a in state["you"]["legal"] or [] if "leave" not in a]
            if legal:
                return name, state
        return None

    async def play(self, until: int | None = None) -> None:
        """Moves until the game is over, or its version reaches `until`."""
        while True:
            found = await polled(self.mover, "someone's moment, or the end", timeout=30)
            name, state = found
            version = state["game"]["version"]
            if not name or (until is not None and version >= until):
                return
            assert version < MOST_MOVES, "the game does not end"
            await self.move(name, state)

    async def tap(self, page: Opened, action: dict[str, Any], version: int) -> bool:
        """Taps the move's button in the page (and confirms a card the page asks
        about); False when the page shows a later version first."""
        written = json.dumps(action, separators=(",", ":"))
        button = page.activity.locator(f".activity-hand button[data-move='{written}']").first
        for _ in range(WAIT_MS // 50):
            if states_of(page)[-1]["game"]["version"] > version:
                return False
            if await enabled(button):
                await button.click()
                if action.get("play") in ASKED:
                    await page.activity.locator(".activity-question button.activity-danger").click()
                return True
            await asyncio.sleep(0.05)
        raise AssertionError(
            f"{page.name}'s move {written} at {version} cannot be tapped: {frames_told(page)};"
            f" moves sent {self.sent[-6:]}"
        )

    async def move(self, name: str, state: dict[str, Any]) -> None:
        page, player = self.pages[name], self.players[name]
        version = state["game"]["version"]
        legal = [without_by(a) for a in state["you"]["legal"] if "leave" not in a]
        action = chosen(legal, state["you"]["hand"])
        if await page.reached(version) > version:
            return  # the game moved on meanwhile (a computer's pass): look again
        # The chat is in step: the player's DM holds this moment's controls, offering
        # the cards the page offers.
        dm = await self.emu.wait_for(
            lambda: moment_dm(player, version) or states_of(page)[-1]["game"]["version"] > version,
            what=f"{name}'s DM at version {version}",
        )
        if dm is True:
            return  # the game moved on meanwhile (the computer's pass): look again
        for select in dm.selects():
            verb = select.custom_id.split(":")[3]
            if verb in ("discard", "pass"):
                offered = {action[verb] for action in legal if verb in action}
                assert set(select.values) == offered, (name, version, verb)
                assert offered <= set(state["you"]["hand"]["hand"])
                self.dm_checks += 1
        if not any("pass" in action for action in legal):
            # ...and so is the channel's table: it says whose turn it is.
            await self.emu.wait_for(
                lambda: (
                    f"{player.mention}, your turn" in self.table.text
                    or f"{player.mention}, your extra turn" in self.table.text
                    or states_of(page)[-1]["game"]["version"] > version
                ),
                what=lambda: (
                    f"the table saying it is {name}'s turn at {version}: {self.table.text!r}"
                ),
            )
            self.table_checks += 1
        frames = len(page.frames)
        bobs = sum(1 for _, who, _, _ in self.sent if who == "bob")
        # Through the DM: a plain card played or discarded (a pass, which everyone makes
        # at once, stays in the pages, where a refusal is seen).
        plain_card = not ({"target", "cover", "pass"} & action.keys())
        if name == "bob" and bobs % 3 == 2 and plain_card:
            verb = next(key for key in ("play", "discard", "pass") if key in action)
            await pick(self.emu, player, version, verb, action[verb], where=dm)
            how = "dm"
        else:
            if not await self.tap(page, action, version):
                return  # the game moved on meanwhile: look again
            how = "page"
        self.sent.append((version, name, action, how))

        before = state["you"]["legal"]

        def answered() -> bool:
            """The move refused, or made: the player's own moves changed (a state of
            another's move, in a pass everyone makes at once, leaves them as they were)."""
            return any(
                f["op"] == "refused"
                or (
                    f["op"] == "state"
                    and f["game"]["version"] > version
                    and f["you"]["legal"] != before
                )
                for f in page.frames[frames:]
            )

        await polled(answered, f"{name}'s move at {version} answered", timeout=WAIT_MS / 1000)


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)


def reconnected(page: Opened, sockets: int) -> Callable[[], bool]:
    return lambda: len(page.sockets) > sockets


def showing_game(page: Opened, game_id: int) -> Callable[[], bool]:
    return lambda: states_of(page)[-1]["game"]["id"] == game_id


async def enabled(button: Any) -> bool:
    return bool(await button.count()) and bool(await button.is_enabled(timeout=1000))


def frames_told(page: Opened) -> str:
    """The page's last frames, for a failure's message."""
    told = []
    for frame in page.frames[-8:]:
        you = frame.get("you") or {}
        legal = [a for a in you.get("legal") or [] if "leave" not in a]
        told.append((frame["op"], frame.get("game", {}).get("version"), frame.get("reason"), legal))
    return repr(told)


def own_part(view: GrassPlayerView) -> dict[str, Any]:
    """What a page gets from its player's own view: the view, and the cards the chat's
    trade menu lets them ask for (every card with a copy out of their sight)."""
    return {"hand": plain(view), "menus": {"ask": [card.value for card in could_hold(view)]}}


def replayed_views(record: dict[str, Any]) -> dict[int, tuple[Any, dict[str, Any]]]:
    """Each version of the game: its public view and each person's own part (made
    plain, in English), as the pages get them."""
    replayer = Replayer(header_of(record))
    views: dict[int, tuple[Any, dict[str, Any]]] = {}

    def seen() -> None:
        game = replayer.game
        with speaking("en"):
            views[game.moves] = (
                plain(game.public_view()),
                {name: own_part(game.view_for(name)) for name in PEOPLE},
            )

    seen()
    for action in record["actions"]:
        replayer.apply(action)
        seen()
    return views


async def test_three_phones_and_a_computer_play_a_whole_game_beside_the_chat(
    fake_discord, start_bot, built
):
    emu = fake_discord
    bot = await activity_bot(emu, start_bot, **ENV)
    players = {name: emu.user(name) for name in PEOPLE}
    ann = players["ann"]
    general = emu.channel("general")
    table = await (await ann.slash(general, "grass start", target=25000)).message()
    for name in ("bob", "cy"):
        await (await players[name].click(table, "Join")).ack()
    await (await ann.click(table, "Add AI (easy)")).ack()
    await table.wait_until(lambda m: "4 of 2 to 6" in m.text)
    await (await ann.click(table, "Start")).ack()
    instance = emu.activity(general)
    dee = emu.user("dee")  # watches on a desktop, without a seat
    async with chromium() as browser:
        pages = {
            name: await opened(browser, emu, players[name], instance, PHONE) for name in PEOPLE
        }
        pages["dee"] = await opened(browser, emu, dee, instance, DESKTOP)
        await all_at(pages, 0)
        game = Table(emu, players, pages, table)
        await game.play(until=RESTART_AT)

        # The bot restarts: every page says its connection dropped, connects to the new
        # process and shows the table as it stands.
        version, _ = game.newest()
        before = {name: len(page.sockets) for name, page in pages.items()}
        bot = await bot.restart()
        emu.activities.target = activity_address(bot.log_text())
        for name, page in pages.items():
            await polled(reconnected(page, before[name]), f"{name}'s page connected again")
            await page.at(version)
            assert states_of(page)[-1]["game"]["version"] == version
            # While the bot was away, the page's attempts to connect failed (Discord's
            # proxy answers 502): the browser logs each, and nothing else went wrong.
            assert all("502" in error for error in page.errors), page.errors
            page.errors.clear()
        await pages["cy"].shoot("grass-phone-cy-after-restart")

        await game.play()
        await pages["ann"].shoot("grass-phone-ann-game-over")
        await pages["dee"].shoot("grass-desktop-dee-game-over")
        for name, page in pages.items():
            assert await page.smallest_text() >= SMALLEST_TEXT, name
            width = DESKTOP["width"] if name == "dee" else PHONE["width"]
            assert (await page.read())["width"] <= width, name
            assert page.errors == [], name
        final, status = game.newest()
        assert status == "finished"
        winners = states_of(pages["ann"])[-1]["table"]["winners"]
        await table.wait_until(lambda m: "Game over" in m.text)
        assert winners and all(winner in table.text for winner in winners)

        # The record, as a player exports it.
        exported = await (await ann.slash(general, "grass export")).message()
        record = json.loads(exported.attachments[0].data)

        # The channel's next game: the pages follow it, each with its own new hand.
        again = await (await ann.slash(general, "grass start", target=25000)).message()
        for name in ("bob", "cy"):
            await (await players[name].click(again, "Join")).ack()
        await (await ann.click(again, "Start")).ack()
        for name, page in pages.items():
            await polled(showing_game(page, 2), f"{name}'s page on the next game")
            await page.at(0)
            newest = states_of(page)[-1]
            if name != "dee":
                assert newest["you"]["seat"] == name and newest["you"]["hand"]["hand"]
            assert (await page.read())["seats"] == list(PEOPLE), name
        assert [f["op"] for f in pages["bob"].frames if f["op"] == "welcome"] == ["welcome"] * 3
        await pages["bob"].shoot("grass-phone-bob-next-game")

    # The record holds every move made, once, in the order each player made them: all
    # but those the bot refused (a page that a computer's pass had overtaken).
    actions = record["actions"]
    assert len(actions) == final
    for name in PEOPLE:
        made = [move for _, who, move, _ in game.sent if who == name]
        recorded = [without_by(a) for a in actions if a["by"] == name]
        refused = sum(1 for f in pages[name].frames if f["op"] == "refused")
        assert len(made) - len(recorded) == refused, name
        assert is_subsequence(recorded, made), name
    assert {how for _, _, _, how in game.sent} == {"page", "dm"}
    assert game.dm_checks >= len(game.sent)
    assert game.table_checks >= len(game.sent) // 2
    assert any(a["by"] not in PEOPLE for a in actions), "the computer played"

    # Every state each page got is the table's public view and its own player's view
    # at that version: 0 private cards of anyone else.
    views = replayed_views(record)
    for name, page in pages.items():
        states = [state for state in states_of(page) if state["game"]["id"] == 1]
        assert len({s["game"]["version"] for s in states}) >= 2
        for state in states:
            public, own = views[state["game"]["version"]]
            assert state["table"] == public, (name, state["game"]["version"])
            if name == "dee":  # an onlooker: the public view only
                assert state["you"] == {"seat": None, "hand": None, "legal": None, "menus": None}
                continue
            for part in ("hand", "menus"):
                assert state["you"][part] == own[name][part], (name, state["game"]["version"])
            assert state["you"]["seat"] == name
