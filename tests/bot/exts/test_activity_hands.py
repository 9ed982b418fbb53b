"""The Activity's page drawing the Gracias and Graps hands (activity/src/hands/gracias.js
and graps.js), in headless Chromium beside the real bot through the emulator: each page
its own hand only, moves tapped in the page in the chat's steps and reaching the chat's
table, a move from the chat reaching the pages, key texts at least 12 px, no sideways
scroll at a phone's width. Screenshots go to gallery/activity/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.gracias import Gracias
from tests.bot.activity_pages import (
    DESKTOP,
    PHONE,
    SMALLEST_TEXT,
    WAIT_MS,
    Opened,
    activity_bot,
    all_at,
    opened_all,
)
from tests.bot.gracias_play import DECKS, SEED, open_table, play_move
from tests.bot.graps_play import MOVES as GRAPS_MOVES
from tests.bot.graps_play import ROLLS, expected_game, open_game, place_move
from tests.fakediscord.activity_browser import chromium
from tests.fakediscord.emulator import FakeDiscord

pytestmark = pytest.mark.activities  # the application has Activities enabled

GRACIAS_TEXTS = (
    ".gr-status",
    ".gr-name",
    ".gr-trio-number",
    ".activity-gr-say",
    ".activity-gr-hidden p",
    ".activity-gr-new",
    ".activity-hand button",
)
GRAPS_TEXTS = (
    ".table-graps .name",
    ".table-graps .roll",
    ".activity-gp-say",
    ".activity-gp-pick",
    ".activity-gp-picked p",
    ".activity-hand button b",
    ".activity-hand button span",
)

PRIVATE = {"hidden", "just_taken", "face_down"}
"""What only one Gracias player may see (the view's keys that hold it)."""


async def bot_with_activity(emu: FakeDiscord, start_bot, tmp_path: Path, setup: dict[str, Any]):
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(setup), encoding="utf-8")
    return await activity_bot(emu, start_bot, GAME_SETUP_FILE=str(path), GAME_SEED=str(SEED))


def keys_at(value: Any, path: str = "") -> Iterator[str]:
    """Every key of a JSON value, as its path ("you.hand.hidden")."""
    if isinstance(value, dict):
        for key, item in value.items():
            here = f"{path}.{key}" if path else key
            yield here
            yield from keys_at(item, here)
    elif isinstance(value, list):
        for item in value:
            yield from keys_at(item, path)


async def looks_right(page: Opened, more: tuple[str, ...]) -> None:
    """Every key text at least 12 px, no sideways scroll at the page's width, no error."""
    assert await page.smallest_text(more) >= SMALLEST_TEXT, page.name
    seen = await page.read()
    width = page.page.viewport_size
    assert width is not None and seen["width"] <= width["width"], page.name
    assert page.errors == [], page.name


