"""End-to-end fixtures: the Discord emulator and the real bot process (tests/fakediscord),
plus a bot whose Grass games are dealt from the stacked decks of scenario.py. Every test
that drives the bot through the emulator also checks that players read plain words
(tests/bot/plain_words.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.bot.activity_pages import build_page
from tests.bot.plain_words import developer_words, undescribed
from tests.bot.scenario import SETUP
from tests.fakediscord.fixtures import bot_process, fake_discord, start_bot  # noqa: F401


@pytest.fixture(scope="module")
def built() -> Path:
    """The Activity's page, built when missing or older than its sources (as `make test`
    builds it)."""
    return build_page()


@pytest.fixture
def setup_file(tmp_path: Path) -> Path:
    """The bot's GAME_SETUP_FILE test hook: every new Grass game uses these decks."""
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(SETUP), encoding="utf-8")
    return path


@pytest.fixture
async def stacked_bot(start_bot, setup_file):  # noqa: F811
    return await start_bot(env={"GAME_SETUP_FILE": str(setup_file), "GAME_SEED": "5"})


@pytest.fixture(autouse=True)
def plain_words(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that played through the emulator: no rule id, no "(s)" in anything
    a player was shown, and alt text on every attachment."""
    yield
    emu = getattr(request.node, "funcargs", {}).get("fake_discord")
    if emu is not None:
        found = developer_words(emu)
        assert not found, f"players were shown developer words: {found[:5]}"
        blind = undescribed(emu)
        assert not blind, f"attachments without alt text: {blind[:5]}"
