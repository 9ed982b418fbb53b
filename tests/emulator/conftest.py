"""Fixtures for the emulator's tests: the shared ones, and the tiny bot started and ready."""

from __future__ import annotations

import pytest

from tests.fakediscord import BotProcess
from tests.fakediscord.fixtures import StartBot, bot_process, fake_discord, start_bot

__all__ = ["bot_process", "fake_discord", "start_bot", "tinybot"]

TINYBOT = "tests.emulator.tinybot"


@pytest.fixture
async def tinybot(start_bot: StartBot) -> BotProcess:
    return await start_bot(TINYBOT)