async def test_gracias_pages_take_and_split_in_the_chats_steps(
    fake_discord, start_bot, tmp_path, built
):
    emu = fake_discord
    await bot_with_activity(emu, start_bot, tmp_path, {"gracias": {"decks": DECKS}})
    names = ("ann", "bob", "cy")
    general = emu.channel("general")
    players, table = await open_table(emu, general, names)
    reference = Gracias.from_replay(
        {"game": "gracias", "players": list(names), "seed": SEED, "decks": DECKS}
    )
    played: list[dict[str, Any]] = []
    instance = emu.activity(general)
    players["cy"].locale = "fr"  # Discord's language setting: cy's page speaks French
    async with chromium() as browser:
        screens = [(players["ann"], PHONE), (players["bob"], PHONE), (players["cy"], DESKTOP)]
        pages = await opened_all(browser, emu, instance, screens)
        await all_at(pages, 0)

        async def tapped(by: str, button: Any) -> None:
            """A move's button tapped in `by`'s page; the reference game makes it too."""
            move = json.loads(await button.get_attribute("data-move") or "{}")
            await button.click()
            played.append({"by": by, **move})
            reference.apply_json(played[-1])

        async def hidden_shown(name: str) -> list[str]:
            found = pages[name].activity.locator(".activity-gr-hidden [data-hidden]")
            return [await node.get_attribute("data-hidden") or "" for node in await found.all()]

        def hidden_of(name: str) -> list[str]:
            return [colour.id for colour in reference.view_for(name).hidden]

        # ann's turn: no hidden card yet, the trios she may take tappable in the
        # table and as buttons in the chat's words; the others' pages offer nothing.
        ann = pages["ann"].activity
        trios = [trio.number for trio in reference.public_view().trios]
        assert await ann.locator("#board .gr-trio.activity-takeable").count() == len(trios)
        takes = await ann.locator(".activity-gr-take").all_text_contents()
        assert len(takes) == len(trios)
        first = reference.public_view().trios[0]
        assert takes[0] == "Take trio 1: {} + a face-down card".format(
            " + ".join(f"{colour.symbol} {colour.id}" for colour in first.face_up)
        )
        for name in names:
            assert await hidden_shown(name) == hidden_of(name), name
            assert hidden_of(name) == []  # the dealt cards are in the reserve (C4)
            hidden_line = pages[name].activity.locator(".activity-gr-hidden p")
            assert await hidden_line.text_content() == (
                "Cartes cachées (invisibles pour les autres)\u00a0: aucune"
                if name == "cy"
                else "Hidden cards (only you see them): none"
            ), name
        for name in ("bob", "cy"):
            others = pages[name].activity
            assert await others.locator(".activity-takeable, .activity-hand button").count() == 0
        for page in pages.values():
            await looks_right(page, GRACIAS_TEXTS)
        await pages["ann"].shoot("gracias-phone-ann-turn")
        await pages["cy"].shoot("gracias-desktop-cy")

        # ann taps trio 1 on the table: she sees its face-down card, marked new, and
        # the chat's keep/give choice; the chat's table says she is choosing.
        await ann.locator("#board .gr-trio[data-trio='1']").click()
        played.append({"by": "ann", "trio": 1})
        reference.apply_json(played[-1])
        await all_at(pages, 1)
        await table.wait_until(lambda m: "ann took trio 1" in m.text)
        just = reference.view_for("ann").just_taken
        assert just is not None
        said = await ann.locator(".activity-gr-say").first.text_content()
        assert said == (
            f"You took trio 1: its face-down card is {just.symbol} {just.id} (now one of your "
            "hidden cards)."
        )
        assert await hidden_shown("ann") == hidden_of("ann")
        assert await ann.locator(".activity-gr-hidden [data-new=true]").count() == 1
        gives = ann.locator(".activity-gr-give button")
        splits = [a.to_json() for a in reference.legal_actions("ann")]
        assert len(splits) == await gives.count()
        assert all(text.startswith("Give ") for text in await gives.all_text_contents())
        assert await ann.locator("#board .activity-takeable").count() == 0
        await looks_right(pages["ann"], GRACIAS_TEXTS)
        await pages["ann"].shoot("gracias-phone-ann-split")

        # ann gives; bob's turn: he takes by his button and gives, all from his page.
        await tapped("ann", gives.first)
        await all_at(pages, 2)
        await table.wait_until(lambda m: f"{players['bob'].mention}, your turn" in m.text)
        bob = pages["bob"].activity
        take = bob.locator(".activity-gr-take").last
        await tapped("bob", take)
        await all_at(pages, 3)
        assert await hidden_shown("bob") == hidden_of("bob")
        await looks_right(pages["bob"], GRACIAS_TEXTS)
        await pages["bob"].shoot("gracias-phone-bob-split")
        give = bob.locator(".activity-gr-give button").last
        await tapped("bob", give)
        await all_at(pages, 4)

        # cy plays from the chat: the pages follow, hers with the card she took.
        assert reference.awaiting == ("cy",)
        take_move = {"by": "cy", "trio": reference.trio_takes("cy")[0].trio}
        await play_move(emu, players, 4, take_move)
        reference.apply_json(take_move)
        await all_at(pages, 5)
        assert await hidden_shown("cy") == hidden_of("cy")
        said = await pages["cy"].activity.locator(".activity-gr-say").first.text_content()
        assert (said or "").startswith(f"Tu as pris le trio {take_move['trio']}\u00a0:"), said
        await pages["cy"].shoot("gracias-desktop-cy-split")
        split = reference.legal_actions("cy")[0].to_json()
        await play_move(emu, players, 5, split)
        reference.apply_json(split)
        await all_at(pages, 6)

        # Each page and every frame it got: its own hidden cards only, as the game's.
        for name, page in pages.items():
            assert await hidden_shown(name) == hidden_of(name), name
            states = [frame for frame in page.frames if frame["op"] == "state"]
            assert [state["game"]["version"] for state in states] == list(range(7)), name
            for state in states:
                private = {key for key in keys_at(state) if key.split(".")[-1] in PRIVATE}
                assert private <= {"you.hand.hidden", "you.hand.just_taken"}, (name, private)
                assert state["you"]["hand"]["player"] == name
            await looks_right(page, GRACIAS_TEXTS)


async def test_graps_pages_place_on_tapped_cells(fake_discord, start_bot, tmp_path, built):
    emu = fake_discord
    await bot_with_activity(emu, start_bot, tmp_path, {"graps": {"rolls": ROLLS}})
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    instance = emu.activity(general)
    async with chromium() as browser:
        pages = await opened_all(browser, emu, instance, [(ann, PHONE), (bob, PHONE)])
        await all_at(pages, 0)

        async def dotted(name: str) -> set[str]:
            cells = pages[name].activity.locator("#board [data-legal-cell]")
            return {await cell.get_attribute("data-legal-cell") or "" for cell in await cells.all()}

        # ann's set-up grape: row 1 dotted on her board only, a button per cell.
        assert await dotted("ann") == set(expected_game(0).legal_cells())
        assert len(await dotted("ann")) == 15
        assert await dotted("bob") == set()
        ann_page = pages["ann"].activity
        assert await ann_page.locator(".activity-gp-cells button").count() == 15
        assert await ann_page.locator(".activity-gp-say").text_content() == (
            "Your move: place your set-up grape anywhere on row 1."
        )
        assert await pages["bob"].activity.locator(".activity-gp-say").text_content() == (
            "Waiting for ann"
        )
        for page in pages.values():
            await looks_right(page, GRAPS_TEXTS)
        await pages["ann"].shoot("graps-phone-ann-turn")

        # A tap on the board picks the cell and asks first; Back sends nothing.
        cell = GRAPS_MOVES[0]["place"]
        await ann_page.locator(f"#board [data-legal-cell={cell}]").click()
        sure = ann_page.locator(".activity-gp-sure")
        await sure.wait_for(timeout=WAIT_MS)
        assert await sure.text_content() == f"Place your grape on {cell}"
        assert await ann_page.locator(f"#board .picked[data-legal-cell={cell}]").count() == 1
        await looks_right(pages["ann"], GRAPS_TEXTS)
        await pages["ann"].shoot("graps-phone-ann-picked")
        sent = len(pages["ann"].frames)
        await ann_page.locator(".activity-gp-picked .activity-back").click()
        await sure.wait_for(state="detached", timeout=WAIT_MS)
        assert len(pages["ann"].frames) == sent
        await ann_page.locator(f"#board [data-legal-cell={cell}]").click()
        await sure.click()
        await all_at(pages, 1)
        await table.wait_until(lambda m: f"ann placed a grape at {cell}" in m.text)

        # bob taps his cell's button; then ann places a blank from the board.
        bob_page = pages["bob"].activity
        assert await dotted("bob") == set(expected_game(1).legal_cells())
        await bob_page.locator(
            f".activity-gp-cells button[data-cell={GRAPS_MOVES[1]['place']}]"
        ).click()
        await all_at(pages, 2)
        await table.wait_until(
            lambda m: f"bob placed a grape at {GRAPS_MOVES[1]['place']}" in m.text
        )
        assert await dotted("ann") == set(expected_game(2).legal_cells())
        assert await dotted("bob") == set()
        said = await ann_page.locator(".activity-gp-say").text_content() or ""
        assert said.startswith("You rolled a blank: ")
        cell = GRAPS_MOVES[2]["place"]
        note = ann_page.locator(f".activity-gp-cells button[data-cell={cell}] span")
        assert await note.text_content() == f"a blank on row {cell[1:]}"
        await looks_right(pages["ann"], GRAPS_TEXTS)
        await pages["ann"].shoot("graps-phone-ann-blank")
        await ann_page.locator(f"#board [data-legal-cell={cell}]").click()
        await ann_page.locator(".activity-gp-sure").click()
        await all_at(pages, 3)
        await table.wait_until(lambda m: f"ann placed a blank at {cell}" in m.text)

        # bob's turn on a desktop's panel, then he places from his DM: the pages follow.
        await pages["bob"].page.set_viewport_size(DESKTOP)
        assert await dotted("bob") == set(expected_game(3).legal_cells())
        await looks_right(pages["bob"], GRAPS_TEXTS)
        await pages["bob"].shoot("graps-desktop-bob-turn")
        await place_move(emu, {"ann": ann, "bob": bob}, 3)
        await all_at(pages, 4)
        assert await dotted("ann") == set(expected_game(4).legal_cells())
        assert await dotted("bob") == set()
        for page in pages.values():
            await looks_right(page, GRAPS_TEXTS)
